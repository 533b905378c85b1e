package pipelines

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
	"github.com/cubecensus/cubecensus/internal/progress"
	"github.com/cubecensus/cubecensus/solver"
	"github.com/cubecensus/cubecensus/tables"
)

// CubeInput is one cube to solve and the text it was read from.
type CubeInput struct {
	Text string
	Cube cube.Cube
}

// ReadCubeLines reads a file of cubes, one per line: facelet strings or
// maneuvers as ReadCube reads them, a maneuver line also in Cube Explorer's
// maneuver-file form ("D F2 D' . R B2 R' (12) <Meson>", whose length must
// agree). Lines may be of any length; a byte-order mark is skipped, and so
// are blank lines and lines starting with #. Every line is read before any
// cube is solved: an error names the bad lines (the first maxBadLines) and
// how many there are.
func ReadCubeLines(r io.Reader, how Reading) ([]CubeInput, error) {
	var out []CubeInput
	var bad []string
	nBad := 0
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		text, err := br.ReadString('\n') // a line of any length
		if err != nil && err != io.EOF {
			return nil, err
		}
		if n == 1 {
			text = strings.TrimPrefix(text, "\uFEFF") // a byte-order mark some editors write
		}
		line := strings.TrimSpace(text)
		if line != "" && !strings.HasPrefix(line, "#") {
			c, lerr := readCubeLine(line, how)
			if lerr != nil {
				if nBad < maxBadLines {
					bad = append(bad, fmt.Sprintf("line %d: %v", n, lerr))
				}
				nBad++
			} else {
				out = append(out, CubeInput{line, c})
			}
		}
		if err == io.EOF {
			break
		}
	}
	switch {
	case nBad > maxBadLines:
		return nil, fmt.Errorf("%d bad lines (the first %d: %s)", nBad, maxBadLines, strings.Join(bad, "; "))
	case nBad > 0:
		return nil, fmt.Errorf("%d bad line(s): %s", nBad, strings.Join(bad, "; "))
	case len(out) == 0:
		return nil, errors.New("no cubes in the input (blank lines and # comments only)")
	}
	return out, nil
}

// maxBadLines is how many bad lines ReadCubeLines names.
const maxBadLines = 20

func readCubeLine(line string, how Reading) (cube.Cube, error) {
	if how == FaceletReading || how == AutoReading && looksLikeFacelets(strings.Join(strings.Fields(line), "")) {
		c, _, _, err := ReadCube(line, FaceletReading)
		return c, err
	}
	g, err := cube.ParseGenerator(line)
	if err != nil {
		return cube.Cube{}, err
	}
	return cube.FromMoves(g.Moves), nil
}

// SolveOptions say how Solve searches.
type SolveOptions struct {
	// MaxLength is the longest solution wanted, in Metric's moves: the
	// search stops at the first solution this short, or reports none. A
	// smaller one asks for a shorter solution at the cost of more search.
	// With Optimal it is the deepest the search goes: a cube further
	// away is proven so (Solved.Beyond) for the price of the searches to
	// MaxLength alone.
	MaxLength int
	// NodeBudget bounds the nodes searched per cube (0: none); within it
	// the shortest solution found is kept. A budget, unlike a timeout,
	// gives the same answer on every machine.
	NodeBudget int64
	// Optimal asks for shortest solutions, proven
	// (solver.Solver.OptimalWithin), one cube at a time with every worker
	// on it.
	Optimal bool
	// Metric is what solutions are searched and measured in: HTM, QTM or
	// STM (solver.Solver.FindIn without Optimal).
	Metric cube.Metric
	// Table is the optimal solver's table; Phase1Table, the zero value,
	// lets the memory budget choose (coord.OptimalTableFor).
	Table coord.OptimalTable
}

// Solved is what Solve found for one cube.
type Solved struct {
	Input   string
	Found   bool
	Moves   []cube.Move // the solution found (empty for the solved cube)
	Optimal bool        // its length is proven the cube's distance
	Beyond  bool        // with Optimal asked, no solution: the cube is proven further than MaxLength
	Lower   int         // with Optimal asked and no solution, the distance proven so far
	Nodes   int64
	Elapsed time.Duration // solving, not loading a pruning table
}

