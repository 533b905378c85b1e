package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// The coset table is the exact distance from H: 0 on H's coset alone, and
// elsewhere one more than the least distance of a neighbour (the equations
// whose only solution is the distance), checked on random cosets and
// their neighbours; the moves agree with the cubie model; the distribution
// covers every coset.
func TestCosetTable(t *testing.T) {
	s := shared
	rng := rand.New(rand.NewPCG(7, 8))
	for _, m := range []cube.Metric{cube.HTM, cube.QTM} {
		table, err := s.CosetTable(m)
		if err != nil {
			t.Fatal(err)
		}
		if d := table.Distance(Coset{}); d != 0 {
			t.Fatalf("%v: H is %d from itself", m, d)
		}
		for range 20000 {
			c := cube.Random(rng)
			x := CosetOf(&c)
			best := 99
			for _, mv := range metricMoves(m) {
				d := c
				d.Move(&d, mv)
				y := table.Move(x, mv)
				if y != CosetOf(&d) {
					t.Fatalf("%v: the coset of %v after %v is %+v, the table says %+v", m, c, mv, CosetOf(&d), y)
				}
				best = min(best, table.Distance(y))
			}
			if got := table.Distance(x); got != best+1 {
				t.Fatalf("%v: coset %+v at %d, its nearest neighbour at %d", m, x, got, best)
			}
		}
		var total int64
		dist := table.Distribution(2)
		for _, n := range dist {
			total += n
		}
		if total != NCosets || dist[0] != 1 {
			t.Fatalf("%v: distribution %v sums to %d, want %d cosets with one at 0", m, dist, total, int64(NCosets))
		}
		t.Logf("%v: %v", m, dist)
	}
}
