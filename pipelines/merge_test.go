package pipelines

import (
	"context"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/tables"
)

// runCosetShard runs the cosets stage on a small range in exact mode to
// depth 8 (searches alone, milliseconds a coset) as shard (nil: the whole
// range in one process, as shard 0/1) into dir.
func runCosetShard(t *testing.T, dir string, shard Shard, searchDepth MoveCount) {
	t.Helper()
	opts := NewOptions()
	opts.Cosets, opts.Bound, opts.CosetSearchDepth = CosetRange{First: 5000, Count: 7}, 0, searchDepth
	env := &Env{Workers: 2, MemBudget: 6 << 30, Log: slog.New(slog.DiscardHandler), Stderr: os.Stderr, Options: opts, Shard: &shard}
	if err := CheckOptions([]Stage{cosetsStage}, env, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), cosetsStage, env, dir); err != nil {
		t.Fatal(err)
	}
}

// TestCosetList: --cosets as a list of classes solves those classes, in
// the list's order, as a range does (the rows of 5000:7 for 5004, 5001).
func TestCosetList(t *testing.T) {
	whole, listed := t.TempDir(), t.TempDir()
	runCosetShard(t, whole, Shard{Index: 0, Count: 1}, 6)
	opts := NewOptions()
	if err := opts.Cosets.Set("5004,5001"); err != nil {
		t.Fatal(err)
	}
	opts.Bound, opts.CosetSearchDepth = 0, 6
	env := &Env{Workers: 2, MemBudget: 6 << 30, Log: slog.New(slog.DiscardHandler), Stderr: os.Stderr, Options: opts}
	if err := CheckOptions([]Stage{cosetsStage}, env, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), cosetsStage, env, listed); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"cosets", "coset_levels"} {
		read := func(dir string) *tables.Table {
			tab, _, err := tables.Read(filepath.Join(dir, name+tables.Extension))
			if err != nil {
				t.Fatal(err)
			}
			return tab
		}
		all, got := read(whole), read(listed)
		coset := all.Index("coset")
		var want [][]any
		for _, class := range []int64{5004, 5001} {
			for _, row := range withoutTimes(all) {
				if row[coset] == class {
					want = append(want, row)
				}
			}
		}
		if rows := withoutTimes(got); len(want) == 0 || !reflect.DeepEqual(rows, want) {
			t.Errorf("%s: the list's rows\n%v\nthe range's\n%v", name, rows, want)
		}
	}
}

// withoutTimes returns t's rows without its columns of seconds, which
// measure the run rather than the cosets.
func withoutTimes(t *tables.Table) [][]any {
	var keep []int
	for i, c := range t.Columns {
		if !strings.HasSuffix(c.Name, "seconds") {
			keep = append(keep, i)
		}
	}
	var rows [][]any
	for _, row := range t.Rows {
		var r []any
		for _, i := range keep {
			r = append(r, row[i])
		}
		rows = append(rows, r)
	}
	return rows
}

// The shards of a range, merged, are the range run in one process, table
// for table; the merge refuses a missing or repeated shard, a shard of
// other settings, a damaged table and a unit outside its shard.
func TestMergeShards(t *testing.T) {
	base := t.TempDir()
	dir := func(name string) string { return filepath.Join(base, name) }
	for i := range 3 {
		runCosetShard(t, dir(string(rune('a'+i))), Shard{i, 3}, 8)
	}
	runCosetShard(t, dir("whole"), Shard{0, 1}, 8)
	shards := []string{dir("c"), dir("a"), dir("b")} // any order
	if _, err := Merge(shards, dir("merged")); err != nil {
		t.Fatal(err)
	}
	for _, name := range cosetsStage.ShardTables {
		merged, mp, err := tables.Read(filepath.Join(dir("merged"), name+tables.Extension))
		if err != nil {
			t.Fatal(err)
		}
		whole, wp, err := tables.Read(filepath.Join(dir("whole"), name+tables.Extension))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(withoutTimes(merged), withoutTimes(whole), slices.Equal) {
			t.Errorf("%s: the merged shards' rows differ from one process's", name)
		}
		if mp.Params["merged_shards"] != "3" || mp.Params[shardParam] != "" || mp.Params["cosets"] != wp.Params["cosets"] {
			t.Errorf("%s: merged provenance %v", name, mp.Params)
		}
	}

	refused := func(dirs []string, want string) {
		t.Helper()
		if _, err := Merge(dirs, dir("refused")); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("merge of %v: %v, want an error saying %q", dirs, err, want)
		}
	}
	refused([]string{dir("a"), dir("c")}, "shard 1/3 is missing")
	refused([]string{dir("a"), dir("b"), dir("b"), dir("c")}, "twice")
	refused([]string{dir("a"), dir("whole")}, "not one split")
	runCosetShard(t, dir("deeper"), Shard{1, 3}, 7)
	refused([]string{dir("a"), dir("deeper"), dir("c")}, "other settings (coset_search_depth")
	refused([]string{dir("a"), dir("nowhere"), dir("c")}, "nowhere")

	// A table rewritten with a coset of another shard: its checksum is
	// good, its unit is not.
	path := filepath.Join(dir("b"), "cosets"+tables.Extension)
	tab, prov, err := tables.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	tab.Rows[0][tab.Index("coset")] = int64(5000)
	if _, err := tables.Write(dir("b"), tab, prov); err != nil {
		t.Fatal(err)
	}
	refused([]string{dir("a"), dir("b"), dir("c")}, "outside the shard's")
	// A damaged table.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0xff
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	refused([]string{dir("a"), dir("b"), dir("c")}, dir("b"))
}

