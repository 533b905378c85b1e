package pipelines

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/centers"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/meet"
	"github.com/cubecensus/cubecensus/tables"
)

// checkCentersTables reads the three tables as a user would: every maneuver,
// parsed from its text and applied to the supercube model, solves the
// cubies and gives its row's state with its row's length; rows are in state
// order with twists and notation that agree; bounds are ordered; classes
// hold 2048 states and agree with their members; each metric's
// distribution adds up to 2048 and agrees with the states.
func checkCentersTables(t *testing.T, tabs map[string]*tables.Table) {
	t.Helper()
	states, classes, dist := tabs["centers_states"], tabs["centers_classes"], tabs["centers_distribution"]
	if len(states.Rows) != centers.NStates || len(classes.Rows) != len(centers.Classes()) {
		t.Fatalf("%d states and %d classes, want %d and %d", len(states.Rows), len(classes.Rows), centers.NStates, len(centers.Classes()))
	}
	col := func(tab *tables.Table, row []any, name string) any {
		i := tab.Index(name)
		if i < 0 {
			t.Fatalf("%s: no column %s", tab.Name, name)
		}
		return row[i]
	}
	checkMetrics := func(tab *tables.Table, row []any, s centers.State) {
		for _, m := range cube.Metrics {
			p := []string{"htm", "qtm", "stm"}[m]
			lower, upper, d := col(tab, row, p+"_lower"), col(tab, row, p+"_upper"), col(tab, row, p+"_distance")
			if lower == nil {
				continue // not searched
			}
			if upper == nil {
				if d != nil {
					t.Errorf("%s %v: a %s distance without a maneuver", tab.Name, s, m)
				}
				continue
			}
			if lower.(int64) > upper.(int64) || (d != nil) != (lower == upper) {
				t.Errorf("%s %v: %s bounds %v..%v with distance %v", tab.Name, s, m, lower, upper, d)
			}
			text := col(tab, row, p+"_maneuver").(string)
			if err := checkCenterManeuver(text, s, m, int(upper.(int64))); err != nil {
				t.Error(err)
			}
		}
	}
	perMetric := map[string][]int64{}
	for i, row := range states.Rows {
		s := centers.States[i]
		if col(states, row, "state") != int64(s) || col(states, row, "notation") != s.String() || col(states, row, "class") != int64(s.Class()) {
			t.Fatalf("row %d: state %v %v class %v, want %d %v %d", i, col(states, row, "state"), col(states, row, "notation"), col(states, row, "class"), s, s, s.Class())
		}
		for f, name := range []string{"u", "r", "f", "d", "l", "b"} {
			if col(states, row, name) != int64(s.Twists()[f]) {
				t.Fatalf("%v: %s twist %v", s, name, col(states, row, name))
			}
		}
		checkMetrics(states, row, s)
		for _, m := range []string{"htm", "qtm", "stm"} {
			if d, ok := col(states, row, m+"_distance").(int64); ok {
				for int64(len(perMetric[m])) <= d {
					perMetric[m] = append(perMetric[m], 0)
				}
				perMetric[m][d]++
			}
		}
	}
	total := int64(0)
	for _, row := range classes.Rows {
		c := centers.Classes()[col(classes, row, "class").(int64)]
		total += col(classes, row, "size").(int64)
		if col(classes, row, "representative") != int64(c.Rep) || col(classes, row, "size") != int64(len(c.Members)) {
			t.Errorf("class %d: representative %v size %v", c.ID, col(classes, row, "representative"), col(classes, row, "size"))
		}
		checkMetrics(classes, row, c.Rep)
		for _, m := range []string{"htm", "qtm", "stm"} {
			for _, s := range c.Members {
				if got, want := col(states, states.Rows[s.Index()], m+"_distance"), col(classes, row, m+"_distance"); got != want {
					t.Errorf("class %d: %s distance %v, its member %v has %v", c.ID, m, want, s, got)
				}
			}
		}
	}
	if total != centers.NStates {
		t.Errorf("classes hold %d states", total)
	}
	byMetric := map[string][]int64{}
	last := map[string][]any{}
	for _, row := range dist.Rows {
		m := col(dist, row, "metric").(string)
		byMetric[m] = append(byMetric[m], col(dist, row, "states").(int64))
		last[m] = row
	}
	for m, counts := range byMetric {
		p := map[string]string{"HTM": "htm", "QTM": "qtm", "STM": "stm"}[m]
		for d, n := range counts {
			if d < len(perMetric[p]) && perMetric[p][d] != n || d >= len(perMetric[p]) && n != 0 {
				t.Errorf("%s depth %d: %d states in the distribution, the states table says otherwise", m, d, n)
			}
		}
		if col(dist, last[m], "cumulative_possible") != int64(centers.NStates) {
			t.Errorf("%s: the last row %v does not hold every state", m, last[m])
		}
	}
}

