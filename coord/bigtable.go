package coord

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/hugepage"
	"github.com/cubecensus/cubecensus/internal/parallel"
	"github.com/cubecensus/cubecensus/internal/tablecache"
)

// The optimal solver's big tables. The big table has phase 1's
// coordinates with the corners' layers added, the coordinate of the table
// Rokicki calls EO3 EP1 in his nxopt (cube20src, nxopt.md) and nissy calls
// nxopt31: the FlipUDSlice (reduced to its 64,430 classes by the 16
// symmetries of the U-D axis, as in the phase-1 table), the corner twist
// and which four positions hold the D corners (cube.CornerLayer, 70
// values): 64,430 x 2,187 x 70 = 9,863,588,700 entries. The huge table adds
// the slice edges' order up to the Klein four-group (sliceorder.go, 6
// values): 59,181,532,200 entries. Both goal groups hold every U and D
// turn, so the three axes' lookups combine as the phase-1 table's do (de
// Bondt's rule, optimal.go), and the corners' layers, seen along the three
// axes, give the whole corner permutation. Rokicki measured the big table's
// mean single lookup at 10.67 face turns, 1.6 more than the phase-1
// table's; by his rule of thumb (a table twice the size, half the search)
// the huge one's six times the entries would cut the search sixfold:
// measured on 20 random cubes, it visits 4.7 times fewer nodes in a
// quarter of the time (its entries miss the caches more).
//
// An entry is two bits, as in nxopt: 0 for a distance of at most the
// table's base (phase 1's table then gives the bound: its coordinates are
// part of these, so its distance is never larger), 1 and 2 for base+1 and
// base+2, 3 for base+3 or more. The base is the first distance by which 1%
// of the entries are reached, so that nearly every entry is exact: the big
// HTM table's is 9 (levels 10, 11 and 12 exact; 3,546 entries at 13 read
// as 12), the huge HTM table's 10. Every bound read is a lower bound on its axis's distance to a
// goal group holding the axis's face turns, which is all the search's rules
// need.
//
// A table is built by a breadth-first search that pushes the frontier to
// its neighbours while the frontier is small and, once it is large, lets
// every unreached entry pull from its neighbours, on all workers: each
// move takes all of a row's entries into one other row (a class's entries,
// 38 KB in the big table, 230 KB in the huge), so a row's entries are
// handled a move at a time, with the row they move to in the core's cache.
// Up to the base an entry holds its distance mod 3 (a neighbour of an
// unreached entry at a distance that is d mod 3 is at d itself: nearer, it
// would have reached the entry already); at the base the reached entries
// become 0 and two more levels are searched. The level counts are kept
// with the table.

// OptimalTable names a pruning table of the optimal solver.
type OptimalTable uint8

// The optimal solver's tables a memory budget chooses from
// (OptimalTableFor), smallest first.
const (
	Phase1Table OptimalTable = iota // phase 1's, always loaded (symtables.go)
	BigTable                        // 2.3 GiB a metric
	HugeTable                       // 13.8 GiB a metric
)

// H48Table is nissy-core's H48 h7 with base 9 and the exact h0
// (h48cache.go), 3.6 GiB, in face turns only, for the H48 search: used
// only when named. (Declared apart from the big tables, as the cached big
// tables' fingerprints cover the declarations their builders use.)
const H48Table = HugeTable + 1

var optimalTableNames = [...]string{"phase-1", "big", "huge"}

// ParseOptimalTable returns the table of a name: big, h48 or huge.
func ParseOptimalTable(name string) (OptimalTable, error) {
	for t := BigTable; t <= H48Table; t++ {
		if name == t.String() {
			return t, nil
		}
	}
	return 0, fmt.Errorf("coord: no optimal table %q (big, h48 or huge)", name)
}

func (t OptimalTable) String() string {
	if t == H48Table {
		return "h48"
	}
	return optimalTableNames[t]
}

// orders is the table's factor for the slice edges' order.
func (t OptimalTable) orders() int {
	if t == HugeTable {
		return nOrderClasses
	}
	return 1
}

// Bytes is the memory the table takes beyond the solver's small tables.
func (t OptimalTable) Bytes() uint64 {
	switch t {
	case Phase1Table:
		return 0
	case H48Table:
		return uint64(HKBytes(h48K)) + h0Bytes
	}
	return uint64(bigWords(nFlipSliceClasses*nBigCols*t.orders()))*4 + bigTrailer
}

