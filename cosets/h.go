package cosets

import "github.com/cubecensus/cubecensus/cube"

// Sizes of H = <U, D, R2, L2, F2, B2> (seed 001, "Kociemba's algorithm"):
// the corners' permutation, the eight U and D edges' permutation and the
// four middle edges' permutation, of equal parities: 8! 8! 4! / 2.
const (
	NCornerPerms = 40320 // 8!
	NEdgePerms   = 40320 // 8!: the U and D edges
	NMiddlePerms = 24    // 4!: the middle edges
	// HSize is the number of positions of H, and of every coset of H.
	HSize = NCornerPerms * NEdgePerms * NMiddlePerms / 2
)

// Moves are the ten moves of A that keep H (seed 001): U, D in all three
// powers and the half turns of R, F, L, B, in cube.Move order.
var Moves = func() []cube.Move {
	var ms []cube.Move
	for m := range cube.Move(cube.NFaceMoves) {
		if inA(m) {
			ms = append(ms, m)
		}
	}
	return ms
}()

// inA reports whether face turn m is one of A's.
func inA(m cube.Move) bool { return m.Axis() == cube.AxisUD || m.Power() == 2 }

// NMoves is len(Moves).
const NMoves = 10

// Coord is a position of H by its three permutations.
//
// Corners is cube.CornerPerm. Edges ranks the inverse of the U and D edges'
// permutation (where each of the edges UR..DB is) with cube.RankPerm:
// ranks 2k and 2k+1 then differ by exchanging the places of UR and UF, and
// since a move moves places, not names, it takes such a pair to another
// pair (moveTables checks it). The bitmap (bitmap.go) keeps one row of
// bits per pair, Edges/2, and leaves Edges's low bit to the parity. Middle
// ranks the middle edges' permutation.
type Coord struct {
	Corners, Edges, Middle int
}

// CoordOf returns the coordinates of c, which must lie in H.
func CoordOf(c *cube.Cube) Coord {
	var where [8]uint8
	for pos, e := range c.EP[:8] {
		where[e] = uint8(pos)
	}
	var middle [4]uint8
	for i, e := range c.EP[8:] {
		middle[i] = uint8(e - cube.FR)
	}
	return Coord{Corners: c.CornerPerm(), Edges: cube.RankPerm(where[:]), Middle: cube.RankPerm(middle[:])}
}

// Cube returns the position of H with coordinates x.
func (x Coord) Cube() cube.Cube {
	c := cube.Solved
	c.SetCornerPerm(x.Corners)
	var where [8]uint8
	cube.UnrankPerm(x.Edges, where[:])
	for e, pos := range where {
		c.EP[pos] = cube.Edge(e)
	}
	var middle [4]uint8
	cube.UnrankPerm(x.Middle, middle[:])
	for i, e := range middle {
		c.EP[8+i] = cube.FR + cube.Edge(e)
	}
	return c
}

// InH reports whether c lies in H: every piece oriented, the middle edges
// in the middle layer.
func InH(c *cube.Cube) bool {
	return c.Twist() == 0 && c.Flip() == 0 && c.Slice() == 0
}

// moveTables are the three coordinates' moves under the ten moves of A.
type moveTables struct {
	corners [NCornerPerms][NMoves]uint16
	rows    [NMoves][NEdgePerms / 2]uint16 // edge pair k goes to pair rows[m][k] (move-major, for the prepass's loops)
	middle  [NMiddlePerms][NMoves]uint8
	inverse [NMoves]int // Moves[inverse[i]] undoes Moves[i]
}

// tables are built once, on first use, in a few milliseconds.
var tables = newMoveTables()

func newMoveTables() *moveTables {
	t := new(moveTables)
	for i, m := range Moves {
		for j, n := range Moves {
			if n == m.Inverse() {
				t.inverse[i] = j
			}
		}
		for x := range NCornerPerms {
			c := cube.Solved
			c.SetCornerPerm(x)
			c.Move(&c, m)
			t.corners[x][i] = uint16(c.CornerPerm())
		}
		for k := range NEdgePerms / 2 {
			var to [2]int
			for low := range 2 {
				c := Coord{Edges: 2*k + low}.Cube()
				c.Move(&c, m)
				to[low] = CoordOf(&c).Edges
			}
			if to[0]/2 != to[1]/2 {
				panic("cosets: a move splits a pair of edge permutations")
			}
			t.rows[i][k] = uint16(to[0] / 2)
		}
		for x := range NMiddlePerms {
			c := Coord{Middle: x}.Cube()
			c.Move(&c, m)
			t.middle[x][i] = uint8(CoordOf(&c).Middle)
		}
	}
	return t
}