// centersTestBudget keeps the tests' stored sides small (tens of megabytes)
// beside the stage's reserve.
const centersTestBudget = 320 << 20

// TestCentersStage runs the stage through Run on a reduced instance (a small
// probe budget, so small stored sides): HTM exact through 13 (k = 6, what
// 3e6 probes are worth), the rest bounded.
func TestCentersStage(t *testing.T) {
	env := testEnv(centersTestBudget)
	env.Options.CentersBudget = MetricProbes{3e6, 3e6, 3e6}
	out := t.TempDir()
	if _, err := Run(context.Background(), centersStage, env, out); err != nil {
		t.Fatal(err)
	}
	tabs, prov := readTables(t, out, centersStage.Tables)
	checkCentersTables(t, tabs)
	if prov.Params["HTM.exhaustive_depth"] != "13" || prov.Params["HTM.unresolved"] == "0" {
		t.Errorf("HTM: exhaustive through %s, %s unresolved; want 13 and some", prov.Params["HTM.exhaustive_depth"], prov.Params["HTM.unresolved"])
	}
}

// A run continued from another's tables keeps what they prove, searches on
// from the depth after their exhaustive one, and says so in its provenance.
func TestCentersContinue(t *testing.T) {
	env := testEnv(centersTestBudget)
	env.Options.CentersBudget = MetricProbes{1e6, 1e6, 1e6}
	first := t.TempDir()
	if _, err := Run(context.Background(), centersStage, env, first); err != nil {
		t.Fatal(err)
	}
	firstTabs, firstProv := readTables(t, first, centersStage.Tables)
	env.Options.CentersBudget = MetricProbes{3e6, 3e6, 3e6}
	env.Options.CentersContinue = Folder(first)
	second := t.TempDir()
	if _, err := Run(context.Background(), centersStage, env, second); err != nil {
		t.Fatal(err)
	}
	tabs, prov := readTables(t, second, centersStage.Tables)
	checkCentersTables(t, tabs)
	before, after := firstTabs["centers_states"], tabs["centers_states"]
	for i, row := range before.Rows {
		for _, m := range []string{"htm", "qtm", "stm"} {
			if d := cell(before, row, m+"_distance"); d != nil && cell(after, after.Rows[i], m+"_distance") != d {
				t.Fatalf("state %v: %s distance %v before, %v continued", row[0], m, d, cell(after, after.Rows[i], m+"_distance"))
			}
		}
	}
	for _, m := range cube.Metrics {
		was, _ := strconv.Atoi(firstProv.Params[m.String()+".exhaustive_depth"])
		now, _ := strconv.Atoi(prov.Params[m.String()+".exhaustive_depth"])
		if now < was || m == cube.HTM && now == was || prov.Params[m.String()+".continued"] == "" || prov.Params[fmt.Sprintf("%s.depth%02d", m, was)] != firstProv.Params[fmt.Sprintf("%s.depth%02d", m, was)] {
			t.Errorf("%s: exhaustive through %d, continued through %d (%q), or its depth %d lost its figures", m, was, now, prov.Params[m.String()+".continued"], was)
		}
	}
	// A run of one metric carries the others over: their distances and
	// lower bounds unchanged, their upper bounds recomputed from the
	// relations known, never worse.
	env.Options.CentersMetrics, env.Options.CentersContinue = MetricList{cube.HTM}, Folder(second)
	third := t.TempDir()
	if _, err := Run(context.Background(), centersStage, env, third); err != nil {
		t.Fatal(err)
	}
	carried, _ := readTables(t, third, centersStage.Tables)
	checkCentersTables(t, carried)
	now := carried["centers_states"]
	for i, row := range after.Rows {
		for _, m := range []string{"qtm", "stm"} {
			for _, c := range []string{"_distance", "_lower"} {
				if cell(after, row, m+c) != cell(now, now.Rows[i], m+c) {
					t.Fatalf("state %v: %s%s %v, carried over as %v", row[0], m, c, cell(after, row, m+c), cell(now, now.Rows[i], m+c))
				}
			}
			was, _ := cell(after, row, m+"_upper").(int64)
			if is, ok := cell(now, now.Rows[i], m+"_upper").(int64); was > 0 && (!ok || is > was) {
				t.Fatalf("state %v: %s_upper %d, carried over as %v", row[0], m, was, cell(now, now.Rows[i], m+"_upper"))
			}
		}
	}
	// A metric the tables did not search starts from depth 1, the others
	// carried: how runs of one metric each are put together.
	env.Options.CentersContinue = ""
	htmOnly := t.TempDir()
	if _, err := Run(context.Background(), centersStage, env, htmOnly); err != nil {
		t.Fatal(err)
	}
	env.Options.CentersMetrics, env.Options.CentersContinue = MetricList{cube.STM}, Folder(htmOnly)
	both := t.TempDir()
	if _, err := Run(context.Background(), centersStage, env, both); err != nil {
		t.Fatal(err)
	}
	_, bothProv := readTables(t, both, centersStage.Tables)
	if d, _ := strconv.Atoi(bothProv.Params["STM.exhaustive_depth"]); d < 5 || bothProv.Params["STM.continued"] != "" || bothProv.Params["HTM.carried"] == "" || bothProv.Params["QTM.exhaustive_depth"] != "" {
		t.Errorf("STM searched afresh beside HTM carried: STM exhaustive through %s (%q), HTM carried %q, QTM %q",
			bothProv.Params["STM.exhaustive_depth"], bothProv.Params["STM.continued"], bothProv.Params["HTM.carried"], bothProv.Params["QTM.exhaustive_depth"])
	}
}