// Only stages with a range of work take --shard.
func TestShardOnlyForRanges(t *testing.T) {
	env := &Env{Workers: 1, MemBudget: 6 << 30, Options: NewOptions(), Shard: &Shard{0, 2}}
	err := CheckOptions([]Stage{symmetryStage}, env, nil)
	if err == nil || !strings.Contains(err.Error(), "--shard 0/2: the symmetry stage cannot be split") {
		t.Fatalf("symmetry with --shard: %v", err)
	}
}

// The parts of a range tile it, in order, whatever the number of shards.
func TestShardParts(t *testing.T) {
	for _, n := range []int{1, 2, 3, 7, 100} {
		next := int64(10)
		for i := range n {
			first, count := (&Shard{i, n}).Part(10, 35)
			if first != next || count < 35/int64(n) || count > 35/int64(n)+1 {
				t.Fatalf("shard %d/%d: %d:%d after %d", i, n, first, count, next)
			}
			next = first + count
		}
		if next != 45 {
			t.Fatalf("%d shards end at %d", n, next)
		}
	}
}

// TestSlurmJobArray runs four stages' work as real Slurm job arrays of
// three shards and a merge job (scripts/slurm/run-shards.sh), on the
// single-node Slurm that scripts/slurm/test.sh starts for make test: a
// range of cosets, whose merged tables must equal the range run in one
// process, and the next depths of a reduced upperface STM search and of a
// reduced centers HTM search, whose merged hits must settle each as one
// process searches it, and a part of the census's blocks, whose merged
// blocks must sum as one process counts them. Run outside that
// script (CUBECENSUS_SLURM unset) it has no cluster to use and says so.
func TestSlurmJobArray(t *testing.T) {
	dir, bin := os.Getenv("CUBECENSUS_SLURM"), os.Getenv("CUBECENSUS_BIN")
	if dir == "" || bin == "" {
		t.Skip("needs a Slurm: make test runs it through scripts/slurm/test.sh")
	}
	merged := runShards(t, bin, filepath.Join(dir, "cosets"), "cosets", "--cosets", "5000:7", "--bound", "0", "--coset-search-depth", "8")
	whole := t.TempDir()
	runCosetShard(t, whole, Shard{0, 1}, 8)
	for _, name := range cosetsStage.ShardTables {
		m, mp, err := tables.Read(filepath.Join(merged, name+tables.Extension))
		if err != nil {
			t.Fatal(err)
		}
		w, _, err := tables.Read(filepath.Join(whole, name+tables.Extension))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(withoutTimes(m), withoutTimes(w), slices.Equal) || mp.Params["merged_shards"] != "3" {
			t.Errorf("%s: the job array's merged tables differ from one process's", name)
		}
	}

	start, whole := t.TempDir(), t.TempDir()
	if err := runStageTo(t, upperfaceStage, upperfaceSTM("", "", nil), start); err != nil {
		t.Fatal(err)
	}
	merged = runShards(t, bin, filepath.Join(dir, "upperface"), "upperface",
		"--upperface-metrics", "STM", "--mem-budget", "400MiB", "--upperface-continue-from", start)
	settled := t.TempDir()
	if err := runStageTo(t, upperfaceStage, upperfaceSTM(start, merged, nil), settled); err != nil {
		t.Fatal(err)
	}
	if err := runStageTo(t, upperfaceStage, upperfaceSTM(start, "", nil), whole); err != nil {
		t.Fatal(err)
	}
	got, _ := readTables(t, settled, upperfaceStage.Tables)
	want, _ := readTables(t, whole, upperfaceStage.Tables)
	for _, name := range upperfaceStage.Tables {
		if !slices.EqualFunc(got[name].Rows, want[name].Rows, slices.Equal) {
			t.Errorf("%s: settled from the job array's hits, it differs from the depth searched in one process", name)
		}
	}

	start, whole, settled = t.TempDir(), t.TempDir(), t.TempDir()
	if err := runStageTo(t, centersStage, centersHTM("", "", nil), start); err != nil {
		t.Fatal(err)
	}
	merged = runShards(t, bin, filepath.Join(dir, "centers"), "centers",
		"--centers-metrics", "HTM", "--centers-budget", "3e6", "--mem-budget", "320MiB", "--centers-continue-from", start)
	if err := runStageTo(t, centersStage, centersHTM(start, merged, nil), settled); err != nil {
		t.Fatal(err)
	}
	if err := runStageTo(t, centersStage, centersHTM(start, "", nil), whole); err != nil {
		t.Fatal(err)
	}
	got, _ = readTables(t, settled, centersStage.Tables)
	want, _ = readTables(t, whole, centersStage.Tables)
	for _, name := range centersStage.Tables {
		if !slices.EqualFunc(got[name].Rows, want[name].Rows, slices.Equal) {
			t.Errorf("%s: settled from the job array's hits, it differs from the depth searched in one process", name)
		}
	}

	// The census's blocks: the merged array summed by a run given it, as
	// one process counts them.
	part, depths := BlockRange{First: 0, Count: 12}, MetricDepths{cube.STM: 4}
	merged = runShards(t, bin, filepath.Join(dir, "census"), "census", "--census-depth", depths.String(), "--census-blocks", part.String())
	summed, whole := t.TempDir(), t.TempDir()
	runCensusInto(t, summed, depths, part, nil, merged)
	runCensusInto(t, whole, depths, part, nil, "")
	got, _ = readTables(t, summed, []string{"census_blocks", "census_distribution"})
	want, _ = readTables(t, whole, []string{"census_blocks", "census_distribution"})
	for name := range got {
		if !slices.EqualFunc(withoutTimes(got[name]), withoutTimes(want[name]), func(x, y []any) bool { return slices.EqualFunc(x, y, sameCell) }) {
			t.Errorf("%s: summed from the job array's blocks, it differs from one process's count", name)
		}
	}
}

