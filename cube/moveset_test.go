package cube

import (
	"slices"
	"testing"
)

// TestMoveSets: the sets' sizes, costs, units and symmetries, and a
// slice turn's conjugate checked on the cubes relative to the centers.
func TestMoveSets(t *testing.T) {
	for _, tc := range []struct {
		set          MoveSet
		moves, units int
		syms         int
	}{
		{FaceTurns, 18, 18, 48},
		{QuarterTurns, 18, 12, 48},
		{SliceTurns, 27, 27, 48},
		{HTurns, 10, 10, 16},
	} {
		if len(tc.set.Moves) != tc.moves || len(tc.set.Units()) != tc.units || len(tc.set.Symmetries()) != tc.syms {
			t.Errorf("%s: %d moves, %d of cost 1, %d symmetries; want %d, %d, %d", tc.set.Name,
				len(tc.set.Moves), len(tc.set.Units()), len(tc.set.Symmetries()), tc.moves, tc.units, tc.syms)
		}
	}
	for y := range Sym(NSyms) {
		for _, m := range SliceTurns.Moves {
			// Relative to the centers, the conjugate's effect is the
			// move's effect conjugated.
			if c := conjugateTurn(m, y); CubeOf(c) != Conjugate(CubeOf(m), y) {
				t.Fatalf("%v conjugated by %d: %v", m, y, c)
			}
		}
	}
	if got := HTurns.Symmetries(); !slices.Equal(got, []Sym{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}) {
		t.Errorf("A's symmetries %v, want 0..15, those keeping the U-D axis", got)
	}
}
