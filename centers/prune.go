package centers

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// The pruning table: how far the corners and the center twists are from
// the states still open (issue 10's "second fact").
//
// Forget the edges: what is left of a maneuver is its effect on the
// corners and its state, an element (c, t) of a group of 8!*3^7*2048 =
// 1.8e11 elements (t's parity is the corner permutation's). A relation of
// cost n whose state lies in a set O begins with a prefix a and ends with
// a suffix b of cost n - cost(a); b takes (corners(a), Of(a)) to (solved,
// t) with t in O. So the distance of (corners(a), Of(a)) from {(solved, t):
// t in O} in this smaller group bounds cost(b) from below, and a prefix
// whose bound exceeds what is left can be dropped without losing any
// relation whose state is in O. The single-goal table (O = {solved}) has
// about 5e-4 of its elements within 7 moves and 6e-3 within 8 in HTM; a few
// deep classes as O keep most of that strength, while O of half the states
// is hardly stronger than the corners alone (7.7% within 7).
//
// The table is a breadth-first search from {(solved, t): t in O} under the
// moves of cost 1 (every axis move is a product of as many of them as it
// costs), reduced by the 48 symmetries, which keep O (a union of classes):
// the corner permutation is replaced by the representative of its class
// under conjugation, and the corner twist and the state are conjugated
// with it. Entries are 4 bits, one per (class, corner twist, state), rows of
// one class and corner twist holding the states of the class's parity. A
// representative with more than the identity in its stabilizer stands for
// several entries that are one element; the search sets them together.
// Entries not reached by the last level searched hold that level plus one:
// still a lower bound.
//
// A table may keep only part of each state, the twists mod 2 (mask
// lowBits): it is then the distance in a quotient group, a weaker bound
// that is as valid, small enough to build in seconds; the tests use it to
// check the pruned search against the plain one.

// unreached marks an entry the search has not set yet; levels go to 14.
const unreached = 0xf

// Masks of the states a table keeps: all of every twist, or each twist mod 2.
const (
	allBits State = 0xfff
	lowBits State = 0x555
)

// cornerClasses is the corner permutations up to conjugation by the 48
// symmetries: 984 classes.
type cornerClasses struct {
	class  []uint16     // class of each corner permutation
	toRep  []cube.Sym   // a symmetry conjugating the permutation to its class's representative
	reps   []int        // each class's representative, the least permutation in it
	parity []uint8      // each class's permutation parity
	stab   [][]cube.Sym // each class's stabilizer but the identity
	// stabTwist[r][i][co] is the corner twist of the representative of r
	// with twist co conjugated by stab[r][i].
	stabTwist [][][]uint16
}

var cornerClassesOnce = sync.OnceValue(newCornerClasses)

func newCornerClasses() *cornerClasses {
	cc := &cornerClasses{class: make([]uint16, cube.NCornerPerm), toRep: make([]cube.Sym, cube.NCornerPerm)}
	seen := make([]bool, cube.NCornerPerm)
	for p := range cube.NCornerPerm {
		if seen[p] {
			continue
		}
		id := len(cc.reps)
		rep := permCube(p)
		cc.reps = append(cc.reps, p)
		cc.parity = append(cc.parity, uint8(rep.CornerParity()))
		var stab []cube.Sym
		for y := range cube.Sym(cube.NSyms) {
			conj := cube.Conjugate(rep, y)
			q := conj.CornerPerm()
			if q == p && y != cube.SymIdentity {
				stab = append(stab, y)
			}
			if !seen[q] {
				seen[q], cc.class[q], cc.toRep[q] = true, uint16(id), y.Inverse()
			}
		}
		cc.stab = append(cc.stab, stab)
		var twists [][]uint16
		for _, y := range stab {
			m := make([]uint16, cube.NTwist)
			for co := range cube.NTwist {
				c := rep
				c.SetTwist(co)
				conj := cube.Conjugate(c, y)
				m[co] = uint16(conj.Twist())
			}
			twists = append(twists, m)
		}
		cc.stabTwist = append(cc.stabTwist, twists)
	}
	return cc
}

// permCube returns the cube with corner permutation p, everything else
// solved.
func permCube(p int) cube.Cube {
	c := cube.Solved
	c.SetCornerPerm(p)
	return c
}

// rowStates lists, for each parity, the states a table with the given mask
// keeps, and pos is each one's place in its list.
type rowStates struct {
	mask   State
	states [2][]State
	pos    [NNumbers]uint16
}

func newRowStates(mask State) *rowStates {
	r := &rowStates{mask: mask}
	for s := range State(NNumbers) {
		if s&mask != s {
			continue
		}
		p := stateParity(s)
		r.pos[s] = uint16(len(r.states[p]))
		r.states[p] = append(r.states[p], s)
	}
	return r
}

