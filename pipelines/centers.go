package pipelines

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cubecensus/cubecensus/centers"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/progress"
	"github.com/cubecensus/cubecensus/internal/sealed"
	"github.com/cubecensus/cubecensus/meet"
	"github.com/cubecensus/cubecensus/tables"
)

// The centers stage: God's algorithm for the 2048 center-twist states
// (seed 000, "Cubes with Twisted Centers") in HTM, QTM and STM, by meeting
// every relation of each length (package centers), with honest bounds
// where the budget stops a search.
var centersStage = Stage{
	Name:   "centers",
	Doc:    "God's algorithm for the 2048 twisted-center states (HTM, QTM, STM) by meet in the middle; 74 classes",
	Tables: []string{"centers_states", "centers_classes", "centers_distribution"},
	Check:  checkCenters,
	Run:    runCenters,
	// A shard searches part of one metric's next depth (centers_shard.go).
	ShardTables: []string{"centers_units", "centers_hits"},
}

// DefaultCentersBudget is the probes each metric's search may make in a
// default run: about two minutes a metric on 2 cores (the stored sides'
// builds take as long again), leaving the deep depths
// (and their proofs) to a run with a larger budget (see docs/centers.md).
const DefaultCentersBudget = 1_000_000_000

// centersReserve is memory the stage keeps outside its tables: relations,
// result tables.
const centersReserve = 256 << 20

// storedDepthCenters is the deepest stored side of metric m's search that
// the memory budget allows, beside what the stage keeps outside it, and its
// probe budget is worth building.
func storedDepthCenters(env *Env, m cube.Metric) (int, error) {
	if env.MemBudget <= centersReserve {
		return 0, fmt.Errorf("%w: --mem-budget %s is too small for the centers stage (it keeps %s besides its search's table)", ErrTooBig, FormatBytes(env.MemBudget), FormatBytes(centersReserve))
	}
	keep := uint64(centersReserve)
	if env.Options.CentersPrune[m] > 0 {
		keep += centers.PruneBytes()
		if env.MemBudget <= keep {
			return 0, fmt.Errorf("%w: --mem-budget %s is too small for the centers stage's %s search with its pruning table (%s; --centers-prune-from 0 goes without)",
				ErrTooBig, FormatBytes(env.MemBudget), m, FormatBytes(centers.PruneBytes()))
		}
	}
	k, err := centers.ChooseStoredDepth(m, env.MemBudget-keep, int64(env.Options.CentersBudget[m]))
	if err != nil {
		return 0, fmt.Errorf("%w: --mem-budget %s: %v", ErrTooBig, FormatBytes(env.MemBudget), err)
	}
	// The probe budget weighs in the choice, so a run resumed with another
	// budget would choose another stored depth, pass its checkpoint by and
	// start over: a checkpoint of this build keeps its own where it fits.
	cut := (&centers.Config{PruneFrom: env.Options.CentersPrune[m]}).Cut()
	if c := centersCheckpoints.resumable(env, m.String()); c != nil && c.StoredDepth != k &&
		c.Cut == cut && centers.StoredBytes(m, c.StoredDepth) <= env.MemBudget-keep {
		return c.StoredDepth, nil
	}
	return k, nil
}

// checkCenters refuses a memory budget too small for a search, and tables to
// continue from that cannot be read.
func checkCenters(env *Env) error {
	if err := checkCentersShards(env); err != nil {
		return err
	}
	for _, m := range env.Options.CentersMetrics {
		if _, err := storedDepthCenters(env, m); err != nil {
			return err
		}
		if dir := string(env.Options.CentersContinue); dir != "" {
			if _, err := centersStart(dir, m, map[string]string{}); err != nil && !errors.Is(err, errNotSearched) {
				return fmt.Errorf("%w: %w", ErrOption, err)
			}
		}
	}
	return nil
}

