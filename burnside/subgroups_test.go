package burnside

import "testing"

// TestSubgroupClassCounts checks the numbers of seed 000 ("Symmetry and
// Antisymmetry", verified there with GAP): 33 classes of subgroups of M and
// 131 of M x C2; and the known counts of subgroups of O_h (98) and O (30).
func TestSubgroupClassCounts(t *testing.T) {
	for _, tc := range []struct {
		name               string
		g                  Set
		subgroups, classes int
	}{
		{"M", GroupM, 98, 33},
		{"rotations", GroupRotations, 30, 11},
		{"C2", GroupInversion, 2, 2},
		{"M x C2", GroupMC2, -1, 131},
	} {
		subs := Subgroups(tc.g)
		if tc.subgroups >= 0 && len(subs) != tc.subgroups {
			t.Errorf("%s has %d subgroups, want %d", tc.name, len(subs), tc.subgroups)
		}
		classes := Classes(tc.g, subs)
		if len(classes) != tc.classes {
			t.Errorf("%s has %d classes of subgroups, want %d", tc.name, len(classes), tc.classes)
		}
		total := 0
		for _, c := range classes {
			total += len(c.Members)
			if tc.g.Len()%c.Rep.Len() != 0 {
				t.Errorf("%s: subgroup of order %d does not divide %d", tc.name, c.Rep.Len(), tc.g.Len())
			}
		}
		if total != len(subs) {
			t.Errorf("%s: classes hold %d subgroups of %d", tc.name, total, len(subs))
		}
	}
}

func TestGroupLaws(t *testing.T) {
	for g := range Elem(NElems) {
		if g.Mul(g.Inverse()) != Identity {
			t.Errorf("%d * %d^-1 != e", g, g)
		}
		for h := range Elem(NElems) {
			for k := Elem(0); k < NElems; k += 7 {
				if g.Mul(h).Mul(k) != g.Mul(h.Mul(k)) {
					t.Fatalf("not associative at %d %d %d", g, h, k)
				}
			}
		}
	}
}
