// Command peers times cubecensus's two-phase solver and the peers' on the
// same cubes, one thread each, tables loaded before the clock, rounds
// alternating (cubecensus, then each peer, then again), and checks every
// solution a program prints by applying it to its cube. scripts/peers/compare.sh
// builds the peers from their checkouts and runs it.
//
// How each is timed, tables excluded:
//   - cubecensus: in this process, the tables loaded and one cube solved
//     first, each cube timed alone;
//   - rob-twophase: its own time for each cube ("0.42ms"), which starts
//     after the facelets are read (one process a round, tables built in its
//     folder on its first run);
//   - cube20src's twophase: the wall time of the round's cubes less that of
//     one cube (start-up and loading its tables), as it reports no time per
//     cube;
//   - min2phase: its own time for each cube in Time.java, after a pass that
//     warms the Java virtual machine.
//
// Usage:
//
//	peers -cubes FILE -max-length 20 -rounds 3 [-rob BIN] [-cube20src BIN] [-min2phase CLASSES]
//
// FILE holds facelet strings, one a line (scripts/randomcubes).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/solver"
)

func main() {
	cubesFile := flag.String("cubes", "", "a file of facelet strings, one a line")
	maxLength := flag.Int("max-length", 20, "stop at the first solution of at most this many face turns")
	rounds := flag.Int("rounds", 3, "rounds, each program once a round")
	rob := flag.String("rob", "", "rob-twophase's binary (built with its tables' folder beside it)")
	c20 := flag.String("cube20src", "", "cube20src's twophase binary")
	m2p := flag.String("min2phase", "", "a folder of min2phase's classes and Time.class")
	flag.Parse()
	if *cubesFile == "" {
		fail("-cubes: give a file of facelet strings")
	}
	cubes, err := readCubes(*cubesFile)
	if err != nil {
		fail("%v", err)
	}
	programs := []program{{name: "cubecensus", run: ours()}}
	if *rob != "" {
		programs = append(programs, program{name: "rob-twophase", run: robTwophase(*rob)})
	}
	if *c20 != "" {
		programs = append(programs, program{name: "cube20src twophase", run: cube20src(*c20)})
	}
	if *m2p != "" {
		programs = append(programs, program{name: "min2phase", run: min2phase(*m2p)})
	}
	results := make([][]round, len(programs))
	for r := range *rounds {
		for i, p := range programs {
			got, err := p.run(cubes, *maxLength)
			if err == nil {
				err = check(cubes, got, *maxLength)
			}
			if err != nil {
				fail("%s, round %d: %v", p.name, r+1, err)
			}
			results[i] = append(results[i], got)
			fmt.Fprintf(os.Stderr, "round %d: %s %.3f ms a cube\n", r+1, p.name, ms(got.total)/float64(len(cubes)))
		}
	}
	report(programs, results, len(cubes), *maxLength)
}

// program is a solver timed on all the cubes once a round.
type program struct {
	name string
	run  func(cubes []cube.Cube, maxLength int) (round, error)
}

// round is what one program did with the cubes once: a maneuver for each
// (solving it, or making it when makes is set), the time of each cube
// where the program gives it, and the total.
type round struct {
	solutions [][]cube.Move
	makes     bool
	times     []time.Duration // nil when only the total is known
	total     time.Duration
}

// check applies every solution to its cube.
func check(cubes []cube.Cube, r round, maxLength int) error {
	if len(r.solutions) != len(cubes) {
		return fmt.Errorf("%d solutions for %d cubes", len(r.solutions), len(cubes))
	}
	for i, sol := range r.solutions {
		ok := cube.Times(cubes[i], cube.FromMoves(sol)) == cube.Solved
		if r.makes {
			ok = cube.FromMoves(sol) == cubes[i]
		}
		if !ok || len(sol) > maxLength {
			return fmt.Errorf("cube %d: %s (%d moves) does not do it within %d", i+1, cube.FormatManeuver(sol), len(sol), maxLength)
		}
	}
	return nil
}

