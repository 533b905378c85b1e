package cosets

import (
	"context"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// randomH returns a uniformly random position of H, by its permutations.
func randomH(rng *rand.Rand) cube.Cube {
	for {
		x := Coord{Corners: rng.IntN(NCornerPerms), Edges: rng.IntN(NEdgePerms), Middle: rng.IntN(NMiddlePerms)}
		if c := x.Cube(); c.Verify() == nil {
			return c
		}
	}
}

func TestCoordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		c := randomH(rng)
		if !InH(&c) {
			t.Fatalf("%v is not in H", c)
		}
		x := CoordOf(&c)
		if x.Cube() != c {
			t.Fatalf("%+v: Cube() does not give back the position", x)
		}
		if y := At(x.Corners, x.Edges/2, x.Middle); y != x {
			t.Fatalf("At(%d, %d, %d) = %+v, want %+v", x.Corners, x.Edges/2, x.Middle, y, x)
		}
	}
	if x := CoordOf(&cube.Solved); x != (Coord{}) {
		t.Fatalf("the solved cube is %+v", x)
	}
}

// The move tables agree with the cubie model on random positions of H, and
// A's moves keep H.
func TestMoveTables(t *testing.T) {
	if len(Moves) != NMoves {
		t.Fatalf("%d moves in A", len(Moves))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		c := randomH(rng)
		x := CoordOf(&c)
		for i, m := range Moves {
			d := c
			d.Move(&d, m)
			if !InH(&d) {
				t.Fatalf("%v leaves H", m)
			}
			y := CoordOf(&d)
			if int(tables.corners[x.Corners][i]) != y.Corners || int(tables.rows[i][x.Edges/2]) != y.Edges/2 || int(tables.middle[x.Middle][i]) != y.Middle {
				t.Fatalf("%+v after %v: tables disagree with %+v", x, m, y)
			}
			d.Move(&d, Moves[tables.inverse[i]])
			if d != c {
				t.Fatalf("%v's inverse is not %v", m, Moves[tables.inverse[i]])
			}
		}
	}
}

// Extending a set by the moves of A in the bitmap gives the set and the
// positions one move away, as the cubie model turns them one by one,
// whether its pages are read as sparse or as dense, and, the set being
// closed (each position with its F2 neighbour), whether or not the prepass
// reads the old pages.
func TestExtendAgainstCubes(t *testing.T) {
	for _, c := range []struct {
		total  int64
		closed bool
	}{{0, false}, {sparseBelow, false}, {sparseBelow, true}} {
		rng := rand.New(rand.NewPCG(5, 6))
		bm := NewBitmap()
		want := map[cube.Cube]bool{}
		for range 3000 {
			x := randomH(rng)
			f2 := x
			f2.Move(&f2, cube.F2)
			for _, x := range []cube.Cube{x, f2} {
				bm.Set(CoordOf(&x))
				want[x] = true
				for _, m := range Moves {
					y := x
					y.Move(&y, m)
					want[y] = true
				}
			}
		}
		added := bm.extend(2, c.total, c.closed)
		if got := bm.Count(); got != int64(len(want)) || added != got {
			t.Fatalf("%+v: %d positions one move away (%d added), want %d", c, got, added, len(want))
		}
		for x := range want {
			if !bm.Has(CoordOf(&x)) {
				t.Fatalf("%+v: %v is missing", c, x)
			}
		}
	}
}

// Pages full (copied), nearly full (their open rows listed), mostly full
// and mostly open, with their sources read as dense or as sparse, take
// extendPage's every path: each row of the result equals what the cubie
// model says, every position of the row one move of A from a position of
// the sources, or in the page itself unless the set is said to be closed.
func TestExtendNearlyFullPages(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	src := NewBitmap()
	tp := 1234
	for i, m := range Moves {
		if m.Axis() == cube.AxisUD && m.Power() == 2 { // two sources empty
			continue
		}
		page := src.writePage(int(tables.corners[tp][tables.inverse[i]]))
		for j := range pageBytes { // an eighth of the bits, so that each source counts
			page[j] = byte(rng.Uint32() & rng.Uint32() & rng.Uint32())
		}
	}
	words := new(wordIndex)
	words.index(src, 2)
	for _, c := range []struct {
		open           int
		sparse, closed bool
	}{{0, false, false}, {1, false, false}, {100, false, false}, {nRows / 8, false, false}, {nRows / 2, false, false}, {8 * nRows, false, false},
		{nRows / 2, false, true}, {8 * nRows, false, true}, {nRows / 2, true, false}, {8 * nRows, true, false}} {
		open := c.open
		self := src.writePage(tp)
		for i := range pageBytes {
			self[i] = 0xff
		}
		for range open {
			r := rng.IntN(nRows)
			self[r*rowBytes+rng.IntN(rowBytes)] &^= 1 << rng.IntN(8)
		}
		var rows [nRows]uint32
		src.fullRows[tp] = uint16(loadPage(&rows, self)) // as the page's last rewrite would have counted them
		w := pageWork{closed: c.closed}
		if c.sparse {
			w.words = words
		}
		out := &pageOut{pool: src.pool}
		np := extendPage(src, tp, out, &w)
		if np.page == nil {
			t.Fatalf("%+v: an empty page", c)
		}
		var positions int64
		full := 0
		for r := range nRows {
			v, want := loadRow(pageStart(np.page), uint16(r)), extendedRow(src, tp, r, !c.closed)
			if v != want {
				t.Fatalf("%+v: row %d is %06x, want %06x", c, r, v, want)
			}
			positions += int64(bits.OnesCount32(v))
			if v == rowMask {
				full++
			}
		}
		if np.positions != positions || np.full != full {
			t.Fatalf("%+v: %d positions and %d full rows, counted %d and %d", c, np.positions, np.full, positions, full)
		}
	}
}

