package cosets

import "github.com/cubecensus/cubecensus/internal/openhash"

// A coset's last levels leave few positions unfound, while its search
// still makes billions of probes, nearly all of positions found long ago
// (H's depth 17: 271,148 positions left of 19.5 billion). Setting each
// probe's bit is a cache miss in a 2.4 GB bitmap; looking it up in a
// small hash set of the positions left is not. So once few positions are
// left the search marks only those in the set (depthSearch.only): skipping
// the others changes nothing, their bits are set already. When fewer are
// left still (a few thousand), the search meets them in the middle instead
// and makes far fewer nodes (meet.go).

// onlyLeftBelow is the number of positions left below which a search
// looks its probes up in a coordSet (16 bytes a position at most).
const onlyLeftBelow = 1 << 20

// coordSet is a set of positions of H: open addressing with linear
// probing over packed coordinates, at most half full, behind a Bloom
// filter that answers most absent positions alone: at H's depth 17 the
// filter took 1 MB, which stays in the core's cache, where the table's 8
// MB did not, and about 95% of the probes stopped there.
type coordSet struct {
	keys   openhash.Table[uint64] // key(x), never 0
	filter bloomFilter            // of hash(key(x))
}

// bloomFilter is a Bloom filter with one hash function and 16 bits an
// entry or more: a hashed set's first look-up, small enough to stay in a
// cache, which turns most absent keys away before the table's miss.
type bloomFilter struct {
	words []uint64
	shift uint // the top bits of a hash pick its bit
}

// bloomBits returns the bits of a filter of n entries: a power of two.
func bloomBits(n int64) uint {
	bits := uint(6)
	for int64(1)<<bits < 16*n {
		bits++
	}
	return bits
}

// newBloomFilter returns an empty filter for n entries.
func newBloomFilter(n int64) bloomFilter {
	bits := bloomBits(n)
	return bloomFilter{words: make([]uint64, 1<<(bits-6)), shift: 64 - bits}
}

// add enters the hash h.
func (f *bloomFilter) add(h uint64) {
	b := h >> f.shift
	f.words[b/64] |= 1 << (b % 64)
}

// mayHave reports whether h may have been entered: false only if it was not.
func (f *bloomFilter) mayHave(h uint64) bool {
	b := h >> f.shift
	return f.words[b/64]>>(b%64)&1 != 0
}

// newCoordSet returns the set of xs.
func newCoordSet(xs []Coord) *coordSet {
	s := &coordSet{keys: openhash.New[uint64](int64(len(xs)), 0.5), filter: newBloomFilter(int64(len(xs)))}
	for _, x := range xs {
		k := key(x)
		s.filter.add(hash(k))
		s.keys.Add(slotHash(k), k)
	}
	return s
}

// key packs x (never 0).
func key(x Coord) uint64 {
	return (uint64(x.Corners)<<16|uint64(x.Edges))<<5 | uint64(x.Middle) + 1
}

// hash mixes key k (multiplicatively): the filter takes its top bits, the
// table's slots lower ones (slotHash).
func hash(k uint64) uint64 { return k * 0x9e3779b97f4a7c15 }

// slotHash is the hash whose low bits pick k's home slot: bits of hash(k)
// below the filter's, so that a key the filter lets through by mistake
// does not also land where the entry that let it through is.
func slotHash(k uint64) uint64 { return hash(k) >> 20 }

// has reports whether x is in the set.
func (s *coordSet) has(x Coord) bool {
	k := key(x)
	if !s.filter.mayHave(hash(k)) {
		return false
	}
	for i := s.keys.Home(slotHash(k)); ; i = s.keys.Next(i) {
		switch *s.keys.At(i) {
		case k:
			return true
		case 0:
			return false
		}
	}
}

// keep returns the positions of batch that s holds, in batch's memory; all
// of batch when s is nil (no filter).
func (s *coordSet) keep(batch []Coord) []Coord {
	if s == nil {
		return batch
	}
	kept := batch[:0]
	for _, x := range batch {
		if s.has(x) {
			kept = append(kept, x)
		}
	}
	return kept
}
