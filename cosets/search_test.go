package cosets

import (
	"math/rand/v2"
	"testing"

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
