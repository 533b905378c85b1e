package cosets

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/solver"
)

// TestHSteps: the prepass's axis moves of H are A's ten in HTM, A's ten and
// the five slice turns in H in STM, and in QTM the four quarter turns of U
// and D and the four half turns R2, L2, F2, B2 (costing 2); and every
// step moves every position as the cubie model does, on a random sample.
func TestHSteps(t *testing.T) {
	a := []string{"U", "U2", "U'", "D", "D2", "D'", "R2", "L2", "F2", "B2"}
	want := map[cube.Metric][]string{
		cube.HTM: a,
		cube.QTM: {"U", "U'", "D", "D'", "R2", "L2", "F2", "B2"},
		cube.STM: append([]string{"U D'", "U2 D2", "U' D", "R2 L2", "F2 B2"}, a...),
	}
	rng := rand.New(rand.NewPCG(38, 2))
	for _, m := range cube.Metrics {
		table, err := sharedTables.CosetTable(m)
		if err != nil {
			t.Fatal(err)
		}
		steps := hStepsOf(NewCensus(table))
		var names []string
		for _, s := range steps {
			names = append(names, s.move.String())
			if (s.cost == 2) != (m == cube.QTM && s.move.Axis() != cube.AxisUD) {
				t.Errorf("%v: %v costs %d", m, s.move, s.cost)
			}
		}
		slices.Sort(names)
		if w := slices.Sorted(slices.Values(want[m])); !slices.Equal(names, w) {
			t.Errorf("%v: steps %q, want %q", m, names, w)
		}
		for _, s := range steps {
			for range 200 {
				x := At(rng.IntN(NCornerPerms), rng.IntN(nRows), rng.IntN(NMiddlePerms)) // a position of H
				c := x.Cube()
				for _, f := range s.move.FaceMoves() {
					c.Move(&c, f)
				}
				y := CoordOf(&c)
				if s.source[y.Corners] != uint16(x.Corners) || s.offsets[y.Edges/2] != uint16(x.Edges/2*rowBytes) || s.moveBits(1<<x.Middle) != 1<<y.Middle {
					t.Fatalf("%v: %v takes %v to %v, the step's tables disagree", m, s.move, x, y)
				}
			}
		}
	}
}

// TestMetricSolverAgainstCensus: the bitmap solver's counts in each metric,
// its search reading the step masks, are the census's without them (which
// TestCensusAgainstBFS checks against a breadth-first search of cubes), on
// the trivial coset and a sample of cosets near H, the trivial coset also
// searched from symmetric roots. (The search's filter of the positions
// left, which needs a nearly full bitmap, is checked by the full runs: the
// HTM column of H equal to the HTM solver's.)
func TestMetricSolverAgainstCensus(t *testing.T) {
	for _, tc := range []struct {
		metric cube.Metric
		depth  int
	}{{cube.HTM, 5}, {cube.QTM, 7}, {cube.STM, 4}} {
		t.Run(tc.metric.String(), func(t *testing.T) {
			table, err := sharedTables.CosetTable(tc.metric)
			if err != nil {
				t.Fatal(err)
			}
			counter := NewCensus(table).NewCounter()
			masked := NewCensus(table) // the solver's search reads the step masks
			masked.UseStepMasks()
			solver := NewSmallMetricSolver(masked, 2)
			rng := rand.New(rand.NewPCG(38, 3))
			sample := []cube.Cube{cube.Solved}
			for len(sample) < 7 { // a random position of H, then a short word
				x := At(rng.IntN(NCornerPerms), rng.IntN(nRows), rng.IntN(NMiddlePerms))
				c := x.Cube()
				for _, e := range cube.RandomWord(rng, 1+rng.IntN(3)) {
					if e.Cost(tc.metric) <= 2 {
						c = cube.Times(c, e.Cube())
					}
				}
				sample = append(sample, c)
			}
			sample = append(sample, cube.Solved) // searched from symmetric roots
			for i, r := range sample {
				if i == len(sample)-1 {
					solver.symmetricFrom = 0
				}
				got, err := solver.Levels(context.Background(), r, tc.depth, tc.depth, nil)
				if err != nil {
					t.Fatal(err)
				}
				want, err := counter.Count(coord.CosetOf(&r), tc.depth)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got.Positions, want) {
					t.Fatalf("coset %v: bitmap %v, census %v", coord.CosetOf(&r), got.Positions, want)
				}
			}
		})
	}
}

