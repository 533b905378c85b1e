package pipelines

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/tables"
	"github.com/cubecensus/cubecensus/upperface"
)

// seed004HTM is seed 004's table ("Results"): new upper-face positions at
// each number of face turns.
var seed004HTM = []int64{1, 3, 0, 0, 0, 0, 16, 88, 200, 394, 1102, 3470, 9807, 20505, 20768, 5630, 224}

// checkPositions reads a positions table as a user would: every maneuver,
// parsed from its text and applied to the solved cube, reaches its row's
// position with its row's length in its metric; bounds are ordered and the
// distance is set exactly where they meet; case ids name the least un of
// their case.
func checkPositions(t *testing.T, tab *tables.Table) {
	t.Helper()
	if len(tab.Rows) != upperface.NPositions {
		t.Fatalf("%d rows, want %d", len(tab.Rows), upperface.NPositions)
	}
	col := func(row []any, name string) any {
		i := tab.Index(name)
		if i < 0 {
			t.Fatalf("no column %s", name)
		}
		return row[i]
	}
	for un, row := range tab.Rows {
		if col(row, "un") != int64(un) {
			t.Fatalf("row %d holds un %v", un, col(row, "un"))
		}
		p, _ := upperface.FromUn(un)
		if ep, _, _, ct := p.Digits(); col(row, "ep") != ep || col(row, "ct") != ct {
			t.Fatalf("un %d: ep %v ct %v, want %s %s", un, col(row, "ep"), col(row, "ct"), ep, ct)
		}
		for _, m := range []string{"htm", "qtm", "stm"} {
			text, ok := col(row, m+"_maneuver").(string)
			if !ok {
				continue // not searched
			}
			moves, err := cube.ParseManeuver(text)
			if err != nil {
				t.Fatalf("un %d %s: %v", un, m, err)
			}
			q, err := upperface.FromCube(cube.FromMoves(moves))
			if err != nil || q.Un() != un {
				t.Fatalf("un %d: the %s maneuver %q reaches another position", un, m, text)
			}
			metric, _ := cube.ParseMetric(m)
			length := int64(metric.Length(moves))
			lower, upper := col(row, m+"_lower").(int64), col(row, m+"_upper").(int64)
			if length != upper || lower > upper {
				t.Fatalf("un %d %s: %q has length %d, bounds [%d, %d]", un, m, text, length, lower, upper)
			}
			if d := col(row, m+"_distance"); (d != nil) != (lower == upper) || d != nil && d != upper {
				t.Fatalf("un %d %s: distance %v with bounds [%d, %d]", un, m, d, lower, upper)
			}
		}
		for _, k := range upperface.CaseKinds {
			id := col(row, "case_"+k.String()).(int64)
			if id > int64(un) || tab.Rows[id][tab.Index("case_"+k.String())] != id {
				t.Fatalf("un %d: case_%s %d is not the least un of a case", un, k, id)
			}
		}
	}
}

// distributionOf returns a metric's rows of the distribution table.
func distributionOf(tab *tables.Table, metric string) (positions []int64, last []any) {
	for _, row := range tab.Rows {
		if row[0] == metric {
			positions = append(positions, row[tab.Index("positions")].(int64))
			last = row
		}
	}
	return positions, last
}

// checkDistributionAgainstPositions: at every depth of every metric, the
// distribution's positions are the rows of the positions table proven at
// exactly that distance, and cumulative those whose upper bound is within
// it (a partial run's deep rows included, where only the bounds are known).
func checkDistributionAgainstPositions(t *testing.T, positions, dist *tables.Table) {
	t.Helper()
	for _, row := range dist.Rows {
		m, d := strings.ToLower(row[0].(string)), row[dist.Index("depth")].(int64)
		var exact, within int64
		for _, p := range positions.Rows {
			if p[positions.Index(m+"_distance")] == d {
				exact++
			}
			if u, ok := p[positions.Index(m+"_upper")].(int64); ok && u <= d {
				within++
			}
		}
		if got := row[dist.Index("positions")]; got != exact {
			t.Errorf("%s depth %d: the distribution has %v positions, the positions table %d at that distance", m, d, got, exact)
		}
		if got := row[dist.Index("cumulative")]; got != within {
			t.Errorf("%s depth %d: cumulative %v, the positions table %d within it", m, d, got, within)
		}
	}
}

// testEnv is an Env for tests: two workers, no logs or progress, default
// options.
func testEnv(mem uint64) *Env {
	return &Env{Workers: 2, MemBudget: mem, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Stderr: io.Discard, Options: NewOptions()}
}

