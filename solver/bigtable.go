package solver

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"sync/atomic"
	"unsafe"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/hugepage"
	"github.com/cubecensus/cubecensus/internal/parallel"
	"github.com/cubecensus/cubecensus/internal/tablecache"
)

// The optimal solver's big table: phase 1's coordinates with the corners'
// layers added, the coordinate of the table Rokicki calls EO3 EP1 in his
// nxopt (cube20src, nxopt.md) and nissy calls nxopt31. A state is the
// FlipUDSlice (reduced to its 64,430 classes by the 16 symmetries of the
// U-D axis, as in the phase-1 table), the corner twist and which four
// positions hold the D corners (cube.CornerLayer, 70 values): 64,430 x
// 2,187 x 70 = 9,863,588,700 entries, half a byte each, 4.6 GiB. Its goal
// group holds every U and D turn, so the three axes' lookups combine as the
// phase-1 table's do (de Bondt's rule, optimal.go), and it adds to the
// phase-1 table the corners' layers, which the three axes together turn
// into the whole corner permutation. Rokicki measured its mean single
// lookup at 10.67 face turns, 1.6 more than the phase-1 table's: an IDA*
// search visits some fifty times fewer nodes.
//
// It is built by a breadth-first search that pushes the frontier to its
// neighbours while the frontier is small and, once it is large, lets every
// unreached entry pull from its neighbours, on all workers: a row of
// entries (one class) is 153,090 nibbles, 75 KB, so one row's moves land
// in one other row, and the search runs at memory speed (a few minutes on
// two cores; the level counts are kept with the table).

// nBigCols is the big table's entries per FlipUDSlice class.
const nBigCols = cube.NTwist * cube.NCornerLayer

// bigBytes is the big table's size in memory and on disk.
const bigBytes = (nFlipSliceClasses*nBigCols+7)/8*4 + 8*maxLevels

// nFlipSliceClasses is the number of FlipUDSlice classes under the 16
// symmetries of the U-D axis (seed 000, "Symmetry reduced coordinates").
const nFlipSliceClasses = 64430

// bigTable is the optimal solver's table (see above).
type bigTable struct {
	a                    *symClasses // FlipUDSlice classes
	twistConj, layerConj conjTable
	nib                  []byte // entry class*nBigCols + twist*70 + layer
	levels               []int64
}

// index returns the entry of the raw coordinates.
func (p *bigTable) index(flipSlice, twist, layer int) int {
	cs := p.a.classSym[flipSlice]
	s := cs % nPhase1Syms
	return int(cs/nPhase1Syms)*nBigCols + int(p.twistConj[twist][s])*cube.NCornerLayer + int(p.layerConj[layer][s])
}

// bigSpace is what the big table's breadth-first search moves through:
// rows, the classes of a first coordinate (FlipUDSlice), and in each row
// columns twist*70 + layer (tests give smaller first coordinates and
// twist-like ones, down to one value).
type bigSpace struct {
	a                    *symClasses
	flipSliceMove        func(fs, m int) int
	twistMove, layerMove moveTable
	twistConj, layerConj conjTable
	moves                []int // columns of the move tables
}

// cols is the entries per row.
func (sp *bigSpace) cols() int { return len(sp.twistMove) * cube.NCornerLayer }

// rowMove returns the class reached from class r's representative by move
// column m, and the symmetry taking the state reached to that class's.
func (sp *bigSpace) rowMove(r, m int) (int, int) {
	cs := sp.a.classSym[sp.flipSliceMove(int(sp.a.rep[r]), m)]
	return int(cs / nPhase1Syms), int(cs % nPhase1Syms)
}

// colMove returns column b moved by move column m and conjugated by S(s).
func (sp *bigSpace) colMove(b, m, s int) int {
	tw, ly := b/cube.NCornerLayer, b%cube.NCornerLayer
	return int(sp.twistConj[sp.twistMove[tw][m]][s])*cube.NCornerLayer + int(sp.layerConj[sp.layerMove[ly][m]][s])
}

