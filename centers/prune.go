package centers

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cubecensus/cubecensus/internal/hugepage"

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

// Masks of the states a table keeps: all of every twist, each twist mod 2,
// or nothing (a table of the corners alone).
const (
	allBits State = 0xfff
	lowBits State = 0x555
	noBits  State = 0
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
	if mask == 0 { // the corners alone: one entry a row, whatever its parity
		r.states = [2][]State{{0}, {0}}
		return r
	}
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
func (t *PruneTable) Bound(c *cube.Cube, s State) int { return t.boundAt(t.cc.keyOf(c), s) }

// cornerKey is where a cube's corners fall in every table: the row of the
// class of their permutation and their twist conjugated to that class's
// representative, and the symmetry that does it. Tables of one search share
// it, and it is most of what a lookup computes.
type cornerKey struct {
	row int
	sym cube.Sym
}

func (cc *cornerClasses) keyOf(c *cube.Cube) cornerKey {
	p := c.CornerPerm()
	y := cc.toRep[p]
	inv, sym := y.Inverse().Cube(), y.Cube()
	var conj cube.Cube // the corners of y^-1 * c * y
	conj.MulCorners(&inv, c).MulCorners(&conj, &sym)
	return cornerKey{int(cc.class[p])*cube.NTwist + conj.Twist(), y}
}

func (t *PruneTable) boundAt(k cornerKey, s State) int {
	return int(t.at(k.row*t.rowLen() + int(t.rows.pos[s.Conjugate(k.sym)&t.rows.mask])))
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

// buildPruneTable searches every level from {(solved, t): t in open} under
// metric m's moves of cost 1, keeping the part mask of each state. Open
// must be closed under the 48 symmetries. Progress, if set, is called after
// each level with the entries reached and the table's size, and once more
// at the end with both the size (the entries beyond the last level are then
// set to its bound).
func buildPruneTable(ctx context.Context, m cube.Metric, open []State, mask State, workers int, progress func(level int, reached, total int64)) (*PruneTable, error) {
	start := time.Now()
	if err := symmetricSet(open); err != nil {
		return nil, err
	}
	const limit = unreached - 1
	t := &PruneTable{cc: cornerClassesOnce(), rows: newRowStates(mask), metric: m, open: sortedStates(open), limit: limit}
	n := len(t.cc.reps) * cube.NTwist * t.rowLen()
	t.nib = make([]uint32, (n+7)/8)
	hugepage.Advise(t.nib)
	for i := range t.nib {
		t.nib[i] = 0xffffffff
	}
	gens, moves := generators(m), classMovesOf(m, workers)
	solved := cube.Solved
	solvedClass := int(t.cc.class[solved.CornerPerm()]) // the solved permutation is its own representative
	reached := int64(0)
	for _, s := range t.open {
		if t.setIfUnreached(solvedClass*cube.NTwist*t.rowLen()+int(t.rows.pos[s&mask]), 0) {
			reached++
		}
	}
	frontier := reached
	for d := 0; d < limit; d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// Push from the frontier while it is the smaller side; once more
		// entries are at level d than unreached, each unreached entry
		// looks for a neighbour at level d instead.
		pull := frontier > int64(n)-reached
		var count atomic.Int64
		parallel.For(len(t.cc.reps), workers, func(int) func(int) {
			x := newExpander(t, gens, moves)
			return func(r int) {
				switch {
				case ctx.Err() != nil:
				case pull:
					count.Add(x.pull(r, uint8(d)))
				default:
					count.Add(x.expand(r, uint8(d)))
				}
			}
		})
		frontier = count.Load()
		if frontier == 0 {
			t.limit = d
			break
		}
		reached += frontier
		if progress != nil {
			progress(d+1, reached, int64(n))
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if reached < int64(n) { // the last level searched did not reach everything
		for i := range n {
			if t.at(i) == unreached {
				t.nib[i>>3] = t.nib[i>>3]&^(0xf<<(4*(i&7))) | uint32(t.limit+1)<<(4*(i&7))
			}
		}
		if progress != nil {
			progress(t.limit+1, int64(n), int64(n))
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

// classMove is where a generator takes the corners of a class's
// representative: to class class, by symmetry sym (conjugating the child's
// permutation to that class's representative), each corner twist co to
// coMap[co]. It depends on the metric's generators only, so every table of
// a metric shares one list (classMovesOf).
type classMove struct {
	class int
	sym   cube.Sym
	coMap []uint16
}

var classMovesCache [cube.NMetrics]struct {
	once  sync.Once
	moves [][]classMove // [class][generator]
}

// classMovesOf returns metric m's class moves, computing them the first
// time: 984 classes * the generators * 2187 twists (77 MB in HTM).
func classMovesOf(m cube.Metric, workers int) [][]classMove {
	c := &classMovesCache[m]
	c.once.Do(func() {
		cc, gens := cornerClassesOnce(), generators(m)
		c.moves = make([][]classMove, len(cc.reps))
		parallel.For(len(cc.reps), workers, func(int) func(int) {
			return func(r int) {
				rep := permCube(cc.reps[r])
				moves := make([]classMove, len(gens))
				for k, g := range gens {
					gc := g.Cube()
					child := cube.Times(rep, gc)
					p := child.CornerPerm()
					y := cc.toRep[p]
					mv := classMove{int(cc.class[p]), y, make([]uint16, cube.NTwist)}
					for co := range cube.NTwist {
						c := rep
						c.SetTwist(co)
						c = cube.Conjugate(cube.Times(c, gc), y)
						mv.coMap[co] = uint16(c.Twist())
					}
					moves[k] = mv
				}
				c.moves[r] = moves
			}
		})
	})
	return c.moves
}

// expander holds one worker's scratch space for expanding classes.
type expander struct {
	t        *PruneTable
	gens     []cube.AxisMove
	moves    [][]classMove
	frontier []uint16   // positions in one row of the entries at level d
	twMap    [][]uint16 // twMap[k][i]: where generator k takes position i of the class being expanded
}

func newExpander(t *PruneTable, gens []cube.AxisMove, moves [][]classMove) *expander {
	x := &expander{t: t, gens: gens, moves: moves, frontier: make([]uint16, 0, t.rowLen()), twMap: make([][]uint16, len(gens))}
	for k := range gens {
		x.twMap[k] = make([]uint16, t.rowLen())
	}
	return x
}

// prepare fills twMap for class r.
func (x *expander) prepare(r int) {
	t := x.t
	states := t.rows.states[t.cc.parity[r]]
	for k := range x.gens {
		gs, y := moveState[x.gens[k]], x.moves[r][k].sym
		for i, s := range states {
			x.twMap[k][i] = t.rows.pos[s.Add(gs).Conjugate(y)&t.rows.mask]
		}
	}
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
	x.prepare(r)
	var set int64
	for _, co := range rows {
		row := base + co*rowLen
		x.frontier = x.frontier[:0]
		for i := range rowLen {
			if t.at(row+i) == d {
				x.frontier = append(x.frontier, uint16(i))
			}
		}
		for k := range x.gens {
			mv := &x.moves[r][k]
			co2 := int(mv.coMap[co])
			dst := (mv.class*cube.NTwist + co2) * rowLen
			for _, i := range x.frontier {
				j := int(x.twMap[k][i])
				if t.setIfUnreached(dst+j, d+1) {
					set++
					if len(cc.stab[mv.class]) > 0 {
						set += x.setStabilized(mv.class, co2, j, d+1)
					}
				}
			}
		}
	}
	return set
}

// pull sets level d+1 on the unreached entries of class r that have a
// neighbour at level d, and returns how many it set. Each entry is one
// element and finds its own level, so the stabilizer needs no care; the
// worker owning class r is the only one writing its entries.
func (x *expander) pull(r int, d uint8) int64 {
	t := x.t
	rowLen := t.rowLen()
	base := r * cube.NTwist * rowLen
	x.prepare(r)
	var set int64
	for co := range cube.NTwist {
		row := base + co*rowLen
		for i := 0; i < rowLen; i += 8 {
			if !hasNibble(atomic.LoadUint32(&t.nib[(row+i)>>3]), unreached) {
				continue
			}
			for j := i; j < min(i+8, rowLen); j++ {
				if t.at(row+j) != unreached {
					continue
				}
				for k := range x.gens {
					mv := &x.moves[r][k]
					if t.at((mv.class*cube.NTwist+int(mv.coMap[co]))*rowLen+int(x.twMap[k][j])) == d {
						t.setIfUnreached(row+j, d+1)
						set++
						break
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

// A pruning table on disk: a line naming the format, a line of JSON with
// what the table is and the SHA-256 of its entries, then the entries as
// little-endian 32-bit words. A search keeps its table beside its
// checkpoint (Config.Tables), so that a resumed run loads in seconds what
// took minutes to build; a damaged or foreign file is refused and the
// table built again.

const pruneFileMagic = "cubecensus centers pruning table 1\n"

type pruneFileHeader struct {
	Metric string  `json:"metric"`
	Mask   State   `json:"mask"`
	Open   []State `json:"open"`
	Limit  int     `json:"limit"`
	Words  int     `json:"words"`
	SHA256 string  `json:"sha256"`
}

// pruneFileChunk is the words converted to bytes at a time.
const pruneFileChunk = 1 << 18

// eachChunk calls f with the table's words as little-endian bytes, a chunk
// at a time.
func (t *PruneTable) eachChunk(f func([]byte) error) error {
	buf := make([]byte, 4*pruneFileChunk)
	for i := 0; i < len(t.nib); i += pruneFileChunk {
		words := t.nib[i:min(i+pruneFileChunk, len(t.nib))]
		for j, w := range words {
			binary.LittleEndian.PutUint32(buf[4*j:], w)
		}
		if err := f(buf[:4*len(words)]); err != nil {
			return err
		}
	}
	return nil
}

// Encode writes the table in the format DecodePruneTable reads.
func (t *PruneTable) Encode(w io.Writer) error {
	sum := sha256.New()
	t.eachChunk(func(b []byte) error { _, err := sum.Write(b); return err })
	head, err := json.Marshal(pruneFileHeader{t.metric.String(), t.rows.mask, t.open, t.limit, len(t.nib), hex.EncodeToString(sum.Sum(nil))})
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	if _, err := fmt.Fprintf(bw, "%s%s\n", pruneFileMagic, head); err != nil {
		return err
	}
	if err := t.eachChunk(func(b []byte) error { _, err := bw.Write(b); return err }); err != nil {
		return err
	}
	return bw.Flush()
}

// DecodePruneTable reads a table written by Encode, checking its checksum.
func DecodePruneTable(r io.Reader) (*PruneTable, error) {
	br := bufio.NewReaderSize(r, 1<<20)
	magic, err := br.ReadString('\n')
	if err != nil || magic != pruneFileMagic {
		return nil, fmt.Errorf("centers: not a pruning table of this format (want %q)", strings.TrimSpace(pruneFileMagic))
	}
	line, err := br.ReadBytes('\n')
	if err != nil {
		return nil, fmt.Errorf("centers: a pruning table's header: %w", err)
	}
	var h pruneFileHeader
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, fmt.Errorf("centers: a pruning table's header: %w", err)
	}
	m, err := cube.ParseMetric(h.Metric)
	if err != nil {
		return nil, fmt.Errorf("centers: a pruning table's header: %w", err)
	}
	if h.Mask != allBits && h.Mask != lowBits || h.Limit < 0 || h.Limit >= unreached || symmetricSet(h.Open) != nil {
		return nil, fmt.Errorf("centers: a pruning table's header is invalid")
	}
	t := &PruneTable{cc: cornerClassesOnce(), rows: newRowStates(h.Mask), metric: m, open: sortedStates(h.Open), limit: h.Limit}
	n := len(t.cc.reps) * cube.NTwist * t.rowLen()
	if h.Words != (n+7)/8 {
		return nil, fmt.Errorf("centers: a pruning table of %d words, want %d", h.Words, (n+7)/8)
	}
	t.nib = make([]uint32, h.Words)
	hugepage.Advise(t.nib)
	sum := sha256.New()
	buf := make([]byte, 4*pruneFileChunk)
	for i := 0; i < len(t.nib); i += pruneFileChunk {
		words := t.nib[i:min(i+pruneFileChunk, len(t.nib))]
		b := buf[:4*len(words)]
		if _, err := io.ReadFull(br, b); err != nil {
			return nil, fmt.Errorf("centers: a pruning table's entries: %w", err)
		}
		sum.Write(b)
		for j := range words {
			words[j] = binary.LittleEndian.Uint32(b[4*j:])
		}
	}
	if got := hex.EncodeToString(sum.Sum(nil)); got != h.SHA256 {
		return nil, fmt.Errorf("centers: a pruning table's entries do not match its checksum")
	}
	return t, nil
}
