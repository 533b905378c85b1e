package pipelines

import (
	"fmt"
	"strconv"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
	"github.com/cubecensus/cubecensus/tables"
)

// What the upperface and centers stages share, as searches of meet's
// engine: the settings and logging of a search, and the distribution table
// (a depth in parts, their shard design, is parts.go).

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
