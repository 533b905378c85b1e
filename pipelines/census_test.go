package pipelines

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math/big"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cosets"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/tables"
)

// censusTestDepth is the census tests' depths: shallow, so that a run is
// mostly the walk over the 138,639,780 classes (seconds).
var censusTestDepth = MetricDepths{cube.HTM: 5, cube.QTM: 5, cube.STM: 4}

// runCensusInto runs the census stage to depths on blocks into dir, as
// shard (nil: one process) after taking the blocks of the merged folder
// from, if given.
func runCensusInto(t *testing.T, dir string, depths MetricDepths, blocks BlockRange, shard *Shard, from string) {
	t.Helper()
	opts := NewOptions()
	opts.CensusDepth, opts.CensusBlocks, opts.CensusBlocksFrom = depths, blocks, Folder(from)
	env := &Env{Workers: 2, MemBudget: 6 << 30, Log: slog.New(slog.DiscardHandler), Stderr: io.Discard, Options: opts, Shard: shard}
	if err := CheckOptions([]Stage{censusStage}, env, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), censusStage, env, dir); err != nil {
		t.Fatal(err)
	}
}

// censusCounts reads census_distribution in dir: metric -> counts by depth
// (nil where not complete).
func censusCounts(t *testing.T, dir string) map[string][]*big.Int {
	t.Helper()
	d, _, err := tables.Read(filepath.Join(dir, "census_distribution"+tables.Extension))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]*big.Int{}
	for _, row := range d.Rows {
		m := row[d.Index("metric")].(string)
		n, _ := row[d.Index("positions")].(*big.Int)
		out[m] = append(out[m], n)
	}
	return out
}

// The census in one process counts what the published tables say (OEIS
// A080601 for HTM, A080602 for QTM; in STM the breadth-first search of
// cubes in cosets' TestCensusAgainstBFS, whose first counts the canonical
// stage's brute force has too); three shards merged and summed by a run
// given the merged folder count the same, block for block; a run given a
// folder with no metric at its depths is refused.
func TestCensusShards(t *testing.T) {
	base := t.TempDir()
	dir := func(name string) string { return filepath.Join(base, name) }
	all := BlockRange{First: 0, Count: censusBlocks}
	runCensusInto(t, dir("whole"), censusTestDepth, all, nil, "")
	oracle := map[string][]int64{
		"HTM": {1, 18, 243, 3240, 43239, 574908},
		"QTM": {1, 12, 114, 1068, 10011, 93840},
		"STM": {1, 27, 501, 9175, 164900},
	}
	whole := censusCounts(t, dir("whole"))
	for m, want := range oracle {
		got := whole[m]
		if len(got) != len(want) {
			t.Fatalf("%s: %d depths, want %d", m, len(got), len(want))
		}
		for d, n := range want {
			if got[d] == nil || got[d].Int64() != n {
				t.Fatalf("%s depth %d: %v positions, published %d", m, d, got[d], n)
			}
		}
	}
	// The shards split the first 40 blocks (a walk over all the classes
	// takes seconds a run); the run given their merged blocks counts none
	// again and writes the same blocks as the whole run.
	htm, part := MetricDepths{cube.HTM: censusTestDepth[cube.HTM]}, BlockRange{First: 0, Count: 40}
	for i := range 3 {
		runCensusInto(t, dir(string(rune('a'+i))), htm, part, &Shard{i, 3}, "")
	}
	if _, err := Merge([]string{dir("b"), dir("c"), dir("a")}, dir("merged")); err != nil {
		t.Fatal(err)
	}
	runCensusInto(t, dir("summed"), htm, part, nil, dir("merged"))
	summed, prov, err := tables.Read(filepath.Join(dir("summed"), "census_blocks"+tables.Extension))
	if err != nil {
		t.Fatal(err)
	}
	blocks, _, err := tables.Read(filepath.Join(dir("whole"), "census_blocks"+tables.Extension))
	if err != nil {
		t.Fatal(err)
	}
	htmRows := withoutTimes(blocks)[:len(summed.Rows)] // HTM's rows come first, by block
	if len(summed.Rows) != 40*(censusTestDepth[cube.HTM]+1) || !slices.EqualFunc(withoutTimes(summed), htmRows, slices.Equal) {
		t.Error("the summed run's blocks differ from one process's")
	}
	if prov.Params["blocks_from_build"] == "" {
		t.Error("the summed run does not say which build counted its blocks")
	}
	// A run deeper in another metric takes HTM's blocks and counts STM.
	runCensusInto(t, dir("more"), MetricDepths{cube.HTM: htm[cube.HTM], cube.STM: 3}, part, nil, dir("summed"))
	more, _, err := tables.Read(filepath.Join(dir("more"), "census_blocks"+tables.Extension))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(summed.Rows); len(more.Rows) != n+40*4 || !slices.EqualFunc(withoutTimes(more)[:n], withoutTimes(summed), slices.Equal) {
		t.Error("a run deeper in STM did not take HTM's blocks as they were and count STM's")
	}
	opts := NewOptions()
	opts.CensusDepth, opts.CensusBlocksFrom = MetricDepths{cube.HTM: 4}, Folder(dir("merged"))
	env := &Env{Workers: 2, MemBudget: 6 << 30, Log: slog.New(slog.DiscardHandler), Stderr: io.Discard, Options: opts}
	if _, err := Run(context.Background(), censusStage, env, dir("refused")); err == nil || !strings.Contains(err.Error(), "none to take") {
		t.Fatalf("a folder of other depths: %v", err)
	}
}

