package pipelines

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cosets"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/internal/sealed"
	"github.com/cubecensus/cubecensus/tables"
)

// TestTakeHColumns: taking every column but QTM's from the committed
// h_distance gives Table 1's columns and STM's with the depths they are
// exact to and their provenance, and nothing of QTM's; a table whose cells
// disagree with its columns' sums, and a folder with no h_distance, are
// refused naming the flag; so is a column the run would compute less deep
// than the table's.
func TestTakeHColumns(t *testing.T) {
	path := committed.Path(t, "h_distance")
	source, prov, err := tables.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	exactTo, err := strconv.Atoi(prov.Params["qtm_exact_to"])
	if err != nil {
		t.Fatal(err)
	}
	deeper := MetricDepths{cube.QTM: exactTo + 1} // the run QTM's column a depth further
	params := map[string]string{}
	inA, cols, err := takeHColumns(filepath.Dir(path), deeper, params)
	if err != nil {
		t.Fatal(err)
	}
	if sum(inA) != cosets.HSize || sum(cols[cube.HTM].levels) != cosets.HSize || sum(cols[cube.STM].levels) != cosets.HSize {
		t.Fatalf("columns sum to %d, %d, %d positions, not |H|", sum(inA), sum(cols[cube.HTM].levels), sum(cols[cube.STM].levels))
	}
	if len(cols[cube.QTM].levels) != 0 {
		t.Fatalf("QTM's column, computed by the run, was taken: %v", cols[cube.QTM].levels)
	}
	for m, key := range map[cube.Metric]string{cube.HTM: "s_exact_to", cube.STM: "stm_exact_to"} {
		if strconv.Itoa(cols[m].exactTo) != prov.Params[key] {
			t.Errorf("%v exact to %d, the table's %s %s", m, cols[m].exactTo, key, prov.Params[key])
		}
		for d := 0; d <= cols[m].exactTo; d++ {
			if at, _ := cols[m].at(d); at != source.Rows[d][source.Index(hColumnNames[m].at)] {
				t.Fatalf("%v at depth %d: %v, the table %v", m, d, at, source.Rows[d][source.Index(hColumnNames[m].at)])
			}
		}
	}
	for key, v := range prov.Params {
		if key == "h_columns_taken" || key == "h_columns_from_build" {
			continue // the table's own, if it took columns: this run's follow
		}
		want := strings.HasPrefix(key, "stm") || strings.HasPrefix(key, "s.") || key == "s_exact_to" || key == "s_computed_by" || key == "h_search_depth" || key == "positions" || key == "method" || key == "step_masks_seconds.STM"
		if got, ok := params[key]; ok != want || ok && got != v {
			t.Errorf("parameter %s: taken %v (%q), want taken %v (%q)", key, ok, got, want, v)
		}
	}
	if got, want := params["h_columns_taken"], "moves_in_a,moves_in_s,within_in_s_at_least,moves_in_stm,within_in_stm_at_least"; got != want {
		t.Errorf("h_columns_taken %q, want %q", got, want)
	}
	if params["h_columns_from_build"] != prov.Build {
		t.Errorf("h_columns_from_build %q, want %q", params["h_columns_from_build"], prov.Build)
	}
	// The build that computed each column taken: the table's own, the one
	// a table that took it in turn names, before *_computed_by by
	// h_columns_from_build.
	took := tables.Provenance{Build: "B", Params: map[string]string{
		"h_columns_from_build": "A", "h_columns_taken": "moves_in_a,moves_in_s,within_in_s_at_least", "stm_computed_by": "Z"}}
	for m, want := range map[cube.Metric]string{cube.HTM: "A", cube.QTM: "B", cube.STM: "Z"} {
		if got := computedBy(took, m); got != want {
			t.Errorf("%v computed by %q, want %q", m, got, want)
		}
	}
	if got := params[hColumnNames[cube.STM].computedBy]; got != computedBy(prov, cube.STM) || got == "" {
		t.Errorf("stm_computed_by %q", got)
	}

	// A table whose within column says one position more at depth 5.
	tampered := t.TempDir()
	within := source.Index("within_in_stm_at_least")
	source.Rows[5][within] = source.Rows[5][within].(int64) + 1
	if _, err := tables.Write(tampered, source, prov); err != nil {
		t.Fatal(err)
	}
	_, _, err = takeHColumns(tampered, deeper, map[string]string{})
	if err == nil || !strings.Contains(err.Error(), "--h-columns-from "+tampered) || !strings.Contains(err.Error(), "moves_in_stm at depth 5") {
		t.Fatalf("a tampered table: %v", err)
	}
	if _, _, err := takeHColumns(t.TempDir(), deeper, map[string]string{}); err == nil || !strings.Contains(err.Error(), "--h-columns-from") {
		t.Fatalf("a folder with no h_distance: %v", err)
	}
	// STM's column computed shallower than the table's, as the flag's
	// default STM=9 beside QTM=N would: refused, naming the way out.
	shallower := MetricDepths{cube.QTM: exactTo + 1, cube.STM: 9}
	if _, _, err := takeHColumns(filepath.Dir(path), shallower, map[string]string{}); err == nil || !strings.Contains(err.Error(), "STM=9: give STM=0 to take it") {
		t.Fatalf("a column shallower than the table's: %v", err)
	}
}

