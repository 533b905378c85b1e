package upperface

import (
	"errors"
	"fmt"

	"github.com/cubecensus/cubecensus/cube"
)

// Sizes of seed 004's numbers.
const (
	NPositions = 62208 // 4!*3^3 * 4!*2^3 / 2: the parities of corners and edges agree
	nEPN       = 24    // edge permutations
	nETN       = 8     // flips of UL, UB, UR (UF follows)
	nCPN       = 12    // corner permutations of the parity the edges allow
	nCTN       = 27    // twists of UFL, ULB, UBR (URF follows)
)

// The U-layer positions in seed 004's order, as the cube package names them.
var (
	cornerAt = [4]cube.Corner{cube.UFL, cube.ULB, cube.UBR, cube.URF}
	edgeAt   = [4]cube.Edge{cube.UL, cube.UB, cube.UR, cube.UF}
)

// ErrNotUpperFace is returned for a cube with something outside the U layer
// out of place.
var ErrNotUpperFace = errors.New("not an upper-face position")

// Position is an upper-face position in seed 004's terms.
type Position struct {
	CP, CT, EP, ET [4]uint8
}

// FromCube reads an upper-face position from a cube.
func FromCube(c cube.Cube) (Position, error) {
	var p Position
	for x := range cube.Corner(cube.NCorners) {
		if x >= cube.DFR && (c.CP[x] != x || c.CO[x] != 0) {
			return p, fmt.Errorf("%w: corner %v", ErrNotUpperFace, x)
		}
	}
	for x := range cube.Edge(cube.NEdges) {
		if (x >= cube.DR) && (c.EP[x] != x || c.EO[x] != 0) {
			return p, fmt.Errorf("%w: edge %v", ErrNotUpperFace, x)
		}
	}
	for i, x := range cornerAt {
		p.CP[i] = uint8(indexOf(cornerAt[:], c.CP[x]))
		p.CT[i] = c.CO[x]
	}
	for i, x := range edgeAt {
		p.EP[i] = uint8(indexOf(edgeAt[:], c.EP[x]))
		p.ET[i] = c.EO[x]
	}
	return p, nil
}

func indexOf[T comparable](s []T, v T) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	panic("upperface: piece outside the U layer")
}

// Cube returns the position as a cube; the inverse of FromCube.
func (p Position) Cube() cube.Cube {
	c := cube.Solved
	for i, x := range cornerAt {
		c.CP[x], c.CO[x] = cornerAt[p.CP[i]], p.CT[i]
	}
	for i, x := range edgeAt {
		c.EP[x], c.EO[x] = edgeAt[p.EP[i]], p.ET[i]
	}
	return c
}

// Numbers are seed 004's epn, etn, cpn, ctn of a position.
func (p Position) Numbers() (epn, etn, cpn, ctn int) {
	epn = lexRank(p.EP)
	etn = int(p.ET[0]) + 2*int(p.ET[1]) + 4*int(p.ET[2])
	cpn = lexRank(p.CP) / 2
	ctn = int(p.CT[0]) + 3*int(p.CT[1]) + 9*int(p.CT[2])
	return
}

// Digits writes the position as seed 004's results file does (ep, et, cp,
// ct): the pieces and twists at its four positions, e.g. "0231".
func (p Position) Digits() (ep, et, cp, ct string) {
	d := func(x [4]uint8) string { return fmt.Sprintf("%d%d%d%d", x[0], x[1], x[2], x[3]) }
	return d(p.EP), d(p.ET), d(p.CP), d(p.CT)
}

// Un is seed 004's unique number: epn*(8*12*27) + etn*(12*27) + cpn*27 + ctn.
func (p Position) Un() int {
	epn, etn, cpn, ctn := p.Numbers()
	return ((epn*nETN+etn)*nCPN+cpn)*nCTN + ctn
}

// FromUn is the inverse of Un. The corner permutation is the one of the two
// with lexicographic rank 2*cpn or 2*cpn+1 whose parity matches the edges';
// the last flip and twist make the sums 0 mod 2 and mod 3.
func FromUn(un int) (Position, error) {
	if un < 0 || un >= NPositions {
		return Position{}, fmt.Errorf("upperface: un %d out of range 0..%d", un, NPositions-1)
	}
	ctn, un := un%nCTN, un/nCTN
	cpn, un := un%nCPN, un/nCPN
	etn, epn := un%nETN, un/nETN
	var p Position
	p.EP = lexUnrank(epn)
	p.CP = lexUnrank(2 * cpn)
	if cube.PermParity(p.CP[:]) != cube.PermParity(p.EP[:]) {
		p.CP = lexUnrank(2*cpn + 1)
	}
	p.ET, p.CT = unrankFlips(etn), unrankTwists(ctn)
	return p, nil
}

// unrankFlips returns the flips at UL UB UR UF of flip number etn; UF's
// makes the sum even.
func unrankFlips(etn int) [4]uint8 {
	f := [4]uint8{uint8(etn & 1), uint8(etn >> 1 & 1), uint8(etn >> 2 & 1)}
	f[3] = (f[0] + f[1] + f[2]) & 1
	return f
}

// unrankTwists returns the twists at UFL ULB UBR URF of twist number ctn;
// URF's makes the sum divisible by 3.
func unrankTwists(ctn int) [4]uint8 {
	t := [4]uint8{uint8(ctn % 3), uint8(ctn / 3 % 3), uint8(ctn / 9)}
	t[3] = (6 - t[0] - t[1] - t[2]) % 3
	return t
}

// lexRank is the rank of a permutation of 0..3 in lexicographic order
// (seed 004's table: 0123 is 0, 0132 is 1, ..., 3210 is 23), by a table of
// the 256 four-digit base-4 numbers: the search ranks a position at every
// match of its join.
func lexRank(p [4]uint8) int {
	return int(lexRanks[p[0]&3<<6|p[1]&3<<4|p[2]&3<<2|p[3]&3])
}

// lexRanks holds the ranks of permutations, by their digits in base 4.
var lexRanks = func() (t [256]uint8) {
	for r := range 24 {
		p := lexUnrank(r)
		t[p[0]<<6|p[1]<<4|p[2]<<2|p[3]] = uint8(r)
	}
	return t
}()

// lexUnrank is the inverse of lexRank.
func lexUnrank(r int) (p [4]uint8) {
	cube.UnrankArrangement(r, 4, p[:])
	return p
}
