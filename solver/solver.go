package solver

import (
	"errors"
	"fmt"

	"github.com/cubecensus/cubecensus/cube"
)

// ErrNoSolution is returned when no maneuver within the length limit was
// found.
var ErrNoSolution = errors.New("no solution within the length limit")

// ErrBudget is returned when a search visits more nodes than Solver.NodeBudget.
var ErrBudget = errors.New("search node budget exhausted")

// Solver holds the move and pruning tables of the two-phase algorithm.
type Solver struct {
	// ExtraDepths is how many phase-1 lengths beyond the first success
	// Solve still tries for a shorter total: 0 returns the first solution
	// (fastest), New sets 2 (about 21 moves on average).
	ExtraDepths int
	// NodeBudget, if positive, bounds the search nodes of one Solve; past
	// it Solve returns ErrBudget. Unlike a timeout it gives the same answer
	// on every machine.
	NodeBudget int64

	twist, flip, slice        moveTable // phase 1, all 18 moves
	corners, udEdges, sliceOr moveTable // phase 2, the 10 moves of H
	pruneTwist, pruneFlip     []int8    // (twist, slice), (flip, slice)
	pruneCorners, pruneEdges  []int8    // (corners, slice order), (U/D edges, slice order)
}

// New builds the tables.
func New() *Solver {
	all := make([]cube.Move, cube.NFaceMoves)
	for i := range all {
		all[i] = cube.Move(i)
	}
	s := &Solver{
		ExtraDepths: 2,
		twist:       buildMoveTable(cube.NTwist, all, (*cube.Cube).SetTwist, (*cube.Cube).Twist),
		flip:        buildMoveTable(cube.NFlip, all, (*cube.Cube).SetFlip, (*cube.Cube).Flip),
		slice:       buildMoveTable(cube.NSlice, all, (*cube.Cube).SetSlice, (*cube.Cube).Slice),
		corners:     buildMoveTable(cube.NCornerPerm, phase2Moves, (*cube.Cube).SetCornerPerm, (*cube.Cube).CornerPerm),
		udEdges:     buildMoveTable(cube.NUDEdgePerm, phase2Moves, (*cube.Cube).SetUDEdgePerm, (*cube.Cube).UDEdgePerm),
		sliceOr:     buildMoveTable(nSliceOrder, phase2Moves, (*cube.Cube).SetSliceSorted, (*cube.Cube).SliceSorted),
	}
	s.pruneTwist = buildPruneTable(s.twist, s.slice, len(all))
	s.pruneFlip = buildPruneTable(s.flip, s.slice, len(all))
	s.pruneCorners = buildPruneTable(s.corners, s.sliceOr, len(phase2Moves))
	s.pruneEdges = buildPruneTable(s.udEdges, s.sliceOr, len(phase2Moves))
	return s
}

// Solution is what one search found and what it cost.
type Solution struct {
	Moves []cube.Move // a maneuver solving the cube
	Nodes int64       // search nodes visited
}

// Solve returns a maneuver of at most maxLength face turns that solves c
// (c followed by the maneuver is the solved cube), or ErrNoSolution. It
// tries phase-1 lengths in increasing order; after the first complete
// solution it tries s.ExtraDepths more, each time asking for a shorter
// total.
func (s *Solver) Solve(c cube.Cube, maxLength int) ([]cube.Move, error) {
	sol, err := s.Find(c, maxLength)
	return sol.Moves, err
}

// Find is Solve, also counting the nodes searched. When the node budget
// runs out after a solution was found, it returns the best one so far;
// before, ErrBudget.
func (s *Solver) Find(c cube.Cube, maxLength int) (Solution, error) {
	if err := c.Verify(); err != nil {
		return Solution{}, fmt.Errorf("solver: %w", err)
	}
	r := &run{Solver: s}
	var best []cube.Move
	found := false
	limit, lastDepth := maxLength, maxLength
	var p1 []cube.Move
	for depth := 0; depth <= min(limit, lastDepth); depth++ {
		p1 = p1[:0]
		if sol, ok := r.phase1(c, c.Twist(), c.Flip(), c.Slice(), depth, &p1, limit); ok {
			sol = cube.Simplify(sol)
			if !found {
				lastDepth = depth + s.ExtraDepths
			}
			if !found || len(sol) < len(best) {
				best, found = sol, true
				limit = len(sol) - 1
			}
		}
		if r.overBudget() {
			break
		}
	}
	switch {
	case found:
		return Solution{best, r.nodes}, nil
	case r.overBudget():
		return Solution{Nodes: r.nodes}, ErrBudget
	}
	return Solution{Nodes: r.nodes}, ErrNoSolution
}

