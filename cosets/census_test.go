package cosets

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// cubesByDistance returns every position within depth moves of the metric
// and its distance, by a breadth-first search of cubes in a hash set (the
// slice turns as the group elements cube.CubeOf gives them, relative to
// the centers).
func cubesByDistance(m cube.Metric, depth int) map[cube.Cube]int {
	set := cube.MoveSetOf(m)
	dist := map[cube.Cube]int{cube.Solved: 0}
	levels := [][]cube.Cube{{cube.Solved}}
	for d := 1; d <= depth; d++ {
		levels = append(levels, nil)
		for _, mv := range set.Moves {
			c := set.Cost(mv)
			if c > d {
				continue
			}
			g := cube.CubeOf(mv)
			for _, q := range levels[d-c] {
				x := cube.Times(q, g)
				if _, ok := dist[x]; !ok {
					dist[x] = d
					levels[d] = append(levels[d], x)
				}
			}
		}
	}
	return dist
}

// TestCensusAgainstBFS: a coset's census counts, in each metric, are the
// positions of that coset a breadth-first search of cubes finds at each
// distance, for every coset the search reaches near H and for a random
// sample of the others, and for cosets it does not reach (all zero).
func TestCensusAgainstBFS(t *testing.T) {
	for _, tc := range []struct {
		metric cube.Metric
		depth  int
	}{{cube.HTM, 5}, {cube.QTM, 6}, {cube.STM, 4}} {
		t.Run(tc.metric.String(), func(t *testing.T) {
			table, err := sharedTables.CosetTable(tc.metric)
			if err != nil {
				t.Fatal(err)
			}
			want := map[coord.Coset][]int64{}
			for c, d := range cubesByDistance(tc.metric, tc.depth) {
				x := coord.CosetOf(&c)
				if want[x] == nil {
					want[x] = make([]int64, tc.depth+1)
				}
				want[x][d]++
			}
			var sample []coord.Coset
			for x := range want {
				if table.Distance(x) <= 2 {
					sample = append(sample, x)
				}
			}
			rng := rand.New(rand.NewPCG(38, 1))
			for x := range want { // map order: a random sample
				if len(sample) >= 400 {
					break
				}
				sample = append(sample, x)
			}
			for range 20 {
				sample = append(sample, coord.Coset{Twist: rng.IntN(cube.NTwist), Flip: rng.IntN(cube.NFlip), Slice: rng.IntN(cube.NSlice)})
			}
			counter := NewCensus(table).NewCounter()
			for _, x := range sample {
				got, err := counter.Count(x, tc.depth)
				if err != nil {
					t.Fatal(err)
				}
				w := want[x]
				if w == nil {
					w = make([]int64, tc.depth+1)
				}
				if !slices.Equal(got, w) {
					t.Fatalf("coset %v: census %v, breadth-first search %v", x, got, w)
				}
			}
		})
	}
}