// OptimalTableFor returns the largest table that a memory budget holds
// with 1 GiB to spare for the rest of the program.
func OptimalTableFor(budget uint64) OptimalTable {
	for t := HugeTable; t > Phase1Table; t-- {
		if budget >= t.Bytes()+1<<30 {
			return t
		}
	}
	return Phase1Table
}

// OptimalTableCached reports whether table t in metric m is in the cache
// folder (phase 1's always counts as cached: it is built in seconds).
func OptimalTableCached(cacheDir string, t OptimalTable, m cube.Metric) bool {
	if t == Phase1Table {
		return true
	}
	if cacheDir == "" {
		cacheDir = tablecache.Dir()
	}
	if t == H48Table {
		return m == cube.HTM && tablecache.Has(cacheDir, h0Name) && tablecache.Has(cacheDir, hkName(h48K, h48Base))
	}
	return tablecache.Has(cacheDir, bigName(t, m))
}

// nBigCols is the big table's entries per FlipUDSlice class (the huge
// table's are nOrderClasses times more).
const nBigCols = cube.NTwist * cube.NCornerLayer

// bigWords is the 32-bit words holding n entries of two bits.
func bigWords(n int) int { return (n + 15) / 16 }

// bigTrailer is the bytes after the entries: the base and the level
// counts, 8 bytes each.
const bigTrailer = 8 + 8*maxLevels

// nFlipSliceClasses is the number of FlipUDSlice classes under the 16
// symmetries of the U-D axis (seed 000, "Symmetry reduced coordinates").
const nFlipSliceClasses = 64430

// nCornerPermClasses is the number of classes of the corner permutation
// under the same 16 symmetries (seed 000).
const nCornerPermClasses = 2768

// OptimalPruning is one of the optimal solver's tables (see above).
type OptimalPruning struct {
	a                               *symClasses // FlipUDSlice classes
	twistConj, layerConj, orderConj conjTable
	orders, cols                    int    // the order factor (1 or 6) and the entries per class
	crumbs                          []byte // entry class*cols + (twist*70 + layer)*orders + order class
	base                            int
	phase1                          *SymTable // for the entries at most base
	// levels counts the entries at each distance through base+2, and last
	// those at base+3 or more.
	levels []int64
}

// index returns the entry of the raw coordinates (order is SliceOrderV4,
// ignored by the big table).
func (p *OptimalPruning) Index(flipSlice, twist, layer, order int) int {
	cs := p.a.classSym[flipSlice]
	s := cs % nPhase1Syms
	col := int(p.twistConj[twist][s])*cube.NCornerLayer + int(p.layerConj[layer][s])
	if p.orders > 1 {
		col = col*nOrderClasses + int(p.orderConj[order][s])%nOrderClasses
	}
	return int(cs/nPhase1Syms)*p.cols + col
}

// at returns entry i's lower bound.
func (p *OptimalPruning) At(i int) int {
	if c := int(p.crumbs[i>>2]>>(2*(i&3))) & 3; c != 0 {
		return p.base + c
	}
	// Phase 1's entry: the same class, the twist's column.
	return p.phase1.At(i/p.cols*cube.NTwist + i%p.cols/(cube.NCornerLayer*p.orders))
}

// bigSpace is what a big table's breadth-first search moves through:
// rows, the classes of a first coordinate (FlipUDSlice), and in each row
// columns (twist*70 + layer)*orders + order class (tests give smaller
// first coordinates and twist-like ones, down to one value).
type bigSpace struct {
	a                    *symClasses
	flipSliceMove        func(fs, m int) int
	twistMove, layerMove MoveTable
	twistConj, layerConj conjTable
	// With orderMove set, the columns have the slice edges' order class
	// (SliceOrderV4); rowSlice[r] is the Slice coordinate of row r's
	// representative, where the order's edges are.
	orderMove MoveTable
	orderConj conjTable
	rowSlice  []int
	moves     []int // columns of the move tables
}

// orders is the order classes per twist and layer.
func (sp *bigSpace) orders() int {
	if sp.orderMove == nil {
		return 1
	}
	return nOrderClasses
}

// cols is the entries per row.
func (sp *bigSpace) cols() int { return len(sp.twistMove) * cube.NCornerLayer * sp.orders() }

// rowMove returns the class reached from class r's representative by move
// column m, and the symmetry taking the state reached to that class's.
func (sp *bigSpace) rowMove(r, m int) (int, int) {
	cs := sp.a.classSym[sp.flipSliceMove(int(sp.a.rep[r]), m)]
	return int(cs / nPhase1Syms), int(cs % nPhase1Syms)
}

