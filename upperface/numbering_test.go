package upperface

import (
	"errors"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestSeedExamples checks the five worked examples of seed 004 ("How to
// Look Up a Move"): each maneuver, applied to the solved cube, is an
// upper-face position with the document's numbers.
func TestSeedExamples(t *testing.T) {
	for _, tc := range []struct {
		maneuver           string
		un                 int
		epn, etn, cpn, ctn int
	}{
		{"L2B2L'F'LB2L'FL'", 162, 0, 0, 6, 0},
		{"LRU2L'R'F'B'U2FB", 41472, 16, 0, 0, 0},
		{"L'RD'BDLR'B'U'B", 8424, 3, 2, 0, 0},
		{"LFL'F2RU2R'U2FL'U2LU2", 18, 0, 0, 0, 18},
		{"FRUR'U'F'", 9387, 3, 4, 11, 18},
	} {
		moves, err := cube.ParseManeuver(tc.maneuver)
		if err != nil {
			t.Fatal(err)
		}
		p, err := FromCube(cube.FromMoves(moves))
		if err != nil {
			t.Fatalf("%s: %v", tc.maneuver, err)
		}
		epn, etn, cpn, ctn := p.Numbers()
		if p.Un() != tc.un || epn != tc.epn || etn != tc.etn || cpn != tc.cpn || ctn != tc.ctn {
			t.Errorf("%s: un=%d epn=%d etn=%d cpn=%d ctn=%d, seed 004: un=%d epn=%d etn=%d cpn=%d ctn=%d",
				tc.maneuver, p.Un(), epn, etn, cpn, ctn, tc.un, tc.epn, tc.etn, tc.cpn, tc.ctn)
		}
	}
}

// TestNumberingIsABijection: every un names a distinct valid position, and
// FromUn inverts Un.
func TestNumberingIsABijection(t *testing.T) {
	seen := map[cube.Cube]bool{}
	for un := range NPositions {
		p, err := FromUn(un)
		if err != nil {
			t.Fatal(err)
		}
		c := p.Cube()
		if err := c.Verify(); err != nil {
			t.Fatalf("un %d is not a cube: %v", un, err)
		}
		if seen[c] {
			t.Fatalf("un %d repeats a position", un)
		}
		seen[c] = true
		q, err := FromCube(c)
		if err != nil || q.Un() != un {
			t.Fatalf("Un(FromUn(%d)) = %d, %v", un, q.Un(), err)
		}
	}
}

func TestLexRankTable(t *testing.T) {
	// Seed 004's table: 2013 is 12, 2301 is 16, 0231 is 3, 3210 is 23.
	for perm, want := range map[[4]uint8]int{{2, 0, 1, 3}: 12, {2, 3, 0, 1}: 16, {0, 2, 3, 1}: 3, {3, 2, 1, 0}: 23, {0, 1, 2, 3}: 0} {
		if got := lexRank(perm); got != want {
			t.Errorf("lexRank(%v) = %d, want %d", perm, got, want)
		}
		if lexUnrank(want) != perm {
			t.Errorf("lexUnrank(%d) = %v, want %v", want, lexUnrank(want), perm)
		}
	}
}

func TestNotUpperFace(t *testing.T) {
	if _, err := FromCube(cube.CubeOf(cube.R1)); !errors.Is(err, ErrNotUpperFace) {
		t.Errorf("FromCube(R) = %v, want ErrNotUpperFace", err)
	}
}
