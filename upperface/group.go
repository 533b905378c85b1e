package upperface

import (
	"sync"

	"github.com/cubecensus/cubecensus/cube"
)

// The upper-face positions form a group L, the stabilizer of the twelve
// pieces outside the U layer, of order 62,208. This file multiplies its
// elements by their seed 004 numbers (un), through their corner and edge
// parts: a corner part is a permutation of the four U corners with three
// free twists (24*27 = 648), an edge part a permutation of the four U edges
// with three free flips (24*8 = 192). Parts multiply independently; an
// element is a pair of parts of equal permutation parity.
const (
	nCornerParts = 24 * nCTN // 648
	nEdgeParts   = 24 * nETN // 192
)

// groupTables are L's multiplication, inversion and symmetries on un.
type groupTables struct {
	cornerOf, edgeOf [NPositions]uint16              // the parts of un
	element          [nCornerParts][nEdgeParts]int32 // un of two parts, -1 if parities differ
	cornerMul        [nCornerParts][nCornerParts]uint16
	edgeMul          [nEdgeParts][nEdgeParts]uint16
	inverse          [NPositions]int32
	// conj[i][un] is un conjugated by uSyms[i]: S^-1 * un * S.
	conj [len(uSyms)][NPositions]int32
}

// uSyms are the eight symmetries that keep the U face in place: the four
// turns about the U-D axis and the four mirrors through it (seed 004's
// "rotational and mirror symmetries", the group C_4v), identity first.
// Conjugating an upper-face position by one gives an upper-face position at
// the same distance in every metric, since it permutes the moves.
var uSyms = func() (out [8]cube.Sym) {
	n := 0
	for s := range cube.Sym(cube.NSyms) {
		if cube.ConjugateMove(cube.U1, s).Layer() == cube.LayerU {
			out[n] = s
			n++
		}
	}
	if n != len(out) {
		panic("upperface: the symmetries keeping U are not eight")
	}
	return out
}()

// cornerPart and edgePart number a position's parts: its permutation's
// lexicographic rank and its twist or flip number.
func cornerPart(p Position) int {
	_, _, _, ctn := p.Numbers()
	return lexRank(p.CP)*nCTN + ctn
}

func edgePart(p Position) int {
	_, etn, _, _ := p.Numbers()
	return lexRank(p.EP)*nETN + etn
}

// partCube returns a position with the given parts, which may be of
// different parity: a cube for multiplying parts, not a group element.
func partCube(corner, edge int) cube.Cube {
	p := Position{
		CP: lexUnrank(corner / nCTN), CT: unrankTwists(corner % nCTN),
		EP: lexUnrank(edge / nETN), ET: unrankFlips(edge % nETN),
	}
	return p.Cube()
}

// mustPosition reads a cube known to be an upper-face position (a product
// of parts); anything else is a bug of this package.
func mustPosition(c cube.Cube) Position {
	p, err := FromCube(c)
	if err != nil {
		panic("upperface: " + err.Error())
	}
	return p
}

// group builds the tables once, on first use.
var group = sync.OnceValue(func() *groupTables {
	g := new(groupTables)
	for c := range nCornerParts {
		for e := range nEdgeParts {
			g.element[c][e] = -1
		}
	}
	for un := range NPositions {
		p, _ := FromUn(un)
		c, e := cornerPart(p), edgePart(p)
		g.cornerOf[un], g.edgeOf[un] = uint16(c), uint16(e)
		g.element[c][e] = int32(un)
	}
	for a := range nCornerParts {
		x := partCube(a, 0)
		for b := range nCornerParts {
			y := partCube(b, 0)
			g.cornerMul[a][b] = uint16(cornerPart(mustPosition(cube.Times(x, y))))
		}
	}
	for a := range nEdgeParts {
		x := partCube(0, a)
		for b := range nEdgeParts {
			y := partCube(0, b)
			g.edgeMul[a][b] = uint16(edgePart(mustPosition(cube.Times(x, y))))
		}
	}
	for un := range NPositions {
		p, _ := FromUn(un)
		c := p.Cube()
		g.inverse[un] = int32(mustPosition(cube.Inverse(c)).Un())
		for i, s := range uSyms {
			g.conj[i][un] = int32(mustPosition(cube.Conjugate(c, s)).Un())
		}
	}
	return g
})

// mul returns the un of a*b ("a, then b").
func (g *groupTables) mul(a, b int32) int32 {
	return g.element[g.cornerMul[g.cornerOf[a]][g.cornerOf[b]]][g.edgeMul[g.edgeOf[a]][g.edgeOf[b]]]
}

// unOf returns the un of a cube that is an upper-face position.
func unOf(c cube.Cube) int32 { return int32(mustPosition(c).Un()) }

// uTurn[x] is the un of U^x, x = 0..3.
var uTurn = func() (t [4]int32) {
	for x := range 4 {
		t[x] = unOf(cube.Power(cube.CubeOf(cube.U1), x))
	}
	return t
}()
