package cosets

import (
	"unsafe"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/hugepage"
	"github.com/cubecensus/cubecensus/internal/openhash"
)

// A level whose prepass leaves few positions still searches every
// sequence of its depth: H's depth 17 made 23.5 billion probes, in 17 to
// 19 minutes, and found none of the 36 positions its prepass left (they
// are the 36 at distance 18). Meeting in the middle answers the same
// question with far fewer nodes: the positions k moves before one of those
// left (each position left times each tail of k moves the search could end
// with: canonical, ending in a quarter turn of F, R, B or L) go in a hash
// table, and the search stops k moves short of its depth and looks its
// node up there instead of searching on. A node found there begins a
// sequence of the depth that ends at the position left its entry names; a
// node not found begins none. The nodes with k moves to go or fewer are
// never made: with k = 5, nine tenths of H's depth 17 (a sample of its
// subtrees: 873 million of 955 million nodes).
//
// A sequence found this way is the node's (canonical) followed by the
// tail, and the two need not join canonically; it has the depth's length
// all the same, so its position is within the depth and, not being in the
// bitmap, exactly that far. Every sequence the whole search would mark
// passes through a node k moves short of its end, which this search still
// makes (its pruning cuts no node that a sequence into H passes through,
// and the detours it skips end at positions already in the bitmap): so
// the level finds exactly what the whole search would.
//
// The table's size decides k: the most that keeps the entries within
// meetMaxEntries, and at least meetMinDepth, so up to 8,738 positions left
// (tails of 3 moves: 1,440), 654 (4 moves: 19,224) or 49 (5 moves:
// 256,608).

// meetMaxEntries bounds the entries of a meetSet (H's depth 17: 36
// positions left, 9.2 million entries): MeetBytes, 288 MB, at most.
const meetMaxEntries = 12 << 20

// MeetBytes is the most memory a search's meetSet takes.
var MeetBytes = openhash.Slots(meetMaxEntries, meetMaxLoad)*int(unsafe.Sizeof(meetSlot{})) + 1<<bloomBits(meetMaxEntries)/8

// meetMaxLoad is how full a meetSet's table is at most.
const meetMaxLoad = 0.75

// meetMinDepth is the fewest moves short a search stops to meet: with less,
// the nodes saved are not worth the look-ups.
const meetMinDepth = 3

// tailCount returns the number of tails of k moves: canonical sequences
// ending in a quarter turn of F, R, B or L (the moves a search ends with
// after a prepass).
func tailCount(k int) int64 {
	var ways [cube.NFaceMoves]int64 // canonical sequences ending in each move
	for m := range ways {
		ways[m] = 1
	}
	for range k - 1 {
		var next [cube.NFaceMoves]int64
		for m := range cube.Move(cube.NFaceMoves) {
			for n := range cube.Move(cube.NFaceMoves) {
				if cube.CanFollow(m, n) {
					next[n] += ways[m]
				}
			}
		}
		ways = next
	}
	var n int64
	for m, w := range ways {
		if outsideA>>m&1 != 0 {
			n += w
		}
	}
	return n
}

// meetDepth returns how many moves short of its depth d a search meets
// the left positions left, or 0 when it should search whole: the most
// that keeps the entries within maxEntries, below d-2 so that the search's
// roots come first.
func meetDepth(left int64, d int, maxEntries int64) int {
	k := 0
	for k+1 < d-2 && left*tailCount(k+1) <= maxEntries {
		k++
	}
	if k < meetMinDepth {
		return 0
	}
	return k
}

// meetSet holds the positions k moves before the positions left: for each
// position left and each tail of k moves, the position the tail takes to
// it, with the position left's index.
type meetSet struct {
	depth int     // k
	left  []Coord // the positions left
	table meetTable
}

// meetTable is a meet's hash table: entries keyed by a whole position
// (keyOf; in a metric, with a cost too), each naming a position left.
// Open addressing with linear probing over whole positions, behind a
// Bloom filter that answers most nodes alone.
type meetTable struct {
	slots openhash.Table[meetSlot]
	// filter holds hashOf of every entry's key.
	filter bloomFilter
}

