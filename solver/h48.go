package solver

import (
	"slices"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// The optimal search with nissy-core's H48 tables (doc/h48.md, "The H48
// solver"): one table kept by all 48 symmetries, read once a child where
// the big tables read an axis at a time, on the cube and on its inverse.
// Its goal group holds the half turns, so where the inverse's bound is
// tight (left exactly) no solution goes on with a half turn (nxopt's rule,
// the inverse's solution would end with it and reach the goal a move
// sooner), and the search extends whichever of the cube and its inverse
// has fewer moves to try (h48Search). An entry of code 0 (at most the
// base) is bounded by the exact h0 table instead. A child whose corners
// alone are out of reach is dropped before any table in memory is read
// (coord.H48Corners, as nissy-core's solver reads its cocsep table
// first). Face turns only; the
// driver (optimal.go) cuts each depth into subtrees, orders them and runs
// them on the workers, as with the axis tables.

// h48Tables are the H48 search's tables, held by value so that the hot
// path reads each table's pointer without going through another.
type h48Tables struct{ coord.H48Tables }

// h48Child is a child being bounded.
type h48Child struct {
	m     cube.Move
	x     coord.H48Coord
	entry int
	bound int
}

// bounds sets the bound of each child from its entry: the hK code, or for
// code 0 the h0 distance, read after all the codes so that the reads of
// each kind overlap.
func (t h48Tables) bounds(kids []h48Child) {
	for i := range kids {
		kids[i].entry = t.HK.Entry(kids[i].x)
	}
	for i := range kids {
		kids[i].bound = t.HK.Bound(t.HK.Code(kids[i].entry))
	}
	for i := range kids {
		if kids[i].bound == 0 {
			kids[i].entry = t.H.H0Entry(kids[i].x)
		}
	}
	for i := range kids {
		if kids[i].bound == 0 {
			kids[i].bound = t.H0.At(kids[i].entry)
		}
	}
}

// bound returns the bound of the cube of coordinates x.
func (t h48Tables) bound(x coord.H48Coord) int {
	k := [1]h48Child{{x: x}}
	t.bounds(k[:])
	return k[0].bound
}

// h48Engine is the H48 search of cube (engine).
type h48Engine struct {
	t    h48Tables
	cube cube.Cube
}

func (e h48Engine) lower() int {
	inv := cube.Inverse(e.cube)
	return max(e.t.bound(coord.H48CoordOf(&e.cube)), e.t.bound(coord.H48CoordOf(&inv)))
}

func (e h48Engine) liveRoots(n, depth int) ([][]cube.Move, int64) {
	move := func(x *coord.H48Coord, m cube.Move) coord.H48Coord { return e.t.H.MoveCoord(*x, m) }
	exceeds := func(x *coord.H48Coord, left int) bool { return e.t.bound(*x) > left }
	return canonicalRoots(cube.HTM, coord.H48CoordOf(&e.cube), n, depth, move, exceeds)
}

func (e h48Engine) newSearch() subtreeSearch { return &h48Search{t: e.t, cube: e.cube} }

// h48Search is one worker's search: its path and counts. It searches
// from both ends (nissy-core's doc/h48.md, "switching to inverse", after
// nxopt): a node either appends a move to the cube (the path) or to its
// inverse (a premove, the solution's end), on the side with fewer moves
// to try. The cube and its inverse are kept side by side, so neither is
// inverted; and as the goal group holds the half turns, a half turn on
// one side leaves the other side's coordinates, and bound, as they were.
type h48Search struct {
	t    h48Tables
	cube cube.Cube
	path []cube.Move // the root and the moves appended to the cube
	pre  []cube.Move // the moves appended to the inverse, in order
	// closedAt is the length of a symmetric cube's root, whose last run
	// the search may not extend; -1 for other cubes.
	closedAt int
	nodes    int64
	// frames[left] is the scratch of a node with left moves to go, kept
	// so that a node does not clear a few kilobytes before its children
	// (declared in expand, their clearing cost the search on both sides
	// its gain: BENCHMARKS.md).
	frames []*h48Frame
}

// h48Frame is a node's scratch: its children on the moved side, the other
// side's, and which of them a quarter turn changed.
type h48Frame struct {
	kids, others [cube.NFaceMoves]h48Child
	as, bs       [cube.NFaceMoves]h48Side
	quarter      [cube.NFaceMoves]int
}

// h48Side is one side of a node: a cube (the position reached, or its
// inverse), its coordinates and bound, and the last move appended to it
// (started false before the first).
type h48Side struct {
	c       cube.Cube
	x       coord.H48Coord
	bound   int
	last    cube.Move
	started bool
}

// search is subtreeSearch's.
func (s *h48Search) search(root []cube.Move, depth int, closed bool) ([]cube.Move, int64) {
	s.nodes, s.path, s.pre, s.closedAt = 0, append(s.path[:0], root...), s.pre[:0], -1
	if closed {
		s.closedAt = len(root)
	}
	c := s.cube
	for _, m := range root {
		c.Mul(&c, &unitCube[m])
	}
	inv := cube.Inverse(c)
	fwd := h48Side{c: c, x: coord.H48CoordOf(&c), last: root[len(root)-1], started: true}
	bwd := h48Side{c: inv, x: coord.H48CoordOf(&inv)}
	fwd.bound, bwd.bound = s.t.bound(fwd.x), s.t.bound(bwd.x)
	left := depth - len(root)
	switch {
	case fwd.bound > left || bwd.bound > left:
		return nil, s.nodes
	case left == 0 && c != cube.Solved:
		return nil, s.nodes
	case left == 0 || s.dfs(&fwd, &bwd, left):
		// The premoves p1 ... pk were appended to the inverse: the
		// solution ends with pk' ... p1'.
		return append(slices.Clone(s.path), cube.InverseManeuver(s.pre)...), s.nodes
	}
	return nil, s.nodes
}

// tries returns the moves side a may append with left moves to go: those
// that may follow its last, but no half turn where the other side's
// bound is exactly left (the half turn would leave that bound as it is),
// and none of the root's last axis while a closed root is unextended.
func (s *h48Search) tries(a, b *h48Side, left int, closed bool) (tries [cube.NFaceMoves]cube.Move, n int) {
	for m := range cube.Move(cube.NFaceMoves) {
		if a.started && !cube.CanFollow(a.last, m) || b.bound == left && m.Power() == 2 || closed && m.Axis() == a.last.Axis() {
			continue
		}
		tries[n] = m
		n++
	}
	return tries, n
}

// dfs searches the sequences of exactly left more moves, each appended to
// the cube (fwd) or to its inverse (bwd), both within left by their
// bounds, for one that solves the cube.
func (s *h48Search) dfs(fwd, bwd *h48Side, left int) bool {
	closed := len(s.path) == s.closedAt
	onFwd, nf := s.tries(fwd, bwd, left, closed)
	// A closed root is extended on the cube's side first, so that the
	// solution's move after the root is of another axis.
	if !closed {
		if onBwd, nb := s.tries(bwd, fwd, left, false); nb < nf {
			return s.expand(bwd, fwd, onBwd[:nb], left, false)
		}
	}
	return s.expand(fwd, bwd, onFwd[:nf], left, true)
}

// expand appends each move of tries to side a, the cube if onCube, else
// its inverse, keeping the children whose bounds on both sides are within
// left-1, and searches on from them. Side b is a's inverse: appending m to
// a prepends m' to b.
func (s *h48Search) expand(a, b *h48Side, tries []cube.Move, left int, onCube bool) bool {
	for len(s.frames) <= left {
		s.frames = append(s.frames, new(h48Frame))
	}
	f := s.frames[left]
	kids, others, as, bs, quarter := &f.kids, &f.others, &f.as, &f.bs, &f.quarter
	moves, fwd, bwd := &s.pre, bs, as
	if onCube {
		moves, fwd, bwd = &s.path, as, bs
	}
	// The children whose corners are within reach (read from the cache),
	// then their bounds.
	n := 0
	for _, m := range tries {
		if x := s.t.H.MoveCoord(a.x, m); s.t.Corners.Bound(x) <= left-1 {
			kids[n] = h48Child{m: m, x: x}
			n++
		}
	}
	s.nodes += int64(len(tries))
	s.t.bounds(kids[:n])
	// The children within reach; the other side's bounds of those that
	// change it (not a half turn), read together.
	k, q := 0, 0
	for _, kid := range kids[:n] {
		if kid.bound > left-1 {
			continue
		}
		as[k] = h48Side{x: kid.x, bound: kid.bound, last: kid.m, started: true}
		bs[k] = h48Side{x: b.x, bound: b.bound, last: b.last, started: b.started}
		bs[k].c.Mul(&unitCube[kid.m.Inverse()], &b.c)
		if kid.m.Power() != 2 {
			x := coord.H48CoordOf(&bs[k].c)
			if s.t.Corners.Bound(x) > left-1 {
				continue
			}
			others[q] = h48Child{x: x}
			quarter[q] = k
			q++
		}
		k++
	}
	s.t.bounds(others[:q])
	for i := range q {
		bs[quarter[i]].x, bs[quarter[i]].bound = others[i].x, others[i].bound
	}
	for i := range k {
		if bs[i].bound > left-1 {
			continue
		}
		// The moved side's cube, made only for the children kept.
		as[i].c.Mul(&a.c, &unitCube[as[i].last])
		*moves = append(*moves, as[i].last)
		if left == 1 {
			if as[i].c == cube.Solved {
				return true
			}
		} else if s.dfs(&fwd[i], &bwd[i], left-1) {
			return true
		}
		*moves = (*moves)[:len(*moves)-1]
	}
	return false
}
