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
			if c := ConjugateMove(m, y); CubeOf(c) != Conjugate(CubeOf(m), y) {
				t.Fatalf("%v conjugated by %d: %v", m, y, c)
			}
		}
		// A slice turn's conjugate is that of its axis move, conjugated
		// face by face (AxisMove.Conjugate, another construction).
		for e, m := range sliceMove {
			if c := ConjugateMove(m, y); c != sliceMove[e.Conjugate(y)] {
				t.Fatalf("%v conjugated by %d: %v, as an axis move %v", m, y, c, sliceMove[e.Conjugate(y)])
			}
		}
	}
	if got := HTurns.Symmetries(); !slices.Equal(got, []Sym{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}) {
		t.Errorf("A's symmetries %v, want 0..15, those keeping the U-D axis", got)
	}
}

// TestSliceTurnsAsAGroup: relative to the centers a slice turn is its two
// outer faces turned oppositely, then a whole-cube rotation (M = R L' x',
// the same position and frame), so a position's STM distance is its word
// length in the cube group over 27 elements, the 18 face turns and the 9
// opposite-face pairs; a breadth-first search over them, cubes kept in a
// set, reaches 1, 27, 501, 9,175 and 164,900 new positions at depths 0 to
// 4, the distinct positions the canonical stage's brute force counts by
// applying slice turns to positions (canonical_sequences, set S+M).
func TestSliceTurnsAsAGroup(t *testing.T) {
	for _, tc := range []struct{ slice, faces string }{
		{"M", "R L' x'"}, {"M'", "R' L x"}, {"M2", "R2 L2 x2"},
		{"E", "U D' y'"}, {"S", "F' B z"},
	} {
		p, q := NewPosition(), NewPosition()
		p.ApplyAll(mustParse(tc.slice))
		q.ApplyAll(mustParse(tc.faces))
		if p != q {
			t.Errorf("%s: %v, %s gives %v", tc.slice, p, tc.faces, q)
		}
	}
	var gens []Cube
	for _, m := range SliceTurns.Moves {
		gens = append(gens, CubeOf(m))
	}
	seen := map[Cube]bool{Solved: true}
	level := []Cube{Solved}
	want := []int{1, 27, 501, 9175, 164900}
	for d := 1; d < len(want); d++ {
		var next []Cube
		for _, c := range level {
			for i := range gens {
				if x := Times(c, gens[i]); !seen[x] {
					seen[x] = true
					next = append(next, x)
				}
			}
		}
		if len(next) != want[d] {
			t.Fatalf("depth %d: %d new positions, want %d", d, len(next), want[d])
		}
		level = next
	}
}