// colMover takes the columns of one row by one move column and conjugates
// them by one symmetry: each part of a column (twist, layer, order class)
// has its image looked up once per row and move, as a share of the column
// moved to, instead of once per entry (those lookups had 37% to 44% of a
// level's time in a profile of the huge table's build).
type colMover struct {
	twist  []int32 // image of each twist, times the columns a twist spans
	layer  [cube.NCornerLayer]int32
	order  [nOrderClasses]int32
	orders int
}

// colMover sets cm to move row r's columns by move column m, then
// conjugate them by S(s).
func (sp *bigSpace) colMover(cm *colMover, r, m, s int) {
	no := sp.orders()
	cm.orders = no
	cm.twist = slices.Grow(cm.twist[:0], len(sp.twistMove))[:len(sp.twistMove)]
	for tw := range cm.twist {
		cm.twist[tw] = int32(sp.twistConj[sp.twistMove[tw][m]][s]) * int32(cube.NCornerLayer*no)
	}
	for ly := range cm.layer {
		cm.layer[ly] = int32(sp.layerConj[sp.layerMove[ly][m]][s]) * int32(no)
	}
	if no > 1 {
		for o := range cm.order {
			moved := sp.orderMove[sp.rowSlice[r]*nOrderClasses+o][m]
			cm.order[o] = int32(sp.orderConj[moved][s] % nOrderClasses)
		}
	}
}

// col returns column b moved.
func (cm *colMover) col(b int) int {
	q, o := b, 0
	if cm.orders > 1 {
		q, o = b/nOrderClasses, b%nOrderClasses
	}
	return int(cm.twist[q/cube.NCornerLayer] + cm.layer[q%cube.NCornerLayer] + cm.order[o])
}

// colConj returns column b of row r conjugated by S(s).
func (sp *bigSpace) colConj(r, b, s int) int {
	no := sp.orders()
	tw, ly := b/no/cube.NCornerLayer, b/no%cube.NCornerLayer
	col := int(sp.twistConj[tw][s])*cube.NCornerLayer + int(sp.layerConj[ly][s])
	if no == 1 {
		return col
	}
	return col*nOrderClasses + int(sp.orderConj[sp.rowSlice[r]*nOrderClasses+b%no][s])%nOrderClasses
}

// rowScratch is a build worker's memory for the row it handles: its
// entries to push or pull (as columns) and its columns' mover.
type rowScratch struct {
	list  []uint32
	mover colMover
}

// crumbs is a table of two-bit entries shared by the build's workers:
// entries only ever go from unreached (3) to a code, with atomic
// operations, and every entry set in one level gets the same code.
type crumbs []uint32

const unreached = 3

func (t crumbs) get(i int) int {
	return int(atomic.LoadUint32(&t[i>>4])>>(2*(i&15))) & 3
}

// set sets entry i, if unreached, to v and reports whether it did.
func (t crumbs) set(i, v int) bool {
	w, sh := &t[i>>4], 2*(i&15)
	if atomic.LoadUint32(w)>>sh&3 != unreached {
		return false
	}
	return atomic.AndUint32(w, ^(uint32(unreached^v)<<sh))>>sh&3 == unreached
}

// crumbsEqual returns the entries of word w equal to v, as the low bit of
// each two-bit field (the has-zero-byte test of Hacker's Delight, exact:
// a field is v when both its bits match).
func crumbsEqual(w uint32, v int) uint32 {
	z := w ^ uint32(v)*0x55555555
	return ^(z | z>>1) & 0x55555555
}

// forEach calls fn, in order, for every entry i in [lo, hi) whose value
// is v when its word is read: a word at a time, so that the entries not
// v cost nothing (a frontier is often a few percent of a table, and the
// unreached entries few at the last levels). fn may change the entry it
// is given, not others of its word.
func (t crumbs) forEach(lo, hi, v int, fn func(i int)) {
	for w := lo >> 4; w<<4 < hi; w++ {
		match := crumbsEqual(atomic.LoadUint32(&t[w]), v)
		if first := lo - w<<4; first > 0 {
			match &= 0x55555555 << (2 * first)
		}
		if end := hi - w<<4; end < 16 {
			match &= 1<<(2*end) - 1
		}
		for ; match != 0; match &= match - 1 {
			fn(w<<4 + bits.TrailingZeros32(match)/2)
		}
	}
}

// baseShare is the share of the entries by whose distance the base is
// set: 1 in 100 (see above).
const baseShare = 100

