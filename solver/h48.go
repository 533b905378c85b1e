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
// h0 table instead. Face turns only.
//
// This is the first version, searched on one goroutine, to measure
// against the big tables before the driver takes it (issue 39, item 3).

// h48Tables are the H48 search's tables.
type h48Tables struct {
	h  *coord.H48
	h0 *coord.H0
	hk *coord.HK
}

// h48Search is one search with the tables: its path and counts.
type h48Search struct {
	t     h48Tables
	path  []cube.Move
	nodes int64
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

// bound returns the bound of one cube.
func (t h48Tables) bound(c *cube.Cube) int {
	k := [1]h48Child{{x: coord.H48CoordOf(c)}}
	t.bounds(k[:])
	return k[0].bound
}

// solve returns an optimal solution of c in face turns, and the nodes
// searched.
func (t h48Tables) solve(c cube.Cube) ([]cube.Move, int64) {
	s := &h48Search{t: t}
	if c == cube.Solved {
		return []cube.Move{}, 0
	}
	inv := cube.Inverse(c)
	for depth := max(1, t.bound(&c), t.bound(&inv)); ; depth++ {
		s.path = s.path[:0]
		if s.dfs(c, coord.H48CoordOf(&c), cube.NFaceMoves, false, depth) {
			return append([]cube.Move{}, s.path...), s.nodes
		}
	}
}

// dfs searches the canonical sequences of exactly left more moves after
// s.path (last its last move, cube.NFaceMoves if none), from the cube c of
// coordinates x, whose bounds and whose inverse's are within left; tight
// says the inverse's is exactly left.
func (s *h48Search) dfs(c cube.Cube, x coord.H48Coord, last cube.Move, tight bool, left int) bool {
	var kids [cube.NFaceMoves]h48Child
	n := 0
	for m := range cube.Move(cube.NFaceMoves) {
		if last < cube.NFaceMoves && !cube.CanFollow(last, m) || tight && m.Power() == 2 {
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
