package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/enumerate"
	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/tables"
	"github.com/cubecensus/cubecensus/upperface"
)

// TestOptimalAgreesWithBreadthFirst checks the optimal solver against a
// plain breadth-first search of the cube group, in HTM to depth 5 (620,000
// positions) and in QTM to depth 6 (985,000): positions drawn at each depth
// are solved in exactly that many turns, and every solution is re-applied.
func TestOptimalAgreesWithBreadthFirst(t *testing.T) {
	checkAgainstBreadthFirst(t, shared, cube.HTM, cube.QTM, cube.STM)
}

func checkAgainstBreadthFirst(t *testing.T, s *Solver, metrics ...cube.Metric) {
	for _, tc := range []struct {
		metric   cube.Metric
		maxDepth int
		last     int // positions at maxDepth, as the canonical stage counts them
	}{{cube.HTM, 5, 574908}, {cube.QTM, 6, 878880}, {cube.STM, 4, 164900}} {
		if !slices.Contains(metrics, tc.metric) {
			continue
		}
		levels := breadthFirst(tc.metric, tc.maxDepth)
		if len(levels[tc.maxDepth]) != tc.last {
			t.Fatalf("%v: %d positions at depth %d, the canonical stage counts %d", tc.metric, len(levels[tc.maxDepth]), tc.maxDepth, tc.last)
		}
		rng := rand.New(rand.NewPCG(15, 16))
		for d, level := range levels {
			for range min(len(level), 40) {
				c := level[rng.IntN(len(level))]
				o, err := s.Optimal(context.Background(), c, tc.metric, 2)
				if err != nil {
					t.Fatal(err)
				}
				if tc.metric.Length(o.Moves) != d || o.Lower != d || cube.Times(c, cube.FromMoves(o.Moves)) != cube.Solved {
					t.Fatalf("%v: a position at depth %d: %s (lower %d)", tc.metric, d, cube.FormatManeuver(o.Moves), o.Lower)
				}
				// Asked within d, the same length; within d-1, proven beyond.
				within, err := s.OptimalWithin(context.Background(), c, tc.metric, 2, d)
				if err != nil || tc.metric.Length(within.Moves) != d || cube.Times(c, cube.FromMoves(within.Moves)) != cube.Solved {
					t.Fatalf("%v: a position at depth %d asked within %d: %s, %v", tc.metric, d, d, cube.FormatManeuver(within.Moves), err)
				}
				if d > 0 {
					beyond, err := s.OptimalWithin(context.Background(), c, tc.metric, 2, d-1)
					if !errors.Is(err, ErrBeyond) || beyond.Moves != nil || beyond.Lower != d {
						t.Fatalf("%v: a position at depth %d asked within %d: %s (lower %d), %v", tc.metric, d, d-1, cube.FormatManeuver(beyond.Moves), beyond.Lower, err)
					}
				}
			}
		}
	}
}

// breadthFirst lists the positions (relative to the centers) at each
// distance up to maxDepth in metric m, by the moves of cost 1.
func breadthFirst(m cube.Metric, maxDepth int) [][]cube.Cube {
	seen := map[cube.Key]bool{cube.Solved.Key(): true}
	levels := [][]cube.Cube{{cube.Solved}}
	for d := 1; d <= maxDepth; d++ {
		var next []cube.Cube
		for _, c := range levels[d-1] {
			for _, mv := range cube.MoveSetOf(m).Units() {
				n := cube.Times(c, cube.CubeOf(mv))
				if !seen[n.Key()] {
					seen[n.Key()] = true
					next = append(next, n)
				}
			}
		}
		levels = append(levels, next)
	}
	return levels
}

