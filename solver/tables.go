package solver

import "github.com/cubecensus/cubecensus/cube"

// Coordinate sizes of the two phases.
const (
	nSliceOrder = 24 // the slice edges' order inside H: SliceSorted < 24
)

// phase2Moves are the ten moves of H, in move order.
var phase2Moves = func() []cube.Move {
	var ms []cube.Move
	for m := range cube.Move(cube.NFaceMoves) {
		if m.Axis() == cube.AxisUD || m.Power() == 2 {
			ms = append(ms, m)
		}
	}
	return ms
}()

// moveTable[x][m] is the coordinate reached from coordinate x by face turn
// m, for the moves listed (all 18, or the 10 of phase 2, by index).
type moveTable [][]uint16

// buildMoveTable tabulates a coordinate under moves by going through the
// cubie level: set the coordinate on a cube, turn, read the coordinate.
func buildMoveTable(n int, moves []cube.Move, set func(*cube.Cube, int), get func(*cube.Cube) int) moveTable {
	t := make(moveTable, n)
	for x := range n {
		t[x] = make([]uint16, len(moves))
		for i, m := range moves {
			c := cube.Solved
			set(&c, x)
			c.Move(&c, m)
			t[x][i] = uint16(get(&c))
		}
	}
	return t
}

// pruneTable[a*nb + b] is the exact number of moves needed to bring the
// pair of coordinates (a, b) to (0, 0), found by breadth-first search from
// (0, 0) with the moves of the phase (the moves are their own inverses up to
// power, so distances to and from the goal agree).
func buildPruneTable(ta, tb moveTable, nMoves int) []int8 {
	na, nb := len(ta), len(tb)
	dist := make([]int8, na*nb)
	for i := range dist {
		dist[i] = -1
	}
	dist[0] = 0
	frontier := []int32{0}
	for d := int8(0); len(frontier) > 0; d++ {
		var next []int32
		for _, i := range frontier {
			a, b := int(i)/nb, int(i)%nb
			for m := range nMoves {
				j := int32(int(ta[a][m])*nb + int(tb[b][m]))
				if dist[j] < 0 {
					dist[j] = d + 1
					next = append(next, j)
				}
			}
		}
		frontier = next
	}
	return dist
}
