package pipelines

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/tables"
	"github.com/cubecensus/cubecensus/upperface"
)

// Continuing the upperface search from its tables, one depth at a time,
// on one machine or in shards (scale-out, shard.go).
//
// --upperface-continue-from DIR takes the distances DIR's tables proved
// (loadUpperface) instead of searching from depth 1. A metric they left
// open then has its next depth searched, chunk by chunk
// (upperface.SearchChunks), and settled (upperface.Settle). With --shard
// I/N, a run searches only its part of that depth's chunks and writes
// their hits (upperface_hits) with one row per chunk (upperface_chunks);
// `cubecensus merge` combines the shards, and --upperface-hits-from MERGED
// settles the depth from them, in a run continued from the same tables or
// in a fresh search exhaustive through the depth before (make run's).
// Either way the result is the one the uninterrupted search gives
// (upperface.TestShardedDepth), and every hit is checked on the cube.

// openDepth is the next depth of a metric's search continued from known.
type openDepth struct {
	cfg   upperface.Config
	known *upperface.Result // exhaustive through depth-1
	depth int
	plan  []upperface.ChunkPlan
}

func newOpenDepth(env *Env, known *upperface.Result) (*openDepth, error) {
	k, err := storedDepth(env, known.Metric)
	if err != nil {
		return nil, err
	}
	cfg := upperface.Config{Metric: known.Metric, StoredDepth: k, Workers: env.Workers}
	n := known.Exhaustive + 1
	return &openDepth{cfg: cfg, known: known, depth: n, plan: upperface.Chunks(cfg, n)}, nil
}

// params are the settings every shard of the depth shares and the run
// settling it checks.
func (o *openDepth) params(params map[string]string) {
	continuedParams(params, o.cfg.Metric, o.depth, o.cfg.StoredDepth, o.known.Fingerprint())
	params[unitsParam] = unitRange{0, int64(len(o.plan))}.String()
	params[shardKeyParam], params[shardListParam] = "chunk", "upperface_chunks"
}

// continuedUpperface reads the upperface tables of --upperface-continue-from
// for the metrics of the run.
func continuedUpperface(env *Env) (map[cube.Metric]*upperface.Result, error) {
	dir := string(env.Options.UpperfaceContinue)
	all, err := loadUpperface(dir)
	if err != nil {
		return nil, fmt.Errorf("--upperface-continue-from %s: %w", dir, err)
	}
	found := map[cube.Metric]*upperface.Result{}
	for _, m := range env.Options.UpperfaceMetrics {
		if found[m] = all[m]; found[m] == nil {
			return nil, fmt.Errorf("--upperface-continue-from %s: its tables did not search %s", dir, m)
		}
	}
	return found, nil
}

// openMetrics are the metrics of found with distances left to find.
func openMetrics(env *Env, found map[cube.Metric]*upperface.Result) MetricList {
	var open MetricList
	for _, m := range env.Options.UpperfaceMetrics {
		if found[m].Unresolved() > 0 {
			open = append(open, m)
		}
	}
	return open
}

// checkContinue checks the upperface options that continue a search:
// tables to continue from that load, one metric open for a shard, no
// shard settling hits.
func checkContinue(env *Env) error {
	o := env.Options
	if o.UpperfaceContinue == "" {
		if env.Shard != nil {
			return fmt.Errorf("--shard %v: the upperface stage shards the next depth of a search continued from tables; give --upperface-continue-from (e.g. results)", env.Shard)
		}
		return nil
	}
	found, err := continuedUpperface(env)
	if err != nil {
		return err
	}
	if env.Shard == nil {
		return nil
	}
	if o.UpperfaceHits != "" {
		return fmt.Errorf("--upperface-hits-from settles a depth from the merged shards; a shard (--shard %v) does not", env.Shard)
	}
	open := openMetrics(env, found)
	if len(open) == 0 {
		return fmt.Errorf("--shard %v: nothing to search, the tables of --upperface-continue-from know every distance of %v", env.Shard, o.UpperfaceMetrics.String())
	}
	if len(open) > 1 {
		return fmt.Errorf("--shard %v splits one metric's next depth; of --upperface-metrics %v, the tables of --upperface-continue-from leave open %v",
			env.Shard, o.UpperfaceMetrics.String(), open.String())
	}
	return nil
}