// runShards submits stage's work with run flags as a job array of three
// shards through scripts/slurm/run-shards.sh, into out, and returns the
// folder of the merged tables.
func runShards(t *testing.T, bin, out, stage string, flags ...string) string {
	t.Helper()
	args := append([]string{bin, out, stage, "3", "--cpus-per-task=1", "--mem=6G", "--"}, flags...)
	cmd := exec.Command("../scripts/slurm/run-shards.sh", args...)
	cmd.Stderr = os.Stderr
	merged, err := cmd.Output()
	if err != nil {
		logs, _ := filepath.Glob(filepath.Join(out, "*.log"))
		for _, l := range logs {
			b, _ := os.ReadFile(l)
			t.Logf("%s:\n%s", l, b)
		}
		t.Fatalf("run-shards.sh %s: %v", stage, err)
	}
	return strings.TrimSpace(string(merged))
}

// A coset range stopped after two cosets resumes from its checkpoint: the
// run again solves only the rest, and its tables are those of a run that
// was never stopped (the two cosets' rows, seconds included, come from the
// checkpoint).
func TestCosetsResume(t *testing.T) {
	base := t.TempDir()
	opts := NewOptions()
	opts.Cosets, opts.Bound, opts.CosetSearchDepth = CosetRange{First: 5000, Count: 7}, 0, 8 // runCosetShard's
	var logs strings.Builder
	env := &Env{Workers: 2, MemBudget: 6 << 30, Log: slog.New(slog.NewTextHandler(&logs, nil)), Stderr: os.Stderr,
		Options: opts, Shard: &Shard{0, 1}, CheckpointDir: filepath.Join(base, "ckpt")}
	ctx, cancel := context.WithCancel(context.Background())
	orig := cosetsCheckpoints
	defer func() { cosetsCheckpoints = orig }()
	var saved []cosetDone
	cosetsCheckpoints.encode = func(c *cosetsCheckpoint, w io.Writer) error {
		if len(c.Done) == 2 {
			saved = slices.Clone(c.Done)
			cancel()
		}
		return orig.encode(c, w)
	}
	if _, err := Run(ctx, cosetsStage, env, filepath.Join(base, "stopped")); err == nil {
		t.Fatal("the run went on after its context was cancelled")
	}
	cosetsCheckpoints = orig
	if _, err := Run(context.Background(), cosetsStage, env, filepath.Join(base, "resumed")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "resuming") || !strings.Contains(logs.String(), "2 cosets done") {
		t.Fatalf("no resumption in the log:\n%s", logs.String())
	}
	runCosetShard(t, filepath.Join(base, "fresh"), Shard{0, 1}, 8)
	resumed, _, err := tables.Read(filepath.Join(base, "resumed", "cosets"+tables.Extension))
	if err != nil {
		t.Fatal(err)
	}
	fresh, _, err := tables.Read(filepath.Join(base, "fresh", "cosets"+tables.Extension))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(withoutTimes(resumed), withoutTimes(fresh), slices.Equal) {
		t.Fatal("the resumed run's cosets differ from a fresh run's")
	}
	for i, c := range saved {
		if got := resumed.Rows[i][resumed.Index("seconds")]; got != c.Seconds {
			t.Fatalf("coset %d was solved again (%v s), not taken from the checkpoint (%v s)", c.Coset, got, c.Seconds)
		}
	}
}