// TestHSavesResume: H's search in QTM saving often, as the subgroup
// stage runs it (searched to a depth, then prepasses alone to depth 6),
// interrupted within a depth's search that has made probes, leaves its
// checkpoint and the two bitmap files it names, no others; run again, it
// resumes and counts what a run that was not interrupted counts,
// positions and probes. A damaged bitmap file is set aside and the run
// starts afresh, with the same counts; so is a state that went past the
// depth of a shallower run, or had prepasses alone where a deeper run
// searches; a state with prepasses alone after the same depth resumes.
// Another build's state after a depth resumes, named in the provenance
// and in the states saved after it; one within a depth's search is set
// aside.
func TestHSavesResume(t *testing.T) {
	census := cosets.NewCensus(cosetTableIn(t, cube.QTM))
	const maxDepth = 6
	var want [maxDepth + 1]cosets.CosetLevels // by the depth searched
	var err error
	for _, d := range []int{4, maxDepth} {
		if want[d], err = cosets.NewSmallMetricSolver(census, 2).Levels(context.Background(), cube.Solved, d, maxDepth, nil); err != nil {
			t.Fatal(err)
		}
	}
	env := testEnv(1 << 30)
	env.stage, env.CheckpointDir = "subgroup", t.TempDir()
	// States to stop after: within a depth's search that has made
	// probes (QTM's first are at depth 6), and after depth 5.
	searching := func(p cosets.MetricProgress) bool { return p.Under != nil && p.Under.Probes > 0 }
	afterFive := func(p cosets.MetricProgress) bool { return p.Under == nil && len(p.Levels.Positions) == 6 }
	// run searches to d, interrupted after saving the first state stop
	// takes (nil: none), and returns the levels, or nil when interrupted.
	var resumedFrom string // the last run's, from hSaves
	run := func(d int, stop func(cosets.MetricProgress) bool) *cosets.CosetLevels {
		t.Helper()
		solver := cosets.NewSmallMetricSolver(census, 2)
		if resumedFrom, err = hSaves(env, solver, cube.QTM, d, 0); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		// Every state after a depth is saved, every 16th within a
		// depth's search (the files are large for what they hold: each
		// position in a page of its own), and the stop.
		save, offers, stopped := solver.Saves.Save, 0, false
		solver.Saves.Save = func(p cosets.MetricProgress) error {
			if stop != nil && !stopped && stop(p) {
				stopped = true
				cancel()
				return save(p)
			}
			if offers++; offers%16 != 0 && p.Under != nil {
				return nil
			}
			return save(p)
		}
		got, err := solver.Levels(ctx, cube.Solved, d, maxDepth, nil)
		if stopped {
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("interrupted: %v", err)
			}
			return nil
		}
		if err != nil {
			t.Fatal(err)
		}
		return &got
	}
	files := func() []string {
		entries, err := os.ReadDir(env.CheckpointDir)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	setAside := func() int {
		return len(slices.DeleteFunc(files(), func(f string) bool { return !strings.Contains(f, setAsideSuffix) }))
	}
	// same runs to d after an interruption and checks its counts, and
	// that it set the state aside (or resumed from it) as aside says.
	same := func(what string, d int, aside bool) {
		t.Helper()
		before := setAside()
		got := run(d, nil)
		if got == nil || !slices.Equal(got.Positions, want[d].Positions) || !slices.Equal(got.Probes, want[d].Probes) {
			t.Fatalf("%s: %+v, want positions %v probes %v", what, got, want[d].Positions, want[d].Probes)
		}
		if (setAside() > before) != aside {
			t.Fatalf("%s: the state set aside %v, want %v (%v)", what, setAside() > before, aside, files())
		}
	}

	if run(maxDepth, searching) != nil {
		t.Fatal("the run was not interrupted")
	}
	c := hSearchCheckpoints.resumable(env, "h-qtm")
	if c == nil || c.Progress.Under == nil {
		t.Fatalf("the checkpoint after an interruption within a depth's search: %+v", c)
	}
	if got, want := files(), []string{c.Bitmaps[0], c.Bitmaps[1], "subgroup-h-qtm.checkpoint"}; !slices.Equal(got, slices.Sorted(slices.Values(want))) {
		t.Fatalf("checkpoint folder %v, want %v", got, want)
	}
	same("resumed", maxDepth, false)

	run(maxDepth, searching)
	c = hSearchCheckpoints.resumable(env, "h-qtm")
	bitmap := filepath.Join(env.CheckpointDir, c.Bitmaps[0])
	data, err := os.ReadFile(bitmap)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-1] ^= 1
	if err := os.WriteFile(bitmap, data, 0o644); err != nil {
		t.Fatal(err)
	}
	same("after a damaged bitmap", maxDepth, true)

	run(maxDepth, searching)
	same("to a shallower depth than the state's search", 4, true)
	// A run to 4 saves no state after depth 4 (the prepasses alone change
	// the bitmaps): its last is the state after depth 4, which a run to a
	// deeper depth continues from.
	if run(4, afterFive) == nil {
		t.Fatal("a run searching to 4 saved a state after depth 5")
	}
	if c := hSearchCheckpoints.resumable(env, "h-qtm"); c == nil || c.Progress.Under != nil || len(c.Progress.Levels.Positions) != 5 {
		t.Fatalf("the state a run to 4 left: %+v, want the one after depth 4", c)
	}
	same("to a deeper depth, from the state after the search depth", maxDepth, false)
	run(4, nil)
	same("to the same depth, prepasses alone after it", 4, false)

	// A state of another build: after a finished depth, a run goes on
	// from it and names it, and so do the states it saves; within a
	// depth's search, it searches the depth again from its first root,
	// with the same counts and probes.
	restamp := func() {
		t.Helper()
		path := env.CheckpointPath("h-qtm")
		data, err := sealed.ReadAll(path, checkpointKind, checkpointFormat)
		if err != nil {
			t.Fatal(err)
		}
		c, err := hSearchCheckpoints.decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		c.Build = "another-build"
		if err := writeSealed(path, checkpointKind, func(w io.Writer) error { return hSearchCheckpoints.encode(c, w) }); err != nil {
			t.Fatal(err)
		}
	}
	restamp()
	same("to a deeper depth, from another build's state after depth 4", maxDepth, false)
	const from = "another-build, its state after depth 4"
	if c := hSearchCheckpoints.resumable(env, "h-qtm"); resumedFrom != from || c == nil || c.LevelsFrom != from {
		t.Fatalf("resumed from %q, its last state names %+v, want %q", resumedFrom, c, from)
	}
	env.CheckpointDir = t.TempDir()
	run(maxDepth, searching)
	restamp()
	under := hSearchCheckpoints.resumable(env, "h-qtm").Progress
	same("from another build's state within a depth's search", maxDepth, false)
	within := fmt.Sprintf("another-build, its state after depth %d and depth %d's prepass", len(under.Levels.Positions)-1, len(under.Levels.Positions))
	if under.Under == nil || under.Under.Positions == under.Under.Prepassed || resumedFrom != within {
		t.Fatalf("resumed from %q (a state within a search that had found %+v), want %q", resumedFrom, under.Under, within)
	}
}