// TestCensusCap: a counter keeps at most MaxPositions positions, during its
// search as well as at its end (a level of billions of positions must not
// grow the set first), and refuses exactly the cosets with more within the
// depth, stopping its search when the set is full; a coset with exactly
// that many is counted, in no more memory than CensusCounterBytes says.
func TestCensusCap(t *testing.T) {
	table, err := sharedTables.CosetTable(cube.HTM)
	if err != nil {
		t.Fatal(err)
	}
	const depth = 6
	x := coord.Coset{} // H: 1, 10, 67, 456, 3079, ... within the depth
	counter := NewCensus(table).NewCounter()
	want, err := counter.Count(x, depth)
	if err != nil {
		t.Fatal(err)
	}
	var before int // the positions within depth-1
	for _, n := range want[:depth] {
		before += int(n)
	}
	if want[depth] < 1000 {
		t.Fatalf("H's level %d has %d positions: too few for the test", depth, want[depth])
	}
	counter.MaxPositions = before + int(want[depth])
	probes := counter.Probes
	if got, err := counter.Count(x, depth); err != nil || !slices.Equal(got, want) {
		t.Fatalf("at the cap: %v, %v; want %v", got, err, want)
	}
	probes = counter.Probes - probes
	held := 8 * len(counter.set.slots)
	for _, l := range counter.levels {
		held += 8 * cap(l)
	}
	if limit := CensusCounterBytes(counter.MaxPositions); uint64(held) > limit {
		t.Fatalf("at the cap the counter holds %d bytes, more than CensusCounterBytes's %d", held, limit)
	}
	// Full in the prepass (one over), and in the search (2: it stops).
	for _, limit := range []int{before + 1, 2} {
		counter.MaxPositions = limit
		stopped := counter.Probes
		if _, err := counter.Count(x, depth); !errors.Is(err, ErrCensusTooMany) {
			t.Fatalf("a cap of %d: %v, want ErrCensusTooMany", limit, err)
		}
		if stopped = counter.Probes - stopped; counter.set.n != limit || limit == 2 && stopped >= probes {
			t.Fatalf("a cap of %d: the set holds %d positions after %d probes; want %d, and with 2 fewer probes than the %d of a whole count", limit, counter.set.n, stopped, limit, probes)
		}
	}
	counter.Release()
	counter.MaxPositions = before + int(want[depth])
	if got, err := counter.Count(x, depth); err != nil || !slices.Equal(got, want) {
		t.Fatalf("released, then counted again: %v, %v; want %v", got, err, want)
	}
}

// BenchmarkCensusCount counts a fixed sample of 500 classes of cosets to
// depth 8 in each metric (the per-class cost behind census_cost.arrow),
// without and with the step masks (filled by the first of its loops).
func BenchmarkCensusCount(b *testing.B) {
	for _, m := range cube.Metrics {
		for _, masks := range []bool{false, true} {
			name := m.String()
			if masks {
				name += "/masks"
			}
			b.Run(name, func(b *testing.B) {
				table, err := sharedTables.CosetTable(m)
				if err != nil {
					b.Fatal(err)
				}
				classes := table.Classes()
				rng := rand.New(rand.NewPCG(8, 500))
				sample := make([]coord.Coset, 500)
				for i := range sample {
					sample[i] = classes.Rep(rng.Int64N(classes.Len()))
				}
				census := NewCensus(table)
				if masks {
					census.UseStepMasks()
				}
				counter := census.NewCounter()
				b.ResetTimer()
				for b.Loop() {
					for _, x := range sample {
						if _, err := counter.Count(x, 8); err != nil {
							b.Fatal(err)
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(sample)), "ns/class")
			})
		}
	}
}

// TestKeySetLevels checks the census's set against a map of each key's
// least level: visit reports exactly the new keys and the lowered ones,
// and level reads them back across the set's growth, -1 for a key never
// visited.
func TestKeySetLevels(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	var s keySet
	s.reset(1 << 30)
	want := map[uint64]int{}
	keys := make([]uint64, 5000) // few enough to meet again, many enough to grow the set
	for i := range keys {
		keys[i] = 1<<58 | rng.Uint64()&(1<<58-1)
	}
	for range 40000 {
		k, d := keys[rng.IntN(len(keys))], rng.IntN(maxLevel+1)
		old, in := want[k]
		changed := !in || d < old
		if changed {
			want[k] = d
		}
		if got := s.visit(k, d); got != changed {
			t.Fatalf("visit(%#x, %d) = %v with level %d before (in the set: %v)", k, d, got, old, in)
		}
	}
	if s.n != len(want) {
		t.Fatalf("the set holds %d keys, want %d", s.n, len(want))
	}
	for k, d := range want {
		if got := s.level(k); got != d {
			t.Fatalf("level(%#x) = %d, want %d", k, got, d)
		}
	}
	absent := uint64(1 << 58)
	for _, in := want[absent]; in; _, in = want[absent] {
		absent++
	}
	if got := s.level(absent); got != -1 {
		t.Fatalf("level of a key never visited: %d", got)
	}
}
