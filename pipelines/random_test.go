package pipelines

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/tables"
)

func TestRandomCubesAreSeededPrefixes(t *testing.T) {
	few, more := RandomCubes(7, 5), RandomCubes(7, 50)
	if !slices.Equal(few, more[:5]) {
		t.Error("a larger sample does not begin with the smaller one")
	}
	if slices.Equal(few, RandomCubes(8, 5)) {
		t.Error("another seed draws the same cubes")
	}
	for i, c := range more {
		if err := c.Verify(); err != nil {
			t.Fatalf("cube %d: %v", i, err)
		}
	}
}

// madeUpSample returns the cubes the maneuvers of face turns make and
// their solutions in HTM, the inverse maneuvers.
func madeUpSample(t *testing.T, words ...string) ([]cube.Cube, []randomSolved) {
	t.Helper()
	var cubes []cube.Cube
	var solved []randomSolved
	for i, w := range words {
		moves, err := cube.ParseManeuver(w)
		if err != nil {
			t.Fatal(err)
		}
		undo := make([]cube.Move, len(moves))
		for j, m := range moves {
			undo[len(moves)-1-j] = m.Inverse()
		}
		cubes = append(cubes, cube.FromMoves(moves))
		solved = append(solved, randomSolved{Metric: cube.HTM, Index: i, Moves: undo, Nodes: 1})
	}
	return cubes, solved
}

// TestRandomTables checks the distribution's counts, fractions, errors and
// mean on a made-up sample of three cubes and their inverse maneuvers.
func TestRandomTables(t *testing.T) {
	cubes, solved := madeUpSample(t, "R U", "R U F", "F2 D L'")
	out := randomTables(cubes, MetricCounts{cube.HTM: 3}, []cube.Metric{cube.HTM}, solved, 7)
	rows, dist := out.Tables[0], out.Tables[1]
	if len(rows.Rows) != 3 || rows.Rows[2][3] != int64(3) {
		t.Fatalf("random_cubes rows %v", rows.Rows)
	}
	want := [][]any{
		{"HTM", int64(2), int64(1), int64(3), 1.0 / 3, math.Sqrt(1.0 / 3 * 2 / 3 / 3)},
		{"HTM", int64(3), int64(2), int64(3), 2.0 / 3, math.Sqrt(2.0 / 3 * 1 / 3 / 3)},
	}
	if !slices.EqualFunc(dist.Rows, want, func(a, b []any) bool { return slices.Equal(a, b) }) {
		t.Errorf("random_distribution %v, want %v", dist.Rows, want)
	}
	if out.Params["mean_HTM"] != "2.6667" || out.Params["mean_stderr_HTM"] != "0.3333" || out.Params["cubes"] != "HTM=3" {
		t.Errorf("params %v", out.Params)
	}
	// Solutions beyond the sample (a checkpoint of a larger run) are left out.
	if out := randomTables(cubes, MetricCounts{cube.HTM: 2}, []cube.Metric{cube.HTM}, solved, 7); len(out.Tables[0].Rows) != 2 {
		t.Errorf("a sample of 2 wrote %d rows", len(out.Tables[0].Rows))
	}
}

// TestRandomFrom writes a random_cubes table of made-up cubes and their
// inverse maneuvers (one in slice turns) and takes it back: every
// solution within the run's metrics and counts, none from another seed,
// and a maneuver that does not solve its cube, or a cube the draw does not
// have, refused naming the row.
func TestRandomFrom(t *testing.T) {
	cubes, solved := madeUpSample(t, "R U", "R U F", "U F2 R L'")
	// Relative to the centers M' is R' L: cube 2 is solved by M' F2 U' in
	// the home frame's names, printed as the solver prints them (Reframe).
	fixed, err := cube.ParseManeuver("M' F2 U'")
	if err != nil {
		t.Fatal(err)
	}
	sliced := cube.Reframe(fixed)
	if cube.Times(cubes[2], cube.FromMoves(sliced)) != cube.Solved {
		t.Fatalf("%s does not solve U F2 R L'", cube.FormatManeuver(sliced))
	}
	// Solved out of order (an earlier run's solutions, then this run's): the tables are in the draw's order.
	stm := randomSolved{Metric: cube.STM, Index: 2, Moves: sliced, Nodes: 2, Seconds: 0.25}
	solved = []randomSolved{stm, solved[2], solved[0], solved[1]}
	metrics := []cube.Metric{cube.HTM, cube.STM}
	out := randomTables(cubes, MetricCounts{cube.HTM: 3, cube.STM: 3}, metrics, solved, 7)
	if got := out.Tables[0].Rows[3][4]; got != cube.FormatManeuver(sliced) {
		t.Fatalf("the STM row's maneuver %v", got)
	}
	dir := t.TempDir()
	write := func(table *tables.Table) {
		prov := tables.NewProvenance("random", 1)
		prov.Params = out.Params
		if _, err := tables.Write(dir, table, prov); err != nil {
			t.Fatal(err)
		}
	}
	write(out.Tables[0])

	taken, _, err := readRandomSolved(dir, 7, cubes, MetricCounts{cube.HTM: 2, cube.STM: 3}, metrics)
	if err != nil {
		t.Fatal(err)
	}
	want := []randomSolved{solved[2], solved[3], stm} // the table's order: HTM's then STM's
	if !slices.EqualFunc(taken, want, func(a, b randomSolved) bool {
		return a.Metric == b.Metric && a.Index == b.Index && slices.Equal(a.Moves, b.Moves) && a.Nodes == b.Nodes && a.Seconds == b.Seconds
	}) {
		t.Errorf("taken %v, want %v", taken, want)
	}
	if taken, _, err := readRandomSolved(dir, 7, cubes, MetricCounts{cube.HTM: 3}, []cube.Metric{cube.HTM}); err != nil || len(taken) != 3 {
		t.Errorf("HTM alone: %d taken, %v", len(taken), err)
	}
	if _, _, err := readRandomSolved(dir, 8, cubes, MetricCounts{cube.HTM: 3}, metrics); err == nil || !strings.Contains(err.Error(), "seed 7") {
		t.Errorf("another seed: %v", err)
	}
	other := slices.Clone(cubes)
	other[1] = cubes[0]
	if _, _, err := readRandomSolved(dir, 7, other, MetricCounts{cube.HTM: 3}, metrics); err == nil || !strings.Contains(err.Error(), "row 1: cube 1 is") {
		t.Errorf("another draw: %v", err)
	}
	out.Tables[0].Rows[1][4] = "R' U'" // cube 1 is R U F
	write(out.Tables[0])
	if _, _, err := readRandomSolved(dir, 7, cubes, MetricCounts{cube.HTM: 3}, metrics); err == nil || !strings.Contains(err.Error(), "row 1: R' U' does not solve cube 1 in 3 HTM") {
		t.Errorf("a wrong maneuver: %v", err)
	}
}

func TestCheckRandom(t *testing.T) {
	env := testEnv(6 << 30)
	env.Options.RandomMetrics = MetricList{cube.STM}
	if err := checkRandom(env); err != nil {
		t.Errorf("STM: %v", err)
	}
	env.MemBudget = 2 << 30
	if err := checkRandom(env); !errors.Is(err, ErrTooBig) {
		t.Errorf("a 2 GiB budget: %v", err)
	}
}
