package pipelines

import (
	"errors"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/tables"
)

// TestEveryTableHasRules: each table a stage publishes has its rules, so
// CheckTable and Compare know its key.
func TestEveryTableHasRules(t *testing.T) {
	for _, s := range Stages() {
		for _, name := range s.Tables {
			if _, ok := published[name]; !ok {
				t.Errorf("stage %s's table %s has no rules in published", s.Name, name)
			}
		}
	}
}

// committedTable reads a committed table from results/.
func committedTable(t *testing.T, name string) *tables.Table {
	t.Helper()
	tab, _, err := tables.Read(committed.Path(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestCheckTable: every committed table keeps its invariants, and each
// kind of damage to one (as a damaged checkpoint once wrote) is named by
// table, row and column.
func TestCheckTable(t *testing.T) {
	for name := range published {
		if err := CheckTable(committedTable(t, name)); err != nil {
			t.Errorf("committed %s: %v", name, err)
		}
	}
	cases := []struct {
		table, column string
		row           int
		value         any
		want          string
	}{
		{"upperface_positions", "htm_lower", 100, int64(-47), "htm_lower: -47 < 0"},
		{"upperface_positions", "htm_lower", 100, int64(61), "htm_lower: 61 above the upper bound"},
		{"upperface_positions", "qtm_distance", 100, int64(30), "qtm_distance: 30 above the upper bound"},
		{"upperface_distribution", "positions", 6, int64(15), "column cumulative: 20 (possible 20) at an exhaustive depth, where the positions to it add up to 19"},
		{"upperface_distribution", "cumulative", 5, int64(1), "cumulative: 1, less than the row before's"},
		{"upperface_distribution", "exhaustive", 0, false, "exhaustive: true after a depth that is not"},
		{"centers_states", "state", 7, int64(8), "column state: the same key as row"},
		{"centers_classes", "size", 3, int64(1000), "size: adds up to"},
		{"h_distance", "moves_in_s", 3, int64(1), "moves_in_s: adds up to"},
		{"h_distance", "within_in_s_at_least", 18, int64(0), "within_in_s_at_least: 0, less than"},
		{"coset_distance", "cosets", 2, int64(5), "cosets: adds up to"},
		{"random_distribution", "cubes", 0, int64(3), "cubes: adds up to"},
	}
	for _, c := range cases {
		tab := committedTable(t, c.table)
		col := tab.Index(c.column)
		if col < 0 {
			t.Fatalf("%s has no column %s", c.table, c.column)
		}
		tab.Rows[c.row][col] = c.value
		err := CheckTable(tab)
		if !errors.Is(err, ErrInvariant) || !strings.Contains(err.Error(), c.table+", row ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s row %d %s = %v: %v, want an error with %q", c.table, c.row, c.column, c.value, err, c.want)
		}
	}
}
