package enumerate

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// table51 is the left column of Table 5.1 of seed 002: canonical sequences
// of length d in the half-turn metric, d = 0..20.
var table51 = []string{
	"1", "18", "243", "3240", "43254", "577368", "7706988", "102876480", "1373243544",
	"18330699168", "244686773808", "3266193870720", "43598688377184", "581975750199168",
	"7768485393179328", "103697388221736960", "1384201395738071424", "18476969736848122368",
	"246639261965462754048", "3292256598848819251200", "43946585901564160587264",
}

func TestTable51(t *testing.T) {
	q := NewAutomaton(cube.FaceTurns).Counts(20)
	for d, want := range table51 {
		if q[d].String() != want {
			t.Errorf("q_%d(S) = %v, want %s (seed 002, Table 5.1)", d, q[d], want)
		}
	}
	// q_n = 12 q_{n-1} + 18 q_{n-2} for n >= 3 (seed 002).
	for n := 3; n <= 20; n++ {
		r := new(big.Int).Mul(big.NewInt(12), q[n-1])
		r.Add(r, new(big.Int).Mul(big.NewInt(18), q[n-2]))
		if r.Cmp(q[n]) != 0 {
			t.Errorf("recurrence fails at n=%d", n)
		}
	}
}

// TestTable52 compares q_{n,m}(S, A) for n + m = 20 with Table 5.2 of seed
// 002, which prints three significant figures.
func TestTable52(t *testing.T) {
	published := map[int]string{14: "8.10e+20", 15: "1.59e+21", 16: "3.13e+21", 17: "6.18e+21", 18: "1.21e+22", 19: "2.44e+22", 20: "4.39e+22"}
	q := NewAutomaton(cube.FaceTurns).PrepassCounts(cube.HTurns, 20)
	for n, want := range published {
		f, _ := new(big.Float).SetInt(q[n]).Float64()
		if got := fmt.Sprintf("%.2e", f); got != want {
			t.Errorf("q_{%d,%d}(S,A) = %v ~ %s, want %s", n, 20-n, q[n], got, want)
		}
	}
	if q[20].Cmp(NewAutomaton(cube.FaceTurns).Counts(20)[20]) != 0 {
		t.Error("q_{20,0}(S,A) != q_20(S)")
	}
	if q[0].Cmp(NewAutomaton(cube.HTurns).Counts(20)[20]) != 0 {
		t.Error("q_{0,20}(S,A) != q_20(A)")
	}
}

// TestBruteForceMatchesCounts enumerates every move set on real cubes and
// compares the sequence counts with the matrix counts, and the positions
// with published distance counts where they exist.
func TestBruteForceMatchesCounts(t *testing.T) {
	positions := map[string][]uint64{
		// Half-turn metric: seed 002, Table 5.1, right column.
		"S": {1, 18, 243, 3240, 43239, 574908},
		// Quarter-turn metric: the known distribution (Rokicki, cube20.org).
		"Q": {1, 12, 114, 1068, 10011, 93840, 878880},
	}
	depth := map[string]int{"S": 5, "Q": 6, "S+M": 4, "A": 7}
	if testing.Short() {
		depth = map[string]int{"S": 4, "Q": 5, "S+M": 3, "A": 5}
	}
	for _, set := range Sets {
		a := NewAutomaton(set)
		d := depth[set.Name]
		for _, workers := range []int{1, 3} {
			r, err := a.BruteForce(context.Background(), d, workers, nil)
			if err != nil {
				t.Fatal(err)
			}
			q := a.Counts(d)
			for n := 0; n <= d; n++ {
				if q[n].Uint64() != r.Sequences[n] {
					t.Errorf("%s: %d sequences of length %d enumerated, matrix says %v", set.Name, r.Sequences[n], n, q[n])
				}
				if want := positions[set.Name]; n < len(want) && r.Positions[n] != want[n] {
					t.Errorf("%s: %d positions at distance %d, want %d", set.Name, r.Positions[n], n, want[n])
				}
				if r.Positions[n] > r.Sequences[n] {
					t.Errorf("%s: more positions than sequences at %d", set.Name, n)
				}
			}
		}
	}
}

// TestSliceTurnPositions checks STM distances by a plain breadth-first
// search over positions, independent of canonical sequences.
func TestSliceTurnPositions(t *testing.T) {
	const depth = 3
	r, err := NewAutomaton(cube.SliceTurns).BruteForce(context.Background(), depth, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[cube.Key]bool{cube.Solved.Key(): true}
	frontier := []cube.Cube{cube.Solved}
	for d := 1; d <= depth; d++ {
		var next []cube.Cube
		for _, c := range frontier {
			for _, m := range cube.SliceTurns.Moves {
				p := cube.Position{Cube: c}
				p.Apply(m)
				if k := p.Cube.Key(); !seen[k] {
					seen[k] = true
					next = append(next, p.Cube)
				}
			}
		}
		if uint64(len(next)) != r.Positions[d] {
			t.Errorf("STM distance %d: BFS %d, canonical enumeration %d", d, len(next), r.Positions[d])
		}
		frontier = next
	}
}

func TestBranchingFactors(t *testing.T) {
	want := map[string]float64{
		"S": 6 + 3*math.Sqrt(6), // root of x^2 = 12x + 18
	}
	for _, set := range Sets {
		a := NewAutomaton(set)
		rho, err := a.BranchingFactor()
		if err != nil {
			t.Fatal(err)
		}
		q := a.Counts(60)
		ratio, _ := new(big.Rat).SetFrac(q[60], q[59]).Float64()
		if math.Abs(ratio-rho) > 1e-6*rho {
			t.Errorf("%s: q_60/q_59 = %v, spectral radius %v", set.Name, ratio, rho)
		}
		if w, ok := want[set.Name]; ok && math.Abs(rho-w) > 1e-9 {
			t.Errorf("%s: branching factor %v, want %v", set.Name, rho, w)
		}
	}
}

func TestBruteDepthRespectsBudget(t *testing.T) {
	a := NewAutomaton(cube.FaceTurns)
	d := a.BruteDepth(1<<30, 20)
	if a.BruteBytes(d) > 1<<30 || a.BruteBytes(d+1) <= 1<<30 {
		t.Errorf("BruteDepth(1 GiB) = %d: %d bytes, next %d", d, a.BruteBytes(d), a.BruteBytes(d+1))
	}
}

func BenchmarkBruteForce(b *testing.B) {
	a := NewAutomaton(cube.FaceTurns)
	for _, d := range []int{4, 5} {
		b.Run(fmt.Sprintf("HTM/depth=%d", d), func(b *testing.B) {
			var n uint64
			for b.Loop() {
				r, _ := a.BruteForce(context.Background(), d, 2, nil)
				for _, x := range r.Sequences {
					n += x
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "seq/s")
		})
	}
}

// TestRadixSort compares radixSort with the standard library's sort.
func TestRadixSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 1000, 100000} {
		keys := make([]cube.Key, n)
		for i := range keys {
			// Few distinct high digits, to exercise skipped passes too.
			keys[i] = cube.Key{Hi: rng.Uint64N(1<<40) &^ 0xffff0000, Lo: rng.Uint64N(1 << 60)}
		}
		want := slices.Clone(keys)
		slices.SortFunc(want, cube.Key.Compare)
		radixSort(keys, make([]cube.Key, n))
		if !slices.Equal(keys, want) {
			t.Fatalf("radixSort of %d keys differs from slices.SortFunc", n)
		}
	}
}
