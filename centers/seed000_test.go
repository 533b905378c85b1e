package centers

import (
	"strings"
	"testing"
)

// Seed 000's list, read on the supercube model: every maneuver solves the
// cubies with its printed length, and the lines cover the 73 nontrivial
// classes. The damage found is pinned here, so that a change of the model
// or of the reading shows.
func TestSeed000(t *testing.T) {
	lines, err := Seed000()
	if err != nil {
		t.Fatal(err)
	}
	classes := map[int]bool{}
	damaged := 0
	for _, l := range lines {
		classes[l.State.Class()] = true
		if len(l.Problems) > 0 {
			damaged++
		}
		for _, p := range l.Problems {
			// Only the printed twist may be wrong: every maneuver solves
			// the cubies with its printed length.
			if !strings.Contains(p, "twist") {
				t.Errorf("%s: %s", l.Text, p)
			}
		}
	}
	if len(lines) != 75 || len(classes) != 73 || classes[0] {
		t.Errorf("%d lines cover %d classes (solved among them: %v); want 75 covering the 73 nontrivial", len(lines), len(classes), classes[0])
	}
	if damaged != 6 { // one block's twist column slipped a row; one line has none; one names u twice
		t.Errorf("%d lines print a twist their maneuvers do not give, want the 6 the page is known to have", damaged)
	}
}
