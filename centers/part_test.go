package centers

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
)

// A depth searched in three parts (one of them in reverse order) and
// settled from their hits ends as the depth searched whole, continued from
// the same start: the same distances, maneuvers and bounds, and the parts'
// probes add up to the whole depth's. In QTM the start is exhaustive
// through an even depth, so the odd one after it is passed by parity.
func TestPartsSettle(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		m                        cube.Metric
		stored, from, exhaustive int
	}{{cube.HTM, 4, 9, 11}, {cube.QTM, 5, 12, 12}} {
		cfg := Config{Config: meet.Config{Metric: tc.m, StoredDepth: tc.stored, Workers: 2}, PruneFrom: tc.from, pruneMask: lowBits}
		n := firstOpen(tc.m, tc.exhaustive)
		first := cfg
		first.MaxDepth = tc.exhaustive
		before, err := Search(ctx, first)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Start = &Start{Exhaustive: tc.exhaustive, Known: map[State]cube.Word{}}
		for _, s := range States {
			if before.Known(s) {
				cfg.Start.Known[s] = before.Word[s.Index()]
			}
		}
		whole := cfg
		whole.MaxDepth = n
		want, err := Search(ctx, whole)
		if err != nil {
			t.Fatal(err)
		}
		var hits []Hit
		var probes int64
		const parts = 3
		for part := range parts {
			pick := func(prefixes []cube.Word) ([]int, error) {
				var ids []int
				for i := part; i < len(prefixes); i += parts {
					ids = append(ids, i)
				}
				if part == 1 {
					slices.Reverse(ids)
				}
				return ids, nil
			}
			err := SearchPart(ctx, cfg, pick, func(d meet.ChunkDone) error {
				hits, probes = append(hits, d.Hits...), probes+d.Probes
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		got, err := Settle(cfg, hits)
		if err != nil {
			t.Fatal(err)
		}
		last := want.Depths[len(want.Depths)-1]
		if got.Exhaustive != n || want.Exhaustive != n || !reflect.DeepEqual(got.Lower, want.Lower) || !reflect.DeepEqual(got.Upper, want.Upper) || !reflect.DeepEqual(got.Word, want.Word) {
			t.Fatalf("%s depth %d: settled from the parts' %d hits, the result differs from the whole search's", tc.m, n, len(hits))
		}
		if last.Found == 0 || probes != last.Probes {
			t.Errorf("%s depth %d: the parts made %d probes, the whole depth %d (finding %d states)", tc.m, n, probes, last.Probes, last.Found)
		}
		if len(got.Depths) != len(want.Depths) {
			t.Fatalf("%s: settled depths %v, searched %v", tc.m, got.Depths, want.Depths)
		}
		for i, d := range want.Depths {
			g := got.Depths[i]
			if g.Depth != d.Depth || g.Found != d.Found || g.Open != d.Open || g.Exhaustive != d.Exhaustive || g.ByParity != d.ByParity {
				t.Errorf("%s: settled %+v, searched %+v", tc.m, g, d)
			}
		}
		t.Logf("%s depth %d: %d hits, %d probes, %d states found", tc.m, n, len(hits), probes, last.Found)

		bad := slices.Clone(hits)
		bad[0].State = FromIndex(bad[0].State).Add(moveState[cube.AxisMoves[0]]).Add(moveState[cube.AxisMoves[0]]).Index()
		if _, err := Settle(cfg, bad); err == nil {
			t.Errorf("%s: a hit of the wrong state was settled", tc.m)
		}
		if err := SearchPart(ctx, cfg, func(prefixes []cube.Word) ([]int, error) { return []int{len(prefixes)}, nil }, nil); err == nil {
			t.Errorf("%s: a chunk past the depth's last was searched", tc.m)
		}
	}
	if _, err := Settle(Config{Config: meet.Config{Metric: cube.HTM, StoredDepth: 4}}, nil); err == nil {
		t.Error("hits were settled without a start")
	}
}