// readTables reads the named tables a run wrote into dir.
func readTables(t *testing.T, dir string, names []string) (map[string]*tables.Table, tables.Provenance) {
	t.Helper()
	byName := map[string]*tables.Table{}
	var prov tables.Provenance
	for _, name := range names {
		tab, p, err := tables.Read(filepath.Join(dir, name+tables.Extension))
		if err != nil {
			t.Fatal(err)
		}
		byName[name], prov = tab, p
	}
	return byName, prov
}

// TestUpperfaceStage runs the stage through Run on a reduced instance, a
// small stored side and probe budget: HTM exhaustive through 12 and QTM and
// STM less, the rest bounded. It checks the tables, and what Run does
// around the stage: stale temporary files of an earlier run are removed, a damaged
// checkpoint is set aside, and no checkpoint is left after success.
func TestUpperfaceStage(t *testing.T) {
	env := testEnv(512 << 20)
	env.Options.UpperfaceBudget = 3e6
	out, ck := t.TempDir(), filepath.Join(t.TempDir(), ".checkpoints")
	env.CheckpointDir = ck
	stale := []string{
		filepath.Join(out, "upperface_positions.arrow.tmp123456"),
		filepath.Join(ck, "upperface-HTM.checkpoint.tmp42"),
	}
	for _, f := range append(stale, filepath.Join(ck, "upperface-HTM.checkpoint")) { // a damaged checkpoint is ignored, not trusted
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("left by a killed run"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Run(context.Background(), upperfaceStage, env, out); err != nil {
		t.Fatal(err)
	}
	for _, f := range stale {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s was not removed", f)
		}
	}
	// The damaged checkpoint is set aside, kept for the user; nothing
	// else is left.
	left, err := os.ReadDir(ck)
	if err != nil || len(left) != 1 || !strings.HasPrefix(left[0].Name(), "upperface-HTM.checkpoint"+setAsideSuffix) {
		t.Errorf("the checkpoint folder %s holds %v (%v), want the damaged checkpoint set aside", ck, left, err)
	}
	tabs, prov := readTables(t, out, upperfaceStage.Tables)
	checkPositions(t, tabs["upperface_positions"])
	dist := tabs["upperface_distribution"]
	for _, m := range []string{"HTM", "QTM", "STM"} {
		positions, last := distributionOf(dist, m)
		if last[dist.Index("cumulative")] != int64(upperface.NPositions) || last[dist.Index("cumulative_possible")] != int64(upperface.NPositions) {
			t.Errorf("%s: the last row %v does not hold every position", m, last)
		}
		// Every position is counted at its distance or left unresolved.
		var counted int64
		for _, n := range positions {
			counted += n
		}
		unresolved, err := strconv.ParseInt(prov.Params[m+".unresolved"], 10, 64)
		if err != nil || counted+unresolved != upperface.NPositions {
			t.Errorf("%s: %d positions counted at a distance and %q unresolved, want %d in all", m, counted, prov.Params[m+".unresolved"], upperface.NPositions)
		}
		if m == "HTM" && !slices.Equal(positions[:13], seed004HTM[:13]) {
			t.Errorf("HTM positions through 12: %v, seed 004: %v", positions[:13], seed004HTM[:13])
		}
	}
	if prov.Params["HTM.exhaustive_depth"] != "12" || prov.Params["HTM.unresolved"] == "0" {
		t.Errorf("HTM: exhaustive through %s, %s unresolved; want 12 and some", prov.Params["HTM.exhaustive_depth"], prov.Params["HTM.unresolved"])
	}
	checkDistributionAgainstPositions(t, tabs["upperface_positions"], dist)
	cases := tabs["upperface_cases"]
	for _, row := range cases.Rows {
		if row[cases.Index("cases")] != row[cases.Index("cases_burnside")] {
			t.Errorf("cases %v: the two counts differ", row)
		}
	}
	if got := cases.Rows[0][cases.Index("cases")]; got != int64(upperface.NPositions/4) {
		t.Errorf("AUF cases = %v, want 62208/4: a U turn after never fixes a position", got)
	}
}

// TestCheckpointsSurviveAFailedWrite makes the stage's first table
// unwritable (a folder in its place): the run fails, its checkpoints stay,
// and the next run resumes from them, finishes without searching again, and
// writes the same tables, with every depth's figures in its provenance and a
// record that it resumed. (The stage used to delete its checkpoints before
// the tables were written, losing the whole search.) A third run, keeping
// its checkpoints, leaves its own.
func TestCheckpointsSurviveAFailedWrite(t *testing.T) {
	env := testEnv(400 << 20)
	env.Options.UpperfaceBudget = 2e5
	env.Options.UpperfaceMetrics = MetricList{cube.HTM}
	out, ck := t.TempDir(), filepath.Join(t.TempDir(), "ck")
	env.CheckpointDir = ck
	// A folder the user shares with other files: Run removes checkpoints
	// only.
	other := filepath.Join(ck, "upperface-notes.txt")
	if err := os.MkdirAll(ck, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, other)
	blocker := filepath.Join(out, "upperface_positions.arrow")
	if err := os.Mkdir(blocker, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), upperfaceStage, env, out); err == nil || !strings.Contains(err.Error(), "checkpoints are kept") {
		t.Fatalf("a run that cannot write its table: %v", err)
	}
	if _, err := os.Stat(filepath.Join(ck, "upperface-HTM.checkpoint")); err != nil {
		t.Fatalf("the checkpoint is gone after a failed write: %v", err)
	}
	if err := os.Remove(blocker); err != nil {
		t.Fatal(err)
	}
	var logs strings.Builder
	env.Log = slog.New(slog.NewTextHandler(&logs, nil))
	if _, err := Run(context.Background(), upperfaceStage, env, out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "upperface: resuming") || strings.Contains(logs.String(), "upperface depth") {
		t.Errorf("the second run did not resume without searching:\n%s", logs.String())
	}
	if _, err := os.Stat(filepath.Join(ck, "upperface-HTM.checkpoint")); err == nil {
		t.Error("the checkpoint is left after the tables were written")
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("a file that is not a checkpoint was removed: %v", err)
	}
	tabs, prov := readTables(t, out, upperfaceStage.Tables)
	checkPositions(t, tabs["upperface_positions"])
	exhaustive, err := strconv.Atoi(prov.Params["HTM.exhaustive_depth"])
	if err != nil {
		t.Fatal(err)
	}
	for d := 1; d <= exhaustive; d++ {
		if key := fmt.Sprintf("HTM.depth%02d", d); prov.Params[key] == "" {
			t.Errorf("the resumed run's provenance lacks %s", key)
		}
	}
	if !strings.Contains(prov.Params["HTM.resumed"], "from a checkpoint") {
		t.Errorf("the resumed run's provenance does not say so: HTM.resumed = %q", prov.Params["HTM.resumed"])
	}
	// With --keep-checkpoints the run's checkpoint stays once its tables
	// are written.
	env.KeepCheckpoints = true
	if _, err := Run(context.Background(), upperfaceStage, env, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(ck, "upperface-HTM.checkpoint")); err != nil {
		t.Errorf("the checkpoint is gone after a run that keeps them: %v", err)
	}
}

