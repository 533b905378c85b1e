package pipelines

import (
	"context"
	"fmt"
	"strconv"

	"github.com/cubecensus/cubecensus/centers"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
	"github.com/cubecensus/cubecensus/tables"
)

// The centers search's next depth in parts (parts.go), as the upperface
// search's: with --shard I/N and --centers-continue-from DIR, a run searches
// its units of the next depth of the one metric of --centers-metrics
// (centers.SearchPart) and writes centers_units and centers_hits; `cubecensus
// merge` combines the shards, and --centers-hits-from MERGED settles the
// depth (centers.Settle) in a run continued from the same tables. The
// result is the one the depth searched in one process gives
// (TestCentersShards).

// centersDepth is the next depth of metric m's search continued from the
// tables of --centers-continue-from, with the search's config (its Start).
func centersDepth(env *Env, m cube.Metric) (*depthInParts, centers.Config, error) {
	start, err := centersStart(string(env.Options.CentersContinue), m, map[string]string{})
	if err != nil {
		return nil, centers.Config{}, err
	}
	k, err := storedDepthCenters(env, m)
	if err != nil {
		return nil, centers.Config{}, err
	}
	cfg := centers.Config{Config: meet.Config{Metric: m, StoredDepth: k, Workers: env.Workers}, PruneFrom: env.Options.CentersPrune[m], Start: start}
	o := &depthInParts{stage: "centers", metric: m, depth: centers.NextDepth(m, start), storedDepth: k, continues: start.Fingerprint(m),
		settings: map[string]string{"continued_prune_from": strconv.Itoa(cfg.PruneFrom)},
		search: func(ctx context.Context, pick func([]cube.Word) ([]int, error), done func(meet.ChunkDone) error) error {
			return centers.SearchPart(ctx, cfg, pick, done)
		},
		hitColumns: []tables.Column{
			{Name: "state", Kind: tables.Int64, Doc: "the center-twist state the relation gives (centers_states.state)"},
			{Name: "notation", Kind: tables.String, Doc: "the state in seed 000's notation"},
		},
		hitCells: func(h meet.Hit) []any {
			st := centers.FromIndex(h.State)
			return []any{int64(st), st.String()}
		},
		words: "relation", things: "state", depthDoc: ": every relation's cost",
	}
	return o, cfg, nil
}

// runCentersShard searches the shard's units of the next depth of the one
// metric of --centers-metrics, keeping its tables beside its checkpoint.
func runCentersShard(ctx context.Context, env *Env) (*Output, error) {
	o, cfg, err := centersDepth(env, env.Options.CentersMetrics[0])
	if err != nil {
		return nil, err
	}
	if env.CheckpointPath(o.checkpointName()) != "" {
		keepCentersTables(env, &cfg)
	}
	tableBars(env, &cfg, func() {})
	return runShardOf(ctx, env, o, string(env.Options.CentersContinue))
}

// centersHitState reads the state of a row of centers_hits, as its index.
func centersHitState(hits *tables.Table, row []any) (int, error) {
	state, _ := cell(hits, row, "state").(int64)
	if st := centers.State(state); int64(st) != state || !st.Valid() {
		return 0, fmt.Errorf("state %d is not a centers state", state)
	}
	return centers.State(state).Index(), nil
}

// settleCenters settles metric m's next depth, continued from the tables of
// --centers-continue-from, from the merged shard tables of
// --centers-hits-from. It refuses tables of another metric, depth or start
// (the fingerprint of what the continued tables prove), and any hit that is
// not a relation of its state at the depth's cost (centers.Settle checks
// each on the cube); readMergedParts refuses the rest.
func settleCenters(env *Env, m cube.Metric, params map[string]string) (*centers.Result, error) {
	parts, err := readMergedParts("--centers-hits-from", string(env.Options.CentersHits), "centers", centersHitState)
	if err != nil {
		return nil, err
	}
	prov, fail := parts.prov, parts.fail
	if parts.metric != m {
		return nil, fail("its hits are of %s, not %s", parts.metric, m)
	}
	start, err := centersStart(string(env.Options.CentersContinue), m, params)
	if err != nil {
		return nil, err
	}
	if n := centers.NextDepth(m, start); parts.depth != n {
		return nil, fail("its hits are of depth %d; the tables of --centers-continue-from continue at %d", parts.depth, n)
	}
	if prov.Params[continuesParam] != start.Fingerprint(m) {
		return nil, fail("its shards continued other tables than those of --centers-continue-from (another exhaustive depth or other distances)")
	}
	pruneFrom, err := strconv.Atoi(prov.Params["continued_prune_from"])
	if err != nil {
		return nil, fail("no continued_prune_from in the provenance")
	}
	hits := parts.hits
	r, err := centers.Settle(centers.Config{Config: meet.Config{Metric: m, StoredDepth: parts.storedDepth}, PruneFrom: pruneFrom, Start: start}, hits)
	if err != nil {
		return nil, fail("%w", err)
	}
	last := &r.Depths[len(r.Depths)-1]
	last.Probes, last.Nodes = parts.totals()
	last.Chunks, last.Elapsed = parts.chunks, prov.End.Sub(prov.Start)
	resultParams(r, params)
	params[m.String()+".settled"] = fmt.Sprintf("depth %d settled from the shard tables in %s (%s shards merged, build %s): %d hits; the depth's seconds span its shards' runs",
		parts.depth, env.Options.CentersHits, prov.Params["merged_shards"], prov.Build, len(hits))
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
