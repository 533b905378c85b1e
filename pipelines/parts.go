package pipelines

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/progress"
	"github.com/cubecensus/cubecensus/meet"
	"github.com/cubecensus/cubecensus/tables"
)

// A depth in parts: the one shard design of the stages whose searches are
// meet's (upperface, centers), on scale-out's shards (shard.go).
//
// The next depth of a search continued from tables (--<stage>-continue-from
// DIR) is cut into units: runs of the depth's chunks (in the search's
// order) whose prefixes begin with the same unitMoves moves, the whole
// prefix where it is shorter. Units are numbered in spreadOrder, so that a
// shard's contiguous share of them (--shard I/N) takes its part of the
// heavy first chunks. A shard searches its units (meet.Part), checkpointing
// every minute, and writes a row per unit (<stage>_units: its chunks, their
// prefix, probes, nodes and hits) and a row per hit (<stage>_hits: its unit
// and chunk, the state it reaches and its maneuver); `cubecensus merge`
// combines the shards, and --<stage>-hits-from MERGED settles the depth:
// the units must cover the depth's chunks once each in the spread order,
// and their hits, taken in chunk order as the whole depth's search merges
// them, go to the stage's Settle, which checks each on the cube. The result
// is the one the depth searched in one process gives (TestUpperfaceShards,
// TestCentersShards).
//
// The shards of upperface's STM depth 15 were written before units, a row
// per chunk in search order (upperface_chunks, keyed by chunk, no nodes);
// the settling reads that layout as units of one chunk each in search
// order.

// unitMoves is how many moves of their prefixes a unit's chunks share.
// Chunks are cut to hold at most seconds of work, so a deep depth has
// millions (centers' QTM 26: 4 million); units are about as many as there
// are 5-move beginnings (QTM: 171,179), whatever the depth. (A variable, so
// that a test cuts a small depth into units of several chunks.)
var unitMoves = 5

// depthInParts is the next depth of a stage's search continued from
// tables, as the parts design needs it.
type depthInParts struct {
	stage              string // its tables are <stage>_units and <stage>_hits
	metric             cube.Metric
	depth, storedDepth int
	// continues is the fingerprint of what is known before the depth, and
	// settings the stage's further settings every shard shares.
	continues string
	settings  map[string]string
	// search searches the chunks pick picks, in order (meet.Part.Search).
	search func(ctx context.Context, pick func(prefixes []cube.Word) ([]int, error), done func(meet.ChunkDone) error) error
	// The hits table's columns after unit and chunk, and their cells for a
	// hit.
	hitColumns []tables.Column
	hitCells   func(meet.Hit) []any
	// words and things name the problem's words and states in the tables'
	// docs ("word", "position"; "relation", "state"); depthDoc says what
	// the depth is of a hit.
	words, things, depthDoc string
}

// unitsTable and hitsTable are the names of the stage's shard tables.
func (o *depthInParts) unitsTable() string { return o.stage + "_units" }
func (o *depthInParts) hitsTable() string  { return o.stage + "_hits" }

// checkpointName names the checkpoint of a run through the depth's units.
func (o *depthInParts) checkpointName() string { return "parts-" + o.metric.String() }

// settingsOf names the depth a shard searches; its checkpoint resumes only
// these.
func (o *depthInParts) settingsOf(shard *Shard) string {
	var extra strings.Builder
	for _, k := range slices.Sorted(maps.Keys(o.settings)) {
		fmt.Fprintf(&extra, ", %s %s", k, o.settings[k])
	}
	return fmt.Sprintf("%s %s depth %d, stored depth %d%s, continuing %s, shard %v", o.stage, o.metric, o.depth, o.storedDepth, extra.String(), o.continues, shard)
}

// params are the settings every shard of the depth shares, which merge
// compares and the run settling it checks.
func (o *depthInParts) params(params map[string]string, units, chunks int) {
	params[continuesParam] = o.continues
	params["continued_metric"] = o.metric.String()
	params["continued_depth"] = strconv.Itoa(o.depth)
	params["continued_stored_depth"] = strconv.Itoa(o.storedDepth)
	params["continued_chunks"] = strconv.Itoa(chunks)
	maps.Copy(params, o.settings)
	params[unitsParam] = unitRange{0, int64(units)}.String()
	params[shardKeyParam], params[shardListParam] = "unit", o.unitsTable()
}

