package centers

import (
	"bytes"
	"context"
	"reflect"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
)

// Results do not depend on the worker count, and a search stopped by its
// budget and resumed from its last checkpoint ends as one that ran through.
func TestWorkersAndResume(t *testing.T) {
	base := Config{Config: meet.Config{Metric: cube.HTM, StoredDepth: 5, MaxDepth: 12}}
	one := base
	one.Workers = 1
	r1, err := Search(context.Background(), one)
	if err != nil {
		t.Fatal(err)
	}
	var saved []byte
	stopped := base
	stopped.Workers, stopped.Budget = 2, 1e5
	stopped.Checkpoint = func(c *meet.Checkpoint) error {
		var b bytes.Buffer
		if err := c.Encode(&b); err != nil {
			return err
		}
		if !c.Done {
			saved = b.Bytes()
		}
		return nil
	}
	if _, err := Search(context.Background(), stopped); err != nil {
		t.Fatal(err)
	}
	c, err := meet.DecodeCheckpoint(bytes.NewReader(saved), NStates)
	if err != nil {
		t.Fatal(err)
	}
	if c.Depth < 11 {
		t.Fatalf("the budget stopped the search at depth %d; the test wants a deeper stop", c.Depth)
	}
	resumed := base
	resumed.Workers, resumed.Budget, resumed.Resume = 2, 1e5, c
	if err := c.Resumes(resumed.Config, resumed.Cut()); err != nil {
		t.Fatal(err)
	}
	// A resumed search may stop sooner: it keeps the depths it finished.
	sooner := resumed
	sooner.MaxDepth = c.Depth - 1
	r, err := Search(context.Background(), sooner)
	if err != nil || r.Exhaustive != c.Depth-1 {
		t.Fatalf("resumed to stop before its checkpoint's depth %d: %v", c.Depth, err)
	}
	for i, u := range c.Result.Upper {
		if u >= 0 && (r.Upper[i] != u || r.Lower[i] != u) {
			t.Fatalf("resumed to stop sooner, %v lost its distance %d", FromIndex(i), u)
		}
	}
	resumed.Budget = 0 // finish what the budget stopped
	r2, err := Search(context.Background(), resumed)
	if err != nil {
		t.Fatal(err)
	}
	if r2.Exhaustive != 12 || !reflect.DeepEqual(r1.Upper, r2.Upper) || !reflect.DeepEqual(r1.Lower, r2.Lower) {
		t.Errorf("one worker and a resumed run on two disagree (exhaustive %d and %d)", r1.Exhaustive, r2.Exhaustive)
	}
	for i, st := range r2.Depths { // the resumed depth counts what it found before the checkpoint too
		if st.Found != r1.Depths[i].Found {
			t.Errorf("depth %d: %d found, resumed %d", st.Depth, r1.Depths[i].Found, st.Found)
		}
	}
	for j := range r1.Word {
		if r1.Word[j].String() != r2.Word[j].String() { // a checkpoint keeps the solved state's empty word as nil
			t.Errorf("%v: %v, resumed %v", FromIndex(j), r1.Word[j], r2.Word[j])
		}
	}
	if c.Chunk == 0 {
		t.Fatal("the budget stopped the search between depths; the test wants a checkpoint inside one")
	}
	cut := *c // a checkpoint of a depth cut into other chunks
	cut.Chunks++
	other := resumed
	other.Resume = &cut
	if _, err := Search(context.Background(), other); err == nil {
		t.Error("a checkpoint of a depth cut into other chunks was resumed")
	}
	for _, o := range []Config{
		{Config: meet.Config{Metric: cube.QTM, StoredDepth: 5, MaxDepth: 13}},
		{Config: meet.Config{Metric: cube.HTM, StoredDepth: 6}},
		{Config: meet.Config{Metric: cube.HTM, StoredDepth: 5}, PruneFrom: 9},
	} {
		if err := c.Resumes(o.Config, o.Cut()); err == nil {
			t.Errorf("a checkpoint of HTM, stored depth 5, %s resumes a search of %s, %d, %s", resumed.Cut(), o.Metric, o.StoredDepth, o.Cut())
		}
	}
}

