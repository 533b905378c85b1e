package pipelines

import (
	"context"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cosets"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/progress"
	"github.com/cubecensus/cubecensus/solver"
	"github.com/cubecensus/cubecensus/tables"
)

// The subgroup stage: Kociemba's subgroup H and its cosets as wholes
// (seeds 001 and 002): Table 1 of seed 001 (the positions of H at each
// distance in moves of A, by a breadth-first search over bitmaps of H, and
// in moves of S, by the coset solver on H itself) and the distances of the
// 2,217,093,120 cosets of H from H in HTM, QTM and STM (the coset solver's
// pruning table, phase 1's). The cosets stage solves a range of cosets by
// seed 002's coset solver, proven within a bound or counted exactly; it
// needs neither table, so that a range, or a shard of a job array, starts
// its first coset once the cached tables are loaded.
var subgroupStage = Stage{
	Name:   "subgroup",
	Doc:    "Kociemba's subgroup H = <U, D, R2, L2, F2, B2>: its positions at each distance in moves of A and of S (seed 001, Table 1), and its cosets' distances from it in HTM, QTM and STM",
	Tables: []string{"h_distance", "coset_distance"},
	Check:  checkSubgroup,
	Run:    runSubgroup,
}

var cosetsStage = Stage{
	Name:   "cosets",
	Doc:    "a range of cosets of H solved by seed 002's coset solver, in HTM, QTM or STM: each proven within a bound, or its positions counted at each distance",
	Tables: []string{"cosets", "coset_levels", "cosets_unsolved"},
	Check:  checkCosets,
	Run:    runCosets,
	// A shard solves its part of --cosets.
	ShardTables: []string{"cosets", "coset_levels", "cosets_unsolved"},
}

// The defaults: one coset from the middle of the list, proven within 20
// moves (seed 002's proof), searched to depth 15; H itself searched to 17
// for Table 1's S column, exact at every depth (about 10 minutes on 2
// cores, 6 of them depth 17's search, met in the middle; to 16 it takes
// about 4).
var (
	DefaultCosets                     = CosetRange{First: coord.NCosetClasses / 2, Count: 1}
	DefaultCosetSearchDepth MoveCount = 15
	DefaultBound            MoveCount = 20
	DefaultHSearchDepth     MoveCount = 17
	// DefaultHMetricDepth: H searched in QTM and STM to the depths that
	// take a minute or two each (the full run's are in docs/cosets.md).
	DefaultHMetricDepth = MetricDepths{cube.QTM: 12, cube.STM: 9}
)

// searchBelow stops a coset's search once it has found 1% of its
// positions: only cosets near H get there (H itself at depth 11), where
// the next depths' searches would take hours and prepasses take seconds.
const searchBelow = cosets.HSize / 100

// checkBitmap refuses a budget that cannot hold a coset's bitmap and the
// coset solver's tables, for stage.
func checkBitmap(env *Env, stage string) error {
	if need := uint64(cosets.BitmapBytes() + coord.CosetMovesBytes + cosets.MeetBytes + coord.Phase1StepsBytes); env.MemBudget < need {
		return fmt.Errorf("%w: --mem-budget %s: the %s stage keeps a bitmap of H (with the spare pages its passes hold), the coset move table, for its last searches the positions a few moves from those left, and the two-phase solver's phase-1 steps, %s", ErrTooBig, FormatBytes(env.MemBudget), stage, FormatBytes(need))
	}
	return nil
}

// checkSubgroup refuses an HTM depth for --h-metric-search-depth (HTM's
// column is --h-search-depth's) and a budget that cannot hold the bitmaps
// of H's search in QTM or STM (Table 1's bitmap is given back first).
func checkSubgroup(env *Env) error {
	if err := checkBitmap(env, "subgroup"); err != nil {
		return err
	}
	depths := env.Options.HMetricDepth
	if depths[cube.HTM] > 0 {
		return fmt.Errorf("%w: --h-metric-search-depth %v: HTM's column is searched to --h-search-depth; give QTM and STM", ErrOption, &depths)
	}
	if from := env.Options.HColumnsFrom; from != "" {
		if d := env.Options.HSearchDepth; d != DefaultHSearchDepth {
			return fmt.Errorf("%w: --h-search-depth %d: Table 1's columns are taken from --h-columns-from %s", ErrOption, d, from)
		}
	}
	for _, m := range []cube.Metric{cube.QTM, cube.STM} {
		if need := uint64(cosets.MetricSolverBytes() + coord.CosetMovesBytes); depths[m] > 0 && env.MemBudget < need {
			return fmt.Errorf("%w: --mem-budget %s: the subgroup stage's search of H in %v keeps two bitmaps of H, beside the coset move table Table 1 loaded, %s", ErrTooBig, FormatBytes(env.MemBudget), m, FormatBytes(need))
		}
	}
	return nil
}

