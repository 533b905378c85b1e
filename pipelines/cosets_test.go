package pipelines

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cosets"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/tables"
)

// seed001TableOneA is the "moves in A" column of seed 001's Table 1: the
// positions of H at each distance in moves of A. An oracle for the test,
// never an output.
var seed001TableOneA = []int64{1, 10, 67, 456, 3079, 19948, 123074, 736850, 4185118, 22630733, 116767872,
	552538680, 2176344160, 5627785188, 7172925794, 3608731814, 224058996, 1575608, 1352}

// seed001TableOneS is the "moves in S" column, also an oracle.
var seed001TableOneS = []int64{1, 10, 67, 456, 3079, 20076, 125218, 756092, 4331124, 23639531, 122749840,
	582017108, 2278215506, 5790841966, 7240785011, 3319565322, 145107245, 271112, 36}

// TestCommittedHDistance checks the committed h_distance table against
// seed 001's Table 1, depth by depth, and its total against |H|.
func TestCommittedHDistance(t *testing.T) {
	tab, prov, err := tables.Read(committed.Path(t, "h_distance"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) < len(seed001TableOneA) {
		t.Fatalf("%d depths, seed 001 has %d", len(tab.Rows), len(seed001TableOneA))
	}
	var total, withinA, withinS int64
	exact := -1
	for d, row := range tab.Rows {
		depth, n := row[tab.Index("depth")].(int64), row[tab.Index("moves_in_a")].(int64)
		if d >= len(seed001TableOneA) { // the QTM column's depths
			if s := row[tab.Index("moves_in_s")]; depth != int64(d) || n != 0 || s != nil && s != int64(0) {
				t.Errorf("row %d: depth %d, %d positions in moves of A, %v in S; every one is within %d", d, depth, n, s, len(seed001TableOneA)-1)
			}
			continue
		}
		if depth != int64(d) || n != seed001TableOneA[d] {
			t.Errorf("row %d: depth %d, %d positions; seed 001: depth %d, %d", d, depth, n, d, seed001TableOneA[d])
		}
		total += n
		// The S column: exact where not null, and its lower bound on the
		// positions within each depth between the A column's (every
		// sequence of A is one of S) and the seed's.
		withinA += n
		withinS += seed001TableOneS[d]
		if s, ok := row[tab.Index("moves_in_s")].(int64); ok {
			if s != seed001TableOneS[d] || exact != d-1 {
				t.Errorf("depth %d: %d positions in moves of S; seed 001 %d", d, s, seed001TableOneS[d])
			}
			exact = d
		}
		atLeast := row[tab.Index("within_in_s_at_least")].(int64)
		if atLeast < withinA || atLeast > withinS || d <= exact && atLeast != withinS {
			t.Errorf("depth %d: at least %d positions within it in moves of S; in moves of A %d, seed 001 %d", d, atLeast, withinA, withinS)
		}
	}
	if total != 19508428800 || prov.Params["positions"] != "19508428800" {
		t.Errorf("%d positions (provenance %q), |H| = 19,508,428,800", total, prov.Params["positions"])
	}
	// Exact at every depth: searched to 17, and 18, the A column's
	// greatest distance, then holds exactly the positions left.
	if searched, _ := strconv.Atoi(prov.Params["h_search_depth"]); exact != len(seed001TableOneS)-1 || prov.Params["s_exact_to"] != strconv.Itoa(exact) || searched != exact-1 {
		t.Errorf("moves in S exact to depth %d (provenance: exact to %q, searched to %q), want all %d depths", exact, prov.Params["s_exact_to"], prov.Params["h_search_depth"], len(seed001TableOneS))
	}
}

// TestCommittedHInMetrics checks the committed h_distance table's QTM and
// STM columns: their first depths equal a breadth-first search of cubes
// over all the metric's moves, counting those in H; where exact, they add
// up to |H| and the within column is their running sum; beyond, the within
// column is a lower bound that grows to |H|, never below the running sum;
// a QTM depth counted by parity holds the rest of H's positions with
// corners of its parity, and is the only depth of that parity left.
func TestCommittedHInMetrics(t *testing.T) {
	tab, prov, err := tables.Read(committed.Path(t, "h_distance"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		metric cube.Metric
		bfs    int
	}{{cube.QTM, 6}, {cube.STM, 4}} {
		name := strings.ToLower(tc.metric.String())
		exactTo, err := strconv.Atoi(prov.Params[name+"_exact_to"])
		if err != nil {
			t.Fatalf("%v: provenance %s_exact_to %q", tc.metric, name, prov.Params[name+"_exact_to"])
		}
		want := hByDistance(tc.metric, tc.bfs)
		byParity := map[int]bool{}
		if list := prov.Params[name+"_exact_by_parity"]; list != "" {
			for _, f := range strings.Split(list, ",") {
				d, err := strconv.Atoi(f)
				if err != nil || tc.metric != cube.QTM {
					t.Fatalf("%v: %s_exact_by_parity %q", tc.metric, name, list)
				}
				byParity[d] = true
			}
		}
		var running, within int64
		var parityWithin [2]int64 // the positions of each parity within exactTo
		everyKnown := true        // every depth so far: running is exact
		for d, row := range tab.Rows {
			n, known := row[tab.Index("moves_in_"+name)].(int64)
			if byParity[d] {
				// The only depth of its parity left: the rest of H's
				// positions with corners of that parity (half of H).
				if d <= exactTo || d+2 < len(tab.Rows) || d-2 > exactTo || !known || n != cosets.HSize/2-parityWithin[d%2] {
					t.Fatalf("%v depth %d: %v positions by parity, exact to %d, %d of that parity within it", tc.metric, d, row[tab.Index("moves_in_"+name)], exactTo, parityWithin[d%2])
				}
			} else {
				if known != (d <= exactTo) {
					t.Fatalf("%v depth %d: %v positions, exact to %d", tc.metric, d, row[tab.Index("moves_in_"+name)], exactTo)
				}
				parityWithin[d%2] += n
			}
			if d < len(want) && n != want[d] {
				t.Errorf("%v depth %d: %d positions of H, a breadth-first search of cubes %d", tc.metric, d, n, want[d])
			}
			running, everyKnown = running+n, everyKnown && known
			w := row[tab.Index("within_in_"+name+"_at_least")].(int64)
			if w < within || w < running || everyKnown && w != running {
				t.Errorf("%v depth %d: at least %d within, after %d (exact %d)", tc.metric, d, w, within, running)
			}
			within = w
		}
		if within != cosets.HSize || everyKnown && running != cosets.HSize {
			t.Errorf("%v: %d positions reached, %d exact; |H| = %d", tc.metric, within, running, int64(cosets.HSize))
		}
		if w := prov.Params[name+"_maximum_witness"]; w != "" || byParity[len(tab.Rows)-1] {
			checkHMaximumWitness(t, tc.metric, w, len(tab.Rows)-1)
		}
	}
}

// checkHMaximumWitness: the witness of H's maximum in metric m that the
// provenance gives ("FACELETS, solved by MANEUVER (24q), ...") is a
// position of H that the maneuver, of the maximum's length, solves.
func checkHMaximumWitness(t *testing.T, m cube.Metric, witness string, maximum int) {
	t.Helper()
	facelets, rest, ok := strings.Cut(witness, ", solved by ")
	maneuver, _, ok2 := strings.Cut(rest, " (")
	if !ok || !ok2 {
		t.Fatalf("%v: no witness of the maximum %d in the provenance (%q)", m, maximum, witness)
	}
	c, err := cube.ParseFacelets(facelets)
	if err != nil {
		t.Fatalf("%v: the witness %q: %v", m, facelets, err)
	}
	moves, err := cube.ParseManeuver(maneuver)
	if err != nil {
		t.Fatalf("%v: the witness's maneuver %q: %v", m, maneuver, err)
	}
	if !cosets.InH(&c) || m.Length(moves) != maximum || cube.Times(c, cube.FromMoves(moves)) != cube.Solved {
		t.Errorf("%v: the witness %s of the maximum %d: in H %v, solved by %s (%d moves) %v", m, facelets, maximum, cosets.InH(&c), maneuver, m.Length(moves), cube.Times(c, cube.FromMoves(moves)) == cube.Solved)
	}
}

// cosetTableIn loads the coset table in metric m (built once per machine).
func cosetTableIn(t *testing.T, m cube.Metric) *coord.CosetTable {
	t.Helper()
	coords, err := coord.Load(coord.Config{})
	if err != nil {
		t.Fatal(err)
	}
	table, err := coords.CosetTable(m)
	if err != nil {
		t.Fatal(err)
	}
	return table
}

// hByDistance counts the positions of H at each distance through depth in
// metric m, by a breadth-first search of cubes over all the metric's moves
// (the slice turns as cube.CubeOf gives them, relative to the centers).
func hByDistance(m cube.Metric, depth int) []int64 {
	counts, _ := cubesByDistance(m, depth)
	return counts
}

// cubesByDistance is hByDistance's search, which also returns the
// distance of every cube it reached.
func cubesByDistance(m cube.Metric, depth int) ([]int64, map[cube.Cube]int) {
	set := cube.MoveSetOf(m)
	seen := map[cube.Cube]int{cube.Solved: 0}
	levels := [][]cube.Cube{{cube.Solved}}
	counts := []int64{1}
	for d := 1; d <= depth; d++ {
		levels = append(levels, nil)
		counts = append(counts, 0)
		for _, mv := range set.Moves {
			if c := set.Cost(mv); c <= d {
				for _, q := range levels[d-c] {
					x := cube.Times(q, cube.CubeOf(mv))
					if _, reached := seen[x]; !reached {
						seen[x] = d
						levels[d] = append(levels[d], x)
						if cosets.InH(&x) {
							counts[d]++
						}
					}
				}
			}
		}
	}
	return counts, seen
}

// The cosets stage refuses a budget below its bitmap and move table (in
// QTM and STM its two bitmaps), naming the flag and the stage, and a bound
// below the search depth.
func TestCosetsCheck(t *testing.T) {
	env := &Env{MemBudget: 3 << 30, Options: NewOptions()}
	if err := checkCosets(env); !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "--mem-budget") || !strings.Contains(err.Error(), "the cosets stage") {
		t.Fatalf("a 3 GiB budget for 2.6 GiB of bitmap and 0.7 of moves: %v", err)
	}
	env.MemBudget = 5 << 30 // and 0.5 GiB of the two-phase solver's phase-1 steps
	if err := checkCosets(env); err != nil {
		t.Fatal(err)
	}
	env.Options.Bound = 12
	if err := checkCosets(env); err == nil || !strings.Contains(err.Error(), "--bound 12") {
		t.Fatalf("a bound of 12 below a search to 15: %v", err)
	}
	env.Options.Bound, env.Options.CosetMetric = 19, MetricOption(cube.STM)
	if err := checkCosets(env); !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "in STM keeps two bitmaps") {
		t.Fatalf("a 5 GiB budget for STM's 5.3 GiB of bitmaps: %v", err)
	}
	env.MemBudget = 6 << 30
	if err := checkCosets(env); err != nil {
		t.Fatal(err)
	}
}

