package pipelines

import (
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
	"github.com/cubecensus/cubecensus/tables"
)

// What the upperface and centers stages share, as searches of meet's
// engine: the distribution table, and of a depth searched in shards
// (upperface_continue.go, centers_shard.go) the settings every shard
// records and the run settling it checks, the columns its tables begin
// with, and the reading of the merged shards' tables.

// searchStage describes a stage whose searches are meet's (upperface,
// centers) to the pipeline.
type searchStage struct {
	name string
	unit string // what its progress bars count: "" for probes
	// entries and bytes of the stored side of depth k in metric m (at most,
	// where the stored side keeps only some words).
	entries, bytes func(m cube.Metric, k int) uint64
	// storedDepth chooses the stored side's depth for a metric.
	storedDepth func(*Env, cube.Metric) (int, error)
}

// config returns the engine's settings for metric m's search: the stored
// depth the stage chooses, the probe budget, a progress bar per depth and a
// log line per depth. finish ends the last bar.
func (s searchStage) config(env *Env, m cube.Metric, budget int64) (cfg meet.Config, finish func(), err error) {
	k, err := s.storedDepth(env, m)
	if err != nil {
		return cfg, nil, err
	}
	env.Log.Info(s.name+" search", "metric", m, "stored_depth", k,
		"stored_entries", s.entries(m, k), "table", FormatBytes(s.bytes(m, k)), "budget_probes", budget)
	report, finish := depthBars(env, s.name+" "+m.String(), s.unit)
	depth := func(st meet.DepthStats) {
		env.Log.Info(s.name+" depth", "metric", m, "depth", st.Depth, "open", st.Open, "probes", st.Probes, "planned", st.Planned, "nodes", st.Nodes,
			"found", st.Found, "exhaustive", st.Exhaustive, "seconds", st.Elapsed.Seconds(), "table_seconds", st.Table.Seconds())
	}
	return meet.Config{Metric: m, StoredDepth: k, Budget: budget, Workers: env.Workers, Progress: report, Depth: depth}, finish, nil
}

// searchedParams records in params how the search cfg ran and ended: where
// a resumed one took up its checkpoint, and the entries of its stored side.
func searchedParams(cfg *meet.Config, r *meet.Result, params map[string]string) {
	m := cfg.Metric.String()
	if c := cfg.Resume; c != nil {
		params[m+".resumed"] = fmt.Sprintf("from a checkpoint at depth %d, chunk %d (done=%v); each depth's seconds are those of the run that did it", c.Depth, c.Chunk, c.Done)
	}
	params[m+".stored_words"] = strconv.Itoa(r.StoredEntries)
}

// distribution describes a stage's distribution table: a row per metric
// and depth counting what is proven of the problem's states (things: its
// name for them) at the depth.
type distribution struct {
	name, things string
	depthDoc     string // the depth column's doc: the distance from what
	// exhaustiveDoc is the exhaustive column's.
	exhaustiveDoc string
	// extra are columns after the exact count, and extraCells their cells
	// for metric m at a level.
	extra      []tables.Column
	extraCells func(m cube.Metric, l meet.Level) []any
}

// table counts the states of each metric by distance (levels: meet's
// Bounds.Levels of its result).
func (d distribution) table(metrics MetricList, levels func(m cube.Metric) []meet.Level) *tables.Table {
	cols := []tables.Column{
		{Name: "metric", Kind: tables.String, Doc: "HTM, QTM or STM"},
		{Name: "depth", Kind: tables.Int64, Doc: d.depthDoc},
		{Name: d.things, Kind: tables.Int64, Doc: d.things + " proven to be at exactly this distance"},
	}
	cols = append(append(cols, d.extra...),
		tables.Column{Name: "cumulative", Kind: tables.Int64, Doc: d.things + " proven to be within this distance (their upper bound is at most depth)"},
		tables.Column{Name: "cumulative_possible", Kind: tables.Int64, Doc: d.things + " that may be within this distance (their lower bound is at most depth); equals cumulative where all are known"},
		tables.Column{Name: "exhaustive", Kind: tables.Bool, Doc: d.exhaustiveDoc},
	)
	t := tables.NewTable(d.name, cols...)
	for _, m := range metrics {
		for _, l := range levels(m) {
			row := []any{m.String(), int64(l.Depth), l.Exact}
			if d.extraCells != nil {
				row = append(row, d.extraCells(m, l)...)
			}
			t.Append(append(row, l.Within, l.Possible, l.Complete)...)
		}
	}
	return t
}

