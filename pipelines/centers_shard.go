package pipelines

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cubecensus/cubecensus/centers"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/progress"
	"github.com/cubecensus/cubecensus/meet"
	"github.com/cubecensus/cubecensus/tables"
)

// The centers search's next depth in shards (scale-out, shard.go), as the
// upperface search's (upperface_continue.go): with --shard I/N and
// --centers-continue-from DIR, a run searches part of the next depth of the
// one metric of --centers-metrics (centers.SearchPart) and writes one row
// per unit, a run of chunks (centers_units), and one per hit
// (centers_hits); `cubecensus merge` combines the shards, and
// --centers-hits-from MERGED settles the depth (centers.Settle) in a run
// continued from the same tables. The result is the one the depth searched
// in one process gives (TestCentersShards). The units are numbered in
// spreadOrder, so that each shard's contiguous part takes its share of the
// heavy first chunks.

// centersDepth is the next depth of metric m's search continued from the
// tables of --centers-continue-from.
type centersDepth struct {
	cfg   centers.Config // with its Start
	depth int
}

func newCentersDepth(env *Env, m cube.Metric) (*centersDepth, error) {
	start, err := centersStart(string(env.Options.CentersContinue), m, map[string]string{})
	if err != nil {
		return nil, err
	}
	k, err := storedDepthCenters(env, m)
	if err != nil {
		return nil, err
	}
	cfg := centers.Config{Config: meet.Config{Metric: m, StoredDepth: k, Workers: env.Workers}, PruneFrom: env.Options.CentersPrune[m], Start: start}
	return &centersDepth{cfg: cfg, depth: centers.NextDepth(m, start)}, nil
}

// settings names a shard of the depth; its checkpoint resumes only these.
func (o *centersDepth) settings(shard *Shard) string {
	return fmt.Sprintf("%s depth %d, stored depth %d, pruned from %d, continuing %s, shard %v",
		o.cfg.Metric, o.depth, o.cfg.StoredDepth, o.cfg.PruneFrom, o.cfg.Start.Fingerprint(o.cfg.Metric), shard)
}

// params are the settings every shard of the depth shares, which merge
// compares and the run settling it checks.
func (o *centersDepth) params(params map[string]string, units, chunks int) {
	continuedParams(params, o.cfg.Metric, o.depth, o.cfg.StoredDepth, o.cfg.Start.Fingerprint(o.cfg.Metric))
	params["continued_prune_from"] = strconv.Itoa(o.cfg.PruneFrom)
	params["continued_chunks"] = strconv.Itoa(chunks)
	params[unitsParam] = unitRange{0, int64(units)}.String()
	params[shardKeyParam], params[shardListParam] = "unit", "centers_units"
}

// unitMoves is how many moves of their prefixes a unit's chunks share.
// Chunks are cut to hold at most seconds of work (centers.chunkMoves), so
// a deep depth has millions (QTM's 26: 4 million); units, the runs of
// chunks beginning with the same unitMoves moves, are about as many as
// there are 5-move beginnings (QTM: 171,179), whatever the depth. (A
// variable, so that a test cuts a small depth into units of several
// chunks.)
var unitMoves = 5

// centersUnits cuts chunks, given by their prefixes in search order, into
// units: runs of chunks whose prefixes begin with the same unitMoves moves
// (the whole prefix where it is shorter). Unit g is chunks
// first[g] to first[g+1]-1; first ends with the number of chunks.
func centersUnits(prefixes []cube.Word) (first []int) {
	head := func(w cube.Word) cube.Word { return w[:min(len(w), unitMoves)] }
	for i, p := range prefixes {
		if i == 0 || !slices.Equal(head(p), head(prefixes[i-1])) {
			first = append(first, i)
		}
	}
	return append(first, len(prefixes))
}

// unitDone is what the search of one unit did: its chunks, from First on,
// and what they met.
type unitDone struct {
	Unit, First, Chunks int
	Prefix              cube.Word // the moves its chunks begin with
	Probes, Nodes       int64
	Hits                []centers.Hit
}

// centersPart is a shard's progress, as its checkpoint keeps it: the
// depth's numbers of units and chunks, and the shard's units searched, in
// unit order.
type centersPart struct {
	stamped
	Units, Chunks int
	Done          []unitDone
}

