package hashjoin

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// A Compact returns, for every hash, the values a plain map holds, and for
// absent hashes nothing but rare fingerprint matches; it is the same for
// any number of workers, and refuses generators that change or overflow.
func TestCompactAgainstMap(t *testing.T) {
	for _, n := range []int{0, 1, 100, 200_000} {
		rng := rand.New(rand.NewPCG(uint64(n), 9))
		want, gen := randomPairs(rng, n, 1<<ValueBits-1)
		tab, err := BuildCompact(uint64(n)+uint64(n)/10, 5, 3, gen)
		if err != nil {
			t.Fatal(err)
		}
		one, err := BuildCompact(uint64(n)+uint64(n)/10, 5, 1, gen)
		if err != nil {
			t.Fatal(err)
		}
		if tab.Len() != n || !slices.Equal(tab.slots, one.slots) || !slices.Equal(tab.words, one.words) {
			t.Fatalf("n=%d: Len %d, or the tables of 3 workers and of 1 differ", n, tab.Len())
		}
		for h, vs := range want {
			slices.Sort(vs)
			var got []uint64
			for _, v := range tab.Lookup(h, nil) {
				got = append(got, uint64(v))
			}
			if !slices.Equal(got, vs) {
				t.Fatalf("n=%d: Lookup(%x) = %v, want %v", n, h, got, vs)
			}
		}
		passed, found := 0, 0
		for range 100_000 {
			h := rng.Uint64()
			if _, ok := want[h]; ok {
				continue
			}
			if tab.Maybe(h) {
				passed++
			}
			found += len(tab.Lookup(h, nil))
		}
		// At least four filter bits an entry: a false pass about 1 in 5.
		// A fingerprint of 26 bits in a block of about 13 entries: a false
		// match about 1 in 5 million.
		if passed > 100_000/3 || found > 2 {
			t.Errorf("n=%d: of 100,000 absent hashes the filter passed %d, %d values found", n, passed, found)
		}
	}
	if _, err := BuildCompact(10, 1, 1, func(_ int, emit func(h, v uint64)) { emit(1, 1<<ValueBits) }); err == nil {
		t.Error("BuildCompact accepted a value too wide")
	}
	three := func(_ int, emit func(h, v uint64)) { emit(1, 1); emit(2, 2); emit(3, 3) }
	if _, err := BuildCompact(2, 1, 1, three); err == nil {
		t.Error("BuildCompact accepted 3 entries with a limit of 2")
	}
	calls := 0
	flaky := func(_ int, emit func(h, v uint64)) {
		calls++
		for range calls { // one entry on the first pass, two on the second
			emit(1, 0)
		}
	}
	if _, err := BuildCompact(10, 1, 1, flaky); err == nil {
		t.Error("BuildCompact accepted a generator whose passes differ")
	}
}

// The QTM stored side at k = 11: 1.69e9 entries at most, 6 bytes each,
// 2^33 filter bits (5.1 an entry) in words of 16 bytes per 64 bits, and a
// counter per word while building: under 13 GB.
func TestCompactBytes(t *testing.T) {
	const n = 1_687_311_533
	if b := CompactBytes(n); b != 6*n+8+20*(1<<27+1) {
		t.Errorf("CompactBytes(1.69e9) = %d", b)
	}
}

// A Compact written and read back is the table written; a truncated copy,
// one of more entries than the reader plans for, and one whose blocks are
// out of order are refused.
func TestCompactReadWrite(t *testing.T) {
	for _, n := range []int{0, 1, 200_000} {
		rng := rand.New(rand.NewPCG(uint64(n), 10))
		_, gen := randomPairs(rng, n, 1<<ValueBits-1)
		limit := uint64(n) + uint64(n)/10
		tab, err := BuildCompact(limit, 5, 2, gen)
		if err != nil {
			t.Fatal(err)
		}
		var file bytes.Buffer
		written, err := tab.WriteTo(&file)
		if err != nil || written != int64(file.Len()) {
			t.Fatalf("n=%d: wrote %d bytes of %d (%v)", n, written, file.Len(), err)
		}
		back, err := ReadCompact(bytes.NewReader(file.Bytes()), limit)
		if err != nil || back.filterShift != tab.filterShift || !slices.Equal(back.words, tab.words) || !slices.Equal(back.slots, tab.slots) {
			t.Fatalf("n=%d: read back a different table (%v)", n, err)
		}
		if _, err := ReadCompact(bytes.NewReader(file.Bytes()[:file.Len()-1]), limit); err == nil {
			t.Errorf("n=%d: a truncated table was read", n)
		}
		if n > 0 {
			if _, err := ReadCompact(bytes.NewReader(file.Bytes()), limit/4); err == nil {
				t.Errorf("n=%d: a table of more entries than planned was read", n)
			}
			damaged := bytes.Clone(file.Bytes())
			damaged[24+12*1+8] = 0xff // block 1 starts past every entry
			if _, err := ReadCompact(bytes.NewReader(damaged), limit); err == nil {
				t.Errorf("n=%d: a table with blocks out of order was read", n)
			}
		}
	}
}