// searched are the columns a shard's tables begin with: the metric and
// the depth searched (depthDoc adds what the depth is of a row).
func searched(depthDoc string) []tables.Column {
	return []tables.Column{
		{Name: "metric", Kind: tables.String, Doc: "the metric searched"},
		{Name: "depth", Kind: tables.Int64, Doc: "the depth searched" + depthDoc},
	}
}

// partsTable returns an empty table of a shard's parts of a depth: the
// metric and depth, the columns key naming a part, then the moves its
// words begin with, the probes it made (and its prefix search's nodes,
// where counted) and its hits (words, each reaching one of the problem's
// things: rows of the table hitsName).
func partsTable(name string, key []tables.Column, words, things, hitsName string, nodes bool) *tables.Table {
	cols := append(searched(""), key...)
	cols = append(cols,
		tables.Column{Name: "prefix", Kind: tables.String, Doc: "the moves every " + words + " of its chunks begins with"},
		tables.Column{Name: "probes", Kind: tables.Int64, Doc: "probes of the stored side its chunks made"})
	if nodes {
		cols = append(cols, tables.Column{Name: "nodes", Kind: tables.Int64, Doc: "inner nodes of its chunks' prefix search"})
	}
	return tables.NewTable(name, append(cols, tables.Column{Name: "hits", Kind: tables.Int64,
		Doc: words + "s of its chunks reaching a " + things + " not known before the depth (rows of " + hitsName + ")"})...)
}

// hitsTable returns an empty table of a shard's hits: the metric and depth
// (depthDoc adds what the depth is of a hit), then cols.
func hitsTable(name, depthDoc string, cols ...tables.Column) *tables.Table {
	return tables.NewTable(name, append(searched(depthDoc), cols...)...)
}

// continuedParams record the settings of the depth every shard searches:
// its metric, depth and stored depth, and the fingerprint of what was
// known before it.
func continuedParams(params map[string]string, m cube.Metric, depth, storedDepth int, continues string) {
	params[continuesParam] = continues
	params["continued_metric"] = m.String()
	params["continued_depth"] = strconv.Itoa(depth)
	params["continued_stored_depth"] = strconv.Itoa(storedDepth)
}

// mergedShards are the tables of a depth searched in shards and merged
// (cubecensus merge), as the run settling it reads them from the folder
// its flag names: a row per part of the depth, a row per hit.
type mergedShards struct {
	parts, hits *tables.Table
	prov        tables.Provenance
	// fail is an error naming the flag and the folder.
	fail func(format string, a ...any) error
}

// readMergedShards reads the tables partsName and hitsName in dir, and
// refuses them unless they are of one run with every shard merged.
func readMergedShards(flag, dir, partsName, hitsName string) (*mergedShards, error) {
	s := &mergedShards{fail: func(format string, a ...any) error {
		return fmt.Errorf("%s %s: "+format, append([]any{flag, dir}, a...)...)
	}}
	var err error
	if s.parts, s.prov, err = tables.Read(filepath.Join(dir, partsName+tables.Extension)); err != nil {
		return nil, s.fail("%w", err)
	}
	hits, hitProv, err := tables.Read(filepath.Join(dir, hitsName+tables.Extension))
	if err != nil {
		return nil, s.fail("%w", err)
	}
	s.hits = hits
	if err := sameRun(s.prov, hitProv); err != nil || s.prov.Params[shardParam] != hitProv.Params[shardParam] {
		return nil, s.fail("%s and %s are not of one run", partsName, hitsName)
	}
	if sh := s.prov.Params[shardParam]; sh != "" && sh != "0/1" {
		return nil, s.fail("the tables of shard %s alone: merge every shard first (cubecensus merge)", sh)
	}
	return s, nil
}

// word reads hit row i's maneuver.
func (s *mergedShards) word(i int) (cube.Word, error) {
	text, _ := cell(s.hits, s.hits.Rows[i], "maneuver").(string)
	moves, err := cube.ParseManeuver(text)
	if err != nil {
		return nil, s.fail("%s row %d: %w", s.hits.Name, i, err)
	}
	w, err := cube.WordOf(moves)
	if err != nil {
		return nil, s.fail("%s row %d: %w", s.hits.Name, i, err)
	}
	return w, nil
}
