package pipelines

import (
	"context"
	"fmt"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
	"github.com/cubecensus/cubecensus/tables"
	"github.com/cubecensus/cubecensus/upperface"
)

// Continuing the upperface search from its tables, one depth at a time,
// on one machine or in shards (the parts design, parts.go).
//
// --upperface-continue-from DIR takes the distances DIR's tables proved
// (loadUpperface) instead of searching from depth 1. A metric they left
// open then has its next depth searched, unit by unit
// (upperface.SearchPart), and settled (upperface.Settle). With --shard I/N,
// a run searches only its units and writes upperface_units and
// upperface_hits; `cubecensus merge` combines the shards, and
// --upperface-hits-from MERGED settles the depth from them, in a run
// continued from the same tables or in a fresh search exhaustive through
// the depth before (make run's). Either way the result is the one the
// uninterrupted search gives (upperface.TestShardedDepth), and every hit is
// checked on the cube.

// upperfaceDepth is the next depth of a metric's search continued from
// known (exhaustive through the depth before), with the search's config.
func upperfaceDepth(env *Env, known *upperface.Result) (*depthInParts, upperface.Config, error) {
	k, err := storedDepth(env, known.Metric)
	if err != nil {
		return nil, upperface.Config{}, err
	}
	cfg := upperface.Config{Metric: known.Metric, StoredDepth: k, Workers: env.Workers}
	n := known.Exhaustive + 1
	o := &depthInParts{stage: "upperface", metric: cfg.Metric, depth: n, storedDepth: k, continues: known.Fingerprint(),
		search: func(ctx context.Context, pick func([]cube.Word) ([]int, error), done func(meet.ChunkDone) error) error {
			return upperface.SearchPart(ctx, cfg, known, n, pick, done)
		},
		hitColumns: []tables.Column{{Name: "un", Kind: tables.Int64, Doc: "the position reached (seed 004's unique number)"}},
		hitCells:   func(h meet.Hit) []any { return []any{int64(h.State)} },
		words:      "word", things: "position", depthDoc: ": every maneuver's length",
	}
	return o, cfg, nil
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

// runUpperfaceShard searches the shard's units of the open metric's next
// depth.
func runUpperfaceShard(ctx context.Context, env *Env) (*Output, error) {
	found, err := continuedUpperface(env)
	if err != nil {
		return nil, err
	}
	o, _, err := upperfaceDepth(env, found[openMetrics(env, found)[0]])
	if err != nil {
		return nil, err
	}
	return runShardOf(ctx, env, o, string(env.Options.UpperfaceContinue))
}

// continueOpen searches, in one process, the next depth of each metric of
// found that is still open, and settles it.
func continueOpen(ctx context.Context, env *Env, found map[cube.Metric]*upperface.Result, params map[string]string) error {
	for _, m := range openMetrics(env, found) {
		o, cfg, err := upperfaceDepth(env, found[m])
		if err != nil {
			return err
		}
		start := time.Now()
		r, err := searchUnits(ctx, env, o, nil)
		if err != nil {
			return err
		}
		var hits []meet.Hit
		for _, u := range r.Done {
			hits = append(hits, u.Hits...)
		}
		settled, err := upperface.Settle(cfg, found[m], o.depth, hits, true)
		if err != nil {
			return err
		}
		found[m] = settled
		params[m.String()+".continued"] = fmt.Sprintf("depth %d searched from the tables' state (%d hits, stored depth %d, %.0f s)",
			o.depth, len(hits), o.storedDepth, time.Since(start).Seconds())
	}
	return nil
}

// upperfaceHitState reads the position of a row of upperface_hits.
func upperfaceHitState(hits *tables.Table, row []any) (int, error) {
	un, _ := cell(hits, row, "un").(int64)
	if un < 0 || un >= upperface.NPositions {
		return 0, fmt.Errorf("un %d out of range", un)
	}
	return int(un), nil
}

// settleFromHits settles the depth that the merged shard tables in
// --upperface-hits-from searched, continuing found's result of its metric.
// It refuses tables of another state (the fingerprint of the distances
// known before the depth), units that do not cover the plan's chunks once
// each with their planned probes, and any hit whose maneuver does not reach
// its position at the depth's cost (upperface.Settle checks each on the
// cube).
func settleFromHits(env *Env, found map[cube.Metric]*upperface.Result, params map[string]string) error {
	parts, err := readMergedParts("--upperface-hits-from", string(env.Options.UpperfaceHits), "upperface", upperfaceHitState)
	if err != nil {
		return err
	}
	m, n, k, fail := parts.metric, parts.depth, parts.storedDepth, parts.fail
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
	if known.Fingerprint() != parts.prov.Params[continuesParam] {
		return fail("its hits continue another state of %s through depth %d than this run's (fingerprint %.12s, not %.12s)", m, n-1, parts.prov.Params[continuesParam], known.Fingerprint())
	}
	cfg := upperface.Config{Metric: m, StoredDepth: k, Workers: env.Workers}
	plan := upperface.Chunks(cfg, n)
	if len(plan) != parts.chunks {
		return fail("%d chunks, depth %d of %s with stored depth %d has %d", parts.chunks, n, m, k, len(plan))
	}
	for u, unit := range parts.units {
		var planned int64
		for _, c := range plan[unit.first:unit.end] {
			planned += c.Probes
		}
		if unit.probes != planned {
			return fail("unit %d made %d probes; its chunks' plan makes %d", u, unit.probes, planned)
		}
	}
	hits := parts.hits
	settled, err := upperface.Settle(cfg, known, n, hits, true)
	if err != nil {
		return fail("%w", err)
	}
	found[m] = settled
	prov := parts.prov
	params[m.String()+".settled"] = fmt.Sprintf("depth %d from %d hits of %d chunks (stored depth %d) of build %s, searched %s to %s",
		n, len(hits), len(plan), k, prov.Build, prov.Start.UTC().Format(time.RFC3339), prov.End.UTC().Format(time.RFC3339))
	env.Log.Info("upperface depth settled from hits", "metric", m, "depth", n, "hits", len(hits), "unresolved", settled.Unresolved())
	return nil
}
