package coord

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestBigTableAgreesWithPlainSearch builds the big tables' kind of table
// on smaller coordinates (the slice edges' places for FlipUDSlice; with the
// corners' layers, and the twist or the slice edges' order) by the
// symmetry-reduced, parallel push-pull build with two-bit entries, and
// checks every raw state's entry against a plain breadth-first search over
// the raw states, which knows nothing of symmetry or of the encoding; in
// face turns, and with the slice turns of STM added to the moves.
func TestBigTableAgreesWithPlainSearch(t *testing.T) {
	for _, tc := range []struct {
		name              string
		twist, order, stm bool
	}{{"layer", false, false, false}, {"layer and order", false, true, false}, {"twist and layer", true, false, false},
		{"layer and order, slice turns", false, true, true}} {
		if tc.twist && testing.Short() {
			continue
		}
		moves := func(t MoveTable) MoveTable {
			if tc.stm {
				return withSliceTurns(t)
			}
			return t
		}
		sliceMove := moves(buildMoveTable(cube.NSlice, allMoves, (*cube.Cube).SetSlice, (*cube.Cube).Slice))
		orderMove := moves(buildMoveTable(nSliceOrderV4, allMoves, setSliceOrderV4, SliceOrderV4))
		nMoves := len(sliceMove[0])
		sp := &bigSpace{
			a:             newSymClasses(cube.NSlice, coordCube((*cube.Cube).SetSlice), (*cube.Cube).Slice),
			flipSliceMove: func(x, m int) int { return int(sliceMove[x][m]) },
			twistMove:     MoveTable{make([]uint16, nMoves)},
			twistConj:     conjTable{{}},
			layerMove:     moves(buildMoveTable(cube.NCornerLayer, allMoves, (*cube.Cube).SetCornerLayer, (*cube.Cube).CornerLayer)),
			layerConj:     newConjTable(cube.NCornerLayer, coordCube((*cube.Cube).SetCornerLayer), (*cube.Cube).CornerLayer),
		}
		if tc.twist {
			sp.twistMove = moves(buildMoveTable(cube.NTwist, allMoves, (*cube.Cube).SetTwist, (*cube.Cube).Twist))
			sp.twistConj = newConjTable(cube.NTwist, coordCube((*cube.Cube).SetTwist), (*cube.Cube).Twist)
		}
		no := 1
		if tc.order {
			no = nOrderClasses
			sp.orderMove = orderMove
			sp.orderConj = newConjTable(nSliceOrderV4, coordCube(setSliceOrderV4), SliceOrderV4)
			for _, rep := range sp.a.rep {
				sp.rowSlice = append(sp.rowSlice, int(rep))
			}
		}
		for m := range nMoves {
			sp.moves = append(sp.moves, m)
		}
		var lastReached int64
		data := buildBigTable(sp, 2, func(reached, _ int64) { lastReached = reached })
		rows, nt := len(sp.a.rep), len(sp.twistMove)
		if want := int64(rows * sp.cols()); lastReached != want {
			t.Fatalf("%s: the build reached %d entries, want %d", tc.name, lastReached, want)
		}
		p := &OptimalPruning{a: sp.a, cols: sp.cols()}
		if err := decodeBigTable(p, data); err != nil {
			t.Fatal(err)
		}

		// The plain search: state ((slice*no + order)*nt + twist)*70 + layer.
		n := cube.NSlice * no * nt * cube.NCornerLayer
		split := func(x int) (sl, or, tw, ly int) {
			ly, x = x%cube.NCornerLayer, x/cube.NCornerLayer
			tw, x = x%nt, x/nt
			return x / no, x % no, tw, ly
		}
		// Level by level, one move at a time over the level's states in
		// increasing order: consecutive states then differ in their layer
		// and twist, and their images stay within one slice's block (153
		// KB), which keeps the search in cache rather than in memory.
		dist := make([]int8, n)
		for i := range dist {
			dist[i] = -1
		}
		dist[0] = 0
		level := []uint32{0}
		for d := int8(0); len(level) > 0; d++ {
			for m := range nMoves {
				for _, x := range level {
					sl, or, tw, ly := split(int(x))
					so := int(sliceMove[sl][m])*no + or
					if tc.order {
						so = int(orderMove[sl*no+or][m])
					}
					y := (so*nt+int(sp.twistMove[tw][m]))*cube.NCornerLayer + int(sp.layerMove[ly][m])
					if dist[y] < 0 {
						dist[y] = d + 1
					}
				}
			}
			level = level[:0]
			for x, dx := range dist {
				if dx == d+1 {
					level = append(level, uint32(x))
				}
			}
		}
		// Each entry's distance, from the raw states that are it.
		entries := make([]int8, rows*sp.cols())
		for i := range entries {
			entries[i] = -1
		}
		for x, want := range dist {
			sl, or, tw, ly := split(x)
			cs := sp.a.classSym[sl]
			s := int(cs % nPhase1Syms)
			col := (int(sp.twistConj[tw][s])*cube.NCornerLayer + int(sp.layerConj[ly][s])) * no
			if tc.order {
				col += int(sp.orderConj[sl*no+or][s]) % no
			}
			i := int(cs/nPhase1Syms)*sp.cols() + col
			if entries[i] >= 0 && entries[i] != want {
				t.Fatalf("%s: entry %d is states at %d and %d", tc.name, i, entries[i], want)
			}
			entries[i] = want
		}
		// The base: the first distance by which 1% of the entries are reached.
		var byDistance [32]int
		for _, d := range entries {
			byDistance[d]++
		}
		base, share := 0, byDistance[0]
		for share*baseShare < len(entries) {
			base++
			share += byDistance[base]
		}
		if p.base != base {
			t.Fatalf("%s: base %d, the plain search puts it at %d", tc.name, p.base, base)
		}
		for i, d := range entries {
			code := int(p.crumbs[i>>2]>>(2*(i&3))) & 3
			if want := min(max(int(d)-base, 0), 3); code != want {
				t.Fatalf("%s: entry %d at %d: code %d, want %d (base %d)", tc.name, i, d, code, want, base)
			}
		}
	}
}

