package solver

import (
	"context"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"testing"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// bigSolver returns a solver with table kind in metric m, or skips the
// test when the table is not in the cache (make run builds the big
// tables, in about ten minutes; make test does not), or when it is the
// huge table and $CUBECENSUS_TEST_HUGE is not 1: its 13.8 GiB beside the
// other packages' tests, which go test runs at the same time, would not
// fit a 24 GiB machine.
func bigSolver(t testing.TB, kind coord.OptimalTable, m cube.Metric) *Solver {
	if !coord.OptimalTableCached("", kind, m) {
		t.Skipf("the optimal solver's %v %v table is not in the cache (make run builds the big ones)", kind, m)
	}
	if kind == coord.HugeTable && os.Getenv("CUBECENSUS_TEST_HUGE") != "1" {
		t.Skipf("the huge %v table is tested with CUBECENSUS_TEST_HUGE=1 (go test ./solver alone)", m)
	}
	s, err := NewWith(coord.Config{Optimal: kind})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBigTableSolver runs the optimal solver's checks with each big table
// cached, in each metric, one table in memory at a time: the
// breadth-first positions, and upper-face positions (every distance up to
// 16 face turns, 18 quarter turns and 14 slice turns, and 300 drawn from
// those, 20 in STM; the 1,728 positions 15 and 16 slice turns away take
// from half a minute to three minutes each, too long for make test).
func TestBigTableSolver(t *testing.T) {
	for _, kind := range []coord.OptimalTable{coord.BigTable, coord.HugeTable} {
		for m, deepest := range map[cube.Metric]int{cube.HTM: 16, cube.QTM: 18, cube.STM: 14} {
			t.Run(kind.String()+"/"+m.String(), func(t *testing.T) {
				s := bigSolver(t, kind, m)
				checkAgainstBreadthFirst(t, s, m)
				sample := 300 // most at 14 to 16 face turns: a tenth of a second to seconds each
				if m == cube.STM {
					sample = 20 // within 14: an upper-face position 16 slice turns away takes half a minute, one 15 away took 3
				}
				checkAgainstUpperface(t, s, map[cube.Metric]int{m: deepest}, 3, sample)
			})
			debug.FreeOSMemory() // the next table takes this one's place
		}
	}
}

// BenchmarkOptimalRandom times the optimal solver with each big table on
// uniformly random cubes (the same draw every run), both cores on each.
func BenchmarkOptimalRandom(b *testing.B) {
	for _, kind := range []coord.OptimalTable{coord.BigTable, coord.HugeTable} {
		for _, m := range cube.Metrics {
			b.Run(kind.String()+"/"+m.String(), func(b *testing.B) {
				s := bigSolver(b, kind, m)
				if _, err := s.Optimal(context.Background(), cube.Solved, m, 2); err != nil { // loads the table
					b.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(27, 28))
				var nodes, length int64
				for b.Loop() {
					o, err := s.Optimal(context.Background(), cube.Random(rng), m, 2)
					if err != nil {
						b.Fatal(err)
					}
					nodes, length = nodes+o.Nodes, length+int64(o.Lower)
				}
				b.ReportMetric(float64(length)/float64(b.N), "turns/cube")
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/cube")
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
				s = nil
				debug.FreeOSMemory()
			})
		}
	}
}
