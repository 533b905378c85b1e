package cosets

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// TestStepMasks: for random cosets in each metric, the masks read through
// the coset's entry and symmetry name the steps of the coset itself whose
// child is exactly their cost nearer H (slack 0) or at most one move less
// near (slack 1), as the children's distances in the table say, and the
// entry's distance kept beside them gives the node's slack.
func TestStepMasks(t *testing.T) {
	for _, m := range cube.Metrics {
		table, err := sharedTables.CosetTable(m)
		if err != nil {
			t.Fatal(err)
		}
		c := NewCensus(table)
		c.UseStepMasks()
		rng := rand.New(rand.NewPCG(38, uint64(m)))
		for range 1000 {
			x := coord.Coset{Twist: rng.IntN(cube.NTwist), Flip: rng.IntN(cube.NFlip), Slice: rng.IntN(cube.NSlice)}
			d := table.Distance(x)
			var want [2]uint64
			for i := range c.steps {
				st := &c.steps[i]
				delta := table.Distance(c.move(x, st)) - d + st.cost
				for slack := range want {
					if delta <= slack {
						want[slack] |= 1 << i
					}
				}
			}
			e, s := table.Entry(x)
			for range 2 { // filled, then read
				for slack := range want {
					gotSlack, inEntry := c.nodeSteps(e, c.slackOneWord(e), d+slack)
					if gotSlack != slack {
						t.Fatalf("%v: coset %v at %d, %d moves to go: slack %d", m, x, d, d+slack, gotSlack)
					}
					var got uint64
					for ; inEntry != 0; inEntry &= inEntry - 1 {
						got |= 1 << c.stepMasks.fromEntry[s][bits.TrailingZeros64(inEntry)]
					}
					if got != want[slack] {
						t.Fatalf("%v: coset %v, slack %d: steps %045b, want %045b", m, x, slack, got, want[slack])
					}
				}
			}
			if slack, steps := c.nodeSteps(e, c.slackOneWord(e), d+2); slack != 2 || steps != 0 { // the distance kept beside the steps
				t.Fatalf("%v: coset %v at %d, %d moves to go: slack %d, steps %045b", m, x, d, d+2, slack, steps)
			}
		}
	}
}

// TestCensusWithStepMasks: the census counts a sample of classes alike
// with and without the masks (so TestCensusAgainstBFS's check of the plain
// census carries over), at depths where most of the search's nodes read
// them; the first count fills the entries, the second reads them.
func TestCensusWithStepMasks(t *testing.T) {
	for _, tc := range []struct {
		metric cube.Metric
		depth  int
	}{{cube.HTM, 10}, {cube.QTM, 11}, {cube.STM, 9}} {
		table, err := sharedTables.CosetTable(tc.metric)
		if err != nil {
			t.Fatal(err)
		}
		classes := table.Classes()
		plain := NewCensus(table).NewCounter()
		c := NewCensus(table)
		c.UseStepMasks()
		masked := c.NewCounter()
		rng := rand.New(rand.NewPCG(38, 9))
		found := 0
		for range 150 {
			x := classes.Rep(rng.Int64N(classes.Len()))
			want, err := plain.Count(x, tc.depth)
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				got, err := masked.Count(x, tc.depth)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%v: coset %v: with the masks %v, without %v", tc.metric, x, got, want)
				}
			}
			if want[tc.depth] > 0 {
				found++
			}
		}
		if masked.Probes != 2*plain.Probes || found < 50 {
			t.Fatalf("%v: probes %d with the masks (two counts), %d without; %d classes with positions at %d", tc.metric, masked.Probes, plain.Probes, found, tc.depth)
		}
	}
}
