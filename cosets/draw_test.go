package cosets

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// DrawDifference draws from exactly the positions in a and not in b, all
// of them given draws enough, in the order of their coordinates, also
// with a or b nil.
func TestDrawDifference(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	a, b := NewBitmap(), NewBitmap()
	want := map[Coord]bool{}
	for i := range 300 {
		h := randomH(rng)
		x := CoordOf(&h)
		a.Set(x)
		switch i % 3 {
		case 0:
			b.Set(x) // in both: never drawn
		default:
			want[x] = true
		}
		h = randomH(rng)
		b.Set(CoordOf(&h)) // in b alone
	}
	less := func(x, y Coord) int {
		return cmp3(x.Corners, y.Corners, x.Edges/2, y.Edges/2, x.Middle, y.Middle)
	}
	check := func(name string, got []Coord, n int, in func(Coord) bool) map[Coord]bool {
		t.Helper()
		if len(got) != n || !slices.IsSortedFunc(got, less) {
			t.Fatalf("%s: %d drawn of %d, sorted %v", name, len(got), n, slices.IsSortedFunc(got, less))
		}
		seen := map[Coord]bool{}
		for _, x := range got {
			if !in(x) {
				t.Fatalf("%s: drew %+v", name, x)
			}
			seen[x] = true
		}
		return seen
	}
	seen := check("a - b", DrawDifference(a, b, 3000, rng, 2), 3000, func(x Coord) bool { return want[x] })
	if len(seen) != len(want) {
		t.Errorf("a - b: %d positions drawn of %d", len(seen), len(want))
	}
	check("a", DrawDifference(a, nil, 500, rng, 2), 500, a.Has)
	notB := func(x Coord) bool {
		h := x.Cube()
		return !b.Has(x) && InH(&h) && CoordOf(&h) == x
	}
	check("H - b", DrawDifference(nil, b, 500, rng, 2), 500, notB)
	if got := DrawDifference(b, b, 10, rng, 2); got != nil {
		t.Errorf("b - b: drew %v", got)
	}
}

// cmp3 compares (x1, x2, x3) with (y1, y2, y3) in order.
func cmp3(x1, y1, x2, y2, x3, y3 int) int {
	switch {
	case x1 != y1:
		return x1 - y1
	case x2 != y2:
		return x2 - y2
	}
	return x3 - y3
}
