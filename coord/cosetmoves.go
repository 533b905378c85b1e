package coord

import (
	"encoding/binary"
	"fmt"
	"runtime"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/openhash"
	"github.com/cubecensus/cubecensus/internal/parallel"
	"github.com/cubecensus/cubecensus/internal/tablecache"
)

// CosetMoves gives, for every coset of H, the face turns that take it one
// move nearer H and those that keep its distance (a third kind takes it
// one move further). Seed 002's coset solver reads the moves that get
// closer off its pruning table the same way, so that a search node learns
// which children to visit from one look-up instead of one a child: the
// coset table's look-ups, cache misses all, were most of a coset search's
// time. It has an entry per entry of the HTM coset table (a class of
// FlipUDSlice and a twist, 140,908,410), five bytes each (705 MB).
type CosetMoves struct {
	t     *CosetTable
	masks []byte // entry i at 5i: nearer in bits 0..17, same in 18..35
	// toCoset[s][k][v] is the mask, in the frame of a coset conjugated by
	// S(s) to its entry, of the moves whose entry bits are v in the entry's
	// mask's k-th six bits.
	toCoset [nPhase1Syms][3][64]uint32
	// near and nearCosets are the masks of the cosets near H, kept apart
	// from the 705 MB table (see nearEntriesDepth and NearDepth).
	near       openhash.Table[uint64]
	nearCosets openhash.Table[nearCoset]
}

// The near-H cache. A coset search looks up about as many children at each
// distance from H (a node with k moves left leads on only from a coset
// within k of H), so the cosets within 6 were about three quarters of a
// depth-14 search's look-ups (counted once, with temporary counters), each
// two cache misses in the big tables (the entry's class and symmetry, then
// the entry). The cache keeps their masks apart at two grains, each as
// large as stays in a core's caches: by entry, the entries within
// nearEntriesDepth (74,743, 1 MB: Masks reads them after Entry's look-up),
// and by coset, the cosets within NearDepth (7,803, 192 KB, in the
// second-level cache: NearMasks needs no Entry, and after a prepass the
// children a node with up to five moves left goes on to are all within
// four).
const nearEntriesDepth = 6

// A near slot holds an entry's index plus one in its low nearKeyBits (0
// is an empty slot) and its 36 bits of masks above.
const nearKeyBits = 28 // indices are below phase1Entries < 2^28 - 1

// cosetMovesBytes is an entry's size.
const cosetMovesBytes = 5

// CosetMovesBytes is the memory of CosetMoves.
const CosetMovesBytes = phase1Entries*cosetMovesBytes + 8

// phase1Entries is the number of entries of the phase-1 (coset) table.
const phase1Entries = nFlipSliceClasses * cube.NTwist

const cosetMovesVersion = "1"

// Moves returns the table of the moves that take each coset nearer H or
// keep its distance, built (a minute or two) or loaded from the table
// cache on first use. Only the HTM table has one: the coset solver works
// in HTM.
func (t *CosetTable) Moves() (*CosetMoves, error) {
	if t.metric != cube.HTM {
		return nil, fmt.Errorf("coord: coset moves in %v are not supported (HTM only)", t.metric)
	}
	return t.tables.moves.get(t.loadMoves)
}

func (t *CosetTable) loadMoves() (*CosetMoves, error) {
	cfg := t.tables.cfg
	c, err := tablecache.Get(cfg.CacheDir, spec("solver-coset-moves", cosetMovesVersion, cosetMovesCode), func() ([]byte, error) {
		return t.buildMoves(cfg.report("coset solver's move table")), nil
	}, t.checkMoves)
	if err != nil {
		return nil, err
	}
	t.tables.note(c)
	cm := &CosetMoves{t: t, masks: c.Data}
	cm.keepNear()
	for s := range cube.Sym(nPhase1Syms) {
		for m := range cube.Move(cube.NFaceMoves) {
			// The coset x conjugated to its entry is S^-1 x S, and x·m is
			// then the entry's coset times S^-1 m S.
			e := int(cube.ConjugateMove(m, s))
			for v := range 64 {
				if v>>(e%6)&1 != 0 {
					cm.toCoset[s][e/6][v] |= 1 << m
				}
			}
		}
	}
	cm.nearCosets = newNearCosets(cm) // from At, which needs the tables above
	return cm, nil
}

