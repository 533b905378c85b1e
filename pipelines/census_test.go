package pipelines

import (
	"context"
	"io"
	"log/slog"
	"math/big"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/tables"
)

// censusTestDepth is the census tests' depths: shallow, so that a run is
// mostly the walk over the 138,639,780 classes (seconds).
var censusTestDepth = MetricDepths{cube.HTM: 5, cube.QTM: 5, cube.STM: 4}

// runCensusInto runs the census stage to depths into dir, as shard (nil:
// one process) after taking the blocks of the merged folder from, if given.
func runCensusInto(t *testing.T, dir string, depths MetricDepths, shard *Shard, from string) {
	t.Helper()
	opts := NewOptions()
	opts.CensusDepth, opts.CensusBlocksFrom = depths, Folder(from)
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
// stage's brute force has too), and three shards merged and summed by a run
// given the merged folder count the same, block for block; a run given a
// folder of other depths is refused.
func TestCensusShards(t *testing.T) {
	base := t.TempDir()
	dir := func(name string) string { return filepath.Join(base, name) }
	runCensusInto(t, dir("whole"), censusTestDepth, nil, "")
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
	htm := MetricDepths{cube.HTM: censusTestDepth[cube.HTM]}
	for i := range 3 {
		runCensusInto(t, dir(string(rune('a'+i))), htm, &Shard{i, 3}, "")
	}
	if _, err := Merge([]string{dir("b"), dir("c"), dir("a")}, dir("merged")); err != nil {
		t.Fatal(err)
	}
	runCensusInto(t, dir("summed"), htm, nil, dir("merged"))
	if got := censusCounts(t, dir("summed")); !equalCounts(got, map[string][]*big.Int{"HTM": whole["HTM"]}) {
		t.Fatalf("the merged shards count %v, one process %v", got, whole["HTM"])
	}
	summed, _, err := tables.Read(filepath.Join(dir("summed"), "census_blocks"+tables.Extension))
	if err != nil {
		t.Fatal(err)
	}
	blocks, _, err := tables.Read(filepath.Join(dir("whole"), "census_blocks"+tables.Extension))
	if err != nil {
		t.Fatal(err)
	}
	htmRows := withoutTimes(blocks)[:len(summed.Rows)] // HTM's rows come first
	if !slices.EqualFunc(withoutTimes(summed), htmRows, slices.Equal) {
		t.Error("the summed run's blocks differ from one process's")
	}
	opts := NewOptions()
	opts.CensusDepth, opts.CensusBlocksFrom = MetricDepths{cube.HTM: 4}, Folder(dir("merged"))
	env := &Env{Workers: 2, MemBudget: 6 << 30, Log: slog.New(slog.DiscardHandler), Stderr: io.Discard, Options: opts}
	if _, err := Run(context.Background(), censusStage, env, dir("refused")); err == nil || !strings.Contains(err.Error(), "counted to depth 5, this run counts HTM to 4") {
		t.Fatalf("a folder of other depths: %v", err)
	}
}

// equalCounts compares two censusCounts.
func equalCounts(a, b map[string][]*big.Int) bool {
	if len(a) != len(b) {
		return false
	}
	for m, x := range a {
		if !slices.EqualFunc(x, b[m], func(p, q *big.Int) bool { return p != nil && q != nil && p.Cmp(q) == 0 }) {
			return false
		}
	}
	return true
}

// A census stopped after three blocks resumes from its checkpoint and
// counts what a run never stopped counts; a run of a part of the blocks
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
	if _, err := Run(context.Background(), censusStage, env, filepath.Join(base, "resumed")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "3 blocks done") {
		t.Fatalf("no resumption in the log:\n%s", logs.String())
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
