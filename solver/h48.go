package solver

import (
	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// The optimal search with nissy-core's H48 tables (doc/h48.md, "The H48
// solver"): one table kept by all 48 symmetries, read once a child where
// the big tables read an axis at a time, on the cube and on its inverse.
// Its goal group holds the half turns, so where the inverse's bound is
// tight (left exactly) no solution goes on with a half turn (nxopt's rule,
// the inverse's solution would end with it and reach the goal a move
// sooner). An entry of code 0 (at most the base) is bounded by the exact
// h0 table instead. Face turns only; the driver (optimal.go) cuts each
// depth into subtrees, orders them and runs them on the workers, as with
// the axis tables.

// h48Tables are the H48 search's tables.
type h48Tables struct {
	h  *coord.H48
	h0 *coord.H0
	hk *coord.HK
}

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
		kids[i].entry = t.hk.Entry(kids[i].x)
	}
	for i := range kids {
		kids[i].bound = t.hk.Bound(t.hk.Code(kids[i].entry))
	}
	for i := range kids {
		if kids[i].bound == 0 {
			kids[i].entry = t.h.H0Entry(kids[i].x)
		}
	}
	for i := range kids {
		if kids[i].bound == 0 {
			kids[i].bound = t.h0.At(kids[i].entry)
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
	move := func(x *coord.H48Coord, m cube.Move) coord.H48Coord { return e.t.h.MoveCoord(*x, m) }
	exceeds := func(x *coord.H48Coord, left int) bool { return e.t.bound(*x) > left }
	return canonicalRoots(cube.HTM, coord.H48CoordOf(&e.cube), n, depth, move, exceeds)
}

func (e h48Engine) newSearch() subtreeSearch { return &h48Search{t: e.t, cube: e.cube} }

// h48Search is one worker's search: its path and counts.
type h48Search struct {
	t     h48Tables
	cube  cube.Cube
	path  []cube.Move
	nodes int64
	// closedAt is the length of a symmetric cube's root, whose last run
	// the search may not extend; -1 for other cubes.
	closedAt int
}

// search is subtreeSearch's.
func (s *h48Search) search(root []cube.Move, depth int, closed bool) ([]cube.Move, int64) {
	s.nodes, s.path, s.closedAt = 0, append(s.path[:0], root...), -1
	if closed {
		s.closedAt = len(root)
	}
	c := s.cube
	for _, m := range root {
		c.Mul(&c, &unitCube[m])
	}
	left := depth - len(root)
	x, inv := coord.H48CoordOf(&c), cube.Inverse(c)
	invBound := s.t.bound(coord.H48CoordOf(&inv))
	switch {
	case s.t.bound(x) > left || invBound > left:
		return nil, s.nodes
	case left == 0 && c != cube.Solved:
		return nil, s.nodes
	case left == 0 || s.dfs(c, x, root[len(root)-1], invBound == left, left):
		return append([]cube.Move{}, s.path...), s.nodes
	}
	return nil, s.nodes
}

// dfs searches the canonical sequences of exactly left more moves after
// s.path (last its last move), from the cube c of coordinates x, whose
// bounds and whose inverse's are within left; tight says the inverse's is
// exactly left.
func (s *h48Search) dfs(c cube.Cube, x coord.H48Coord, last cube.Move, tight bool, left int) bool {
	var kids [cube.NFaceMoves]h48Child
	n := 0
	closed := len(s.path) == s.closedAt
	for m := range cube.Move(cube.NFaceMoves) {
		if !cube.CanFollow(last, m) || tight && m.Power() == 2 || closed && m.Axis() == last.Axis() {
			continue
		}
		kids[n] = h48Child{m: m, x: s.t.h.MoveCoord(x, m)}
		n++
	}
	s.nodes += int64(n)
	s.t.bounds(kids[:n])
	// The children within reach, then their inverses' bounds.
	var cubes [cube.NFaceMoves]cube.Cube
	var invs [cube.NFaceMoves]h48Child
	k := 0
	for _, kid := range kids[:n] {
		if kid.bound > left-1 {
			continue
		}
		cubes[k].Mul(&c, &unitCube[kid.m])
		inv := cube.Inverse(cubes[k])
		invs[k] = h48Child{m: kid.m, x: coord.H48CoordOf(&inv)}
		kids[k] = kid
		k++
	}
	s.t.bounds(invs[:k])
	for i := range k {
		if invs[i].bound > left-1 {
			continue
		}
		s.path = append(s.path, kids[i].m)
		if left == 1 {
			if cubes[i] == cube.Solved {
				return true
			}
		} else if s.dfs(cubes[i], kids[i].x, kids[i].m, invs[i].bound == left-1, left-1) {
			return true
		}
		s.path = s.path[:len(s.path)-1]
	}
	return false
}
