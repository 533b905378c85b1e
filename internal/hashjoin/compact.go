package hashjoin

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/cubecensus/cubecensus/internal/hugepage"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// Compact is Table made small for the largest stored sides: 8 to 11 bytes
// an entry instead of 24 to 32, so that a search holds about three times the
// entries (one more level of words) in the same memory. It keeps, per
// entry, a value of ValueBits and a fingerprint of FingerprintBits of the
// hash instead of the whole hash, so a lookup may return values of other
// hashes (about one probe in 10^7): the caller checks what it finds.
//
//	words:   2^(filterBits-6)+1 of {bits uint64, start uint32}, 4 to 8
//	         filter bits an entry (Table has 32): an absent hash passes
//	         the filter about one time in five, then reads its block
//	slots:   6 bytes each, fingerprint<<ValueBits | value, the entries of
//	         each filter word together (its block), sorted
//
// The fingerprint is the hash's bits just below the filter word's index,
// so the block of a word and the fingerprint together fix 26 more bits of
// the hash. Build places entries straight into their blocks (a counter per
// filter word, then a cursor per word), so it needs no scratch of the
// entries' size; blocks hold about a dozen entries and are sorted in place.
type Compact struct {
	filterShift uint // 64 - filter bits
	words       []filterWord
	slots       []byte
}

// ValueBits and FingerprintBits are the widths a Compact keeps of each
// entry's value and hash.
const (
	ValueBits       = 22
	FingerprintBits = 26
	slotBytes       = (ValueBits + FingerprintBits) / 8
)

// compactFilterBits returns the log2 of the filter bits for n entries: at
// least four an entry.
func compactFilterBits(n uint64) uint {
	return max(10, uint(bits.Len64(4*max(n, 1)-1)))
}

// CompactBytes is the memory a Compact of at most n entries needs while it
// is built (the slots, the words and a counter per word); once built it
// keeps the slots and the words.
func CompactBytes(n uint64) uint64 {
	words := uint64(1)<<(compactFilterBits(n)-6) + 1
	return slotBytes*n + 8 + 16*words + 4*words
}

// BuildCompact makes a Compact of the entries the parts of gen emit, at
// most limit of them (memory and the filter are planned for limit), run by
// workers goroutines. Every value must be below 1<<ValueBits. The
// generator runs twice; it returns an error if the passes differ.
func BuildCompact(limit uint64, parts, workers int, gen Generator) (*Compact, error) {
	if limit > MaxEntries {
		return nil, fmt.Errorf("hashjoin: %d entries, at most %d", limit, uint64(MaxEntries))
	}
	workers = max(1, workers)
	fb := compactFilterBits(limit)
	t := &Compact{filterShift: 64 - fb, words: make([]filterWord, 1<<(fb-6)+1)}
	hugepage.Advise(t.words)
	wordShift := t.filterShift + 6

	// Pass 1: count the entries of each filter word.
	cursor := make([]uint32, len(t.words))
	var badValue atomic.Bool
	parallel.For(parts, workers, func(int) func(int) {
		return func(part int) {
			gen(part, func(h, v uint64) {
				if v >= 1<<ValueBits {
					badValue.Store(true)
				}
				atomic.AddUint32(&cursor[h>>wordShift], 1)
			})
		}
	})
	if badValue.Load() {
		return nil, fmt.Errorf("hashjoin: a value of more than %d bits", ValueBits)
	}
	n := uint64(0)
	for w := range cursor {
		t.words[w].start = uint32(n) // n stays below limit, below 2^32, until the check
		n += uint64(cursor[w])
		cursor[w] = t.words[w].start
	}
	if n > limit {
		return nil, fmt.Errorf("hashjoin: the generator emitted %d entries, announced at most %d", n, limit)
	}
	t.slots = make([]byte, slotBytes*n+8) // 8: a slot is read as a uint64
	hugepage.Advise(t.slots)

	// Pass 2: place each entry in its block and set its filter bit.
	var overflow atomic.Bool
	parallel.For(parts, workers, func(int) func(int) {
		return func(part int) {
			gen(part, func(h, v uint64) {
				w := h >> wordShift
				at := atomic.AddUint32(&cursor[w], 1) - 1
				if at >= t.words[w+1].start {
					overflow.Store(true)
					return
				}
				t.put(at, t.fingerprint(h)<<ValueBits|v)
				atomic.OrUint64(&t.words[w].bits, 1<<(h>>t.filterShift%64))
			})
		}
	})
	for w := 0; w+1 < len(t.words); w++ {
		if cursor[w] != t.words[w+1].start {
			overflow.Store(true)
		}
	}
	if overflow.Load() {
		return nil, fmt.Errorf("hashjoin: the generator's second pass differs from its first")
	}
	// Sort each block, so that the table does not depend on the order in
	// which the workers placed its entries.
	parallel.For(len(t.words)-1, workers, func(int) func(int) {
		var block []uint64
		return func(w int) {
			lo, hi := t.words[w].start, t.words[w+1].start
			block = block[:0]
			for i := lo; i < hi; i++ {
				block = append(block, t.get(i))
			}
			slices.Sort(block)
			for i, s := range block {
				t.put(lo+uint32(i), s)
			}
		}
	})
	return t, nil
}

// fingerprint is the FingerprintBits of h below its filter word's index.
func (t *Compact) fingerprint(h uint64) uint64 {
	return h << (64 - t.filterShift - 6) >> (64 - FingerprintBits)
}

func (t *Compact) get(i uint32) uint64 {
	return binary.LittleEndian.Uint64(t.slots[slotBytes*uint64(i):]) & (1<<(8*slotBytes) - 1)
}

func (t *Compact) put(i uint32, s uint64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], s)
	copy(t.slots[slotBytes*uint64(i):slotBytes*uint64(i)+slotBytes], b[:slotBytes])
}

// Len returns the number of entries.
func (t *Compact) Len() int { return (len(t.slots) - 8) / slotBytes }

// Maybe reports whether some entry may have hash h: false means none has.
// It reads one filter word (see Table.Maybe).
func (t *Compact) Maybe(h uint64) bool {
	f := h >> t.filterShift
	return t.words[f/64].bits&(1<<(f%64)) != 0
}

// Lookup appends to out the values of the entries whose fingerprint is
// h's, in order: every entry of hash h, and rarely one of another.
func (t *Compact) Lookup(h uint64, out []uint32) []uint32 {
	if !t.Maybe(h) {
		return out
	}
	w := h >> (t.filterShift + 6)
	fp := t.fingerprint(h)
	for i := t.words[w].start; i < t.words[w+1].start; i++ {
		if s := t.get(i); s>>ValueBits == fp {
			out = append(out, uint32(s&(1<<ValueBits-1)))
		}
	}
	return out
}
