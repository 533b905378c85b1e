package cube

import (
	"math/rand/v2"
	"testing"
)

func TestAxisMoves(t *testing.T) {
	if len(AxisMoves) != NAxisMoves {
		t.Fatalf("%d axis moves, want %d", len(AxisMoves), NAxisMoves)
	}
	seen := map[Cube]AxisMove{}
	for _, e := range AxisMoves {
		c := e.Cube()
		if o, dup := seen[c]; dup {
			t.Errorf("%v and %v have the same effect", e, o)
		}
		seen[c] = e
		if inv := e.Inverse().Cube(); Times(c, inv) != Solved {
			t.Errorf("%v times its inverse %v is not solved", e, e.Inverse())
		}
		for s := range Sym(NSyms) {
			if got, want := e.Conjugate(s).Cube(), Conjugate(c, s); got != want {
				t.Errorf("%v conjugated by %v: %v, want the conjugate cube", e, s, e.Conjugate(s))
			}
		}
		for _, m := range Metrics {
			moves := Word{e}.Moves(m)
			if FromMoves(moves) != c {
				t.Errorf("%v in %s is written %s, which does something else", e, m, FormatManeuver(moves))
			}
			if got := m.Length(moves); got != e.Cost(m) {
				t.Errorf("%v costs %d in %s, but %s has length %d", e, e.Cost(m), m, FormatManeuver(moves), got)
			}
		}
	}
	// Spot checks of the costs: R L' is the slice turn M.
	for _, tc := range []struct {
		e             AxisMove
		htm, qtm, stm int
	}{
		{NewAxisMove(AxisRL, 1, 3), 2, 2, 1},
		{NewAxisMove(AxisRL, 2, 2), 2, 4, 1},
		{NewAxisMove(AxisUD, 1, 1), 2, 2, 2},
		{NewAxisMove(AxisFB, 2, 1), 2, 3, 2},
		{NewAxisMove(AxisFB, 0, 2), 1, 2, 1},
	} {
		if tc.e.Cost(HTM) != tc.htm || tc.e.Cost(QTM) != tc.qtm || tc.e.Cost(STM) != tc.stm {
			t.Errorf("%v costs %d, %d, %d; want %d, %d, %d", tc.e, tc.e.Cost(HTM), tc.e.Cost(QTM),
				tc.e.Cost(STM), tc.htm, tc.qtm, tc.stm)
		}
	}
}

func TestWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for range 500 {
		a, b := RandomWord(rng, rng.IntN(6)), RandomWord(rng, rng.IntN(6))
		ab := Concat(a, b)
		if got, want := ab.Cube(), Times(a.Cube(), b.Cube()); got != want {
			t.Fatalf("Concat(%v, %v) = %v does something else", a, b, ab)
		}
		for i := 1; i < len(ab); i++ {
			if ab[i].Axis() == ab[i-1].Axis() {
				t.Fatalf("Concat(%v, %v) = %v has neighbours on one axis", a, b, ab)
			}
		}
		for _, m := range Metrics {
			if ab.Cost(m) > a.Cost(m)+b.Cost(m) {
				t.Errorf("Concat(%v, %v) costs more in %s than its parts", a, b, m)
			}
			moves := ab.Moves(m)
			if FromMoves(moves) != ab.Cube() || m.Length(moves) != ab.Cost(m) {
				t.Errorf("%v in %s: %s", ab, m, FormatManeuver(moves))
			}
		}
		if got := Times(ab.Cube(), ab.Inverse().Cube()); got != Solved {
			t.Errorf("%v times its inverse is not solved", ab)
		}
		s := Sym(rng.IntN(NSyms))
		if got, want := ab.Conjugate(s).Cube(), Conjugate(ab.Cube(), s); got != want {
			t.Errorf("%v conjugated by %v does not match the conjugate cube", ab, s)
		}
	}
	// Cancelling neighbours vanish: R L' then L R' is nothing.
	if w := Concat(Word{NewAxisMove(AxisRL, 1, 3)}, Word{NewAxisMove(AxisRL, 3, 1)}); len(w) != 0 {
		t.Errorf("M M' = %v, want nothing", w)
	}
}

func TestSliceNotation(t *testing.T) {
	// The H permutation M2 U M2 U2 M2 U M2 (7 STM). Each M2 takes the U
	// centre to D and back, so in the home frame its quarter turns are of
	// the D centre's layer: R2 L2 D R2 L2 U2 R2 L2 D R2 L2 (11 HTM).
	m2 := NewAxisMove(AxisRL, 2, 2)
	u := func(p, q int) AxisMove { return NewAxisMove(AxisUD, p, q) }
	h := Word{m2, u(0, 1), m2, u(2, 0), m2, u(0, 1), m2}
	moves := h.Moves(STM)
	if got := FormatManeuver(moves); got != "M2 U M2 U2 M2 U M2" {
		t.Errorf("H permutation in STM: %s", got)
	}
	want, _ := ParseManeuver("M2 U M2 U2 M2 U M2")
	if h.Cube() != FromMoves(want) {
		t.Error("the home-frame word is not the H permutation")
	}
	if h.Cost(STM) != 7 || h.Cost(HTM) != 11 {
		t.Errorf("H permutation costs %d STM, %d HTM; want 7 and 11", h.Cost(STM), h.Cost(HTM))
	}
}

func TestPackedWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for range 200 {
		w := RandomWord(rng, rng.IntN(MaxPackedMoves+1))
		c := rng.IntN(maxPackedCost + 1)
		v := PackWord(w, c)
		if v.Cost() != c || v.Len() != len(w) || v.Word().String() != w.String() {
			t.Fatalf("PackWord(%v, %d) unpacks to %v, cost %d", w, c, v.Word(), v.Cost())
		}
	}
}