// run is the state of one Solve: the tables and the nodes visited.
type run struct {
	*Solver
	nodes int64
}

// visit counts a node and reports whether the search may go on.
func (r *run) visit() bool {
	r.nodes++
	return !r.overBudget()
}

func (r *run) overBudget() bool { return r.NodeBudget > 0 && r.nodes > r.NodeBudget }

// phase1 searches the phase-1 sequences of exactly depth more moves from
// coordinates (tw, fl, sl); at each arrival in H it tries phase 2 within the
// remaining length.
func (r *run) phase1(c cube.Cube, tw, fl, sl, depth int, path *[]cube.Move, maxLength int) ([]cube.Move, bool) {
	if !r.visit() {
		return nil, false
	}
	if depth == 0 {
		if tw != 0 || fl != 0 || sl != 0 {
			return nil, false
		}
		// Phase 1 must end with a move outside H, or it was found shorter.
		if n := len(*path); n > 0 && (*path)[n-1].Axis() != cube.AxisUD && (*path)[n-1].Power() != 2 {
			return r.phase2From(c, *path, maxLength-n)
		}
		if len(*path) == 0 {
			return r.phase2From(c, *path, maxLength)
		}
		return nil, false
	}
	if h := max(r.pruneTwist[tw*cube.NSlice+sl], r.pruneFlip[fl*cube.NSlice+sl]); int(h) > depth {
		return nil, false
	}
	for m := range cube.Move(cube.NFaceMoves) {
		if n := len(*path); n > 0 && !cube.CanFollow((*path)[n-1], m) {
			continue
		}
		*path = append(*path, m)
		sol, ok := r.phase1(c, int(r.twist[tw][m]), int(r.flip[fl][m]), int(r.slice[sl][m]), depth-1, path, maxLength)
		*path = (*path)[:len(*path)-1]
		if ok {
			return sol, true
		}
	}
	return nil, false
}

// phase2From applies the phase-1 maneuver to c and solves the result in H
// within budget moves.
func (r *run) phase2From(c cube.Cube, p1 []cube.Move, budget int) ([]cube.Move, bool) {
	h := c
	for _, m := range p1 {
		h.Move(&h, m)
	}
	co, ed, so := h.CornerPerm(), h.UDEdgePerm(), h.SliceSorted()
	// Phase 2 may begin on the layer phase 1 ended on; Solve merges the two.
	var last cube.Move = cube.NMoves
	for depth := 0; depth <= budget; depth++ {
		var p2 []cube.Move
		if r.phase2(co, ed, so, depth, last, &p2) {
			return append(append([]cube.Move{}, p1...), p2...), true
		}
	}
	return nil, false
}

func (r *run) phase2(co, ed, so, depth int, last cube.Move, path *[]cube.Move) bool {
	if !r.visit() {
		return false
	}
	if depth == 0 {
		return co == 0 && ed == 0 && so == 0
	}
	if h := max(r.pruneCorners[co*nSliceOrder+so], r.pruneEdges[ed*nSliceOrder+so]); int(h) > depth {
		return false
	}
	for i, m := range phase2Moves {
		if last < cube.NMoves && !cube.CanFollow(last, m) {
			continue
		}
		*path = append(*path, m)
		if r.phase2(int(r.corners[co][i]), int(r.udEdges[ed][i]), int(r.sliceOr[so][i]), depth-1, m, path) {
			return true
		}
		*path = (*path)[:len(*path)-1]
	}
	return false
}

// Generator returns a maneuver that generates c from the solved cube: the
// inverse of a solution.
func (s *Solver) Generator(c cube.Cube, maxLength int) ([]cube.Move, error) {
	sol, err := s.Solve(c, maxLength)
	if err != nil {
		return nil, err
	}
	gen := make([]cube.Move, len(sol))
	for i, m := range sol {
		gen[len(sol)-1-i] = m.Inverse()
	}
	return gen, nil
}
