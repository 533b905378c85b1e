package coord

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestPhase2Metric checks phase 2's moves in each metric (the ten of A in
// HTM, eight in QTM, fifteen in STM, each keeping H, with its cost) and
// that each pruning table is the metric's distance: 0 at the goal only, and
// elsewhere the least, over the moves, of the move's cost plus its target's
// distance, which only the true distances satisfy when every cost is
// positive. In HTM they must equal the plain breadth-first search's
// PruneCorners.
func TestPhase2Metric(t *testing.T) {
	tb := shared()
	for _, tc := range []struct {
		metric cube.Metric
		moves  string
	}{
		{cube.HTM, "U U2 U' R2 F2 D D2 D' L2 B2"},
		{cube.QTM, "U U' R2 F2 D D' L2 B2"},
		{cube.STM, "U U2 U' R2 F2 D D2 D' L2 B2 M2 E E2 E' S2"},
	} {
		p, err := tb.Phase2In(tc.metric)
		if err != nil {
			t.Fatal(err)
		}
		want, err := cube.ParseManeuver(tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(p.Moves, want) {
			t.Fatalf("%v: phase 2's moves %s, want %s", tc.metric, cube.FormatManeuver(p.Moves), tc.moves)
		}
		for i, m := range p.Moves {
			c := cube.CubeOf(m)
			if c.Twist() != 0 || c.Flip() != 0 || c.Slice() != 0 || int(p.Cost[i]) != tc.metric.Cost(m) {
				t.Fatalf("%v: %v leaves H or costs %d", tc.metric, m, p.Cost[i])
			}
		}
		for _, pt := range []struct {
			name  string
			a     MoveTable
			table []int8
		}{{"corners", p.Corners, p.PruneCorners}, {"edges", p.UDEdges, p.PruneEdges}} {
			for i, d := range pt.table {
				a, b := i/NSliceOrder, i%NSliceOrder
				least := int8(-1)
				for k, c := range p.Cost {
					if n := pt.table[int(pt.a[a][k])*NSliceOrder+int(p.SliceOrder[b][k])] + c; least < 0 || n < least {
						least = n
					}
				}
				if d < 0 || (i == 0) != (d == 0) || i != 0 && d != least {
					t.Fatalf("%v %s: entry %d is %d, its moves give %d", tc.metric, pt.name, i, d, least)
				}
			}
		}
		if tc.metric == cube.HTM && !slices.Equal(p.PruneCorners, tb.PruneCorners) {
			t.Errorf("HTM: the corners' table differs from PruneCorners")
		}
		checkCornersEdges(t, p)
	}
}

// checkCornersEdges checks the corners-and-edges bound of phase 2 in its
// metric on random entries: in STM, where it is its own table, exact (the
// least over the moves of 1 plus the target's, up to the table's cap); in
// HTM and QTM, HTM's table, at most the least of cost plus the target's.
func checkCornersEdges(t *testing.T, p *Phase2Metric) {
	rng := rand.New(rand.NewPCG(51, 52))
	for range 20000 {
		co, ed := rng.IntN(cube.NCornerPerm), rng.IntN(cube.NUDEdgePerm)
		d := p.BoundCornersEdges(co, ed)
		least := -1
		for i, c := range p.Cost {
			if n := int(c) + p.BoundCornersEdges(int(p.Corners[co][i]), int(p.UDEdges[ed][i])); least < 0 || n < least {
				least = n
			}
		}
		exact := p.Metric == cube.STM
		if (co == 0 && ed == 0) != (d == 0) || d > least || exact && d != least && d < capMax {
			t.Fatalf("%v: corners %d, edges %d: bound %d, its moves give %d", p.Metric, co, ed, d, least)
		}
	}
}
