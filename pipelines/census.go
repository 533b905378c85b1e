package pipelines

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cosets"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
	"github.com/cubecensus/cubecensus/tables"
)

// The census stage: the whole cube counted by distance, coset by coset
// (cosets.CensusCounter): for every class of cosets of H under the 16
// symmetries that keep H, its representative's positions at each distance
// to a depth given per metric, weighted by the class's size (a coset and
// its conjugates hold as many positions at each distance). The classes are
// taken in blocks, the stage's units: a checkpoint after each block, and
// shards of blocks (--shard) merged by cubecensus merge and summed by a run
// given the merged folder (--census-blocks-from).
var censusStage = Stage{
	Name:        "census",
	Doc:         "the whole cube's positions at each distance in HTM, QTM and STM, counted coset by coset of H to a depth per metric",
	Tables:      []string{"census_distribution", "census_blocks", "census_cost"},
	Check:       checkCensus,
	Run:         runCensus,
	ShardTables: []string{"census_blocks"},
}

// DefaultCensusDepth is the census's depth in each metric by default: what
// make run counts in a few minutes (the published table goes further, from
// runs given their depths; docs/census.md).
var DefaultCensusDepth = MetricDepths{cube.HTM: 7, cube.QTM: 8, cube.STM: 6}

// censusBlockClasses is the number of classes of cosets in a block: 529
// blocks, each a few minutes of a deep run.
const censusBlockClasses = 1 << 18

// censusBlocks is the number of blocks.
const censusBlocks = (coord.NCosetClasses + censusBlockClasses - 1) / censusBlockClasses

// censusPilotSeed seeds the pilot's sample: the same classes on every
// machine.
const censusPilotSeed = 38

// censusChunk is the number of classes a worker takes at a time.
const censusChunk = 1024

func checkCensus(env *Env) error {
	o := env.Options
	counted := false
	for _, m := range cube.Metrics {
		counted = counted || o.CensusDepth[m] > 0
	}
	if !counted {
		return fmt.Errorf("%w: --census-depth %v: no metric to count (give one a depth above 0)", ErrOption, &o.CensusDepth)
	}
	if censusCap(env, 0) < censusMinPositions {
		need := uint64(env.Workers)*cosets.CensusCounterBytes(censusMinPositions) + censusTablesBytes
		return fmt.Errorf("%w: --mem-budget %s: the census keeps, for each of %d workers, a set of at least %d positions of a coset, and the coset tables: %s", ErrTooBig, FormatBytes(env.MemBudget), env.Workers, censusMinPositions, FormatBytes(need))
	}
	return nil
}

// censusMinPositions is the fewest positions a worker's set may be held
// to: with fewer, the cosets near H would all go to the bitmaps.
const censusMinPositions = 10_000_000

// censusTablesBytes is what the coset tables take: about 70 MB a
// metric, 80 MiB counted.
const censusTablesBytes = uint64(cube.NMetrics) * 80 << 20