// report prints a Markdown table: for each program its median round's
// time a cube, the fastest and slowest rounds', its slowest cube and its
// ten slowest (where it times cubes), the mean length and the ratio of its
// median to cubecensus's.
func report(programs []program, results [][]round, n, maxLength int) {
	fmt.Printf("| solver (at most %d moves, %d cubes, %d rounds) | ms a cube (median round) | rounds' range | slowest cube, ms | 10 slowest, ms | mean length | time / cubecensus's |\n", maxLength, n, len(results[0]))
	fmt.Println("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
	median := func(rs []round) float64 {
		t := make([]float64, len(rs))
		for i, r := range rs {
			t[i] = ms(r.total) / float64(n)
		}
		slices.Sort(t)
		return t[len(t)/2]
	}
	base := median(results[0])
	for i, p := range programs {
		rs := results[i]
		lo, hi := ms(rs[0].total), ms(rs[0].total)
		for _, r := range rs {
			lo, hi = min(lo, ms(r.total)), max(hi, ms(r.total))
		}
		slowest, ten := "-", "-"
		if rs[0].times != nil {
			var worst, tenSum time.Duration
			for _, r := range rs { // the slowest over all rounds, the ten slowest of the median round's
				worst = max(worst, slices.Max(r.times))
			}
			sorted := slices.Sorted(slices.Values(rs[len(rs)/2].times))
			for _, t := range sorted[max(0, len(sorted)-10):] {
				tenSum += t
			}
			slowest, ten = fmt.Sprintf("%.1f", ms(worst)), fmt.Sprintf("%.1f", ms(tenSum))
		}
		moves := 0
		for _, sol := range rs[0].solutions {
			moves += len(sol)
		}
		fmt.Printf("| %s | %.3f | %.3f-%.3f | %s | %s | %.2f | %.2f |\n", p.name, median(rs), lo/float64(n), hi/float64(n), slowest, ten,
			float64(moves)/float64(n), median(rs)/base)
	}
}

// ours times cubecensus's two-phase solver in this process.
func ours() func([]cube.Cube, int) (round, error) {
	var s *solver.Solver
	return func(cubes []cube.Cube, maxLength int) (round, error) {
		if s == nil {
			s = solver.New()
			s.ExtraDepths = 0                                       // the first solution within the length, as the peers stop
			if _, err := s.Solve(cubes[0], maxLength); err != nil { // loads the tables
				return round{}, err
			}
		}
		r := round{times: make([]time.Duration, len(cubes))}
		for i, c := range cubes {
			start := time.Now()
			sol, err := s.Solve(c, maxLength)
			r.times[i] = time.Since(start)
			if err != nil {
				return r, fmt.Errorf("cube %d: %v", i+1, err)
			}
			r.solutions, r.total = append(r.solutions, sol), r.total+r.times[i]
		}
		return r, nil
	}
}

// robTwophase drives rob-twophase's command loop: "solve FACELETS" in, its
// time ("0.42ms") and "U R2 F' (3)" out; its loop waits for more input
// after the last cube, so the process is killed then.
func robTwophase(bin string) func([]cube.Cube, int) (round, error) {
	timeLine := regexp.MustCompile(`^([0-9.]+)ms$`)
	return func(cubes []cube.Cube, maxLength int) (round, error) {
		cmd := exec.Command(bin, "-t", "1", "-l", strconv.Itoa(maxLength), "-m", "1000000")
		cmd.Dir = filepath.Dir(bin) // its tables' file
		in, err := cmd.StdinPipe()
		if err != nil {
			return round{}, err
		}
		outPipe, err := cmd.StdoutPipe()
		if err != nil {
			return round{}, err
		}
		if err := cmd.Start(); err != nil {
			return round{}, err
		}
		defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
		out := bufio.NewScanner(outPipe)
		r := round{times: make([]time.Duration, len(cubes))}
		for i, c := range cubes {
			if _, err := fmt.Fprintf(in, "solve %s\n", c.Facelets()); err != nil {
				return r, err
			}
			for {
				if !out.Scan() {
					return r, fmt.Errorf("cube %d: its output ended (%v)", i+1, out.Err())
				}
				if m := timeLine.FindStringSubmatch(strings.TrimSpace(out.Text())); m != nil {
					t, _ := strconv.ParseFloat(m[1], 64)
					r.times[i] = time.Duration(t * 1e6)
					r.total += r.times[i]
					break
				}
			}
			if !out.Scan() {
				return r, fmt.Errorf("cube %d: no solution after its time", i+1)
			}
			line := out.Text()
			if k := strings.LastIndex(line, "("); k >= 0 {
				line = line[:k]
			}
			sol, err := cube.ParseManeuver(line)
			if err != nil {
				return r, fmt.Errorf("cube %d: %q: %v", i+1, out.Text(), err)
			}
			r.solutions = append(r.solutions, sol)
		}
		return r, nil
	}
}

// cube20src runs cube20src's twophase on the cubes given as maneuvers
// making them ("U1 R3 F2"), and on the first alone; it prints a maneuver
// making each cube ("F2B3R2..."), which check applies as such.
func cube20src(bin string) func([]cube.Cube, int) (round, error) {
	return func(cubes []cube.Cube, maxLength int) (round, error) {
		var input bytes.Buffer
		for _, c := range cubes {
			maker, err := makerOf(c)
			if err != nil {
				return round{}, err
			}
			for _, m := range maker {
				fmt.Fprintf(&input, "%c%d ", cube.FormatManeuver([]cube.Move{m})[0], m.Power())
			}
			input.WriteByte('\n')
		}
		first, _, _ := bytes.Cut(input.Bytes(), []byte("\n"))
		run := func(in []byte) ([]byte, time.Duration, error) {
			cmd := exec.Command(bin, "-s", strconv.Itoa(maxLength), "-t", "1")
			cmd.Dir = filepath.Dir(bin)
			cmd.Stdin = bytes.NewReader(in)
			start := time.Now()
			out, err := cmd.Output()
			return out, time.Since(start), err
		}
		_, one, err := run(append(first, '\n'))
		if err != nil {
			return round{}, err
		}
		out, all, err := run(input.Bytes())
		if err != nil {
			return round{}, err
		}
		r := round{makes: true, total: all - one}
		lines := strings.Split(string(out), "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, "Solution ") && i+1 < len(lines) {
				sol, err := cube.ParseManeuver(lines[i+1]) // "F2B3R2B1": its powers as digits
				if err != nil {
					return r, fmt.Errorf("%q: %v", lines[i+1], err)
				}
				r.solutions = append(r.solutions, sol)
			}
		}
		return r, nil
	}
}

