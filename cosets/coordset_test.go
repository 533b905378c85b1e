package cosets

import (
	"math/rand/v2"
	"testing"
)

// A coordSet against a map: every position put in it is found, and of
// random others, exactly those the map holds (the filter's false
// positives must fall through to the table, which rejects them).
func TestCoordSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	random := func() Coord {
		return Coord{Corners: rng.IntN(NCornerPerms), Edges: rng.IntN(NEdgePerms), Middle: rng.IntN(NMiddlePerms)}
	}
	in := make(map[Coord]bool)
	var xs []Coord
	for range 50_000 {
		x := random()
		in[x] = true
		xs = append(xs, x, x) // duplicates are kept once
	}
	s := newCoordSet(xs)
	for _, x := range xs {
		if !s.has(x) {
			t.Fatalf("%+v was put in the set and is not found", x)
		}
	}
	passed := 0 // absent positions that pass the filter
	for range 1_000_000 {
		x := random()
		if s.has(x) != in[x] {
			t.Fatalf("%+v: has says %v, the map %v", x, s.has(x), in[x])
		}
		if !in[x] && s.filter.mayHave(hash(key(x))) {
			passed++
		}
	}
	if passed == 0 || passed > 100_000 {
		t.Fatalf("%d of a million absent positions passed the filter (about 6%% expected)", passed)
	}
}
