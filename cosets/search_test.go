package cosets

import (
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// rankQuad and unrankQuad are inverse, over all 11,880 placements.
func TestRankQuad(t *testing.T) {
	for x := range nQuads {
		if got := rankQuad(unrankQuad(x)); got != x {
			t.Fatalf("rankQuad(unrankQuad(%d)) = %d", x, got)
		}
	}
}

// The search's permutation coordinates follow the cubie model along random
// sequences of all 18 face turns, and at every position of H they read off
// CoordOf's coordinates.
func TestPermCoordinates(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		c := cube.Solved
		p := permOf(&c)
		for range 40 {
			m := cube.Move(rng.IntN(cube.NFaceMoves))
			c.Move(&c, m)
			p = permMoves.move(p, m)
			if p != permOf(&c) {
				t.Fatalf("after %v: tables %+v, cubie model %+v", m, p, permOf(&c))
			}
		}
	}
	for range 100000 {
		c := randomH(rng)
		if got, want := permMoves.coord(permOf(&c)), CoordOf(&c); got != want {
			t.Fatalf("%v: coord %+v, CoordOf %+v", c, got, want)
		}
	}
}

// nearH holds exactly the cosets within nearDepth moves of H: H, every
// entry within nearDepth, every face turn of an entry nearer than
// nearDepth an entry, and as many as results/coset_distance.arrow counts
// within 4 moves in HTM; and each entry's masks are those found by moving
// its coset by every face turn and comparing distances.
func TestNearH(t *testing.T) {
	h := newNearH(cosetMoves)
	// has asks masks, the search's own look-up, which panics on a coset
	// that is not in the table.
	has := func(x coord.Coset) (ok bool) {
		defer func() { ok = recover() == nil }()
		h.masks(x)
		return
	}
	if !has(coord.Coset{}) {
		t.Fatal("H's own coset is missing")
	}
	n := 0
	for _, k := range h.keys {
		if k == 0 {
			continue
		}
		n++
		x := coord.Coset{Twist: int(k-1) % cube.NTwist, Flip: int(k-1) / cube.NTwist % cube.NFlip, Slice: int(k-1) / cube.NTwist / cube.NFlip}
		d := cosetTable.Distance(x)
		if d > nearDepth {
			t.Fatalf("coset %+v is %d moves from H", x, d)
		}
		var wantNearer, wantSame uint32
		for m := range cube.Move(cube.NFaceMoves) {
			y := cosetTable.Move(x, m)
			if d < nearDepth && !has(y) {
				t.Fatalf("coset %+v, %d moves from H, is missing", y, cosetTable.Distance(y))
			}
			switch cosetTable.Distance(y) - d {
			case -1:
				wantNearer |= 1 << m
			case 0:
				wantSame |= 1 << m
			}
		}
		if nearer, same := h.masks(x); nearer != wantNearer || same != wantSame {
			t.Fatalf("coset %+v: masks %#x, %#x; moving it gives %#x, %#x", x, nearer, same, wantNearer, wantSame)
		}
	}
	if n != 1+4+50+592+7156 {
		t.Fatalf("%d cosets within %d moves of H, want 7,803", n, nearDepth)
	}
}
