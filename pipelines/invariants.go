package pipelines

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/cubecensus/cubecensus/centers"
	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cosets"
	"github.com/cubecensus/cubecensus/tables"
	"github.com/cubecensus/cubecensus/upperface"
)

// ErrInvariant is wrapped by the errors of CheckTable: a table that breaks
// what must hold of it (a stage's bug, or a damaged input it resumed
// from), which is never written.
var ErrInvariant = errors.New("a table breaks an invariant")

// What must hold of every published table, and how its figures are read
// (CheckTable here, Compare in compare.go), is said by the columns' names,
// the same in every stage, and by tableRules for what names cannot say:
//
//   - X_lower, X_upper (and X_distance): proven bounds of a distance X:
//     0 <= lower <= distance <= upper where set.
//   - cumulative, cumulative_possible in a table with exhaustive: a
//     distribution by depth: both non-decreasing, cumulative <=
//     cumulative_possible, the exhaustive depths a prefix, and at an
//     exhaustive depth cumulative = cumulative_possible = the sum of the
//     counts to it.
//   - ..._at_least: a lower bound that grows with depth: non-decreasing.
//   - measured columns (seconds, nodes, probes, maneuvers, witnesses): what
//     one run found or took, not a figure of the cube (see measured).

// tableRules is what a published table's column names do not say.
type tableRules struct {
	// key are the columns that name a row: no two rows share them.
	key []string
	// sums are counts that add up to a known size.
	sums []sumRule
	// sample, if set, is the column holding the size of the sample a row
	// comes from: rows of samples of different sizes are not compared.
	sample string
}

// sumRule says that column adds up to total over each group of rows sharing
// the values of by; total is a number, or the name of a column holding it.
type sumRule struct {
	column string
	by     []string
	total  any // int64 or string
}

// published holds the rules of every table a stage writes
// (TestEveryTableHasRules keeps it complete).
var published = map[string]tableRules{
	"canonical_sequences":    {key: []string{"metric", "move_set", "depth"}},
	"canonical_prepass":      {key: []string{"n", "m"}},
	"symmetry_types_m":       {key: []string{"name"}},
	"symmetry_types_mc2":     {key: []string{"kind", "h1", "h2"}},
	"symmetry_totals":        {key: []string{"group"}},
	"upperface_positions":    {key: []string{"un"}, sums: []sumRule{{column: "", total: int64(upperface.NPositions)}}},
	"upperface_cases":        {key: []string{"kind"}},
	"upperface_distribution": {key: []string{"metric", "depth"}, sums: []sumRule{{column: "positions", by: []string{"metric"}, total: int64(upperface.NPositions)}}},
	"centers_states":         {key: []string{"state"}, sums: []sumRule{{column: "", total: int64(centers.NStates)}}},
	"centers_classes":        {key: []string{"class"}, sums: []sumRule{{column: "size", total: int64(centers.NStates)}}},
	"centers_distribution":   {key: []string{"metric", "depth"}, sums: []sumRule{{column: "states", by: []string{"metric"}, total: int64(centers.NStates)}}},
	"h_distance": {key: []string{"depth"}, sums: []sumRule{
		{column: "moves_in_s", total: int64(cosets.HSize)},
		{column: "moves_in_a", total: int64(cosets.HSize)},
		{column: "moves_in_qtm", total: int64(cosets.HSize)},
		{column: "moves_in_stm", total: int64(cosets.HSize)},
	}},
	"coset_distance":      {key: []string{"metric", "depth"}, sums: []sumRule{{column: "cosets", by: []string{"metric"}, total: int64(coord.NCosets)}}},
	"cosets":              {key: []string{"coset"}},
	"cosets_unsolved":     {key: []string{"coset", "position"}},
	"census_distribution": {key: []string{"metric", "depth"}},
	"census_blocks":       {key: []string{"block", "metric", "depth"}},
	"census_cost":         {key: []string{"metric", "depth", "source"}},
	"coset_levels":        {key: []string{"coset", "depth"}},
	"random_cubes":        {key: []string{"metric", "index"}},
	"random_distribution": {key: []string{"metric", "distance"}, sample: "sample", sums: []sumRule{{column: "cubes", by: []string{"metric"}, total: "sample"}}},
}