// A census stopped after three blocks resumes from its checkpoint and
// counts what a run never stopped counts, in a later build too (whose
// provenance names the build of the blocks resumed) and with another
// metric's depth added, taking only the blocks of its depths; a run of a part of the blocks
// publishes no exact figure, only the counts of the cosets it did.
func TestCensusResumeAndPart(t *testing.T) {
	base := t.TempDir()
	opts := NewOptions()
	opts.CensusDepth, opts.CensusBlocks = MetricDepths{cube.STM: 4}, BlockRange{First: 0, Count: 7}
	var logs strings.Builder
	env := &Env{Workers: 2, MemBudget: 6 << 30, Log: slog.New(slog.NewTextHandler(&logs, nil)), Stderr: io.Discard,
		Options: opts, CheckpointDir: filepath.Join(base, "ckpt")}
	ctx, cancel := context.WithCancel(context.Background())
	orig := censusCheckpoints
	defer func() { censusCheckpoints = orig }()
	censusCheckpoints.encode = func(c *censusCheckpoint, w io.Writer) error {
		if len(c.Done) == 3 {
			cancel()
		}
		return orig.encode(c, w)
	}
	if _, err := Run(ctx, censusStage, env, filepath.Join(base, "stopped")); err == nil {
		t.Fatal("the run went on after its context was cancelled")
	}
	censusCheckpoints = orig
	// As if an earlier build, before blocks named their build, had
	// written it: the blocks are taken all the same, and named.
	env.stage = censusStage.Name
	path := env.CheckpointPath("blocks")
	c, reason := censusCheckpoints.read(path, "")
	if c == nil {
		t.Fatalf("the stopped run's checkpoint: %s", reason)
	}
	c.Build = "an earlier build"
	for i := range c.Done {
		c.Done[i].Build = ""
	}
	// A block of another depth, as a run to STM 3 would have left: kept,
	// not taken (its counts would change the tables).
	other := c.Done[0]
	other.Positions = other.Positions[:4]
	c.Done = append(c.Done, other)
	if err := writeSealed(path, checkpointKind, func(w io.Writer) error { return censusCheckpoints.encode(c, w) }); err != nil {
		t.Fatal(err)
	}
	// The run resumed counts HTM too: the checkpoint's settings differ,
	// its STM blocks are taken all the same.
	opts.CensusDepth[cube.HTM] = 2
	if _, err := Run(context.Background(), censusStage, env, filepath.Join(base, "resumed")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "4 blocks done") || !strings.Contains(logs.String(), "resuming the state of another build") {
		t.Fatalf("no resumption of the earlier build's blocks in the log:\n%s", logs.String())
	}
	if _, prov, err := tables.Read(filepath.Join(base, "resumed", "census_blocks"+tables.Extension)); err != nil {
		t.Fatal(err)
	} else if got := prov.Params["blocks_resumed_from_builds"]; got != "an earlier build" {
		t.Fatalf("blocks_resumed_from_builds = %q, want the earlier build", got)
	}
	env.CheckpointDir = ""
	if _, err := Run(context.Background(), censusStage, env, filepath.Join(base, "fresh")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"census_distribution", "census_blocks"} {
		a, _, err := tables.Read(filepath.Join(base, "resumed", name+tables.Extension))
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := tables.Read(filepath.Join(base, "fresh", name+tables.Extension))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(withoutTimes(a), withoutTimes(b), func(x, y []any) bool { return slices.EqualFunc(x, y, sameCell) }) {
			t.Fatalf("%s: the resumed run differs from a fresh one", name)
		}
	}
	d, _, err := tables.Read(filepath.Join(base, "fresh", "census_distribution"+tables.Extension))
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range d.Rows {
		if row[d.Index("positions")] != nil || row[d.Index("complete")] != false {
			t.Fatalf("a part of the blocks published an exact count: %v", row)
		}
	}
}

