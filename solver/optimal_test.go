package solver

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestOptimalAgreesWithBreadthFirst checks the optimal solver against a
// plain breadth-first search of the cube group to depth 5 (620,000
// positions): positions drawn at each depth are solved in exactly that many
// face turns, and every solution is re-applied.
func TestOptimalAgreesWithBreadthFirst(t *testing.T) {
	const maxDepth = 5
	dist := map[cube.Key]int{cube.Solved.Key(): 0}
	levels := [][]cube.Cube{{cube.Solved}}
	for d := 1; d <= maxDepth; d++ {
		var next []cube.Cube
		for _, c := range levels[d-1] {
			for m := range cube.Move(cube.NFaceMoves) {
				var n cube.Cube
				n.Move(&c, m)
				if _, ok := dist[n.Key()]; !ok {
					dist[n.Key()] = d
					next = append(next, n)
				}
			}
		}
		levels = append(levels, next)
	}
	if len(levels[maxDepth]) != 574908 {
		t.Fatalf("%d positions at depth %d, the canonical stage counts 574908", len(levels[maxDepth]), maxDepth)
	}
	rng := rand.New(rand.NewPCG(15, 16))
	for d, level := range levels {
		for range min(len(level), 40) {
			c := level[rng.IntN(len(level))]
			o, err := shared.Optimal(context.Background(), c, 2)
			if err != nil {
				t.Fatal(err)
			}
			if len(o.Moves) != d || o.Lower != d || cube.Times(c, cube.FromMoves(o.Moves)) != cube.Solved {
				t.Fatalf("a position at depth %d: %s (lower %d)", d, cube.FormatManeuver(o.Moves), o.Lower)
			}
		}
	}
}

// TestOptimalDeeper: scrambles of 8 to 11 moves are solved in at most as
// many, never fewer than the two-phase solver's bound allows, the same
// whatever the worker count; a node budget stops a search with its proven
// lower bound.
func TestOptimalDeeper(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for i := range 6 {
		n := 8 + i%4
		c := randomCube(rng, n)
		one, err := shared.Optimal(context.Background(), c, 1)
		if err != nil {
			t.Fatal(err)
		}
		two, err := shared.Optimal(context.Background(), c, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(one.Moves) > n || cube.Times(c, cube.FromMoves(one.Moves)) != cube.Solved || cube.FormatManeuver(one.Moves) != cube.FormatManeuver(two.Moves) || one.Nodes != two.Nodes {
			t.Fatalf("scramble of %d: %s (%d nodes) with one worker, %s (%d) with two", n, cube.FormatManeuver(one.Moves), one.Nodes, cube.FormatManeuver(two.Moves), two.Nodes)
		}
		if sol, err := shared.Solve(c, 30); err != nil || len(sol) < len(one.Moves) {
			t.Fatalf("two-phase found %d moves, shorter than the optimum %d (%v)", len(sol), len(one.Moves), err)
		}
	}
	s := *shared
	s.NodeBudget = 1000
	o, err := s.Optimal(context.Background(), randomCube(rng, 30), 2)
	if err != ErrBudget || o.Moves != nil || o.Lower < 10 {
		t.Errorf("a budget of 1000 nodes: %v, lower bound %d", err, o.Lower)
	}
}