// runUpperfaceShard searches the shard's part of the open metric's next
// depth.
func runUpperfaceShard(ctx context.Context, env *Env) (*Output, error) {
	found, err := continuedUpperface(env)
	if err != nil {
		return nil, err
	}
	o, err := newOpenDepth(env, found[openMetrics(env, found)[0]])
	if err != nil {
		return nil, err
	}
	params := map[string]string{continuedFromParam: string(env.Options.UpperfaceContinue)}
	o.params(params)
	lo, count := env.Shard.Part(0, int64(len(o.plan)))
	params[shardParam], params[shardUnitsParam] = env.Shard.String(), unitRange{lo, count}.String()
	done, err := searchChunkRange(ctx, env, o, int(lo), int(lo+count))
	if err != nil {
		return nil, err
	}
	chunks, hits := chunkTables(o, done)
	return &Output{Tables: []*tables.Table{chunks, hits}, Params: params}, nil
}

// chunkRange is the chunks of a range searched so far and their hits, as
// its checkpoint keeps them.
type chunkRange struct {
	stamped
	First, Next int // the range's first chunk and the next to search
	Hits        []upperface.Hit
}

var chunkRangeCheckpoints = jsonCheckpoints(func(c *chunkRange) *stamped { return &c.stamped },
	func(c *chunkRange) string { return fmt.Sprintf("chunk %d", c.Next) })

// searchChunkRange searches chunks lo to hi-1 of o's depth with a progress
// bar, saving a checkpoint every minute and resuming from one.
func searchChunkRange(ctx context.Context, env *Env, o *openDepth, lo, hi int) (*chunkRange, error) {
	settings := fmt.Sprintf("%s depth %d, stored depth %d, chunks %d to %d, continuing %s", o.cfg.Metric, o.depth, o.cfg.StoredDepth, lo, hi-1, o.known.Fingerprint())
	c, save, err := chunkRangeCheckpoints.use(env, "chunks", settings)
	if err != nil {
		return nil, err
	}
	if c == nil {
		c = &chunkRange{stamped: stamped{Settings: settings}, First: lo, Next: lo}
	}
	var total, done int64
	for i := lo; i < hi; i++ {
		total += o.plan[i].Probes
		if i < c.Next {
			done += o.plan[i].Probes
		}
	}
	env.Log.Info("upperface chunks", "metric", o.cfg.Metric, "depth", o.depth, "stored_depth", o.cfg.StoredDepth,
		"chunks", fmt.Sprintf("%d to %d of %d", lo, hi-1, len(o.plan)), "probes", total, "resuming_at", c.Next)
	bar := env.Progress(fmt.Sprintf("upperface %s depth %d, chunks %d to %d", o.cfg.Metric, o.depth, lo, hi-1), total)
	bar.Add(done)
	lastSave := time.Now()
	err = upperface.SearchChunks(ctx, o.cfg, o.known, o.depth, c.Next, hi, func(chunk int, hits []upperface.Hit) error {
		c.Hits, c.Next = append(c.Hits, hits...), chunk+1
		bar.Add(o.plan[chunk].Probes)
		if save != nil && time.Since(lastSave) >= checkpointEvery && c.Next < hi {
			lastSave = time.Now()
			return save(c)
		}
		return nil
	})
	bar.Finish()
	if err != nil {
		return nil, err
	}
	return c, nil
}

// chunkTables are a chunk range's tables: one row per chunk, one per hit.
func chunkTables(o *openDepth, r *chunkRange) (chunks, hits *tables.Table) {
	m := o.cfg.Metric
	chunks = partsTable("upperface_chunks", []tables.Column{{Name: "chunk", Kind: tables.Int64, Doc: "the chunk's number in the depth's search order"}},
		"word", "position", "upperface_hits", false)
	hits = hitsTable("upperface_hits", ": every maneuver's length",
		tables.Column{Name: "chunk", Kind: tables.Int64, Doc: "the chunk that found it"},
		tables.Column{Name: "un", Kind: tables.Int64, Doc: "the position reached (seed 004's unique number)"},
		tables.Column{Name: "maneuver", Kind: tables.String, Doc: "a maneuver of that length from the solved cube to the position"})
	perChunk := map[int]int64{}
	for _, h := range r.Hits {
		perChunk[h.Chunk]++
		hits.Append(m.String(), int64(o.depth), int64(h.Chunk), int64(h.State), cube.FormatManeuver(h.Word.Moves(m)))
	}
	for i := r.First; i < r.Next; i++ {
		chunks.Append(m.String(), int64(o.depth), int64(i), cube.FormatManeuver(o.plan[i].Prefix.Moves(m)), o.plan[i].Probes, perChunk[i])
	}
	return chunks, hits
}