// measured says whether a column holds what a run measured or chose
// rather than a figure of the problem: it is not compared between runs.
func measured(name string) bool {
	switch name {
	case "seconds", "nodes", "probes", "left", "maneuver", "representative":
		return true
	}
	return strings.HasSuffix(name, "_seconds") || strings.HasSuffix(name, "_maneuver") || strings.HasPrefix(name, "witness_") || strings.HasPrefix(name, "estimated_")
}

// CheckTable checks what must hold of a table before it is written (see
// above); its error wraps ErrInvariant and names the table, row and
// column. Tables without rules (a shard's) pass.
func CheckTable(t *tables.Table) error {
	rules, ok := published[t.Name]
	if !ok {
		return nil
	}
	fail := func(row int, column, format string, a ...any) error {
		return fmt.Errorf("%w: %s, row %d (%s), column %s: %s", ErrInvariant, t.Name, row, rowKey(t, rules, row), column, fmt.Sprintf(format, a...))
	}
	seen := map[string]int{}
	for r := range t.Rows {
		k := rowKey(t, rules, r)
		if first, dup := seen[k]; dup {
			return fail(r, strings.Join(rules.key, ","), "the same key as row %d", first)
		}
		seen[k] = r
	}
	for _, b := range boundColumns(t) {
		for r, row := range t.Rows {
			lower, upper, exact := intCell(row, b.lower), intCell(row, b.upper), intCell(row, b.distance)
			switch {
			case lower != nil && *lower < 0:
				return fail(r, t.Columns[b.lower].Name, "%d < 0", *lower)
			case lower != nil && upper != nil && *lower > *upper:
				return fail(r, t.Columns[b.lower].Name, "%d above the upper bound %d", *lower, *upper)
			case exact != nil && lower != nil && *exact < *lower:
				return fail(r, t.Columns[b.distance].Name, "%d below the lower bound %d", *exact, *lower)
			case exact != nil && upper != nil && *exact > *upper:
				return fail(r, t.Columns[b.distance].Name, "%d above the upper bound %d", *exact, *upper)
			}
		}
	}
	for _, c := range t.Columns {
		if strings.HasSuffix(c.Name, "_at_least") {
			if err := nonDecreasing(t, rules, c.Name, fail); err != nil {
				return err
			}
		}
	}
	if t.Index("cumulative") >= 0 && t.Index("exhaustive") >= 0 {
		if err := checkDistribution(t, rules, fail); err != nil {
			return err
		}
	}
	for _, s := range rules.sums {
		if err := checkSum(t, rules, s, fail); err != nil {
			return err
		}
	}
	return nil
}

// bound is a distance's columns: X_lower, X_upper and X_distance (-1
// where the table has none).
type bound struct{ lower, upper, distance int }

func boundColumns(t *tables.Table) []bound {
	var out []bound
	for i, c := range t.Columns {
		if x, ok := strings.CutSuffix(c.Name, "_lower"); ok {
			if u := t.Index(x + "_upper"); u >= 0 {
				out = append(out, bound{i, u, t.Index(x + "_distance")})
			}
		}
	}
	return out
}

// groupKey is the values of row's columns named, as one string: rows
// with the same groupKey are of one group.
func groupKey(t *tables.Table, row []any, columns []string) string {
	var k strings.Builder
	for _, name := range columns {
		fmt.Fprint(&k, row[t.Index(name)], "\x00")
	}
	return k.String()
}

// byDepth is the key columns but the last (a distribution's metric): the
// groups a table's depths run in.
func (r tableRules) byDepth() []string { return r.key[:max(0, len(r.key)-1)] }

// groups returns the rows of t in groups sharing rules.byDepth, each in
// the table's order.
func groups(t *tables.Table, rules tableRules) [][]int {
	by := map[string]int{}
	var out [][]int
	for r, row := range t.Rows {
		k := groupKey(t, row, rules.byDepth())
		g, ok := by[k]
		if !ok {
			g = len(out)
			by[k] = g
			out = append(out, nil)
		}
		out[g] = append(out[g], r)
	}
	return out
}

type failFunc func(row int, column, format string, a ...any) error

