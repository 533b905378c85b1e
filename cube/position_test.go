package cube

import "testing"

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