func checkCosets(env *Env) error {
	o := env.Options
	if m := cube.Metric(o.CosetMetric); m != cube.HTM {
		if need := uint64(cosets.MetricSolverBytes()); env.MemBudget < need {
			return fmt.Errorf("%w: --mem-budget %s: the cosets stage in %v keeps two bitmaps of H, %s", ErrTooBig, FormatBytes(env.MemBudget), m, FormatBytes(need))
		}
	} else if err := checkBitmap(env, "cosets"); err != nil {
		return err
	}
	if env.Shard != nil && o.Cosets.List != nil {
		return fmt.Errorf("--shard %v: --cosets %v is a list of classes; shards split a range FIRST:COUNT", env.Shard, &o.Cosets)
	}
	if o.Bound > 0 && o.Bound < o.CosetSearchDepth {
		return fmt.Errorf("--bound %d is less than --coset-search-depth %d: the bound is proven after the search", o.Bound, o.CosetSearchDepth)
	}
	return nil
}

// cosetSolverOf returns the HTM coset table's moves and the solver whose
// tables they come from (the optimal table the budget allows, for the
// positions a proof leaves).
func cosetSolverOf(env *Env) (*solver.Solver, *coord.CosetTable, *coord.CosetMoves, error) {
	s, err := newSolver(env, coord.OptimalTableFor(env.MemBudget))
	if err != nil {
		return nil, nil, nil, err
	}
	s.ExtraDepths = 0 // the coset solver asks for any solution within its bound
	table, err := s.Tables.CosetTable(cube.HTM)
	if err != nil {
		return nil, nil, nil, err
	}
	moves, err := table.Moves()
	if err != nil {
		return nil, nil, nil, err
	}
	warnCache(env, s)
	return s, table, moves, nil
}

func runSubgroup(ctx context.Context, env *Env) (*Output, error) {
	tbl, err := coord.Load(coord.Config{Workers: env.Workers})
	if err != nil {
		return nil, err
	}
	params := map[string]string{}
	var inA []int64
	var cols [cube.NMetrics]hColumn
	if from := env.Options.HColumnsFrom; from != "" {
		if inA, cols, err = takeHColumns(string(from), env.Options.HMetricDepth, params); err != nil {
			return nil, err
		}
	} else {
		if inA, cols[cube.HTM], err = tableOne(ctx, env, tbl, params); err != nil {
			return nil, err
		}
		// Table 1's bitmap is garbage now: give its 2.6 GiB back before
		// the searches in QTM and STM take 5.3.
		debug.FreeOSMemory()
	}
	for _, m := range []cube.Metric{cube.QTM, cube.STM} {
		if depth := env.Options.HMetricDepth[m]; depth > 0 {
			if cols[m], err = searchHInMetric(ctx, env, tbl, m, depth, params); err != nil {
				return nil, err
			}
		}
	}
	for m, c := range cols {
		var exact []string
		for d := range c.levels {
			if c.byParity(d) {
				exact = append(exact, strconv.Itoa(d))
			}
		}
		if len(exact) > 0 {
			params[strings.ToLower(cube.Metric(m).String())+"_exact_by_parity"] = strings.Join(exact, ",")
		}
	}
	dist, err := cosetDistances(env, tbl, params)
	if err != nil {
		return nil, err
	}
	return &Output{Tables: []*tables.Table{hDistanceTable(inA, cols), dist}, Params: params}, nil
}

func runCosets(ctx context.Context, env *Env) (*Output, error) {
	metric := cube.Metric(env.Options.CosetMetric)
	params := map[string]string{"coset_metric": metric.String()}
	var prove cosetProver
	var table *coord.CosetTable // HTM's: the classes and their representatives
	if metric == cube.HTM {
		bm := cosets.NewDenseBitmap(env.Workers)
		s, t, moves, err := cosetSolverOf(env)
		if err != nil {
			return nil, err
		}
		table, prove = t, htmProver(cosets.NewCosetSolver(moves, s, bm, env.Workers))
	} else {
		tbl, err := coord.Load(coord.Config{Workers: env.Workers})
		if err != nil {
			return nil, err
		}
		if table, err = tbl.CosetTable(cube.HTM); err != nil {
			return nil, err
		}
		inMetric, err := tbl.CosetTable(metric)
		if err != nil {
			return nil, err
		}
		params["coset_table_sha256."+metric.String()] = inMetric.Checksum()
		need := uint64(cosets.MetricSolverBytes())
		census := metricSolverCensus(env, inMetric, need, params)
		two := &solver.Solver{Tables: tbl, NodeBudget: metricLeftBudget}
		ms := newCosetsMetricSolver(census, env.Workers)
		if metricMeetFits(env, need) {
			ms.AllowMeet()
		}
		prove = metricProver(ms, two)
	}
	list, levels, unsolved, err := solveCosets(ctx, env, prove, table, params)
	if err != nil {
		return nil, err
	}
	return &Output{Tables: []*tables.Table{list, levels, unsolved}, Params: params}, nil
}