// Line is the cube's line of solve's output: the solution in Cube
// Explorer's format ("R U R' U' (4f)", with a star where the length is
// proven optimal: "(4f*)"), or why there is none.
func (s Solved) Line(o SolveOptions) string {
	metric := o.Metric
	unit, letter := map[cube.Metric]string{cube.HTM: "face turns", cube.QTM: "quarter turns", cube.STM: "slice turns"}[metric], metric.Letter()
	switch {
	case s.Beyond:
		return fmt.Sprintf("(none within %d %s: the distance is at least %d, proven)", o.MaxLength, unit, s.Lower)
	case !s.Found && o.Optimal:
		return fmt.Sprintf("(none: the distance is at least %d %s; the node budget of %d ran out)", s.Lower, unit, o.NodeBudget)
	case !s.Found:
		return fmt.Sprintf("(none: no solution of at most %d %s within %d nodes)", o.MaxLength, unit, o.NodeBudget)
	}
	star := ""
	if s.Optimal {
		star = "*"
	}
	length := metric.Length(s.Moves)
	if len(s.Moves) == 0 {
		return fmt.Sprintf("(0%c%s)", letter, star)
	}
	return fmt.Sprintf("%s (%d%c%s)", cube.FormatManeuver(s.Moves), length, letter, star)
}

// Solve solves the cubes with the two-phase solver on env's workers (or
// optimally, a cube at a time with all the workers), calling done after
// each cube in input order (so the output does not depend on the worker
// count). Every solution is re-applied to its cube.
func Solve(ctx context.Context, env *Env, in []CubeInput, o SolveOptions, done func(Solved) error) error {
	s, err := newSolver(env, coord.Phase1Table)
	if err != nil {
		return err
	}
	// The first solution within MaxLength ends the search.
	s.ExtraDepths, s.NodeBudget = 0, o.NodeBudget
	// With --optimal and no table named, phase 1's table first tries
	// each cube within quickNodes until the optimal table the memory
	// budget holds is loaded: a short cube is answered at once, and that
	// table (its build, if it is not cached yet, takes minutes, said in a
	// line before it starts) is loaded only for a cube that needs it.
	// Once it is loaded, or when --optimal-table names it, every cube
	// goes to it alone: a quick try would cost a cube that needs the
	// table seconds (2e7 nodes) for nothing. (An optimal solve is one
	// cube at a time.) The time spent loading (or building) the table is
	// returned apart, to be left out of the cube's seconds, and logged.
	var big *solver.Solver
	table := o.Table
	if table == coord.Phase1Table {
		table = coord.OptimalTableFor(env.MemBudget)
	}
	optimal := func(c cube.Cube, workers int) (found solver.Optimal, loading time.Duration, err error) {
		s.NodeBudget = o.NodeBudget
		if table == coord.Phase1Table {
			found, err = s.OptimalWithin(ctx, c, o.Metric, workers, o.MaxLength)
			return found, 0, err
		}
		var quickTried int64
		if big == nil && o.Table == coord.Phase1Table {
			// A budget within quickNodes is phase 1's alone.
			phase1Only := o.NodeBudget > 0 && o.NodeBudget <= quickNodes
			if !phase1Only {
				s.NodeBudget = quickNodes
			}
			found, err = s.OptimalWithin(ctx, c, o.Metric, workers, o.MaxLength)
			if phase1Only || !errors.Is(err, solver.ErrBudget) {
				return found, 0, err
			}
			quickTried = found.Nodes
		}
		if big == nil {
			if !coord.OptimalTableCached("", table, o.Metric) {
				why := "phase 1's table did not prove the cube at once"
				if o.Table != coord.Phase1Table {
					why = "--optimal-table names it"
				}
				env.Log.Info("building the optimal solver's "+table.String()+" table, once per machine: "+why,
					"metric", o.Metric, "size", FormatBytes(table.Bytes()), "about", buildTime[table])
			}
			start := time.Now()
			if big, err = newOptimalSolver(env, table); err != nil {
				return found, 0, err
			}
			// The table is built or loaded on first use: here, so that
			// the cube's time leaves it out.
			if err = big.LoadOptimal(o.Metric); err != nil {
				return found, 0, err
			}
			loading = time.Since(start)
			env.Log.Info("optimal solver's table ready", "table", table.String(), "metric", o.Metric, "seconds", loading.Seconds())
		}
		big.NodeBudget = o.NodeBudget
		found, err = big.OptimalWithin(ctx, c, o.Metric, workers, o.MaxLength)
		found.Nodes += quickTried
		return found, loading, err
	}
	var bar *progress.Reporter
	if len(in) > 1 { // a batch shows its progress
		bar = env.Progress("solve (cubes)", int64(len(in)))
		defer bar.Finish()
	}
	type result struct {
		sol Solved
		err error
	}
	solve := func(i, workers int) result {
		start := time.Now()
		r := Solved{Input: in[i].Text}
		var err error
		var loading time.Duration
		if o.Optimal {
			var found solver.Optimal
			found, loading, err = optimal(in[i].Cube, workers)
			r.Moves, r.Nodes, r.Lower, r.Optimal = found.Moves, found.Nodes, found.Lower, found.Moves != nil
		} else {
			var found solver.Solution
			found, err = s.FindIn(in[i].Cube, o.Metric, o.MaxLength)
			r.Moves, r.Nodes = found.Moves, found.Nodes
		}
		r.Elapsed = time.Since(start) - loading
		switch {
		case errors.Is(err, solver.ErrBeyond):
			r.Beyond = true
		case errors.Is(err, solver.ErrBudget) || errors.Is(err, solver.ErrNoSolution):
		case err != nil:
			return result{err: fmt.Errorf("%q: %w", in[i].Text, err)}
		case cube.Times(in[i].Cube, cube.FromMoves(r.Moves)) != cube.Solved:
			return result{err: fmt.Errorf("self-check failed: %s does not solve %q", cube.FormatManeuver(r.Moves), in[i].Text)}
		default:
			r.Found = true
		}
		return result{sol: r}
	}
	// Two-phase solves run a cube per worker; an optimal one uses them all.
	cubeWorkers, searchWorkers := env.Workers, 1
	if o.Optimal {
		cubeWorkers, searchWorkers = 1, env.Workers
	}
	newWorker := func(int) func(int) result {
		return func(i int) result { return solve(i, searchWorkers) }
	}
	merge := func(i int, r result) (bool, error) {
		if r.err != nil {
			return false, r.err
		}
		if bar != nil {
			bar.Add(1)
		}
		return true, done(r.sol)
	}
	_, err = parallel.Ordered(ctx, 0, len(in), cubeWorkers, newWorker, merge)
	return err
}