// A run continued from tables, stopped and resumed from its checkpoint,
// still gives the figures of the depths those tables searched.
func TestCentersResumeKeepsFigures(t *testing.T) {
	base := t.TempDir()
	env := testEnv(centersTestBudget)
	env.Options.CentersMetrics, env.Options.CentersBudget = MetricList{cube.HTM}, MetricProbes{1e6, 0, 0}
	first := filepath.Join(base, "first")
	if _, err := Run(context.Background(), centersStage, env, first); err != nil {
		t.Fatal(err)
	}
	_, firstProv := readTables(t, first, centersStage.Tables)
	env.Options.CentersBudget, env.Options.CentersContinue = MetricProbes{1e7, 0, 0}, Folder(first)
	env.CheckpointDir = filepath.Join(base, "ckpt")
	t.Setenv("CUBECENSUS_CACHE", filepath.Join(base, "cache"))
	var logs strings.Builder
	env.Log = slog.New(slog.NewTextHandler(&logs, nil))
	ctx, cancel := context.WithCancel(context.Background())
	orig := centersCheckpoints
	defer func() { centersCheckpoints = orig }()
	centersCheckpoints.encode = func(c *meet.Checkpoint, w io.Writer) error {
		if !c.Done {
			cancel()
		}
		return orig.encode(c, w)
	}
	if _, err := Run(ctx, centersStage, env, filepath.Join(base, "stopped")); err == nil {
		t.Fatal("the run went on after its context was cancelled")
	}
	centersCheckpoints = orig
	resumed := filepath.Join(base, "resumed")
	if _, err := Run(context.Background(), centersStage, env, resumed); err != nil {
		t.Fatal(err)
	}
	_, prov := readTables(t, resumed, centersStage.Tables)
	was, _ := strconv.Atoi(firstProv.Params["HTM.exhaustive_depth"])
	key := fmt.Sprintf("HTM.depth%02d", was)
	if prov.Params["HTM.resumed"] == "" || prov.Params["HTM.continued"] == "" || prov.Params[key] == "" || prov.Params[key] != firstProv.Params[key] {
		t.Fatalf("resumed: %q, continued: %q, %s %q (the first run's %q)", prov.Params["HTM.resumed"], prov.Params["HTM.continued"], key, prov.Params[key], firstProv.Params[key])
	}
	// A run continued from the resumed run's tables keeps their depths'
	// figures, not the note that they were resumed.
	env.CheckpointDir, env.Options.CentersContinue = "", Folder(resumed)
	again := filepath.Join(base, "again")
	if _, err := Run(context.Background(), centersStage, env, again); err != nil {
		t.Fatal(err)
	}
	_, againProv := readTables(t, again, centersStage.Tables)
	if againProv.Params["HTM.resumed"] != "" || againProv.Params[key] != firstProv.Params[key] {
		t.Errorf("continued from a resumed run's tables: resumed %q, %s %q", againProv.Params["HTM.resumed"], key, againProv.Params[key])
	}
	// The stopped run kept its stored side in the table cache, and the
	// resumed one read it back instead of building it.
	kept, read := strings.Index(logs.String(), "stored side kept"), strings.Index(logs.String(), "stored side read from the table cache")
	if kept < 0 || read < kept {
		t.Errorf("the stored side was not kept, then read back:\n%s", logs.String())
	}
}