// buildMoves computes every entry from the coset table: the entry's coset
// is its class's representative FlipUDSlice with the entry's twist.
func (t *CosetTable) buildMoves(progress func(done, total int64)) []byte {
	a := t.t.a
	out := make([]byte, CosetMovesBytes)
	const batch = 512 // classes between progress reports
	for lo := 0; lo < len(a.rep); lo += batch {
		hi := min(lo+batch, len(a.rep))
		parallel.For(hi-lo, runtime.NumCPU(), func(int) func(int) {
			return func(k int) {
				c := lo + k
				for twist := range cube.NTwist {
					i := c*cube.NTwist + twist
					v := t.entryMasks(i)
					for b := range cosetMovesBytes {
						out[i*cosetMovesBytes+b] = byte(v >> (8 * b))
					}
				}
			}
		})
		progress(int64(hi*cube.NTwist), phase1Entries)
	}
	return out
}

// entryMasks computes entry i's masks (At's, in the entry's frame): the
// entry's coset is its class's representative FlipUDSlice with the entry's
// twist.
func (t *CosetTable) entryMasks(i int) uint64 {
	fs := int(t.t.a.rep[i/cube.NTwist])
	x := Coset{Twist: i % cube.NTwist, Flip: fs % cube.NFlip, Slice: fs / cube.NFlip}
	n := t.Distance(x)
	var nearer, same uint64
	for m := range cube.Move(cube.NFaceMoves) {
		switch t.Distance(t.Move(x, m)) {
		case n - 1:
			nearer |= 1 << m
		case n:
			same |= 1 << m
		}
	}
	return nearer | same<<cube.NFaceMoves
}

// checkMoves checks a coset move table's data against the coset table it
// was built from: its size, and a thousand entries spread over it
// computed again.
func (t *CosetTable) checkMoves(data []byte) error {
	if len(data) != CosetMovesBytes {
		return fmt.Errorf("the coset move table has %d bytes, want %d", len(data), CosetMovesBytes)
	}
	const samples = 1000
	for k := range samples {
		i := k * (phase1Entries / samples)
		got := binary.LittleEndian.Uint64(data[i*cosetMovesBytes:]) & (1<<(2*cube.NFaceMoves) - 1)
		if want := t.entryMasks(i); got != want {
			return fmt.Errorf("the coset move table's entry %d holds %#x, the coset table gives %#x", i, got, want)
		}
	}
	return nil
}

// keepNear fills cm.near from the entries of the cosets within
// nearEntriesDepth.
func (cm *CosetMoves) keepNear() {
	p := cm.t.t
	var n int64
	for _, c := range p.levels[:nearEntriesDepth+1] {
		n += c
	}
	cm.near = openhash.New[uint64](n, 0.6)
	for i := range phase1Entries {
		if p.At(i) <= nearEntriesDepth {
			cm.near.Add(nearHash(i), uint64(i+1)|cm.entry(i)<<nearKeyBits)
		}
	}
}

// nearHash mixes an entry's index, or a coset's key, for the near-H cache.
func nearHash(k int) uint64 { return uint64(k) * 0x9e3779b97f4a7c15 >> 32 }

// entry returns entry i's 36 bits of masks.
func (cm *CosetMoves) entry(i int) uint64 {
	return binary.LittleEndian.Uint64(cm.masks[i*cosetMovesBytes:]) & (1<<(2*cube.NFaceMoves) - 1)
}

// At returns the masks (bit m for face turn m) of the moves that take
// coset x one move nearer H and of those that keep its distance.
func (cm *CosetMoves) At(x Coset) (nearer, same uint32) {
	return cm.Masks(cm.Entry(x), nearEntriesDepth+1)
}