// extendedRow is row r of page tp of src extended by the moves of A, by the
// cubie model: a position is in it when a move of A takes a position of
// src to it, or, withSelf, when it is in src.
func extendedRow(src *Bitmap, tp, r int, withSelf bool) uint32 {
	var row uint32
	for m := range NMiddlePerms {
		x := At(tp, r, m)
		in := withSelf && src.Has(x)
		for _, move := range Moves {
			c := x.Cube()
			c.Move(&c, move.Inverse())
			in = in || src.Has(CoordOf(&c))
		}
		if in {
			row |= 1 << m
		}
	}
	return row
}

// The bitmap search's first levels equal a plain breadth-first search of
// cubes in a hash set, and seed 001's Table 1.
func TestDistancesInAFirstLevels(t *testing.T) {
	const depth = 5
	got, err := DistancesInA(context.Background(), NewBitmap(), depth, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[cube.Cube]bool{cube.Solved: true}
	level := []cube.Cube{cube.Solved}
	want := []int64{1}
	for range depth {
		var next []cube.Cube
		for _, c := range level {
			for _, m := range Moves {
				d := c
				d.Move(&d, m)
				if !seen[d] {
					seen[d] = true
					next = append(next, d)
				}
			}
		}
		level = next
		want = append(want, int64(len(next)))
	}
	seed := []int64{1, 10, 67, 456, 3079, 19948}
	for d := range want {
		if d >= len(got) || got[d] != want[d] || want[d] != seed[d] {
			t.Fatalf("depth %d: bitmap %v, hash set %v, seed 001 %v", d, got, want, seed)
		}
	}
}

// BenchmarkDistancesInA times the "moves in A" column of Table 1: the whole
// breadth-first search of H, in one bitmap of 2.4 GB (2.8 with its spare
// pages).
func BenchmarkDistancesInA(b *testing.B) {
	bm := NewDenseBitmap(2)
	for b.Loop() {
		levels, err := DistancesInA(context.Background(), bm, 0, 2, func(levels []int64) {
			b.Logf("depth %d: %d positions", len(levels)-1, levels[len(levels)-1])
		})
		if err != nil {
			b.Fatal(err)
		}
		if len(levels) != 19 {
			b.Fatalf("%d levels", len(levels))
		}
	}
}

// BenchmarkPrepass times one prepass of a dense bitmap whose rows each
// hold a random quarter of their positions (a middle level of a coset).
func BenchmarkPrepass(b *testing.B) {
	bm := NewDenseBitmap(2)
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		for p := range NCornerPerms {
			page := bm.writePage(p)
			for r := range nRows {
				v := uint32(rng.Uint64()&rng.Uint64()) & rowMask
				binary.LittleEndian.PutUint32(page[r*rowBytes:], v)
			}
		}
		b.StartTimer()
		bm.extend(2, HSize/4, true) // not closed, timed as if it were
	}
}

// The prepass's bit operations and half-turn look-ups for a row (moveRow,
// which extendRows inlines) move every row as the middle edges' move
// tables say, bit by bit, whatever the byte above the row holds.
func TestRowMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i, m := range Moves {
		for range 10000 {
			v := rng.Uint32()
			var want uint32
			for b := range NMiddlePerms {
				if v>>b&1 != 0 {
					want |= 1 << tables.middle[b][i]
				}
			}
			if got := moveRow(i, v); got != want {
				t.Fatalf("%v moves row %08x to %06x, want %06x", m, v, got, want)
			}
		}
	}
}