// TestHSearchExtras: beside its bitmaps, the coset moves and the step
// masks, the subgroup stage's search of H holds the table meeting the
// positions left in the middle at 10 GiB, and also the optimal solver's
// big table (deciding a depth's few positions left) at 12 GiB; the
// default 6 GiB holds neither.
func TestHSearchExtras(t *testing.T) {
	need := uint64(cosets.MetricSolverBytes() + coord.CosetMovesBytes)
	for budget, want := range map[uint64][2]bool{6 << 30: {false, false}, 10 << 30: {false, true}, 12 << 30: {true, true}} {
		if decide, meet := hSearchExtras(&Env{MemBudget: budget}, need); decide != want[0] || meet != want[1] {
			t.Errorf("%s: decides %v and meets %v, want %v", FormatBytes(budget), decide, meet, want)
		}
	}
}

// A sample drawn from the saved state of H's search to QTM 6 holds
// positions of H at 6 and beyond 6, as a breadth-first search of cubes
// finds them; a folder with no state is refused.
func TestHStateSample(t *testing.T) {
	table := cosetTableIn(t, cube.QTM)
	const depth = 6
	env := testEnv(1 << 30)
	env.stage, env.CheckpointDir = "subgroup", t.TempDir()
	if _, err := HStateSample(env.CheckpointDir, cube.QTM, 5, 1); err == nil || !strings.Contains(err.Error(), "subgroup-h-qtm.checkpoint: no such file") {
		t.Fatalf("no state: %v", err)
	}
	solver := cosets.NewSmallMetricSolver(cosets.NewCensus(table), 2)
	if _, err := hSaves(env, solver, cube.QTM, depth, time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := solver.Levels(context.Background(), cube.Solved, depth, depth, nil); err != nil {
		t.Fatal(err)
	}
	s, err := HStateSample(env.CheckpointDir, cube.QTM, 40, 1)
	if err != nil {
		t.Fatal(err)
	}
	_, distance := cubesByDistance(cube.QTM, depth)
	if s.Depth != depth || len(s.At) != 40 || len(s.Beyond) != 40 {
		t.Fatalf("depth %d, %d at it and %d beyond", s.Depth, len(s.At), len(s.Beyond))
	}
	for _, c := range append(s.At, s.Beyond...) {
		if !cosets.InH(&c) {
			t.Fatalf("%s is not in H", c.Facelets())
		}
	}
	for _, c := range s.At {
		if d, reached := distance[c]; !reached || d != depth {
			t.Errorf("%s drawn at %d: a breadth-first search finds it at %d (reached %v)", c.Facelets(), depth, d, reached)
		}
	}
	for _, c := range s.Beyond {
		if d, reached := distance[c]; reached {
			t.Errorf("%s drawn beyond %d: a breadth-first search finds it at %d", c.Facelets(), depth, d)
		}
	}
}
