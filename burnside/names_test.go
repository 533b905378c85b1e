package burnside

import (
	"math/big"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestKindsOfM checks the class sizes of O_h: 1, 8 C3, 6 C4, 3 C2 (face),
// 6 C2 (edge), 1 inversion, 3 + 6 mirrors, 6 S4, 8 S6.
func TestKindsOfM(t *testing.T) {
	var all []cube.Sym
	for s := range cube.Sym(cube.NSyms) {
		all = append(all, s)
	}
	want := Signature{1, 8, 6, 3, 6, 1, 3, 6, 6, 8}
	if got := signatureOf(all); got != want {
		t.Errorf("kinds of M: %v, want %v", got, want)
	}
}

// TestNamesAgainstSeed names the 33 classes of M and compares each name's
// order and "cubes having at least this symmetry" with seed 000's table, row
// by row; every name must occur once.
func TestNamesAgainstSeed(t *testing.T) {
	published := map[string][2]int64{
		"O_h": {48, 4}, "O": {24, 4}, "T_d": {24, 4}, "T_h": {24, 24}, "T": {12, 72}, "D_3d": {12, 16},
		"C_3v": {6, 48}, "D_3": {6, 432}, "S_6": {6, 7776}, "C_3": {3, 3779136}, "D_4h": {16, 128},
		"D_4": {8, 512}, "C_4v": {8, 1024}, "C_4h": {8, 1536}, "C_4": {4, 147456}, "S_4": {4, 442368},
		"D_2d (edge)": {8, 3072}, "D_2d (face)": {8, 512}, "D_2h (edge)": {8, 2048}, "D_2h (face)": {8, 12288},
		"D_2 (edge)": {4, 98304}, "D_2 (face)": {4, 294912}, "C_2v (a1)": {4, 65536}, "C_2v (a2)": {4, 1179648},
		"C_2v (b)": {4, 98304}, "C_2h (a)": {4, 589824}, "C_2h (b)": {4, 98304}, "C_2 (a)": {2, 15288238080},
		"C_2 (b)": {2, 2548039680}, "C_s (a)": {2, 18345885696}, "C_s (b)": {2, 424673280},
		"C_i": {2, 45864714240},
	}
	c, err := NewCensus(GroupM)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, cl := range c.Classes {
		name := TypeOf(cl.Rep).String()
		if seen[name] {
			t.Errorf("two classes are named %s", name)
		}
		seen[name] = true
		if name == "C_1" {
			continue
		}
		want, ok := published[name]
		if !ok {
			t.Errorf("class of order %d named %q, not in seed 000", cl.Rep.Len(), name)
			continue
		}
		if int64(cl.Rep.Len()) != want[0] || cl.Fixed.Cmp(big.NewInt(want[1])) != 0 {
			t.Errorf("%s: order %d, at least %v; seed 000: order %d, at least %d", name, cl.Rep.Len(), cl.Fixed, want[0], want[1])
		}
	}
	if len(seen) != 33 {
		t.Errorf("%d names for 33 classes", len(seen))
	}
}

// TestTypesOfMC2 counts the kinds of the 131 classes: 33 of kind 1, 33 of
// kind 2 and 65 of kind 3 (seed 000), with distinct names.
func TestTypesOfMC2(t *testing.T) {
	classes := Classes(GroupMC2, Subgroups(GroupMC2))
	kinds := map[int]int{}
	names := map[string]bool{}
	for _, c := range classes {
		ty := TypeOf(c.Rep)
		kinds[ty.Kind]++
		names[ty.String()+string(rune('0'+ty.Kind))] = true
	}
	if kinds[1] != 33 || kinds[2] != 33 || kinds[3] != 65 {
		t.Errorf("kinds: %v, want 33, 33, 65", kinds)
	}
	if len(names) != 131 {
		t.Errorf("%d distinct names for 131 classes", len(names))
	}
}
