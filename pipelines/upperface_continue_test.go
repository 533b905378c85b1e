package pipelines

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/tables"
	"github.com/cubecensus/cubecensus/upperface"
)

// upperfaceSTM returns an Env for a reduced upperface run of STM alone: a
// stored depth of 5 (400 MiB), so that a budget of 3e6 probes is
// exhaustive through depth 10 and depth 11 takes under a second.
func upperfaceSTM(continueFrom, hitsFrom string, shard *Shard) *Env {
	env := testEnv(400 << 20)
	env.Options.UpperfaceMetrics = MetricList{cube.STM}
	env.Options.UpperfaceBudget = 3e6
	env.Options.UpperfaceContinue, env.Options.UpperfaceHits = Folder(continueFrom), Folder(hitsFrom)
	env.Shard = shard
	return env
}

// runStageTo runs stage with env into dir, after its checks.
func runStageTo(t *testing.T, stage Stage, env *Env, dir string) error {
	t.Helper()
	if err := CheckOptions([]Stage{stage}, env, nil); err != nil {
		return err
	}
	_, err := Run(context.Background(), stage, env, dir)
	return err
}

// shardTestHelpers return a shard test's folders (dir: a folder of a
// temporary one) and must, failing the test on an error.
func shardTestHelpers(t *testing.T) (dir func(name string) string, must func(error)) {
	base := t.TempDir()
	return func(name string) string { return filepath.Join(base, name) }, func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
}

// The next depth of a search continued from its tables, searched in one
// process, in three shards merged and settled, or settled into a fresh
// search, gives the same tables (every maneuver checked as a reader would),
// and its count is the committed one; the settling refuses one shard alone,
// a missing unit, a hit that is not what it says, and hits of another
// state.
func TestUpperfaceShards(t *testing.T) {
	dir, must := shardTestHelpers(t)
	must(runStageTo(t, upperfaceStage, upperfaceSTM("", "", nil), dir("start")))
	must(runStageTo(t, upperfaceStage, upperfaceSTM(dir("start"), "", nil), dir("whole")))
	var shards []string
	for i := range 3 {
		shards = append(shards, dir(string(rune('a'+i))))
		must(runStageTo(t, upperfaceStage, upperfaceSTM(dir("start"), "", &Shard{i, 3}), shards[i]))
	}
	_, err := Merge(shards, dir("merged"))
	must(err)
	must(runStageTo(t, upperfaceStage, upperfaceSTM(dir("start"), dir("merged"), nil), dir("settled")))
	must(runStageTo(t, upperfaceStage, upperfaceSTM("", dir("merged"), nil), dir("fresh")))

	whole, prov := readTables(t, dir("whole"), upperfaceStage.Tables)
	if prov.Params["STM.exhaustive_depth"] != "11" {
		t.Fatalf("continued through %s, want 11", prov.Params["STM.exhaustive_depth"])
	}
	checkPositions(t, whole["upperface_positions"])
	for _, other := range []string{"settled", "fresh"} {
		got, _ := readTables(t, dir(other), upperfaceStage.Tables)
		for _, name := range upperfaceStage.Tables {
			if !slices.EqualFunc(got[name].Rows, whole[name].Rows, slices.Equal) {
				t.Errorf("%s: %s differs from the depth searched in one process", other, name)
			}
		}
	}
	committedDist, _, err := tables.Read(committed.Path(t, "upperface_distribution"))
	must(err)
	want, _ := distributionOf(committedDist, "STM")
	if got, _ := distributionOf(whole["upperface_distribution"], "STM"); !slices.Equal(got[:12], want[:12]) {
		t.Errorf("STM through 11: %v, committed %v", got[:12], want[:12])
	}

	refused := func(env *Env, want string) {
		t.Helper()
		if err := runStageTo(t, upperfaceStage, env, dir("refused")); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v, want an error saying %q", err, want)
		}
	}
	refused(upperfaceSTM(dir("start"), shards[1], nil), "merge every shard first")
	early := upperfaceSTM("", dir("merged"), nil)
	early.Options.UpperfaceBudget = 2e5
	refused(early, "exhaustive only through")
	htm := upperfaceSTM(dir("start"), "", &Shard{0, 2})
	htm.Options.UpperfaceMetrics = MetricList{cube.HTM}
	refused(htm, "did not search HTM")
	refused(upperfaceSTM("", "", &Shard{0, 2}), "give --upperface-continue-from")
	done := upperfaceSTM(filepath.Dir(committed.Path(t, "upperface_positions")), "", &Shard{0, 2})
	done.Options.UpperfaceMetrics = MetricList{cube.HTM}
	refused(done, "nothing to search")

	// Merged tables altered with good checksums: the maneuver of the hit
	// settled first (the first of the least chunk) replaced by one that
	// does not reach its position, then a unit dropped.
	hitsPath := filepath.Join(dir("merged"), "upperface_hits"+tables.Extension)
	hits, hp, err := tables.Read(hitsPath)
	must(err)
	chunk, un := hits.Index("chunk"), hits.Index("un")
	first := 0
	for i, row := range hits.Rows {
		if row[chunk].(int64) < hits.Rows[first][chunk].(int64) {
			first = i
		}
	}
	other := slices.IndexFunc(hits.Rows, func(row []any) bool { return row[un] != hits.Rows[first][un] })
	if other < 0 {
		t.Fatal("every hit reaches one position: the test needs two")
	}
	hits.Rows[first][hits.Index("maneuver")] = hits.Rows[other][hits.Index("maneuver")]
	_, err = tables.Write(dir("merged"), hits, hp)
	must(err)
	refused(upperfaceSTM(dir("start"), dir("merged"), nil), "self-check failed")
	units, up, err := tables.Read(filepath.Join(dir("merged"), "upperface_units"+tables.Extension))
	must(err)
	units.Rows = slices.Delete(units.Rows, 5, 6)
	_, err = tables.Write(dir("merged"), units, up)
	must(err)
	refused(upperfaceSTM(dir("start"), dir("merged"), nil), "rows for the depth's")
}