// cosetProver proves the coset of r within plan's bound (mode "bound") or
// counts its positions at each depth to plan.SearchDepth (mode "exact").
type cosetProver func(ctx context.Context, r cube.Cube, plan cosets.Plan, mode string) (cosets.Proof, error)

// htmProver is seed 002's coset solver: its positions left are solved by
// the two-phase solver.
func htmProver(cs *cosets.CosetSolver) cosetProver {
	return func(ctx context.Context, r cube.Cube, plan cosets.Plan, mode string) (cosets.Proof, error) {
		if mode == "bound" {
			return cs.Prove(ctx, r, plan)
		}
		lv, err := cs.Levels(ctx, r, plan.SearchDepth)
		return countedProof(plan, lv), err
	}
}

// countedProof is the proof of exact mode: levels counted to the search
// depth, nothing left.
func countedProof(plan cosets.Plan, lv cosets.CosetLevels) cosets.Proof {
	return cosets.Proof{
		Plan: plan, Searched: len(lv.Positions) - 1, Positions: lv.Positions, Probes: lv.Probes,
		PrepassSeconds: lv.PrepassSeconds, SearchSeconds: lv.SearchSeconds,
	}
}

// metricProver is the coset solver in QTM or STM: it searches to
// plan.SearchDepth (no partial depth after it) and hands the positions its
// prepasses leave to two's two-phase search in the metric, when they are
// few enough (cosets.MaxSolvedLeft).
func metricProver(ms *cosets.MetricSolver, two *solver.Solver) cosetProver {
	return func(ctx context.Context, r cube.Cube, plan cosets.Plan, mode string) (cosets.Proof, error) {
		if mode == "bound" {
			return ms.Prove(ctx, r, plan, two, maxListedUnsolved)
		}
		lv, err := ms.Levels(ctx, r, plan.SearchDepth, plan.SearchDepth, nil)
		return countedProof(plan, lv), err
	}
}

// metricLeftBudget bounds the two-phase search of one position a coset
// proof in QTM or STM leaves (under a second), before the few it did not
// solve are tried again with more (cosets.MetricSolver.Prove): a position
// beyond the bound would otherwise be searched through every phase-1
// length.
const metricLeftBudget = 1e7

// newCosetsMetricSolver makes the cosets stage's solver in QTM and STM
// (the tests' allocate their bitmaps' pages as they are written).
var newCosetsMetricSolver = cosets.NewMetricSolver

// maxListedUnsolved is the most positions of one coset cosets_unsolved
// lists: a low bound leaves billions (the count is in cosets.arrow).
const maxListedUnsolved = 1000

// tableOne computes Table 1 of seed 001: the positions of H at each
// distance in moves of A (a breadth-first search of H) and in moves of S
// (the coset solver on H itself: exact to --h-search-depth, beyond it the
// positions its prepasses reach, a lower bound on those within each depth),
// in a bitmap of its own. It returns the A column and the S column.
func tableOne(ctx context.Context, env *Env, tbl *coord.Tables, params map[string]string) ([]int64, hColumn, error) {
	table, err := tbl.CosetTable(cube.HTM)
	if err != nil {
		return nil, hColumn{}, err
	}
	moves, err := table.Moves()
	if err != nil {
		return nil, hColumn{}, err
	}
	bm := cosets.NewDenseBitmap(env.Workers)
	cs := cosets.NewCosetSolver(moves, nil, bm, env.Workers)
	bar := env.Progress("positions of H reached in moves of A", cosets.HSize)
	bar.Add(1) // the solved cube
	inA, err := cosets.DistancesInA(ctx, bm, 0, env.Workers, func(levels []int64) {
		bar.Add(levels[len(levels)-1])
	})
	if err != nil {
		return nil, hColumn{}, err
	}
	bar.Finish()
	if total := sum(inA); total != cosets.HSize {
		return nil, hColumn{}, fmt.Errorf("self-check failed: the search of H reached %d positions, not %d", total, int64(cosets.HSize))
	}
	depth := int(env.Options.HSearchDepth)
	bar = env.Progress(fmt.Sprintf("positions of H reached in moves of S (exact to depth %d)", depth), cosets.HSize)
	var reported int64
	// The deepest searches take minutes each: a bar of their subtrees.
	var subtrees *progress.Reporter
	inS, err := cs.Prove(ctx, cube.Solved, cosets.Plan{SearchDepth: depth, Bound: 2 * len(inA), Progress: func(_ int, found int64) {
		bar.Add(found - reported)
		reported = found
	}, Subtrees: func(d, done, total int) {
		if d < 12 {
			return
		}
		if subtrees == nil {
			subtrees = env.Progress(fmt.Sprintf("H's search of depth %d (its subtrees, one a root)", d), int64(total))
		}
		subtrees.Add(1)
		if done == total {
			subtrees.Finish()
			subtrees = nil
		}
	}})
	if err != nil {
		return nil, hColumn{}, err
	}
	bar.Finish()
	if total := sum(inS.Positions); total != cosets.HSize || inS.Left != 0 {
		return nil, hColumn{}, fmt.Errorf("self-check failed: the coset solver found %d positions of H, not %d", total, int64(cosets.HSize))
	}
	// Every position of H is within len(inA)-1 moves of A, so when the
	// search reached the depth before, the positions it left are exactly
	// that far in moves of S too.
	exactTo := inS.Searched
	if exactTo == len(inA)-2 {
		exactTo++
	}
	params["positions"] = strconv.FormatInt(cosets.HSize, 10)
	params["method"] = "moves in A: breadth-first search over bitmaps of H, one prepass a level; moves in S: the coset solver on H (a level: prepass, inverses, search of the sequences beginning and ending outside A, from 12 on from symmetric roots and closed under the 16 symmetries, met in the middle where its prepass left a few thousand positions or fewer), then prepasses and inverses alone"
	params["h_search_depth"] = strconv.Itoa(inS.Searched)
	params["s_exact_to"] = strconv.Itoa(exactTo)
	for d := range inS.Positions {
		params[fmt.Sprintf("s.depth%02d", d)] = fmt.Sprintf("probes=%d prepass_seconds=%.1f search_seconds=%.1f", inS.Probes[d], inS.PrepassSeconds[d], inS.SearchSeconds[d])
	}
	return inA, hColumn{levels: inS.Positions, exactTo: exactTo}, nil
}