// spreadOrder numbers every chunk once, whatever their number, and the
// first third of the units takes about as many chunks from each third of
// the chunks (within 3 and 1%; contiguous units would take all of the
// first third).
func TestSpreadOrder(t *testing.T) {
	for _, total := range append([]int{169_851, 1 << 10, 3 * 5 * 7 * 11}, slices.Collect(func(yield func(int) bool) {
		for n := range 60 {
			yield(n)
		}
	})...) {
		order := spreadOrder(total)
		seen := make([]bool, total)
		for _, c := range order {
			if c < 0 || c >= total || seen[c] {
				t.Fatalf("%d chunks: chunk %d numbered twice or out of range", total, c)
			}
			seen[c] = true
		}
		if total < 30 {
			continue
		}
		var per [3]int
		for _, c := range order[:total/3] {
			per[3*c/total]++
		}
		if slices.Max(per[:])-slices.Min(per[:]) > 3+total/100 {
			t.Errorf("%d chunks: the first third of the units takes %v chunks from the thirds of the chunks", total, per)
		}
	}
}

// TestSameRunComparesFoldersByContent: shards continued from one folder
// written two ways (uf1, $PWD/uf1) are one run; shards whose folders held
// different tables (another fingerprint) are not.
func TestSameRunComparesFoldersByContent(t *testing.T) {
	prov := func(from, fingerprint string) tables.Provenance {
		p := tables.NewProvenance("upperface", 2)
		p.Build = "b"
		p.Params[continuedFromParam], p.Params[continuesParam] = from, fingerprint
		return p
	}
	if err := sameRun(prov("uf1", "abc"), prov("/work/uf1", "abc")); err != nil {
		t.Errorf("one folder written two ways: %v", err)
	}
	if err := sameRun(prov("uf1", "abc"), prov("uf1", "abd")); err == nil || !strings.Contains(err.Error(), continuesParam) {
		t.Errorf("two contents under one path: %v, want a refusal naming %s", err, continuesParam)
	}
}

// TestSameRunLetsHowRunDiffer: shards of one run may differ in how each
// ran (their step masks' seconds, their sets' limits from their budgets),
// never in what they computed.
func TestSameRunLetsHowRunDiffer(t *testing.T) {
	prov := func(depth, seconds, limit string) tables.Provenance {
		p := tables.NewProvenance("census", 2)
		p.Build = "b"
		p.Params["census_depth"], p.Params["step_masks_seconds.STM"], p.Params["max_coset_entries.STM"] = depth, seconds, limit
		return p
	}
	if err := sameRun(prov("STM=11", "61.2", "120000000"), prov("STM=11", "58.9", "45000000")); err != nil {
		t.Errorf("two shards' own times and limits: %v", err)
	}
	if err := sameRun(prov("STM=11", "61.2", "120000000"), prov("STM=10", "61.2", "120000000")); err == nil || !strings.Contains(err.Error(), "census_depth") {
		t.Errorf("two depths: %v, want a refusal naming census_depth", err)
	}
}
