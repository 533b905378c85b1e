package pipelines

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/cubecensus/cubecensus/burnside"
	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/solver"
	"github.com/cubecensus/cubecensus/tables"
)

// The symmetry stage: every cube classified by its stabilizer under the 48
// symmetries M and under M x C2 (seed 000, "Symmetric Patterns in Detail",
// "Symmetry and Antisymmetry", "How to count the number of essentially
// different cubes"), with orbit totals for several groups by two routes.
var symmetryStage = Stage{
	Name:   "symmetry",
	Doc:    "symmetry classes under M (33 types) and M x C2 (131 types): fixed, exact and orbit counts, witnesses",
	Tables: []string{"symmetry_types_m", "symmetry_types_mc2", "symmetry_totals"},
	Run:    runSymmetry,
}

// witnessSeed makes the witnesses reproducible; witnessTries bounds the
// draws per type (the rarest type needs a few dozen).
const (
	witnessSeed       = 20261122
	witnessTries      = 5000
	witnessMaxLength  = 20 // face turns: God's number, which the two-phase solver reaches in milliseconds
	witnessNodeBudget = 300_000
	witnessAttempts   = 50
)

func runSymmetry(ctx context.Context, env *Env) (*Output, error) {
	rng := rand.New(rand.NewPCG(witnessSeed, 0))
	m, err := burnside.NewCensus(burnside.GroupM)
	if err != nil {
		return nil, err
	}
	mc2, err := burnside.NewCensus(burnside.GroupMC2)
	if err != nil {
		return nil, err
	}
	solve, err := newSolver(env, coord.OptimalTableFor(env.MemBudget))
	if err != nil {
		return nil, err
	}
	solve.ExtraDepths = 0 // any generator will do; the first is fastest
	solve.NodeBudget = witnessNodeBudget
	// witness returns the facelets and a generating maneuver of a cube with
	// stabilizer exactly k in g, both null when no such cube exists. A few
	// symmetric cubes are slow for the two-phase solver; rather than wait,
	// it draws another witness (a node budget, unlike a timeout, keeps the
	// choice the same on every machine).
	witness := func(k, g burnside.Set) (facelets, maneuver any, err error) {
		fixed := burnside.NewFixedSet(k)
		for range witnessAttempts {
			y, ok := fixed.Witness(k, g, rng, witnessTries)
			if !ok {
				return nil, nil, nil
			}
			gen, err := solve.Generator(y, witnessMaxLength)
			if errors.Is(err, solver.ErrBudget) {
				continue
			}
			if err != nil {
				return nil, nil, fmt.Errorf("witness of %v: %w", burnside.TypeOf(k), err)
			}
			if cube.FromMoves(gen) != y {
				return nil, nil, fmt.Errorf("self-check failed: the maneuver for the witness of %v", burnside.TypeOf(k))
			}
			return y.Facelets(), cube.FormatManeuver(gen), nil
		}
		return nil, nil, fmt.Errorf("no witness of %v solved within %d nodes in %d attempts", burnside.TypeOf(k), witnessNodeBudget, witnessAttempts)
	}

	typesM := tables.NewTable("symmetry_types_m",
		tables.Column{Name: "name", Kind: tables.String, Doc: "Schoenflies symbol, with seed 000's variant"},
		tables.Column{Name: "order", Kind: tables.Int64, Doc: "symmetries in the subgroup"},
		tables.Column{Name: "class_size", Kind: tables.Int64, Doc: "conjugate subgroups of this type"},
		tables.Column{Name: "cubes_at_least", Kind: tables.BigInt, Doc: "cubes having at least the symmetries of one subgroup of this type"},
		tables.Column{Name: "cubes_exactly", Kind: tables.BigInt, Doc: "cubes whose symmetry group is exactly one given subgroup of this type"},
		tables.Column{Name: "classes_mod_m", Kind: tables.BigInt, Doc: "essentially different cubes (orbits under M) of this type"},
		witnessFacelets, witnessManeuver,
	)
	for _, cl := range sortedClasses(m) {
		f, man, err := witness(cl.Rep, burnside.GroupM)
		if err != nil {
			return nil, err
		}
		typesM.Append(burnside.TypeOf(cl.Rep).H1, int64(cl.Rep.Len()), int64(len(cl.Members)), cl.Fixed, cl.Exact, cl.Orbits, f, man)
	}

	typesMC2 := tables.NewTable("symmetry_types_mc2",
		tables.Column{Name: "kind", Kind: tables.Int64, Doc: "1: (H,1); 2: (H,1) and (H,a); 3: (H1,1) and (H2\\H1,a) (seed 000)"},
		tables.Column{Name: "h1", Kind: tables.String, Doc: "H for kinds 1 and 2; H1, the symmetries kept, for kind 3"},
		tables.Column{Name: "h2", Kind: tables.String, Doc: "H for kinds 1 and 2; H2, the symmetries with or without inversion, for kind 3"},
		tables.Column{Name: "order", Kind: tables.Int64, Doc: "elements of M x C2 in the subgroup"},
		tables.Column{Name: "class_size", Kind: tables.Int64, Doc: "conjugate subgroups of this type"},
		tables.Column{Name: "cubes_fixed", Kind: tables.BigInt, Doc: "cubes fixed by every element of one subgroup of this type"},
		tables.Column{Name: "cubes_exactly", Kind: tables.BigInt, Doc: "cubes whose stabilizer is exactly one given subgroup of this type"},
		tables.Column{Name: "orbits", Kind: tables.BigInt, Doc: "O(H): essentially different cubes (orbits under M x C2) of this type"},
		witnessFacelets, witnessManeuver,
	)
	for _, cl := range sortedClasses(mc2) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ty := burnside.TypeOf(cl.Rep)
		f, man, err := witness(cl.Rep, burnside.GroupMC2)
		if err != nil {
			return nil, err
		}
		typesMC2.Append(int64(ty.Kind), ty.H1, ty.H2, int64(cl.Rep.Len()), int64(len(cl.Members)), cl.Fixed, cl.Exact, cl.Orbits, f, man)
	}

	totals := tables.NewTable("symmetry_totals",
		tables.Column{Name: "group", Kind: tables.String, Doc: "the group acting on all cubes"},
		tables.Column{Name: "order", Kind: tables.Int64},
		tables.Column{Name: "orbits", Kind: tables.BigInt, Doc: "orbits by Burnside's lemma: the average number of cubes an element fixes"},
		tables.Column{Name: "orbits_by_types", Kind: tables.BigInt, Doc: "orbits as the sum of O(K) over the stabilizer types: must equal orbits"},
		tables.Column{Name: "cubes_with_symmetry", Kind: tables.BigInt, Doc: "cubes fixed by some element other than the identity"},
	)
	all := new(big.Int).Set(m.Classes[0].Fixed) // the trivial subgroup fixes every cube
	for _, g := range []struct {
		name   string
		group  burnside.Set
		census *burnside.Census // nil: not computed above
	}{
		{"rotations (24)", burnside.GroupRotations, nil},
		{"M (48 symmetries)", burnside.GroupM, m},
		{"C2 (inversion)", burnside.GroupInversion, nil},
		{"M x C2 (symmetry and inversion)", burnside.GroupMC2, mc2},
	} {
		c := g.census
		if c == nil {
			if c, err = burnside.NewCensus(g.group); err != nil {
				return nil, err
			}
		}
		b, err := burnside.BurnsideOrbits(g.group)
		if err != nil {
			return nil, err
		}
		if b.Cmp(c.Orbits()) != 0 {
			return nil, fmt.Errorf("self-check failed: %s: Burnside gives %v orbits, the types %v", g.name, b, c.Orbits())
		}
		symmetric := new(big.Int).Sub(all, c.Classes[0].Exact) // Classes[0] is the trivial subgroup
		totals.Append(g.name, int64(g.group.Len()), b, c.Orbits(), symmetric)
	}
	return &Output{
		Tables: []*tables.Table{typesM, typesMC2, totals},
		Params: map[string]string{"witness_seed": strconv.Itoa(witnessSeed), "witness_tries": strconv.Itoa(witnessTries)},
	}, nil
}

// The witness columns of both type tables.
var (
	witnessFacelets = tables.Column{Name: "witness_facelets", Kind: tables.String, Nullable: true, Doc: "a cube whose stabilizer is exactly this subgroup, null if none exists"}
	witnessManeuver = tables.Column{Name: "witness_maneuver", Kind: tables.String, Nullable: true, Doc: "a maneuver generating the witness from the solved cube (two-phase, not optimal)"}
)

// sortedClasses orders a census's classes as seed 000's tables do, largest
// subgroups first (and for M x C2 by kind first), ties by name.
func sortedClasses(c *burnside.Census) []burnside.ClassCount {
	out := slices.Clone(c.Classes)
	slices.SortStableFunc(out, func(a, b burnside.ClassCount) int {
		ta, tb := burnside.TypeOf(a.Rep), burnside.TypeOf(b.Rep)
		return cmp.Or(cmp.Compare(ta.Kind, tb.Kind), cmp.Compare(b.Rep.Len(), a.Rep.Len()), cmp.Compare(ta.String(), tb.String()))
	})
	return out
}
