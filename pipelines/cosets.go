package pipelines

import (
	"context"
	"fmt"
	"strconv"

	"github.com/cubecensus/cubecensus/cosets"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/solver"
	"github.com/cubecensus/cubecensus/tables"
)

// The cosets stage: Kociemba's subgroup H and its cosets (seeds 001 and
// 002). It writes the distances inside H in moves of A (seed 001, Table 1,
// "moves in A"), by a breadth-first search over bitmaps of H, and the
// distances of the 2,217,093,120 cosets of H from H in HTM and QTM (the
// coset solver's pruning table, phase 1's).
var cosetsStage = Stage{
	Name:   "cosets",
	Doc:    "Kociemba's subgroup H = <U, D, R2, L2, F2, B2>: its positions at each distance in moves of A (seed 001, Table 1); its cosets' distances from it",
	Tables: []string{"h_distance", "coset_distance"},
	Check:  checkCosets,
	Run:    runCosets,
}

func checkCosets(env *Env) error {
	if need := uint64(cosets.HDistanceBytes); env.MemBudget < need {
		return fmt.Errorf("%w: --mem-budget %s: the cosets stage's search of H keeps two bitmaps of H, %s", ErrTooBig, FormatBytes(env.MemBudget), FormatBytes(need))
	}
	return nil
}

func runCosets(ctx context.Context, env *Env) (*Output, error) {
	bar := env.Progress("positions of H reached in moves of A", cosets.HSize)
	bar.Add(1) // the solved cube
	levels, err := cosets.DistancesInA(ctx, 0, env.Workers, func(levels []int64) {
		bar.Add(levels[len(levels)-1])
	})
	if err != nil {
		return nil, err
	}
	bar.Finish()
	var total int64
	for _, n := range levels {
		total += n
	}
	if total != cosets.HSize {
		return nil, fmt.Errorf("self-check failed: the search of H reached %d positions, not %d", total, int64(cosets.HSize))
	}
	t := tables.NewTable("h_distance",
		tables.Column{Name: "depth", Kind: tables.Int64, Doc: "distance from the solved cube"},
		tables.Column{Name: "moves_in_a", Kind: tables.Int64, Doc: "positions of H at that distance in moves of A (U, D in all powers; R2, L2, F2, B2), exact"},
	)
	for d, n := range levels {
		t.Append(int64(d), n)
	}
	params := map[string]string{
		"positions": strconv.FormatInt(total, 10),
		"method":    "breadth-first search over bitmaps of H, one prepass a level",
	}
	dist, err := cosetDistances(env, params)
	if err != nil {
		return nil, err
	}
	return &Output{Tables: []*tables.Table{t, dist}, Params: params}, nil
}

// cosetDistances counts the cosets of H at each distance from H in HTM and
// QTM, from the solver's phase-1 tables (exact), and records each table's
// hash in params.
func cosetDistances(env *Env, params map[string]string) (*tables.Table, error) {
	s, err := newSolver(env)
	if err != nil {
		return nil, err
	}
	t := tables.NewTable("coset_distance",
		tables.Column{Name: "metric", Kind: tables.String, Doc: "HTM (face turns) or QTM (quarter turns)"},
		tables.Column{Name: "depth", Kind: tables.Int64, Doc: "distance from H: the fewest moves taking the coset's positions into H"},
		tables.Column{Name: "cosets", Kind: tables.Int64, Doc: "cosets of H at that distance, of all 2,217,093,120 (not reduced by symmetry)"},
	)
	for _, m := range []cube.Metric{cube.HTM, cube.QTM} {
		table, err := s.CosetTable(m)
		if err != nil {
			return nil, err
		}
		var total int64
		for d, n := range table.Distribution(env.Workers) {
			t.Append(m.String(), int64(d), n)
			total += n
		}
		if total != solver.NCosets {
			return nil, fmt.Errorf("self-check failed: %d cosets at a distance in %v, not %d", total, m, int64(solver.NCosets))
		}
		params["coset_table_sha256."+m.String()] = table.Checksum()
	}
	return t, nil
}
