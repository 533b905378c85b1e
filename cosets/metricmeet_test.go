package cosets

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/solver"
)

// TestMetricTails: metricTails counts the canonical words of steps of
// each cost that end outside H as a listing of them does, in each metric.
func TestMetricTails(t *testing.T) {
	for _, tc := range []struct {
		metric cube.Metric
		k      int
	}{{cube.HTM, 3}, {cube.QTM, 4}, {cube.STM, 3}} {
		table, err := sharedTables.CosetTable(tc.metric)
		if err != nil {
			t.Fatal(err)
		}
		c := NewCensus(table)
		listed := make([]int64, tc.k+1)
		var walk func(last cube.Axis, cost int)
		walk = func(last cube.Axis, cost int) {
			for _, s := range c.steps {
				if s.axis == last || cost+s.cost > tc.k {
					continue
				}
				if !s.inH {
					listed[cost+s.cost]++
				}
				walk(s.axis, cost+s.cost)
			}
		}
		walk(3, 0)
		if got := metricTails(c, tc.k); !slices.Equal(got, listed) {
			t.Errorf("%v: metricTails %v, listing %v", tc.metric, got, listed)
		}
	}
}

// TestMetricMeetLeft: once few positions are left, the metric solver's
// search sets only theirs, and meets them in the middle where the table
// of the positions a few steps before them fits: given, after a depth's
// prepass on H, part of the positions at that distance it left (whole
// orbits under the symmetries) and positions beyond, the search adds
// exactly that part, from every root and from symmetric roots, in QTM
// (steps of costs 1 to 4) and STM.
func TestMetricMeetLeft(t *testing.T) {
	whole := map[cube.Metric]wholeDepth{} // by metric, made once
	for _, tc := range []struct {
		metric    cube.Metric
		depth     int
		share     int // one orbit in share is sampled
		meetMax   int64
		symmetric bool
	}{
		{cube.QTM, 8, 4, 0, false},
		{cube.QTM, 8, 4, 1 << 22, false},
		{cube.QTM, 8, 4, 1 << 22, true},
		{cube.STM, 5, 4, 1 << 22, false},
		{cube.STM, 5, 4, 1 << 22, true},
	} {
		table, err := sharedTables.CosetTable(tc.metric)
		if err != nil {
			t.Fatal(err)
		}
		census := NewCensus(table)
		d := tc.depth
		run := searchH(t, census)
		if _, ok := whole[tc.metric]; !ok {
			whole[tc.metric] = wholeSearch(t, run, d)
		}
		w := whole[tc.metric]
		want, at, far := w.levels, w.at, w.far
		rng := rand.New(rand.NewPCG(38, uint64(d)))
		var sample, unsampled []Coord
		var k int
		sampled, got := run(d, func(s *MetricSolver) {
			if tc.symmetric {
				s.symmetricFrom = 0
			}
			s.meetMax = tc.meetMax
			s.left = func(depth int) []Coord {
				if depth < d {
					return nil
				}
				sample, unsampled = sampleOrbits(at, s.bms[0], func() bool { return rng.IntN(tc.share) == 0 })
				left := append(slices.Clone(sample), far...)
				k = metricMeetCost(census, int64(len(left)), d, tc.meetMax)
				return left
			}
		})
		if (k > 0) != (tc.meetMax > 0) {
			t.Fatalf("%v %+v: %d positions left met %d short", tc.metric, tc, len(sample)+len(far), k)
		}
		if len(sample) == 0 || len(unsampled) == 0 || got.Positions[d] != want.Positions[d]-int64(len(unsampled)) {
			t.Fatalf("%v %+v: %d positions at %d (%d sampled of those the prepass left, %d not), %d found", tc.metric, tc, len(at), d, len(sample), len(unsampled), got.Positions[d])
		}
		for _, x := range append(slices.Clone(far), unsampled...) {
			if sampled.bms[0].Has(x) {
				t.Fatalf("%v %+v: %+v, not in the sample, was set", tc.metric, tc, x)
			}
		}
		t.Logf("%v %+v: %d positions at %d, %d left to find, met %d short: %d probes (the whole search's %d)",
			tc.metric, tc, len(at), d, len(sample), k, got.Probes[d], want.Probes[d])
	}
}

