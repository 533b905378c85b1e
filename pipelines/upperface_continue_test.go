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
// a missing chunk, a hit that is not what it says, and hits of another
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

	// Merged tables altered with good checksums: a hit's maneuver that
	// does not reach its position at the depth, then a chunk dropped.
	hitsPath := filepath.Join(dir("merged"), "upperface_hits"+tables.Extension)
	hits, hp, err := tables.Read(hitsPath)
	must(err)
	hits.Rows[0][hits.Index("maneuver")] = hits.Rows[1][hits.Index("maneuver")]
	if hits.Rows[0][hits.Index("un")] == hits.Rows[1][hits.Index("un")] {
		t.Fatal("the first two hits reach one position: pick two others")
	}
	_, err = tables.Write(dir("merged"), hits, hp)
	must(err)
	refused(upperfaceSTM(dir("start"), dir("merged"), nil), "self-check failed")
	chunks, cp, err := tables.Read(filepath.Join(dir("merged"), "upperface_chunks"+tables.Extension))
	must(err)
	chunks.Rows = slices.Delete(chunks.Rows, 5, 6)
	_, err = tables.Write(dir("merged"), chunks, cp)
	must(err)
	refused(upperfaceSTM(dir("start"), dir("merged"), nil), "chunks, depth 11 of STM")
}

// committedHits is the folder of the merged shard tables of STM's depth 15
// beside the committed tables (make run settles the depth from them).
const committedHits = "upperface-stm-depth15"

// The committed hits of STM's depth 15: one row per chunk of the plan
// with its probes, and every hit's maneuver, re-applied, reaches its
// position in 15 STM moves, a position the committed tables put at
// exactly 15; the committed tables know every distance in every metric.
func TestCommittedUpperfaceHits(t *testing.T) {
	chunks, prov, err := tables.Read(committed.Path(t, filepath.Join(committedHits, "upperface_chunks")))
	if err != nil {
		t.Fatal(err)
	}
	hits, _, err := tables.Read(committed.Path(t, filepath.Join(committedHits, "upperface_hits")))
	if err != nil {
		t.Fatal(err)
	}
	if prov.Params["continued_metric"] != "STM" || prov.Params["continued_depth"] != "15" || prov.Params["continued_stored_depth"] != "6" {
		t.Fatalf("the hits continue %s depth %s with stored depth %s, want STM 15 and 6",
			prov.Params["continued_metric"], prov.Params["continued_depth"], prov.Params["continued_stored_depth"])
	}
	plan := upperface.Chunks(upperface.Config{Metric: cube.STM, StoredDepth: 6}, 15)
	if len(chunks.Rows) != len(plan) {
		t.Fatalf("%d chunks, the plan has %d", len(chunks.Rows), len(plan))
	}
	for i, row := range chunks.Rows {
		if row[chunks.Index("chunk")] != int64(i) || row[chunks.Index("probes")] != plan[i].Probes {
			t.Fatalf("chunk row %d: %v, the plan's probes %d", i, row, plan[i].Probes)
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
	for i, row := range hits.Rows {
		un := row[hits.Index("un")].(int64)
		text := row[hits.Index("maneuver")].(string)
		if err := checkManeuver(text, int(un), cube.STM, 15); err != nil {
			t.Fatalf("hit %d: %v", i, err)
		}
		if d := positions.Rows[un][positions.Index("stm_distance")]; d != int64(15) {
			t.Fatalf("hit %d reaches un %d in 15, the committed distance is %v", i, un, d)
		}
	}
	if !strings.HasPrefix(pp.Params["STM.settled"], "depth 15 from") {
		t.Errorf("the committed tables do not say they settled STM's depth 15 from hits: %q", pp.Params["STM.settled"])
	}
	t.Logf("%d chunks, %d hits", len(chunks.Rows), len(hits.Rows))
}
