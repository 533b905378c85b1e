package centers

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

func applied(t *testing.T, text string) (State, error) {
	t.Helper()
	moves, err := cube.ParseManeuver(text)
	if err != nil {
		t.Fatal(err)
	}
	c := NewSupercube()
	c.ApplyAll(moves)
	return c.Result()
}

// Seed 000's example lines, face-turn and slice-turn versions, and their
// printed twists: the model and the notation agree with the seed.
func TestSupercubeOnSeedLines(t *testing.T) {
	for _, tc := range []struct{ maneuver, twist string }{
		{"U R L U2 R' L' U R L U2 R' L'", "u++"},
		{"U R L F2 B2 R' L' D' R L F2 B2 R' L'", "u+ d-"},
		{"M' E2 M U' M E2 M' U", "u+ d-"},
		{"S' E' S U' S' E S U", "u+ f-"},
		{"y L2 S' E' S E L2 D M E M' U'", "u+ f++ r+"},
		{"U D R' L U D' B R L' U D R' L B D2 L2 B' U2 D2 F R2", "u+ d+ f+ b+ r+ l-"},
		{"z' x F E M E' R' L' U2 S' E B' M' S2 R2 U2 L' R' U' R", "u+ d+ f+ b+ r+ l+"},
		{"x y z z' y' x'", "solved"},
	} {
		got, err := applied(t, tc.maneuver)
		if err != nil {
			t.Errorf("%s: %v", tc.maneuver, err)
			continue
		}
		if got.String() != tc.twist {
			t.Errorf("%s leaves %v, want %s", tc.maneuver, got, tc.twist)
		}
	}
	if _, err := applied(t, "R U R' U'"); !errors.Is(err, ErrCubiesUnsolved) {
		t.Errorf("the sexy move leaves %v, want ErrCubiesUnsolved", err)
	}
}

// The model agrees with package cube on the cubies and with Of on the
// centers, for words turned into ordinary notation in every metric (STM
// writes slice turns, whose frames the model follows itself).
func TestSupercubeAgreesWithWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 200 {
		w := cube.RandomWord(rng, rng.IntN(10))
		for _, m := range cube.Metrics {
			c := NewSupercube()
			c.ApplyAll(w.Moves(m))
			if _, err := c.Result(); (err == nil) != (w.Cube() == cube.Solved) {
				t.Fatalf("%v in %s: model says %v, package cube says solved = %v", w, m, err, w.Cube() == cube.Solved)
			}
		}
	}
	for range 200 {
		// A relation: a word, its inverse, and centers turned in between
		// by a turn and its inverse with a word around them.
		a := cube.RandomWord(rng, rng.IntN(8))
		rel := cube.Concat(a, a.Inverse())
		x := cube.RandomWord(rng, 1+rng.IntN(4))
		rel = cube.Concat(cube.Concat(x, rel), x.Inverse())
		for _, m := range cube.Metrics {
			c := NewSupercube()
			c.ApplyAll(rel.Moves(m))
			got, err := c.Result()
			if err != nil || got != Of(rel) {
				t.Fatalf("%v in %s: model says %v, %v; Of says %v", rel, m, got, err, Of(rel))
			}
		}
	}
}