// hDistanceTable writes h_distance: Table 1's columns (inA, and HTM's of
// cols) and H's in QTM and STM.
func hDistanceTable(inA []int64, cols [cube.NMetrics]hColumn) *tables.Table {
	t := tables.NewTable("h_distance",
		tables.Column{Name: "depth", Kind: tables.Int64, Doc: "distance from the solved cube"},
		tables.Column{Name: "moves_in_s", Kind: tables.Int64, Nullable: true, Doc: "positions of H at that distance in face turns (S: all 18), exact; null beyond s_exact_to in the provenance: the depth searched (h_search_depth), or one more where that is the greatest distance in moves of A"},
		tables.Column{Name: "within_in_s_at_least", Kind: tables.Int64, Doc: "positions of H within that distance in face turns: exact to the depth searched, beyond it those the searched positions reach by moves of A (a lower bound)"},
		tables.Column{Name: "moves_in_a", Kind: tables.Int64, Doc: "positions of H at that distance in moves of A (U, D in all powers; R2, L2, F2, B2), exact"},
		tables.Column{Name: "moves_in_qtm", Kind: tables.Int64, Nullable: true, Doc: "positions of H at that distance in quarter turns (all 12; a half turn costs 2), exact; null beyond qtm_exact_to in the provenance (but at the depths of qtm_exact_by_parity: the only depth of its parity left, which holds the rest of H's positions of that corner parity), or where not computed"},
		tables.Column{Name: "within_in_qtm_at_least", Kind: tables.Int64, Nullable: true, Doc: "positions of H within that distance in quarter turns: exact to qtm_exact_to, beyond it those the prepasses reach from there (a lower bound); null where not computed"},
		tables.Column{Name: "moves_in_stm", Kind: tables.Int64, Nullable: true, Doc: "positions of H at that distance in slice turns (all 27, relative to the centers), exact; null beyond stm_exact_to in the provenance, or where not computed"},
		tables.Column{Name: "within_in_stm_at_least", Kind: tables.Int64, Nullable: true, Doc: "positions of H within that distance in slice turns: exact to stm_exact_to, beyond it those the prepasses reach from there (a lower bound); null where not computed"},
	)
	rows := len(inA)
	for _, c := range cols {
		rows = max(rows, len(c.levels))
	}
	for d := range rows {
		var a int64
		if d < len(inA) {
			a = inA[d]
		}
		s, sWithin := cols[cube.HTM].at(d)
		qtm, qtmWithin := cols[cube.QTM].at(d)
		stm, stmWithin := cols[cube.STM].at(d)
		t.Append(int64(d), s, sWithin, a, qtm, qtmWithin, stm, stmWithin)
	}
	return t
}