// SolutionsTable holds solve's results, a row per cube.
func SolutionsTable(name string, sols []Solved, m cube.Metric) *tables.Table {
	t := tables.NewTable(name,
		tables.Column{Name: "input", Kind: tables.String, Doc: "the cube as given: a maneuver, a facelet string or a Cube Explorer line"},
		tables.Column{Name: "maneuver", Kind: tables.String, Nullable: true, Doc: "a solution (the cube, then it, is solved); null when none was found"},
		tables.Column{Name: "length", Kind: tables.Int64, Nullable: true, Doc: "the solution's length in the metric of the provenance's param metric"},
		tables.Column{Name: "optimal", Kind: tables.Bool, Doc: "whether the length is proven optimal (never, for the two-phase solver)"},
		tables.Column{Name: "lower", Kind: tables.Int64, Nullable: true, Doc: "with --optimal and no solution, the distance proven (every shorter maneuver searched)"},
		tables.Column{Name: "nodes", Kind: tables.Int64, Doc: "search nodes visited"},
		tables.Column{Name: "seconds", Kind: tables.Float64, Doc: "time spent solving this cube (machine-dependent; loading or building a pruning table left out)"},
	)
	for _, s := range sols {
		var maneuver, length, lower any
		if s.Found {
			maneuver, length = cube.FormatManeuver(s.Moves), int64(m.Length(s.Moves))
		} else if s.Lower > 0 { // also a cube proven beyond the maximum length
			lower = int64(s.Lower)
		}
		t.Append(s.Input, maneuver, length, s.Optimal, lower, s.Nodes, s.Elapsed.Seconds())
	}
	return t
}

// WriteSolutions writes the table of sols to path, which must end in
// .arrow, with the options in its provenance.
func WriteSolutions(path string, sols []Solved, o SolveOptions, workers int, start time.Time) error {
	name, err := solutionsName(path)
	if err != nil {
		return err
	}
	p := tables.NewProvenance("solve", workers)
	p.Params["solver"] = "two-phase"
	p.Params["max_length"] = fmt.Sprint(o.MaxLength)
	p.Params["metric"] = cube.HTM.String()
	if o.Optimal {
		p.Params["solver"] = "optimal"
		p.Params["metric"] = o.Metric.String()
	}
	p.Params["node_budget"] = fmt.Sprint(o.NodeBudget)
	p.Start, p.End = start, time.Now()
	m := cube.HTM
	if o.Optimal {
		m = o.Metric
	}
	_, err = tables.Write(filepath.Dir(path), SolutionsTable(name, sols, m), p)
	return err
}

