package upperface

import (
	"sync"

	"github.com/cubecensus/cubecensus/cube"
)

// The join key of the meet-in-the-middle search is where the twelve pieces
// outside the U layer (the first two layers, F2L) are, with their
// orientations. Two cubes x and w have the same key exactly when x*w^-1
// leaves those pieces home, that is when x*w^-1 is an upper-face position:
// the key names the left coset x*L of the group L of upper-face positions.
//
// The key is held as six pair coordinates, each the states of two pieces: a
// piece state is position*3+twist for a corner and position*2+flip for an
// edge (24 values either way), a pair is state1*24+state2 (576 values). The
// pairs are (DFR, DLF), (DBL, DRB) of the corners and (DR, DF), (DL, DB),
// (FR, FL), (BL, BR) of the edges. Turning the cube moves each pair through a
// 576 x 45 table, one for corner pairs and one for edge pairs; both tables
// together are about 100 KB, so the search's six lookups per node stay in
// the L2 cache:
//
//	key bits:  59..50  49..40  39..30  29..20  19..10  9..0
//	           BL,BR   FR,FL   DL,DB   DR,DF   DBL,DRB DFR,DLF
type f2lCoord [6]uint16

const (
	nPieceStates = 24                          // 8 positions x 3 twists, or 12 x 2 flips
	nPairStates  = nPieceStates * nPieceStates // 576, of which 504 or 528 occur
	pairBits     = 10                          // 576 < 1024
)

// f2lCorners and f2lEdges are the tracked pieces, in pair order.
var (
	f2lCorners = [4]cube.Corner{cube.DFR, cube.DLF, cube.DBL, cube.DRB}
	f2lEdges   = [8]cube.Edge{cube.DR, cube.DF, cube.DL, cube.DB, cube.FR, cube.FL, cube.BL, cube.BR}
)

// coordOf reads the F2L coordinate of a cube: for each tracked piece,
// where it is and how it is turned there.
func coordOf(c *cube.Cube) f2lCoord {
	var state [12]uint16
	for p := range cube.Corner(cube.NCorners) {
		for i, x := range f2lCorners {
			if c.CP[p] == x {
				state[i] = uint16(p)*3 + uint16(c.CO[p])
			}
		}
	}
	for p := range cube.Edge(cube.NEdges) {
		for i, x := range f2lEdges {
			if c.EP[p] == x {
				state[4+i] = uint16(p)*2 + uint16(c.EO[p])
			}
		}
	}
	var k f2lCoord
	for i := range k {
		k[i] = state[2*i]*nPieceStates + state[2*i+1]
	}
	return k
}

// key packs the coordinate into 60 bits, as drawn above.
func (k *f2lCoord) key() uint64 {
	return uint64(k[0]) | uint64(k[1])<<pairBits | uint64(k[2])<<(2*pairBits) |
		uint64(k[3])<<(3*pairBits) | uint64(k[4])<<(4*pairBits) | uint64(k[5])<<(5*pairBits)
}

// pairTables moves pair coordinates: corner[s][e] and edge[s][e] are the
// pair state reached from s by axis move e (by its encoding). Rows are
// indexed by state so that the children of one node share a cache line.
type pairTables struct {
	corner, edge [nPairStates][cube.NAxisMoves]uint16
}

// axisIndex numbers the axis moves 0..44 in cube.AxisMoves order.
var axisIndex = func() (t [64]uint8) {
	for i, e := range cube.AxisMoves {
		t[e] = uint8(i)
	}
	return t
}()

