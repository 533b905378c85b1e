package pipelines

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
	"github.com/cubecensus/cubecensus/tables"
	"github.com/cubecensus/cubecensus/upperface"
)

// The upperface stage: God's algorithm for the 62,208 upper-face positions
// (seed 004) in HTM, QTM and STM by meet-in-the-middle joins, an optimal
// maneuver for each position where the search reaches it and honest bounds
// where it does not, and the last-layer cases.
var upperfaceStage = Stage{
	Name:   "upperface",
	Doc:    "God's algorithm for the 62,208 upper-face positions (HTM, QTM, STM) by meet in the middle; cases",
	Tables: []string{"upperface_positions", "upperface_distribution", "upperface_cases"},
	// A shard searches its part of the next depth of a search continued
	// from tables (upperface_continue.go).
	ShardTables: []string{"upperface_units", "upperface_hits"},
	Check:       checkUpperface,
	Run:         runUpperface,
}

// DefaultUpperfaceBudget is the probes each metric's search may make: HTM
// finishes within it (about 1.1e9 probes), QTM too (2.3e9), and STM is
// exhaustive through depth 14 (8.03e9), then searches a little of depth 15.
// About 7.5 minutes on 2 cores, five of them for STM's depth 14.
const DefaultUpperfaceBudget = 8_500_000_000

// upperfaceReserve is memory the stage keeps outside the search's table:
// maneuvers, group and case tables, the result tables.
const upperfaceReserve = 256 << 20

// storedDepth is the deepest stored side of metric m's search that the
// memory budget allows, beside what the stage keeps outside it.
func storedDepth(env *Env, m cube.Metric) (int, error) {
	if env.MemBudget <= upperfaceReserve {
		return 0, fmt.Errorf("%w: --mem-budget %s is too small for the upperface stage (it keeps %s besides its search's table)", ErrTooBig, FormatBytes(env.MemBudget), FormatBytes(upperfaceReserve))
	}
	k, err := upperface.ChooseStoredDepth(m, env.MemBudget-upperfaceReserve)
	if err != nil {
		return 0, fmt.Errorf("%w: --mem-budget %s: %v", ErrTooBig, FormatBytes(env.MemBudget), err)
	}
	return k, nil
}

// checkUpperface refuses a memory budget too small for a search, a probe
// budget too small for the search to bound every position, and tables to
// continue from that do not load or fit the run.
func checkUpperface(env *Env) error {
	budget := int64(env.Options.UpperfaceBudget)
	for _, m := range env.Options.UpperfaceMetrics {
		k, err := storedDepth(env, m)
		if err != nil {
			return err
		}
		if least, depth := upperface.MinBudget(m, k); budget < least && env.Options.UpperfaceContinue == "" {
			return fmt.Errorf("--upperface-budget %d is too small: the %v search (stored depth %d) needs %d probes to finish depth %d, the first whose positions generate every upper-face position; with fewer, the positions it does not reach cannot be bounded",
				budget, m, k, least, depth)
		}
	}
	return checkContinue(env)
}