// sameCell compares two cells, big integers by value.
func sameCell(a, b any) bool {
	if x, ok := a.(*big.Int); ok {
		y, ok := b.(*big.Int)
		return ok && x.Cmp(y) == 0
	}
	return a == b
}

// seed000HTM is OEIS A080601 as seed 000 prints it ("Theoretical
// Probability Distribution"): the positions at each distance in HTM to 15.
// An oracle, never an output.
var seed000HTM = []int64{1, 18, 243, 3240, 43239, 574908, 7618438, 100803036, 1332343288, 17596479795, 232248063316,
	3063288809012, 40374425656248, 531653418284628, 6989320578825358, 91365146187124313}

// oeisQTM is OEIS A080602, the positions at each distance in QTM to 18
// (oeis.org/A080602: Bryan, Rokicki, Scheunemann): an oracle.
var oeisQTM = []int64{1, 12, 114, 1068, 10011, 93840, 878880, 8221632, 76843595, 717789576, 6701836858,
	62549615248, 583570100997, 5442351625028, 50729620202582, 472495678811004, 4393570406220123,
	40648181519827392, 368071526203620348}

// publishedSTM is the positions at each distance in STM to 10, as posted
// on the cube forum in "Slice turn metric, anyone?"
// (forum.cubeman.org/?q=node/view/200): an oracle, the only published
// counts in STM.
var publishedSTM = []int64{1, 27, 501, 9175, 164900, 2912447, 50839041, 879457304, 15103187300, 257676327458, 4368975951874}

