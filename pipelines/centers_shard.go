package pipelines

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"time"

	"github.com/cubecensus/cubecensus/centers"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/progress"
	"github.com/cubecensus/cubecensus/tables"
)

// The centers search's next depth in shards (scale-out, shard.go), as the
// upperface search's (upperface_continue.go): with --shard I/N and
// --centers-continue-from DIR, a run searches part of the next depth of the
// one metric of --centers-metrics (centers.SearchPart) and writes one row
// per chunk (centers_chunks) and one per hit (centers_hits); `cubecensus
// merge` combines the shards, and --centers-hits-from MERGED settles the
// depth (centers.Settle) in a run continued from the same tables. The
// result is the one the depth searched in one process gives
// (TestCentersShards). A shard's units are the depth's chunks in
// spreadOrder, so that shards of a contiguous part each take their share of
// the heavy first chunks.

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
	cfg := centers.Config{Metric: m, StoredDepth: k, PruneFrom: env.Options.CentersPrune[m], Workers: env.Workers, Start: start}
	return &centersDepth{cfg: cfg, depth: centers.NextDepth(m, start)}, nil
}

// settings names a shard of the depth; its checkpoint resumes only these.
func (o *centersDepth) settings(shard *Shard) string {
	return fmt.Sprintf("%s depth %d, stored depth %d, pruned from %d, continuing %s, shard %v",
		o.cfg.Metric, o.depth, o.cfg.StoredDepth, o.cfg.PruneFrom, o.cfg.Start.Fingerprint(o.cfg.Metric), shard)
}

// params are the settings every shard of the depth shares, which merge
// compares and the run settling it checks.
func (o *centersDepth) params(params map[string]string, chunks int) {
	params["continues"] = o.cfg.Start.Fingerprint(o.cfg.Metric)
	params["continued_metric"] = o.cfg.Metric.String()
	params["continued_depth"] = strconv.Itoa(o.depth)
	params["continued_stored_depth"] = strconv.Itoa(o.cfg.StoredDepth)
	params["continued_prune_from"] = strconv.Itoa(o.cfg.PruneFrom)
	params[unitsParam] = unitRange{0, int64(chunks)}.String()
	params[shardKeyParam], params[shardListParam] = "unit", "centers_chunks"
}

// centersPart is a shard's progress, as its checkpoint keeps it: the
// depth's number of chunks and the shard's chunks searched, in unit order.
type centersPart struct {
	Build, Settings string
	Chunks          int
	Done            []centers.ChunkDone
}

var centersPartCheckpoints = checkpointOf[centersPart, string]{
	decode: func(r io.Reader) (*centersPart, error) {
		var c centersPart
		return &c, json.NewDecoder(r).Decode(&c)
	},
	encode: func(c *centersPart, w io.Writer) error { return json.NewEncoder(w).Encode(c) },
	build:  func(c *centersPart) *string { return &c.Build },
	resumes: func(c *centersPart, settings string) error {
		if c.Settings != settings {
			return fmt.Errorf("it is of %s, this run %s", c.Settings, settings)
		}
		return nil
	},
	where: func(c *centersPart) string { return fmt.Sprintf("%d chunks searched", len(c.Done)) },
}