// TestCommittedCosetDistance checks the committed coset_distance table: in
// each metric every coset once, H alone at 0, and the four cosets one face
// turn from H (H·F, H·B, H·R, H·L: a quarter turn and its inverse differ by
// a half turn, which H holds) at 1, and in STM the two of the slice turns
// M and S too (H·R L', H·F' B; E lies in H).
func TestCommittedCosetDistance(t *testing.T) {
	tab, prov, err := tables.Read(committed.Path(t, "coset_distance"))
	if err != nil {
		t.Fatal(err)
	}
	totals := map[string]int64{}
	for _, row := range tab.Rows {
		m, d, n := row[tab.Index("metric")].(string), row[tab.Index("depth")].(int64), row[tab.Index("cosets")].(int64)
		atOne := int64(4)
		if m == "STM" {
			atOne = 6
		}
		if (d == 0 && n != 1) || (d == 1 && n != atOne) {
			t.Errorf("%s: %d cosets at distance %d", m, n, d)
		}
		totals[m] += n
	}
	for _, m := range []string{"HTM", "QTM", "STM"} {
		if totals[m] != 2217093120 {
			t.Errorf("%s: %d cosets, want 2,217,093,120", m, totals[m])
		}
		if len(prov.Params["coset_table_sha256."+m]) != 64 {
			t.Errorf("%s: no hash of the coset table in the provenance", m)
		}
	}
}