// hColumn is H's search in one metric: the positions each depth found
// first, exact through exactTo; zero levels where not computed.
type hColumn struct {
	levels  []int64
	exactTo int
	// parity says that a position's distance has the parity of its
	// corners' permutation, as in QTM, where every move is an odd
	// permutation of the corners (a half turn costs 2). Half of H's
	// positions have odd corners (U is in H and is odd), so when every
	// position is found, a depth that is the only one of its parity beyond
	// exactTo holds all the positions of that parity not found by then:
	// its count is exact, though the depths around it are not.
	parity bool
}

// at returns the table's cells at depth d: the positions at that distance
// (nil where not exact) and within it (a lower bound beyond exactTo; nil
// where not computed).
func (h hColumn) at(d int) (at, within any) {
	if len(h.levels) == 0 {
		return nil, nil
	}
	within = sum(h.levels[:min(d+1, len(h.levels))])
	switch {
	case d <= h.exactTo:
		at = h.levels[d]
	case h.exactTo == len(h.levels)-1: // every position found
		at = int64(0)
	case h.byParity(d):
		var before int64 // the positions of d's parity within exactTo
		for k := d % 2; k <= h.exactTo; k += 2 {
			before += h.levels[k]
		}
		at = sum(h.levels)/2 - before
	}
	return at, within
}

// byParity reports whether at(d) is a count the parity gives: d is beyond
// the exact depths, not every position was found by them, and d is the
// only depth of its parity from exactTo+1 to the last.
func (h hColumn) byParity(d int) bool {
	last := len(h.levels) - 1
	return h.parity && h.exactTo < last && d > h.exactTo && d <= last && d-2 <= h.exactTo && d+2 > last
}

// searchHInMetric counts H's positions by distance in metric m with the
// bitmap solver (cosets.MetricSolver): exact through depth, then prepasses
// alone until every position is reached. Its provenance goes into params.
func searchHInMetric(ctx context.Context, env *Env, tbl *coord.Tables, m cube.Metric, depth int, params map[string]string) (hColumn, error) {
	table, err := tbl.CosetTable(m)
	if err != nil {
		return hColumn{}, err
	}
	if c := hSearchCheckpoints.resumable(env, hCheckpointName(m)); c != nil && decidesAlone(env, c, depth) {
		bound, err := hBound(string(env.Options.HColumnsFrom), m)
		if err != nil {
			return hColumn{}, err
		}
		col, under, err := decideHAlone(ctx, env, table, m, c, bound, params)
		if err != nil {
			return hColumn{}, err
		}
		return col, witnessBeyond(env, m, under, col.levels, col.exactTo, params)
	}
	name := strings.ToLower(m.String())
	need := uint64(cosets.MetricSolverBytes() + coord.CosetMovesBytes)
	census := metricSolverCensus(env, table, need, params)
	solver := cosets.NewMetricSolver(census, env.Workers)
	decide, meet := hSearchExtras(env, need)
	if decide {
		optimal, err := newSolver(env, coord.BigTable)
		if err != nil {
			return hColumn{}, err
		}
		decideWith(env, solver, optimal, m, params)
	}
	if meet {
		solver.AllowMeet()
	}
	resumedFrom, err := hSaves(env, solver, m, depth, hSaveEvery)
	if err != nil {
		return hColumn{}, err
	}
	if resumedFrom != "" {
		params[name+"_levels_from_build"] = resumedFrom
	}
	bar := env.Progress(fmt.Sprintf("positions of H reached in %v (exact to depth %d)", m, depth), cosets.HSize)
	var reported int64
	// A deep level searches for hours before its positions are counted:
	// a bar a depth shows its roots searched.
	roots, rootsDone := depthBars(env, fmt.Sprintf("roots of H's search in %v at", m), "")
	solver.RootsSearched = func(depth, done, total int) { roots(depth, int64(done), int64(total)) }
	lv, err := solver.Levels(ctx, cube.Solved, depth, maxHDepth, func(lv cosets.CosetLevels) {
		found := sum(lv.Positions)
		bar.Add(found - reported)
		reported = found
	})
	rootsDone()
	if err != nil {
		return hColumn{}, err
	}
	bar.Finish()
	if total := sum(lv.Positions); total != cosets.HSize {
		return hColumn{}, fmt.Errorf("self-check failed: H's search in %v reached %d positions within %d, not %d", m, total, maxHDepth, int64(cosets.HSize))
	}
	// The positions the prepass after the last search reached were all
	// that were left: all exactly that far.
	exactTo := min(depth, len(lv.Positions)-1)
	if len(lv.Positions)-1 == depth+1 {
		exactTo++
	}
	levelParams(params, name, depth, exactTo, lv)
	params[name+"_method"] = "the bitmap coset solver in the metric on H itself (a level: the prepass by the metric's moves in H, inverses, the search of the words of axis moves of the level's cost beginning and ending outside H, from symmetric roots once H has 1e8 positions; where a depth's prepass leaves at most 1000 positions that can be at the depth, each class of them asked of the optimal solver instead), then prepasses and inverses alone"
	return hColumn{levels: lv.Positions, exactTo: exactTo, parity: m == cube.QTM}, nil
}

