package cosets

import (
	"sync"

	"github.com/cubecensus/cubecensus/cube"
)

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
// numbers the middle edges' permutation in middleOrder's order, which
// makes the half turns of F and B bit operations on a row.
type Coord struct {
	Corners, Edges, Middle int
}

// CoordOf returns the coordinates of c, which must lie in H.
func CoordOf(c *cube.Cube) Coord {
	var where [8]uint8
	for pos, e := range c.EP[:8] {
		where[e] = uint8(pos)
	}
	return Coord{Corners: c.CornerPerm(), Edges: cube.RankPerm(where[:]), Middle: int(middleOrder.of[middleRank(c)])}
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
	setMiddleRank(&c, int(middleOrder.rank[x.Middle]))
	return c
}

// middleRank returns cube.RankPerm of the middle edges' permutation of c
// (which middle edge is on each middle place), which must lie in H.
func middleRank(c *cube.Cube) int {
	var middle [4]uint8
	for i, e := range c.EP[8:] {
		middle[i] = uint8(e - cube.FR)
	}
	return cube.RankPerm(middle[:])
}

// setMiddleRank puts on c's middle places the middle edges' permutation
// of cube.RankPerm r.
func setMiddleRank(c *cube.Cube, r int) {
	var middle [4]uint8
	cube.UnrankPerm(r, middle[:])
	for i, e := range middle {
		c.EP[8+i] = cube.FR + cube.Edge(e)
	}
}

// middleOrder numbers the 24 middle-edge permutations for the bitmap's
// rows (bitmap.go): of[r] is Coord.Middle of the permutation of
// cube.RankPerm r, rank its inverse. It makes the half turns cheap on a
// row's 24 bits, as seed 002's prepass keeps F2 free by its bit order
// (hcoset.w, "The inner loop"):
//
//   - the even permutations are 0..11, the odd ones 12..23, and F2 takes k
//     to k+12 and back: a half turn takes one half of a row onto the other;
//   - the even ones are 4c+j, the permutation r_c moved by v_j, where
//     v_0..v_3 are the moves of the Klein group the half turns' pairs make
//     (none, F2·B2, R2·L2, F2·B2·R2·L2), and r_c is the identity moved c
//     times by F2·R2, so that F2·B2 and R2·L2 exchange bits as k^1 and k^2
//     (F2 turns them into k^1 and k^3 on the odd half), and B2 and L2 are
//     F2 and R2 after them.
//
// The identity stays 0.
var middleOrder = func() (t struct{ of, rank [NMiddlePerms]uint8 }) {
	after := func(r int, moves ...cube.Move) int {
		c := cube.Solved
		setMiddleRank(&c, r)
		for _, m := range moves {
			c.Move(&c, m)
		}
		return middleRank(&c)
	}
	klein := [4][]cube.Move{nil, {cube.F2, cube.B2}, {cube.R2, cube.L2}, {cube.F2, cube.B2, cube.R2, cube.L2}}
	var numbered [NMiddlePerms]bool
	r := 0 // r_c
	for c := range 3 {
		for j, v := range klein {
			even := after(r, v...)
			odd := after(even, cube.F2)
			if numbered[even] || numbered[odd] {
				panic("cosets: the middle edges' order numbers a permutation twice")
			}
			t.of[even], t.of[odd] = uint8(4*c+j), uint8(NMiddlePerms/2+4*c+j)
			numbered[even], numbered[odd] = true, true
		}
		r = after(r, cube.F2, cube.R2)
	}
	for r, x := range t.of {
		t.rank[x] = uint8(r)
	}
	return t
}()

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

// The tables of this package that take time to build (the move tables,
// the permutations' moves, the inverses' page map, the passes' plans and the prepass's rows,
// about half a second together) are built on first use, by build, never
// at the package's initialisation, which every command of the binary
// would pay for. build is called by every constructor a search or prepass
// starts from (NewBitmap, NewDenseBitmap, BitmapBytes, NewCosetSolver);
// after it the variables are never written.
var (
	buildOnce               sync.Once
	tables                  *moveTables
	permMoves               *permTables
	inverses                *pageMap
	extendPlan, inversePlan *passPlan
	prepassRows             *prepassOffsets
	r2Row                   *halfTurn
	// poolPages is the pages of a dense bitmap: one a corner
	// permutation, and the most any pass holds apart.
	poolPages int
)

// build builds the package's tables once (see above).
func build() {
	buildOnce.Do(func() {
		tables = newMoveTables()
		permMoves = newPermTables()
		inverses = newPageMap(inverseOf)
		extendPlan, inversePlan = newExtendPlan(), newInversePlan()
		prepassRows, r2Row = newPrepassRows(), newR2Row()
		poolPages = NCornerPerms + max(extendPlan.spare, inversePlan.spare, symmetryPlanSpare) + rewriteWindow
	})
}

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