// TestMetricProve: a proof in STM at a bound its coset is far from meeting
// counts the positions left (|H| less the census's positions within the
// bound) and lists the first of them by their coordinates in H: those of
// the coset, in that order, that the census did not find within the bound.
// On H and on a coset three slice turns from it.
func TestMetricProve(t *testing.T) {
	table, err := sharedTables.CosetTable(cube.STM)
	if err != nil {
		t.Fatal(err)
	}
	census := NewCensus(table)
	solver := NewSmallMetricSolver(census, 2)
	moved := cube.Solved
	for _, m := range []cube.Move{cube.R1, cube.L3, cube.F1, cube.U1} {
		moved.Move(&moved, m)
	}
	for _, x := range []coord.Coset{{}, coord.CosetOf(&moved)} {
		r := cosetCube(x) // the census's representative, whose positions it keys
		const bound, listed = 4, 100
		p, err := solver.Prove(context.Background(), r, Plan{SearchDepth: bound, Bound: bound}, nil, listed)
		if err != nil {
			t.Fatal(err)
		}
		counter := census.NewCounter()
		want, err := counter.Count(x, bound)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(p.Positions, want) || p.Searched != bound {
			t.Fatalf("coset %v: levels %v searched to %d, census %v", x, p.Positions, p.Searched, want)
		}
		var within int64
		for _, n := range want {
			within += n
		}
		if p.Left != HSize-within || p.UnsolvedCount() != p.Left || len(p.Unsolved) != listed || p.Proven() {
			t.Fatalf("coset %v: left %d, unsolved %d (%d listed), proven %v; want %d left", x, p.Left, p.UnsolvedCount(), len(p.Unsolved), p.Proven(), HSize-within)
		}
		var first []string // the first positions left, h^-1·r for h not found
		var left []Coord
		for row := 0; len(first) < listed; row++ {
			for mid := 0; mid < NMiddlePerms && len(first) < listed; mid++ {
				h := At(0, row, mid)
				hc := h.Cube()
				if !counter.set.visit(permKey(permOf(&hc)), maxLevel) {
					continue
				}
				u := cube.Times(cube.Inverse(hc), r)
				if coord.CosetOf(&u) != x {
					t.Fatalf("coset %v holds %s", x, u.Facelets())
				}
				first = append(first, u.Facelets())
				left = append(left, h)
			}
		}
		for i, u := range p.Unsolved {
			if u.Facelets() != first[i] {
				t.Fatalf("coset %v: unsolved position %d is %s, want %s", x, i, u.Facelets(), first[i])
			}
		}
		if x == (coord.Coset{}) {
			checkSolveLeft(t, census, x, r, left, bound+1)
		}
	}
}

