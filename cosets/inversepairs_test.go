package cosets

import (
	"context"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestInversePairs: H's search from symmetric roots counts the same
// positions at every depth keeping one word of each inverse pair as
// keeping both (TestMetricSolverAgainstCensus checks the latter against
// the census), with a third fewer probes or more where the search makes
// many, in QTM to 10 and STM to 7.
func TestInversePairs(t *testing.T) {
	for _, tc := range []struct {
		metric cube.Metric
		depth  int
	}{{cube.QTM, 10}, {cube.STM, 7}} {
		t.Run(tc.metric.String(), func(t *testing.T) {
			table, err := sharedTables.CosetTable(tc.metric)
			if err != nil {
				t.Fatal(err)
			}
			census := NewCensus(table)
			var levels [2]CosetLevels
			for i, pairsFrom := range []int64{HSize, 0} {
				solver := NewSmallMetricSolver(census, 2)
				solver.symmetricFrom, solver.pairsFrom = 0, pairsFrom
				if levels[i], err = solver.Levels(context.Background(), cube.Solved, tc.depth, tc.depth, nil); err != nil {
					t.Fatal(err)
				}
			}
			both, one := levels[0], levels[1]
			if !slices.Equal(one.Positions, both.Positions) {
				t.Fatalf("positions keeping one of each pair %v, both %v", one.Positions, both.Positions)
			}
			d := tc.depth
			if one.Probes[d] > both.Probes[d]*2/3 {
				t.Errorf("depth %d: %d probes keeping one of each pair, %d keeping both: want a third fewer", d, one.Probes[d], both.Probes[d])
			}
			t.Logf("probes by depth keeping both %v, one %v", both.Probes, one.Probes)
		})
	}
}