// buildBigTable searches breadth first from the solved state (entry 0) and
// returns the table encoded for the cache: its entries, 16 to a
// little-endian 32-bit word, then the base and the level counts.
func buildBigTable(sp *bigSpace, workers int, progress func(reached, total int64)) []byte {
	rows, cols := len(sp.a.rep), sp.cols()
	n := rows * cols
	nWords := bigWords(n)
	words := make(crumbs, nWords+bigTrailer/4)
	hugepage.Advise(words)
	const rowsPerTask = 64
	tasks := (rows + rowsPerTask - 1) / rowsPerTask
	// forRows calls fn for every row r (task k), on the workers; each
	// worker's calls share its scratch memory.
	forRows := func(fn func(k, r int, scratch *rowScratch)) {
		parallel.For(tasks, workers, func(int) func(int) {
			var scratch rowScratch
			return func(k int) {
				for r := k * rowsPerTask; r < min((k+1)*rowsPerTask, rows); r++ {
					fn(k, r, &scratch)
				}
			}
		})
	}
	parallel.For(tasks, workers, func(int) func(int) {
		return func(k int) {
			lo, hi := k*rowsPerTask*cols/16, min((k+1)*rowsPerTask*cols/16+1, nWords)
			for i := lo; i < hi; i++ {
				words[i] = ^uint32(0)
			}
		}
	})
	// setState sets the entries that are state (r, b), under the
	// stabilizer of r's representative, to v, and returns how many it set.
	// The identity (symmetry 0) is always in the stabilizer, and most rows
	// have no other symmetry: its entry needs no conjugation.
	setState := func(r, b, v int) int64 {
		var set int64
		if words.set(r*cols+b, v) {
			set++
		}
		for y, stab := 1, sp.a.stab[r]>>1; stab != 0; y, stab = y+1, stab>>1 {
			if stab&1 == 1 && words.set(r*cols+sp.colConj(r, b, y), v) {
				set++
			}
		}
		return set
	}
	levels := []int64{setState(0, 0, 0)}
	reached, base := levels[0], -1
	for d := 0; ; d++ {
		if base < 0 && (reached*baseShare >= int64(n) || levels[d] == 0) {
			// The base: every entry reached so far reads 0 from now on.
			base = d
			if levels[d] == 0 {
				base = d - 1
			}
			forRows(func(_, r int, _ *rowScratch) {
				words.forEach(r*cols, (r+1)*cols, 1, func(i int) { words.setReached(i) })
				words.forEach(r*cols, (r+1)*cols, 2, func(i int) { words.setReached(i) })
			})
		}
		if base >= 0 && (d == base+2 || levels[d] == 0) {
			break
		}
		// Level d's code, and level d+1's.
		from, to := d%3, (d+1)%3
		if base >= 0 {
			from, to = d-base, d-base+1
		}
		// Push while the entries with level d's code are few: at the base
		// they are all the entries reached, whose neighbours nearer than
		// the base are all reached already.
		frontier := levels[d]
		if d == base {
			frontier = reached
		}
		push := frontier < (int64(n)-reached)/8
		counts := make([]int64, tasks)
		// A row's entries to handle are listed first (as columns): the
		// frontier's to push, or the unreached ones to pull, each struck
		// off the list once a neighbour at level d is found; then the
		// list is taken a move at a time (see above).
		forRows(func(k, r int, scratch *rowScratch) {
			start := r * cols
			code := unreached
			if push {
				code = from
			}
			list, mover := scratch.list[:0], &scratch.mover
			words.forEach(start, start+cols, code, func(i int) { list = append(list, uint32(i-start)) })
			scratch.list = list
			// The row's count is kept here and added once: the tasks'
			// counts share cache lines, and writing them for every entry
			// made the cores take those lines from each other (over 40% of
			// a push's time in a profile).
			var set int64
			for _, m := range sp.moves {
				if len(list) == 0 {
					break
				}
				r2, s := sp.rowMove(r, m)
				sp.colMover(mover, r, m, s)
				if push {
					for _, b := range list {
						set += setState(r2, mover.col(int(b)), to)
					}
					continue
				}
				left := list[:0]
				for _, b := range list {
					if words.get(r2*cols+mover.col(int(b))) != from {
						left = append(left, b)
					} else if words.set(start+int(b), to) {
						set++
					}
				}
				list = left
			}
			counts[k] += set
		})
		var level int64
		for _, c := range counts {
			level += c
		}
		levels = append(levels, level)
		reached += level
		progress(reached, int64(n))
		runtime.GC()
	}
	for levels[len(levels)-1] == 0 {
		levels = levels[:len(levels)-1]
	}
	if rest := int64(n) - reached; rest > 0 {
		levels = append(levels, rest) // base+3 or more
		progress(int64(n), int64(n))
	}
	out := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), len(words)*4)
	binary.LittleEndian.PutUint64(out[nWords*4:], uint64(base))
	for d := range maxLevels {
		var c int64
		if d < len(levels) {
			c = levels[d]
		}
		binary.LittleEndian.PutUint64(out[nWords*4+8+8*d:], uint64(c))
	}
	return out
}

