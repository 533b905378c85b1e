package centers

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

func TestNumbering(t *testing.T) {
	if len(States) != NStates {
		t.Fatalf("%d states, want %d", len(States), NStates)
	}
	for i, s := range States {
		if got := FromTwists(s.Twists()); got != s {
			t.Errorf("FromTwists(%v.Twists()) = %d, want %d", s, got, s)
		}
		if s.Index() != i || FromIndex(i) != s {
			t.Errorf("state %d: Index %d, FromIndex(%d) = %d", s, s.Index(), i, FromIndex(i))
		}
	}
	for _, tc := range []struct {
		text string
		want State
	}{
		{"u++", 2048}, {"b++", 2}, {"u+ d-", 1024 + 3*16}, {"solved", 0},
		{"u+ d+ f+ b+ r+ l-", FromTwists([6]int{1, 1, 1, 1, 3, 1})},
	} {
		got, err := ParseState(tc.text)
		if err != nil || got != tc.want {
			t.Errorf("ParseState(%q) = %d, %v; want %d", tc.text, got, err, tc.want)
		}
		if got.String() != tc.text {
			t.Errorf("State(%d).String() = %q, want %q", got, got.String(), tc.text)
		}
	}
	for _, s := range States {
		if back, err := ParseState(s.String()); err != nil || back != s {
			t.Errorf("ParseState(%q) = %d, %v; want %d", s.String(), back, err, s)
		}
	}
}

func TestParseStateErrors(t *testing.T) {
	for _, text := range []string{"u+ u+", "x+", "u+++", "u", "u+ d+ f+", "u*"} {
		if _, err := ParseState(text); !errors.Is(err, ErrNotation) {
			t.Errorf("ParseState(%q): %v, want ErrNotation", text, err)
		}
	}
}

// The state map is linear and follows the maneuvers it describes.
func TestConjugateFollowsWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		w := cube.RandomWord(rng, rng.IntN(8))
		y := cube.Sym(rng.IntN(cube.NSyms))
		if got, want := Of(w.Conjugate(y)), Of(w).Conjugate(y); got != want {
			t.Fatalf("Of(%v conjugated by %v) = %v, want %v", w, y, got, want)
		}
		if got, want := Of(w.Inverse()), Of(w).Neg(); got != want {
			t.Fatalf("Of(%v inverted) = %v, want %v", w, got, want)
		}
		v := cube.RandomWord(rng, rng.IntN(8))
		if got, want := Of(cube.Concat(w, v)), Of(w).Add(Of(v)); got != want {
			t.Fatalf("Of(%v %v) = %v, want %v", w, v, got, want)
		}
	}
}

// Seed 000: "Up to symmetry and inversion there are exactly 73 nontrivial
// cases."
func TestClasses(t *testing.T) {
	if len(Classes()) != 74 {
		t.Fatalf("%d classes, want 73 nontrivial and the solved state", len(Classes()))
	}
	total := 0
	for _, c := range Classes() {
		total += len(c.Members)
		if 96%len(c.Members) != 0 {
			t.Errorf("class %d (%v) has %d members, which does not divide 96", c.ID, c.Rep, len(c.Members))
		}
		for _, s := range c.Members {
			if s.Class() != c.ID {
				t.Errorf("%v.Class() = %d, want %d", s, s.Class(), c.ID)
			}
		}
	}
	if total != NStates {
		t.Errorf("classes hold %d states, want %d", total, NStates)
	}
	if Classes()[0].Rep != Solved || len(Classes()[0].Members) != 1 {
		t.Errorf("class 0 is %v with %d members, want the solved state alone", Classes()[0].Rep, len(Classes()[0].Members))
	}
}
