package pipelines

import (
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/solver"
)

// TestDescribeDistance: inspect's distance line is the optimal one where
// the search is short, bounds with a two-phase solution where it is not
// (a 17-move cube without the big table; with it, inspect proves 17), and
// says how to build the tables where they are missing.
func TestDescribeDistance(t *testing.T) {
	solver.New() // builds the tables into the cache, if need be
	deep := "distance     16 to "
	if solver.OptimalTableCached("", solver.BigTable, cube.HTM) {
		deep = "distance     17 face turns (optimal): "
	}
	for _, tc := range []struct{ maneuver, want string }{
		{"R U R' U'", "distance     4 face turns (optimal): "},
		{"R U R' U' F2 D B L2 U2 R' F D L2 B' U R2 D'", deep},
	} {
		moves, err := cube.ParseManeuver(tc.maneuver)
		if err != nil {
			t.Fatal(err)
		}
		if got := describeDistance(cube.FromMoves(moves)); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: %q, want %q...", tc.maneuver, got, tc.want)
		}
	}
	t.Setenv("CUBECENSUS_CACHE", t.TempDir())
	if got := describeDistance(cube.Solved); !strings.Contains(got, "not built yet") {
		t.Errorf("without tables: %q", got)
	}
}
