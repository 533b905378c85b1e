package cosets

import (
	"math/bits"

	"github.com/cubecensus/cubecensus/cube"
)

// The coset search carries, besides the coset (coord.Coset), only what it
// needs to name the position of H a sequence ends at: where the corners
// are and where each of three groups of four edges is (seed 002, section
// 6, tracks a position the same way, as small permutation coordinates
// moved by tables). That is four table lookups a move instead of moving a
// whole cube, and the coordinates of H are read off at the end by three
// more.

// nQuads is the number of ways to put four given edges, in order, on
// twelve places: 12 * 11 * 10 * 9.
const nQuads = 11880

// perm is a position by its permutation alone: the corners'
// (cube.CornerPerm) and, for each of the edge groups UR..UB, DR..DB and
// FR..BR, the places its four edges are on (rankQuad).
type perm struct {
	corners, up, down, middle uint16
}

// permOf returns the permutation coordinates of c.
func permOf(c *cube.Cube) perm {
	var where [cube.NEdges]uint8
	for place, e := range c.EP {
		where[e] = uint8(place)
	}
	return perm{
		corners: uint16(c.CornerPerm()),
		up:      uint16(rankQuad([4]uint8(where[0:4]))),
		down:    uint16(rankQuad([4]uint8(where[4:8]))),
		middle:  uint16(rankQuad([4]uint8(where[8:12]))),
	}
}

// rankQuad ranks four distinct places of twelve, in order
// (cube.RankArrangement).
func rankQuad(places [4]uint8) int { return cube.RankArrangement(places[:], cube.NEdges) }

// unrankQuad is the inverse of rankQuad.
func unrankQuad(x int) (places [4]uint8) {
	cube.UnrankArrangement(x, cube.NEdges, places[:])
	return places
}

// permTables move perm by the 18 face turns and read H's coordinates off
// it: a move permutes places whichever edges are on them, so one table
// serves the three edge groups.
type permTables struct {
	corners [NCornerPerms][cube.NFaceMoves]uint16
	quads   [nQuads][cube.NFaceMoves]uint16
	// At a position of H, Coord.Edges is upRank[up] + downRank[down] (the
	// digits of cube.RankPerm of the U-D edges' places split between the
	// two groups, see newPermTables) and Coord.Middle is middleRank[middle]
	// (numbered by middleOrder).
	upRank, downRank [nQuads]uint16
	middleRank       [nQuads]uint8
	// follows[m] has bit n set when n may follow m in a canonical sequence
	// (cube.CanFollow); follows[cube.NFaceMoves] allows every move.
	follows [cube.NFaceMoves + 1]uint32
}

func newPermTables() *permTables {
	t := new(permTables)
	for m := range cube.Move(cube.NFaceMoves) {
		for x := range NCornerPerms {
			c := cube.Solved
			c.SetCornerPerm(x)
			c.Move(&c, m)
			t.corners[x][m] = uint16(c.CornerPerm())
		}
		for x := range nQuads {
			c := cube.Solved
			places := unrankQuad(x)
			rest := cube.Edge(4)
			for p := range c.EP {
				c.EP[p] = cube.NEdges // not yet placed
			}
			for i, p := range places {
				c.EP[p] = cube.Edge(i)
			}
			for p := range c.EP {
				if c.EP[p] == cube.NEdges {
					c.EP[p], rest = rest, rest+1
				}
			}
			c.Move(&c, m)
			var moved [4]uint8
			for place, e := range c.EP {
				if e < 4 {
					moved[e] = uint8(place)
				}
			}
			t.quads[x][m] = uint16(rankQuad(moved))
		}
		t.follows[cube.NFaceMoves] |= 1 << m
		for n := range cube.Move(cube.NFaceMoves) {
			if cube.CanFollow(m, n) {
				t.follows[m] |= 1 << n
			}
		}
	}
	// cube.RankPerm of the U-D edges' places where[0..7] sums digit i times
	// i!, digit i counting the earlier places greater than where[i]. The
	// first four digits depend on the up group's places alone; at a
	// position of H the down group's places are the other four of 0..7, so
	// the last four depend on the down group's places alone.
	factorial := [8]int{1, 1, 2, 6, 24, 120, 720, 5040}
	for x := range nQuads {
		places := unrankQuad(x)
		if places[0] < 8 && places[1] < 8 && places[2] < 8 && places[3] < 8 {
			var up, down int
			for i, p := range places {
				earlier := 0 // of this group, before it
				others := 0  // of the other four places of 0..7
				for _, q := range places[:i] {
					if q > p {
						earlier++
					}
				}
				for q := p + 1; q < 8; q++ {
					if q != places[0] && q != places[1] && q != places[2] && q != places[3] {
						others++
					}
				}
				up += earlier * factorial[i]
				down += (earlier + others) * factorial[4+i]
			}
			t.upRank[x], t.downRank[x] = uint16(up), uint16(down)
		}
		if places[0] >= 8 && places[1] >= 8 && places[2] >= 8 && places[3] >= 8 {
			var middle [4]uint8 // the middle edge on each middle place
			for i, p := range places {
				middle[p-8] = uint8(i)
			}
			t.middleRank[x] = middleOrder.of[cube.RankPerm(middle[:])]
		}
	}
	return t
}

// move returns p after face turn m.
func (t *permTables) move(p perm, m cube.Move) perm {
	return perm{
		corners: t.corners[p.corners][m],
		up:      t.quads[p.up][m],
		down:    t.quads[p.down][m],
		middle:  t.quads[p.middle][m],
	}
}

// coord returns the coordinates of p, which must be a position of H.
func (t *permTables) coord(p perm) Coord {
	return Coord{
		Corners: int(p.corners),
		Edges:   int(t.upRank[p.up]) + int(t.downRank[p.down]),
		Middle:  int(t.middleRank[p.middle]),
	}
}

// nextMoves returns the moves that may follow last (or any move, for
// last = cube.NFaceMoves) as a mask, to be walked with popMove.
func (t *permTables) nextMoves(last cube.Move) uint32 { return t.follows[last] }

// popMove removes the lowest move of mask and returns it.
func popMove(mask *uint32) cube.Move {
	m := cube.Move(bits.TrailingZeros32(*mask))
	*mask &= *mask - 1
	return m
}