// runCentersShard searches the shard's part of the next depth of the one
// metric of --centers-metrics, checkpointing every minute.
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
		c = &centersPart{Settings: settings}
	}
	if save != nil {
		keepCentersTables(env, &o.cfg)
	}
	var bar *progress.Reporter
	tableBars(env, &o.cfg, func() {})
	var order []int
	var lo int
	pick := func(total int) ([]int, error) {
		if len(c.Done) > 0 && c.Chunks != total {
			return nil, fmt.Errorf("centers: the checkpoint's depth %d has %d chunks, this run cuts it into %d", o.depth, c.Chunks, total)
		}
		c.Chunks, order = total, spreadOrder(total)
		first, count := env.Shard.Part(0, int64(total))
		lo = int(first)
		env.Log.Info("centers shard", "metric", m, "depth", o.depth, "stored_depth", o.cfg.StoredDepth, "shard", env.Shard.String(),
			"units", unitRange{first, count}.String(), "of", total, "resuming_at", lo+len(c.Done))
		bar = env.Progress(fmt.Sprintf("centers %s depth %d, shard %v (chunks)", m, o.depth, env.Shard), count)
		bar.Add(int64(len(c.Done)))
		return order[lo+len(c.Done) : lo+int(count)], nil
	}
	lastSave := time.Now()
	done := func(d centers.ChunkDone) error {
		c.Done = append(c.Done, d)
		bar.Add(1)
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
	params := map[string]string{"continued_from": string(env.Options.CentersContinue)}
	o.params(params, c.Chunks)
	first, count := env.Shard.Part(0, int64(c.Chunks))
	params[shardParam], params[shardUnitsParam] = env.Shard.String(), unitRange{first, count}.String()
	chunks, hits := centersPartTables(m, o.depth, lo, c.Done)
	return &Output{Tables: []*tables.Table{chunks, hits}, Params: params}, nil
}

// centersPartTables are a part's tables, its chunks being units lo, lo+1,
// and so on: one row per chunk, one per hit.
func centersPartTables(m cube.Metric, depth, lo int, done []centers.ChunkDone) (chunks, hits *tables.Table) {
	chunks = tables.NewTable("centers_chunks",
		tables.Column{Name: "metric", Kind: tables.String, Doc: "the metric searched"},
		tables.Column{Name: "depth", Kind: tables.Int64, Doc: "the depth searched"},
		tables.Column{Name: "unit", Kind: tables.Int64, Doc: "the chunk's number among the shards' units (the depth's chunks in spread order)"},
		tables.Column{Name: "chunk", Kind: tables.Int64, Doc: "the chunk's number in the depth's search order"},
		tables.Column{Name: "prefix", Kind: tables.String, Doc: "the moves every relation of the chunk begins with"},
		tables.Column{Name: "probes", Kind: tables.Int64, Doc: "probes of the stored side the chunk made"},
		tables.Column{Name: "nodes", Kind: tables.Int64, Doc: "inner nodes of the chunk's prefix search"},
		tables.Column{Name: "hits", Kind: tables.Int64, Doc: "relations of the chunk with a state not known before the depth (rows of centers_hits)"},
	)
	hits = tables.NewTable("centers_hits",
		tables.Column{Name: "metric", Kind: tables.String, Doc: "the metric searched"},
		tables.Column{Name: "depth", Kind: tables.Int64, Doc: "the depth searched: every relation's cost"},
		tables.Column{Name: "unit", Kind: tables.Int64, Doc: "the unit of the chunk that met it"},
		tables.Column{Name: "chunk", Kind: tables.Int64, Doc: "the chunk that met it, in the order it met them"},
		tables.Column{Name: "state", Kind: tables.Int64, Doc: "the center-twist state the relation gives (centers_states.state)"},
		tables.Column{Name: "notation", Kind: tables.String, Doc: "the state in seed 000's notation"},
		tables.Column{Name: "maneuver", Kind: tables.String, Doc: "the relation: it solves every cubie and turns the centers so"},
	)
	for i, d := range done {
		unit := int64(lo + i)
		for _, h := range d.Hits {
			hits.Append(m.String(), int64(depth), unit, int64(h.Chunk), int64(h.State), h.State.String(), cube.FormatManeuver(h.Relation.Moves(m)))
		}
		chunks.Append(m.String(), int64(depth), unit, int64(d.Chunk), cube.FormatManeuver(d.Prefix.Moves(m)), d.Probes, d.Nodes, int64(len(d.Hits)))
	}
	return chunks, hits
}

