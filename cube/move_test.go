package cube

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMovesMatchGeometry derives every move from rotating stickers in space
// and compares it with the cubie tables: face turns in the fixed frame,
// slice turns and rotations relative to the centers.
func TestMovesMatchGeometry(t *testing.T) {
	for m := range Move(NMoves) {
		p := geometricMove(m)
		if m.IsFace() {
			if got, want := CubeOf(m), geometricCube(p); got != want {
				t.Errorf("%v: cubie table %v, geometry %v", m, got, want)
			}
		}
		want, err := relativeToCenters(p)
		if err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		if got := FromMoves([]Move{m}); got != want {
			t.Errorf("%v relative to centers: %v, geometry %v", m, got, want)
		}
	}
}

func TestSeedCoordinatesOfR(t *testing.T) {
	r := CubeOf(R1)
	if got := r.Twist(); got != 1494 {
		t.Errorf("Twist(R) = %d, want 1494 (seed 000)", got)
	}
	if got := r.CornerPerm(); got != 21021 {
		t.Errorf("CornerPerm(R) = %d, want 21021 (seed 000)", got)
	}
}

func TestMoveBasics(t *testing.T) {
	for m := range Move(NMoves) {
		if m.Inverse().Inverse() != m {
			t.Errorf("%v: inverse of inverse", m)
		}
		if c := FromMoves([]Move{m, m.Inverse()}); c != Solved {
			t.Errorf("%v %v is not the identity", m, m.Inverse())
		}
		if c := FromMoves([]Move{m, m, m, m}); c != Solved && m.Power() == 1 {
			t.Errorf("%v^4 is not the identity", m)
		}
	}
}

// A maneuver followed by InverseManeuver's is the identity, for maneuvers
// of every move (slice turns and rotations too) and of every length to 6.
func TestInverseManeuver(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := range 7 {
		for range 200 {
			moves := make([]Move, n)
			for i := range moves {
				moves[i] = Move(rng.IntN(NMoves))
			}
			inv := InverseManeuver(moves)
			if c := FromMoves(append(slices.Clone(moves), inv...)); c != Solved || len(inv) != n {
				t.Fatalf("%v then %v is not the identity", moves, inv)
			}
		}
	}
}
