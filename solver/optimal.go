package solver

import (
	"context"
	"fmt"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// The optimal solver in face turns: Mike Reid's method, Cube Explorer's
// "standard optimal solver" (seed 000, "The Optimal Solvers"). An
// iterative-deepening search over canonical sequences is pruned by the
// phase-1 distance seen along each of the three axes, whose goal groups
// intersect in a group holding the solved cube: the largest of the three
// bounds the distance, plus one when all three are equal and not 0 (Michiel
// de Bondt's remark: a move from the intersection leaves at least one of
// the three at 0, so n moves from it leave one of them below n). A
// sequence that brings all three to 0 is checked on the whole cube.
//
// Depths are searched in order, so the first solution found is optimal.
// The sequences of each depth are cut into subtrees by their first two
// moves, searched on the workers and merged in order: the solution
// returned is the first in that order whatever the worker count.

// axisSyms take the U-D axis to each of the three axes (the rotations about
// the URF-DBL diagonal, x1 = 0, 1, 2 in cube.Sym).
var axisSyms = [3]cube.Sym{0, 16, 32}

// axisMoves[k][m] is face turn m seen along axis k: S^-1 m S for S =
// axisSyms[k], the move its conjugated cube makes.
var axisMoves = func() (t [3][cube.NFaceMoves]cube.Move) {
	for k, s := range axisSyms {
		for m := range cube.Move(cube.NFaceMoves) {
			t[k][m] = cube.ConjugateMove(m, s)
		}
	}
	return t
}()

// triple is a cube's phase-1 coordinates along the three axes.
type triple [3]struct{ twist, flip, slice uint16 }

func (s *Solver) tripleOf(c cube.Cube) triple {
	var t triple
	for k, y := range axisSyms {
		d := cube.Conjugate(c, y)
		t[k].twist, t[k].flip, t[k].slice = uint16(d.Twist()), uint16(d.Flip()), uint16(d.Slice())
	}
	return t
}

func (s *Solver) move(t *triple, m cube.Move) triple {
	var u triple
	for k := range t {
		mk := axisMoves[k][m]
		u[k].twist, u[k].flip, u[k].slice = s.twist[t[k].twist][mk], s.flip[t[k].flip][mk], s.slice[t[k].slice][mk]
	}
	return u
}

// bound is the lower bound on the distance of a cube with coordinates t.
func (s *Solver) bound(t *triple) int {
	var d [3]int
	for k := range t {
		d[k] = s.p1.distance(int(t[k].slice)*cube.NFlip+int(t[k].flip), int(t[k].twist))
	}
	h := max(d[0], d[1], d[2])
	if d[0] == d[1] && d[1] == d[2] && h > 0 {
		h++
	}
	return h
}

// Optimal is the result of an optimal search.
type Optimal struct {
	Moves []cube.Move // an optimal solution; nil when the budget ran out first
	// Lower is the distance proven: every shorter sequence was searched
	// (when Moves is set, len(Moves)).
	Lower int
	Nodes int64
}

// Optimal returns a shortest maneuver solving c in face turns, searching on
// workers goroutines. With s.NodeBudget set, a search that spends it
// returns ErrBudget with the lower bound it proved; a depth is counted as
// searched only when it was searched whole.
func (s *Solver) Optimal(ctx context.Context, c cube.Cube, workers int) (Optimal, error) {
	if err := c.Verify(); err != nil {
		return Optimal{}, fmt.Errorf("solver: %w", err)
	}
	start := s.tripleOf(c)
	res := Optimal{Lower: s.bound(&start)}
	if c == cube.Solved {
		return Optimal{Moves: []cube.Move{}}, nil
	}
	for depth := max(res.Lower, 1); ; depth++ {
		roots := optimalRoots(min(depth, 2))
		type result struct {
			moves []cube.Move
			nodes int64
		}
		newWorker := func(int) func(int) result {
			o := &optimalSearch{s: s, cube: c}
			return func(i int) result {
				o.nodes, o.path = 0, append(o.path[:0], roots[i]...)
				t := start
				for _, m := range roots[i] {
					t = s.move(&t, m)
				}
				if o.dfs(&t, depth-len(roots[i])) {
					return result{append([]cube.Move{}, o.path...), o.nodes}
				}
				return result{nil, o.nodes}
			}
		}
		var found []cube.Move
		merge := func(_ int, r result) (bool, error) {
			res.Nodes += r.nodes
			if r.moves != nil {
				found = r.moves
				return false, nil
			}
			return s.NodeBudget <= 0 || res.Nodes <= s.NodeBudget, nil
		}
		merged, err := parallel.Ordered(ctx, 0, len(roots), workers, newWorker, merge)
		switch {
		case err != nil:
			return res, err
		case found != nil:
			res.Moves, res.Lower = found, len(found)
			return res, nil
		case merged < len(roots):
			return res, ErrBudget
		}
		res.Lower = depth + 1
	}
}

// optimalRoots lists the canonical sequences of n moves (1 or 2), in move
// order: the subtrees a depth is cut into.
func optimalRoots(n int) [][]cube.Move {
	var roots [][]cube.Move
	for a := range cube.Move(cube.NFaceMoves) {
		if n == 1 {
			roots = append(roots, []cube.Move{a})
			continue
		}
		for b := range cube.Move(cube.NFaceMoves) {
			if cube.CanFollow(a, b) {
				roots = append(roots, []cube.Move{a, b})
			}
		}
	}
	return roots
}

// optimalSearch is one worker's depth-first search.
type optimalSearch struct {
	s     *Solver
	cube  cube.Cube
	path  []cube.Move
	nodes int64
}

// dfs searches the canonical sequences of exactly left more moves after
// o.path, whose coordinates are t, for one that solves the cube.
func (o *optimalSearch) dfs(t *triple, left int) bool {
	o.nodes++
	h := o.s.bound(t)
	if h > left {
		return false
	}
	if left == 0 {
		return o.solves()
	}
	last := o.path[len(o.path)-1]
	for m := range cube.Move(cube.NFaceMoves) {
		if !cube.CanFollow(last, m) {
			continue
		}
		u := o.s.move(t, m)
		o.path = append(o.path, m)
		if o.dfs(&u, left-1) {
			return true
		}
		o.path = o.path[:len(o.path)-1]
	}
	return false
}

// solves reports whether o.path solves the cube; the search asks only
// where the three phase-1 distances are 0.
func (o *optimalSearch) solves() bool {
	c := o.cube
	for _, m := range o.path {
		c.Move(&c, m)
	}
	return c == cube.Solved
}