// colConj returns column b conjugated by S(s).
func (sp *bigSpace) colConj(b, s int) int {
	tw, ly := b/cube.NCornerLayer, b%cube.NCornerLayer
	return int(sp.twistConj[tw][s])*cube.NCornerLayer + int(sp.layerConj[ly][s])
}

// nibbles is a table of half-byte entries shared by the build's workers:
// entries only ever go from unset (15) to a distance, with atomic
// operations, and every entry set in one level gets the same value.
type nibbles []uint32

const unset = 0xf

func (t nibbles) get(i int) int {
	return int(atomic.LoadUint32(&t[i>>3])>>(4*(i&7))) & 0xf
}

// set sets entry i, if unset, to v and reports whether it did.
func (t nibbles) set(i, v int) bool {
	w, sh := &t[i>>3], 4*(i&7)
	if atomic.LoadUint32(w)>>sh&0xf != unset {
		return false
	}
	return atomic.AndUint32(w, ^(uint32(unset^v)<<sh))>>sh&0xf == unset
}

// hasNibble reports whether word w has a nibble equal to v (the
// has-zero-byte test of Hacker's Delight, on nibbles).
func hasNibble(w uint32, v int) bool {
	z := w ^ uint32(v)*0x11111111
	return (z-0x11111111)&^z&0x88888888 != 0
}

// forEach calls fn for every entry i in [lo, hi) whose value is v,
// skipping whole words without one.
func (t nibbles) forEach(lo, hi, v int, fn func(i int)) {
	for i := lo; i < hi; {
		if i&7 == 0 && i+8 <= hi && !hasNibble(atomic.LoadUint32(&t[i>>3]), v) {
			i += 8
			continue
		}
		if t.get(i) == v {
			fn(i)
		}
		i++
	}
}