// TestCommittedCensus checks the committed census: every exact count
// equals the published one where there is one and the canonical
// stage's brute force where it has one (every metric, to its depth), and
// is at most the canonical sequences of its length; a complete metric
// counts every coset; the blocks add up to the distribution.
func TestCommittedCensus(t *testing.T) {
	dist, _, err := tables.Read(committed.Path(t, "census_distribution"))
	if err != nil {
		t.Fatal(err)
	}
	canonical, _, err := tables.Read(committed.Path(t, "canonical_sequences"))
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		metric string
		depth  int64
	}
	sequences, distinct := map[key]int64{}, map[key]int64{}
	for _, row := range canonical.Rows {
		if row[canonical.Index("move_set")] == "A" {
			continue
		}
		k := key{row[canonical.Index("metric")].(string), row[canonical.Index("depth")].(int64)}
		if n, ok := row[canonical.Index("canonical_sequences")].(*big.Int); ok && n.IsInt64() {
			sequences[k] = n.Int64()
		} else if n, ok := row[canonical.Index("canonical_sequences")].(int64); ok {
			sequences[k] = n
		}
		if n, ok := row[canonical.Index("distinct_positions")].(int64); ok {
			distinct[k] = n
		}
	}
	oracle := map[string][]int64{"HTM": seed000HTM, "QTM": oeisQTM, "STM": publishedSTM}
	done := map[key]*big.Int{}
	exact := map[string]int64{}
	for _, row := range dist.Rows {
		k := key{row[dist.Index("metric")].(string), row[dist.Index("depth")].(int64)}
		done[k] = row[dist.Index("positions_in_cosets_done")].(*big.Int)
		n, ok := row[dist.Index("positions")].(*big.Int)
		if !ok {
			continue
		}
		if row[dist.Index("cosets_done")].(int64) != 2217093120 || n.Cmp(done[k]) != 0 {
			t.Errorf("%v: exact, but %v cosets done holding %v positions", k, row[dist.Index("cosets_done")], done[k])
		}
		exact[k.metric]++
		if o := oracle[k.metric]; k.depth < int64(len(o)) && n.Int64() != o[k.depth] {
			t.Errorf("%v: %v positions, published %d", k, n, o[k.depth])
		}
		if d, ok := distinct[k]; ok && n.Int64() != d {
			t.Errorf("%v: %v positions, the canonical stage's brute force %d", k, n, d)
		}
		if s, ok := sequences[k]; ok && n.Int64() > s {
			t.Errorf("%v: %v positions, more than the %d canonical sequences of that length", k, n, s)
		}
	}
	for _, m := range []string{"HTM", "QTM", "STM"} {
		if exact[m] < 7 {
			t.Errorf("%s: exact to depth %d only", m, exact[m]-1)
		}
	}
	blocks, _, err := tables.Read(committed.Path(t, "census_blocks"))
	if err != nil {
		t.Fatal(err)
	}
	sums := map[key]*big.Int{}
	for _, row := range blocks.Rows {
		k := key{row[blocks.Index("metric")].(string), row[blocks.Index("depth")].(int64)}
		if sums[k] == nil {
			sums[k] = new(big.Int)
		}
		sums[k].Add(sums[k], big.NewInt(row[blocks.Index("positions")].(int64)))
	}
	for k, n := range done {
		if sums[k] == nil || sums[k].Cmp(n) != 0 {
			t.Errorf("%v: the blocks hold %v positions, the distribution %v", k, sums[k], n)
		}
	}
}

// TestCensusDense: a class with more positions than a counter's set keeps
// is counted in a MetricSolver's bitmaps, and the block's counts are those
// of the counters alone: block 0 (the trivial coset and those next to it)
// in each metric, the sets capped at 100 positions, the counts and
// cosets equal to the uncapped run's, the bitmaps made once for the block
// and given back after it; without a solver that fits the
// budget, the block fails naming --mem-budget.
func TestCensusDense(t *testing.T) {
	tbl, err := coord.Load(coord.Config{})
	if err != nil {
		t.Fatal(err)
	}
	env := testEnv(6 << 30)
	for _, m := range cube.Metrics {
		table, err := tbl.CosetTable(m)
		if err != nil {
			t.Fatal(err)
		}
		census, classes, depth := cosets.NewCensus(table), table.Classes(), censusTestDepth[m]
		counters := func(max int) []*cosets.CensusCounter {
			cs := []*cosets.CensusCounter{census.NewCounter(), census.NewCounter()}
			for _, c := range cs {
				c.MaxPositions = max
			}
			return cs
		}
		made := 0
		dense := &denseCensus{census: census, env: env, newSolver: func() *cosets.MetricSolver {
			made++
			return cosets.NewSmallMetricSolver(census, 2)
		}}
		want, err := censusBlock(context.Background(), env, table, classes, counters(cosets.CensusMaxPositions), dense, 0, depth)
		if err != nil {
			t.Fatal(err)
		}
		got, err := censusBlock(context.Background(), env, table, classes, counters(100), dense, 0, depth)
		if err != nil {
			t.Fatal(err)
		}
		if made != 1 || dense.solver != nil || !slices.Equal(got.Positions, want.Positions) || got.Cosets != want.Cosets {
			t.Fatalf("%v: capped %v (%d cosets, bitmaps made %d, kept after the block: %v), uncapped %v (%d)", m, got.Positions, got.Cosets, made, dense.solver != nil, want.Positions, want.Cosets)
		}
		short := &denseCensus{census: census, env: testEnv(4 << 30)}
		if _, err := censusBlock(context.Background(), env, table, classes, counters(100), short, 0, depth); !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "--mem-budget 4.0 GiB") {
			t.Fatalf("%v: the bitmaps over the budget: %v", m, err)
		}
	}
}