// TestUpperfaceCheck: budgets the search cannot work with are refused
// before it starts, naming the flag.
func TestUpperfaceCheck(t *testing.T) {
	env := testEnv(6 << 30)
	env.Options.UpperfaceBudget = 1
	if err := upperfaceStage.Check(env); err == nil || !strings.Contains(err.Error(), "--upperface-budget 1 is too small") {
		t.Errorf("budget 1: %v", err)
	}
	env.Options.UpperfaceBudget = DefaultUpperfaceBudget
	env.MemBudget = 100 << 20
	if err := upperfaceStage.Check(env); !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "--mem-budget") {
		t.Errorf("100 MiB: %v", err)
	}
	env.MemBudget = 6 << 30
	if err := upperfaceStage.Check(env); err != nil {
		t.Errorf("the defaults: %v", err)
	}
}

// TestCommittedUpperface checks the committed results of `make run`: every
// one of the 62,208 maneuvers, in every metric, re-applied, and the HTM
// distribution against seed 004's.
func TestCommittedUpperface(t *testing.T) {
	positions, _, err := tables.Read(committed.Path(t, "upperface_positions"))
	if err != nil {
		t.Fatal(err)
	}
	checkPositions(t, positions)
	dist, _, err := tables.Read(committed.Path(t, "upperface_distribution"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := distributionOf(dist, "HTM"); !slices.Equal(got, seed004HTM) {
		t.Errorf("HTM distribution %v, seed 004: %v", got, seed004HTM)
	}
}

// TestCommittedUpperfaceDistribution: the distribution computed from the
// committed positions (every distance known, in each metric) is the
// committed distribution, row by row: the counting (meet.Bounds.Levels)
// reproduces what the full runs wrote.
func TestCommittedUpperfaceDistribution(t *testing.T) {
	dir := committed.Dir(t)
	found, err := loadUpperface(dir)
	if err != nil {
		t.Fatal(err)
	}
	metrics := MetricList{cube.HTM, cube.QTM, cube.STM}
	for _, m := range metrics {
		if r := found[m]; r == nil || r.Unresolved() != 0 {
			t.Fatalf("%v: the committed positions are not all known", m)
		}
	}
	want, _, err := tables.Read(filepath.Join(dir, "upperface_distribution"+tables.Extension))
	if err != nil {
		t.Fatal(err)
	}
	got := upperfaceDistribution(metrics, found)
	if !reflect.DeepEqual(got.Rows, want.Rows) {
		t.Errorf("the distribution from the committed positions differs from the committed one:\n%v\n%v", got.Rows, want.Rows)
	}
}
