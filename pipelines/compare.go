package pipelines

import (
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cubecensus/cubecensus/tables"
)

// ErrDiffers is wrapped by Compare's error when a run's tables contradict
// the published ones.
var ErrDiffers = errors.New("differs from the published table")

// Compared is what Compare found of one table.
type Compared struct {
	Table string
	// Rows is how many of the run's rows were compared with a published
	// row; Unpublished how many the published table lacks (a larger random
	// sample, say: not compared), Uncomputed how many published rows the
	// run did not compute.
	Rows, Unpublished, Uncomputed int
	// Skipped, if set, says why the table was not compared.
	Skipped string
}

// Compare checks the tables a run wrote in dir against the published ones
// in pub, row by row (rows matched by their key, see tableRules): every
// figure the run has exactly must equal the published one, and every
// published figure must lie within the bounds the run has, so that a run
// of smaller budgets (make run's) confirms the published dataset as far as
// it goes and never contradicts it. What each column says (an exact value,
// a bound, nothing where a depth was not exhaustive, a run's measurement)
// follows invariants.go's naming rules. Its error wraps ErrDiffers and
// names the table, row and column of every difference (the first 20).
func Compare(dir, pub string) ([]Compared, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*"+tables.Extension))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%w: %s holds no tables", ErrOption, dir)
	}
	var out []Compared
	var diffs []string
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), tables.Extension)
		c := Compared{Table: name}
		pubPath := filepath.Join(pub, name+tables.Extension)
		rules, known := published[name]
		if _, err := os.Stat(pubPath); !known || err != nil {
			c.Skipped = "not a published table"
			out = append(out, c)
			continue
		}
		got, _, err := tables.Read(path)
		if err != nil {
			return out, err
		}
		want, _, err := tables.Read(pubPath)
		if err != nil {
			return out, err
		}
		d := compareTable(got, want, rules, &c)
		diffs = append(diffs, d...)
		out = append(out, c)
	}
	if len(diffs) > 0 {
		shown := diffs[:min(len(diffs), 20)]
		return out, fmt.Errorf("%w: %d difference(s): %s", ErrDiffers, len(diffs), strings.Join(shown, "; "))
	}
	return out, nil
}

// compareTable compares a run's table with the published one.
func compareTable(got, want *tables.Table, rules tableRules, c *Compared) []string {
	if !slices.Equal(columnSignature(got), columnSignature(want)) {
		return []string{fmt.Sprintf("%s: columns %v, published %v", got.Name, columnSignature(got), columnSignature(want))}
	}
	wantRows := map[string]int{}
	for r := range want.Rows {
		wantRows[rowKey(want, rules, r)] = r
	}
	beyond := beyondDistribution(want, rules)
	figures := figuresOf(got, rules)
	var diffs []string
	compared, matched := 0, 0
	for r, row := range got.Rows {
		key := rowKey(got, rules, r)
		var wrow []any
		if w, ok := wantRows[key]; ok {
			wrow = want.Rows[w]
			matched++
		} else if wrow = beyond(row); wrow == nil {
			c.Unpublished++
			continue
		}
		compared++
		if s := rules.sample; s != "" && fmt.Sprint(row[got.Index(s)]) != fmt.Sprint(wrow[got.Index(s)]) {
			continue // samples of different sizes: different figures
		}
		for _, f := range figures {
			if msg := f.contradicts(row, wrow); msg != "" {
				diffs = append(diffs, fmt.Sprintf("%s, row %s, column %s: %s", got.Name, key, got.Columns[f.column].Name, msg))
			}
		}
	}
	c.Rows, c.Uncomputed = compared, len(want.Rows)-matched
	return diffs
}

// beyondDistribution returns, for a distribution by depth (a table with
// cumulative and exhaustive), what the published table says of a depth
// beyond its last, where that last depth is exhaustive and holds every
// position: nothing more at that depth, every position within it. A run
// that proved less has rows out there (its upper bounds reach further),
// whose bounds must hold that. For other rows, and other tables, it
// returns nil: the published table says nothing.
func beyondDistribution(want *tables.Table, rules tableRules) func(row []any) []any {
	cum, pos, ex := want.Index("cumulative"), want.Index("cumulative_possible"), want.Index("exhaustive")
	if cum < 0 || pos < 0 || ex < 0 {
		return func([]any) []any { return nil }
	}
	last := map[string][]any{} // each group's last row
	for _, row := range want.Rows {
		last[groupKey(want, row, rules.byDepth())] = row
	}
	return func(row []any) []any {
		l := last[groupKey(want, row, rules.byDepth())]
		if l == nil || l[ex] != true || l[cum] != l[pos] {
			return nil
		}
		out := make([]any, len(row))
		for i, col := range want.Columns {
			switch {
			case slices.Contains(rules.key, col.Name):
				out[i] = row[i]
			case i == cum || i == pos:
				out[i] = l[cum]
			case i == ex:
				out[i] = true
			case col.Kind == tables.Int64:
				out[i] = int64(0)
			}
		}
		return out
	}
}

