package pipelines

import (
	"context"
	"fmt"
	"math/big"
	"strconv"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/enumerate"
	"github.com/cubecensus/cubecensus/tables"
)

// The canonical stage: counts of canonical sequences by matrix powers for
// each move set (seed 002, section 5, Table 5.1), the prepass counts
// q_{n,m}(S, A) (Table 5.2), branching factors, and a brute-force
// enumeration on real cubes that checks the counts and gives the distinct
// positions at each distance as far as the memory budget allows.
var canonicalStage = Stage{
	Name:   "canonical",
	Doc:    "canonical move sequences by matrix powers (HTM, QTM, STM, A), prepass counts, brute-force check",
	Tables: []string{"canonical_sequences", "canonical_prepass"},
	Check:  checkCanonical,
	Run:    runCanonical,
}

// canonicalMaxLen is how far each move set's counts are tabulated: 20 for
// the half-turn and slice-turn sets (Table 5.1 ends at 20), 26 for quarter
// turns (the quarter-turn diameter).
var canonicalMaxLen = map[cube.Metric]int{cube.HTM: 20, cube.QTM: 26, cube.STM: 20}

// prepassTotal is n + m in Table 5.2.
const prepassTotal = 20

// checkCanonical refuses a brute-force length whose memory does not fit the
// budget.
func checkCanonical(env *Env) error {
	depth := int(env.Options.BruteforceDepth)
	if depth < 0 {
		return nil
	}
	for _, set := range enumerate.Sets {
		a := enumerate.NewAutomaton(set)
		if need := a.BruteBytes(min(depth, canonicalMaxLen[set.Metric])); need > env.MemBudget {
			return fmt.Errorf("%w: --bruteforce-depth %d: the brute force of %s needs about %s, over --mem-budget %s (lower the one or raise the other)",
				ErrTooBig, depth, set.Name, FormatBytes(need), FormatBytes(env.MemBudget))
		}
	}
	return nil
}

func runCanonical(ctx context.Context, env *Env) (*Output, error) {
	depthOpt := int(env.Options.BruteforceDepth)
	seqs := tables.NewTable("canonical_sequences",
		tables.Column{Name: "metric", Kind: tables.String, Doc: "HTM, QTM or STM"},
		tables.Column{Name: "move_set", Kind: tables.String, Doc: "S (18 face turns), Q (quarter turns), S+M (face and slice turns), A (generators of H)"},
		tables.Column{Name: "moves", Kind: tables.Int64, Doc: "number of generators in the move set"},
		tables.Column{Name: "depth", Kind: tables.Int64, Doc: "sequence length in the metric"},
		tables.Column{Name: "canonical_sequences", Kind: tables.BigInt, Doc: "canonical sequences of this length, exact"},
		tables.Column{Name: "distinct_positions", Kind: tables.Uint64, Nullable: true, Doc: "positions at exactly this distance, where the brute force reached"},
		tables.Column{Name: "ratio", Kind: tables.Float64, Nullable: true, Doc: "canonical_sequences / distinct_positions"},
		tables.Column{Name: "branching_factor", Kind: tables.Float64, Doc: "dominant eigenvalue of the transition matrix"},
	)
	params := map[string]string{"prepass_total": strconv.Itoa(prepassTotal)}
	for _, set := range enumerate.Sets {
		a := enumerate.NewAutomaton(set)
		maxLen := canonicalMaxLen[set.Metric]
		q := a.Counts(maxLen)
		rho, err := a.BranchingFactor()
		if err != nil {
			return nil, err
		}
		brute, err := bruteForce(ctx, env, a, depthOpt, q)
		if err != nil {
			return nil, err
		}
		params["bruteforce."+set.Name+".depth"] = strconv.Itoa(brute.MaxLen)
		params["bruteforce."+set.Name+".seconds"] = strconv.FormatFloat(brute.Elapsed.Seconds(), 'f', 3, 64)
		params["max_depth."+set.Name] = strconv.Itoa(maxLen)
		for d := 0; d <= maxLen; d++ {
			var positions, ratio any
			if d <= brute.MaxLen {
				positions = brute.Positions[d]
				r, _ := new(big.Rat).SetFrac(q[d], new(big.Int).SetUint64(brute.Positions[d])).Float64()
				ratio = r
			}
			seqs.Append(set.Metric.String(), set.Name, int64(len(set.Moves)), int64(d), q[d], positions, ratio, rho)
		}
	}

	prepass := tables.NewTable("canonical_prepass",
		tables.Column{Name: "n", Kind: tables.Int64, Doc: "moves from S (all 18 face turns)"},
		tables.Column{Name: "m", Kind: tables.Int64, Doc: "moves from A (the generators of H) that follow"},
		tables.Column{Name: "q_nm", Kind: tables.BigInt, Doc: "canonical sequences of n moves from S then m from A, exact (seed 002, Table 5.2)"},
	)
	a := enumerate.NewAutomaton(cube.FaceTurns)
	for total := 0; total <= prepassTotal; total++ {
		for n, x := range a.PrepassCounts(cube.HTurns, total) {
			prepass.Append(int64(n), int64(total-n), x)
		}
	}
	return &Output{Tables: []*tables.Table{seqs, prepass}, Params: params}, nil
}

// bruteForce enumerates a's sequences on cubes to the requested depth (or
// the deepest the memory budget allows) and checks them against q.
func bruteForce(ctx context.Context, env *Env, a *enumerate.Automaton, depth int, q []*big.Int) (*enumerate.BruteResult, error) {
	name := a.Set.Name
	if depth < 0 {
		depth = a.BruteDepth(env.MemBudget, len(q)-1)
	}
	depth = min(depth, len(q)-1) // checkCanonical checked that it fits
	total := int64(0)            // sequences the walk reports: all but the empty one
	for _, x := range q[1 : depth+1] {
		total += x.Int64()
	}
	env.Log.Info("brute force", "set", name, "depth", depth, "sequences", total, "memory", FormatBytes(a.BruteBytes(depth)))
	bar := env.Progress("brute force "+name, total)
	r, err := a.BruteForce(ctx, depth, env.Workers, bar.Add)
	bar.Finish()
	if err != nil {
		return nil, err
	}
	for d := 0; d <= depth; d++ {
		if !q[d].IsUint64() || q[d].Uint64() != r.Sequences[d] {
			return nil, fmt.Errorf("self-check failed: %s has %d canonical sequences of length %d on cubes, %v by matrix powers", name, r.Sequences[d], d, q[d])
		}
	}
	env.Log.Info("brute force agrees with matrix counts", "set", name, "depth", depth, "seconds", r.Elapsed.Seconds())
	return r, nil
}