func nonDecreasing(t *tables.Table, rules tableRules, name string, fail failFunc) error {
	c := t.Index(name)
	for _, g := range groups(t, rules) {
		for i := 1; i < len(g); i++ {
			prev, cur := intCell(t.Rows[g[i-1]], c), intCell(t.Rows[g[i]], c)
			if prev != nil && cur != nil && *cur < *prev {
				return fail(g[i], name, "%d, less than the row before's %d", *cur, *prev)
			}
		}
	}
	return nil
}

// checkDistribution checks a distribution by depth: see above. Its count
// is the first column after the key (states, positions).
func checkDistribution(t *tables.Table, rules tableRules, fail failFunc) error {
	for _, name := range []string{"cumulative", "cumulative_possible"} {
		if err := nonDecreasing(t, rules, name, fail); err != nil {
			return err
		}
	}
	count := t.Columns[len(rules.key)].Name
	cc, cum, pos, ex := len(rules.key), t.Index("cumulative"), t.Index("cumulative_possible"), t.Index("exhaustive")
	for _, g := range groups(t, rules) {
		var sum int64
		exhaustive := true
		for _, r := range g {
			row := t.Rows[r]
			sum += *intCell(row, cc)
			c, p := *intCell(row, cum), *intCell(row, pos)
			if c > p {
				return fail(r, "cumulative", "%d above cumulative_possible %d", c, p)
			}
			if row[ex] == true && !exhaustive {
				return fail(r, "exhaustive", "true after a depth that is not")
			}
			exhaustive = row[ex] == true
			if exhaustive && (c != sum || p != sum) {
				return fail(r, "cumulative", "%d (possible %d) at an exhaustive depth, where the %s to it add up to %d", c, p, count, sum)
			}
		}
	}
	return nil
}

// checkSum checks that s.column adds up to s.total in each group of rows
// sharing s.by (over all rows where s.by is empty); an empty column counts
// rows. A count with nulls, or a distribution with a depth not exhaustive
// (not all known), may add up to less.
func checkSum(t *tables.Table, rules tableRules, s sumRule, fail failFunc) error {
	type group struct {
		sum, total *big.Int
		last       int
		partial    bool
	}
	var order []string
	sums := map[string]*group{}
	for r, row := range t.Rows {
		k := groupKey(t, row, s.by)
		g := sums[k]
		if g == nil {
			g = &group{sum: new(big.Int)}
			switch total := s.total.(type) {
			case int64:
				g.total = big.NewInt(total)
			case string:
				g.total = bigCell(row, t.Index(total))
			}
			sums[k] = g
			order = append(order, k)
		}
		g.last = r
		if ex := t.Index("exhaustive"); ex >= 0 && row[ex] != true {
			g.partial = true // a depth not searched through counts only the positions proven there
		}
		if s.column == "" {
			g.sum.Add(g.sum, big.NewInt(1))
		} else if v := bigCell(row, t.Index(s.column)); v != nil {
			g.sum.Add(g.sum, v)
		} else {
			g.partial = true
		}
	}
	column := s.column
	if column == "" {
		column = "(rows)"
	}
	for _, k := range order {
		g := sums[k]
		if c := g.sum.Cmp(g.total); c > 0 || c < 0 && !g.partial {
			return fail(g.last, column, "adds up to %v, want %v", g.sum, g.total)
		}
	}
	return nil
}

// rowKey is a row's key columns, for messages and for matching rows.
func rowKey(t *tables.Table, rules tableRules, r int) string {
	var parts []string
	for _, name := range rules.key {
		parts = append(parts, fmt.Sprintf("%s=%v", name, t.Rows[r][t.Index(name)]))
	}
	return strings.Join(parts, " ")
}

// intCell returns an integer cell, nil where null or not an integer.
func intCell(row []any, c int) *int64 {
	if c < 0 {
		return nil
	}
	if v, ok := row[c].(int64); ok {
		return &v
	}
	return nil
}

// bigCell returns an integer or decimal cell as a big.Int, nil where null.
func bigCell(row []any, c int) *big.Int {
	if c < 0 {
		return nil
	}
	switch v := row[c].(type) {
	case int64:
		return big.NewInt(v)
	case uint64:
		return new(big.Int).SetUint64(v)
	case *big.Int:
		return v
	}
	return nil
}

// checkTables checks every table with CheckTable.
func checkTables(ts []*tables.Table) error {
	for _, t := range ts {
		if err := CheckTable(t); err != nil {
			return err
		}
	}
	return nil
}
