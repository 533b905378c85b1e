package solver

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// smallH48 are H48 tables small enough for the tests: the exact h0 from
// the cache (built there on first use, about a minute) and h2 with base 4
// (118 MB), whose bounds are weak but still lower bounds.
var smallH48 = sync.OnceValue(func() h48Tables {
	h := coord.NewH48()
	h0, _, err := h.LoadH0(coord.Config{})
	if err != nil {
		panic(err)
	}
	hk, err := h.NewHK(2, 4, 2, nil)
	if err != nil {
		panic(err)
	}
	return h48Tables{h: h, h0: h0, hk: hk}
})

// TestH48SearchAgreesWithBreadthFirst: positions drawn at each depth of a
// breadth-first search to 5 face turns are solved in exactly that many,
// and every solution is re-applied.
func TestH48SearchAgreesWithBreadthFirst(t *testing.T) {
	tables := smallH48()
	rng := rand.New(rand.NewPCG(41, 42))
	for d, level := range breadthFirst(cube.HTM, 5) {
		for range min(len(level), 60) {
			c := level[rng.IntN(len(level))]
			moves, _ := tables.solve(c)
			if len(moves) != d || cube.Times(c, cube.FromMoves(moves)) != cube.Solved {
				t.Fatalf("a position at depth %d: %s", d, cube.FormatManeuver(moves))
			}
		}
	}
}

// TestH48SearchAgreesWithOptimal: scrambles of 8 to 11 moves get
// solutions as short as the optimal solver's (phase 1's table), which
// solve them.
func TestH48SearchAgreesWithOptimal(t *testing.T) {
	tables := smallH48()
	rng := rand.New(rand.NewPCG(43, 44))
	for i := range 8 {
		c := cube.Scramble(rng, 8+i%4)
		want, err := shared.Optimal(context.Background(), c, cube.HTM, 2)
		if err != nil {
			t.Fatal(err)
		}
		moves, _ := tables.solve(c)
		if len(moves) != len(want.Moves) || cube.Times(c, cube.FromMoves(moves)) != cube.Solved {
			t.Fatalf("%s: the H48 search's %s against the optimal solver's %s", cube.FormatManeuver(cube.InverseManeuver(want.Moves)), cube.FormatManeuver(moves), cube.FormatManeuver(want.Moves))
		}
	}
}

// BenchmarkH48Random times the H48 search with h7 (base 9, from the cache;
// skipped when it is not there: `go test ./coord -run '^$' -bench HKBuild`
// does not store it, coord.LoadHK does) on the random cubes of
// BenchmarkOptimalRandom, one goroutine.
func BenchmarkH48Random(b *testing.B) {
	if !coord.HKCached("", 7, 9) {
		b.Skip("h7 with base 9 is not in the cache (coord.LoadHK builds it, about an hour)")
	}
	h := coord.NewH48()
	h0, _, err := h.LoadH0(coord.Config{})
	if err != nil {
		b.Fatal(err)
	}
	hk, _, err := h.LoadHK(coord.Config{}, 7, 9)
	if err != nil {
		b.Fatal(err)
	}
	tables := h48Tables{h: h, h0: h0, hk: hk}
	rng := rand.New(rand.NewPCG(27, 28))
	var nodes, length int64
	for b.Loop() {
		c := cube.Random(rng)
		moves, n := tables.solve(c)
		if cube.Times(c, cube.FromMoves(moves)) != cube.Solved {
			b.Fatalf("%s does not solve the cube", cube.FormatManeuver(moves))
		}
		nodes, length = nodes+n, length+int64(len(moves))
	}
	b.ReportMetric(float64(length)/float64(b.N), "turns/cube")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/cube")
}