func runCenters(ctx context.Context, env *Env) (*Output, error) {
	if env.Shard != nil {
		return runCentersShard(ctx, env)
	}
	metrics, budget := env.Options.CentersMetrics, env.Options.CentersBudget
	params := map[string]string{"budget": budget.String(), "metrics": metrics.String(), "prune_from": env.Options.CentersPrune.String(), "max_depth": env.Options.CentersMaxDepth.String()}
	found := map[cube.Metric]*centers.Result{}
	var done MetricList // in table order: the metrics searched, then those carried over
	for _, m := range metrics {
		search := func() (*centers.Result, error) { return searchCenters(ctx, env, m, int64(budget[m]), params) }
		if env.Options.CentersHits != "" {
			search = func() (*centers.Result, error) { return settleCenters(env, m, params) }
		}
		r, err := search()
		if err != nil {
			return nil, err
		}
		found[m], done = r, append(done, m)
	}
	if dir := string(env.Options.CentersContinue); dir != "" {
		for _, m := range cube.Metrics {
			if found[m] != nil {
				continue
			}
			r, err := carryCenters(ctx, dir, m, params)
			if err != nil {
				return nil, err
			}
			if r != nil {
				found[m], done = r, append(done, m)
			}
		}
	}
	seed, err := centers.Seed000()
	if err != nil {
		return nil, err
	}
	cells := make([][]any, centers.NStates) // each state's metric cells, its maneuvers checked once
	for _, s := range centers.States {
		if cells[s.Index()], err = metricCells(found, s); err != nil {
			return nil, err
		}
	}
	return &Output{
		Tables: []*tables.Table{centersStates(cells), centersClasses(cells, seed), centersDistribution(done, found)},
		Params: params,
	}, nil
}

// searchCenters runs one metric's search as planned for the memory budget,
// reporting progress per depth.
func searchCenters(ctx context.Context, env *Env, m cube.Metric, budget int64, params map[string]string) (*centers.Result, error) {
	search, finish, err := centersSearches.config(env, m, budget)
	if err != nil {
		return nil, err
	}
	search.MaxDepth = env.Options.CentersMaxDepth[m]
	cfg := centers.Config{Config: search, PruneFrom: env.Options.CentersPrune[m]}
	tableBars(env, &cfg, finish)
	if kept, err := useSearchCheckpoints(env, centersCheckpoints, &cfg.Config, cfg.Cut()); err != nil {
		return nil, err
	} else if kept {
		keepCentersTables(env, &cfg)
	}
	// A resumed search takes what it started from out of its checkpoint;
	// the tables it continued from still give the figures of the depths
	// they searched.
	if dir := string(env.Options.CentersContinue); dir != "" {
		start, err := centersStart(dir, m, params)
		switch {
		case errors.Is(err, errNotSearched): // the tables hold other metrics: this one starts afresh
			env.Log.Info("centers: the tables to continue from did not search this metric; it starts from depth 1", "metric", m, "from", dir)
		case err != nil:
			return nil, err
		case cfg.Resume == nil:
			cfg.Start = start
			env.Log.Info("centers: continuing", "metric", m, "from", dir, "exhaustive", start.Exhaustive, "proven", len(start.Known))
		}
	}
	r, err := centers.Search(ctx, cfg)
	finish()
	if err != nil {
		return nil, err
	}
	searchedParams(&cfg.Config, &r.Result, params)
	resultParams(r, params)
	return r, nil
}

// resultParams records in params what a search of r.Metric did at each
// depth and where it left the metric.
func resultParams(r *centers.Result, params map[string]string) {
	m := r.Metric
	for _, st := range r.Depths {
		params[fmt.Sprintf("%s.depth%02d", m, st.Depth)] = fmt.Sprintf("open=%d probes=%d nodes=%d found=%d exhaustive=%v seconds=%.3f table_seconds=%.3f",
			st.Open, st.Probes, st.Nodes, st.Found, st.Exhaustive, st.Elapsed.Seconds(), st.Table.Seconds())
	}
	params[m.String()+".stored_depth"] = strconv.Itoa(r.StoredDepth)
	params[m.String()+".exhaustive_depth"] = strconv.Itoa(r.Exhaustive)
	params[m.String()+".unresolved"] = strconv.Itoa(unresolved(r))
}