// TestCommittedCosets checks the committed cosets and coset_levels tables:
// each representative maneuver, re-applied, lies in its row's coset, whose
// class is the row's; a proof accounts for every position (the levels and
// the positions left sum to |H|) and is proven exactly when none stayed
// unsolved; exact levels are marked so to the search depth; and at least
// one coset is proven within 20 moves (seed 002's bound).
func TestCommittedCosets(t *testing.T) {
	list, prov, err := tables.Read(committed.Path(t, "cosets"))
	if err != nil {
		t.Fatal(err)
	}
	levels, _, err := tables.Read(committed.Path(t, "coset_levels"))
	if err != nil {
		t.Fatal(err)
	}
	table := cosetTableIn(t, cube.HTM)
	classes := table.Classes()
	found := map[int64]int64{}
	for _, row := range levels.Rows {
		coset, depth := row[levels.Index("coset")].(int64), row[levels.Index("depth")].(int64)
		found[coset] += row[levels.Index("positions")].(int64)
		if exact := row[levels.Index("exact")].(bool); exact != (depth <= searchDepthOf(t, list, coset)) {
			t.Errorf("coset %d, depth %d: exact %v", coset, depth, exact)
		}
	}
	proven20 := 0
	for _, row := range list.Rows {
		i := row[list.Index("coset")].(int64)
		moves, err := cube.ParseManeuver(row[list.Index("representative")].(string))
		if err != nil {
			t.Fatal(err)
		}
		r := cube.Solved
		for _, m := range moves {
			r.Move(&r, m)
		}
		x := coord.CosetOf(&r)
		want := coord.Coset{Twist: int(row[list.Index("twist")].(int64)), Flip: int(row[list.Index("flip")].(int64)), Slice: int(row[list.Index("slice")].(int64))}
		if x != want || classes.Of(x) != i {
			t.Errorf("coset %d: its representative %v is in coset %+v of class %d", i, moves, x, classes.Of(x))
		}
		left, unsolved := row[list.Index("left")].(int64), row[list.Index("unsolved")].(int64)
		if row[list.Index("mode")] == "bound" {
			if found[i]+left != 19508428800 {
				t.Errorf("coset %d: %d positions found and %d left, not |H|", i, found[i], left)
			}
			proven := row[list.Index("proven")].(bool)
			if proven != (unsolved == 0) {
				t.Errorf("coset %d: proven %v with %d positions unsolved", i, proven, unsolved)
			}
			if proven && row[list.Index("bound")].(int64) == 20 {
				proven20++
			}
		}
	}
	if proven20 == 0 {
		t.Errorf("no coset proven within 20 moves (cosets %s)", prov.Params["cosets"])
	}
}

