package upperface

import (
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

func TestAxisMoves(t *testing.T) {
	if len(AxisMoves) != NAxisMoves {
		t.Fatalf("%d axis moves, want %d", len(AxisMoves), NAxisMoves)
	}
	seen := map[cube.Cube]AxisMove{}
	for _, e := range AxisMoves {
		c := e.Cube()
		if o, dup := seen[c]; dup {
			t.Errorf("%v and %v have the same effect", e, o)
		}
		seen[c] = e
		if inv := e.Inverse().Cube(); cube.Times(c, inv) != cube.Solved {
			t.Errorf("%v times its inverse %v is not solved", e, e.Inverse())
		}
		for s := range cube.Sym(cube.NSyms) {
			if got, want := e.Conjugate(s).Cube(), cube.Conjugate(c, s); got != want {
				t.Errorf("%v conjugated by %v: %v, want the conjugate cube", e, s, e.Conjugate(s))
			}
		}
		for _, m := range cube.Metrics {
			moves := Word{e}.Moves(m)
			if cube.FromMoves(moves) != c {
				t.Errorf("%v in %s is written %s, which does something else", e, m, cube.FormatManeuver(moves))
			}
			if got := m.Length(moves); got != e.Cost(m) {
				t.Errorf("%v costs %d in %s, but %s has length %d", e, e.Cost(m), m, cube.FormatManeuver(moves), got)
			}
		}
	}
	// Spot checks of the costs: R L' is the slice turn M.
	for _, tc := range []struct {
		e             AxisMove
		htm, qtm, stm int
	}{
		{NewAxisMove(cube.AxisRL, 1, 3), 2, 2, 1},
		{NewAxisMove(cube.AxisRL, 2, 2), 2, 4, 1},
		{NewAxisMove(cube.AxisUD, 1, 1), 2, 2, 2},
		{NewAxisMove(cube.AxisFB, 2, 1), 2, 3, 2},
		{NewAxisMove(cube.AxisFB, 0, 2), 1, 2, 1},
	} {
		if tc.e.Cost(cube.HTM) != tc.htm || tc.e.Cost(cube.QTM) != tc.qtm || tc.e.Cost(cube.STM) != tc.stm {
			t.Errorf("%v costs %d, %d, %d; want %d, %d, %d", tc.e, tc.e.Cost(cube.HTM), tc.e.Cost(cube.QTM),
				tc.e.Cost(cube.STM), tc.htm, tc.qtm, tc.stm)
		}
	}
}

func randomWord(rng *rand.Rand, n int) Word {
	w := make(Word, 0, n)
	for len(w) < n {
		e := AxisMoves[rng.IntN(NAxisMoves)]
		if len(w) == 0 || w[len(w)-1].Axis() != e.Axis() {
			w = append(w, e)
		}
	}
	return w
}

func TestWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for range 500 {
		a, b := randomWord(rng, rng.IntN(6)), randomWord(rng, rng.IntN(6))
		ab := Concat(a, b)
		if got, want := ab.Cube(), cube.Times(a.Cube(), b.Cube()); got != want {
			t.Fatalf("Concat(%v, %v) = %v does something else", a, b, ab)
		}
		for i := 1; i < len(ab); i++ {
			if ab[i].Axis() == ab[i-1].Axis() {
				t.Fatalf("Concat(%v, %v) = %v has neighbours on one axis", a, b, ab)
			}
		}
		for _, m := range cube.Metrics {
			if ab.Cost(m) > a.Cost(m)+b.Cost(m) {
				t.Errorf("Concat(%v, %v) costs more in %s than its parts", a, b, m)
			}
			moves := ab.Moves(m)
			if cube.FromMoves(moves) != ab.Cube() || m.Length(moves) != ab.Cost(m) {
				t.Errorf("%v in %s: %s", ab, m, cube.FormatManeuver(moves))
			}
		}
		if got := cube.Times(ab.Cube(), ab.Inverse().Cube()); got != cube.Solved {
			t.Errorf("%v times its inverse is not solved", ab)
		}
		s := cube.Sym(rng.IntN(cube.NSyms))
		if got, want := ab.Conjugate(s).Cube(), cube.Conjugate(ab.Cube(), s); got != want {
			t.Errorf("%v conjugated by %v does not match the conjugate cube", ab, s)
		}
	}
	// Cancelling neighbours vanish: R L' then L R' is nothing.
	if w := Concat(Word{NewAxisMove(cube.AxisRL, 1, 3)}, Word{NewAxisMove(cube.AxisRL, 3, 1)}); len(w) != 0 {
		t.Errorf("M M' = %v, want nothing", w)
	}
}

func TestSliceNotation(t *testing.T) {
	// The H permutation M2 U M2 U2 M2 U M2 (7 STM). Each M2 takes the U
	// centre to D and back, so in the home frame its quarter turns are of
	// the D centre's layer: R2 L2 D R2 L2 U2 R2 L2 D R2 L2 (11 HTM).
	m2 := NewAxisMove(cube.AxisRL, 2, 2)
	u := func(p, q int) AxisMove { return NewAxisMove(cube.AxisUD, p, q) }
	h := Word{m2, u(0, 1), m2, u(2, 0), m2, u(0, 1), m2}
	moves := h.Moves(cube.STM)
	if got := cube.FormatManeuver(moves); got != "M2 U M2 U2 M2 U M2" {
		t.Errorf("H permutation in STM: %s", got)
	}
	want, _ := cube.ParseManeuver("M2 U M2 U2 M2 U M2")
	if h.Cube() != cube.FromMoves(want) {
		t.Error("the home-frame word is not the H permutation")
	}
	if h.Cost(cube.STM) != 7 || h.Cost(cube.HTM) != 11 {
		t.Errorf("H permutation costs %d STM, %d HTM; want 7 and 11", h.Cost(cube.STM), h.Cost(cube.HTM))
	}
}