// Bounds hold what they promise: a lower bound beyond the exhaustive depth
// for every state not met, and for every upper bound a relation of that
// cost with that state.
func TestBounds(t *testing.T) {
	r, err := Search(context.Background(), Config{Config: meet.Config{Metric: cube.HTM, StoredDepth: 5, MaxDepth: 12, Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	bounded := 0
	for _, s := range States {
		i := s.Index()
		if r.Known(s) {
			continue
		}
		if r.Lower[i] != 13 {
			t.Errorf("%v: lower bound %d, want 13", s, r.Lower[i])
		}
		if r.Upper[i] >= 0 {
			bounded++
			if w := r.Word[i]; w.Cube() != cube.Solved || Of(w) != s || w.Cost(cube.HTM) != r.Upper[i] || r.Upper[i] < 13 {
				t.Errorf("%v: upper bound %d with %v", s, r.Upper[i], w)
			}
		}
	}
	if bounded == 0 {
		t.Error("sums gave no upper bound")
	}
	// Joined rotations are relations of the summed state, never dearer
	// than the plain join; a relation joined with its own inverse rotated
	// to meet it cancels to nothing.
	pairs := 0
	for _, a := range States {
		for _, b := range States {
			wa, wb := r.Word[a.Index()], r.Word[b.Index()]
			if !r.Known(a) || !r.Known(b) || len(wa) == 0 || len(wb) == 0 || pairs > 300 || (a*7+b)%29 != 0 {
				continue
			}
			pairs++
			w := bestJoin(wa, wb, cube.HTM)
			if w.Cube() != cube.Solved || Of(w) != a.Add(b) || w.Cost(cube.HTM) > cube.Concat(wa, wb).Cost(cube.HTM) {
				t.Fatalf("bestJoin(%v, %v) = %v", wa, wb, w)
			}
		}
		if w := r.Word[a.Index()]; r.Known(a) && len(w) > 0 {
			if j := bestJoin(w, rotated(w.Inverse(), len(w)-1), cube.HTM); len(j) != 0 {
				t.Fatalf("%v joined with its inverse gives %v, not the empty word", w, j)
			}
		}
	}
	for _, c := range Classes() { // bounds belong to classes, as distances do
		for _, s := range c.Members {
			if i, j := s.Index(), c.Rep.Index(); r.Lower[i] != r.Lower[j] || r.Upper[i] != r.Upper[j] {
				t.Errorf("class %d: %v has bounds %d..%d, %v has %d..%d", c.ID, s, r.Lower[i], r.Upper[i], c.Rep, r.Lower[j], r.Upper[j])
			}
		}
	}
}

func BenchmarkDepth(b *testing.B) {
	for _, m := range cube.Metrics {
		b.Run(m.String(), func(b *testing.B) {
			depth := map[cube.Metric]int{cube.HTM: 13, cube.QTM: 16, cube.STM: 10}[m]
			var probes int64
			for b.Loop() {
				r, err := Search(context.Background(), Config{Config: meet.Config{Metric: m, StoredDepth: 5, MaxDepth: depth, Workers: 2}})
				if err != nil {
					b.Fatal(err)
				}
				probes = 0
				for _, st := range r.Depths {
					probes += st.Probes
				}
			}
			b.ReportMetric(float64(probes)*float64(b.N)/b.Elapsed().Seconds(), "probes/s")
		})
	}
}

// A search started from an earlier run's proven states and exhaustive depth
// ends as one run through; a start whose maneuver does not give its state
// is refused.
func TestStart(t *testing.T) {
	cfg := Config{Config: meet.Config{Metric: cube.HTM, StoredDepth: 4, MaxDepth: 12, Workers: 2}}
	whole, err := Search(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	start := &Start{Exhaustive: 10, Known: map[State]cube.Word{}}
	for _, s := range States {
		if i := s.Index(); whole.Upper[i] >= 0 && whole.Upper[i] <= 10 {
			start.Known[s] = whole.Word[i]
		}
	}
	cfg.Start = start
	continued, err := Search(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if continued.Exhaustive != whole.Exhaustive || !reflect.DeepEqual(continued.Lower, whole.Lower) || !reflect.DeepEqual(continued.Upper, whole.Upper) {
		t.Errorf("the continued search disagrees with the whole one")
	}
	if len(continued.Depths) != 2 || continued.Depths[0].Depth != 11 {
		t.Errorf("the continued search did depths %v, want 11 and 12", continued.Depths)
	}
	// An earlier run's upper bound is kept where the search finds none
	// better: a search that stops at once, given relations for states it
	// only bounds, keeps those where its sums do worse.
	short := cfg
	short.MaxDepth = 10
	sums, err := Search(context.Background(), short)
	if err != nil {
		t.Fatal(err)
	}
	start.Bounds = map[State]cube.Word{}
	for _, st := range States {
		if i := st.Index(); whole.Known(st) && whole.Upper[i] > 10 && (sums.Upper[i] < 0 || sums.Upper[i] > whole.Upper[i]) {
			start.Bounds[st] = whole.Word[i]
		}
	}
	if len(start.Bounds) == 0 {
		t.Fatal("sums bound every state of depth 11 and 12 exactly; the test needs one they do not")
	}
	kept, err := Search(context.Background(), short)
	if err != nil {
		t.Fatal(err)
	}
	for st := range start.Bounds {
		if i := st.Index(); kept.Upper[i] != whole.Upper[i] || Of(kept.Word[i]) != st || kept.Lower[i] != 11 {
			t.Fatalf("%v: the start's bound %d was not kept (%d..%d)", st, whole.Upper[i], kept.Lower[i], kept.Upper[i])
		}
	}
	start.Bounds = nil
	for s, w := range start.Known {
		if s != Solved {
			start.Known[s] = append(w[:len(w):len(w)], w...) // cost doubled: beyond what exhaustive 10 proves, or its state changed
			break
		}
	}
	if _, err := Search(context.Background(), cfg); err == nil {
		t.Error("a start with a wrong maneuver was accepted")
	}
}

// The stored depth follows the memory and the probes: make run's budgets
// (6 GiB, 1e9 probes) keep the stored sides it has always used, a proof's
// (16 GiB, no bound worth counting) the deepest that fit, and a budget
// below the smallest table is refused.
func TestChooseStoredDepth(t *testing.T) {
	for _, tc := range []struct {
		m      cube.Metric
		memory uint64
		probes int64
		want   int
	}{
		{cube.HTM, 6 << 30, 1e9, 8}, {cube.QTM, 6 << 30, 1e9, 10}, {cube.STM, 6 << 30, 1e9, 7},
		{cube.HTM, 14 << 30, 1e13, 9}, {cube.QTM, 14 << 30, 1e13, 11}, {cube.STM, 14 << 30, 0, 8},
		{cube.QTM, 8 << 30, 1e13, 10},
	} {
		if k, err := ChooseStoredDepth(tc.m, tc.memory, tc.probes); err != nil || k != tc.want {
			t.Errorf("%s, %d GiB, %g probes: k = %d (%v), want %d", tc.m, tc.memory>>30, float64(tc.probes), k, err, tc.want)
		}
	}
	if _, err := ChooseStoredDepth(cube.HTM, 1000, 0); err == nil {
		t.Error("a budget of 1000 bytes was accepted")
	}
}
