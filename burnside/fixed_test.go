package burnside

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestTauMatchesAct checks the triple maps against the group action of
// the cube package on random cubes: tau_g applied to the triples of y gives
// the triples of g.y.
func TestTauMatchesAct(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		y := cube.Solved
		for range 30 {
			y.Move(&y, cube.Move(rng.IntN(cube.NFaceMoves)))
		}
		for g := range Elem(NElems) {
			w := g.MC2().Act(y)
			for x := range cube.NCorners {
				z, p, o := cornerPieces.tau(g, x, int(y.CP[x]), int(y.CO[x]))
				if int(w.CP[z]) != p || int(w.CO[z]) != o {
					t.Fatalf("corner tau of element %d at %d disagrees with Act", g, x)
				}
			}
			for x := range cube.NEdges {
				z, p, o := edgePieces.tau(g, x, int(y.EP[x]), int(y.EO[x]))
				if int(w.EP[z]) != p || int(w.EO[z]) != o {
					t.Fatalf("edge tau of element %d at %d disagrees with Act", g, x)
				}
			}
		}
	}
}

// TestTrivialGroupCountsEverything: the trivial subgroup fixes every
// configuration, evenly split by parity and orientation sum, and every cube.
func TestTrivialGroupCountsEverything(t *testing.T) {
	trivial := Set{}.With(Identity)
	c := fixedCounts(cornerPieces, trivial)
	for par := range 2 {
		for s := range 3 {
			if c[par][s] != 40320/2*6561/3 {
				t.Errorf("corners parity %d twist %d: %d", par, s, c[par][s])
			}
		}
	}
	want, _ := new(big.Int).SetString("43252003274489856000", 10)
	if got := Fixed(trivial); got.Cmp(want) != 0 {
		t.Errorf("Fixed(1) = %v, want %v", got, want)
	}
}

// naiveCounts is the slow, obviously-correct count: fill positions in order
// with every cubie and orientation, keep a partial configuration only while
// every element maps each filled triple onto a consistent one, and read
// parity and orientation sum off each complete configuration.
func naiveCounts(pc pieces, k Set) Counts {
	var out Counts
	perm := make([]int, pc.n)
	ori := make([]int, pc.n)
	used := make([]bool, pc.n)
	elems := k.Elems()
	consistent := func(filled int) bool {
		for x := range filled {
			for _, g := range elems {
				z, p, o := pc.tau(g, x, perm[x], ori[x])
				if z < filled && (perm[z] != p || ori[z] != o) {
					return false
				}
			}
		}
		return true
	}
	var fill func(x int)
	fill = func(x int) {
		if x == pc.n {
			par, sum := 0, 0
			for i := range pc.n {
				sum += ori[i]
				for j := i + 1; j < pc.n; j++ {
					if perm[i] > perm[j] {
						par ^= 1
					}
				}
			}
			out[par][sum%pc.k]++
			return
		}
		for p := range pc.n {
			if used[p] {
				continue
			}
			used[p] = true
			for o := range pc.k {
				perm[x], ori[x] = p, o
				if consistent(x + 1) {
					fill(x + 1)
				}
			}
			used[p] = false
		}
	}
	fill(0)
	return out
}

// TestFixedCountsMatchNaive compares the memoized count with the naive one
// for every class of subgroups of M x C2: corners for all nontrivial ones,
// edges for those of order 8 or more (smaller ones take the naive method
// too long).
func TestFixedCountsMatchNaive(t *testing.T) {
	classes := Classes(GroupMC2, Subgroups(GroupMC2))
	minEdgeOrder := 8
	if testing.Short() {
		minEdgeOrder = 16
	}
	for _, c := range classes {
		k := c.Rep
		if k.Len() == 1 {
			continue
		}
		if got, want := fixedCounts(cornerPieces, k), naiveCounts(cornerPieces, k); got != want {
			t.Errorf("corners fixed by %v: %v, naive %v", k.Elems(), got, want)
		}
		if k.Len() >= minEdgeOrder {
			if got, want := fixedCounts(edgePieces, k), naiveCounts(edgePieces, k); got != want {
				t.Errorf("edges fixed by %v: %v, naive %v", k.Elems(), got, want)
			}
		}
	}
}

// TestWitnesses finds, for every class of subgroups of M x C2 with cubes of
// exactly that stabilizer, a cube whose stabilizer is exactly the class's
// representative, and checks it by applying every element of the group.
func TestWitnesses(t *testing.T) {
	c, err := NewCensus(GroupMC2)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, cl := range c.Classes {
		y, ok := NewFixedSet(cl.Rep).Witness(cl.Rep, GroupMC2, rng, 2000)
		if ok != (cl.Exact.Sign() > 0) {
			t.Errorf("%v: witness found %v, exact count %v", TypeOf(cl.Rep), ok, cl.Exact)
			continue
		}
		if !ok {
			continue
		}
		if err := y.Verify(); err != nil {
			t.Errorf("%v: witness is not a cube: %v", TypeOf(cl.Rep), err)
		}
		for g := range Elem(NElems) {
			if fixes := g.MC2().Act(y) == y; fixes != cl.Rep.Has(g) {
				t.Errorf("%v: element %d fixes the witness: %v, in the subgroup: %v", TypeOf(cl.Rep), g, fixes, cl.Rep.Has(g))
			}
		}
	}
}

// fixedCounts counts the configurations of one kind of piece fixed by every
// element of k, by parity and orientation sum.
func fixedCounts(pc pieces, k Set) Counts {
	s := newSearch(pc, k)
	return s.count(s.full(), s.full())
}