// decideWith lets search decide a depth's few positions left with the
// optimal solver, reporting the classes decided on a bar.
func decideWith(env *Env, search *cosets.MetricSolver, optimal *solver.Solver, m cube.Metric, params map[string]string) {
	search.DecideLeftWith(optimal)
	var bar *progress.Reporter
	search.ClassesDecided = func(d, done, total int) {
		if done == 0 {
			env.Log.Info("the positions left decided by the optimal solver, a class at a time", "metric", m, "depth", d, "classes", total)
			bar = env.Progress(fmt.Sprintf("classes of positions left at %v depth %d decided by the optimal solver", m, d), int64(total))
		} else {
			bar.Add(1)
		}
		if done == total {
			bar.Finish()
			params[fmt.Sprintf("%s.depth%02d_left_decided", strings.ToLower(m.String()), d)] = fmt.Sprintf("the optimal solver's, %d classes", total)
		}
	}
}

// levelParams puts the provenance of H's search in a metric (name, in
// lower case) into params: the depth searched, the depth exact to, and
// each level's probes and seconds.
func levelParams(params map[string]string, name string, depth, exactTo int, lv cosets.CosetLevels) {
	params[name+"_search_depth"] = strconv.Itoa(depth)
	params[name+"_exact_to"] = strconv.Itoa(exactTo)
	for d := range lv.Positions {
		params[fmt.Sprintf("%s.depth%02d", name, d)] = fmt.Sprintf("probes=%d prepass_seconds=%.1f search_seconds=%.1f", lv.Probes[d], lv.PrepassSeconds[d], lv.SearchSeconds[d])
	}
}

// hSearchExtras says what H's search in a metric holds beside need (its
// bitmaps and the coset moves) and the step masks, where they fit: first
// the optimal solver's big table (built once per machine, loaded when a
// depth first needs it), which decides a depth's few positions left one
// class at a time, then the table meeting them in the middle.
func hSearchExtras(env *Env, need uint64) (decide, meet bool) {
	need = withStepMasks(env, need)
	if big := coord.BigTable.Bytes(); env.MemBudget >= need+big {
		decide, need = true, need+big
	}
	return decide, env.MemBudget >= need+uint64(cosets.MeetBytes)
}

// maxHDepth bounds the depths of H's search in QTM: every position of H is
// within 18 moves of A, a half turn 2 quarter turns.
const maxHDepth = 36

// sum adds up counts.
func sum(counts []int64) int64 {
	var n int64
	for _, c := range counts {
		n += c
	}
	return n
}