// TestOptimalDeeper: scrambles of 8 to 11 moves are solved in at most as
// many, the two-phase solver never doing better, the same whatever the
// worker count; in QTM in no more than the HTM solution's quarter turns; a
// node budget stops a search with its proven lower bound.
func TestOptimalDeeper(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for i := range 6 {
		n := 8 + i%4
		c := cube.Scramble(rng, n)
		one, err := shared.Optimal(context.Background(), c, cube.HTM, 1)
		if err != nil {
			t.Fatal(err)
		}
		two, err := shared.Optimal(context.Background(), c, cube.HTM, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(one.Moves) > n || cube.Times(c, cube.FromMoves(one.Moves)) != cube.Solved || cube.FormatManeuver(one.Moves) != cube.FormatManeuver(two.Moves) || one.Nodes != two.Nodes {
			t.Fatalf("scramble of %d: %s (%d nodes) with one worker, %s (%d) with two", n, cube.FormatManeuver(one.Moves), one.Nodes, cube.FormatManeuver(two.Moves), two.Nodes)
		}
		if sol, err := shared.Solve(c, 30); err != nil || len(sol) < len(one.Moves) {
			t.Fatalf("two-phase found %d moves, shorter than the optimum %d (%v)", len(sol), len(one.Moves), err)
		}
		q, err := shared.Optimal(context.Background(), c, cube.QTM, 2)
		if err != nil || cube.Times(c, cube.FromMoves(q.Moves)) != cube.Solved || q.Lower > cube.QTM.Length(one.Moves) || q.Lower < len(one.Moves) {
			t.Fatalf("QTM: %s (%d quarter turns), HTM optimum %s: %v", cube.FormatManeuver(q.Moves), q.Lower, cube.FormatManeuver(one.Moves), err)
		}
	}
	s := *shared
	s.NodeBudget = 1000
	o, err := s.Optimal(context.Background(), cube.Scramble(rng, 30), cube.HTM, 2)
	if err != ErrBudget || o.Moves != nil || o.Lower < 10 {
		t.Errorf("a budget of 1000 nodes: %v, lower bound %d", err, o.Lower)
	}
}

// TestOptimalFineRoots: cubes 15 face turns from solved, whose searches
// take enough nodes that their last depths are cut into subtrees of four
// moves ordered by promise (rootOrder), get the same maneuver and nodes from
// one worker as from two, and are solved in 15 moves.
func TestOptimalFineRoots(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	s := *shared
	s.NodeBudget = 5_000_000
	for tested, drawn := 0, 0; tested < 2; drawn++ {
		if drawn == 200 {
			t.Fatalf("%d of 200 scrambles of 18 moves are 15 moves from solved with a search of %d nodes or more", tested, 20*fineRootsAfter)
		}
		c := cube.Scramble(rng, 18)
		two, err := s.Optimal(context.Background(), c, cube.HTM, 2)
		// A depth takes about a thirteenth of the next one's nodes: in a
		// search of 20 times fineRootsAfter, the last depths took more.
		if err == ErrBudget || err == nil && (two.Lower != 15 || two.Nodes < 20*fineRootsAfter) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		one, err := s.Optimal(context.Background(), c, cube.HTM, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(two.Moves) != 15 || cube.Times(c, cube.FromMoves(two.Moves)) != cube.Solved ||
			cube.FormatManeuver(one.Moves) != cube.FormatManeuver(two.Moves) || one.Nodes != two.Nodes {
			t.Fatalf("%s (%d nodes) with one worker, %s (%d) with two", cube.FormatManeuver(one.Moves), one.Nodes, cube.FormatManeuver(two.Moves), two.Nodes)
		}
		tested++
	}
}

// TestOptimalAgreesWithUpperface compares the optimal solver with the
// upperface stage's committed distances, found by another algorithm (a
// meet-in-the-middle hash join, upperface/): upper-face positions drawn
// from each distance up to 14 face turns, 15 quarter turns and 12 slice
// turns get exactly that distance. The 1,000 positions are for a
// faster solver.
func TestOptimalAgreesWithUpperface(t *testing.T) {
	checkAgainstUpperface(t, shared, map[cube.Metric]int{cube.HTM: 14, cube.QTM: 15, cube.STM: 12}, 3, 0)
}

// checkAgainstUpperface solves, in each metric of deepest,
// upper-face positions drawn from each committed distance up to
// deepest[metric], perDistance of each, and then sample more drawn from
// all the positions within that distance, checking each distance and
// solution.
func checkAgainstUpperface(t *testing.T, s *Solver, deepest map[cube.Metric]int, perDistance, sample int) {
	tb, _, err := tables.Read(filepath.Join(committed.Dir(t), "upperface_positions"+tables.Extension))
	if err != nil {
		t.Fatal(err)
	}
	col := func(name string) int {
		return slices.IndexFunc(tb.Columns, func(c tables.Column) bool { return c.Name == name })
	}
	rng := rand.New(rand.NewPCG(19, 20))
	for _, tc := range []struct {
		metric cube.Metric
		column string
	}{{cube.HTM, "htm_distance"}, {cube.QTM, "qtm_distance"}, {cube.STM, "stm_distance"}} {
		if _, ok := deepest[tc.metric]; !ok {
			continue
		}
		check := func(row []any, d int) {
			p, err := upperface.FromUn(int(row[col("un")].(int64)))
			if err != nil {
				t.Fatal(err)
			}
			c := p.Cube()
			o, err := s.Optimal(context.Background(), c, tc.metric, 2)
			if err != nil || o.Lower != d || cube.Times(c, cube.FromMoves(o.Moves)) != cube.Solved {
				t.Fatalf("%v: upper-face position %v at %d, the optimal solver says %d (%s, %v)", tc.metric, row[col("un")], d, o.Lower, cube.FormatManeuver(o.Moves), err)
			}
		}
		byDistance := map[int][]int{}
		var within []int
		for i, row := range tb.Rows {
			if d, ok := row[col(tc.column)].(int64); ok && d <= int64(deepest[tc.metric]) {
				byDistance[int(d)] = append(byDistance[int(d)], i)
				within = append(within, i)
			}
		}
		for d, rows := range byDistance {
			for range min(len(rows), perDistance) {
				check(tb.Rows[rows[rng.IntN(len(rows))]], d)
			}
		}
		for range sample {
			row := tb.Rows[within[rng.IntN(len(within))]]
			check(row, int(row[col(tc.column)].(int64)))
		}
	}
}

// BenchmarkOptimal times the optimal solver on both cores, on scrambles of
// 13 random face turns (distances about 12 to 13).
func BenchmarkOptimal(b *testing.B) {
	for _, m := range []cube.Metric{cube.HTM, cube.QTM} {
		b.Run(m.String(), func(b *testing.B) {
			if _, err := shared.Optimal(context.Background(), cube.Solved, m, 2); err != nil { // loads the table
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(23, 24))
			var nodes int64
			for b.Loop() {
				o, err := shared.Optimal(context.Background(), cube.Scramble(rng, 13), m, 2)
				if err != nil {
					b.Fatal(err)
				}
				nodes += o.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/solve")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// TestInverseTriple: the coordinates read off a cube for its inverse are
// those of the inverse.
func TestInverseTriple(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for range 200 {
		c := cube.Random(rng)
		var axes [3]cube.Cube
		for k, y := range axisSyms {
			axes[k] = cube.Conjugate(c, y)
		}
		if got, want := inverseTriple(&axes), shared.tripleOf(cube.Inverse(c)); got != want {
			t.Fatalf("inverse coordinates %v, want %v", got, want)
		}
	}
}

// TestOptimalRoots: the subtrees a depth is cut into are, where no bound
// cuts, the canonical sequences the canonical stage counts (its automaton,
// another construction of the same rule), each once; on random cubes, those
// of them of which no beginning's bound exceeds the moves left.
func TestOptimalRoots(t *testing.T) {
	for _, set := range []cube.MoveSet{cube.FaceTurns, cube.QuarterTurns} {
		table, err := shared.optimalTable(set.Metric)
		if err != nil {
			t.Fatal(err)
		}
		counts := enumerate.NewAutomaton(set).Counts(rootMoves)
		for n := 1; n <= rootMoves; n++ {
			roots, bounded := shared.liveRoots(table, shared.tripleOf(cube.Solved), set.Metric, n, maxOptimalDepth+n)
			seen := map[string]bool{}
			for _, r := range roots {
				seen[rootKey(r)] = true
			}
			if int64(len(roots)) != counts[n].Int64() || len(seen) != len(roots) || bounded < int64(len(roots)) {
				t.Errorf("%v: %d sequences of %d moves, %d of them distinct, %d bounded; the automaton counts %v", set.Metric, len(roots), n, len(seen), bounded, counts[n])
			}
		}
		all, _ := shared.liveRoots(table, shared.tripleOf(cube.Solved), set.Metric, rootMoves, maxOptimalDepth+rootMoves)
		rng := rand.New(rand.NewPCG(29, 30))
		for range 3 {
			c := cube.Random(rng)
			start := shared.tripleOf(c)
			depth := table.bound(&start) + 2
			var want [][]cube.Move
			for _, r := range all {
				t, cut := start, false
				for i, m := range r {
					t = table.move(&t, m)
					cut = cut || table.bound(&t) > depth-i-1
				}
				if !cut {
					want = append(want, r)
				}
			}
			got, _ := shared.liveRoots(table, start, set.Metric, rootMoves, depth)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("%v: %d roots at depth %d, want %d", set.Metric, len(got), depth, len(want))
			}
		}
	}
}

// TestRootOrder: after a depth, the next one searches its roots by
// decreasing nodes there (of their beginnings, where the roots grew), ties
// in move order; roots it did not search count 0.
func TestRootOrder(t *testing.T) {
	table, err := shared.optimalTable(cube.HTM)
	if err != nil {
		t.Fatal(err)
	}
	solved := shared.tripleOf(cube.Solved)
	short, _ := shared.liveRoots(table, solved, cube.HTM, 1, maxOptimalDepth)
	long, _ := shared.liveRoots(table, solved, cube.HTM, 2, maxOptimalDepth)
	var o rootOrder
	if got := o.next(short); !slices.Equal(got, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}) {
		t.Fatalf("the first depth's order %v, want move order", got)
	}
	copy(o.nodes, []int64{5, 9, 5, 0, 9})
	if got := o.next(short[2:]); !slices.Equal(got[:4], []int{2, 0, 1, 3}) || len(got) != len(short)-2 {
		t.Errorf("order %v, want 2 (9 nodes), 0 (5), then the rest from 1 on", got)
	}
	o.nodes[7] = 1 // the roots beginning with short[9]
	got := o.next(long)
	if len(got) != len(long) || o.searched() != 0 {
		t.Fatalf("%d roots, %d nodes counted before the search", len(got), o.searched())
	}
	leading := 0
	for _, r := range long {
		if r[0] == short[9][0] {
			leading++
		}
	}
	for i, j := range got {
		first := long[j][0] == short[9][0]
		if first != (i < leading) || i > 0 && first == (long[got[i-1]][0] == short[9][0]) && j < got[i-1] {
			t.Fatalf("longer roots ordered %v: want those beginning with %v first (their beginning's nodes), each group in move order", got, short[9])
		}
	}
}

// TestSliceTurnMoves: the optimal search's slice turns, seen along each
// axis, are the conjugates of their effect relative to the centers, and
// each lies in the goal group of the axis moveAxis gives it (de Bondt's
// rule and the inverse's inherited bound need that); the canonical
// sequences of STM (canFollow) of each length n up to 4 reach every
// position at distance n, the breadth-first search's, each sequence once.
func TestSliceTurnMoves(t *testing.T) {
	for k, y := range axisSyms {
		for m := range cube.Move(nUnits) {
			if seen := axisMoves[k][m]; unitCube[seen] != cube.Conjugate(unitCube[m], y) {
				t.Fatalf("%v seen along axis %d: %v", m, k, seen)
			}
		}
	}
	for m := range cube.Move(nUnits) {
		if axisMoves[moveAxis[m]][m].Axis() != cube.AxisUD {
			t.Fatalf("%v is not a turn of axis %d's layers", m, moveAxis[m])
		}
	}
	table, err := shared.optimalTable(cube.STM)
	if err != nil {
		t.Fatal(err)
	}
	levels := breadthFirst(cube.STM, 4)
	for n := 1; n <= 4; n++ {
		roots, _ := shared.liveRoots(table, shared.tripleOf(cube.Solved), cube.STM, n, maxOptimalDepth+n)
		reached := map[cube.Key]bool{}
		seqs := map[string]bool{}
		for _, r := range roots {
			c := cube.Solved
			for _, m := range r {
				c = cube.Times(c, unitCube[m])
			}
			reached[c.Key()], seqs[rootKey(r)] = true, true
		}
		for _, c := range levels[n] {
			if !reached[c.Key()] {
				t.Fatalf("no canonical sequence of %d slice-turn moves reaches a position at distance %d", n, n)
			}
		}
		if len(seqs) != len(roots) {
			t.Fatalf("%d canonical sequences of %d moves, %d distinct", len(roots), n, len(seqs))
		}
		t.Logf("%d moves: %d canonical sequences, %d positions at that distance", n, len(roots), len(levels[n]))
	}
}
