package cosets

import (
	"context"
	"encoding/binary"
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
// whether its pages are read as sparse or as dense.
func TestExtendAgainstCubes(t *testing.T) {
	for _, total := range []int64{0, sparseBelow} {
		rng := rand.New(rand.NewPCG(5, 6))
		bm := NewBitmap()
		want := map[cube.Cube]bool{}
		for range 3000 {
			c := randomH(rng)
			bm.Set(CoordOf(&c))
			want[c] = true
			for _, m := range Moves {
				d := c
				d.Move(&d, m)
				want[d] = true
			}
		}
		added := bm.extend(2, total)
		if got := bm.Count(); got != int64(len(want)) || added != got {
			t.Fatalf("read as sparse %v: %d positions one move away (%d added), want %d", total < sparseBelow, got, added, len(want))
		}
		for c := range want {
			if !bm.Has(CoordOf(&c)) {
				t.Fatalf("read as sparse %v: %v is missing", total < sparseBelow, c)
			}
		}
	}
}

// Pages full (copied), nearly full (their open rows listed), mostly full
// (the full rows skipped) and mostly open, with their sources read as
// dense or as sparse, take extendPage's every path:
// each row of the result equals what the cubie model says, every position
// of the row in the page or one move of A from a position of the sources.
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
		open   int
		sparse bool
	}{{0, false}, {1, false}, {100, false}, {nRows / 8, false}, {nRows / 2, false}, {8 * nRows, false}, {nRows / 2, true}, {8 * nRows, true}} {
		open := c.open
		self := src.writePage(tp)
		for i := range pageBytes {
			self[i] = 0xff
		}
		for range open {
			r := rng.IntN(nRows)
			self[r*rowBytes+rng.IntN(rowBytes)] &^= 1 << rng.IntN(8)
		}
		var w pageWork
		if c.sparse {
			w.words = words
		}
		var got [nRows]uint32
		if !extendPage(src, tp, &got, &w) {
			t.Fatalf("%d rows opened: an empty page", open)
		}
		for r, v := range got {
			if want := extendedRow(src, tp, r); v != want {
				t.Fatalf("%d rows opened: row %d is %06x, want %06x", open, r, v, want)
			}
		}
	}
}

// extendedRow is row r of page tp of src extended by the moves of A, by the
// cubie model: a position is in it when it is in src or a move of A takes
// a position of src to it.
func extendedRow(src *Bitmap, tp, r int) uint32 {
	var row uint32
	for m := range NMiddlePerms {
		x := At(tp, r, m)
		in := src.Has(x)
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
		bm.extend(2, HSize/4)
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