// solveCosets solves the classes of cosets --cosets names, in order, and
// returns cosets.arrow (a row per coset) and coset_levels.arrow (a row per
// coset and depth).
func solveCosets(ctx context.Context, env *Env, prove cosetProver, table *coord.CosetTable, params map[string]string) (list, levels, unsolved *tables.Table, err error) {
	o := env.Options
	list = tables.NewTable("cosets",
		tables.Column{Name: "coset", Kind: tables.Int64, Doc: "the class's number, 0 to 138,639,779, in the list of cosets of H reduced by the 16 symmetries that keep H"},
		tables.Column{Name: "twist", Kind: tables.Int64, Doc: "the representative coset's corner twist (phase 1's coordinate)"},
		tables.Column{Name: "flip", Kind: tables.Int64, Doc: "the representative coset's edge flip"},
		tables.Column{Name: "slice", Kind: tables.Int64, Doc: "the representative coset's places of the middle edges"},
		tables.Column{Name: "representative", Kind: tables.String, Doc: "a shortest maneuver from the solved cube into the representative coset: the coset is H followed by it"},
		tables.Column{Name: "mode", Kind: tables.String, Doc: "bound (every position proven within the bound) or exact (positions counted at each depth to the search depth)"},
		tables.Column{Name: "search_depth", Kind: tables.Int64, Doc: "the last depth searched: positions are counted exactly to it"},
		tables.Column{Name: "bound", Kind: tables.Int64, Nullable: true, Doc: "the bound of a proof; null in exact mode"},
		tables.Column{Name: "proven", Kind: tables.Bool, Nullable: true, Doc: "every position within the bound; null in exact mode"},
		tables.Column{Name: "max_distance", Kind: tables.Int64, Nullable: true, Doc: "the coset's greatest distance, where the search found every position; else null"},
		tables.Column{Name: "left", Kind: tables.Int64, Doc: "positions the prepasses left, for the two-phase solver (in QTM and STM only when at most 100,000)"},
		tables.Column{Name: "unsolved", Kind: tables.Int64, Doc: "positions of those the two-phase solver (in the metric, within its node budget) did not solve within the bound, each a failure of the proof (in QTM and STM all of them when more than 100,000 were left), listed in cosets_unsolved"},
		tables.Column{Name: "seconds", Kind: tables.Float64, Doc: "wall-clock time of the coset"},
	)
	levels = tables.NewTable("coset_levels",
		tables.Column{Name: "coset", Kind: tables.Int64, Doc: "the class's number (cosets.arrow)"},
		tables.Column{Name: "depth", Kind: tables.Int64, Doc: "moves from the solved cube"},
		tables.Column{Name: "positions", Kind: tables.Int64, Doc: "positions first found at that depth: exactly those at that distance where exact, else positions within that depth reached first by its prepass"},
		tables.Column{Name: "exact", Kind: tables.Bool, Doc: "whether the depth was searched, so that positions is the count at that distance"},
		tables.Column{Name: "probes", Kind: tables.Int64, Doc: "sequences of the depth's search that ended in H (where it met the positions left in the middle, those ending at one of them)"},
		tables.Column{Name: "prepass_seconds", Kind: tables.Float64, Doc: "time of the depth's prepass"},
		tables.Column{Name: "search_seconds", Kind: tables.Float64, Doc: "time of the depth's search"},
	)
	unsolved = tables.NewTable("cosets_unsolved",
		tables.Column{Name: "coset", Kind: tables.Int64, Doc: "the class's number (cosets.arrow)"},
		tables.Column{Name: "position", Kind: tables.String, Doc: "a position of the coset not proven within the bound, as 54 facelets (seed 004's order): one the two-phase solver did not solve (in QTM and STM, one the prepasses left when they left more than 100,000); at most 1,000 a coset, the first by their coordinates in H (cosets.arrow counts them all)"},
	)
	classes := table.Classes()
	plan := cosets.Plan{SearchDepth: int(o.CosetSearchDepth), Bound: int(o.Bound), SearchBelow: searchBelow, Partial: true}
	mode := "bound"
	if o.Bound == 0 {
		mode, plan.Bound = "exact", int(o.CosetSearchDepth)
	}
	first, count := o.Cosets.First, o.Cosets.Count // units (CosetRange.Class)
	params[unitsParam], params[shardKeyParam], params[shardListParam] = o.Cosets.String(), "coset", "cosets"
	if env.Shard != nil {
		first, count = env.Shard.Part(first, count)
		params[shardParam], params[shardUnitsParam] = env.Shard.String(), unitRange{first, count}.String()
	}
	params["coset_search_depth"] = strconv.Itoa(int(o.CosetSearchDepth))
	params["bound"] = strconv.Itoa(int(o.Bound))
	params["cosets"] = o.Cosets.String()
	params["search_below"] = strconv.FormatInt(searchBelow, 10)
	params["coset_table_sha256.HTM"] = table.Checksum()

	// A checkpoint after each coset: a shard of a thousand cosets runs for
	// hours, and a task a cluster stops resumes where it was.
	metric := params["coset_metric"]
	settings := fmt.Sprintf("cosets %v units %d:%d mode %s search %d bound %d metric %s table %s", &o.Cosets, first, count, mode, plan.SearchDepth, plan.Bound, metric, params["coset_table_sha256."+metric])
	ckpt, save, err := cosetsCheckpoints.use(env, "range", settings)
	if err != nil {
		return nil, nil, nil, err
	}
	if ckpt == nil {
		ckpt = &cosetsCheckpoint{stamped: stamped{Settings: settings}}
	}
	bar := env.Progress("cosets solved", count)
	bar.Add(int64(len(ckpt.Done)))
	for u := first + int64(len(ckpt.Done)); u < first+count; u++ {
		done, err := solveClass(ctx, env, prove, table, classes, o.Cosets.Class(u), plan, mode)
		if err != nil {
			return nil, nil, nil, err
		}
		ckpt.Done = append(ckpt.Done, done)
		if save != nil {
			if err := save(ckpt); err != nil {
				return nil, nil, nil, err
			}
		}
		bar.Add(1)
	}
	bar.Finish()
	for _, c := range ckpt.Done {
		list.Append(c.Coset, c.Twist, c.Flip, c.Slice, c.Representative, c.Mode, c.SearchDepth, optional(c.Bound), optional(c.Proven),
			optional(c.MaxDistance), c.Left, c.Unsolved, c.Seconds)
		for _, l := range c.Levels {
			levels.Append(c.Coset, l.Depth, l.Positions, l.Exact, l.Probes, l.PrepassSeconds, l.SearchSeconds)
		}
		for _, position := range c.Listed {
			unsolved.Append(c.Coset, position)
		}
	}
	return list, levels, unsolved, nil
}

