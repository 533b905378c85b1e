package solver

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
	"github.com/cubecensus/cubecensus/internal/tablecache"
)

// The optimal solver in face turns or quarter turns: Mike Reid's method,
// Cube Explorer's "standard optimal solver" (seed 000, "The Optimal
// Solvers"). An iterative-deepening search over canonical sequences is
// pruned by the phase-1 distance (in the metric searched) seen along each
// of the three axes, whose goal groups
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

// triple is a cube's coordinates along the three axes: phase 1's and the
// corners' layers (the big table's).
type triple [3]struct {
	twist, flip, slice uint16
	layer              uint8
}

func (s *Solver) tripleOf(c cube.Cube) triple {
	var t triple
	for k, y := range axisSyms {
		d := cube.Conjugate(c, y)
		t[k].twist, t[k].flip, t[k].slice, t[k].layer = uint16(d.Twist()), uint16(d.Flip()), uint16(d.Slice()), uint8(d.CornerLayer())
	}
	return t
}

func (s *Solver) move(t *triple, m cube.Move) triple {
	var u triple
	for k := range t {
		mk := axisMoves[k][m]
		u[k].twist, u[k].flip, u[k].slice = s.twist[t[k].twist][mk], s.flip[t[k].flip][mk], s.slice[t[k].slice][mk]
		u[k].layer = uint8(s.layer[t[k].layer][mk])
	}
	return u
}

// optimalTable bounds the distance seen along one axis: by the big table
// when the solver has it, else by phase 1's.
type optimalTable struct {
	p1  *symTable
	big *bigTable
}

// axis returns the bound of axis k of t.
func (p optimalTable) axis(t *triple, k int) int {
	fs := int(t[k].slice)*cube.NFlip + int(t[k].flip)
	if p.big != nil {
		return p.big.distance(fs, int(t[k].twist), int(t[k].layer))
	}
	return p.p1.distance(fs, int(t[k].twist))
}

// bound is the lower bound on the distance of a cube with coordinates t:
// the largest axis, plus one when all three are equal and not 0 (both
// tables' goal groups hold the turns of their axis's faces).
func (p optimalTable) bound(t *triple) int {
	var d [3]int
	for k := range t {
		d[k] = p.axis(t, k)
	}
	h := max(d[0], d[1], d[2])
	if d[0] == d[1] && d[1] == d[2] && h > 0 {
		h++
	}
	return h
}

// exceeds reports whether bound(t) > left, looking up no more axes than
// it needs: most nodes are cut by the first or second.
func (p optimalTable) exceeds(t *triple, left int) bool {
	var d [3]int
	for k := range t {
		if d[k] = p.axis(t, k); d[k] > left {
			return true
		}
	}
	return d[0] == d[1] && d[1] == d[2] && d[0] == left && left > 0
}

// Optimal is the result of an optimal search.
type Optimal struct {
	Moves []cube.Move // an optimal solution; nil when the budget ran out first
	// Lower is the distance proven: every shorter sequence was searched
	// (when Moves is set, len(Moves)).
	Lower int
	Nodes int64
}

// Optimal returns a shortest maneuver solving c in metric m (HTM or QTM:
// its length in m is the distance), searching on workers goroutines. The
// QTM table is built or loaded on first use. With s.NodeBudget set, a
// search that spends it returns ErrBudget with the lower bound it proved;
// a depth is counted as searched only when it was searched whole.
func (s *Solver) Optimal(ctx context.Context, c cube.Cube, m cube.Metric, workers int) (Optimal, error) {
	if err := c.Verify(); err != nil {
		return Optimal{}, fmt.Errorf("solver: %w", err)
	}
	if m != cube.HTM && m != cube.QTM {
		return Optimal{}, fmt.Errorf("solver: optimal solutions in %v are not supported (HTM or QTM)", m)
	}
	table, err := s.optimalTable(m)
	if err != nil {
		return Optimal{}, err
	}
	start := s.tripleOf(c)
	res := Optimal{Lower: table.bound(&start)}
	if c == cube.Solved {
		return Optimal{Moves: []cube.Move{}}, nil
	}
	moves := metricMoves(m)
	for depth := max(res.Lower, 1); ; depth++ {
		if m == cube.QTM && depth%2 != c.CornerParity() {
			// A quarter turn is an odd permutation of the corners, so
			// every maneuver solving c has the parity of c's corners.
			res.Lower = depth + 1
			continue
		}
		roots := optimalRoots(m, min(depth, 2))
		type result struct {
			moves []cube.Move
			nodes int64
		}
		newWorker := func(int) func(int) result {
			o := &optimalSearch{s: s, table: table, metric: m, moves: moves, cube: c}
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
			res.Moves, res.Lower = cube.Simplify(found), len(found)
			return res, nil
		case merged < len(roots):
			return res, ErrBudget
		}
		res.Lower = depth + 1
	}
}