// committedHits is the folder of the merged shard tables of STM's depth 15
// beside the committed tables (make run settles the depth from them).
const committedHits = "upperface-stm-depth15"

// The committed hits of STM's depth 15 (a row per chunk: the layout of
// before units), read as the settling reads them: units of one chunk each
// covering the plan's chunks with their planned probes, and every hit's
// maneuver, re-applied, reaches its position in 15 STM moves, a position
// the committed tables put at exactly 15; the committed tables know every
// distance in every metric.
func TestCommittedUpperfaceHits(t *testing.T) {
	parts, err := readMergedParts("--upperface-hits-from", filepath.Dir(committed.Path(t, filepath.Join(committedHits, "upperface_chunks"))), "upperface", upperfaceHitState)
	if err != nil {
		t.Fatal(err)
	}
	if parts.metric != cube.STM || parts.depth != 15 || parts.storedDepth != 6 {
		t.Fatalf("the hits continue %s depth %d with stored depth %d, want STM 15 and 6", parts.metric, parts.depth, parts.storedDepth)
	}
	plan := upperface.Chunks(upperface.Config{Metric: cube.STM, StoredDepth: 6}, 15)
	if len(parts.units) != len(plan) || parts.chunks != len(plan) {
		t.Fatalf("%d units of %d chunks, the plan has %d chunks", len(parts.units), parts.chunks, len(plan))
	}
	for i, u := range parts.units {
		if u.first != i || u.end != i+1 || u.probes != plan[i].Probes {
			t.Fatalf("unit %d: %+v, the plan's probes %d", i, u, plan[i].Probes)
		}
	}
	positions, pp, err := tables.Read(committed.Path(t, "upperface_positions"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"htm", "qtm", "stm"} {
		for un, row := range positions.Rows {
			if row[positions.Index(m+"_distance")] == nil {
				t.Fatalf("un %d: no %s distance", un, m)
			}
		}
	}
	for i, h := range parts.hits {
		if i > 0 && h.Chunk < parts.hits[i-1].Chunk {
			t.Fatalf("hit %d: chunk %d after %d", i, h.Chunk, parts.hits[i-1].Chunk)
		}
		if err := checkManeuver(cube.FormatManeuver(h.Word.Moves(cube.STM)), h.State, cube.STM, 15); err != nil {
			t.Fatalf("hit %d: %v", i, err)
		}
		if d := positions.Rows[h.State][positions.Index("stm_distance")]; d != int64(15) {
			t.Fatalf("hit %d reaches un %d in 15, the committed distance is %v", i, h.State, d)
		}
	}
	if !strings.HasPrefix(pp.Params["STM.settled"], "depth 15 from") {
		t.Errorf("the committed tables do not say they settled STM's depth 15 from hits: %q", pp.Params["STM.settled"])
	}
	t.Logf("%d chunks, %d hits", parts.chunks, len(parts.hits))
}
