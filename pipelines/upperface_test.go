package pipelines

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
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

func tablesByName(ts []*tables.Table) map[string]*tables.Table {
	m := map[string]*tables.Table{}
	for _, t := range ts {
		m[t.Name] = t
	}
	return m
}

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

// TestUpperfaceStage runs the stage on a reduced instance, a small stored
// side and probe budget: HTM exhaustive through 12 and QTM and STM less, the
// rest bounded, and checks its tables.
func TestUpperfaceStage(t *testing.T) {
	env := &Env{Workers: 2, MemBudget: 512 << 20, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Stderr: io.Discard,
		Options: map[string]string{"upperface-budget": "3e6"}, CheckpointDir: t.TempDir()}
	// A damaged checkpoint is ignored, not trusted.
	if err := os.WriteFile(filepath.Join(env.CheckpointDir, "upperface-HTM.gob"), []byte("not a checkpoint"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runUpperface(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(env.CheckpointDir); len(left) != 0 {
		t.Errorf("checkpoints left after the stage: %v", left)
	}
	tables := tablesByName(out.Tables)
	checkPositions(t, tables["upperface_positions"])
	dist := tables["upperface_distribution"]
	for _, m := range []string{"HTM", "QTM", "STM"} {
		positions, last := distributionOf(dist, m)
		if last[dist.Index("cumulative")] != int64(upperface.NPositions) || last[dist.Index("cumulative_possible")] != int64(upperface.NPositions) {
			t.Errorf("%s: the last row %v does not hold every position", m, last)
		}
		if m == "HTM" && !slices.Equal(positions[:13], seed004HTM[:13]) {
			t.Errorf("HTM positions through 12: %v, seed 004: %v", positions[:13], seed004HTM[:13])
		}
	}
	if out.Params["HTM.exhaustive_depth"] != "12" || out.Params["HTM.unresolved"] == "0" {
		t.Errorf("HTM: exhaustive through %s, %s unresolved; want 12 and some", out.Params["HTM.exhaustive_depth"], out.Params["HTM.unresolved"])
	}
	cases := tables["upperface_cases"]
	for _, row := range cases.Rows {
		if row[cases.Index("cases")] != row[cases.Index("cases_burnside")] {
			t.Errorf("cases %v: the two counts differ", row)
		}
	}
	if got := cases.Rows[0][cases.Index("cases")]; got != int64(upperface.NPositions/4) {
		t.Errorf("AUF cases = %v, want 62208/4: a U turn after never fixes a position", got)
	}
}

func TestUpperfaceOptions(t *testing.T) {
	for _, tc := range []struct{ key, value, want string }{
		{"upperface-budget", "lots", `"lots"`},
		{"upperface-budget", "0", `"0"`},
		{"upperface-metrics", "HTM,XTM", `"XTM"`},
	} {
		env := &Env{Options: map[string]string{tc.key: tc.value}}
		if _, _, err := upperfaceOptions(env); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s=%s: error %v, want one naming %s", tc.key, tc.value, err, tc.want)
		}
	}
	env := &Env{Options: map[string]string{"upperface-metrics": "stm, htm,STM"}}
	if ms, _, err := upperfaceOptions(env); err != nil || metricNames(ms) != "STM,HTM" {
		t.Errorf("metrics stm, htm,STM: %v %v", ms, err)
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