// stateParity is the parity of a state's total quarter turns, which is its
// corner permutation's.
func stateParity(s State) int {
	t := s.Twists()
	return (t[0] + t[1] + t[2] + t[3] + t[4] + t[5]) & 1
}

func (r *rowStates) len() int { return len(r.states[0]) }

// PruneTable is the pruning table of one metric and one set of open states.
type PruneTable struct {
	cc     *cornerClasses
	rows   *rowStates
	metric cube.Metric
	open   []State  // O, sorted
	nib    []uint32 // entries, eight to a word (see at)
	limit  int      // the deepest level searched
	// Elapsed is the time the build took.
	Elapsed time.Duration
}

// PruneEntries is the number of entries of a full pruning table: 984
// classes of corner permutations times 2187 corner twists times 2048
// states, 4.4e9.
func PruneEntries() uint64 { return pruneEntries(allBits) }

// PruneBytes is the memory of a full pruning table: half a byte an entry.
func PruneBytes() uint64 { return (PruneEntries() + 1) / 2 }

func pruneEntries(mask State) uint64 {
	return uint64(len(cornerClassesOnce().reps)) * cube.NTwist * uint64(newRowStates(mask).len())
}

func (t *PruneTable) rowLen() int { return t.rows.len() }

func (t *PruneTable) at(i int) uint8 {
	return uint8(atomic.LoadUint32(&t.nib[i>>3])>>(4*(i&7))) & 0xf
}

// setIfUnreached sets entry i to d if it is unreached, and reports whether
// it did.
func (t *PruneTable) setIfUnreached(i int, d uint8) bool {
	w, shift := &t.nib[i>>3], uint(4*(i&7))
	for {
		old := atomic.LoadUint32(w)
		if (old>>shift)&0xf != unreached {
			return false
		}
		if atomic.CompareAndSwapUint32(w, old, old&^(0xf<<shift)|uint32(d)<<shift) {
			return true
		}
	}
}

// Bound returns the table's lower bound on the cost still needed to reach
// a state of O after a prefix that reached cube c with state s.
func (t *PruneTable) Bound(c *cube.Cube, s State) int {
	p := c.CornerPerm()
	y := t.cc.toRep[p]
	corners := cube.Solved
	corners.CP, corners.CO = c.CP, c.CO
	conj := cube.Conjugate(corners, y)
	s = s.Conjugate(y) & t.rows.mask
	return int(t.at((int(t.cc.class[p])*cube.NTwist+conj.Twist())*t.rowLen() + int(t.rows.pos[s])))
}

// Limit is the deepest level the table holds; every entry is at most
// Limit+1, so a prefix with more than that left is never pruned.
func (t *PruneTable) Limit() int { return t.limit }

// Opens reports whether the table was built for exactly the states open.
func (t *PruneTable) Opens(open []State) bool { return slices.Equal(t.open, sortedStates(open)) }

func sortedStates(states []State) []State {
	s := slices.Clone(states)
	slices.Sort(s)
	return slices.Compact(s)
}

// generators lists metric m's moves of cost 1.
func generators(m cube.Metric) []cube.AxisMove {
	var gens []cube.AxisMove
	for _, e := range cube.AxisMoves {
		if e.Cost(m) == 1 {
			gens = append(gens, e)
		}
	}
	return gens
}

// BuildPruneTable searches every level from {(solved, t): t in open} under
// metric m's moves of cost 1. Open must be closed under the 48 symmetries.
// Progress, if set, is called after each level with the entries reached
// and the table's size.
func BuildPruneTable(ctx context.Context, m cube.Metric, open []State, workers int, progress func(level int, reached, total int64)) (*PruneTable, error) {
	return buildPruneTable(ctx, m, open, allBits, workers, progress)
}

