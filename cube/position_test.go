package cube

import (
	"slices"
	"testing"
)

// TestPositionMatchesGeometry applies maneuvers with slices and rotations
// to stickers in space and reads the result by its centers.
func TestPositionMatchesGeometry(t *testing.T) {
	for _, s := range []string{
		"x U", "M", "M2 U M2 U2 M2 U M2", "E S M' x y' z2 R", "R M' U' x' y R2 E' D S2",
		"S U L E z F2 M2 y' B",
	} {
		moves := mustParse(s)
		p := identityPerm()
		for _, m := range moves {
			p = thenPerm(p, geometricMove(m))
		}
		want, err := relativeToCenters(p)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if got := FromMoves(moves); got != want {
			t.Errorf("%q: %v, geometry %v", s, got, want)
		}
	}
}

func TestPositionExamples(t *testing.T) {
	if FromMoves(mustParse("x U")) != CubeOf(F1) {
		t.Error("x U is not F relative to the centers")
	}
	if FromMoves(mustParse("M")) != FromMoves(mustParse("R L'")) {
		t.Error("M is not R L' relative to the centers")
	}
	// The H permutation: UF<->UB, UL<->UR, nothing else.
	h := FromMoves(mustParse("M2 U M2 U2 M2 U M2"))
	want := Solved
	want.EP[UF], want.EP[UB], want.EP[UL], want.EP[UR] = UB, UF, UR, UL
	if h != want {
		t.Errorf("M2 U M2 U2 M2 U M2 = %v, want the H permutation", h)
	}
}

// TestReframe: a maneuver written in the home frame, renamed move by move,
// does to the cube what the product of its effects does; without slices it
// is unchanged.
func TestReframe(t *testing.T) {
	for _, tc := range []struct{ fixed, want string }{
		{"R U R' U'", "R U R' U'"},
		{"M U", "M F"}, // after M the U centre is at F
		{"M2 U M2 U2 M2 U M2", "M2 D M2 U2 M2 D M2"},
		{"E R S U", "E B M' B"}, // E takes the R centre to B; S then turns like R: M'
	} {
		fixed := mustParse(tc.fixed)
		got := Reframe(fixed)
		if FormatManeuver(got) != tc.want {
			t.Errorf("Reframe(%s) = %s, want %s", tc.fixed, FormatManeuver(got), tc.want)
		}
		product := Solved
		for _, m := range fixed {
			product = Times(product, CubeOf(m))
		}
		if FromMoves(got) != product {
			t.Errorf("Reframe(%s) = %s does not do what its effects do", tc.fixed, FormatManeuver(got))
		}
	}
	rng := newRand()
	for range 200 {
		fixed := make([]Move, 12)
		product := Solved
		for i := range fixed {
			fixed[i] = Move(rng.IntN(NFaceMoves + NSliceMoves))
			product = Times(product, CubeOf(fixed[i]))
		}
		if FromMoves(Reframe(fixed)) != product {
			t.Fatalf("Reframe(%s) does not do what its effects do", FormatManeuver(fixed))
		}
	}
}

// WordOf reads back what Word.Moves writes, in every metric, and follows
// rotations.
func TestWordOf(t *testing.T) {
	rng := newRand()
	for range 500 {
		w := RandomWord(rng, rng.IntN(20))
		for _, m := range Metrics {
			got, err := WordOf(w.Moves(m))
			if err != nil || !slices.Equal(got, w) {
				t.Fatalf("%s: WordOf(%v) = %v, %v; want %v", m, w.Moves(m), got, err, w)
			}
		}
	}
	moves, err := ParseManeuver("x R y M' z2 U")
	if err != nil {
		t.Fatal(err)
	}
	w, err := WordOf(moves)
	if err != nil || w.Cube() != FromMoves(moves) {
		t.Errorf("WordOf with rotations: %v (%v) does not reach FromMoves", w, err)
	}
}