// settleCenters settles metric m's next depth, continued from the tables of
// --centers-continue-from, from the merged shard tables of
// --centers-hits-from. It refuses one shard's tables alone, tables of
// another metric, depth or start (the fingerprint of what the continued
// tables prove), a chunk missing, repeated or out of the spread order, and
// any hit that is not a relation of its state at the depth's cost
// (centers.Settle checks each on the cube).
func settleCenters(env *Env, m cube.Metric, params map[string]string) (*centers.Result, error) {
	dir := string(env.Options.CentersHits)
	fail := func(format string, a ...any) error {
		return fmt.Errorf("--centers-hits-from %s: "+format, append([]any{dir}, a...)...)
	}
	chunks, prov, err := tables.Read(filepath.Join(dir, "centers_chunks"+tables.Extension))
	if err != nil {
		return nil, fail("%w", err)
	}
	hitRows, hitProv, err := tables.Read(filepath.Join(dir, "centers_hits"+tables.Extension))
	if err != nil {
		return nil, fail("%w", err)
	}
	if err := sameRun(prov, hitProv); err != nil || prov.Params[shardParam] != hitProv.Params[shardParam] {
		return nil, fail("centers_chunks and centers_hits are not of one run")
	}
	if s := prov.Params[shardParam]; s != "" && s != "0/1" {
		return nil, fail("the tables of shard %s alone: merge every shard first (cubecensus merge)", s)
	}
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
	if prov.Params["continues"] != start.Fingerprint(m) {
		return nil, fail("its shards continued other tables than those of --centers-continue-from (another exhaustive depth or other distances)")
	}
	k, err1 := strconv.Atoi(prov.Params["continued_stored_depth"])
	pruneFrom, err2 := strconv.Atoi(prov.Params["continued_prune_from"])
	var units unitRange
	if err := units.parse(prov.Params[unitsParam]); err1 != nil || err2 != nil || err != nil || units.first != 0 {
		return nil, fail("no continued_stored_depth, continued_prune_from and units 0:COUNT in the provenance")
	}
	order := spreadOrder(int(units.count))
	var probes, nodes int64
	if len(chunks.Rows) != len(order) {
		return nil, fail("%d chunks of the depth's %d are in centers_chunks", len(chunks.Rows), len(order))
	}
	for i, row := range chunks.Rows {
		if cell(chunks, row, "unit") != int64(i) || cell(chunks, row, "chunk") != int64(order[i]) {
			return nil, fail("centers_chunks row %d is unit %v, chunk %v; want unit %d, chunk %d", i, cell(chunks, row, "unit"), cell(chunks, row, "chunk"), i, order[i])
		}
		p, ok1 := cell(chunks, row, "probes").(int64)
		q, ok2 := cell(chunks, row, "nodes").(int64)
		if !ok1 || !ok2 {
			return nil, fail("centers_chunks row %d has no probes and nodes", i)
		}
		probes, nodes = probes+p, nodes+q
	}
	hits := make([]centers.Hit, 0, len(hitRows.Rows))
	for i, row := range hitRows.Rows {
		unit, _ := cell(hitRows, row, "unit").(int64)
		chunk, _ := cell(hitRows, row, "chunk").(int64)
		state, _ := cell(hitRows, row, "state").(int64)
		text, _ := cell(hitRows, row, "maneuver").(string)
		if unit < 0 || unit >= units.count || chunk != int64(order[unit]) {
			return nil, fail("centers_hits row %d: unit %d, chunk %d is not a unit of the depth", i, unit, chunk)
		}
		moves, err := cube.ParseManeuver(text)
		if err != nil {
			return nil, fail("centers_hits row %d: %w", i, err)
		}
		w, err := cube.WordOf(moves)
		if err != nil {
			return nil, fail("centers_hits row %d: %w", i, err)
		}
		hits = append(hits, centers.Hit{Chunk: int(chunk), State: centers.State(state), Relation: w})
	}
	r, err := centers.Settle(centers.Config{Metric: m, StoredDepth: k, PruneFrom: pruneFrom, Start: start}, hits)
	if err != nil {
		return nil, fail("%w", err)
	}
	last := &r.Depths[len(r.Depths)-1]
	last.Chunks, last.Probes, last.Nodes, last.Elapsed = len(order), probes, nodes, prov.End.Sub(prov.Start)
	resultParams(r, params)
	params[m.String()+".settled"] = fmt.Sprintf("depth %d settled from the shard tables in %s (%s shards merged, build %s): %d hits; the depth's seconds span its shards' runs",
		n, dir, prov.Params["merged_shards"], prov.Build, len(hits))
	return r, nil
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
