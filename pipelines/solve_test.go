package pipelines

import (
	"context"
	"testing"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/solver"
)

// TestOptimalQuickTry: solve --optimal with no table named tries each cube
// on phase 1's table within quickNodes until a cube needs the optimal
// table the budget holds, which it then loads once and gives every cube
// after alone; a budget within quickNodes never loads it, and a table
// named goes to it from the first cube. Phase 1's table stands in for the
// optimal one, and quickNodes is small, so that no table of gigabytes is
// built.
func TestOptimalQuickTry(t *testing.T) {
	defer func(n int64, f func(*Env, coord.OptimalTable) (*solver.Solver, error)) {
		quickNodes, newOptimalSolver = n, f
	}(quickNodes, newOptimalSolver)
	quickNodes = 1000
	var loaded []coord.OptimalTable
	newOptimalSolver = func(env *Env, table coord.OptimalTable) (*solver.Solver, error) {
		loaded = append(loaded, table)
		return newSolver(env, coord.Phase1Table)
	}
	input := func(text string) CubeInput {
		moves, err := cube.ParseManeuver(text)
		if err != nil {
			t.Fatal(err)
		}
		return CubeInput{Text: text, Cube: cube.FromMoves(moves)}
	}
	short, long := input("R U"), input("R U F' L2 D B' R2 U' F2 L' D2 B U' R2") // 2 and 14 moves
	env := testEnv(4 << 30)                                                     // the big table's budget
	env.Workers = 1                                                             // node counts that do not depend on the workers' race
	solve := func(o SolveOptions, cubes ...CubeInput) []Solved {
		t.Helper()
		o.Optimal, o.MaxLength = true, 20
		var out []Solved
		err := Solve(context.Background(), env, cubes, o, func(s Solved) error {
			if !s.Optimal {
				t.Fatalf("%s: not solved optimally: %+v", s.Input, s)
			}
			out = append(out, s)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}

	got := solve(SolveOptions{}, short)
	if len(loaded) != 0 || got[0].Nodes > quickNodes {
		t.Fatalf("a short cube: the optimal table loaded %v, %d nodes", loaded, got[0].Nodes)
	}
	got = solve(SolveOptions{}, short, long, long, short)
	if len(loaded) != 1 || loaded[0] != coord.BigTable {
		t.Fatalf("the optimal table loaded %v, want the big table once", loaded)
	}
	// The long cube's first solve adds the quick try's nodes to the
	// table's; its second, on the table alone, does not.
	alone := got[2].Nodes
	if tried := got[1].Nodes - alone; tried < quickNodes/2 || tried > 2*quickNodes || len(got[1].Moves) != len(got[2].Moves) {
		t.Fatalf("the long cube: %d nodes with the quick try (%d moves), %d without (%d moves)", got[1].Nodes, len(got[1].Moves), alone, len(got[2].Moves))
	}

	loaded = nil
	if got = solve(SolveOptions{NodeBudget: quickNodes}, short); len(loaded) != 0 || got[0].Nodes > quickNodes {
		t.Fatalf("a budget within the quick try's loaded %v, %d nodes", loaded, got[0].Nodes)
	}
	got = solve(SolveOptions{Table: coord.BigTable}, long)
	if len(loaded) != 1 || got[0].Nodes != alone {
		t.Fatalf("a table named: loaded %v, %d nodes, want %d (no quick try)", loaded, got[0].Nodes, alone)
	}
}