// TestSliceOrderV4: the slice edges' order up to V4 is carried by moves
// and symmetries, whatever the rest of the cube: the tables made from one
// cube of each value agree with random cubes; and an inverse's value read
// off its cube (inverseTriple) is the inverse's.
func TestSliceOrderV4(t *testing.T) {
	move := buildMoveTable(nSliceOrderV4, allMoves, setSliceOrderV4, SliceOrderV4)
	conj := newConjTable(nSliceOrderV4, coordCube(setSliceOrderV4), SliceOrderV4)
	rng := rand.New(rand.NewPCG(29, 30))
	for range 2000 {
		c := cube.Random(rng)
		x := SliceOrderV4(&c)
		for m, mv := range allMoves {
			var d cube.Cube
			d.Move(&c, mv)
			if got := SliceOrderV4(&d); got != int(move[x][m]) {
				t.Fatalf("%v moves value %d to %d on a random cube, to %d in the table", mv, x, got, move[x][m])
			}
		}
		for s := range cube.Sym(nPhase1Syms) {
			d := cube.Conjugate(c, s)
			if got := SliceOrderV4(&d); got != int(conj[x][s]) {
				t.Fatalf("%v conjugates value %d to %d on a random cube, to %d in the table", s, x, got, conj[x][s])
			}
		}
	}
}

// TestBigTableLevels compares the big HTM table's level counts with
// nissy's for the same coordinate (its table nxopt31 in its documentation,
// 9,863,588,700 entries): an independent build agrees at every level the
// table tells apart (the last it counts holds every deeper one).
func TestBigTableLevels(t *testing.T) {
	if !OptimalTableCached("", BigTable, cube.HTM) {
		t.Skip("the big HTM table is not in the cache (make run builds it)")
	}
	tables, err := Load(Config{Optimal: BigTable})
	if err != nil {
		t.Fatal(err)
	}
	big, err := tables.Optimal(cube.HTM)
	if err != nil {
		t.Fatal(err)
	}
	nissy := []int64{1, 6, 29, 164, 1433, 16772, 205033, 2513871, 30329976, 342440769, 2815191126, 6147967200, 524918774, 3546}
	levels := big.levels
	want := slices.Clone(nissy[:len(levels)])
	for _, c := range nissy[len(levels):] {
		want[len(want)-1] += c
	}
	if big.base != 9 || !slices.Equal(levels, want) {
		t.Errorf("base %d, levels %v; nissy's %v", big.base, levels, nissy)
	}
}

// TestCrumbsForEach: forEach visits, in order, exactly the entries of a
// range that hold the value asked for, whatever the range's ends within
// their words (checked against reading every entry with get).
func TestCrumbsForEach(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	words := make(crumbs, 8)
	for i := range words {
		words[i] = rng.Uint32()
	}
	n := 16 * len(words)
	for range 2000 {
		lo := rng.IntN(n + 1)
		hi := lo + rng.IntN(n-lo+1)
		v := rng.IntN(4)
		var want, got []int
		for i := lo; i < hi; i++ {
			if words.get(i) == v {
				want = append(want, i)
			}
		}
		words.forEach(lo, hi, v, func(i int) { got = append(got, i) })
		if !slices.Equal(got, want) {
			t.Fatalf("forEach(%d, %d, %d) = %v, want %v", lo, hi, v, got, want)
		}
	}
}