// makerOf returns a maneuver making c from the solved cube (cube20src reads
// cubes so).
var makerOf = func() func(cube.Cube) ([]cube.Move, error) {
	var s *solver.Solver
	return func(c cube.Cube) ([]cube.Move, error) {
		if s == nil {
			s = solver.New()
		}
		return s.Generator(c, 30)
	}
}()

// min2phase runs Time.java on the cubes' facelets: a warm-up pass, then a
// timed pass printing each cube's nanoseconds and solution.
func min2phase(classes string) func([]cube.Cube, int) (round, error) {
	return func(cubes []cube.Cube, maxLength int) (round, error) {
		f, err := os.CreateTemp("", "peers-cubes")
		if err != nil {
			return round{}, err
		}
		defer os.Remove(f.Name())
		for _, c := range cubes {
			fmt.Fprintln(f, c.Facelets())
		}
		if err := f.Close(); err != nil {
			return round{}, err
		}
		cmd := exec.Command("java", "-cp", classes, "Time", f.Name(), strconv.Itoa(maxLength))
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			return round{}, err
		}
		r := round{times: make([]time.Duration, 0, len(cubes))}
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			ns, sol, _ := strings.Cut(sc.Text(), " ")
			t, err := strconv.ParseInt(ns, 10, 64)
			if err != nil {
				return r, fmt.Errorf("%q: %v", sc.Text(), err)
			}
			moves, err := cube.ParseManeuver(sol)
			if err != nil {
				return r, fmt.Errorf("%q: %v", sc.Text(), err)
			}
			r.times = append(r.times, time.Duration(t))
			r.total += time.Duration(t)
			r.solutions = append(r.solutions, moves)
		}
		return r, nil
	}
}

func readCubes(path string) ([]cube.Cube, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	var cubes []cube.Cube
	for i, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		c, err := cube.ParseFacelets(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		cubes = append(cubes, c)
	}
	if len(cubes) == 0 {
		return nil, fmt.Errorf("%s: no cubes", path)
	}
	return cubes, nil
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "peers: "+format+"\n", args...)
	os.Exit(1)
}
