package pipelines

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/solver"
)

// TestDescribeDistance: inspect's distance line is the optimal one where
// the search is short, bounds with a two-phase solution where it is not
// (a 17-move cube within the default budget; with a budget of minutes and
// the big table, inspect proves 17), and says how to build the tables where
// they are missing.
func TestDescribeDistance(t *testing.T) {
	solver.New() // builds the tables into the cache, if need be
	deep := regexp.MustCompile(`^distance     (1[0-7]) to (1[7-9]|20) face turns`)
	for _, tc := range []struct {
		maneuver string
		budget   int64
		want     *regexp.Regexp
	}{
		{"R U R' U'", InspectNodeBudget, regexp.MustCompile(`^distance     4 face turns \(optimal\): `)},
		{"R U R' U' F2 D B L2 U2 R' F D L2 B' U R2 D'", InspectNodeBudget, deep},
	} {
		moves, err := cube.ParseManeuver(tc.maneuver)
		if err != nil {
			t.Fatal(err)
		}
		if got := describeDistance(cube.FromMoves(moves), tc.budget); !tc.want.MatchString(got) {
			t.Errorf("%s: %q, want %v", tc.maneuver, got, tc.want)
		}
	}
	t.Setenv("CUBECENSUS_CACHE", t.TempDir())
	if got := describeDistance(cube.Solved, InspectNodeBudget); !strings.Contains(got, "not built yet") {
		t.Errorf("without tables: %q", got)
	}
}
