package hashjoin

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomPairs makes n entries of random hashes, a quarter of them
// repeated, and random values of at most maxValue, and returns the values
// of each hash and a generator of 5 parts that emits the entries.
func randomPairs(rng *rand.Rand, n int, maxValue uint64) (map[uint64][]uint64, func(int, func(h, v uint64))) {
	var pairs []Entry
	want := map[uint64][]uint64{}
	for len(pairs) < n {
		h := rng.Uint64()
		if len(pairs) > 0 && rng.IntN(4) == 0 {
			h = pairs[rng.IntN(len(pairs))].Hash // a repeated hash
		}
		v := rng.Uint64() & maxValue
		pairs = append(pairs, Entry{h, v})
		want[h] = append(want[h], v)
	}
	gen := func(part int, emit func(h, v uint64)) {
		for i := part; i < len(pairs); i += 5 {
			emit(pairs[i].Hash, pairs[i].Value)
		}
	}
	return want, gen
}

// TestAgainstMap builds tables of several sizes, with repeated hashes and
// concurrent emits, and compares every lookup with a plain map.
func TestAgainstMap(t *testing.T) {
	for _, n := range []int{0, 1, 100, 50_000} {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		want, gen := randomPairs(rng, n, ^uint64(0))
		tab, err := Build(uint64(n), 5, 3, gen)
		if err != nil {
			t.Fatal(err)
		}
		if tab.Len() != n {
			t.Fatalf("n=%d: Len %d", n, tab.Len())
		}
		for h, vs := range want {
			slices.Sort(vs)
			var got []uint64
			for _, e := range tab.Lookup(h) {
				got = append(got, e.Value)
			}
			if !slices.Equal(got, vs) {
				t.Fatalf("n=%d: Lookup(%x) = %v, want %v", n, h, got, vs)
			}
		}
		misses := 0
		for range 10_000 {
			h := rng.Uint64()
			if _, ok := want[h]; ok {
				continue
			}
			if len(tab.Lookup(h)) != 0 {
				t.Fatalf("n=%d: Lookup(%x) found an absent hash", n, h)
			}
			if tab.Maybe(h) {
				misses++
			}
		}
		// At least 32 filter bits per entry: a false pass about 1 in 32.
		if misses > 10_000/16 {
			t.Errorf("n=%d: the filter passed %d of 10000 absent hashes", n, misses)
		}
	}
}

func TestBuildChecksTheGenerator(t *testing.T) {
	if _, err := Build(2, 1, 1, func(_ int, emit func(h, v uint64)) { emit(1, 1) }); err == nil {
		t.Error("Build accepted a generator that emitted 1 of 2 entries")
	}
	calls := 0
	flaky := func(_ int, emit func(h, v uint64)) {
		calls++
		for range calls { // one entry on the first pass, two on the second
			emit(1, 0)
		}
	}
	if _, err := Build(1, 1, 1, flaky); err == nil {
		t.Error("Build accepted a generator whose passes differ")
	}
	three := func(_ int, emit func(h, v uint64)) { emit(1, 1); emit(2, 2); emit(3, 3) }
	if _, err := BuildAtMost(2, 1, 1, three); err == nil {
		t.Error("BuildAtMost accepted 3 entries with a limit of 2")
	}
	if tab, err := BuildAtMost(100, 1, 1, three); err != nil || tab.Len() != 3 || len(tab.Lookup(2)) != 1 {
		t.Errorf("BuildAtMost(100) of 3 entries: %v", err)
	}
}

func TestBytes(t *testing.T) {
	// The upper-face search's HTM table: 111 million entries of 16 bytes,
	// 2^32 filter bits (32 per entry, rounded up) in words of 16 bytes per
	// 64 bits, and some 100 MiB of buckets for building.
	const n = 111_000_000
	if b := Bytes(n); b < 16*n+16<<26 || b > 16*n+16<<26+200<<20 {
		t.Errorf("Bytes(111e6) = %d", b)
	}
}

// BenchmarkProbe probes a table of 2^24 entries (the filter is 64 MiB, past
// the caches) with hashes it mostly does not hold, a batch of 30 at a time
// as the upper-face search does.
func BenchmarkProbe(b *testing.B) {
	const n = 1 << 24
	tab, err := Build(n, 16, 2, func(part int, emit func(h, v uint64)) {
		for i := part; i < n; i += 16 {
			emit(uint64(i)*0x9e3779b97f4a7c15, uint64(i))
		}
	})
	if err != nil {
		b.Fatal(err)
	}
	var hs [30]uint64
	found := 0
	x := uint64(1)
	for b.Loop() {
		for i := range hs {
			x = x*6364136223846793005 + 1442695040888963407
			hs[i] = x
		}
		var maybe [30]bool
		for i, h := range hs {
			maybe[i] = tab.Maybe(h)
		}
		for i, h := range hs {
			if maybe[i] {
				found += len(tab.Lookup(h))
			}
		}
	}
	b.ReportMetric(float64(b.N*len(hs))/b.Elapsed().Seconds(), "probes/s")
}