// tableBars shows the builds of cfg's stored side and pruning tables with
// progress bars; before is called as a pruning table's build begins (it
// finishes the last depth's bar).
func tableBars(env *Env, cfg *centers.Config, before func()) {
	var tableBar *progress.Reporter
	var tableReached int64
	var stored *progress.Reporter
	cfg.StoredProgress = func(done, total int64) {
		if stored == nil {
			stored = env.Progress(fmt.Sprintf("centers %s stored side (parts of 2 passes)", cfg.Metric), total)
		}
		stored.Add(1)
		if done == total {
			stored.Finish()
		}
	}
	cfg.TableProgress = func(level int, reached, total int64) {
		if tableBar == nil {
			before()
			tableBar = env.Progress(fmt.Sprintf("centers %s pruning table (entries)", cfg.Metric), total)
		}
		tableBar.Add(reached - tableReached)
		tableReached = reached
		if reached == total {
			tableBar.Finish()
			tableBar, tableReached = nil, 0
		}
	}
}

// unresolved counts the states whose distance r does not know.
func unresolved(r *centers.Result) int {
	n := 0
	for _, s := range centers.States {
		if !r.Known(s) {
			n++
		}
	}
	return n
}

// carryCenters takes metric m over unsearched from the centers tables in
// dir, when they hold it: what they prove, with bounds from its sums again,
// and the provenance of the run that did it. It returns nil where the
// tables did not search m.
func carryCenters(ctx context.Context, dir string, m cube.Metric, params map[string]string) (*centers.Result, error) {
	start, err := centersStart(dir, m, params)
	if errors.Is(err, errNotSearched) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r, err := centers.Search(ctx, centers.Config{Config: meet.Config{Metric: m, StoredDepth: 1, MaxDepth: start.Exhaustive}, Start: start})
	if err != nil {
		return nil, err
	}
	params[m.String()+".exhaustive_depth"] = strconv.Itoa(r.Exhaustive)
	params[m.String()+".unresolved"] = strconv.Itoa(unresolved(r))
	params[m.String()+".carried"] = "not searched by this run: taken over from " + dir
	return r, nil
}

// errNotSearched is centersStart's error for tables that did not search the
// metric.
var errNotSearched = errors.New("the tables did not search this metric")

