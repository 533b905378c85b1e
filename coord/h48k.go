package coord

import (
	"fmt"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// The hK tables (nissy-core's doc/h48.md, "Edge orientation"): the h0
// coordinate refined by K of the edges' orientations, two bits an entry.
// Where every edge is oriented (h11) the goal group is kept by all 48
// symmetries; with K < 11 an entry stands for the 2^(11-K) cosets of h11
// that agree on the K orientations kept, and holds the least of their
// distances, so it bounds each of them from below. The orientations kept
// are those of positions 0 to K-1 (UR, UF, ...) seen in the frame that
// takes the cube's corners to their class's representative; the twelfth
// follows from the others by parity, so h11 holds them all.
//
// An entry's code is 0 for a distance of at most Base, 1 and 2 for Base+1
// and Base+2, 3 for more. The table is built from the cosets of h11 within
// Base-1 moves of the goal, found breadth first, and depth-first searches
// of three moves more from those at Base-1: every coset at distance
// Base+j (j <= 2) lies j+1 moves from one at Base-1 along a shortest
// sequence, which may be taken canonical (commuting turns in a fixed
// order; its first Base-1 moves reach a coset exactly Base-1 away), so
// every entry of code 0 to 2 gets its exact code and the rest keep 3.

// h11Key is a coset of h11 in the frame of its corners' class: (class,
// esep) and the 12-bit orientation word, the least over the frames of the
// class's stabilizer, so that a coset has one key.
type h11Key uint64

// packH11 returns the key of coset (class, esep, eo), seen in that frame.
func packH11(class, esep, eo int) h11Key {
	return h11Key((class*NH48Esep+esep)<<cube.NEdges | eo)
}

// unpack returns the coset k names, in k's frame.
func (k h11Key) unpack() (class, esep, eo int) {
	eo = int(k & (1<<cube.NEdges - 1))
	i := int(k >> cube.NEdges)
	return i / NH48Esep, i % NH48Esep, eo
}

// frames calls f with the (esep, eo) of each frame of coset (class, esep,
// eo) that the class's stabilizer gives, the coset's own first.
func (h *H48) frames(class, esep, eo int, f func(esep, eo int)) {
	f(esep, eo)
	for stab := h.stab[class] &^ 1; stab != 0; stab &= stab - 1 {
		s := cube.Sym(bits.TrailingZeros64(stab))
		f(h.conjugate(esep, eo, s))
	}
}

// h11Neighbour returns the key of the coset move m takes coset k to.
func (h *H48) h11Neighbour(k h11Key, m cube.Move) h11Key {
	class, esep, eo := k.unpack()
	return h.h11KeyOf(int(h.cocsepMove[h.rep[class]][m]), int(h.esepMove[esep][m]), int(h.eoMove[eo][m]))
}

// h11KeyOf returns the key of the coset of a cube with these coordinates.
func (h *H48) h11KeyOf(cocsep, esep, eo int) h11Key {
	cs := h.classSym[cocsep]
	s := cube.Sym(cs & 63)
	class := int(cs >> 6)
	least := h11Key(1<<63 - 1)
	e, o := h.conjugate(esep, eo, s)
	h.frames(class, e, o, func(e, o int) {
		least = min(least, packH11(class, e, o))
	})
	return least
}

// h11Levels returns the cosets of h11 at each distance 0 to depth from the
// goal, each level sorted.
func (h *H48) h11Levels(depth int) [][]h11Key {
	levels := [][]h11Key{{packH11(0, 0, 0)}}
	for d := 1; d <= depth; d++ {
		var next []h11Key
		for _, k := range levels[d-1] {
			for m := range cube.Move(cube.NFaceMoves) {
				next = append(next, h.h11Neighbour(k, m))
			}
		}
		slices.Sort(next)
		next = slices.Compact(next)
		// A move changes the distance by one at most: what is not new lies
		// on the two levels before.
		next = slices.DeleteFunc(next, func(k h11Key) bool {
			for _, below := range levels[max(0, d-2):] {
				if _, found := slices.BinarySearch(below, k); found {
					return true
				}
			}
			return false
		})
		levels = append(levels, next)
	}
	return levels
}

// HK is an hK table: K of the edges' orientations, Base the distance code
// 0 stands for at most.
type HK struct {
	h      *H48
	K      int
	Base   int
	crumbs []uint32 // sixteen entries a word, the lowest bits first
	// Codes[c] is the number of entries of code c.
	Codes [4]int64
}

// hkEntries returns the entries of an hK table.
func hkEntries(k int) int { return NH48H0 << k }

// HKBytes returns the memory an hK table takes: 29 MB for h0, 3.5 GiB
// for h7, 60 GB for h11.
func HKBytes(k int) int64 { return int64(hkEntries(k)+15) / 16 * 4 }

// index returns the entry of coset (class, esep, eo) in its frame.
func (t *HK) index(class, esep, eo int) int {
	return (class*NH48Esep+esep)<<t.K | eo&(1<<t.K-1)
}

// Code returns entry i's code.
func (t *HK) Code(i int) int { return int(t.crumbs[i>>4] >> (2 * (i & 15)) & 3) }

// Bound returns the lower bound code c of an entry gives: Base+c, or 0
// for code 0 (at most Base).
func (t *HK) Bound(c int) int {
	if c == 0 {
		return 0
	}
	return t.Base + c
}

// Index returns the entry of a cube's coordinates: its corner part
// cocsep, edge part esep and orientation word eo.
func (t *HK) Index(cocsep, esep, eo int) int {
	cs := t.h.classSym[cocsep]
	s := cube.Sym(cs & 63)
	e, o := t.h.conjugate(esep, eo, s)
	return t.index(int(cs>>6), e, o)
}

// Entry returns the entry of a cube of coordinates x.
func (t *HK) Entry(x H48Coord) int { return t.Index(int(x.Cocsep), int(x.Esep), int(x.EO)) }

// Cube returns the entry and code of a cube.
func (t *HK) Cube(c *cube.Cube) (entry, code int) {
	i := t.Index(H48Cocsep(c), H48Esep(c), H48EO(c))
	return i, t.Code(i)
}

// lower lowers entry i's code to c if it is higher.
func (t *HK) lower(i, c int) {
	word, shift := &t.crumbs[i>>4], 2*(i&15)
	for {
		old := atomic.LoadUint32(word)
		if int(old>>shift&3) <= c {
			return
		}
		if atomic.CompareAndSwapUint32(word, old, old&^(3<<shift)|uint32(c)<<shift) {
			return
		}
	}
}

// lowerCoset lowers the entries of every frame of coset k to code c.
func (t *HK) lowerCoset(k h11Key, c int) {
	class, esep, eo := k.unpack()
	t.h.frames(class, esep, eo, func(e, o int) { t.lower(t.index(class, e, o), c) })
}

// cubeEntries calls f with the entry of every frame of the coset of a
// cube with these coordinates.
func (t *HK) cubeEntries(cocsep, esep, eo int, f func(i int)) {
	h := t.h
	cs := h.classSym[cocsep]
	s, class := cube.Sym(cs&63), int(cs>>6)
	e, o := h.conjugate(esep, eo, s)
	h.frames(class, e, o, func(e, o int) { f(t.index(class, e, o)) })
}

// NewHK builds the hK table with base, on workers goroutines, calling
// progress (if not nil) with the searches done; base must be at least 1.
// It returns an error for a K outside 0 to 11. h7 with base 9 (3.5 GiB)
// takes about an hour of 2 cores.
func (h *H48) NewHK(k, base, workers int, progress func(done, total int64)) (*HK, error) {
	if err := checkHKArgs(k, base); err != nil {
		return nil, err
	}
	t := &HK{h: h, K: k, Base: base, crumbs: make([]uint32, (hkEntries(k)+15)/16)}
	for i := range t.crumbs {
		t.crumbs[i] = ^uint32(0)
	}
	levels := h.h11Levels(base - 1)
	for _, level := range levels {
		for _, key := range level {
			t.lowerCoset(key, 0)
		}
	}
	from := levels[base-1]
	const chunk = 256
	var done atomic.Int64
	parallel.For((len(from)+chunk-1)/chunk, workers, func(int) func(int) {
		return func(c int) {
			keys := from[c*chunk : min(len(from), (c+1)*chunk)]
			for _, key := range keys {
				class, esep, eo := key.unpack()
				t.descend(int(h.rep[class]), esep, eo, cube.Move(cube.NFaceMoves), 1)
			}
			if n := done.Add(int64(len(keys))); progress != nil {
				progress(n, int64(len(from)))
			}
		}
	})
	t.countCodes()
	return t, nil
}

// checkHKArgs returns an error naming K or base if there is no such hK
// table.
func checkHKArgs(k, base int) error {
	if k < 0 || k > 11 {
		return fmt.Errorf("coord: h%d: the edges' orientations kept must be 0 to 11", k)
	}
	if base < 1 {
		return fmt.Errorf("coord: h%d: base %d must be at least 1", k, base)
	}
	return nil
}

// countCodes sets t.Codes.
func (t *HK) countCodes() {
	t.Codes = [4]int64{}
	for i := range hkEntries(t.K) {
		t.Codes[t.Code(i)]++
	}
}

// descend lowers the entries of the cosets j to 3 moves after the coset
// of coordinates (cocsep, esep, eo) (j moves past base-1: code j-1), by
// canonical sequences after last (cube.NFaceMoves: none yet). The
// sequences are followed in one frame: a coset's key may be seen in
// another, where the canonical order of its moves would not hold.
//
// The last move's entries, most of the work, are found first and read
// together, so that their cache misses overlap, and only those above code
// 2 are lowered.
func (t *HK) descend(cocsep, esep, eo int, last cube.Move, j int) {
	h := t.h
	var entries [cube.NFaceMoves * cube.NSyms]int
	n := 0
	for m := range cube.Move(cube.NFaceMoves) {
		if last < cube.NFaceMoves && !cube.CanFollow(last, m) {
			continue
		}
		c, e, o := int(h.cocsepMove[cocsep][m]), int(h.esepMove[esep][m]), int(h.eoMove[eo][m])
		if j < 3 {
			t.cubeEntries(c, e, o, func(i int) { t.lower(i, j-1) })
			t.descend(c, e, o, m, j+1)
			continue
		}
		t.cubeEntries(c, e, o, func(i int) { entries[n], n = i, n+1 })
	}
	var codes [len(entries)]uint8
	for k, i := range entries[:n] {
		codes[k] = uint8(atomic.LoadUint32(&t.crumbs[i>>4]) >> (2 * (i & 15)) & 3)
	}
	for k, i := range entries[:n] {
		if codes[k] > 2 {
			t.lower(i, 2)
		}
	}
}
