package cosets

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// savedState is a MetricProgress with the bitmaps that held it.
type savedState struct {
	progress MetricProgress
	bitmaps  [2][]byte
}

// TestMetricSavesResume: H's search in QTM (whose prepass reads the bitmap
// two depths back) and STM, its later depths from symmetric roots, saving
// at every chance (after each depth and each root): resumed from
// each save after a depth and a sample of those within a depth's search,
// among them those after a depth's last root, before the closure under
// the symmetries, a new
// solver counts the same positions and probes at every depth as the run
// that was not interrupted.
func TestMetricSavesResume(t *testing.T) {
	for _, tc := range []struct {
		metric      cube.Metric
		depth       int
		searchFinds bool // the searches find positions the prepasses did not
	}{{cube.QTM, 5, false}, {cube.STM, 3, true}} {
		t.Run(tc.metric.String(), func(t *testing.T) {
			table, err := sharedTables.CosetTable(tc.metric)
			if err != nil {
				t.Fatal(err)
			}
			census := NewCensus(table)
			newSolver := func() *MetricSolver {
				s := NewSmallMetricSolver(census, 2)
				s.symmetricFrom = 100 // QTM from depth 5, STM from 3
				return s
			}
			// Every save is counted; the sampled ones are kept whole.
			var states []savedState
			saves, underWay, afterLast := 0, 0, 0
			solver := newSolver()
			roots := recordRoots(solver)
			solver.Saves = &MetricSaves{Save: func(p MetricProgress) error {
				saves++
				if p.Under != nil {
					underWay++
				}
				last := p.Under != nil && rootsIn(p.Under.RootsDone) == len(metricRoots(census, len(p.Levels.Positions), true, p.Under.Prepassed >= 100))
				if last {
					afterLast++
				}
				if p.Under != nil && saves%97 != 1 && !last {
					return nil
				}
				st := savedState{progress: cloneProgress(p)}
				for i := range st.bitmaps {
					var b bytes.Buffer
					if err := solver.WriteBitmap(i, &b); err != nil {
						return err
					}
					st.bitmaps[i] = b.Bytes()
				}
				states = append(states, st)
				return nil
			}}
			want, err := solver.Levels(context.Background(), cube.Solved, tc.depth, tc.depth, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := roots.check(); err != nil {
				t.Fatal(err)
			}
			for d := 1; d <= tc.depth; d++ {
				if roots.first[d] != 0 || roots.total[d] == 0 {
					t.Fatalf("depth %d: the first report says %d of %d roots done, want 0 of some", d, roots.first[d], roots.total[d])
				}
			}
			if underWay == 0 || afterLast == 0 || len(states) < 3 {
				t.Fatalf("%d saves, %d of a depth under way, %d after a depth's last root, %d kept: the test resumes from too few kinds", saves, underWay, afterLast, len(states))
			}
			// Another build searches a depth under way again from its
			// first root, keeping the positions found (pipelines' hSaves):
			// the same counts. In STM the states include some whose
			// search had found positions, which a symmetric depth must
			// then close under the symmetries by the whole pass.
			again, found := 0, 0
			for _, st := range slices.Clone(states) {
				if u := st.progress.Under; u != nil && u.Prepassed >= 100 && (u.Positions > u.Prepassed || again < 2) {
					if u.Positions > u.Prepassed {
						found++
					}
					st.progress = cloneProgress(st.progress)
					st.progress.Under.RootsDone, st.progress.Under.Probes, st.progress.Under.SearchSeconds = nil, 0, 0
					states, again = append(states, st), again+1
				}
			}
			if again == 0 || tc.searchFinds != (found > 0) {
				t.Fatalf("%d states within a symmetric depth's search, %d of them with positions found", again, found)
			}
			for _, st := range states {
				resumed := newSolver()
				for i, b := range st.bitmaps {
					if err := resumed.ReadBitmap(i, bytes.NewReader(b)); err != nil {
						t.Fatal(err)
					}
				}
				resumed.Saves = &MetricSaves{Resume: &st.progress, Save: func(MetricProgress) error { return nil }}
				roots := recordRoots(resumed)
				got, err := resumed.Levels(context.Background(), cube.Solved, tc.depth, tc.depth, nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := roots.check(); err != nil {
					t.Fatal(err)
				}
				if under := st.progress.Under; under != nil {
					d := len(st.progress.Levels.Positions)
					if first, want := roots.first[d], rootsIn(under.RootsDone); first != want {
						t.Fatalf("resumed at depth %d with %d roots done, the first report says %d", d, want, first)
					}
				}
				if !slices.Equal(got.Positions, want.Positions) || !slices.Equal(got.Probes, want.Probes) {
					t.Fatalf("resumed at %d depths done, under way %+v: positions %v probes %v, want %v %v",
						len(st.progress.Levels.Positions), st.progress.Under, got.Positions, got.Probes, want.Positions, want.Probes)
				}
			}
		})
	}
}

// rootsLog records a solver's reports of the roots searched.
type rootsLog struct {
	first, last, total map[int]int
	err                error
}

// recordRoots has s report its roots searched to a new log.
func recordRoots(s *MetricSolver) *rootsLog {
	l := &rootsLog{first: map[int]int{}, last: map[int]int{}, total: map[int]int{}}
	s.RootsSearched = func(depth, done, total int) {
		last, seen := l.last[depth]
		switch {
		case !seen:
			l.first[depth], l.total[depth] = done, total
		case done != last+1 || total != l.total[depth]:
			l.err = fmt.Errorf("depth %d: %d of %d roots reported after %d of %d", depth, done, total, last, l.total[depth])
		}
		l.last[depth] = done
	}
	return l
}

// check reports an error unless every depth reported went one root at a
// time to all its roots.
func (l *rootsLog) check() error {
	if l.err != nil {
		return l.err
	}
	for d, total := range l.total {
		if l.last[d] != total {
			return fmt.Errorf("depth %d: %d of %d roots reported done at its end", d, l.last[d], total)
		}
	}
	return nil
}

// cloneProgress copies p's slices, which the solver goes on appending to.
func cloneProgress(p MetricProgress) MetricProgress {
	c := p
	c.Levels = CosetLevels{
		Positions: slices.Clone(p.Levels.Positions), Probes: slices.Clone(p.Levels.Probes),
		PrepassSeconds: slices.Clone(p.Levels.PrepassSeconds), SearchSeconds: slices.Clone(p.Levels.SearchSeconds),
	}
	if p.Under != nil {
		under := *p.Under
		c.Under = &under
	}
	return c
}

// rootsIn returns the roots ranges hold.
func rootsIn(ranges []RootRange) int {
	n := 0
	for _, r := range ranges {
		n += r[1] - r[0]
	}
	return n
}

// TestMetricSavesDeeper: a search of H to depth 4 with prepasses alone to
// 6, saving at every chance, saves last the state after depth 4 (never
// one after it, which the prepasses alone made); a search to depth 5
// resumed from it counts what one from the start counts.
func TestMetricSavesDeeper(t *testing.T) {
	table, err := sharedTables.CosetTable(cube.QTM)
	if err != nil {
		t.Fatal(err)
	}
	census := NewCensus(table)
	solver := NewSmallMetricSolver(census, 2)
	var last savedState
	solver.Saves = &MetricSaves{Save: func(p MetricProgress) error {
		last = savedState{progress: cloneProgress(p)}
		for i := range last.bitmaps {
			var b bytes.Buffer
			if err := solver.WriteBitmap(i, &b); err != nil {
				return err
			}
			last.bitmaps[i] = b.Bytes()
		}
		return nil
	}}
	shallow, err := solver.Levels(context.Background(), cube.Solved, 4, 6, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(shallow.Positions) != 7 {
		t.Fatalf("the run to 6 counted %d depths", len(shallow.Positions))
	}
	if got := len(last.progress.Levels.Positions) - 1; got != 4 || last.progress.Under != nil {
		t.Fatalf("the last save is after depth %d (under way: %v), want after the search depth 4", got, last.progress.Under != nil)
	}
	want, err := NewSmallMetricSolver(census, 2).Levels(context.Background(), cube.Solved, 5, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	deeper := NewSmallMetricSolver(census, 2)
	for i, b := range last.bitmaps {
		if err := deeper.ReadBitmap(i, bytes.NewReader(b)); err != nil {
			t.Fatal(err)
		}
	}
	deeper.Saves = &MetricSaves{Resume: &last.progress, Save: func(MetricProgress) error { return nil }}
	got, err := deeper.Levels(context.Background(), cube.Solved, 5, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Positions, want.Positions) || !slices.Equal(got.Probes, want.Probes) {
		t.Fatalf("resumed from depth 4: positions %v probes %v, want %v %v", got.Positions, got.Probes, want.Positions, want.Probes)
	}
	if !slices.Equal(got.Positions[:5], shallow.Positions[:5]) {
		t.Fatalf("depths 0-4: %v searched to 5, %v searched to 4", got.Positions[:5], shallow.Positions[:5])
	}
}
