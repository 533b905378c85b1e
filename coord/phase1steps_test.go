package coord

import (
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// The steps of phase 1's entries, read through a node's entry and
// symmetry, are its children's distances in phase 1's table, looked up one
// by one: on random cubes (mostly deep, a few moves from H, and in H),
// every face turn.
func TestPhase1Steps(t *testing.T) {
	tb := shared()
	steps, err := tb.Phase1Steps()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 30000 {
		var c cube.Cube
		switch i % 3 {
		case 0:
			c = cube.Random(rng)
		case 1:
			c = cube.Scramble(rng, 1+rng.IntN(4))
		default:
			c = randomH(rng, 30)
		}
		fs, tw := flipSliceOf(&c), c.Twist()
		d := tb.Phase1.Distance(fs, tw)
		masks := steps.Masks(steps.Entry(fs, tw))
		for m := range cube.Move(cube.NFaceMoves) {
			var child cube.Cube
			child.Move(&c, m)
			want := tb.Phase1.Distance(flipSliceOf(&child), child.Twist()) - d
			got := 1
			switch {
			case masks.Down>>m&1 == 1:
				got = -1
			case masks.Same>>m&1 == 1:
				got = 0
			}
			if got != want {
				t.Fatalf("cube %d, move %v: the steps say %+d, phase 1's table %+d", i, m, got, want)
			}
		}
	}
}
