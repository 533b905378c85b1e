package coord

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/tablecache"
)

// Coordinate sizes of the two phases.
const (
	NSliceOrder = 24 // the slice edges' order inside H: SliceSorted < 24
)

// allMoves are the 18 face turns.
var allMoves = func() []cube.Move {
	all := make([]cube.Move, cube.NFaceMoves)
	for i := range all {
		all[i] = cube.Move(i)
	}
	return all
}()

// Phase2Moves are the ten moves of H, in move order.
var Phase2Moves = func() []cube.Move {
	var ms []cube.Move
	for m := range cube.Move(cube.NFaceMoves) {
		if m.Axis() == cube.AxisUD || m.Power() == 2 {
			ms = append(ms, m)
		}
	}
	return ms
}()

// MoveTable[x][m] is the coordinate reached from coordinate x by face turn
// m, for the moves listed (all 18, or the 10 of phase 2, by index).
type MoveTable [][]uint16

// Flat returns the table in one array, row by row (entry x*columns + m):
// a look-up is one load where the rows' table takes two, which matters
// where the rows do not stay in the cache.
func (t MoveTable) Flat() []uint16 {
	out := make([]uint16, 0, len(t)*len(t[0]))
	for _, row := range t {
		out = append(out, row...)
	}
	return out
}

// buildMoveTable tabulates a coordinate under moves by going through the
// cubie level: set the coordinate on a cube, turn, read the coordinate.
func buildMoveTable(n int, moves []cube.Move, set func(*cube.Cube, int), get func(*cube.Cube) int) MoveTable {
	t := make(MoveTable, n)
	for x := range n {
		t[x] = make([]uint16, len(moves))
		base := cube.Solved
		set(&base, x)
		for i, m := range moves {
			var c cube.Cube
			c.Move(&base, m)
			t[x][i] = uint16(get(&c))
		}
	}
	return t
}

// withSliceTurns returns t with a column for each slice turn after the 18
// face turns', each the slice's two face turns made one after the other.
func withSliceTurns(t MoveTable) MoveTable {
	out := make(MoveTable, len(t))
	for x, row := range t {
		out[x] = append(slices.Clone(row[:cube.NFaceMoves]), make([]uint16, cube.NSliceMoves)...)
		for s := range cube.Move(cube.NSliceMoves) {
			y := x
			for _, m := range faceTurnsOf(cube.NFaceMoves + s) {
				y = int(t[y][m])
			}
			out[x][cube.NFaceMoves+s] = uint16(y)
		}
	}
	return out
}

// faceTurnsOf returns move m relative to the centers as face turns: m
// itself, or a slice turn's two faces turned oppositely (cube.AxisMove).
func faceTurnsOf(m cube.Move) []cube.Move {
	if m.IsFace() {
		return []cube.Move{m}
	}
	return sliceFaces[m-cube.NFaceMoves]
}

// sliceFaces[s] are slice turn s's two face turns.
var sliceFaces = func() (faces [cube.NSliceMoves][]cube.Move) {
	for _, e := range cube.AxisMoves {
		for s := range cube.Move(cube.NSliceMoves) {
			if len(e.FaceMoves()) == 2 && e.Cube() == cube.CubeOf(cube.NFaceMoves+s) {
				faces[s] = e.FaceMoves()
			}
		}
	}
	return faces
}()

