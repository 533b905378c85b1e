package pipelines

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
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

// TestRandomTables checks the distribution's counts, fractions, errors and
// mean on a made-up sample of three cubes and their inverse maneuvers.
func TestRandomTables(t *testing.T) {
	words := []string{"R U", "R U F", "F2 D L'"}
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
