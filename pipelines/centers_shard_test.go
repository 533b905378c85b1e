package pipelines

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/centers"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/tables"
)

// centersHTM returns an Env for a reduced centers run of HTM alone: a
// stored depth of 6 (what 3e6 probes are worth) through depth 11, or, continued
// from tables, their next depth.
func centersHTM(continueFrom, hitsFrom string, shard *Shard) *Env {
	env := testEnv(centersTestBudget)
	env.Options.CentersMetrics = MetricList{cube.HTM}
	env.Options.CentersBudget = MetricProbes{3e6, 3e6, 3e6}
	env.Options.CentersMaxDepth = MetricDepths{11, 11, 11}
	env.Options.CentersContinue, env.Options.CentersHits = Folder(continueFrom), Folder(hitsFrom)
	if continueFrom != "" {
		env.Options.CentersMaxDepth = MetricDepths{12, 12, 12}
	}
	env.Shard = shard
	return env
}

// The next depth of a search continued from its tables, searched in one
// process or in three shards merged and settled, gives the same tables;
// the shards' units spread the chunks over the shards; the settling
// refuses one shard alone, hits of another depth, a hit that is not what
// it says and a missing chunk, and a shard refuses what it cannot split.
func TestCentersShards(t *testing.T) {
	dir, must := shardTestHelpers(t)
	defer func(was int) { unitMoves = was }(unitMoves)
	unitMoves = 2 // depth 12's chunks have 3 moves: units of about 13 of them
	must(runStageTo(t, centersStage, centersHTM("", "", nil), dir("start")))
	must(runStageTo(t, centersStage, centersHTM(dir("start"), "", nil), dir("whole")))
	var shards []string
	for i := range 3 {
		shards = append(shards, dir(string(rune('a'+i))))
		must(runStageTo(t, centersStage, centersHTM(dir("start"), "", &Shard{i, 3}), shards[i]))
	}
	_, err := Merge(shards, dir("merged"))
	must(err)
	must(runStageTo(t, centersStage, centersHTM(dir("start"), dir("merged"), nil), dir("settled")))

	whole, prov := readTables(t, dir("whole"), centersStage.Tables)
	settled, settledProv := readTables(t, dir("settled"), centersStage.Tables)
	if prov.Params["HTM.exhaustive_depth"] != "12" || settledProv.Params["HTM.exhaustive_depth"] != "12" {
		t.Fatalf("exhaustive through %s searched whole, %s settled; want 12", prov.Params["HTM.exhaustive_depth"], settledProv.Params["HTM.exhaustive_depth"])
	}
	checkCentersTables(t, settled)
	for _, name := range centersStage.Tables {
		if !slices.EqualFunc(settled[name].Rows, whole[name].Rows, slices.Equal) {
			t.Errorf("%s differs from the depth searched in one process", name)
		}
	}
	if whole, settled := prov.Params["HTM.depth12"], settledProv.Params["HTM.depth12"]; whole[:strings.Index(whole, " seconds")] != settled[:strings.Index(settled, " seconds")] {
		t.Errorf("depth 12 searched whole: %s; settled: %s", whole, settled)
	}
	units, up, err := tables.Read(filepath.Join(dir("merged"), "centers_units"+tables.Extension))
	must(err)
	chunks, _ := strconv.Atoi(up.Params["continued_chunks"])
	third, lateUnits, multi := len(units.Rows)/3, 0, 0
	for _, row := range units.Rows[:third] { // shard 0 takes units from all over the depth
		if cell(units, row, "first_chunk").(int64) > int64(2*chunks/3) {
			lateUnits++
		}
		if cell(units, row, "chunks").(int64) > 1 {
			multi++
		}
	}
	if third < 5 || lateUnits == 0 || multi == 0 {
		t.Errorf("%d units of %d chunks: shard 0's %d take %d from the depth's last third, %d have more than one chunk", len(units.Rows), chunks, third, lateUnits, multi)
	}

	// A shard resumed from its checkpoint (its first two units done, the
	// first one's probes marked) searches only the units after them.
	env := centersHTM(dir("start"), "", &Shard{0, 3})
	env.CheckpointDir, env.stage = dir("checkpoints"), centersStage.Name
	t.Setenv("CUBECENSUS_CACHE", dir("cache"))
	o, _, err := centersDepth(env, cube.HTM)
	must(err)
	first, _ := readTables(t, shards[0], centersStage.ShardTables)
	part := &partsDone{stamped: stamped{Settings: o.settingsOf(env.Shard)}, Units: len(units.Rows), Chunks: chunks}
	for _, row := range first["centers_units"].Rows[:2] {
		u := unitDone{Unit: int(row[2].(int64)), First: int(row[3].(int64)), Chunks: int(row[4].(int64)), Probes: row[6].(int64), Nodes: row[7].(int64)}
		moves, err := cube.ParseManeuver(row[5].(string))
		must(err)
		u.Prefix, err = cube.WordOf(moves)
		must(err)
		for _, h := range first["centers_hits"].Rows {
			if h[2] == row[2] {
				moves, err := cube.ParseManeuver(h[6].(string))
				must(err)
				w, err := cube.WordOf(moves)
				must(err)
				u.Hits = append(u.Hits, centers.Hit{Chunk: int(h[3].(int64)), State: centers.State(h[4].(int64)).Index(), Word: w})
			}
		}
		part.Done = append(part.Done, u)
	}
	part.Done[0].Probes += 1000
	_, save, err := partsCheckpoints.use(env, "parts-HTM", part.Settings)
	must(err)
	must(save(part))
	must(runStageTo(t, centersStage, env, dir("resumed")))
	resumed, _ := readTables(t, dir("resumed"), centersStage.ShardTables)
	probes := resumed["centers_units"].Index("probes")
	resumed["centers_units"].Rows[0][probes] = resumed["centers_units"].Rows[0][probes].(int64) - 1000
	for _, name := range centersStage.ShardTables {
		if !slices.EqualFunc(resumed[name].Rows, first[name].Rows, slices.Equal) {
			t.Errorf("%s: the resumed shard differs from the shard run through, or did not take its checkpoint", name)
		}
	}

	refused := func(env *Env, want string) {
		t.Helper()
		if err := runStageTo(t, centersStage, env, dir("refused")); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v, want an error saying %q", err, want)
		}
	}
	refused(centersHTM(dir("start"), shards[1], nil), "merge every shard first")
	refused(centersHTM(dir("whole"), dir("merged"), nil), "continue at 13")
	refused(centersHTM("", "", &Shard{0, 2}), "give --centers-continue-from")
	two := centersHTM(dir("start"), "", &Shard{0, 2})
	two.Options.CentersMetrics = MetricList{cube.HTM, cube.STM}
	refused(two, "one metric's next depth")
	refused(centersHTM(filepath.Dir(committed.Path(t, "centers_states")), "", &Shard{0, 2}), "nothing to search")

	// Merged tables altered with good checksums: a hit's maneuver that is
	// not a relation of its state, then a chunk dropped.
	hitsPath := filepath.Join(dir("merged"), "centers_hits"+tables.Extension)
	hits, hp, err := tables.Read(hitsPath)
	must(err)
	other := slices.IndexFunc(hits.Rows, func(row []any) bool { return row[hits.Index("state")] != hits.Rows[0][hits.Index("state")] })
	if other < 0 {
		t.Fatalf("all %d hits are of one state: the test needs two", len(hits.Rows))
	}
	hits.Rows[0][hits.Index("maneuver")] = hits.Rows[other][hits.Index("maneuver")]
	_, err = tables.Write(dir("merged"), hits, hp)
	must(err)
	refused(centersHTM(dir("start"), dir("merged"), nil), "self-check failed")
	units.Rows = slices.Delete(units.Rows, 5, 6)
	_, err = tables.Write(dir("merged"), units, up)
	must(err)
	refused(centersHTM(dir("start"), dir("merged"), nil), "rows for the depth's")
}