func buildPruneTable(ctx context.Context, m cube.Metric, open []State, mask State, workers int, progress func(level int, reached, total int64)) (*PruneTable, error) {
	start := time.Now()
	if err := symmetricSet(open); err != nil {
		return nil, err
	}
	const limit = unreached - 1
	t := &PruneTable{cc: cornerClassesOnce(), rows: newRowStates(mask), metric: m, open: sortedStates(open), limit: limit}
	n := len(t.cc.reps) * cube.NTwist * t.rowLen()
	t.nib = make([]uint32, (n+7)/8)
	for i := range t.nib {
		t.nib[i] = 0xffffffff
	}
	gens := generators(m)
	solved := cube.Solved
	solvedClass := int(t.cc.class[solved.CornerPerm()]) // the solved permutation is its own representative
	reached := int64(0)
	for _, s := range t.open {
		if t.setIfUnreached(solvedClass*cube.NTwist*t.rowLen()+int(t.rows.pos[s&mask]), 0) {
			reached++
		}
	}
	for d := 0; d < limit; d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var count atomic.Int64
		parallel.For(len(t.cc.reps), workers, func(int) func(int) {
			x := newExpander(t, gens)
			return func(r int) {
				if ctx.Err() == nil {
					count.Add(x.expand(r, uint8(d)))
				}
			}
		})
		reached += count.Load()
		if progress != nil {
			progress(d+1, reached, int64(n))
		}
		if count.Load() == 0 {
			t.limit = d
			break
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i := range n {
		if t.at(i) == unreached {
			t.nib[i>>3] = t.nib[i>>3]&^(0xf<<(4*(i&7))) | uint32(t.limit+1)<<(4*(i&7))
		}
	}
	t.Elapsed = time.Since(start)
	return t, nil
}

// symmetricSet checks that a set of states is closed under the symmetries,
// as the table's reduction needs.
func symmetricSet(states []State) error {
	in := make(map[State]bool, len(states))
	for _, s := range states {
		if !s.Valid() {
			return fmt.Errorf("centers: %d is not a state", s)
		}
		in[s] = true
	}
	for s := range in {
		for y := range cube.Sym(cube.NSyms) {
			if !in[s.Conjugate(y)] {
				return fmt.Errorf("centers: the open states are not closed under the symmetries: %v is open, %v not", s, s.Conjugate(y))
			}
		}
	}
	return nil
}

// expander holds one worker's scratch space for expanding classes.
type expander struct {
	t        *PruneTable
	gens     []cube.AxisMove
	frontier []uint16 // positions in one row of the entries at level d
	moves    []blockMove
}

// blockMove is where one generator takes the entries of a class: to class
// class, corner twist coMap[co], position twMap[i].
type blockMove struct {
	class int
	coMap [cube.NTwist]uint16
	twMap []uint16
}

func newExpander(t *PruneTable, gens []cube.AxisMove) *expander {
	x := &expander{t: t, gens: gens, frontier: make([]uint16, 0, t.rowLen()), moves: make([]blockMove, len(gens))}
	for i := range x.moves {
		x.moves[i].twMap = make([]uint16, t.rowLen())
	}
	return x
}

// hasNibble reports whether some 4-bit entry of w equals b.
func hasNibble(w uint32, b uint8) bool {
	v := w ^ 0x11111111*uint32(b)
	return (v-0x11111111)&^v&0x88888888 != 0
}

// expand sets level d+1 from the entries of class r at level d, and
// returns how many entries it set.
func (x *expander) expand(r int, d uint8) int64 {
	t, cc := x.t, x.t.cc
	rowLen := t.rowLen()
	base := r * cube.NTwist * rowLen
	// Rows with an entry at level d; most rows have none early and late.
	var rows []int
	for co := range cube.NTwist {
		row := base + co*rowLen
		for i := 0; i < rowLen; i += 8 {
			if hasNibble(atomic.LoadUint32(&t.nib[(row+i)>>3]), d) {
				rows = append(rows, co)
				break
			}
		}
	}
	if len(rows) == 0 {
		return 0
	}
	rep := permCube(cc.reps[r])
	states := t.rows.states[cc.parity[r]]
	for k, g := range x.gens {
		gc := g.Cube()
		child := cube.Times(rep, gc)
		p := child.CornerPerm()
		y := cc.toRep[p]
		bm := &x.moves[k]
		bm.class = int(cc.class[p])
		for _, co := range rows {
			c := rep
			c.SetTwist(co)
			c = cube.Conjugate(cube.Times(c, gc), y)
			bm.coMap[co] = uint16(c.Twist())
		}
		gs := Of(cube.Word{g})
		for i, s := range states {
			bm.twMap[i] = t.rows.pos[s.Add(gs).Conjugate(y)&t.rows.mask]
		}
	}
	var set int64
	for _, co := range rows {
		row := base + co*rowLen
		x.frontier = x.frontier[:0]
		for i := range rowLen {
			if t.at(row+i) == d {
				x.frontier = append(x.frontier, uint16(i))
			}
		}
		for k := range x.moves {
			bm := &x.moves[k]
			co2 := int(bm.coMap[co])
			dst := (bm.class*cube.NTwist + co2) * rowLen
			for _, i := range x.frontier {
				j := int(bm.twMap[i])
				if t.setIfUnreached(dst+j, d+1) {
					set++
					if len(cc.stab[bm.class]) > 0 {
						set += x.setStabilized(bm.class, co2, j, d+1)
					}
				}
			}
		}
	}
	return set
}

// setStabilized sets the entries that are one element with entry (class
// r, corner twist co, position j): its images under r's stabilizer.
func (x *expander) setStabilized(r, co, j int, d uint8) int64 {
	t, cc := x.t, x.t.cc
	s := t.rows.states[cc.parity[r]][j]
	var set int64
	for k, y := range cc.stab[r] {
		co2 := int(cc.stabTwist[r][k][co])
		if t.setIfUnreached((r*cube.NTwist+co2)*t.rowLen()+int(t.rows.pos[s.Conjugate(y)&t.rows.mask]), d) {
			set++
		}
	}
	return set
}
