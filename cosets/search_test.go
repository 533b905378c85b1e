package cosets

import (
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/solver"
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

// The cosets within nearDepth moves of H, with their masks from moving
// them, agree with the coset move table's masks, and there are as many
// as results/coset_distance.arrow counts within 4 moves in HTM.
func TestNearH(t *testing.T) {
	h := newNearH(cosetTable)
	n := 0
	for i, k := range h.keys {
		if k == 0 {
			continue
		}
		n++
		x := solver.Coset{Twist: int(k-1) % cube.NTwist, Flip: int(k-1) / cube.NTwist % cube.NFlip, Slice: int(k-1) / cube.NTwist / cube.NFlip}
		if cosetTable.Distance(x) > nearDepth {
			t.Fatalf("coset %+v is %d moves from H", x, cosetTable.Distance(x))
		}
		nearer, same := h.masks(x)
		if wantNearer, wantSame := cosetMoves.At(x); nearer != wantNearer || same != wantSame || h.pairs[i] != uint64(nearer)|uint64(same)<<32 {
			t.Fatalf("coset %+v: masks %#x, %#x; the move table's %#x, %#x", x, nearer, same, wantNearer, wantSame)
		}
	}
	if n != 1+4+50+592+7156 {
		t.Fatalf("%d cosets within %d moves of H, want 7,803", n, nearDepth)
	}
}
