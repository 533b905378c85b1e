package cube

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat/combin"
)

// TestCoordinateRoundTrips unranks every value of each small coordinate and
// ranks it again; EdgePerm is sampled.
func TestCoordinateRoundTrips(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		set  func(*Cube, int)
		get  func(*Cube) int
	}{
		{"Twist", NTwist, (*Cube).SetTwist, (*Cube).Twist},
		{"Flip", NFlip, (*Cube).SetFlip, (*Cube).Flip},
		{"Slice", NSlice, (*Cube).SetSlice, (*Cube).Slice},
		{"CornerPerm", NCornerPerm, (*Cube).SetCornerPerm, (*Cube).CornerPerm},
		{"SliceSorted", NSliceSorted, (*Cube).SetSliceSorted, (*Cube).SliceSorted},
		{"UDEdgePerm", NUDEdgePerm, (*Cube).SetUDEdgePerm, (*Cube).UDEdgePerm},
		{"CornerLayer", NCornerLayer, (*Cube).SetCornerLayer, (*Cube).CornerLayer},
	} {
		for x := range tc.n {
			c := Solved
			tc.set(&c, x)
			if got := tc.get(&c); got != x {
				t.Fatalf("%s(Set%s(%d)) = %d", tc.name, tc.name, x, got)
			}
		}
	}
	for x := 0; x < NEdgePerm; x += 9973 {
		c := Solved
		c.SetEdgePerm(x)
		if got := c.EdgePerm(); got != x {
			t.Fatalf("EdgePerm(SetEdgePerm(%d)) = %d", x, got)
		}
	}
}

func TestCoordinatesOfSolvedAndH(t *testing.T) {
	s := Solved
	if s.Twist() != 0 || s.Flip() != 0 || s.Slice() != 0 || s.CornerPerm() != 0 || s.EdgePerm() != 0 || s.SliceSorted() != 0 {
		t.Error("solved cube has a nonzero coordinate")
	}
	// In H = <U, D, R2, L2, F2, B2> twist, flip and slice stay 0 and
	// SliceSorted stays below 24 (seed 000, two-phase coordinates).
	c := FromMoves(mustParse("U R2 D' F2 L2 U2 B2 D R2 U'"))
	if c.Twist() != 0 || c.Flip() != 0 || c.Slice() != 0 || c.SliceSorted() >= 24 {
		t.Errorf("H element has twist %d flip %d slice %d sorted %d", c.Twist(), c.Flip(), c.Slice(), c.SliceSorted())
	}
	// U and D turns keep the corners in their layers; the other turns,
	// even half turns, move two corners across.
	for m := range Move(NFaceMoves) {
		c := FromMoves([]Move{m})
		if kept := c.CornerLayer() == 0; kept != (m.Axis() == AxisUD) {
			t.Errorf("%v: CornerLayer %d", m, c.CornerLayer())
		}
	}
}

// TestCoordinatesMatchPieces checks each coordinate against the plain
// definition on random cubes: equal coordinates iff equal piece data.
func TestCoordinatesMatchPieces(t *testing.T) {
	rng := newRand()
	for range 300 {
		c := randomCube(rng)
		var d Cube = Solved
		d.SetTwist(c.Twist())
		d.SetFlip(c.Flip())
		d.SetCornerPerm(c.CornerPerm())
		d.SetEdgePerm(c.EdgePerm())
		if d != c {
			t.Fatalf("cube not rebuilt from its coordinates: %v vs %v", d, c)
		}
		var e Cube = Solved
		e.SetSliceSorted(c.SliceSorted())
		for i := range NEdges {
			if (c.EP[i] >= FR) != (e.EP[i] >= FR) || c.EP[i] >= FR && c.EP[i] != e.EP[i] {
				t.Fatalf("SliceSorted %d misplaces slice edges", c.SliceSorted())
			}
		}
	}
}

// BenchmarkTwistMove moves the twist coordinate two ways: through the
// cubie level (unrank, multiply, rank), and by lookup in a move table built
// that way (Kociemba's TwistMove, seed 000 "The Move Tables"), which is
// what the solvers will use.
func BenchmarkTwistMove(b *testing.B) {
	b.Run("cubie", func(b *testing.B) {
		var c Cube
		x, m := 0, Move(0)
		for b.Loop() {
			c = Solved
			c.SetTwist(x)
			c.Move(&c, m)
			x, m = c.Twist(), (m+7)%NFaceMoves
		}
	})
	b.Run("table", func(b *testing.B) {
		var table [NTwist][NFaceMoves]uint16
		for x := range NTwist {
			for m := range Move(NFaceMoves) {
				c := Solved
				c.SetTwist(x)
				c.Move(&c, m)
				table[x][m] = uint16(c.Twist())
			}
		}
		x, m := uint16(0), Move(0)
		for b.Loop() {
			x, m = table[x][m], (m+7)%NFaceMoves
		}
	})
}

// TestRankArrangement: the rank of an arrangement is its place in
// lexicographic order, written out by choosing each value in increasing
// order among those left, over every arrangement of k of n values for the
// sizes the program uses and more; for whole permutations (k = n) it is
// also gonum's (combin.PermutationIndex, whose order for k < n puts the
// combination first).
func TestRankArrangement(t *testing.T) {
	for _, size := range [][2]int{{4, 4}, {12, 4}, {8, 8}, {12, 1}, {6, 3}} {
		n, k := size[0], size[1]
		var lex [][]uint8
		var write func(prefix []uint8, used uint64)
		write = func(prefix []uint8, used uint64) {
			if len(prefix) == k {
				lex = append(lex, slices.Clone(prefix))
				return
			}
			for v := range n {
				if used>>v&1 == 0 {
					write(append(prefix, uint8(v)), used|1<<v)
				}
			}
		}
		write(nil, 0)
		p := make([]uint8, k)
		for x, want := range lex {
			UnrankArrangement(x, n, p)
			if !slices.Equal(p, want) {
				t.Fatalf("%d of %d, rank %d: %v, want %v", k, n, x, p, want)
			}
			if got := RankArrangement(want, n); got != x {
				t.Fatalf("%d of %d: %v ranks %d, want %d", k, n, want, got, x)
			}
			if k == n {
				perm := make([]int, k)
				for i, v := range want {
					perm[i] = int(v)
				}
				if g := combin.PermutationIndex(perm, n, k); g != x {
					t.Fatalf("%v: rank %d, gonum's %d", want, x, g)
				}
			}
		}
	}
}