var centersPartCheckpoints = jsonCheckpoints(func(c *centersPart) *stamped { return &c.stamped },
	func(c *centersPart) string { return fmt.Sprintf("%d units searched", len(c.Done)) })

// runCentersShard searches the shard's part of the next depth of the one
// metric of --centers-metrics, its units in spread order, checkpointing
// every minute.
func runCentersShard(ctx context.Context, env *Env) (*Output, error) {
	m := env.Options.CentersMetrics[0]
	o, err := newCentersDepth(env, m)
	if err != nil {
		return nil, err
	}
	settings := o.settings(env.Shard)
	c, save, err := centersPartCheckpoints.use(env, "part", settings)
	if err != nil {
		return nil, err
	}
	if c == nil {
		c = &centersPart{stamped: stamped{Settings: settings}}
	}
	if save != nil {
		keepCentersTables(env, &o.cfg)
	}
	tableBars(env, &o.cfg, func() {})
	var todo []unitDone // the units left, each with its chunks' range and prefix
	pick := func(prefixes []cube.Word) ([]int, error) {
		first := centersUnits(prefixes)
		units := len(first) - 1
		if len(c.Done) > 0 && (c.Units != units || c.Chunks != len(prefixes)) {
			return nil, fmt.Errorf("centers: the checkpoint's depth %d has %d units of %d chunks, this run cuts it into %d of %d",
				o.depth, c.Units, c.Chunks, units, len(prefixes))
		}
		c.Units, c.Chunks = units, len(prefixes)
		order := spreadOrder(units)
		lo, count := env.Shard.Part(0, int64(units))
		var ids []int
		for u := int(lo) + len(c.Done); u < int(lo+count); u++ {
			g := order[u]
			todo = append(todo, unitDone{Unit: u, First: first[g], Chunks: first[g+1] - first[g], Prefix: prefixes[first[g]][:min(len(prefixes[first[g]]), unitMoves)]})
			for i := first[g]; i < first[g+1]; i++ {
				ids = append(ids, i)
			}
		}
		env.Log.Info("centers shard", "metric", m, "depth", o.depth, "stored_depth", o.cfg.StoredDepth, "shard", env.Shard.String(),
			"units", unitRange{lo, count}.String(), "of", units, "chunks", len(prefixes), "resuming_at", int(lo)+len(c.Done))
		return ids, nil
	}
	var bar *progress.Reporter
	lastSave, searched := time.Now(), 0 // the chunks of todo[0] searched
	done := func(d centers.ChunkDone) error {
		if bar == nil { // after the stored side is built
			before, left := 0, 0
			for _, u := range c.Done {
				before += u.Chunks
			}
			for _, u := range todo {
				left += u.Chunks
			}
			bar = env.Progress(fmt.Sprintf("centers %s depth %d, shard %v (chunks)", m, o.depth, env.Shard), int64(before+left))
			bar.Add(int64(before))
		}
		bar.Add(1)
		u := &todo[0]
		u.Probes, u.Nodes, u.Hits = u.Probes+d.Probes, u.Nodes+d.Nodes, append(u.Hits, d.Hits...)
		if searched++; searched < u.Chunks {
			return nil
		}
		c.Done, todo, searched = append(c.Done, *u), todo[1:], 0
		if save != nil && time.Since(lastSave) >= checkpointEvery {
			lastSave = time.Now()
			return save(c)
		}
		return nil
	}
	err = centers.SearchPart(ctx, o.cfg, pick, done)
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		return nil, err
	}
	params := map[string]string{continuedFromParam: string(env.Options.CentersContinue)}
	o.params(params, c.Units, c.Chunks)
	lo, count := env.Shard.Part(0, int64(c.Units))
	params[shardParam], params[shardUnitsParam] = env.Shard.String(), unitRange{lo, count}.String()
	units, hits := centersPartTables(m, o.depth, c.Done)
	return &Output{Tables: []*tables.Table{units, hits}, Params: params}, nil
}