// buildBigTable searches breadth first from the solved state (entry 0) and
// returns the table encoded for the cache: its nibbles, in the byte order
// symTable uses, then the level counts.
func buildBigTable(sp *bigSpace, workers int, progress func(reached, total int64)) []byte {
	rows, cols := len(sp.a.rep), sp.cols()
	n := rows * cols
	nWords := (n + 7) / 8
	words := make(nibbles, nWords+2*maxLevels)
	hugepage.Advise(words)
	const rowsPerTask = 64
	tasks := (rows + rowsPerTask - 1) / rowsPerTask
	parallel.For(tasks, workers, func(int) func(int) {
		return func(k int) {
			lo, hi := k*rowsPerTask*cols/8, min((k+1)*rowsPerTask*cols/8+1, nWords)
			for i := lo; i < hi; i++ {
				words[i] = ^uint32(0)
			}
		}
	})
	// setState sets the entries that are state (r, b), under the
	// stabilizer of r's representative, to v, and returns how many it set.
	setState := func(r, b, v int) int64 {
		var set int64
		for y, stab := 0, sp.a.stab[r]; stab != 0; y, stab = y+1, stab>>1 {
			if stab&1 == 1 && words.set(r*cols+sp.colConj(b, y), v) {
				set++
			}
		}
		return set
	}
	levels := []int64{setState(0, 0, 0)}
	reached := levels[0]
	for d := 0; levels[d] > 0; d++ {
		if d+1 == unset {
			// The entries still unset are at least 15 moves away, and
			// read as 15: a lower bound still (quarter turns reach 15).
			levels = append(levels, int64(n)-reached)
			reached = int64(n)
			progress(reached, int64(n))
			break
		}
		unreached := int64(n) - reached
		push := levels[d] < unreached/8
		counts := make([]int64, tasks)
		parallel.For(tasks, workers, func(int) func(int) {
			var rowMoves [cube.NFaceMoves][2]int
			return func(k int) {
				for r := k * rowsPerTask; r < min((k+1)*rowsPerTask, rows); r++ {
					base := r * cols
					if push {
						known := false
						words.forEach(base, base+cols, d, func(i int) {
							if !known {
								for j, m := range sp.moves {
									rowMoves[j][0], rowMoves[j][1] = sp.rowMove(r, m)
								}
								known = true
							}
							for j, m := range sp.moves {
								r2, s := rowMoves[j][0], rowMoves[j][1]
								counts[k] += setState(r2, sp.colMove(i-base, m, s), d+1)
							}
						})
						continue
					}
					for j, m := range sp.moves {
						rowMoves[j][0], rowMoves[j][1] = sp.rowMove(r, m)
					}
					words.forEach(base, base+cols, unset, func(i int) {
						for j, m := range sp.moves {
							r2, s := rowMoves[j][0], rowMoves[j][1]
							if words.get(r2*cols+sp.colMove(i-base, m, s)) == d {
								if words.set(i, d+1) {
									counts[k]++
								}
								return
							}
						}
					})
				}
			}
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
	if reached != int64(n) {
		panic(fmt.Sprintf("solver: the big table reached %d of %d entries", reached, n))
	}
	if levels[len(levels)-1] == 0 {
		levels = levels[:len(levels)-1]
	}
	out := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), len(words)*4)
	for d := range maxLevels {
		var c int64
		if d < len(levels) {
			c = levels[d]
		}
		binary.LittleEndian.PutUint64(out[nWords*4+8*d:], uint64(c))
	}
	return out
}

// decodeBigTable is buildBigTable's output read back.
func decodeBigTable(a *symClasses, twistConj, layerConj conjTable, data []byte) (*bigTable, error) {
	nBytes := (len(a.rep)*nBigCols + 7) / 8 * 4
	if len(data) != nBytes+8*maxLevels {
		return nil, fmt.Errorf("solver: a cached big table of %d bytes, want %d", len(data), nBytes+8*maxLevels)
	}
	p := &bigTable{a: a, twistConj: twistConj, layerConj: layerConj, nib: data[:nBytes]}
	for d := range maxLevels {
		if c := int64(binary.LittleEndian.Uint64(data[nBytes+8*d:])); c > 0 {
			p.levels = append(p.levels, c)
		}
	}
	return p, nil
}

// bigName and bigVersion name the big tables in the cache.
var bigName = map[cube.Metric]string{cube.HTM: "solver-optimal-htm", cube.QTM: "solver-optimal-qtm"}

const bigVersion = "flipudslice-twist-cornerlayer-1"

// newBigTable returns the big table for metric m (HTM or QTM: its moves
// are the turns of cost 1), built (minutes) or loaded (seconds) from the
// cache.
func newBigTable(cfg Config, m cube.Metric, twist, flip, slice moveTable) (*bigTable, tablecache.Table, error) {
	a := newSymClasses(nFlipSlice, flipSliceCube, flipSliceOf)
	if len(a.rep) != nFlipSliceClasses {
		panic(fmt.Sprintf("solver: %d FlipUDSlice classes", len(a.rep)))
	}
	coordCube := func(set func(*cube.Cube, int)) func(int) cube.Cube {
		return func(x int) cube.Cube { c := cube.Solved; set(&c, x); return c }
	}
	twistConj := newConjTable(cube.NTwist, coordCube((*cube.Cube).SetTwist), (*cube.Cube).Twist)
	layerConj := newConjTable(cube.NCornerLayer, coordCube((*cube.Cube).SetCornerLayer), (*cube.Cube).CornerLayer)
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	t, err := tablecache.Get(cfg.CacheDir, bigName[m], bigVersion, func() ([]byte, error) {
		sp := &bigSpace{
			a: a,
			flipSliceMove: func(fs, m int) int {
				return int(slice[fs/cube.NFlip][m])*cube.NFlip + int(flip[fs%cube.NFlip][m])
			},
			twistMove: twist,
			layerMove: buildMoveTable(cube.NCornerLayer, allMoves, (*cube.Cube).SetCornerLayer, (*cube.Cube).CornerLayer),
			twistConj: twistConj,
			layerConj: layerConj,
		}
		for _, mv := range metricMoves(m) {
			sp.moves = append(sp.moves, int(mv))
		}
		return buildBigTable(sp, workers, cfg.report(fmt.Sprintf("optimal solver's %v table", m))), nil
	})
	if err != nil {
		return nil, t, err
	}
	p, err := decodeBigTable(a, twistConj, layerConj, t.Data)
	return p, t, err
}