// cosetDone is one coset's row of cosets.arrow and rows of
// coset_levels.arrow, as a checkpoint keeps them.
type cosetDone struct {
	Coset, Twist, Flip, Slice int64
	Representative, Mode      string
	SearchDepth               int64
	Bound                     *int64
	Proven                    *bool
	MaxDistance               *int64
	Left, Unsolved            int64
	Seconds                   float64
	Levels                    []levelDone
	// Listed are the first positions not proven (facelets).
	Listed []string `json:",omitempty"`
}

// levelDone is a row of coset_levels.arrow.
type levelDone struct {
	Depth, Positions, Probes      int64
	Exact                         bool
	PrepassSeconds, SearchSeconds float64
}

// cosetsCheckpoint is a range's cosets done so far, for the settings of
// the run that did them.
type cosetsCheckpoint struct {
	stamped
	Done []cosetDone
}

var cosetsCheckpoints = jsonCheckpoints(func(c *cosetsCheckpoint) *stamped { return &c.stamped },
	func(c *cosetsCheckpoint) string { return fmt.Sprintf("%d cosets done", len(c.Done)) })

// optional is a nullable column's value: nil for a nil pointer.
func optional[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// solveClass solves the representative coset of class i.
func solveClass(ctx context.Context, env *Env, prove cosetProver, table *coord.CosetTable, classes *coord.CosetClasses, i int64, plan cosets.Plan, mode string) (cosetDone, error) {
	start := time.Now()
	x := classes.Rep(i)
	moves := table.Maneuver(x)
	r := cube.Solved
	for _, m := range moves {
		r.Move(&r, m)
	}
	// The positions left take minutes in QTM and STM: a bar for each try.
	var bar *progress.Reporter
	plan.Solving = func(done, total int) {
		switch {
		case done == 0:
			bar = env.Progress(fmt.Sprintf("coset %d: positions left, solved by the two-phase solver", i), int64(total))
		case done == total:
			bar.Add(1)
			bar.Finish()
		default:
			bar.Add(1)
		}
	}
	p, err := prove(ctx, r, plan, mode)
	if err != nil {
		return cosetDone{}, err
	}
	if n := p.UnsolvedCount(); n > 0 {
		env.Log.Warn("positions of the coset not proven within the bound (listed in cosets_unsolved)", "coset", i, "bound", plan.Bound, "positions", n)
	}
	done := cosetDone{
		Coset: i, Twist: int64(x.Twist), Flip: int64(x.Flip), Slice: int64(x.Slice),
		Representative: cube.FormatManeuver(moves), Mode: mode, SearchDepth: int64(p.Searched),
		Left: p.Left, Unsolved: p.UnsolvedCount(),
	}
	for _, c := range p.Unsolved[:min(len(p.Unsolved), maxListedUnsolved)] {
		done.Listed = append(done.Listed, c.Facelets())
	}
	if mode == "bound" {
		bound, proven := int64(plan.Bound), p.Proven()
		done.Bound, done.Proven = &bound, &proven
	}
	if sum(p.Positions[:p.Searched+1]) == cosets.HSize {
		d := p.Searched
		for d > 0 && p.Positions[d] == 0 {
			d--
		}
		maxDistance := int64(d)
		done.MaxDistance = &maxDistance
	}
	for d, n := range p.Positions {
		done.Levels = append(done.Levels, levelDone{int64(d), n, p.Probes[d], d <= p.Searched, p.PrepassSeconds[d], p.SearchSeconds[d]})
	}
	done.Seconds = time.Since(start).Seconds()
	return done, nil
}

// cosetDistances counts the cosets of H at each distance from H in HTM,
// QTM and STM, from the solver's phase-1 tables (exact), and records each
// table's hash in params.
func cosetDistances(env *Env, tbl *coord.Tables, params map[string]string) (*tables.Table, error) {
	t := tables.NewTable("coset_distance",
		tables.Column{Name: "metric", Kind: tables.String, Doc: "HTM (face turns), QTM (quarter turns) or STM (face and slice turns, relative to the centers)"},
		tables.Column{Name: "depth", Kind: tables.Int64, Doc: "distance from H: the fewest moves taking the coset's positions into H"},
		tables.Column{Name: "cosets", Kind: tables.Int64, Doc: "cosets of H at that distance, of all 2,217,093,120 (not reduced by symmetry)"},
	)
	for _, m := range cube.Metrics {
		table, err := tbl.CosetTable(m)
		if err != nil {
			return nil, err
		}
		var total int64
		for d, n := range table.Distribution(env.Workers) {
			t.Append(m.String(), int64(d), n)
			total += n
		}
		if total != coord.NCosets {
			return nil, fmt.Errorf("self-check failed: %d cosets at a distance in %v, not %d", total, m, int64(coord.NCosets))
		}
		params["coset_table_sha256."+m.String()] = table.Checksum()
	}
	return t, nil
}