// pruneTable[a*nb + b] is the exact number of moves needed to bring the
// pair of coordinates (a, b) to (0, 0), found by breadth-first search from
// (0, 0) with the moves of the phase (the moves are their own inverses up to
// power, so distances to and from the goal agree).
func buildPruneTable(ta, tb MoveTable, nMoves int) []int8 {
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

// smallTables are the solver's move tables, in moveTableSpecs' order, and
// its corners-and-slice pruning table: a fifth of a second to build, which
// every `cubecensus solve` paid before they were kept in the table cache
// (one file, "solver-small-tables").
type smallTables struct {
	moves        []MoveTable
	pruneCorners []int8
}

// The move tables of smallTables, by their place in moveTableSpecs.
const (
	layerMoves = iota
	orderMoves
	twistMoves
	flipMoves
	sliceMoves
	cornerMoves
	udEdgeMoves
	sliceOrderMoves
	cornerPermMoves
	sliceSortedMoves
)

// moveTableSpecs are the move tables of smallTables, in the order above.
var moveTableSpecs = []struct {
	n     int
	moves []cube.Move
	set   func(*cube.Cube, int)
	get   func(*cube.Cube) int
}{
	{cube.NCornerLayer, allMoves, (*cube.Cube).SetCornerLayer, (*cube.Cube).CornerLayer},
	{nSliceOrderV4, allMoves, setSliceOrderV4, SliceOrderV4},
	{cube.NTwist, allMoves, (*cube.Cube).SetTwist, (*cube.Cube).Twist},
	{cube.NFlip, allMoves, (*cube.Cube).SetFlip, (*cube.Cube).Flip},
	{cube.NSlice, allMoves, (*cube.Cube).SetSlice, (*cube.Cube).Slice},
	{cube.NCornerPerm, Phase2Moves, (*cube.Cube).SetCornerPerm, (*cube.Cube).CornerPerm},
	{cube.NUDEdgePerm, Phase2Moves, (*cube.Cube).SetUDEdgePerm, (*cube.Cube).UDEdgePerm},
	{NSliceOrder, Phase2Moves, (*cube.Cube).SetSliceSorted, (*cube.Cube).SliceSorted},
	{cube.NCornerPerm, allMoves, (*cube.Cube).SetCornerPerm, (*cube.Cube).CornerPerm},
	{cube.NSliceSorted, allMoves, (*cube.Cube).SetSliceSorted, (*cube.Cube).SliceSorted},
}

// smallTablesVersion names the layout and content of smallTables' file.
const smallTablesVersion = "moves-prunecorners-2"

// loadSmallTables returns the small tables from the table cache, built and
// kept there the first time.
func loadSmallTables(cfg Config) (*smallTables, tablecache.Table, error) {
	var small *smallTables
	t, err := tablecache.Get(cfg.CacheDir, spec("solver-small-tables", smallTablesVersion, smallTablesCode), func() ([]byte, error) {
		return buildSmallTables().encode(), nil
	}, func(data []byte) (err error) {
		// Decoded once, to be checked and kept.
		if small, err = decodeSmallTables(data); err != nil {
			return err
		}
		return small.check()
	})
	if err != nil {
		return nil, t, err
	}
	return small, t, nil
}

func buildSmallTables() *smallTables {
	t := &smallTables{}
	for _, spec := range moveTableSpecs {
		t.moves = append(t.moves, buildMoveTable(spec.n, spec.moves, spec.set, spec.get))
	}
	t.pruneCorners = buildPruneTable(t.moves[cornerMoves], t.moves[sliceOrderMoves], len(Phase2Moves))
	return t
}

// encode lays the tables out, little endian: every move table's entries
// row by row, then the pruning table's bytes (their sizes are
// moveTableSpecs').
func (t *smallTables) encode() []byte {
	var out []byte
	for _, table := range t.moves {
		for _, row := range table {
			for _, v := range row {
				out = binary.LittleEndian.AppendUint16(out, v)
			}
		}
	}
	for _, v := range t.pruneCorners {
		out = append(out, byte(v))
	}
	return out
}

// decodeSmallTables is encode's inverse.
func decodeSmallTables(data []byte) (*smallTables, error) {
	want := cube.NCornerPerm * NSliceOrder
	for _, spec := range moveTableSpecs {
		want += 2 * spec.n * len(spec.moves)
	}
	if len(data) != want {
		return nil, fmt.Errorf("coord: cached small tables of %d bytes, want %d", len(data), want)
	}
	t := &smallTables{}
	for _, spec := range moveTableSpecs {
		table, flat := make(MoveTable, spec.n), make([]uint16, spec.n*len(spec.moves))
		for x := range table {
			table[x] = flat[x*len(spec.moves) : (x+1)*len(spec.moves)]
			for i := range table[x] {
				table[x][i], data = binary.LittleEndian.Uint16(data), data[2:]
			}
		}
		t.moves = append(t.moves, table)
	}
	t.pruneCorners = make([]int8, len(data))
	for i, v := range data {
		t.pruneCorners[i] = int8(v)
	}
	return t, nil
}