// newMeetTable returns a table for entries entries, advised onto huge
// pages (its look-ups fall anywhere in it).
func newMeetTable(entries int64) meetTable {
	t := meetTable{slots: openhash.New[meetSlot](entries, meetMaxLoad), filter: newBloomFilter(entries)}
	hugepage.Advise(t.slots.All())
	hugepage.Advise(t.filter.words)
	return t
}

// add enters key perm, tf for position left i-1.
func (t *meetTable) add(perm uint64, tf uint32, i uint32) {
	h := hashOf(perm, tf)
	t.filter.add(h)
	t.slots.Add(h, meetSlot{perm, tf, i})
}

// lookUp appends to out the positions left, each plus one, that the
// entries of key perm, tf name.
func (t *meetTable) lookUp(perm uint64, tf uint32, out []uint32) []uint32 {
	h := hashOf(perm, tf)
	if !t.filter.mayHave(h) {
		return out
	}
	for j := t.slots.Home(h); ; j = t.slots.Next(j) {
		e := t.slots.At(j)
		switch {
		case e.left == 0:
			return out
		case e.perm == perm && e.twistFlip == tf:
			out = append(out, e.left)
		}
	}
}

// meetSlot is an entry: a whole position (keyOf) and the index of the
// position left it is k moves before, plus one (0 marks an empty slot).
type meetSlot struct {
	perm      uint64
	twistFlip uint32
	left      uint32
}

// keyOf packs a whole position: its permutation and its coset's twist and
// flip (the coset's slice is the middle edges' places, in perm already).
func keyOf(p perm, x coord.Coset) (uint64, uint32) {
	return uint64(p.corners)<<48 | uint64(p.up)<<32 | uint64(p.down)<<16 | uint64(p.middle), uint32(x.Twist*cube.NFlip + x.Flip)
}

// hashOf mixes a packed position (two multiplications and xor-shifts, as
// splitmix64's finalizer), so that every bit of it moves the low bits the
// slots take and the top bits the filter takes.
func hashOf(perm uint64, twistFlip uint32) uint64 {
	h := perm*0x9e3779b97f4a7c15 ^ uint64(twistFlip)*0xc2b2ae3d27d4eb4f
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>32
}

// newMeetSet returns the positions k moves before those of left, walking
// every tail back from each of them by the inverse moves.
func newMeetSet(left []Coord, k int, table *coord.CosetTable) *meetSet {
	s := &meetSet{depth: k, left: left, table: newMeetTable(int64(len(left)) * tailCount(k))}
	var back func(p perm, x coord.Coset, after cube.Move, togo int, i uint32)
	back = func(p perm, x coord.Coset, after cube.Move, togo int, i uint32) {
		if togo == 0 {
			s.add(p, x, i)
			return
		}
		for m := range cube.Move(cube.NFaceMoves) {
			if togo == k && outsideA>>m&1 == 0 || togo < k && !cube.CanFollow(m, after) {
				continue
			}
			inv := m.Inverse()
			back(permMoves.move(p, inv), table.Move(x, inv), m, togo-1, i)
		}
	}
	for i, h := range left {
		c := h.Cube()
		back(permOf(&c), coord.Coset{}, 0, k, uint32(i)+1)
	}
	return s
}

// add enters the position p, x, k moves before left position i-1.
func (s *meetSet) add(p perm, x coord.Coset, i uint32) {
	perm, tf := keyOf(p, x)
	s.table.add(perm, tf, i)
}

// find appends to out the positions left that p, x is k moves before.
func (s *meetSet) find(p perm, x coord.Coset, out []Coord) []Coord {
	perm, tf := keyOf(p, x)
	var hits [8]uint32
	for _, i := range s.table.lookUp(perm, tf, hits[:0]) {
		out = append(out, s.left[i-1])
	}
	return out
}