// centersStart reads what the centers tables in dir prove for metric m, for
// a search to continue from: the depth through which every depth was
// exhaustive, and each state whose distance is proven, with its maneuver
// parsed back into a word (Search checks it again). The per-depth figures
// of the run that made the tables go into params, and a record of where
// the search continues from.
func centersStart(dir string, m cube.Metric, params map[string]string) (*centers.Start, error) {
	statesPath := filepath.Join(dir, "centers_states"+tables.Extension)
	states, prov, err := tables.Read(statesPath)
	if err != nil {
		return nil, fmt.Errorf("--centers-continue-from: %w", err)
	}
	distPath := filepath.Join(dir, "centers_distribution"+tables.Extension)
	dist, _, err := tables.Read(distPath)
	if err != nil {
		return nil, fmt.Errorf("--centers-continue-from: %w", err)
	}
	exhaustive := -1
	for _, row := range dist.Rows { // rows run by metric, then depth
		if cell(dist, row, "metric") == m.String() && cell(dist, row, "exhaustive") == true && cell(dist, row, "depth") == int64(exhaustive+1) {
			exhaustive++
		}
	}
	if exhaustive < 0 {
		return nil, fmt.Errorf("--centers-continue-from: %s: %s: %w", distPath, m, errNotSearched)
	}
	p := strings.ToLower(m.String())
	start := &centers.Start{Exhaustive: exhaustive, Known: map[centers.State]cube.Word{}, Bounds: map[centers.State]cube.Word{}}
	for _, row := range states.Rows {
		s, _ := cell(states, row, "state").(int64)
		text, _ := cell(states, row, p+"_maneuver").(string)
		d, ok := cell(states, row, p+"_distance").(int64)
		if !ok { // an upper bound, if any, kept where the new run finds none better
			if moves, err := cube.ParseManeuver(text); err == nil && text != "" {
				if w, err := cube.WordOf(moves); err == nil {
					start.Bounds[centers.State(s)] = w
				}
			}
			continue
		}
		moves, err := cube.ParseManeuver(text)
		if err != nil {
			return nil, fmt.Errorf("--centers-continue-from: %s, state %d: %w", statesPath, s, err)
		}
		w, err := cube.WordOf(moves)
		if err != nil || w.Cost(m) != int(d) {
			return nil, fmt.Errorf("--centers-continue-from: %s, state %d: the %s maneuver %q does not cost its distance %d", statesPath, s, m, text, d)
		}
		start.Known[centers.State(s)] = w
	}
	for key, value := range prov.Params { // the run's own figures of the depths it did (a new search overwrites those it redoes)
		if strings.HasPrefix(key, m.String()+".") && !slices.Contains(runOnly, strings.TrimPrefix(key, m.String()+".")) {
			params[key] = value
		}
	}
	params[m.String()+".continued"] = fmt.Sprintf("from %s (commit %s, written %s): exhaustive through %d, %d states proven; each depth keeps the figures of the last run that searched it",
		statesPath, prov.Commit, prov.End.UTC().Format(time.RFC3339), exhaustive, len(start.Known))
	return start, nil
}

// runOnly are the per-metric parameters that tell how the run that wrote
// them got where it did (continued, carried over, resumed, settled from
// shards), not what a depth did: a run continuing from its tables does
// not take them over.
var runOnly = []string{"continued", "carried", "resumed", "settled"}

// centersSearches describes the stage's searches to the pipeline.
var centersSearches = searchStage{name: "centers", unit: " (chunks)", entries: centers.StoredEntries, bytes: centers.StoredBytes, storedDepth: storedDepthCenters}

// centersCheckpoints is how the pipeline keeps the centers stage's
// checkpoints.
var centersCheckpoints = searchCheckpoints(centers.NStates)

// keepCentersTables makes a search that keeps checkpoints keep its tables
// too: the pruning table beside its checkpoint, and the stored side in the
// table cache, versioned by the code that builds it (the long runs are
// those that keep checkpoints, and a resumed run, or every shard of a job
// array given one CUBECENSUS_CACHE on a shared file system, then builds it
// once).
func keepCentersTables(env *Env, cfg *centers.Config) {
	cfg.Tables = centersTableFile{env, env.CheckpointPath(cfg.Metric.String() + "-prune")}
	cfg.StoredCache = &centers.StoredCache{Report: func(name string, read bool, refused, keepErr error) {
		if refused != nil {
			env.Log.Warn("centers: a kept stored side was refused; built again", "table", name, "reason", refused)
		}
		switch {
		case read:
			env.Log.Info("centers: stored side read from the table cache", "table", name)
		case keepErr != nil:
			env.Log.Warn("centers: the stored side could not be kept in the table cache; the next run builds it again", "table", name, "error", keepErr)
		default:
			env.Log.Info("centers: stored side kept in the table cache", "table", name)
		}
	}}
}

// centersTableFile keeps a metric's pruning table beside its checkpoint (and
// is removed with it), so that a resumed run loads the table instead of
// building it again.
type centersTableFile struct {
	env  *Env
	path string
}