// continueOpen searches, in one process, the next depth of each metric of
// found that is still open, and settles it.
func continueOpen(ctx context.Context, env *Env, found map[cube.Metric]*upperface.Result, params map[string]string) error {
	for _, m := range openMetrics(env, found) {
		o, err := newOpenDepth(env, found[m])
		if err != nil {
			return err
		}
		start := time.Now()
		r, err := searchChunkRange(ctx, env, o, 0, len(o.plan))
		if err != nil {
			return err
		}
		settled, err := upperface.Settle(o.cfg, o.known, o.depth, r.Hits, true)
		if err != nil {
			return err
		}
		found[m] = settled
		params[m.String()+".continued"] = fmt.Sprintf("depth %d searched from the tables' state (%d hits, stored depth %d, %.0f s)",
			o.depth, len(r.Hits), o.cfg.StoredDepth, time.Since(start).Seconds())
	}
	return nil
}

// settleFromHits settles the depth that the merged shard tables in
// --upperface-hits-from searched, continuing found's result of its metric.
// It refuses tables of another state (the fingerprint of the distances
// known before the depth), a chunk missing, repeated or of another plan,
// and any hit whose maneuver does not reach its position at the depth's
// cost (upperface.Settle checks each on the cube).
func settleFromHits(env *Env, found map[cube.Metric]*upperface.Result, params map[string]string) error {
	shards, err := readMergedShards("--upperface-hits-from", string(env.Options.UpperfaceHits), "upperface_chunks", "upperface_hits")
	if err != nil {
		return err
	}
	chunks, hitRows, prov, fail := shards.parts, shards.hits, shards.prov, shards.fail
	m, err := cube.ParseMetric(prov.Params["continued_metric"])
	if err != nil {
		return fail("continued_metric: %w", err)
	}
	n, err1 := strconv.Atoi(prov.Params["continued_depth"])
	k, err2 := strconv.Atoi(prov.Params["continued_stored_depth"])
	if err1 != nil || err2 != nil {
		return fail("no continued_depth and continued_stored_depth in the provenance")
	}
	r := found[m]
	switch {
	case r == nil:
		return fail("its hits are of %s, which this run does not search", m)
	case r.Exhaustive >= n:
		env.Log.Info("upperface hits not needed: the search is exhaustive through their depth", "metric", m, "depth", n, "exhaustive", r.Exhaustive)
		return nil
	}
	known, err := r.Through(n - 1)
	if err != nil {
		return fail("its hits continue %s depth %d; this run's search is exhaustive only through %d (raise --upperface-budget)", m, n, r.Exhaustive)
	}
	if known.Fingerprint() != prov.Params[continuesParam] {
		return fail("its hits continue another state of %s through depth %d than this run's (fingerprint %.12s, not %.12s)", m, n-1, prov.Params[continuesParam], known.Fingerprint())
	}
	cfg := upperface.Config{Metric: m, StoredDepth: k, Workers: env.Workers}
	plan := upperface.Chunks(cfg, n)
	if len(chunks.Rows) != len(plan) {
		return fail("%d chunks, depth %d of %s with stored depth %d has %d", len(chunks.Rows), n, m, k, len(plan))
	}
	perChunk := make([]int64, len(plan))
	for i, row := range chunks.Rows {
		c, probes := row[chunks.Index("chunk")].(int64), row[chunks.Index("probes")].(int64)
		if c != int64(i) || probes != plan[i].Probes {
			return fail("upperface_chunks row %d is chunk %d of %d probes; the plan's chunk %d makes %d", i, c, probes, i, plan[i].Probes)
		}
		perChunk[i] = row[chunks.Index("hits")].(int64)
	}
	hits := make([]upperface.Hit, len(hitRows.Rows))
	for i, row := range hitRows.Rows {
		c, un := row[hitRows.Index("chunk")].(int64), row[hitRows.Index("un")].(int64)
		w, err := shards.word(i)
		if err != nil {
			return err
		}
		if c < 0 || c >= int64(len(plan)) || un < 0 || un >= upperface.NPositions {
			return fail("upperface_hits row %d: chunk %d, un %d out of range", i, c, un)
		}
		perChunk[c]--
		hits[i] = upperface.Hit{Chunk: int(c), State: int(un), Word: w}
	}
	for c, left := range perChunk {
		if left != 0 {
			return fail("chunk %d's hits in upperface_hits differ from upperface_chunks' count by %d", c, -left)
		}
	}
	settled, err := upperface.Settle(cfg, known, n, hits, true)
	if err != nil {
		return fail("%w", err)
	}
	found[m] = settled
	params[m.String()+".settled"] = fmt.Sprintf("depth %d from %d hits of %d chunks (stored depth %d) of build %s, searched %s to %s",
		n, len(hits), len(plan), k, prov.Build, prov.Start.UTC().Format(time.RFC3339), prov.End.UTC().Format(time.RFC3339))
	env.Log.Info("upperface depth settled from hits", "metric", m, "depth", n, "hits", len(hits), "unresolved", settled.Unresolved())
	return nil
}