// MovesEntry names the entry of CosetMoves that holds a coset's masks, in
// the frame of the symmetry that conjugates the coset to it.
type MovesEntry struct {
	index int32
	sym   uint8
}

// Entry returns where coset x's masks are. At(x) reads them in two steps,
// Entry and Masks, each a likely cache miss: a search that takes the first
// step for all of a node's children before the second has their misses
// overlap.
func (cm *CosetMoves) Entry(x Coset) MovesEntry {
	p := cm.t.t
	cs := p.a.classSym[x.Slice*cube.NFlip+x.Flip]
	s := cs % nPhase1Syms
	return MovesEntry{index: int32(int(cs/nPhase1Syms)*cube.NTwist + int(p.b[x.Twist][s])), sym: uint8(s)}
}

// Masks returns At's masks from the coset's entry, for a coset known to lie
// n moves from H: those within nearEntriesDepth are read from the entries kept
// apart (keepNear).
func (cm *CosetMoves) Masks(e MovesEntry, n int) (nearer, same uint32) {
	i := int(e.index)
	v, found := uint64(0), false
	if n <= nearEntriesDepth {
		for j := cm.near.Home(nearHash(i)); ; j = cm.near.Next(j) {
			slot := *cm.near.At(j)
			if found = slot&(1<<nearKeyBits-1) == uint64(i+1); found || slot == 0 {
				v = slot >> nearKeyBits
				break
			}
		}
	}
	if !found { // further than nearEntriesDepth, or n was wrong
		v = cm.entry(i)
	}
	conj := &cm.toCoset[e.sym]
	nearer = conj[0][v&63] | conj[1][v>>6&63] | conj[2][v>>12&63]
	v >>= cube.NFaceMoves
	same = conj[0][v&63] | conj[1][v>>6&63] | conj[2][v>>12&63]
	return nearer, same
}

// Table returns the coset table the moves were read from.
func (cm *CosetMoves) Table() *CosetTable { return cm.t }

// NearDepth is the distance from H within which NearMasks answers.
const NearDepth = 4

// nearCoset is a slot of the near-H cache by coset: the coset's key plus
// one (0 is an empty slot) and its masks.
type nearCoset struct{ key, nearer, same uint32 }

// nearKey packs coset x.
func nearKey(x Coset) uint32 {
	return uint32((x.Slice*cube.NFlip+x.Flip)*cube.NTwist + x.Twist)
}

// newNearCosets finds the cosets within NearDepth of H, breadth first from
// H by every face turn, and keeps their masks from cm.
func newNearCosets(cm *CosetMoves) openhash.Table[nearCoset] {
	t := cm.t
	level, seen := []Coset{{}}, map[Coset]bool{{}: true}
	var all []Coset
	for d := 0; d <= NearDepth; d++ {
		all = append(all, level...)
		var next []Coset
		for _, x := range level {
			for m := range cube.Move(cube.NFaceMoves) {
				if y := t.Move(x, m); !seen[y] {
					seen[y] = true
					next = append(next, y)
				}
			}
		}
		level = next
	}
	h := openhash.New[nearCoset](int64(len(all)), 0.5)
	for _, x := range all {
		nearer, same := cm.At(x)
		h.Add(nearHash(int(nearKey(x))), nearCoset{nearKey(x) + 1, nearer, same})
	}
	return h
}

// NearMasks returns At(x) for a coset x within NearDepth of H, from the
// near-H cache alone.
func (cm *CosetMoves) NearMasks(x Coset) (nearer, same uint32) {
	h, k := &cm.nearCosets, nearKey(x)
	for i := h.Home(nearHash(int(k))); ; i = h.Next(i) {
		switch s := h.At(i); s.key {
		case k + 1:
			return s.nearer, s.same
		case 0:
			panic("coord: a coset said to be near H is not")
		}
	}
}