func (f centersTableFile) Load() *centers.PruneTable {
	data, err := sealed.ReadAll(f.path, centersPruneKind, checkpointFormat)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	var t *centers.PruneTable
	if err == nil {
		t, err = centers.DecodePruneTable(bytes.NewReader(data))
	}
	if err != nil {
		setAside(f.env, f.path, err.Error())
		return nil
	}
	return t
}

// centersPruneKind names a pruning table kept beside a checkpoint.
const centersPruneKind = "cubecensus centers pruning table"

func (f centersTableFile) Save(t *centers.PruneTable) error {
	return writeSealed(f.path, centersPruneKind, t.Encode)
}

// metricColumns are the four columns a table gives each metric.
func metricColumns(what string) []tables.Column {
	var cols []tables.Column
	for _, m := range cube.Metrics {
		p := strings.ToLower(m.String())
		cols = append(cols,
			tables.Column{Name: p + "_distance", Kind: tables.Int64, Nullable: true, Doc: "distance in " + m.String() + ", null where only bounds are known or the metric was not searched"},
			tables.Column{Name: p + "_lower", Kind: tables.Int64, Nullable: true, Doc: "proven lower bound of the " + m.String() + " distance"},
			tables.Column{Name: p + "_upper", Kind: tables.Int64, Nullable: true, Doc: "upper bound of the " + m.String() + " distance: the maneuver's length; null where none is known"},
			tables.Column{Name: p + "_maneuver", Kind: tables.String, Nullable: true, Doc: "a maneuver from the solved cube to " + what + " of length " + p + "_upper in " + m.String() + "'s notation (optimal where " + p + "_distance is set)"},
		)
	}
	return cols
}

// metricCells are a state's cells of metricColumns, its maneuver checked as
// a reader would check it: parsed back from its text and applied to the
// supercube model, it must give the state with the stated length.
func metricCells(found map[cube.Metric]*centers.Result, s centers.State) ([]any, error) {
	var row []any
	for _, m := range cube.Metrics {
		r, ok := found[m]
		if !ok {
			row = append(row, nil, nil, nil, nil)
			continue
		}
		i := s.Index()
		var dist, upper, text any
		if r.Known(s) {
			dist = int64(r.Upper[i])
		}
		if r.Upper[i] >= 0 {
			t := cube.FormatManeuver(r.Word[i].Moves(m))
			if err := checkCenterManeuver(t, s, m, r.Upper[i]); err != nil {
				return nil, err
			}
			upper, text = int64(r.Upper[i]), t
		}
		row = append(row, dist, int64(r.Lower[i]), upper, text)
	}
	return row, nil
}

// checkCenterManeuver parses a maneuver's text and applies it to the
// supercube: it must solve the cubies, give state s and have length n in m.
func checkCenterManeuver(text string, s centers.State, m cube.Metric, n int) error {
	moves, err := cube.ParseManeuver(text)
	if err != nil {
		return fmt.Errorf("self-check failed: the %s maneuver of %v does not parse: %w", m, s, err)
	}
	c := centers.NewSupercube()
	c.ApplyAll(moves)
	if got, err := c.Result(); err != nil || got != s {
		return fmt.Errorf("self-check failed: the %s maneuver %q of %v gives %v (%v)", m, text, s, got, err)
	}
	if length := m.Length(moves); length != n {
		return fmt.Errorf("self-check failed: the %s maneuver %q of %v has length %d, the table says %d", m, text, s, length, n)
	}
	return nil
}