// optimalRoots lists the canonical sequences of n moves (1 or 2) of cost 1
// in m, in move order: the subtrees a depth is cut into.
func optimalRoots(m cube.Metric, n int) [][]cube.Move {
	var roots [][]cube.Move
	for _, a := range metricMoves(m) {
		if n == 1 {
			roots = append(roots, []cube.Move{a})
			continue
		}
		for _, b := range metricMoves(m) {
			if canFollow(m, []cube.Move{a}, b) {
				roots = append(roots, []cube.Move{a, b})
			}
		}
	}
	return roots
}

// canFollow reports whether move m may follow path in a canonical
// sequence of metric m's moves. In HTM that is cube.CanFollow. In QTM a
// half turn is two equal quarter turns, so a move may repeat the last one
// once but not twice (three are one the other way) and may not undo it;
// and of two turns of opposite faces, which commute, the first face in
// cube.Layer order comes first. Every cube has a shortest sequence of that
// form: sorting the turns of each run on one axis by face does not change
// its length.
func canFollow(metric cube.Metric, path []cube.Move, m cube.Move) bool {
	n := len(path)
	if n == 0 {
		return true
	}
	last := path[n-1]
	if metric != cube.QTM {
		return cube.CanFollow(last, m)
	}
	switch {
	case m == last.Inverse():
		return false
	case m == last:
		return n < 2 || path[n-2] != m
	case m.Axis() == last.Axis():
		return last.Layer() < m.Layer()
	}
	return true
}

// optimalSearch is one worker's depth-first search.
type optimalSearch struct {
	s      *Solver
	table  optimalTable // in the metric searched
	metric cube.Metric
	moves  []cube.Move // the metric's moves of cost 1
	cube   cube.Cube
	path   []cube.Move
	nodes  int64
}

// dfs searches the canonical sequences of exactly left more moves after
// o.path, whose coordinates are t, for one that solves the cube.
func (o *optimalSearch) dfs(t *triple, left int) bool {
	o.nodes++
	if o.table.exceeds(t, left) {
		return false
	}
	return o.below(t, left)
}

// below is dfs on a node already counted and within reach. Its children's
// bounds are looked up together, an axis at a time for the children not
// yet cut, before any child is searched: the lookups are cache misses, and
// independent ones overlap. The bound and the nodes counted are dfs's.
func (o *optimalSearch) below(t *triple, left int) bool {
	if left == 0 {
		return o.solves()
	}
	type child struct {
		m   cube.Move
		t   triple
		d   [3]int
		cut bool
	}
	var children [cube.NFaceMoves]child
	n := 0
	for _, m := range o.moves {
		if canFollow(o.metric, o.path, m) {
			children[n] = child{m: m, t: o.s.move(t, m)}
			n++
		}
	}
	o.nodes += int64(n)
	for k := range 3 {
		for i := range n {
			ch := &children[i]
			if !ch.cut {
				ch.d[k] = o.table.axis(&ch.t, k)
				ch.cut = ch.d[k] > left-1
			}
		}
	}
	for i := range n {
		ch := &children[i]
		if ch.cut || ch.d[0] == ch.d[1] && ch.d[1] == ch.d[2] && ch.d[0] == left-1 && left-1 > 0 {
			continue
		}
		o.path = append(o.path, ch.m)
		if o.below(&ch.t, left-1) {
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

// optimalTable returns the optimal search's table in metric m: the big
// table in m when the solver may use it (Config.BigTable), else phase 1's
// table in m; the big tables and phase 1's QTM table are built or loaded on
// first use.
func (s *Solver) optimalTable(m cube.Metric) (optimalTable, error) {
	if s.cfg.BigTable {
		lazy := s.big[m]
		lazy.once.Do(func() {
			var t tablecache.Table
			lazy.table, t, lazy.err = newBigTable(s.cfg, m, s.twist, s.flip, s.slice)
			if t.StoreErr != nil {
				s.StoreErr = errors.Join(s.StoreErr, t.StoreErr)
			}
		})
		return optimalTable{big: lazy.table}, lazy.err
	}
	if m == cube.HTM {
		return optimalTable{p1: s.p1}, nil
	}
	s.qtm.once.Do(func() {
		var t tablecache.Table
		s.qtm.table, t, s.qtm.err = newPhase1Table(s.cfg, cube.QTM, s.twist, s.flip, s.slice)
		if t.StoreErr != nil {
			s.StoreErr = errors.Join(s.StoreErr, t.StoreErr)
		}
	})
	return optimalTable{p1: s.qtm.table}, s.qtm.err
}

// lazyTable is a table built on first use.
type lazyTable[T any] struct {
	once  sync.Once
	table *T
	err   error
}