// cutIntoUnits cuts chunks, given by their prefixes in search order, into
// units. Unit g (in search order) is chunks first[g] to first[g+1]-1;
// first ends with the number of chunks.
func cutIntoUnits(prefixes []cube.Word) (first []int) {
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
	Hits                []meet.Hit
}

// partsDone is a run's progress through its units, as its checkpoint
// keeps it: the depth's numbers of units and chunks, and the units
// searched, in unit order.
type partsDone struct {
	stamped
	Units, Chunks int
	Done          []unitDone
}

var partsCheckpoints = jsonCheckpoints(func(c *partsDone) *stamped { return &c.stamped },
	func(c *partsDone) string { return fmt.Sprintf("%d units searched", len(c.Done)) })

// searchUnits searches shard's units of o's depth (every unit if shard is
// nil) in unit order, with a progress bar, saving a checkpoint every minute
// and resuming from one.
func searchUnits(ctx context.Context, env *Env, o *depthInParts, shard *Shard) (*partsDone, error) {
	settings := o.settingsOf(shard)
	c, save, err := partsCheckpoints.use(env, o.checkpointName(), settings)
	if err != nil {
		return nil, err
	}
	if c == nil {
		c = &partsDone{stamped: stamped{Settings: settings}}
	}
	if shard == nil {
		shard = &Shard{0, 1}
	}
	var todo []unitDone // the units left, each with its chunks' range and prefix
	pick := func(prefixes []cube.Word) ([]int, error) {
		first := cutIntoUnits(prefixes)
		units := len(first) - 1
		if len(c.Done) > 0 && (c.Units != units || c.Chunks != len(prefixes)) {
			return nil, fmt.Errorf("%s: the checkpoint's depth %d has %d units of %d chunks, this run cuts it into %d of %d",
				o.stage, o.depth, c.Units, c.Chunks, units, len(prefixes))
		}
		c.Units, c.Chunks = units, len(prefixes)
		order := spreadOrder(units)
		lo, count := shard.Part(0, int64(units))
		var ids []int
		for u := int(lo) + len(c.Done); u < int(lo+count); u++ {
			g := order[u]
			todo = append(todo, unitDone{Unit: u, First: first[g], Chunks: first[g+1] - first[g], Prefix: prefixes[first[g]][:min(len(prefixes[first[g]]), unitMoves)]})
			for i := first[g]; i < first[g+1]; i++ {
				ids = append(ids, i)
			}
		}
		env.Log.Info(o.stage+" units", "metric", o.metric, "depth", o.depth, "stored_depth", o.storedDepth, "shard", shard.String(),
			"units", unitRange{lo, count}.String(), "of", units, "chunks", len(prefixes), "resuming_at", int(lo)+len(c.Done))
		return ids, nil
	}
	var bar *progress.Reporter
	lastSave, searched := time.Now(), 0 // the chunks of todo[0] searched
	done := func(d meet.ChunkDone) error {
		if bar == nil { // after the stored side is built
			before, left := 0, 0
			for _, u := range c.Done {
				before += u.Chunks
			}
			for _, u := range todo {
				left += u.Chunks
			}
			bar = env.Progress(fmt.Sprintf("%s %s depth %d, shard %v (chunks)", o.stage, o.metric, o.depth, shard), int64(before+left))
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
	err = o.search(ctx, pick, done)
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// runShardOf searches the shard's units of o's depth and returns its
// tables.
func runShardOf(ctx context.Context, env *Env, o *depthInParts, continuedFrom string) (*Output, error) {
	c, err := searchUnits(ctx, env, o, env.Shard)
	if err != nil {
		return nil, err
	}
	params := map[string]string{continuedFromParam: continuedFrom}
	o.params(params, c.Units, c.Chunks)
	lo, count := env.Shard.Part(0, int64(c.Units))
	params[shardParam], params[shardUnitsParam] = env.Shard.String(), unitRange{lo, count}.String()
	units, hits := o.tables(c.Done)
	return &Output{Tables: []*tables.Table{units, hits}, Params: params}, nil
}

// tables are a part's tables: one row per unit, one per hit.
func (o *depthInParts) tables(done []unitDone) (units, hits *tables.Table) {
	searched := func(depthDoc string) []tables.Column {
		return []tables.Column{
			{Name: "metric", Kind: tables.String, Doc: "the metric searched"},
			{Name: "depth", Kind: tables.Int64, Doc: "the depth searched" + depthDoc},
		}
	}
	units = tables.NewTable(o.unitsTable(), append(searched(""),
		tables.Column{Name: "unit", Kind: tables.Int64, Doc: "the unit's number among the shards' units (the depth's units in spread order)"},
		tables.Column{Name: "first_chunk", Kind: tables.Int64, Doc: "its first chunk's number in the depth's search order"},
		tables.Column{Name: "chunks", Kind: tables.Int64, Doc: "its chunks, from first_chunk on"},
		tables.Column{Name: "prefix", Kind: tables.String, Doc: "the moves every " + o.words + " of its chunks begins with"},
		tables.Column{Name: "probes", Kind: tables.Int64, Doc: "probes of the stored side its chunks made"},
		tables.Column{Name: "nodes", Kind: tables.Int64, Doc: "inner nodes of its chunks' prefix search (0 where not counted)"},
		tables.Column{Name: "hits", Kind: tables.Int64, Doc: o.words + "s of its chunks reaching a " + o.things + " not known before the depth (rows of " + o.hitsTable() + ")"},
	)...)
	cols := append(searched(o.depthDoc),
		tables.Column{Name: "unit", Kind: tables.Int64, Doc: "the unit of the chunk that met it"},
		tables.Column{Name: "chunk", Kind: tables.Int64, Doc: "the chunk that met it, in the order it met them"})
	cols = append(append(cols, o.hitColumns...),
		tables.Column{Name: "maneuver", Kind: tables.String, Doc: "the " + o.words + ": a maneuver of the depth's length reaching the " + o.things})
	hits = tables.NewTable(o.hitsTable(), cols...)
	m := o.metric
	for _, u := range done {
		for _, h := range u.Hits {
			row := append([]any{m.String(), int64(o.depth), int64(u.Unit), int64(h.Chunk)}, o.hitCells(h)...)
			hits.Append(append(row, cube.FormatManeuver(h.Word.Moves(m)))...)
		}
		units.Append(m.String(), int64(o.depth), int64(u.Unit), int64(u.First), int64(u.Chunks), cube.FormatManeuver(u.Prefix.Moves(m)), u.Probes, u.Nodes, int64(len(u.Hits)))
	}
	return units, hits
}

// mergedParts are the merged shard tables of a depth, read and checked by
// the run settling it (readMergedParts).
type mergedParts struct {
	prov   tables.Provenance
	metric cube.Metric
	depth  int
	// storedDepth and chunks are the depth's, as its shards cut it.
	storedDepth, chunks int
	// units are each unit's chunks [first, end), probes and nodes, in unit
	// order.
	units []unitRow
	// hits, in the hits table's order.
	hits []meet.Hit
	// fail is an error naming the flag and the folder.
	fail func(format string, a ...any) error
}

type unitRow struct {
	first, end    int
	probes, nodes int64
}

// readMergedParts reads the merged shard tables of stage in dir (given as
// flag) and checks them: the tables of one run, every shard merged, whose
// units cover the depth's chunks once each in the spread order, each hit in
// a chunk of its unit, each maneuver parsed, each state read by the
// stage's state (its index, or an error). The stage's Settle checks the
// hits on the cube.
func readMergedParts(flag, dir, stage string, state func(hits *tables.Table, row []any) (int, error)) (*mergedParts, error) {
	r := &mergedParts{fail: func(format string, a ...any) error {
		return fmt.Errorf("%s %s: "+format, append([]any{flag, dir}, a...)...)
	}}
	unitsName, key, order := stage+"_units", "unit", spreadOrder
	if !exists(filepath.Join(dir, unitsName+tables.Extension)) && exists(filepath.Join(dir, stage+"_chunks"+tables.Extension)) {
		// The layout of before units: a row per chunk, in search order.
		unitsName, key, order = stage+"_chunks", "chunk", identity
	}
	units, prov, err := tables.Read(filepath.Join(dir, unitsName+tables.Extension))
	if err != nil {
		return nil, r.fail("%w", err)
	}
	hits, hitProv, err := tables.Read(filepath.Join(dir, stage+"_hits"+tables.Extension))
	if err != nil {
		return nil, r.fail("%w", err)
	}
	r.prov = prov
	if err := sameRun(prov, hitProv); err != nil || prov.Params[shardParam] != hitProv.Params[shardParam] {
		return nil, r.fail("%s and %s are not of one run", unitsName, hits.Name)
	}
	if sh := prov.Params[shardParam]; sh != "" && sh != "0/1" {
		return nil, r.fail("the tables of shard %s alone: merge every shard first (cubecensus merge)", sh)
	}
	if r.metric, err = cube.ParseMetric(prov.Params["continued_metric"]); err != nil {
		return nil, r.fail("continued_metric: %w", err)
	}
	var all unitRange
	err = all.parse(prov.Params[unitsParam])
	var errs [3]error
	r.depth, errs[0] = strconv.Atoi(prov.Params["continued_depth"])
	r.storedDepth, errs[1] = strconv.Atoi(prov.Params["continued_stored_depth"])
	if r.chunks, errs[2] = strconv.Atoi(prov.Params["continued_chunks"]); key == "chunk" {
		r.chunks, errs[2] = int(all.count), nil // a unit per chunk
	}
	if err != nil || all.first != 0 || errors.Join(errs[:]...) != nil {
		return nil, r.fail("no continued_depth, continued_stored_depth, continued_chunks and units 0:COUNT in the provenance")
	}
	if r.units, err = unitRanges(units, key, order(int(all.count)), r.chunks); err != nil {
		return nil, r.fail("%s: %w", unitsName, err)
	}
	for i, row := range hits.Rows {
		chunk, _ := cell(hits, row, "chunk").(int64)
		unit, ok := cell(hits, row, key).(int64)
		if !ok || unit < 0 || unit >= all.count || chunk < int64(r.units[unit].first) || chunk >= int64(r.units[unit].end) {
			return nil, r.fail("%s row %d: chunk %d is not one of unit %d's", hits.Name, i, chunk, unit)
		}
		text, _ := cell(hits, row, "maneuver").(string)
		moves, err := cube.ParseManeuver(text)
		if err != nil {
			return nil, r.fail("%s row %d: %w", hits.Name, i, err)
		}
		w, err := cube.WordOf(moves)
		if err != nil {
			return nil, r.fail("%s row %d: %w", hits.Name, i, err)
		}
		st, err := state(hits, row)
		if err != nil {
			return nil, r.fail("%s row %d: %w", hits.Name, i, err)
		}
		r.hits = append(r.hits, meet.Hit{Chunk: int(chunk), State: st, Word: w})
	}
	return r, nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// unitRanges checks that the rows of a units table are units 0 to
// len(order)-1 in order (key names a unit's column), whose chunk ranges,
// taken in order (unit u is the order[u]-th run of chunks), cover chunks 0
// to chunks-1 once each; it returns each unit's range, probes and nodes. A
// table without first_chunk and chunks has a chunk per unit, numbered by
// key; one without nodes counted none.
func unitRanges(units *tables.Table, key string, order []int, chunks int) ([]unitRow, error) {
	if len(units.Rows) != len(order) {
		return nil, fmt.Errorf("%d rows for the depth's %d units", len(units.Rows), len(order))
	}
	out := make([]unitRow, len(order))
	for u, row := range units.Rows {
		first, ok1 := cell(units, row, "first_chunk").(int64)
		n, ok2 := cell(units, row, "chunks").(int64)
		if units.Index("first_chunk") < 0 && units.Index("chunks") < 0 {
			first, ok1 = cell(units, row, key).(int64)
			n, ok2 = 1, true
		}
		p, ok3 := cell(units, row, "probes").(int64)
		q, ok4 := cell(units, row, "nodes").(int64)
		if units.Index("nodes") < 0 {
			ok4 = true
		}
		if cell(units, row, key) != int64(u) || !ok1 || !ok2 || !ok3 || !ok4 || n < 1 {
			return nil, fmt.Errorf("row %d is not unit %d with its chunks, probes and nodes", u, u)
		}
		out[u] = unitRow{int(first), int(first + n), p, q}
	}
	next := 0 // the runs of chunks in search order: unit order^-1[0]'s, then ...
	byRun := make([]int, len(order))
	for u, g := range order {
		byRun[g] = u
	}
	for g, u := range byRun {
		if out[u].first != next {
			return nil, fmt.Errorf("unit %d begins at chunk %d, where run %d of the spread order, chunk %d, was due", u, out[u].first, g, next)
		}
		next = out[u].end
	}
	if next != chunks {
		return nil, fmt.Errorf("the units cover chunks 0 to %d of the depth's %d", next-1, chunks)
	}
	return out, nil
}

// totals are the probes and nodes of all the units.
func (r *mergedParts) totals() (probes, nodes int64) {
	for _, u := range r.units {
		probes, nodes = probes+u.probes, nodes+u.nodes
	}
	return probes, nodes
}
