package solver

import (
	"errors"
	"fmt"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// ErrNoSolution is returned when no maneuver within the length limit was
// found.
var ErrNoSolution = errors.New("no solution within the length limit")

// ErrBudget is returned when a search visits more nodes than Solver.NodeBudget.
var ErrBudget = errors.New("search node budget exhausted")

// Solver searches with the move and pruning tables of the coordinate
// level (coord). It may be used by several goroutines at once.
type Solver struct {
	// ExtraDepths is how many phase-1 lengths beyond the first success
	// Solve still tries for a shorter total: 0 returns the first solution
	// (fastest), New sets 2.
	ExtraDepths int
	// NodeBudget, if positive, bounds the search nodes of one Solve; past
	// it Solve returns the best solution found, or ErrBudget. Unlike a
	// timeout it gives the same answer on every machine.
	NodeBudget int64
	// Tables are the coordinates' move and pruning tables (coord).
	Tables *coord.Tables
}

// New returns a solver with the default coord.Config. It panics only if a
// table in the cache is damaged in a way its checksum missed.
func New() *Solver {
	s, err := NewWith(coord.Config{})
	if err != nil {
		panic(err)
	}
	return s
}

// NewWith returns a solver over the tables cfg names, the two-phase ones
// loaded from the cache folder when they are there, else built and stored
// there.
func NewWith(cfg coord.Config) (*Solver, error) {
	t, err := coord.Load(cfg)
	if err != nil {
		return nil, err
	}
	return &Solver{ExtraDepths: 2, Tables: t}, nil
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

// direction is one of the six ways the search looks at a cube (seed 000,
// "The Two-Phase Algorithm": Cube Explorer searches the cube seen along
// each of its three axes, and its inverse): the cube, or its inverse,
// conjugated by a rotation about the URF-DBL diagonal, which takes the
// U-D axis to another. Phase 1 of one direction may be far shorter than
// of another.
type direction struct {
	sym     cube.Sym
	inverse bool
}

var directions = [6]direction{{0, false}, {16, false}, {32, false}, {0, true}, {16, true}, {32, true}}

// target returns the cube the direction searches.
func (d direction) target(c cube.Cube) cube.Cube {
	if d.inverse {
		c = cube.Inverse(c)
	}
	return cube.Conjugate(c, d.sym)
}

// back turns a solution of d.target(c) into one of c: if S^-1 c S w = 1
// then c (S w S^-1) = 1, and if c^-1 w = 1 then c w^-1 = 1.
func (d direction) back(w []cube.Move) []cube.Move {
	out := make([]cube.Move, len(w))
	for i, m := range w {
		out[i] = cube.ConjugateMove(m, d.sym.Inverse())
	}
	if d.inverse {
		return cube.InverseManeuver(out)
	}
	return out
}

// Find is Solve, also counting the nodes searched. When the node budget
// runs out after a solution was found, it returns the best one so far;
// before, ErrBudget.
func (s *Solver) Find(c cube.Cube, maxLength int) (Solution, error) {
	if err := c.Verify(); err != nil {
		return Solution{}, fmt.Errorf("solver: %w", err)
	}
	r := &run{Solver: s, Tables: s.Tables}
	var targets [len(directions)]cube.Cube
	for i, d := range directions {
		targets[i] = d.target(c)
	}
	var best []cube.Move
	found := false
	limit, lastDepth := maxLength, maxLength
	var path []cube.Move
search:
	for depth := 0; depth <= min(limit, lastDepth); depth++ {
		for i, d := range directions {
			t := &targets[i]
			path = path[:0]
			if sol, ok := r.phase1(t, t.Twist(), t.Flip(), t.Slice(), depth, &path, limit); ok {
				sol = cube.Simplify(d.back(sol))
				if !found {
					lastDepth = depth + s.ExtraDepths
				}
				if !found || len(sol) < len(best) {
					best, found = sol, true
					limit = len(sol) - 1
				}
				if s.ExtraDepths == 0 {
					break search
				}
			}
			if r.overBudget() {
				break search
			}
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
	*coord.Tables
	nodes int64
}

// visit counts a node and reports whether the search may go on.
func (r *run) visit() bool {
	r.nodes++
	return !r.overBudget()
}

func (r *run) overBudget() bool { return r.NodeBudget > 0 && r.nodes > r.NodeBudget }

// phase1 searches the phase-1 sequences of exactly depth more moves from
// coordinates (tw, fl, sl) of cube c's path so far; at each arrival in H it
// tries phase 2 within the remaining length. The table's distance is
// exact, so a sequence is cut as soon as it cannot reach H in time.
func (r *run) phase1(c *cube.Cube, tw, fl, sl, depth int, path *[]cube.Move, maxLength int) ([]cube.Move, bool) {
	if !r.visit() || r.Phase1.Distance(sl*cube.NFlip+fl, tw) > depth {
		return nil, false
	}
	return r.phase1Below(c, tw, fl, sl, depth, path, maxLength)
}

// phase1Below is phase1 on a node already counted and within reach. The
// children's distances are looked up together before any is searched: the
// lookups are cache misses, and independent ones overlap. Each child is
// counted as a node just before it is searched, as phase1 counts it, so a
// node budget ends a search at the same node.
func (r *run) phase1Below(c *cube.Cube, tw, fl, sl, depth int, path *[]cube.Move, maxLength int) ([]cube.Move, bool) {
	if depth == 0 {
		// Phase 1 must end with a move outside H, or it was found shorter.
		if n := len(*path); n == 0 || (*path)[n-1].Axis() != cube.AxisUD && (*path)[n-1].Power() != 2 {
			return r.phase2From(c, *path, maxLength-n)
		}
		return nil, false
	}
	type child struct {
		m          cube.Move
		tw, fl, sl int
		h          int
	}
	var children [cube.NFaceMoves]child
	n := 0
	for m := range cube.Move(cube.NFaceMoves) {
		if k := len(*path); k > 0 && !cube.CanFollow((*path)[k-1], m) {
			continue
		}
		children[n] = child{m: m, tw: int(r.Twist[tw][m]), fl: int(r.Flip[fl][m]), sl: int(r.Slice[sl][m])}
		n++
	}
	for i := range n {
		ch := &children[i]
		ch.h = r.Phase1.Distance(ch.sl*cube.NFlip+ch.fl, ch.tw)
	}
	for i := range n {
		ch := &children[i]
		if !r.visit() {
			return nil, false
		}
		if ch.h > depth-1 {
			continue
		}
		*path = append(*path, ch.m)
		sol, ok := r.phase1Below(c, ch.tw, ch.fl, ch.sl, depth-1, path, maxLength)
		*path = (*path)[:len(*path)-1]
		if ok {
			return sol, true
		}
	}
	return nil, false
}

// phase2From applies the phase-1 maneuver to c and solves the result in H
// within budget moves.
func (r *run) phase2From(c *cube.Cube, p1 []cube.Move, budget int) ([]cube.Move, bool) {
	h := *c
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
	if h := max(int(r.PruneCorners[co*coord.NSliceOrder+so]), r.Phase2.Distance(co, ed)); h > depth {
		return false
	}
	for i, m := range coord.Phase2Moves {
		if last < cube.NMoves && !cube.CanFollow(last, m) {
			continue
		}
		*path = append(*path, m)
		if r.phase2(int(r.Corners[co][i]), int(r.UDEdges[ed][i]), int(r.SliceOrder[so][i]), depth-1, m, path) {
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
	return cube.InverseManeuver(sol), nil
}
