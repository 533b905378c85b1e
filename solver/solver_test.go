package solver

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

var shared = New()

func TestSolveRandomCubes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	n := 10
	if testing.Short() {
		n = 5
	}
	for range n {
		c := cube.Solved
		for range 40 {
			c.Move(&c, cube.Move(rng.IntN(cube.NFaceMoves)))
		}
		sol, err := shared.Solve(c, 30)
		if err != nil {
			t.Fatal(err)
		}
		if got := cube.Times(c, cube.FromMoves(sol)); got != cube.Solved {
			t.Fatalf("%s does not solve the cube", cube.FormatManeuver(sol))
		}
		if len(sol) > 30 {
			t.Errorf("solution of %d moves over the limit", len(sol))
		}
	}
	c := cube.FromMoves(mustParse(t, "R U2 F' L D B2"))
	gen, err := shared.Generator(c, 30)
	if err != nil || cube.FromMoves(gen) != c {
		t.Fatalf("generator %s does not generate the cube (%v)", cube.FormatManeuver(gen), err)
	}
}

func TestSolveEasyCases(t *testing.T) {
	for _, s := range []string{"", "R", "U R2 F'", "R U R' U'"} {
		c := cube.FromMoves(mustParse(t, s))
		sol, err := shared.Solve(c, 30)
		if err != nil || cube.Times(c, cube.FromMoves(sol)) != cube.Solved {
			t.Errorf("%q: %v %v", s, sol, err)
		}
		if len(sol) > len(mustParse(t, s)) {
			t.Errorf("%q solved in %d moves: %s", s, len(sol), cube.FormatManeuver(sol))
		}
	}
}

func TestSolveRejectsInvalid(t *testing.T) {
	c := cube.Solved
	c.CO[cube.URF] = 1
	if _, err := shared.Solve(c, 30); err == nil {
		t.Error("solved a twisted corner")
	}
}

// TestPruneTablesAreAdmissible: the phase-1 tables' heuristic never exceeds
// the true phase-1 distance, checked on cubes a known number of moves from H.
func TestPruneTablesAreAdmissible(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 500 {
		c := cube.Solved
		k := rng.IntN(8)
		for range k {
			c.Move(&c, cube.Move(rng.IntN(cube.NFaceMoves)))
		}
		sl := c.Slice()
		if h := max(shared.pruneTwist[c.Twist()*cube.NSlice+sl], shared.pruneFlip[c.Flip()*cube.NSlice+sl]); int(h) > k {
			t.Fatalf("heuristic %d for a cube %d moves from solved", h, k)
		}
	}
}

func mustParse(t *testing.T, s string) []cube.Move {
	m, err := cube.ParseManeuver(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func BenchmarkSolve(b *testing.B) {
	rng := rand.New(rand.NewPCG(13, 14))
	var total int
	for b.Loop() {
		c := cube.Solved
		for range 40 {
			c.Move(&c, cube.Move(rng.IntN(cube.NFaceMoves)))
		}
		sol, _ := shared.Solve(c, 24)
		total += len(sol)
	}
	b.ReportMetric(float64(total)/float64(b.N), "moves/solve")
}

func TestNodeBudget(t *testing.T) {
	s := New()
	s.NodeBudget = 10
	c := cube.FromMoves(mustParse(t, "R U2 F' L D B2 R' U"))
	if _, err := s.Solve(c, 30); !errors.Is(err, ErrBudget) {
		t.Errorf("Solve with a budget of 10 nodes: %v, want ErrBudget", err)
	}
}
