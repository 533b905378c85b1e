package pipelines

import (
	"errors"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/tables"
)

// TestCompare: the published tables agree with themselves; a run that
// knows less (a distance only bounded, a depth not exhaustive, a smaller
// random sample) agrees with them; a figure that contradicts them, exactly
// or by its bounds, or a row they lack, is named by table, row and column.
func TestCompare(t *testing.T) {
	pub := committed.Dir(t)
	if _, err := Compare(pub, pub); err != nil {
		t.Fatalf("the published tables against themselves: %v", err)
	}
	type edit struct {
		row    int
		column string
		value  any
	}
	cases := []struct {
		name  string
		table string
		edits []edit
		want  string // "" for no difference
	}{
		{"bounded instead of exact", "upperface_positions", []edit{{100, "htm_distance", nil}, {100, "htm_lower", int64(2)}, {100, "htm_upper", int64(30)}}, ""},
		{"a depth not exhaustive", "centers_distribution", []edit{{10, "exhaustive", false}, {10, "states", int64(0)}}, ""},
		{"a smaller sample", "random_distribution", []edit{{0, "sample", int64(5)}, {0, "cubes", int64(2)}}, ""},
		{"an exact count differs", "canonical_sequences", []edit{{3, "canonical_sequences", big.NewInt(7)}}, "canonical_sequences, row metric=HTM move_set=S depth=3, column canonical_sequences: 7, published"},
		{"bounds that exclude the published distance", "upperface_positions", []edit{{100, "qtm_distance", nil}, {100, "qtm_lower", int64(25)}, {100, "qtm_upper", int64(30)}}, "column qtm_distance: between 25 and 30, published"},
		{"cumulative beyond the possible", "upperface_distribution", []edit{{8, "exhaustive", false}, {8, "cumulative_possible", int64(3)}, {8, "cumulative", int64(2)}}, "column cumulative: between 2 and 3, published"},
		{"text differs", "centers_classes", []edit{{5, "notation", "x"}}, "centers_classes, row class=5, column notation: x, published"},
		{"a depth beyond the published maximum", "upperface_distribution", []edit{{-1, "depth", int64(30)}, {-1, "positions", int64(3)}}, "row metric=HTM depth=30, column positions: 3, published 0"},
		{"a witness differs", "symmetry_types_mc2", []edit{{5, "witness_facelets", "x"}}, ""},
		{"a measurement differs", "random_cubes", []edit{{0, "seconds", 99.0}, {0, "maneuver", "R"}}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tab := committedTable(t, c.table)
			tab.Rows = append(tab.Rows, slices.Clone(tab.Rows[0])) // row -1: a copy of the first
			for _, e := range c.edits {
				if e.row < 0 {
					e.row = len(tab.Rows) - 1
				}
				tab.Rows[e.row][tab.Index(e.column)] = e.value
			}
			if c.edits[0].row >= 0 {
				tab.Rows = tab.Rows[:len(tab.Rows)-1]
			}
			dir := t.TempDir()
			if _, err := tables.Write(dir, tab, tables.NewProvenance("test", 1)); err != nil {
				t.Fatal(err)
			}
			_, err := Compare(dir, pub)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("%v, want no difference", err)
			case c.want != "" && (!errors.Is(err, ErrDiffers) || !strings.Contains(err.Error(), c.want)):
				t.Errorf("%v, want a difference with %q", err, c.want)
			}
		})
	}
}