// centersPartTables are a part's tables: one row per unit, one per hit.
func centersPartTables(m cube.Metric, depth int, done []unitDone) (units, hits *tables.Table) {
	units = partsTable("centers_units", []tables.Column{
		{Name: "unit", Kind: tables.Int64, Doc: "the unit's number among the shards' units (the depth's units in spread order)"},
		{Name: "first_chunk", Kind: tables.Int64, Doc: "its first chunk's number in the depth's search order"},
		{Name: "chunks", Kind: tables.Int64, Doc: "its chunks, from first_chunk on"},
	}, "relation", "state", "centers_hits", true)
	hits = hitsTable("centers_hits", ": every relation's cost",
		tables.Column{Name: "unit", Kind: tables.Int64, Doc: "the unit of the chunk that met it"},
		tables.Column{Name: "chunk", Kind: tables.Int64, Doc: "the chunk that met it, in the order it met them"},
		tables.Column{Name: "state", Kind: tables.Int64, Doc: "the center-twist state the relation gives (centers_states.state)"},
		tables.Column{Name: "notation", Kind: tables.String, Doc: "the state in seed 000's notation"},
		tables.Column{Name: "maneuver", Kind: tables.String, Doc: "the relation: it solves every cubie and turns the centers so"})
	for _, u := range done {
		for _, h := range u.Hits {
			st := centers.FromIndex(h.State)
			hits.Append(m.String(), int64(depth), int64(u.Unit), int64(h.Chunk), int64(st), st.String(), cube.FormatManeuver(h.Word.Moves(m)))
		}
		units.Append(m.String(), int64(depth), int64(u.Unit), int64(u.First), int64(u.Chunks), cube.FormatManeuver(u.Prefix.Moves(m)), u.Probes, u.Nodes, int64(len(u.Hits)))
	}
	return units, hits
}

// settleCenters settles metric m's next depth, continued from the tables of
// --centers-continue-from, from the merged shard tables of
// --centers-hits-from. It refuses one shard's tables alone, tables of
// another metric, depth or start (the fingerprint of what the continued
// tables prove), units that do not cover the depth's chunks once each in
// the spread order, a hit outside its unit, and any hit that is not a
// relation of its state at the depth's cost (centers.Settle checks each on
// the cube).
func settleCenters(env *Env, m cube.Metric, params map[string]string) (*centers.Result, error) {
	dir := string(env.Options.CentersHits)
	shards, err := readMergedShards("--centers-hits-from", dir, "centers_units", "centers_hits")
	if err != nil {
		return nil, err
	}
	units, hitRows, prov, fail := shards.parts, shards.hits, shards.prov, shards.fail
	if got := prov.Params["continued_metric"]; got != m.String() {
		return nil, fail("its hits are of %q, not %s", got, m)
	}
	start, err := centersStart(string(env.Options.CentersContinue), m, params)
	if err != nil {
		return nil, err
	}
	n := centers.NextDepth(m, start)
	if got := prov.Params["continued_depth"]; got != strconv.Itoa(n) {
		return nil, fail("its hits are of depth %s; the tables of --centers-continue-from continue at %d", got, n)
	}
	if prov.Params[continuesParam] != start.Fingerprint(m) {
		return nil, fail("its shards continued other tables than those of --centers-continue-from (another exhaustive depth or other distances)")
	}
	k, err1 := strconv.Atoi(prov.Params["continued_stored_depth"])
	pruneFrom, err2 := strconv.Atoi(prov.Params["continued_prune_from"])
	chunks, err3 := strconv.Atoi(prov.Params["continued_chunks"])
	var all unitRange
	if err := all.parse(prov.Params[unitsParam]); err1 != nil || err2 != nil || err3 != nil || err != nil || all.first != 0 {
		return nil, fail("no continued_stored_depth, continued_prune_from, continued_chunks and units 0:COUNT in the provenance")
	}
	ranges, probes, nodes, err := unitRanges(units, int(all.count), chunks)
	if err != nil {
		return nil, fail("centers_units: %w", err)
	}
	hits := make([]centers.Hit, 0, len(hitRows.Rows))
	for i, row := range hitRows.Rows {
		unit, _ := cell(hitRows, row, "unit").(int64)
		chunk, _ := cell(hitRows, row, "chunk").(int64)
		state, _ := cell(hitRows, row, "state").(int64)
		if unit < 0 || unit >= all.count || chunk < ranges[unit][0] || chunk >= ranges[unit][1] {
			return nil, fail("centers_hits row %d: chunk %d is not one of unit %d's", i, chunk, unit)
		}
		if st := centers.State(state); int64(st) != state || !st.Valid() {
			return nil, fail("centers_hits row %d: state %d is not a centers state", i, state)
		}
		w, err := shards.word(i)
		if err != nil {
			return nil, err
		}
		hits = append(hits, centers.Hit{Chunk: int(chunk), State: centers.State(state).Index(), Word: w})
	}
	r, err := centers.Settle(centers.Config{Config: meet.Config{Metric: m, StoredDepth: k}, PruneFrom: pruneFrom, Start: start}, hits)
	if err != nil {
		return nil, fail("%w", err)
	}
	last := &r.Depths[len(r.Depths)-1]
	last.Chunks, last.Probes, last.Nodes, last.Elapsed = chunks, probes, nodes, prov.End.Sub(prov.Start)
	resultParams(r, params)
	params[m.String()+".settled"] = fmt.Sprintf("depth %d settled from the shard tables in %s (%s shards merged, build %s): %d hits; the depth's seconds span its shards' runs",
		n, dir, prov.Params["merged_shards"], prov.Build, len(hits))
	return r, nil
}