// CheckSolutionsPath checks, before any cube is solved, that WriteSolutions
// can write path: a name ending in .arrow in a writable folder.
func CheckSolutionsPath(path string) error {
	if _, err := solutionsName(path); err != nil {
		return err
	}
	return PrepareOutput(filepath.Dir(path))
}

// solutionsName is the table name of a solutions file: its name without
// .arrow, which it must end in.
func solutionsName(path string) (string, error) {
	name, ok := strings.CutSuffix(filepath.Base(path), tables.Extension)
	if !ok || name == "" {
		return "", fmt.Errorf("%w: --out %q: the table's file name must end in %s", ErrOption, path, tables.Extension)
	}
	return name, nil
}

// newSolver makes a solver whose tables, where they are built (once per
// machine), show a bar of their entries on env; a table that cannot be
// cached is logged. The optimal solver uses the largest table env's
// memory budget holds (coord.OptimalTableFor).
func newSolver(env *Env, optimal coord.OptimalTable) (*solver.Solver, error) {
	var building *progress.Reporter
	var reported int64
	cfg := coord.Config{Optimal: optimal, Workers: env.Workers}
	cfg.Progress = func(table string, reached, total int64) {
		if building == nil {
			building, reported = env.Progress("building the solver's "+table+" (entries), once per machine", total), 0
		}
		building.Add(reached - reported)
		reported = reached
		if reached == total {
			building.Finish()
			building = nil
		}
	}
	s, err := solver.NewWith(cfg)
	if err != nil {
		return nil, err
	}
	warnCache(env, s)
	return s, nil
}

// OptimalTableNamed returns the optimal solver's table name names (big,
// huge or h48), refusing one that does not serve metric m or that budget
// does not hold with 1 GiB for the rest (as coord.OptimalTableFor).
func OptimalTableNamed(name string, m cube.Metric, budget uint64) (coord.OptimalTable, error) {
	t, err := coord.ParseOptimalTable(name)
	switch {
	case err != nil:
		return t, fmt.Errorf("%w: --optimal-table %q: want big, huge or h48", ErrOption, name)
	case t == coord.H48Table && m != cube.HTM:
		return t, fmt.Errorf("%w: --optimal-table h48 is for face turns (HTM), not %v", ErrOption, m)
	case budget < t.Bytes()+1<<30:
		return t, fmt.Errorf("%w: --optimal-table %s needs a --mem-budget of %s (its %s and 1 GiB for the rest), not %s",
			ErrOption, name, FormatBytes(t.Bytes()+1<<30), FormatBytes(t.Bytes()), FormatBytes(budget))
	}
	return t, nil
}

// buildTime is how long each optimal table took to build on 2 cores, as
// measured (docs/solver.md, BENCHMARKS.md).
var buildTime = map[coord.OptimalTable]string{
	coord.BigTable:  "8 minutes in HTM, 13 in QTM, on 2 cores",
	coord.HugeTable: "22 minutes in HTM on 2 cores",
	coord.H48Table:  "20 minutes on 2 cores",
}

// quickNodes is the node budget with which solve --optimal first tries a
// cube on phase 1's table: a second or two, enough for cubes up to about 14
// face turns from solved. (A variable, as newOptimalSolver is, so that the
// tests check the policy without a table of gigabytes.)
var quickNodes int64 = 2e7

// newOptimalSolver returns the solver with the optimal table Solve loads
// for the cubes the quick try does not prove.
var newOptimalSolver = newSolver

// warnCache says what went wrong with the solver's cached tables since it
// last said: a kept copy refused (and built again), a table that could not
// be kept.
func warnCache(env *Env, s *solver.Solver) {
	storeErr, refused := s.Tables.CacheNotes()
	if refused != nil {
		env.Log.Warn("a cached table was refused (damaged, built by other code, or failing its facts) and has been built again", "reason", refused)
	}
	if storeErr != nil {
		env.Log.Warn("the solver's tables could not be cached; the next run builds them again", "reason", storeErr)
	}
}