func runUpperface(ctx context.Context, env *Env) (*Output, error) {
	if env.Shard != nil {
		return runUpperfaceShard(ctx, env)
	}
	metrics, budget := env.Options.UpperfaceMetrics, int64(env.Options.UpperfaceBudget)
	params := map[string]string{"metrics": metrics.String()}
	found := map[cube.Metric]*upperface.Result{}
	if dir := env.Options.UpperfaceContinue; dir != "" {
		var err error
		if found, err = continuedUpperface(env); err != nil {
			return nil, err
		}
		params[continuedFromParam] = string(dir)
	} else {
		params["budget"] = strconv.FormatInt(budget, 10)
		for _, m := range metrics {
			r, err := searchUpperface(ctx, env, m, budget, params)
			if err != nil {
				return nil, err
			}
			found[m] = r
		}
	}
	var err error
	switch {
	case env.Options.UpperfaceHits != "":
		err = settleFromHits(env, found, params)
	case env.Options.UpperfaceContinue != "":
		err = continueOpen(ctx, env, found, params)
	}
	if err != nil {
		return nil, err
	}
	for _, m := range metrics {
		params[m.String()+".exhaustive_depth"] = strconv.Itoa(found[m].Exhaustive)
	}
	if err := boundUpperface(env, metrics, found, params); err != nil {
		return nil, err
	}
	var cases []upperface.CaseCount
	for _, k := range upperface.CaseKinds {
		c, err := upperface.Cases(k)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	positions, err := upperfacePositions(found, cases)
	if err != nil {
		return nil, err
	}
	return &Output{
		Tables: []*tables.Table{positions, upperfaceDistribution(metrics, found), upperfaceCases(cases)},
		Params: params,
	}, nil
}

// searchUpperface runs one metric's search with the deepest stored side the
// memory budget allows, reporting progress per depth.
func searchUpperface(ctx context.Context, env *Env, m cube.Metric, budget int64, params map[string]string) (*upperface.Result, error) {
	cfg, finish, err := upperfaceSearches.config(env, m, budget)
	if err != nil {
		return nil, err
	}
	if _, err := useSearchCheckpoints(env, upperfaceCheckpoints, &cfg, ""); err != nil {
		return nil, err
	}
	r, err := upperface.Search(ctx, cfg)
	finish()
	if err != nil {
		return nil, err
	}
	// From the result, not the Depth calls: a resumed search made only
	// some of those calls, and its result holds every depth.
	for _, st := range r.Depths {
		params[fmt.Sprintf("%s.depth%02d", m, st.Depth)] = fmt.Sprintf("probes=%d planned=%d found=%d exhaustive=%v seconds=%.3f",
			st.Probes, st.Planned, st.Found, st.Exhaustive, st.Elapsed.Seconds())
	}
	searchedParams(&cfg, &r.Result, params)
	params[m.String()+".stored_depth"] = strconv.Itoa(r.StoredDepth)
	return r, nil
}

// checkpointEvery is how often a search saves its state within a depth.
const checkpointEvery = time.Minute

// upperfaceSearches describes the stage's searches to the pipeline.
var upperfaceSearches = searchStage{name: "upperface", entries: upperface.StoredEntries, bytes: upperface.StoredBytes, storedDepth: storedDepth}

// upperfaceCheckpoints is how the pipeline keeps upperface's checkpoints.
var upperfaceCheckpoints = searchCheckpoints(upperface.NPositions)

// boundUpperface gives the positions a search left open bounds from the
// other metrics and from products of known positions, and records how many
// stay open.
func boundUpperface(env *Env, metrics MetricList, found map[cube.Metric]*upperface.Result, params map[string]string) error {
	for _, m := range metrics {
		r := found[m]
		if r.Unresolved() == 0 {
			continue
		}
		for _, o := range metrics {
			if o != m {
				if err := r.BoundBy(found[o]); err != nil {
					return err
				}
			}
		}
		if err := r.Compose(env.Workers); err != nil {
			return err
		}
	}
	for _, m := range metrics {
		params[m.String()+".unresolved"] = strconv.Itoa(found[m].Unresolved())
		env.Log.Info("upperface bounds", "metric", m, "unresolved", found[m].Unresolved())
	}
	return nil
}

// upperfacePositions is the 62,208-row table, checking every maneuver as a
// reader would: parsed back from its text, applied to the solved cube, it
// must reach its row's position with its row's length.
func upperfacePositions(found map[cube.Metric]*upperface.Result, cases []upperface.CaseCount) (*tables.Table, error) {
	cols := []tables.Column{
		{Name: "un", Kind: tables.Int64, Doc: "seed 004's unique number: epn*2592 + etn*324 + cpn*27 + ctn"},
		{Name: "epn", Kind: tables.Int64, Doc: "edge permutation number 0..23 (seed 004's table of permutations)"},
		{Name: "etn", Kind: tables.Int64, Doc: "edge flip number 0..7: flips of UL, UB, UR weigh 1, 2, 4"},
		{Name: "cpn", Kind: tables.Int64, Doc: "corner permutation number 0..11 (the permutation's number halved)"},
		{Name: "ctn", Kind: tables.Int64, Doc: "corner twist number 0..26: twists of UFL, ULB, UBR weigh 1, 3, 9"},
		{Name: "ep", Kind: tables.String, Doc: "edge pieces at UL UB UR UF (0..3 in that order)"},
		{Name: "et", Kind: tables.String, Doc: "edge flips at UL UB UR UF"},
		{Name: "cp", Kind: tables.String, Doc: "corner pieces at UFL ULB UBR URF (0..3 in that order)"},
		{Name: "ct", Kind: tables.String, Doc: "corner twists at UFL ULB UBR URF (1 clockwise, 2 anticlockwise)"},
	}
	for _, m := range cube.Metrics {
		p := strings.ToLower(m.String())
		cols = append(cols,
			tables.Column{Name: p + "_distance", Kind: tables.Int64, Nullable: true, Doc: "distance in " + m.String() + ", null where only bounds are known or the metric was not searched"},
			tables.Column{Name: p + "_lower", Kind: tables.Int64, Nullable: true, Doc: "proven lower bound of the " + m.String() + " distance"},
			tables.Column{Name: p + "_upper", Kind: tables.Int64, Nullable: true, Doc: "upper bound of the " + m.String() + " distance: the maneuver's length"},
			tables.Column{Name: p + "_maneuver", Kind: tables.String, Nullable: true, Doc: "a maneuver from the solved cube to the position of length " + p + "_upper (optimal where " + p + "_distance is set)"},
		)
	}
	for _, c := range cases {
		cols = append(cols, tables.Column{Name: "case_" + c.Kind.String(), Kind: tables.Int64, Doc: "case id, the least un among " + c.Kind.Doc()})
	}
	t := tables.NewTable("upperface_positions", cols...)
	for un := range upperface.NPositions {
		p, err := upperface.FromUn(un)
		if err != nil {
			return nil, err
		}
		epn, etn, cpn, ctn := p.Numbers()
		ep, et, cp, ct := p.Digits()
		row := []any{int64(un), int64(epn), int64(etn), int64(cpn), int64(ctn), ep, et, cp, ct}
		for _, m := range cube.Metrics {
			r, ok := found[m]
			if !ok {
				row = append(row, nil, nil, nil, nil)
				continue
			}
			text := cube.FormatManeuver(r.Word[un].Moves(m))
			if err := checkManeuver(text, un, m, r.Upper[un]); err != nil {
				return nil, err
			}
			var dist any
			if r.Exact(un) {
				dist = int64(r.Upper[un])
			}
			row = append(row, dist, int64(r.Lower[un]), int64(r.Upper[un]), text)
		}
		for _, c := range cases {
			row = append(row, int64(c.ID[un]))
		}
		t.Append(row...)
	}
	return t, nil
}

// checkManeuver parses a maneuver's text and applies it: it must reach un
// with length n in metric m.
func checkManeuver(text string, un int, m cube.Metric, n int) error {
	moves, err := cube.ParseManeuver(text)
	if err != nil {
		return fmt.Errorf("self-check failed: the maneuver of un %d in %s does not parse: %w", un, m, err)
	}
	p, err := upperface.FromCube(cube.FromMoves(moves))
	if err != nil || p.Un() != un {
		return fmt.Errorf("self-check failed: the %s maneuver %q of un %d reaches another position", m, text, un)
	}
	if length := m.Length(moves); length != n {
		return fmt.Errorf("self-check failed: the %s maneuver %q of un %d has length %d, the table says %d", m, text, un, length, n)
	}
	return nil
}

// upperfaceDistribution counts positions by distance for each metric, with
// the envelope of the unresolved ones.
func upperfaceDistribution(metrics MetricList, found map[cube.Metric]*upperface.Result) *tables.Table {
	d := distribution{name: "upperface_distribution", things: "positions", depthDoc: "distance from the solved cube in the metric",
		exhaustiveDoc: "positions is the full count: the search was exhaustive through this depth, or every distance is known"}
	return d.table(metrics, func(m cube.Metric) []meet.Level { return found[m].Levels() })
}

// upperfaceCases is the table of case counts.
func upperfaceCases(cases []upperface.CaseCount) *tables.Table {
	t := tables.NewTable("upperface_cases",
		tables.Column{Name: "kind", Kind: tables.String, Doc: "auf, pre_post_auf or symmetric (the case_* columns of upperface_positions)"},
		tables.Column{Name: "identifies", Kind: tables.String, Doc: "what one case gathers"},
		tables.Column{Name: "group_order", Kind: tables.Int64, Doc: "maps in the group acting on the positions"},
		tables.Column{Name: "cases", Kind: tables.Int64, Doc: "cases, counted as distinct case ids (the solved position is one)"},
		tables.Column{Name: "cases_burnside", Kind: tables.Int64, Doc: "cases by Burnside's lemma: must equal cases"},
	)
	for _, c := range cases {
		t.Append(c.Kind.String(), c.Kind.Doc(), int64(c.GroupOrder), int64(c.Cases), int64(c.Burnside))
	}
	return t
}