// censusCap returns the most positions each worker's set keeps for one
// coset: cosets.CensusMaxPositions, or fewer where the budget, less the
// coset tables and beside (the step masks), holds no more at
// cosets.CensusCounterBytes a worker. A coset with more is counted in
// bitmaps after its block, the sets given back first (denseCensus).
func censusCap(env *Env, beside uint64) int {
	used := censusTablesBytes + beside
	if env.MemBudget <= used {
		return 0
	}
	per := (env.MemBudget - used) / uint64(env.Workers)
	lo, hi := 0, cosets.CensusMaxPositions
	for lo < hi { // the most whose bytes fit: CensusCounterBytes grows with its argument
		if mid := (lo + hi + 1) / 2; cosets.CensusCounterBytes(mid) <= per {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// censusCapOf is censusCap for the counters of census, beside its step
// masks if it has them.
func censusCapOf(env *Env, census *cosets.Census) int {
	if census.HasStepMasks() {
		return censusCap(env, uint64(cosets.StepMasksBytes()))
	}
	return censusCap(env, 0)
}

// censusBlockDone is one block's counts in one metric, as a checkpoint and
// census_blocks.arrow keep them.
type censusBlockDone struct {
	Block  int64
	Metric string
	// Positions[d] is the number of positions at distance d in the
	// block's cosets (every coset of its classes).
	Positions []int64
	Cosets    int64 // the cosets of its classes
	Probes    int64
	Seconds   float64
	// Build is the build that counted the block: a checkpoint resumes in
	// any build (censusCheckpoints), so its blocks may be of several.
	// Empty in the checkpoints of builds before the field, which resumed
	// only their own build: the checkpoint's stamp names it.
	Build string `json:",omitempty"`
}

// censusCheckpoint is the blocks done so far, each naming its metric and
// depth, and the settings of the last run that saved it.
type censusCheckpoint struct {
	stamped
	Done []censusBlockDone
}

var censusCheckpoints = func() checkpointOf[censusCheckpoint, string] {
	k := jsonCheckpoints(func(c *censusCheckpoint) *stamped { return &c.stamped },
		func(c *censusCheckpoint) string { return fmt.Sprintf("%d blocks done", len(c.Done)) })
	// A block's counts are exact whatever build counted them, as the
	// blocks --census-blocks-from takes from another build's run are:
	// so a later build goes on from the blocks done (a depth of hundreds
	// of core-hours is not begun again for a change elsewhere), and the
	// provenance names the builds that counted them.
	k.anyBuild = func(*censusCheckpoint) bool { return true }
	// Nor do its settings: each block names its metric and depth, so a
	// run takes the blocks of its own depth in each metric and keeps the
	// others in the file (a run to STM 11 resumes whatever depth it
	// takes QTM's blocks at).
	k.resumes = func(*censusCheckpoint, string) error { return nil }
	return k
}()

func runCensus(ctx context.Context, env *Env) (*Output, error) {
	o := env.Options
	tbl, err := coord.Load(coord.Config{Workers: env.Workers})
	if err != nil {
		return nil, err
	}
	first, count := o.CensusBlocks.First, o.CensusBlocks.Count
	params := map[string]string{
		"census_depth":  o.CensusDepth.String(),
		"block_classes": strconv.Itoa(censusBlockClasses),
		unitsParam:      o.CensusBlocks.String(),
		shardKeyParam:   "block",
		"method":        "per class of cosets of H under the 16 symmetries that keep H, its representative's positions within the depth in a hash set: every word of axis moves of cost up to the depth from the representative that reaches H by a move outside H, pruned by the cosets' distances in the metric, each position at the least cost a word found; then a level at a time, the last levels extended by the moves in H (the prepass); each class weighted by its number of cosets",
	}
	if env.Shard != nil {
		first, count = env.Shard.Part(first, count)
		params[shardParam], params[shardUnitsParam] = env.Shard.String(), unitRange{first, count}.String()
	}
	var metrics []cube.Metric
	for _, m := range cube.Metrics {
		if o.CensusDepth[m] > 0 {
			metrics = append(metrics, m)
		}
	}
	done := map[string]censusBlockDone{}
	if o.CensusBlocksFrom != "" {
		build, err := readCensusBlocks(string(o.CensusBlocksFrom), o.CensusDepth, done)
		if err != nil {
			return nil, err
		}
		params["blocks_from_build"] = build
	}
	settings := fmt.Sprintf("census depth %s blocks %d:%d", params["census_depth"], first, count)
	ckpt, save, err := censusCheckpoints.use(env, "blocks", settings)
	if err != nil {
		return nil, err
	}
	if ckpt == nil {
		ckpt = &censusCheckpoint{}
	}
	ckpt.Settings = settings // the last run's, for the reader
	build, err := tables.BuildID()
	if err != nil {
		return nil, err
	}
	resumedFrom := map[string]bool{}
	for i := range ckpt.Done {
		b := &ckpt.Done[i]
		if b.Build == "" {
			b.Build = ckpt.Build
		}
		m, err := cube.ParseMetric(b.Metric)
		if err != nil || len(b.Positions)-1 != o.CensusDepth[m] || b.Block < first || b.Block >= first+count {
			continue // another run's block, kept in the file
		}
		if b.Build != build {
			resumedFrom[b.Build] = true
		}
		done[censusKey(b.Metric, b.Block)] = *b
	}
	if len(resumedFrom) > 0 {
		params["blocks_resumed_from_builds"] = strings.Join(slices.Sorted(maps.Keys(resumedFrom)), ",")
	}
	censuses := &censusByMetric{env: env, tbl: tbl, params: params}
	for _, m := range metrics {
		countTo := o.CensusDepth[m]
		if !blocksLeft(done, m, first, count) {
			countTo = 0 // nothing to count here: no step masks to fill
		}
		census, table, err := censuses.of(m, countTo)
		if err != nil {
			return nil, err
		}
		params["coset_table_sha256."+m.String()] = table.Checksum()
		classes := table.Classes()
		counters := make([]*cosets.CensusCounter, env.Workers)
		limit := censusCapOf(env, census)
		for w := range counters {
			counters[w] = census.NewCounter()
			counters[w].MaxPositions = limit
		}
		params["max_coset_entries."+m.String()] = strconv.Itoa(limit)
		dense := &denseCensus{census: census, env: env}
		bar := env.Progress(fmt.Sprintf("census in %v to depth %d: blocks of %d classes", m, o.CensusDepth[m], censusBlockClasses), count)
		for b := first; b < first+count; b++ {
			if _, ok := done[censusKey(m.String(), b)]; ok {
				bar.Add(1)
				continue
			}
			d, err := censusBlock(ctx, env, table, classes, counters, dense, b, o.CensusDepth[m])
			if err != nil {
				return nil, err
			}
			d.Build = build
			done[censusKey(m.String(), b)] = d
			ckpt.Done = append(ckpt.Done, d)
			if save != nil {
				if err := save(ckpt); err != nil {
					return nil, err
				}
			}
			bar.Add(1)
		}
		bar.Finish()
	}
	blocks := censusBlocksTable(done, metrics, first, count)
	if env.Shard != nil {
		return &Output{Tables: []*tables.Table{blocks}, Params: params}, nil
	}
	dist, err := censusDistribution(done, metrics, params)
	if err != nil {
		return nil, err
	}
	cost, err := censusPilot(ctx, env, censuses, done, params)
	if err != nil {
		return nil, err
	}
	return &Output{Tables: []*tables.Table{dist, blocks, cost}, Params: params}, nil
}

// censusPilot is census_cost.arrow, the cost of a census in each metric at
// each depth: to the run's depth from its blocks' seconds, beyond it (to
// --census-pilot) from a random sample of classes, each counted to each
// depth on one worker; a sampled class over the counter's set is left out
// and counted in the row.
func censusPilot(ctx context.Context, env *Env, censuses *censusByMetric, done map[string]censusBlockDone, params map[string]string) (*tables.Table, error) {
	o := env.Options
	t := tables.NewTable("census_cost",
		tables.Column{Name: "metric", Kind: tables.String, Doc: "HTM, QTM or STM"},
		tables.Column{Name: "depth", Kind: tables.Int64, Doc: "the depth counted to"},
		tables.Column{Name: "source", Kind: tables.String, Doc: "run (the blocks this run counted: seconds of wall-clock time on its workers) or pilot (a random sample of classes, each on one worker)"},
		tables.Column{Name: "classes", Kind: tables.Int64, Doc: "classes of cosets timed"},
		tables.Column{Name: "over_cap", Kind: tables.Int64, Doc: "sampled classes with more positions within the depth than the counter's set holds (pilot_max_coset_entries in the provenance), left out of the estimate"},
		tables.Column{Name: "class_seconds", Kind: tables.Float64, Doc: "seconds of one core per class on average (run: wall-clock seconds times the workers over the classes)"},
		tables.Column{Name: "estimated_cpu_hours", Kind: tables.Float64, Doc: "core-hours to count all 138,639,780 classes at that rate, on the machine of the provenance"},
	)
	for _, m := range cube.Metrics {
		var classes int64
		var seconds float64
		for b := range int64(censusBlocks) {
			if d, ok := done[censusKey(m.String(), b)]; ok {
				classes += min(censusBlockClasses, coord.NCosetClasses-b*censusBlockClasses)
				seconds += d.Seconds * float64(env.Workers)
			}
		}
		if classes > 0 {
			per := seconds / float64(classes)
			t.Append(m.String(), int64(o.CensusDepth[m]), "run", classes, int64(0), per, per*coord.NCosetClasses/3600)
		}
		if o.CensusPilot[m] <= o.CensusDepth[m] {
			continue
		}
		census, table, err := censuses.of(m, o.CensusPilot[m])
		if err != nil {
			return nil, err
		}
		classList := table.Classes()
		rng := rand.New(rand.NewPCG(censusPilotSeed, uint64(m)))
		sample := make([]int64, o.CensusPilotSample)
		for i := range sample {
			sample[i] = rng.Int64N(classList.Len())
		}
		counter := census.NewCounter()
		counter.MaxPositions = censusCapOf(env, census)
		params["pilot_max_coset_entries."+m.String()] = strconv.Itoa(counter.MaxPositions)
		bar := env.Progress(fmt.Sprintf("census pilot in %v: %d classes, depths %d to %d", m, len(sample), o.CensusDepth[m]+1, o.CensusPilot[m]), int64(len(sample)*(o.CensusPilot[m]-o.CensusDepth[m])))
		for depth := o.CensusDepth[m] + 1; depth <= o.CensusPilot[m]; depth++ {
			var over int64
			start := time.Now()
			for _, i := range sample {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				if x := classList.Rep(i); table.Distance(x) <= depth {
					if _, err := counter.Count(x, depth); err != nil {
						over++
					}
				}
				bar.Add(1)
			}
			per := time.Since(start).Seconds() / float64(len(sample))
			t.Append(m.String(), int64(depth), "pilot", int64(len(sample)), over, per, per*coord.NCosetClasses/3600)
		}
		bar.Finish()
	}
	params["pilot"] = o.CensusPilot.String()
	params["pilot_sample"] = strconv.FormatUint(uint64(o.CensusPilotSample), 10)
	return t, nil
}

// censusByMetric makes the census of one metric at a time, with its step
// masks filled when it counts from censusMasksFrom and the budget holds
// them beside the counters' sets (cosets.StepMasksBytes, 2.1 GiB; about
// four times faster a class), and gives the last one's back before it
// makes the next.
type censusByMetric struct {
	env    *Env
	tbl    *coord.Tables
	params map[string]string
	metric cube.Metric
	census *cosets.Census
	table  *coord.CosetTable
	masks  bool // whether census has its step masks
}

// of returns the census in m for counting to depth, and its coset table.
func (c *censusByMetric) of(m cube.Metric, depth int) (*cosets.Census, *coord.CosetTable, error) {
	masks := depth >= censusMasksFrom[m] && censusMasksFit(c.env)
	if c.census != nil && c.metric == m && c.masks == masks {
		return c.census, c.table, nil
	}
	if c.census != nil {
		c.census, c.table = nil, nil
		debug.FreeOSMemory() // the masks, before the next metric's
	}
	table, err := c.tbl.CosetTable(m)
	if err != nil {
		return nil, nil, err
	}
	census := cosets.NewCensus(table)
	if masks {
		fillStepMasks(c.env, census, table, c.params)
	}
	c.metric, c.census, c.table, c.masks = m, census, table, masks
	return census, table, nil
}

// fillStepMasks gives census its step masks, filled, and records the time
// in params.
func fillStepMasks(env *Env, census *cosets.Census, table *coord.CosetTable, params map[string]string) {
	start := time.Now()
	census.UseStepMasks()
	m := table.Metric()
	bar := env.Progress(fmt.Sprintf("the steps of each coset table entry in %v", m), int64(table.NEntries()))
	census.FillStepMasks(env.Workers, bar.Add)
	bar.Finish()
	params["step_masks_seconds."+m.String()] = strconv.FormatFloat(time.Since(start).Seconds(), 'f', 1, 64)
}

// metricSolverCensus returns the census in table's metric for a
// MetricSolver, with its step masks filled when the budget holds them
// beside need, the rest of the stage's memory.
func metricSolverCensus(env *Env, table *coord.CosetTable, need uint64, params map[string]string) *cosets.Census {
	census := cosets.NewCensus(table)
	if withStepMasks(env, need) > need {
		fillStepMasks(env, census, table, params)
	}
	return census
}

// withStepMasks returns need with the step masks' memory added where the
// budget holds them beside it (metricSolverCensus fills them there).
func withStepMasks(env *Env, need uint64) uint64 {
	if masks := uint64(cosets.StepMasksBytes()); env.MemBudget >= need+masks {
		return need + masks
	}
	return need
}

// metricMeetFits reports whether the budget holds a metric solver's table
// for meeting the positions left in the middle (cosets.MeetBytes) beside
// need and the step masks, where metricSolverCensus filled them.
func metricMeetFits(env *Env, need uint64) bool {
	return env.MemBudget >= withStepMasks(env, need)+uint64(cosets.MeetBytes)
}

// censusMasksFrom is, in each metric, the first depth whose census fills
// the step masks: from there a census takes core-hours without them
// (census_cost: HTM 9 0.9, QTM 10 0.6, STM 8 0.4), and filling them
// takes minutes.
var censusMasksFrom = MetricDepths{cube.HTM: 9, cube.QTM: 10, cube.STM: 8}

// censusMasksFit reports whether the budget holds the step masks of one
// metric beside the counters' sets of censusMinPositions at least.
func censusMasksFit(env *Env) bool {
	return censusCap(env, uint64(cosets.StepMasksBytes())) >= censusMinPositions
}

// blocksLeft reports whether some block of first:count in m is not done.
func blocksLeft(done map[string]censusBlockDone, m cube.Metric, first, count int64) bool {
	for b := first; b < first+count; b++ {
		if _, ok := done[censusKey(m.String(), b)]; !ok {
			return true
		}
	}
	return false
}

// censusKey names a block of a metric.
func censusKey(metric string, block int64) string { return fmt.Sprintf("%s/%d", metric, block) }

// censusBlock counts block b's classes on the workers, each with its own
// counter, and adds their weighted counts up; a class with too many
// positions for a counter's set is counted by dense's bitmaps after the
// others.
func censusBlock(ctx context.Context, env *Env, table *coord.CosetTable, classes *coord.CosetClasses, counters []*cosets.CensusCounter, dense *denseCensus, b int64, depth int) (censusBlockDone, error) {
	start := time.Now()
	lo := b * censusBlockClasses
	hi := min(lo+censusBlockClasses, classes.Len())
	var mu sync.Mutex
	out := censusBlockDone{Block: b, Metric: table.Metric().String(), Positions: make([]int64, depth+1)}
	var failed error
	var tooMany []int64 // classes for dense
	probesBefore := int64(0)
	for _, c := range counters {
		probesBefore += c.Probes
	}
	add := func(counts []int64, size int64) {
		for d, n := range counts {
			out.Positions[d] += size * n
		}
	}
	chunks := int((hi - lo + censusChunk - 1) / censusChunk)
	parallel.For(chunks, len(counters), func(w int) func(int) {
		counter := counters[w]
		return func(k int) {
			if ctx.Err() != nil {
				return
			}
			counts := make([]int64, depth+1)
			var cosetsIn int64
			var err error
			var over []int64
			for i := lo + int64(k)*censusChunk; i < min(lo+int64(k+1)*censusChunk, hi); i++ {
				x, size := classes.Rep(i), int64(classes.Size(i))
				cosetsIn += size
				if table.Distance(x) > depth {
					continue
				}
				got, e := counter.Count(x, depth)
				if errors.Is(e, cosets.ErrCensusTooMany) {
					over = append(over, i)
					continue
				}
				if e != nil {
					err = fmt.Errorf("class %d: %w", i, e)
					break
				}
				for d, n := range got {
					counts[d] += size * n
				}
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil && failed == nil {
				failed = err
			}
			add(counts, 1)
			out.Cosets += cosetsIn
			tooMany = append(tooMany, over...)
		}
	})
	if failed != nil {
		return out, failed
	}
	if err := ctx.Err(); err != nil {
		return out, err
	}
	for _, c := range counters {
		out.Probes += c.Probes
	}
	out.Probes -= probesBefore
	if len(tooMany) > 0 {
		for _, c := range counters {
			c.Release()
		}
		debug.FreeOSMemory() // the sets, before the bitmaps
	}
	for _, i := range tooMany {
		counts, probes, err := dense.count(ctx, classes.Rep(i), depth)
		if err != nil {
			return out, fmt.Errorf("class %d: %w", i, err)
		}
		add(counts, int64(classes.Size(i)))
		out.Probes += probes
	}
	dense.release()
	out.Seconds = time.Since(start).Seconds()
	return out, nil
}

// denseCensus counts, in a MetricSolver's bitmaps, the cosets with too many
// positions within the depth for a counter's set (the trivial coset from
// STM 9 and HTM 10, and those next to it deeper). It allocates the solver
// when a block first needs it, if the budget holds it beside the counters'
// sets, and gives it back after the block.
type denseCensus struct {
	census *cosets.Census
	env    *Env
	solver *cosets.MetricSolver
	// newSolver, if not nil, makes the solver (the tests' small one).
	newSolver func() *cosets.MetricSolver
}

// count returns coset x's positions at each distance through depth, and
// the probes.
func (c *denseCensus) count(ctx context.Context, x coord.Coset, depth int) ([]int64, int64, error) {
	if c.solver == nil {
		// The counters gave their sets back (censusBlock): the bitmaps sit
		// beside the coset tables and the masks only.
		need, beside := censusTablesBytes+uint64(cosets.MetricSolverBytes()), "the coset tables"
		if c.census.HasStepMasks() {
			need, beside = need+uint64(cosets.StepMasksBytes()), "the coset tables and step masks"
		}
		switch {
		case c.newSolver != nil:
			c.solver = c.newSolver()
		case c.env.MemBudget < need:
			return nil, 0, fmt.Errorf("%w: --mem-budget %s: coset %v has more positions within %d moves than a worker's set holds, which the census counts in two bitmaps of H beside %s: %s", ErrTooBig, FormatBytes(c.env.MemBudget), x, depth, beside, FormatBytes(need))
		default:
			c.solver = cosets.NewMetricSolver(c.census, c.env.Workers)
		}
	}
	return c.solver.Count(ctx, x, depth)
}

// release gives the solver's bitmaps (5.3 GiB) back after a block's dense
// cosets: few blocks have any (the trivial coset's, and those near it at
// the deepest depths), and a census runs for hours beside other work.
func (c *denseCensus) release() {
	if c.solver != nil {
		c.solver = nil
		debug.FreeOSMemory()
	}
}

// censusBlocksTable is census_blocks.arrow: a row per block, metric and
// depth, for the blocks of first:count done.
func censusBlocksTable(done map[string]censusBlockDone, metrics []cube.Metric, first, count int64) *tables.Table {
	t := tables.NewTable("census_blocks",
		tables.Column{Name: "block", Kind: tables.Int64, Doc: "the block: classes of cosets block*262144 to block*262144+262143 in the list reduced by the 16 symmetries that keep H (the stage's unit)"},
		tables.Column{Name: "metric", Kind: tables.String, Doc: "HTM, QTM or STM"},
		tables.Column{Name: "depth", Kind: tables.Int64, Doc: "distance from the solved cube"},
		tables.Column{Name: "positions", Kind: tables.Int64, Doc: "positions at that distance in the block's cosets (every coset of its classes)"},
		tables.Column{Name: "cosets", Kind: tables.Int64, Doc: "cosets in the block's classes"},
		tables.Column{Name: "probes", Kind: tables.Int64, Doc: "words of the block's searches that ended in H (the same on every row of the block)"},
		tables.Column{Name: "seconds", Kind: tables.Float64, Doc: "wall-clock time of the block (the same on every row of the block)"},
	)
	for _, m := range metrics {
		for b := first; b < first+count; b++ {
			d, ok := done[censusKey(m.String(), b)]
			if !ok {
				continue
			}
			for depth, n := range d.Positions {
				t.Append(b, d.Metric, int64(depth), n, d.Cosets, d.Probes, d.Seconds)
			}
		}
	}
	return t
}

// censusDistribution is census_distribution.arrow: each metric's
// positions at each depth summed over the blocks done, exact where every
// block is, and self-checked there: the cosets add up to all of them.
func censusDistribution(done map[string]censusBlockDone, metrics []cube.Metric, params map[string]string) (*tables.Table, error) {
	t := tables.NewTable("census_distribution",
		tables.Column{Name: "metric", Kind: tables.String, Doc: "HTM (face turns), QTM (quarter turns) or STM (face and slice turns, positions relative to the centers)"},
		tables.Column{Name: "depth", Kind: tables.Int64, Doc: "distance from the solved cube"},
		tables.Column{Name: "positions", Kind: tables.BigInt, Nullable: true, Doc: "positions of the whole cube at that distance, exact; null where not every coset is counted (complete false)"},
		tables.Column{Name: "positions_in_cosets_done", Kind: tables.BigInt, Doc: "positions at that distance in the cosets counted so far (all of them where complete)"},
		tables.Column{Name: "cosets_done", Kind: tables.Int64, Doc: "cosets of H counted, of 2,217,093,120"},
		tables.Column{Name: "complete", Kind: tables.Bool, Doc: "whether every coset is counted, so that positions is exact"},
	)
	for _, m := range metrics {
		var sums []*big.Int
		var cosetsDone, probes int64
		var seconds float64
		blocks := 0
		for b := range int64(censusBlocks) {
			d, ok := done[censusKey(m.String(), b)]
			if !ok {
				continue
			}
			blocks++
			for len(sums) < len(d.Positions) {
				sums = append(sums, new(big.Int))
			}
			for depth, n := range d.Positions {
				sums[depth].Add(sums[depth], big.NewInt(n))
			}
			cosetsDone += d.Cosets
			probes += d.Probes
			seconds += d.Seconds
		}
		complete := blocks == censusBlocks
		if complete && cosetsDone != coord.NCosets {
			return nil, fmt.Errorf("self-check failed: the census in %v counted %d cosets, not %d", m, cosetsDone, int64(coord.NCosets))
		}
		for depth, n := range sums {
			var exact any
			if complete {
				exact = n
			}
			t.Append(m.String(), int64(depth), exact, n, cosetsDone, complete)
		}
		params["blocks_done."+m.String()] = strconv.Itoa(blocks)
		params["probes."+m.String()] = strconv.FormatInt(probes, 10)
		params["block_seconds."+m.String()] = strconv.FormatFloat(seconds, 'f', 1, 64)
	}
	return t, nil
}

// readCensusBlocks reads the census_blocks table in dir (merged shards,
// or an earlier run) into done: the blocks of each metric it counted to
// this run's depth in that metric, every depth once and in order (those of
// a metric counted to another depth are counted again); it returns the
// build that counted them. A folder with no metric at this run's depths is
// refused: it was meant for another run.
func readCensusBlocks(dir string, depths MetricDepths, done map[string]censusBlockDone) (string, error) {
	t, prov, err := tables.Read(filepath.Join(dir, "census_blocks"+tables.Extension))
	if err != nil {
		return "", fmt.Errorf("--census-blocks-from %s: %w", dir, err)
	}
	var theirs MetricDepths
	if err := theirs.Set(prov.Params["census_depth"]); err != nil {
		return "", fmt.Errorf("--census-blocks-from %s: census_depth %q: %w", dir, prov.Params["census_depth"], err)
	}
	col := func(name string) int { return t.Index(name) }
	block, metric, depth, positions, cosetsIn, probes, seconds := col("block"), col("metric"), col("depth"), col("positions"), col("cosets"), col("probes"), col("seconds")
	for _, row := range t.Rows {
		m, err := cube.ParseMetric(row[metric].(string))
		if err != nil {
			return "", fmt.Errorf("--census-blocks-from %s: %w", dir, err)
		}
		if theirs[m] != depths[m] {
			continue
		}
		key := censusKey(m.String(), row[block].(int64))
		d := done[key]
		if int64(len(d.Positions)) != row[depth].(int64) {
			return "", fmt.Errorf("--census-blocks-from %s: block %s's depth %d out of order or repeated", dir, key, row[depth].(int64))
		}
		d.Block, d.Metric = row[block].(int64), m.String()
		d.Positions = append(d.Positions, row[positions].(int64))
		d.Cosets, d.Probes, d.Seconds = row[cosetsIn].(int64), row[probes].(int64), row[seconds].(float64)
		done[key] = d
	}
	if len(done) == 0 {
		return "", fmt.Errorf("--census-blocks-from %s: its blocks were counted to depths %v, this run counts to %v: none to take", dir, &theirs, &depths)
	}
	for key, d := range done {
		m, _ := cube.ParseMetric(d.Metric)
		if len(d.Positions) != depths[m]+1 {
			return "", fmt.Errorf("--census-blocks-from %s: block %s has %d depths, want 0 to %d", dir, key, len(d.Positions), depths[m])
		}
	}
	return prov.Build, nil
}