// tables builds the pair tables once, on first use.
var tables = sync.OnceValue(func() *pairTables {
	var corner, edge [nPieceStates][cube.NAxisMoves]uint16
	for i, e := range cube.AxisMoves {
		c := e.Cube()
		// A piece at position p ends where c takes it: the position j
		// with c.CP[j] == p, turned further by c's orientation there.
		for j := range cube.Corner(cube.NCorners) {
			p := c.CP[j]
			for t := range uint8(3) {
				corner[int(p)*3+int(t)][i] = uint16(j)*3 + uint16((t+c.CO[j])%3)
			}
		}
		for j := range cube.Edge(cube.NEdges) {
			p := c.EP[j]
			for f := range uint8(2) {
				edge[int(p)*2+int(f)][i] = uint16(j)*2 + uint16(f^c.EO[j])
			}
		}
	}
	t := new(pairTables)
	for s1 := range nPieceStates {
		for s2 := range nPieceStates {
			for i := range cube.NAxisMoves {
				t.corner[s1*nPieceStates+s2][i] = corner[s1][i]*nPieceStates + corner[s2][i]
				t.edge[s1*nPieceStates+s2][i] = edge[s1][i]*nPieceStates + edge[s2][i]
			}
		}
	}
	return t
})

// move returns the coordinate of x*e from that of x; i is axisIndex[e].
func (t *pairTables) move(k *f2lCoord, i uint8) f2lCoord {
	return f2lCoord{
		t.corner[k[0]][i], t.corner[k[1]][i],
		t.edge[k[2]][i], t.edge[k[3]][i], t.edge[k[4]][i], t.edge[k[5]][i],
	}
}

// uTrack is where the eight U-layer pieces are: pair coordinates of the
// corners (URF, UFL), (ULB, UBR) and the edges (UR, UF), (UL, UB), moved by
// the same pair tables.
type uTrack [4]uint16

// solvedUTrack has every U piece at home, unturned.
var solvedUTrack = uTrack{
	uint16(cube.URF)*3*nPieceStates + uint16(cube.UFL)*3, uint16(cube.ULB)*3*nPieceStates + uint16(cube.UBR)*3,
	uint16(cube.UR)*2*nPieceStates + uint16(cube.UF)*2, uint16(cube.UL)*2*nPieceStates + uint16(cube.UB)*2,
}

// trackU returns where the word w takes the U pieces.
func (t *pairTables) trackU(w cube.Word) uTrack {
	u := solvedUTrack
	for _, e := range w {
		t.moveU(&u, e)
	}
	return u
}

// moveU moves the U pieces of u by e.
func (t *pairTables) moveU(u *uTrack, e cube.AxisMove) {
	i := axisIndex[e]
	*u = uTrack{t.corner[u[0]][i], t.corner[u[1]][i], t.edge[u[2]][i], t.edge[u[3]][i]}
}

// joinPosition returns the upper-face position a * w^-1 for cubes a and w
// that agree on the F2L pieces, from where each takes the U pieces: a takes
// U piece q to a place that w gives to some U piece r, and w^-1 takes it on
// to r's home, turned by the difference of the two twists. It runs for every
// match of the search's join, so it works on the pair states directly.
func joinPosition(a, w uTrack) Position {
	var p Position
	// state returns the first or second piece's state of a pair
	// coordinate (the first is the high digit).
	state := func(t uint16, second bool) uint16 {
		if second {
			return t % nPieceStates
		}
		return t / nPieceStates
	}
	for q := range 4 {
		sa := state(a[q/2], q%2 == 1)
		for r := range 4 {
			if sw := state(w[r/2], r%2 == 1); sw/3 == sa/3 {
				p.CP[cornerSlot[r]] = cornerSlot[q]
				p.CT[cornerSlot[r]] = uint8((sa%3 + 3 - sw%3) % 3)
			}
		}
		sa = state(a[2+q/2], q%2 == 1)
		for r := range 4 {
			if sw := state(w[2+r/2], r%2 == 1); sw/2 == sa/2 {
				p.EP[edgeSlot[r]] = edgeSlot[q]
				p.ET[edgeSlot[r]] = uint8((sa ^ sw) & 1)
			}
		}
	}
	return p
}

// cornerSlot and edgeSlot give seed 004's number (0..3 in UFL ULB UBR URF
// and UL UB UR UF) of the U corners URF UFL ULB UBR and edges UR UF UL UB:
// the inverses of cornerAt and edgeAt.
var cornerSlot, edgeSlot = func() (c, e [4]uint8) {
	for i := range 4 {
		c[cornerAt[i]], e[edgeAt[i]] = uint8(i), uint8(i)
	}
	return c, e
}()