// centersStates is the 2048-row table of states, given their metric cells.
func centersStates(cells [][]any) *tables.Table {
	cols := []tables.Column{
		{Name: "state", Kind: tables.Int64, Doc: "the state's number: the twists of U R F D L B as base-4 digits, U first"},
	}
	for _, f := range []string{"u", "r", "f", "d", "l", "b"} {
		cols = append(cols, tables.Column{Name: f, Kind: tables.Int64, Doc: "quarter turns of the " + strings.ToUpper(f) + " center, clockwise seen from outside, 0..3"})
	}
	cols = append(cols,
		tables.Column{Name: "notation", Kind: tables.String, Doc: "seed 000's notation, faces in the order u d f b r l: u+ clockwise, u++ half, u- counterclockwise"},
		tables.Column{Name: "class", Kind: tables.Int64, Doc: "the class under the 48 symmetries and inversion (centers_classes)"},
	)
	cols = append(cols, metricColumns("the state")...)
	t := tables.NewTable("centers_states", cols...)
	for _, s := range centers.States {
		row := []any{int64(s)}
		for _, x := range s.Twists() {
			row = append(row, int64(x))
		}
		row = append(row, s.String(), int64(s.Class()))
		t.Append(append(row, cells[s.Index()]...)...)
	}
	return t
}

// centersClasses is the table of classes, with seed 000's printed lengths
// beside the computed ones; a class's metric cells are its representative's.
func centersClasses(cells [][]any, seed []centers.SeedLine) *tables.Table {
	cols := []tables.Column{
		{Name: "class", Kind: tables.Int64, Doc: "class number, in order of the representatives"},
		{Name: "representative", Kind: tables.Int64, Doc: "the least state number in the class"},
		{Name: "notation", Kind: tables.String, Doc: "the representative in seed 000's notation"},
		{Name: "size", Kind: tables.Int64, Doc: "states in the class"},
	}
	cols = append(cols, metricColumns("the representative")...)
	cols = append(cols,
		tables.Column{Name: "seed000_htm", Kind: tables.Int64, Nullable: true, Doc: "the face-turn length seed 000 prints for the class (an oracle to compare with, not computed)"},
		tables.Column{Name: "seed000_stm", Kind: tables.Int64, Nullable: true, Doc: "the slice-turn length seed 000 prints for the class (an oracle to compare with, not computed)"},
		tables.Column{Name: "seed000_lines", Kind: tables.String, Nullable: true, Doc: "seed 000's lines whose maneuvers give a state of the class, as printed (newline-separated), for comparison"},
	)
	t := tables.NewTable("centers_classes", cols...)
	for _, c := range centers.Classes() {
		row := []any{int64(c.ID), int64(c.Rep), c.Rep.String(), int64(len(c.Members))}
		row = append(row, cells[c.Rep.Index()]...)
		var htm, stm, text any
		var lines []string
		for _, l := range seed {
			if l.State.Class() != c.ID {
				continue
			}
			lines = append(lines, l.Text)
			if l.FaceLength > 0 {
				htm = int64(l.FaceLength)
			}
			if l.SliceLength > 0 {
				stm = int64(l.SliceLength)
			}
		}
		if len(lines) > 0 {
			text = strings.Join(lines, "\n")
		}
		t.Append(append(row, htm, stm, text)...)
	}
	return t
}

// centersDistribution counts states and classes by distance for each
// metric, with what is proven.
func centersDistribution(metrics MetricList, found map[cube.Metric]*centers.Result) *tables.Table {
	classes := map[cube.Metric][]int64{} // proven at each distance
	levels := func(m cube.Metric) []meet.Level {
		r := found[m]
		levels := r.Levels()
		classes[m] = make([]int64, len(levels))
		for _, c := range centers.Classes() {
			if r.Known(c.Rep) {
				classes[m][r.Upper[c.Rep.Index()]]++
			}
		}
		return levels
	}
	d := distribution{name: "centers_distribution", things: "states", depthDoc: "distance from the solved state in the metric",
		exhaustiveDoc: "every relation of this length was met, so states is the full count",
		extra:         []tables.Column{{Name: "classes", Kind: tables.Int64, Doc: "classes proven to be at exactly this distance"}},
		extraCells:    func(m cube.Metric, l meet.Level) []any { return []any{classes[m][l.Depth]} },
	}
	return d.table(metrics, levels)
}