// setReached sets entry i, reached at the base or before, to 0, by the one
// worker that owns its row.
func (t crumbs) setReached(i int) {
	atomic.AndUint32(&t[i>>4], ^(uint32(3) << (2 * (i & 15))))
}

// decodeBigTable is buildBigTable's output read back.
func decodeBigTable(p *OptimalPruning, data []byte) error {
	nBytes := bigWords(len(p.a.rep)*p.cols) * 4
	if len(data) != nBytes+bigTrailer {
		return fmt.Errorf("coord: a cached big table of %d bytes, want %d", len(data), nBytes+bigTrailer)
	}
	p.crumbs, p.base = data[:nBytes], int(binary.LittleEndian.Uint64(data[nBytes:]))
	for d := range maxLevels {
		if c := int64(binary.LittleEndian.Uint64(data[nBytes+8+8*d:])); c > 0 {
			p.levels = append(p.levels, c)
		}
	}
	return nil
}

// bigName names table t in metric m in the cache; bigVersion is the
// builder's version.
func bigName(t OptimalTable, m cube.Metric) string {
	name := map[cube.Metric]string{cube.HTM: "solver-optimal-htm", cube.QTM: "solver-optimal-qtm", cube.STM: "solver-optimal-stm"}[m]
	if t == HugeTable {
		name += "-huge"
	}
	return name
}

const bigVersion = "flipudslice-twist-cornerlayer-order-2bit-1"

// newBigTable returns table t for metric m (its moves are the turns of
// cost 1, which moves has columns for), built (minutes to an hour) or
// loaded (seconds) from the cache; phase1 is phase 1's table in m.
func newBigTable(cfg Config, t OptimalTable, m cube.Metric, moves *MoveTables, phase1 *SymTable) (*OptimalPruning, tablecache.Table, error) {
	a := newSymClasses(nFlipSlice, flipSliceCube, flipSliceOf)
	if len(a.rep) != nFlipSliceClasses {
		panic(fmt.Sprintf("coord: %d FlipUDSlice classes", len(a.rep)))
	}
	p := &OptimalPruning{
		a:         a,
		twistConj: newConjTable(cube.NTwist, coordCube((*cube.Cube).SetTwist), (*cube.Cube).Twist),
		layerConj: newConjTable(cube.NCornerLayer, coordCube((*cube.Cube).SetCornerLayer), (*cube.Cube).CornerLayer),
		orders:    t.orders(),
		cols:      nBigCols * t.orders(),
		phase1:    phase1,
	}
	sp := &bigSpace{
		a: a,
		flipSliceMove: func(fs, m int) int {
			return int(moves.Slice[fs/cube.NFlip][m])*cube.NFlip + int(moves.Flip[fs%cube.NFlip][m])
		},
		twistMove: moves.Twist,
		layerMove: moves.Layer,
		twistConj: p.twistConj,
		layerConj: p.layerConj,
	}
	if t == HugeTable {
		p.orderConj = newConjTable(nSliceOrderV4, coordCube(setSliceOrderV4), SliceOrderV4)
		sp.orderMove, sp.orderConj = moves.Order, p.orderConj
		for _, rep := range a.rep {
			sp.rowSlice = append(sp.rowSlice, int(rep)/cube.NFlip)
		}
	}
	for _, mv := range cube.MoveSetOf(m).Units() {
		sp.moves = append(sp.moves, int(mv))
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	name := bigName(t, m)
	c, err := tablecache.Get(cfg.CacheDir, spec(name, bigVersion, bigTableCode), func() ([]byte, error) {
		return buildBigTable(sp, workers, cfg.report(fmt.Sprintf("optimal solver's %v %v table", t, m))), nil
	}, checkBigTable(name, len(a.rep)*p.cols))
	if err != nil {
		return nil, c, err
	}
	return p, c, decodeBigTable(p, c.Data)
}

// coordCube returns a function giving a cube with a coordinate's value,
// given the coordinate's setter.
func coordCube(set func(*cube.Cube, int)) func(int) cube.Cube {
	return func(x int) cube.Cube { c := cube.Solved; set(&c, x); return c }
}