// TestCommittedCensusCheckpoints reads each census checkpoint committed in
// checkpoints/ (runs under way over sessions): it decodes, its settings
// name the blocks it holds, and each block's counts to the committed
// depth of its metric equal the committed census_blocks rows, block for
// block (a deeper run counts the shallower depths again).
func TestCommittedCensusCheckpoints(t *testing.T) {
	results := committed.Dir(t)
	paths, err := filepath.Glob(filepath.Join(filepath.Dir(results), "checkpoints", "census-*", "census-blocks.checkpoint"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Skip("no census checkpoint committed")
	}
	blocks, prov, err := tables.Read(committed.Path(t, "census_blocks"))
	if err != nil {
		t.Fatal(err)
	}
	var depths MetricDepths
	if err := depths.Set(prov.Params["census_depth"]); err != nil {
		t.Fatal(err)
	}
	type key struct {
		metric string
		block  int64
	}
	want := map[key][]int64{}
	for _, row := range blocks.Rows {
		k := key{row[blocks.Index("metric")].(string), row[blocks.Index("block")].(int64)}
		want[k] = append(want[k], row[blocks.Index("positions")].(int64))
	}
	for _, path := range paths {
		c, reason := censusCheckpoints.read(path, "")
		if c == nil {
			t.Fatalf("%s: %s", path, reason)
		}
		if len(c.Done) == 0 || !strings.HasPrefix(c.Settings, "census depth ") {
			t.Fatalf("%s: %d blocks, settings %q", path, len(c.Done), c.Settings)
		}
		for _, d := range c.Done {
			m, err := cube.ParseMetric(d.Metric)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			w := want[key{d.Metric, d.Block}]
			if len(d.Positions) <= depths[m] || len(w) != depths[m]+1 || !slices.Equal(d.Positions[:len(w)], w) {
				t.Fatalf("%s: block %d of %s counts %v, the committed block %v", path, d.Block, d.Metric, d.Positions, w)
			}
		}
	}
}

// TestCensusSetLimitFromBudget: each worker's set is held to what the
// budget leaves beside the coset tables and the step masks, at
// cosets.CensusCounterBytes a worker, up to cosets.CensusMaxPositions; a
// budget too small for sets of censusMinPositions is refused naming it.
func TestCensusSetLimitFromBudget(t *testing.T) {
	masks := uint64(cosets.StepMasksBytes())
	for _, tc := range []struct {
		budget, beside uint64
		want           int // -1: fewer than the maximum, the most that fits
	}{
		{12 << 30, masks, cosets.CensusMaxPositions},
		{6 << 30, masks, -1},
		{6 << 30, 0, -1},
	} {
		env := testEnv(tc.budget)
		got := censusCap(env, tc.beside)
		fits := func(n int) bool {
			return 2*cosets.CensusCounterBytes(n)+censusTablesBytes+tc.beside <= tc.budget
		}
		switch {
		case tc.want >= 0 && got != tc.want:
			t.Errorf("budget %d beside %d: %d positions a set, want %d", tc.budget, tc.beside, got, tc.want)
		case tc.want < 0 && (got < censusMinPositions || got >= cosets.CensusMaxPositions || !fits(got) || fits(got+1)):
			t.Errorf("budget %d beside %d: %d positions a set, not the most that fits", tc.budget, tc.beside, got)
		}
	}
	env := testEnv(1 << 30)
	env.Options.CensusDepth = MetricDepths{cube.HTM: 5}
	if err := checkCensus(env); !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "--mem-budget 1.0 GiB") {
		t.Errorf("a 1 GiB budget: %v, want a refusal naming --mem-budget", err)
	}
}
