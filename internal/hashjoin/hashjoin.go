package hashjoin

import (
	"fmt"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/cubecensus/cubecensus/internal/hugepage"

	"github.com/cubecensus/cubecensus/internal/parallel"
)

// Entry is one stored pair.
type Entry struct {
	Hash, Value uint64
}

// Table is the built multimap. It is safe for concurrent probes.
type Table struct {
	filterShift uint
	words       []filterWord
	entries     []Entry
}

// filterWord is 64 filter bits and the first entry at or after them.
type filterWord struct {
	bits  uint64
	start uint32
}

// shapes returns the log2 sizes for n entries: at least 32 filter bits per
// entry, and buckets of about 2^17 entries for building (at most 4096).
func shapes(n uint64) (filterBits, bucketBits uint) {
	n = max(n, 1)
	filterBits = max(10, uint(bits.Len64(32*n-1)))
	bucketBits = min(12, uint(max(0, bits.Len64(n)-17)))
	return filterBits, bucketBits
}

// MaxEntries is the most entries a table can hold: block starts are uint32.
const MaxEntries = 1<<32 - 1

// Bytes is the memory a table of n entries needs, including what Build
// uses on the way: a scratch bucket per worker (counted for two) and the
// batches of the placing pass.
func Bytes(n uint64) uint64 {
	fb, kb := shapes(n)
	largestBucket := 2 * (n>>kb + 1) // buckets vary; twice the mean is ample
	return 16*n + 16*(1<<(fb-6)+1) + 2*16*largestBucket + 2*16*batch<<kb
}

// batch is how many entries a worker gathers for one bucket before it
// reserves room in the bucket with one atomic add.
const batch = 32

// Generator emits the entries of one part; parts are numbered 0..n-1 and
// together emit every entry exactly once, the same on every call.
type Generator func(part int, emit func(hash, value uint64))

// Build makes a table of n entries from the parts of gen, run by workers
// goroutines. It returns an error, and no table, if the parts emit another
// number of entries or differ between the two passes.
func Build(n uint64, parts, workers int, gen Generator) (*Table, error) {
	return build(n, true, parts, workers, gen)
}

// BuildAtMost is Build for a generator whose number of entries is known
// only to be at most limit (memory is planned for limit): the first pass
// counts them.
func BuildAtMost(limit uint64, parts, workers int, gen Generator) (*Table, error) {
	return build(limit, false, parts, workers, gen)
}

func build(n uint64, exact bool, parts, workers int, gen Generator) (*Table, error) {
	if n > MaxEntries {
		return nil, fmt.Errorf("hashjoin: %d entries, at most %d", n, uint64(MaxEntries))
	}
	workers = max(1, workers)
	_, kb := shapes(n)
	bucketShift := 64 - kb
	nBuckets := 1 << kb

	// Pass 1: count each bucket's entries.
	counts := make([][]uint64, workers)
	parallel.For(parts, workers, func(w int) func(int) {
		counts[w] = make([]uint64, nBuckets)
		c := counts[w]
		return func(part int) {
			gen(part, func(h, _ uint64) { c[h>>bucketShift&uint64(nBuckets-1)]++ })
		}
	})
	bucketStart := make([]uint64, nBuckets+1)
	for b := range nBuckets {
		bucketStart[b+1] = bucketStart[b]
		for _, c := range counts {
			bucketStart[b+1] += c[b]
		}
	}
	switch emitted := bucketStart[nBuckets]; {
	case exact && emitted != n:
		return nil, fmt.Errorf("hashjoin: the generator emitted %d entries, announced %d", emitted, n)
	case emitted > n:
		return nil, fmt.Errorf("hashjoin: the generator emitted %d entries, announced at most %d", emitted, n)
	default:
		n = emitted
	}
	fb, _ := shapes(n)

	// Pass 2: place the entries, a batch at a time.
	entries := make([]Entry, n)
	hugepage.Advise(entries)
	cursor := make([]atomic.Uint64, nBuckets)
	for b := range cursor {
		cursor[b].Store(bucketStart[b])
	}
	var overflow atomic.Bool
	place := func(b int, es []Entry) {
		at := cursor[b].Add(uint64(len(es))) - uint64(len(es))
		if at+uint64(len(es)) > bucketStart[b+1] {
			overflow.Store(true)
			return
		}
		copy(entries[at:], es)
	}
	parallel.For(parts, workers, func(int) func(int) {
		pending := make([][]Entry, nBuckets)
		for b := range pending {
			pending[b] = make([]Entry, 0, batch)
		}
		return func(part int) {
			gen(part, func(h, v uint64) {
				b := int(h >> bucketShift & uint64(nBuckets-1))
				pending[b] = append(pending[b], Entry{h, v})
				if len(pending[b]) == batch {
					place(b, pending[b])
					pending[b] = pending[b][:0]
				}
			})
			for b, es := range pending { // flush after each part
				if len(es) > 0 {
					place(b, es)
					pending[b] = es[:0]
				}
			}
		}
	})
	for b := range nBuckets {
		if cursor[b].Load() != bucketStart[b+1] {
			overflow.Store(true)
		}
	}
	if overflow.Load() {
		return nil, fmt.Errorf("hashjoin: the generator's second pass differs from its first")
	}

	// Sort each bucket, then write the filter and block starts.
	parallel.For(nBuckets, workers, func(int) func(int) {
		var scratch []Entry
		return func(b int) {
			es := entries[bucketStart[b]:bucketStart[b+1]]
			if cap(scratch) < len(es) {
				scratch = make([]Entry, len(es))
			}
			sortEntries(es, scratch[:len(es)], 64-kb)
		}
	})
	t := &Table{
		filterShift: 64 - fb,
		words:       make([]filterWord, 1<<(fb-6)+1),
		entries:     entries,
	}
	hugepage.Advise(t.words)
	w := 0
	for i, e := range entries {
		f := e.Hash >> t.filterShift
		for ; w <= int(f/64); w++ {
			t.words[w].start = uint32(i)
		}
		t.words[f/64].bits |= 1 << (f % 64)
	}
	for ; w < len(t.words); w++ {
		t.words[w].start = uint32(len(entries))
	}
	return t, nil
}