// TestCommittedCenters checks the committed results: every maneuver
// re-applied on the supercube model, and seed 000's facts where the tables
// prove a distance: each class's HTM and STM distance equals the length
// seed 000 prints for it.
func TestCommittedCenters(t *testing.T) {
	tabs := map[string]*tables.Table{}
	for _, name := range centersStage.Tables {
		tab, _, err := tables.Read(committed.Path(t, name))
		if err != nil {
			t.Fatal(err)
		}
		tabs[name] = tab
	}
	checkCentersTables(t, tabs)
	classes := tabs["centers_classes"]
	for _, row := range classes.Rows {
		for _, m := range []string{"htm", "stm"} {
			d, seed := row[classes.Index(m+"_distance")], row[classes.Index("seed000_"+m)]
			if d != nil && seed != nil && d != seed {
				t.Errorf("class %v (%v): %s distance %v, seed 000 prints %v", row[0], row[2], m, d, seed)
			}
		}
	}
}

// A checkpoint of this build keeps its stored depth when the run resuming
// it has another probe budget (which would choose another), and where it
// does not fit the memory budget the budget's choice stands.
func TestCentersCheckpointKeepsStoredDepth(t *testing.T) {
	env := testEnv(centersTestBudget)
	env.stage, env.CheckpointDir = "centers", t.TempDir()
	env.Options.CentersBudget = MetricProbes{1e6, 0, 0}
	chosen, err := storedDepthCenters(env, cube.HTM)
	if err != nil {
		t.Fatal(err)
	}
	_, save, err := centersCheckpoints.use(env, cube.HTM.String(), searchSettings{meet.Config{Metric: cube.HTM}, ""})
	if err != nil {
		t.Fatal(err)
	}
	deepestFitting, err := centers.ChooseStoredDepth(cube.HTM, env.MemBudget-centersReserve, math.MaxInt64)
	if err != nil {
		t.Fatal(err)
	}
	var c *meet.Checkpoint // a search's, of another stored depth
	if _, err := centers.Search(context.Background(), centers.Config{Config: meet.Config{Metric: cube.HTM, StoredDepth: chosen - 1, Budget: 1e4,
		Checkpoint: func(saved *meet.Checkpoint) error { c = saved; return nil }}}); err != nil || c == nil {
		t.Fatalf("the search saved no checkpoint (%v)", err)
	}
	for _, tc := range []struct{ kept, want int }{{chosen - 1, chosen - 1}, {deepestFitting + 1, chosen}} {
		c.StoredDepth = tc.kept
		if err := save(c); err != nil {
			t.Fatal(err)
		}
		if k, err := storedDepthCenters(env, cube.HTM); err != nil || k != tc.want {
			t.Errorf("a checkpoint of stored depth %d: the run chose %d (%v), want %d", tc.kept, k, err, tc.want)
		}
	}
}