// columnSignature is a table's column names and kinds.
func columnSignature(t *tables.Table) []string {
	var out []string
	for _, c := range t.Columns {
		out = append(out, c.Name+":"+c.Kind.String())
	}
	return out
}

// figure is what a row says of one quantity: a column's value, or the
// bounds its companion columns give (see figuresOf).
type figure struct {
	column int
	// lower, upper: columns bounding the value where it is not known
	// (-1: none; for an at-least column, lower is itself).
	lower, upper int
	// when: a bool column that must be true for the value to be known
	// (a distribution's exhaustive, a level's exact); -1: always known.
	when    int
	atLeast bool
	// other: not an integer (text, a flag, a float): known where set,
	// compared for equality.
	other bool
}

// figuresOf lists the figures of a table's columns (invariants.go's
// naming rules): a distance with its bounds, a distribution's cumulative
// with cumulative_possible, counts known where the row is exhaustive or
// exact, at-least columns as lower bounds, and every other column that is
// not a key, a bound or a measurement as an exact value.
func figuresOf(t *tables.Table, rules tableRules) []figure {
	used := map[int]bool{}
	for _, k := range rules.key {
		used[t.Index(k)] = true
	}
	var out []figure
	for _, b := range boundColumns(t) {
		used[b.lower], used[b.upper] = true, true
		if b.distance >= 0 {
			used[b.distance] = true
			out = append(out, figure{column: b.distance, lower: b.lower, upper: b.upper, when: -1})
		}
	}
	when := -1
	for _, flag := range []string{"exhaustive", "exact"} {
		if i := t.Index(flag); i >= 0 && t.Columns[i].Kind == tables.Bool {
			when, used[i] = i, true
		}
	}
	if c, p := t.Index("cumulative"), t.Index("cumulative_possible"); c >= 0 && p >= 0 {
		used[c], used[p] = true, true
		out = append(out, figure{column: c, lower: c, upper: p, when: -1})
	}
	for i, col := range t.Columns {
		if used[i] || measured(col.Name) {
			continue
		}
		f := figure{column: i, lower: -1, upper: -1, when: -1}
		switch {
		case strings.HasSuffix(col.Name, "_at_least"):
			f.lower, f.atLeast = i, true
		case col.Kind == tables.Int64 || col.Kind == tables.BigInt || col.Kind == tables.Uint64:
			f.when = when
		default:
			f.other = true
		}
		out = append(out, f)
	}
	return out
}

// interval is what a row says of a figure's value: exactly v (lo == hi),
// or within [lo, hi] (nil: unbounded); known is false where it says
// nothing.
func (f figure) interval(row []any) (lo, hi *big.Int, known bool) {
	if f.when >= 0 && row[f.when] != true {
		return nil, nil, false
	}
	if f.atLeast {
		return bigCell(row, f.lower), nil, true
	}
	if v := bigCell(row, f.column); v != nil && f.column != f.lower {
		return v, v, true
	}
	if f.lower < 0 {
		return nil, nil, false
	}
	return bigCell(row, f.lower), bigCell(row, f.upper), true
}

// contradicts says how the run's row and the published row disagree on
// the figure ("" if they do not): exact values differ, or the intervals
// they give do not meet.
func (f figure) contradicts(got, want []any) string {
	if f.other {
		g, w := got[f.column], want[f.column]
		if g != nil && w != nil && fmt.Sprint(g) != fmt.Sprint(w) {
			return fmt.Sprintf("%v, published %v", g, w)
		}
		return ""
	}
	glo, ghi, gok := f.interval(got)
	wlo, whi, wok := f.interval(want)
	if !gok || !wok {
		return ""
	}
	lo, hi := glo, ghi
	if lo == nil || wlo != nil && wlo.Cmp(lo) > 0 {
		lo = wlo
	}
	if hi == nil || whi != nil && whi.Cmp(hi) < 0 {
		hi = whi
	}
	if lo != nil && hi != nil && lo.Cmp(hi) > 0 {
		return fmt.Sprintf("%s, published %s", describe(glo, ghi), describe(wlo, whi))
	}
	return ""
}

// describe writes an interval: a value, or its bounds.
func describe(lo, hi *big.Int) string {
	switch {
	case lo != nil && hi != nil && lo.Cmp(hi) == 0:
		return lo.String()
	case hi == nil:
		return fmt.Sprintf("at least %v", lo)
	case lo == nil:
		return fmt.Sprintf("at most %v", hi)
	}
	return fmt.Sprintf("between %v and %v", lo, hi)
}