// sortEntries sorts es by (hash, value), using scratch (same length). The
// hashes of one bucket agree in their top bits, so a least-significant-digit
// radix sort of the low lowBits bits in 11-bit digits (a count table on the
// stack) orders them by hash;
// runs of equal hash, rare, are then ordered by value, so that the order
// does not depend on the order of placement.
func sortEntries(es, scratch []Entry, lowBits uint) {
	src, dst := es, scratch
	const digitBits = 11
	var count [1 << digitBits]int
	for shift := uint(0); shift < lowBits; shift += digitBits {
		clear(count[:])
		for _, e := range src {
			count[e.Hash>>shift&(1<<digitBits-1)]++
		}
		sum := 0
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for _, e := range src {
			d := e.Hash >> shift & (1<<digitBits - 1)
			dst[count[d]] = e
			count[d]++
		}
		src, dst = dst, src
	}
	if len(es) > 0 && &src[0] != &es[0] {
		copy(es, src)
	}
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && es[j].Hash == es[i].Hash {
			j++
		}
		if j-i > 1 {
			slices.SortFunc(es[i:j], func(a, b Entry) int {
				switch {
				case a.Value < b.Value:
					return -1
				case a.Value > b.Value:
					return 1
				}
				return 0
			})
		}
		i = j
	}
}

// Len returns the number of entries.
func (t *Table) Len() int { return len(t.entries) }

// Maybe reports whether some entry may have hash h: false means none has.
// It reads one filter word, so a caller probing many hashes can test them
// all first and let their cache misses overlap.
func (t *Table) Maybe(h uint64) bool {
	f := h >> t.filterShift
	return t.words[f/64].bits&(1<<(f%64)) != 0
}

// Lookup returns the entries with hash h, sorted by value; the slice is
// the table's own and must not be changed.
func (t *Table) Lookup(h uint64) []Entry {
	if !t.Maybe(h) {
		return nil
	}
	w := h >> t.filterShift / 64
	block := t.entries[t.words[w].start:t.words[w+1].start]
	i := 0
	for i < len(block) && block[i].Hash < h {
		i++
	}
	j := i
	for j < len(block) && block[j].Hash == h {
		j++
	}
	return block[i:j]
}

// Mix is a bijection of 64-bit integers that spreads keys evenly
// (MurmurHash3's finalizer): a table indexes by the top bits of its
// hashes, so keys with structure in their low bits go through Mix first.
func Mix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}