// unitRanges checks that the rows of centers_units are units 0 to count-1
// in order, whose chunk ranges, taken in the spread order, cover chunks 0
// to chunks-1 once each; it returns each unit's range [first, end) and the
// probes and nodes of them all.
func unitRanges(units *tables.Table, count, chunks int) (ranges [][2]int64, probes, nodes int64, err error) {
	if len(units.Rows) != count {
		return nil, 0, 0, fmt.Errorf("%d rows for the depth's %d units", len(units.Rows), count)
	}
	ranges = make([][2]int64, count)
	for u, row := range units.Rows {
		first, ok1 := cell(units, row, "first_chunk").(int64)
		n, ok2 := cell(units, row, "chunks").(int64)
		p, ok3 := cell(units, row, "probes").(int64)
		q, ok4 := cell(units, row, "nodes").(int64)
		if cell(units, row, "unit") != int64(u) || !ok1 || !ok2 || !ok3 || !ok4 || n < 1 {
			return nil, 0, 0, fmt.Errorf("row %d is not unit %d with its chunks, probes and nodes", u, u)
		}
		ranges[u], probes, nodes = [2]int64{first, first + n}, probes+p, nodes+q
	}
	next := int64(0) // the runs of chunks in search order: unit order[0]'s, then order[1]'s...
	byRun := make([]int, count)
	for u, g := range spreadOrder(count) {
		byRun[g] = u
	}
	for g, u := range byRun {
		if ranges[u][0] != next {
			return nil, 0, 0, fmt.Errorf("unit %d begins at chunk %d, where run %d of the spread order, chunk %d, was due", u, ranges[u][0], g, next)
		}
		next = ranges[u][1]
	}
	if next != int64(chunks) {
		return nil, 0, 0, fmt.Errorf("the units cover chunks 0 to %d of the depth's %d", next-1, chunks)
	}
	return ranges, probes, nodes, nil
}

// checkCentersShards checks the options that split the centers search or
// settle a depth from its shards: both continue from tables, and name the
// one metric they split or settle; a shard has a metric left to search.
func checkCentersShards(env *Env) error {
	o := env.Options
	if env.Shard == nil && o.CentersHits == "" {
		return nil
	}
	what := "--centers-hits-from"
	if env.Shard != nil {
		what = "--shard " + env.Shard.String()
		if o.CentersHits != "" {
			return fmt.Errorf("%w: --centers-hits-from settles a depth from the merged shards; a shard (%s) does not", ErrOption, what)
		}
	}
	if o.CentersContinue == "" {
		return fmt.Errorf("%w: %s: the centers stage splits and settles the next depth of a search continued from tables; give --centers-continue-from (e.g. results)", ErrOption, what)
	}
	if len(o.CentersMetrics) != 1 {
		return fmt.Errorf("%w: %s is of one metric's next depth; --centers-metrics names %v", ErrOption, what, o.CentersMetrics.String())
	}
	if env.Shard != nil {
		m := o.CentersMetrics[0]
		start, err := centersStart(string(o.CentersContinue), m, map[string]string{})
		if err != nil {
			return fmt.Errorf("%w: %w", ErrOption, err)
		}
		if len(start.Known) == centers.NStates {
			return fmt.Errorf("%w: %s: nothing to search, the tables of --centers-continue-from know every %s distance", ErrOption, what, m)
		}
	}
	return nil
}