// checkSolveLeft hands the positions of left (of the coset x of r), and
// 40 positions of H made by bound random moves of H, to the two-phase
// solver in the census's metric within bound, as MetricSolver.Prove does,
// and checks that those it leaves unsolved are exactly those the census
// does not find within bound.
func checkSolveLeft(t *testing.T, census *Census, x coord.Coset, r cube.Cube, left []Coord, bound int) {
	t.Helper()
	var inH []cube.Move // the metric's moves that keep H
	for _, m := range cube.MoveSetOf(census.table.Metric()).Units() {
		if c := cube.CubeOf(m); coord.CosetOf(&c) == (coord.Coset{}) {
			inH = append(inH, m)
		}
	}
	rng := rand.New(rand.NewPCG(41, 42))
	for range 40 {
		u := r // u = h^-1·r for h the inverse of the moves' cube
		for range bound {
			m := cube.CubeOf(inH[rng.IntN(len(inH))])
			u = cube.Times(m, u)
		}
		h := cube.Times(r, cube.Inverse(u))
		left = append(left, CoordOf(&h))
	}
	two := &solver.Solver{Tables: sharedTables}
	unsolved, err := solveLeft(context.Background(), left, r, two, census.table.Metric(), bound, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	counter := census.NewCounter()
	if _, err := counter.Count(x, bound); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, h := range left {
		hc := h.Cube()
		if counter.set.visit(permKey(permOf(&hc)), maxLevel) {
			u := cube.Times(cube.Inverse(hc), r)
			want = append(want, u.Facelets())
		}
	}
	facelets := func(cubes []cube.Cube) []string {
		var out []string
		for _, u := range cubes {
			out = append(out, u.Facelets())
		}
		return out
	}
	if got := facelets(unsolved); !slices.Equal(got, want) || len(want) == len(left) {
		t.Fatalf("coset %v within %d: %d of %d positions unsolved, the census leaves %d", x, bound, len(got), len(left), len(want))
	}
	// With a budget too small for some, the retries' larger ones solve them.
	two.NodeBudget = 30
	first, err := solveLeft(context.Background(), left, r, two, census.table.Metric(), bound, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	var reports [][2]int // (done, total) as the retries report them
	retried, err := solveWithRetries(context.Background(), left, r, two, census.table.Metric(), bound, 2, func(done, total int) {
		reports = append(reports, [2]int{done, total})
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := facelets(retried); len(first) <= len(want) || !slices.Equal(got, want) {
		t.Fatalf("coset %v within %d: %d unsolved within 30 nodes, %d after the retries, want %d", x, bound, len(first), len(got), len(want))
	}
	// Reported in order, 0 to the total of each try: all of left, then the
	// first try's unsolved.
	var wantReports [][2]int
	for _, total := range []int{len(left), len(first)} {
		for done := range total + 1 {
			wantReports = append(wantReports, [2]int{done, total})
		}
	}
	if !slices.Equal(reports[:min(len(reports), len(wantReports))], wantReports) {
		t.Fatalf("coset %v: the retries reported %v, want %v then more", x, reports[:min(len(reports), 5)], wantReports[:5])
	}
}

// The symmetric search's roots (metricRoots) against every word they must
// cover: each word of the depth's cost that begins outside H (on
// alternating axes) is, conjugated by one of the 16 symmetries that keep
// H, a root followed by more steps, only one of them where no symmetry
// keeps the word, and no root is a conjugate of another, so that the
// search from them finds each orbit once; and every root has
// minRootSteps steps at least, or the depth's cost. A word's first
// maxRootSteps steps decide, so the words are cut there. QTM's depth is
// deep enough that some roots are cut at maxRootSteps.
func TestMetricRoots(t *testing.T) {
	for _, tc := range []struct {
		metric cube.Metric
		depth  int
	}{{cube.HTM, 6}, {cube.QTM, 8}, {cube.STM, 4}} {
		t.Run(tc.metric.String(), func(t *testing.T) {
			table, err := sharedTables.CosetTable(tc.metric)
			if err != nil {
				t.Fatal(err)
			}
			census := NewCensus(table)
			key := func(word []int) (k uint64) {
				for _, col := range word {
					k = k<<6 | uint64(col+1)
				}
				return k
			}
			// conjugates returns the word's conjugates by the 16 symmetries.
			conjugates := func(word []int) [][]int {
				all := [][]int{word}
				for _, conj := range hConjugateSteps {
					c := make([]int, len(word))
					for i, col := range word {
						c[i] = int(conj[col])
					}
					all = append(all, c)
				}
				return all
			}
			isRoot := map[uint64]bool{}
			roots := metricRoots(census, tc.depth, true, true)
			longest := 0
			for _, r := range roots {
				isRoot[key(r)] = true
				longest = max(longest, len(r))
				cost := 0
				for _, col := range r {
					cost += census.steps[col].cost
				}
				if len(r) < minRootSteps && cost < tc.depth {
					t.Fatalf("the root %v has %d steps, fewer than minRootSteps, and costs %d of %d", r, len(r), cost, tc.depth)
				}
			}
			for _, r := range roots {
				for _, c := range conjugates(r)[1:] {
					if !slices.Equal(c, r) && isRoot[key(c)] {
						t.Fatalf("roots %v and %v are conjugates", r, c)
					}
				}
			}
			words := 0
			var walk func(word []int, cost int)
			walk = func(word []int, cost int) {
				if cost == tc.depth || len(word) == maxRootSteps {
					words++
					distinct := map[uint64]bool{}
					rooted := 0 // distinct conjugates beginning with a root
					for _, c := range conjugates(word) {
						if distinct[key(c)] {
							continue
						}
						distinct[key(c)] = true
						for n := 1; n <= len(c); n++ {
							if isRoot[key(c[:n])] {
								rooted++
								break
							}
						}
					}
					switch {
					case rooted == 0:
						t.Fatalf("no conjugate of the word %v begins with a root", word)
					case rooted > 1 && len(distinct) == 16:
						t.Fatalf("%d conjugates of the word %v, kept by no symmetry, begin with roots", rooted, word)
					}
					return
				}
				for i, s := range census.steps {
					if s.cost <= tc.depth-cost && (len(word) == 0 && !s.inH || len(word) > 0 && s.axis != census.steps[word[len(word)-1]].axis) {
						walk(append(word, i), cost+s.cost)
					}
				}
			}
			walk(nil, 0)
			if tc.metric != cube.STM && longest != maxRootSteps {
				t.Fatalf("the longest root has %d steps, not maxRootSteps", longest)
			}
			t.Logf("%d roots cover the %d words of cost %d (cut at %d steps)", len(roots), words, tc.depth, maxRootSteps)
		})
	}
}