// searchDepthOf returns the search depth of coset i's row.
func searchDepthOf(t *testing.T, list *tables.Table, i int64) int64 {
	for _, row := range list.Rows {
		if row[list.Index("coset")].(int64) == i {
			return row[list.Index("search_depth")].(int64)
		}
	}
	t.Fatalf("coset %d has levels but no row", i)
	return 0
}

// The subgroup stage refuses an HTM depth for H's other metrics (HTM's
// column has its own flag), a budget below two bitmaps of H and the coset
// move table, and with --h-columns-from, a depth for Table 1 (taken); it
// takes every column (h_distance written again from them).
func TestSubgroupCheck(t *testing.T) {
	env := &Env{MemBudget: 24 << 30, Options: NewOptions()}
	if err := checkSubgroup(env); err != nil {
		t.Fatal(err)
	}
	env.Options.HMetricDepth[cube.HTM] = 5
	if err := checkSubgroup(env); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "--h-metric-search-depth HTM=5") {
		t.Fatalf("an HTM depth: %v", err)
	}
	env.Options.HMetricDepth[cube.HTM] = 0
	env.MemBudget = 5 << 30
	if err := checkSubgroup(env); !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "in QTM") {
		t.Fatalf("a 5 GiB budget for two bitmaps of 2.6 GiB: %v", err)
	}
	env.MemBudget = 6 << 30
	if err := checkSubgroup(env); err != nil {
		t.Fatalf("two bitmaps and the coset moves in 6 GiB: %v", err)
	}
	env.Options.HColumnsFrom = "results"
	env.Options.HSearchDepth = 16
	if err := checkSubgroup(env); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "--h-search-depth 16") {
		t.Fatalf("--h-search-depth with Table 1 taken from a folder: %v", err)
	}
	env.Options.HSearchDepth = DefaultHSearchDepth
	env.Options.HMetricDepth = MetricDepths{}
	if err := checkSubgroup(env); err != nil {
		t.Fatalf("every column taken, none computed: %v", err)
	}
}