// searchH returns a search of H to a depth in census's metric, with a
// solver set up first by setup if not nil.
func searchH(t *testing.T, census *Census) func(depth int, setup func(*MetricSolver)) (*MetricSolver, CosetLevels) {
	return func(depth int, setup func(*MetricSolver)) (*MetricSolver, CosetLevels) {
		s := NewSmallMetricSolver(census, 2)
		if setup != nil {
			setup(s)
		}
		lv, err := s.Levels(context.Background(), cube.Solved, depth, depth, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s, lv
	}
}

// wholeDepth is the whole search of H to a depth: its levels, the
// positions at that distance, and positions beyond it.
type wholeDepth struct {
	levels  CosetLevels
	at, far []Coord
}

// wholeSearch searches H to d with run, and to d-1, for the positions at
// distance d, and draws 100 positions of H beyond d.
func wholeSearch(t *testing.T, run func(int, func(*MetricSolver)) (*MetricSolver, CosetLevels), d int) wholeDepth {
	full, levels := run(d, nil)
	before, _ := run(d-1, nil)
	w := wholeDepth{levels: levels}
	for p := range NCornerPerms {
		if full.bms[0].used(p) {
			now, then := pageStart(full.bms[0].page(p)), pageStart(before.bms[0].page(p))
			for r := range uint16(nRows) {
				if added := loadRow(now, r) &^ loadRow(then, r) & rowMask; added != 0 {
					w.at = appendPositions(w.at, p, int(r), added)
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(39, uint64(d)))
	for len(w.far) < 100 {
		c := randomH(rng)
		if x := CoordOf(&c); !full.bms[0].Has(x) {
			w.far = append(w.far, x)
		}
	}
	return w
}

// TestMetricLeftParity: in QTM, where a position's distance has the parity
// of its corners, the positions left whose parity is not the depth's are
// dropped before the search. Left with positions of H beyond an even depth
// whose corners are odd, the search of that depth makes no probe: the
// depth holds the positions its prepass found, all of the whole search's
// but those it left. Left with those and the positions at the depth, it
// finds exactly those.
func TestMetricLeftParity(t *testing.T) {
	table, err := sharedTables.CosetTable(cube.QTM)
	if err != nil {
		t.Fatal(err)
	}
	census := NewCensus(table)
	const d = 8
	run := searchH(t, census)
	w := wholeSearch(t, run, d)
	var odd []Coord
	for _, x := range w.far {
		if c := x.Cube(); c.CornerParity() == 1 {
			odd = append(odd, x)
		}
	}
	if len(odd) == 0 || len(odd) == len(w.far) {
		t.Fatalf("%d of %d positions beyond %d with odd corners", len(odd), len(w.far), d)
	}
	for _, withAt := range []bool{false, true} {
		s, got := run(d, func(s *MetricSolver) {
			s.meetMax = 1 << 22
			s.left = func(depth int) []Coord {
				if depth < d {
					return nil
				}
				left := slices.Clone(odd)
				if withAt {
					left = append(left, w.at...)
				}
				return left
			}
		})
		unset := 0
		for _, x := range w.at {
			if !s.bms[0].Has(x) {
				unset++
			}
		}
		switch {
		case withAt && (unset != 0 || got.Positions[d] != w.levels.Positions[d]):
			t.Fatalf("with the positions at %d left: %d found, the whole search %d, %d not set", d, got.Positions[d], w.levels.Positions[d], unset)
		case !withAt && (got.Probes[d] != 0 || unset == 0 || got.Positions[d] != w.levels.Positions[d]-int64(unset)):
			t.Fatalf("with odd positions left: %d probes, %d found, the whole search %d, %d not set", got.Probes[d], got.Positions[d], w.levels.Positions[d], unset)
		}
	}
}

// TestMetricDecideLeft: a depth whose few positions left are decided by
// the optimal solver ends as its search ends, left with the same positions
// (some at the depth, some beyond it): the same levels, with no probe.
func TestMetricDecideLeft(t *testing.T) {
	optimal := &solver.Solver{Tables: sharedTables} // phase 1's table: no bound on H
	for _, tc := range []struct {
		metric cube.Metric
		depth  int
	}{{cube.QTM, 6}, {cube.STM, 4}} {
		table, err := sharedTables.CosetTable(tc.metric)
		if err != nil {
			t.Fatal(err)
		}
		run := searchH(t, NewCensus(table))
		d := tc.depth
		w := wholeSearch(t, run, d)
		left := slices.Clone(w.far[:20])
		leave := func(s *MetricSolver) {
			s.left = func(depth int) []Coord {
				if depth < d {
					return nil
				}
				return slices.Clone(left)
			}
		}
		// The positions at d that the prepass leaves for the search.
		prepassed, _ := run(d, leave)
		rng := rand.New(rand.NewPCG(40, uint64(d)))
		for _, i := range rng.Perm(len(w.at)) {
			if x := w.at[i]; !prepassed.bms[0].Has(x) && len(left) < 60 {
				left = append(left, x)
			}
		}
		if len(left) == 20 {
			t.Fatalf("%v: the prepass of %d left none of its positions to the search", tc.metric, d)
		}
		searched, want := run(d, leave)
		census := NewCensus(table)
		var reported int64 = -1
		decided, got := run(d, func(s *MetricSolver) {
			leave(s)
			s.DecideLeftWith(optimal)
			s.ClassesDecided = func(_, done, total int) {
				if done == total {
					reported = int64(total)
				}
			}
		})
		if !slices.Equal(got.Positions, want.Positions) || got.Probes[d] != 0 || reported < 1 {
			t.Fatalf("%v: decided %v (%d probes at %d, %d classes reported), searched %v", tc.metric, got.Positions, got.Probes[d], d, reported, want.Positions)
		}
		for _, x := range left {
			if decided.bms[0].Has(x) != searched.bms[0].Has(x) {
				t.Fatalf("%v: a position left is marked by one of the two and not the other", tc.metric)
			}
		}

		// Stopped after two classes decided and resumed from the state it
		// saved, it solves only the classes left and ends the same.
		var saved *savedState
		ctx, cancel := context.WithCancel(context.Background())
		stopped := NewSmallMetricSolver(census, 2)
		leave(stopped)
		stopped.DecideLeftWith(optimal)
		stopped.Saves = &MetricSaves{Save: func(p MetricProgress) error {
			if p.Under != nil && len(p.Under.Decided) == 2 && saved == nil {
				saved = &savedState{progress: cloneProgress(p)}
				for i := range saved.bitmaps {
					var b bytes.Buffer
					if err := stopped.WriteBitmap(i, &b); err != nil {
						return err
					}
					saved.bitmaps[i] = b.Bytes()
				}
				cancel()
			}
			return nil
		}}
		if _, err := stopped.Levels(ctx, cube.Solved, d, d, nil); !errors.Is(err, context.Canceled) || saved == nil {
			t.Fatalf("%v: the run to stop ended with %v, %v saved", tc.metric, err, saved != nil)
		}
		resumed := NewSmallMetricSolver(census, 2)
		leave(resumed)
		resumed.DecideLeftWith(optimal)
		for i, b := range saved.bitmaps {
			if err := resumed.ReadBitmap(i, bytes.NewReader(b)); err != nil {
				t.Fatal(err)
			}
		}
		var solved []int
		resumed.Saves = &MetricSaves{Resume: &saved.progress, Save: func(p MetricProgress) error {
			if p.Under != nil {
				solved = append(solved, len(p.Under.Decided))
			}
			return nil
		}}
		again, err := resumed.Levels(context.Background(), cube.Solved, d, d, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(again.Positions, want.Positions) || len(solved) == 0 || solved[0] != 3 {
			t.Fatalf("%v: resumed after two classes: %v (classes at its saves %v), searched %v", tc.metric, again.Positions, solved, want.Positions)
		}

		// From the state alone, read back from its JSON without the
		// bitmaps (what a repository keeps), the depth ends the same.
		data, err := json.Marshal(saved.progress)
		if err != nil {
			t.Fatal(err)
		}
		var kept MetricProgress
		if err := json.Unmarshal(data, &kept); err != nil {
			t.Fatal(err)
		}
		if kept.Under == nil || len(kept.Under.Left) == 0 || len(kept.Under.Decided) != 2 {
			t.Fatalf("%v: the state saved after two classes does not name the positions left and the classes decided: %+v", tc.metric, kept.Under)
		}
		bare := NewSmallMetricSolver(census, 2)
		bare.DecideLeftWith(optimal)
		var bareSolved []int
		bare.Saves = &MetricSaves{Save: func(p MetricProgress) error {
			bareSolved = append(bareSolved, len(p.Under.Decided))
			return nil
		}}
		ended, err := bare.DecideSaved(context.Background(), cube.Solved, kept)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ended.Positions, want.Positions) || len(bareSolved) == 0 || bareSolved[0] != 3 {
			t.Fatalf("%v: ended from the state without bitmaps: %v (classes at its saves %v), searched %v", tc.metric, ended.Positions, bareSolved, want.Positions)
		}
		if _, err := NewSmallMetricSolver(census, 2).DecideSaved(context.Background(), cube.Solved, kept); err == nil {
			t.Fatalf("%v: DecideSaved without the optimal solver did not fail", tc.metric)
		}
	}
}
