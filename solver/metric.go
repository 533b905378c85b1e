package solver

import (
	"fmt"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// FindIn is Find in metric m: a maneuver of at most maxLength moves of m
// solving c, in quarter turns (QTM) or face and slice turns (STM, the
// slice turns relative to the centers and printed as usual: cube.Reframe).
// It is the two-phase algorithm with m's moves in both phases (seed 000,
// "The Two-Phase Algorithm"; Cube Explorer's solver in q and s): phase 1
// reaches H by the moves of m, pruned by phase 1's exact table in m, and
// phase 2 solves within H by m's moves that keep H (coord.Phase2Metric).
// In HTM it is Find.
func (s *Solver) FindIn(c cube.Cube, m cube.Metric, maxLength int) (Solution, error) {
	if m == cube.HTM {
		return s.Find(c, maxLength)
	}
	if err := c.Verify(); err != nil {
		return Solution{}, fmt.Errorf("solver: %w", err)
	}
	p1, err := s.Tables.Phase1In(m)
	if err != nil {
		return Solution{}, fmt.Errorf("solver: %w", err)
	}
	p2, err := s.Tables.Phase2In(m)
	if err != nil {
		return Solution{}, fmt.Errorf("solver: %w", err)
	}
	r := &metricRun{Solver: s, metric: m, p1: p1, moves: s.Tables.MoveTablesIn(m), p2: p2, units: cube.MoveSetOf(m).Units(),
		count: nodeCount{budget: s.NodeBudget}}
	sol, err := s.bestOf(c, m, maxLength, &r.count, func(t *cube.Cube, depth, limit int) ([]cube.Move, int, bool) {
		r.target, r.path = *t, r.path[:0]
		if sol, ok := r.phase1(t.Twist(), t.Flip(), t.Slice(), depth, limit); ok {
			return sol, 0, true
		}
		return r.withTails(*t, depth, limit)
	})
	sol.Moves = cube.Reframe(sol.Moves)
	return sol, err
}

// metricRun is the state of one FindIn.
type metricRun struct {
	*Solver
	metric cube.Metric
	p1     *coord.SymTable
	moves  *coord.MoveTables // columns by cube.Move
	p2     *coord.Phase2Metric
	units  []cube.Move // the moves of cost 1: phase 1's steps
	target cube.Cube   // the direction's cube searched
	path   []cube.Move // phase 1's units, then phase 2's moves
	count  nodeCount
	tail   [maxTail]cube.Move // as run.tail
}

// phase1 searches the canonical sequences of exactly depth units from
// the coordinates (twist, flip, slice) that end in H with a unit outside
// H (else a shorter phase 1 reached H first), and tries phase 2 at each
// within the remaining length.
func (r *metricRun) phase1(twist, flip, slice, depth, maxLength int) ([]cube.Move, bool) {
	if !r.count.visit() || r.p1.Distance(slice*cube.NFlip+flip, twist) > depth {
		return nil, false
	}
	k := len(r.path)
	if depth == 0 {
		return r.phase2From(maxLength - k)
	}
	for _, m := range r.units {
		if !canFollow(r.metric, r.path, m) || depth == 1 && inH[m] {
			continue
		}
		r.path = append(r.path, m)
		sol, ok := r.phase1(int(r.moves.Twist[twist][m]), int(r.moves.Flip[flip][m]), int(r.moves.Slice[slice][m]), depth-1, maxLength)
		r.path = r.path[:k]
		if ok {
			return sol, true
		}
	}
	return nil, false
}

// metricMinPhase1 is minPhase1 in QTM and STM: at phase-1 depth d, tails
// of up to d-metricMinPhase1[metric] units. Chosen among 5 to 11 on 100
// random cubes within 26 and 25 quarter turns (8: 62 and 235 ms a cube,
// against 140 and 410 without tails) and on the 87 positions of coset
// 54338795 that were hardest within 18 slice turns (7: 8 s for all 87,
// against 276 s without tails; 6 and 8 took 16 and 19 s); BENCHMARKS.md.
var metricMinPhase1 = [cube.NMetrics]int{cube.QTM: 8, cube.STM: 7}

// withTails is run.withTails with the metric's units: the solutions W·T of
// x with a tail T of 1 to depth-metricMinPhase1 units whose first is
// outside H, W found by the two phases from T·x.
func (r *metricRun) withTails(x cube.Cube, depth, maxLength int) ([]cube.Move, int, bool) {
	return searchTails(&r.tail, r.metric, r.units, x, 0, min(depth-metricMinPhase1[r.metric], maxTail), func(next *cube.Cube, k int) ([]cube.Move, bool) {
		r.target, r.path = *next, r.path[:0]
		return r.phase1(next.Twist(), next.Flip(), next.Slice(), depth-k-1, maxLength-k-1)
	})
}

// inH[m] reports whether move m keeps H (its cube is in H).
var inH = func() (t [nUnits]bool) {
	for m := range cube.Move(nUnits) {
		c := cube.CubeOf(m)
		t[m] = coord.CosetOf(&c) == coord.Coset{}
	}
	return t
}()

// phase2From solves the cube phase 1's path brought into H within budget
// moves of the metric, deepening phase 2's length from its bound.
func (r *metricRun) phase2From(budget int) ([]cube.Move, bool) {
	c := r.target
	for _, m := range r.path {
		c.Mul(&c, &unitCube[m])
	}
	co, ed, so := c.CornerPerm(), c.UDEdgePerm(), c.SliceSorted()
	bound := r.p2.Bound(co, ed, so)
	if bound > budget {
		return nil, false
	}
	for depth := max(bound, r.p2.BoundCornersEdges(co, ed)); depth <= budget; depth++ {
		if r.phase2(co, ed, so, depth) {
			return append([]cube.Move{}, r.path...), true
		}
	}
	return nil, false
}

// phase2 searches phase 2's canonical sequences of at most depth (cost)
// from the coordinates, appending to r.path, which holds the solution
// when it returns true.
func (r *metricRun) phase2(co, ed, so, depth int) bool {
	if !r.count.visit() {
		return false
	}
	if co == 0 && ed == 0 && so == 0 {
		return true
	}
	if depth == 0 || r.p2.Bound(co, ed, so) > depth || r.p2.BoundCornersEdges(co, ed) > depth {
		return false
	}
	k := len(r.path)
	p := r.p2
	for i, m := range p.Moves {
		if int(p.Cost[i]) > depth || !canFollow(r.metric, r.path, m) {
			continue
		}
		r.path = append(r.path, m)
		if r.phase2(int(p.Corners[co][i]), int(p.UDEdges[ed][i]), int(p.SliceOrder[so][i]), depth-int(p.Cost[i])) {
			return true
		}
		r.path = r.path[:k]
	}
	return false
}
