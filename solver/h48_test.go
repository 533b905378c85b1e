package solver

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
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
	return h48Tables{*coord.NewH48Tables(h, h0, hk)}
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
			moves := solveH48(t, tables, c, 1)
			if len(moves) != d || cube.Times(c, cube.FromMoves(moves)) != cube.Solved {
				t.Fatalf("a position at depth %d: %s", d, cube.FormatManeuver(moves))
			}
		}
	}
}

// solveH48 returns the driver's optimal solution of c with the H48
// tables on workers goroutines, its symmetries used, checked to solve c.
func solveH48(t testing.TB, tables h48Tables, c cube.Cube, workers int) []cube.Move {
	t.Helper()
	res, err := shared.optimalWith(context.Background(), h48Engine{tables, c}, c, cube.HTM, workers, cube.SymmetriesOf(c), noMaxDepth)
	if err != nil {
		t.Fatal(err)
	}
	if cube.Times(c, cube.FromMoves(res.Moves)) != cube.Solved {
		t.Fatalf("%s does not solve the cube", cube.FormatManeuver(res.Moves))
	}
	return res.Moves
}

// TestH48SearchAgreesWithOptimal: scrambles of 8 to 12 moves, and
// symmetric cubes, get solutions from the driver with the H48 tables (on
// one and two workers) as short as the optimal solver's (phase 1's table).
func TestH48SearchAgreesWithOptimal(t *testing.T) {
	tables := smallH48()
	rng := rand.New(rand.NewPCG(43, 44))
	cubes := []cube.Cube{
		cube.FromMoves(mustParse(t, "U2 D2 F2 B2 L2 R2")),   // 6, 48 symmetries
		cube.FromMoves(mustParse(t, "R L' U D' F B' R L'")), // symmetric
		cube.FromMoves(mustParse(t, "U D' R L' F B' U D'")), // symmetric
		cube.FromMoves(mustParse(t, "R2 L2 U2 D2")),         // symmetric
		cube.FromMoves(mustParse(t, "U R2 U' D' L2 D")),     // symmetric
	}
	// Enough scrambles that the search ends on the inverse's side, or
	// with moves on both, often (a solution's premoves are its end).
	for i := range 40 {
		cubes = append(cubes, cube.Scramble(rng, 8+i%5))
	}
	for i, c := range cubes {
		want, err := shared.Optimal(context.Background(), c, cube.HTM, 2)
		if err != nil {
			t.Fatal(err)
		}
		moves := solveH48(t, tables, c, 1+i%2)
		if len(moves) != len(want.Moves) {
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
		b.Skip("h7 with base 9 is not in the cache (coord.LoadHK builds it, about 20 minutes)")
	}
	rng := rand.New(rand.NewPCG(27, 28))
	benchmarkH48(b, 7, 9, func() cube.Cube { return cube.Random(rng) })
}

// BenchmarkH48Scrambles times the H48 search with h4 and base 8 (470 MB,
// built into the cache on first use, about 4 minutes of 2 cores) on
// scrambles of 19 random face turns (optimal in 14 on average), one
// goroutine: a table small enough to build in a benchmark, yet read from
// memory as h7 is, to compare versions of the search
// (`-benchtime 6x` times the six cubes of BENCHMARKS.md).
func BenchmarkH48Scrambles(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	benchmarkH48(b, 4, 8, func() cube.Cube { return cube.Scramble(rng, 19) })
}

// BenchmarkH48NissyScrambles times the H48 search with h7 and base 9
// (the solver's, 3.5 GiB) on nissy-core's 25 scrambles of 17 moves
// ($NISSY names a checkout; skipped without), one goroutine: the search
// alone on the cubes scripts/peers/compare.sh gives both programs
// (`-benchtime 25x` for all 25).
func BenchmarkH48NissyScrambles(b *testing.B) {
	dir := os.Getenv("NISSY")
	if dir == "" {
		b.Skip("NISSY does not name a nissy-core checkout")
	}
	data, err := os.ReadFile(filepath.Join(dir, "benchmarks", "scrambles", "scrambles-17.txt"))
	if err != nil {
		b.Fatal(err)
	}
	var cubes []cube.Cube
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		moves, err := cube.ParseManeuver(line)
		if err != nil {
			b.Fatal(err)
		}
		cubes = append(cubes, cube.FromMoves(moves))
	}
	next := 0
	benchmarkH48(b, 7, 9, func() cube.Cube {
		c := cubes[next%len(cubes)]
		next++
		return c
	})
}

// benchmarkH48 times the H48 search with hK of base (from the cache, or
// built there) on the cubes next draws, one goroutine, each solution
// checked.
func benchmarkH48(b *testing.B, k, base int, next func() cube.Cube) {
	h := coord.NewH48()
	h0, _, err := h.LoadH0(coord.Config{})
	if err != nil {
		b.Fatal(err)
	}
	hk, _, err := h.LoadHK(coord.Config{}, k, base)
	if err != nil {
		b.Fatal(err)
	}
	tables := h48Tables{*coord.NewH48Tables(h, h0, hk)}
	var nodes, length int64
	for b.Loop() {
		c := next()
		res, err := shared.optimalWith(context.Background(), h48Engine{tables, c}, c, cube.HTM, 1, []cube.Sym{0}, noMaxDepth)
		if err != nil || cube.Times(c, cube.FromMoves(res.Moves)) != cube.Solved {
			b.Fatalf("%s does not solve the cube: %v", cube.FormatManeuver(res.Moves), err)
		}
		nodes, length = nodes+res.Nodes, length+int64(len(res.Moves))
	}
	b.ReportMetric(float64(length)/float64(b.N), "turns/cube")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/cube")
}
