package cosets

// A coset's last levels leave few positions unfound, while its search
// still makes billions of probes, nearly all of positions found long ago
// (H's depth 17: 271,148 positions left of 19.5 billion). Setting each
// probe's bit is a cache miss in a 2.4 GB bitmap; looking it up in a
// small hash set of the positions left is not. So once few positions are
// left the search marks only those in the set (depthSearch.only): skipping
// the others changes nothing, their bits are set already.

// onlyLeftBelow is the number of positions left below which a search
// looks its probes up in a coordSet (16 bytes a position at most).
const onlyLeftBelow = 1 << 20

// coordSet is a set of positions of H: open addressing with linear
// probing over packed coordinates, at most half full.
type coordSet struct {
	keys []uint64 // key(x) + 1; 0 is an empty slot
	mask uint64
}

// newCoordSet returns the set of xs.
func newCoordSet(xs []Coord) *coordSet {
	size := 16
	for size < 2*len(xs) {
		size *= 2
	}
	s := &coordSet{keys: make([]uint64, size), mask: uint64(size - 1)}
	for _, x := range xs {
		k := key(x)
		i := s.slot(k)
		for s.keys[i] != 0 && s.keys[i] != k {
			i = (i + 1) & s.mask
		}
		s.keys[i] = k
	}
	return s
}

// key packs x (never 0).
func key(x Coord) uint64 {
	return (uint64(x.Corners)<<16|uint64(x.Edges))<<5 | uint64(x.Middle) + 1
}

// slot is where the search for key k begins (a multiplicative hash).
func (s *coordSet) slot(k uint64) uint64 { return (k * 0x9e3779b97f4a7c15 >> 20) & s.mask }

// has reports whether x is in the set.
func (s *coordSet) has(x Coord) bool {
	k := key(x)
	for i := s.slot(k); ; i = (i + 1) & s.mask {
		switch s.keys[i] {
		case k:
			return true
		case 0:
			return false
		}
	}
}