// TestHDistanceTable: hDistanceTable writes the committed h_distance's
// rows again from the columns takeHColumns reads from it (each metric's
// positions first found at each depth, the running differences of its
// within column to where it reaches |H|, exact to its provenance's depth),
// so that the table's null and zero cells follow the columns' exact
// depths.
func TestHDistanceTable(t *testing.T) {
	path := committed.Path(t, "h_distance")
	tab, _, err := tables.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	inA, cols, err := takeHColumns(filepath.Dir(path), MetricDepths{}, map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	got := hDistanceTable(inA, cols)
	if len(got.Rows) != len(tab.Rows) {
		t.Fatalf("%d rows, committed %d", len(got.Rows), len(tab.Rows))
	}
	for r, row := range got.Rows {
		for c, v := range row {
			if w := tab.Rows[r][c]; fmt.Sprint(v) != fmt.Sprint(w) {
				t.Errorf("row %d, %s: %v, committed %v", r, tab.Columns[c].Name, v, w)
			}
		}
	}
}

// The cosets stage in STM: counted exactly (--bound 0), each coset's levels
// are the census's; proven at a bound they are far from, the positions
// left are |H| less those within it, all unsolved (too many for the
// two-phase solver: cosets.MaxSolvedLeft), the first 1,000 of each
// coset listed, each a position of its coset. The bitmaps allocate the pages
// they write (the stage's dense ones need 5.3 GiB).
func TestCosetsInSTM(t *testing.T) {
	orig := newCosetsMetricSolver
	defer func() { newCosetsMetricSolver = orig }()
	newCosetsMetricSolver = cosets.NewSmallMetricSolver
	table := cosetTableIn(t, cube.STM)
	counter := cosets.NewCensus(table).NewCounter()
	classes := table.Classes()
	const first, count, depth = 1, 3, 7 // cosets 7, 7 and 5 slice turns from H
	for _, bound := range []MoveCount{0, depth} {
		opts := NewOptions()
		opts.Cosets, opts.Bound, opts.CosetSearchDepth, opts.CosetMetric = CosetRange{First: first, Count: count}, bound, depth, MetricOption(cube.STM)
		env := &Env{Workers: 2, MemBudget: 6 << 30, Log: slog.New(slog.DiscardHandler), Stderr: os.Stderr, Options: opts}
		if err := CheckOptions([]Stage{cosetsStage}, env, nil); err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if _, err := Run(context.Background(), cosetsStage, env, dir); err != nil {
			t.Fatal(err)
		}
		read := func(name string) *tables.Table {
			tab, _, err := tables.Read(filepath.Join(dir, name+tables.Extension))
			if err != nil {
				t.Fatal(err)
			}
			return tab
		}
		list, levels, unsolved := read("cosets"), read("coset_levels"), read("cosets_unsolved")
		if len(list.Rows) != count {
			t.Fatalf("bound %d: %d rows in cosets, want %d", bound, len(list.Rows), count)
		}
		listed := map[int64]int{}
		for _, row := range unsolved.Rows {
			i := row[unsolved.Index("coset")].(int64)
			c, err := cube.ParseFacelets(row[unsolved.Index("position")].(string))
			if err != nil || coord.CosetOf(&c) != classes.Rep(i) {
				t.Fatalf("bound %d, coset %d: %v is not a position of it (%v)", bound, i, row, err)
			}
			listed[i]++
		}
		for _, row := range list.Rows {
			i := row[list.Index("coset")].(int64)
			want, err := counter.Count(classes.Rep(i), depth)
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for _, l := range levels.Rows {
				if l[levels.Index("coset")].(int64) == i {
					got = append(got, l[levels.Index("positions")].(int64))
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("bound %d, coset %d: levels %v, census %v", bound, i, got, want)
			}
			left, notProven := row[list.Index("left")].(int64), row[list.Index("unsolved")].(int64)
			wantLeft := int64(0)
			if bound > 0 {
				wantLeft = cosets.HSize - sum(want)
			}
			if left != wantLeft || notProven != wantLeft || int64(listed[i]) != min(wantLeft, maxListedUnsolved) {
				t.Errorf("bound %d, coset %d: %d left, %d unsolved, %d listed; want %d left", bound, i, left, notProven, listed[i], wantLeft)
			}
		}
	}
}
