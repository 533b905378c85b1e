package solver

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

var shared = New()

// TestWithin20 solves uniformly random cubes within 20 face turns, each
// solution re-applied; the 10,000 are in the benchmarks.
func TestWithin20(t *testing.T) {
	s := *shared
	s.ExtraDepths = 0
	rng := rand.New(rand.NewPCG(9, 10))
	n := 1000
	if testing.Short() {
		n = 100
	}
	for range n {
		c := cube.Random(rng)
		sol, err := s.Solve(c, 20)
		if err != nil {
			t.Fatalf("%s: %v", c.Facelets(), err)
		}
		if cube.Times(c, cube.FromMoves(sol)) != cube.Solved || len(sol) > 20 {
			t.Fatalf("%s (%d moves) does not solve %s within 20", cube.FormatManeuver(sol), len(sol), c.Facelets())
		}
	}
	c := cube.FromMoves(mustParse(t, "R U2 F' L D B2"))
	gen, err := shared.Generator(c, 30)
	if err != nil || cube.FromMoves(gen) != c {
		t.Fatalf("generator %s does not generate the cube (%v)", cube.FormatManeuver(gen), err)
	}
}

// TestWithin19 solves random cubes within 19 face turns, where most
// solutions found end with a tail (withTails): each re-applied. The
// tails also run inside the solver's own search (r.tail, the order of its
// moves), so a tail put back in the wrong order fails here.
func TestWithin19(t *testing.T) {
	s := *shared
	s.ExtraDepths = 0
	rng := rand.New(rand.NewPCG(19, 20))
	tails := 0
	for range 40 {
		c := cube.Random(rng)
		sol, err := s.Find(c, 19)
		if err != nil {
			t.Fatalf("%s: %v", c.Facelets(), err)
		}
		if cube.Times(c, cube.FromMoves(sol.Moves)) != cube.Solved || len(sol.Moves) > 19 {
			t.Fatalf("%s (%d moves) does not solve %s within 19", cube.FormatManeuver(sol.Moves), len(sol.Moves), c.Facelets())
		}
		if sol.Tail > 0 {
			tails++
		}
	}
	if tails < 10 {
		t.Errorf("%d of 40 solutions within 19 end with a tail; the tails are not being searched", tails)
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

func mustParse(t *testing.T, s string) []cube.Move {
	m, err := cube.ParseManeuver(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// BenchmarkTwoPhase20 and BenchmarkTwoPhase21 time one thread on random
// cubes, as min2phase's figures are (issue 11): the search stops at the
// first solution of at most 20 (21) face turns.
func BenchmarkTwoPhase20(b *testing.B) { benchmarkTwoPhase(b, 20) }
func BenchmarkTwoPhase21(b *testing.B) { benchmarkTwoPhase(b, 21) }

// BenchmarkTwoPhaseBudget: the average length the two-phase solver
// reaches when it keeps looking for shorter solutions until a node budget
// is spent (seed 000: Cube Explorer's solver "keeps searching" for
// shorter ones), one thread, on random cubes.
func BenchmarkTwoPhaseBudget(b *testing.B) {
	for _, budget := range []int64{1e6, 1e7} {
		b.Run(fmt.Sprintf("nodes=%.0e", float64(budget)), func(b *testing.B) {
			s := *shared
			s.ExtraDepths, s.NodeBudget = 30, budget
			rng := rand.New(rand.NewPCG(13, 14))
			var total int
			for b.Loop() {
				// Any length first, then shorter ones until the budget is spent:
				// a limit of 20 would leave the few cubes whose first 20-move
				// solution needs more than the budget without any.
				sol, err := s.Solve(cube.Random(rng), 30)
				if err != nil {
					b.Fatal(err)
				}
				total += len(sol)
			}
			b.ReportMetric(float64(total)/float64(b.N), "moves/solve")
		})
	}
}

func benchmarkTwoPhase(b *testing.B, maxLength int) {
	s := *shared
	s.ExtraDepths = 0
	rng := rand.New(rand.NewPCG(13, 14))
	var total int
	for b.Loop() {
		sol, err := s.Solve(cube.Random(rng), maxLength)
		if err != nil || len(sol) > maxLength {
			b.Fatalf("%d moves, %v", len(sol), err)
		}
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
