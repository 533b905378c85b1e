package coord

import (
	"encoding/binary"
	"fmt"
	"sync/atomic"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
	"github.com/cubecensus/cubecensus/internal/tablecache"
)

// Phase 1 of the two-phase search spends most of its time looking up the
// distances of children it then cuts: at a node with no moves to spare
// (its distance equals the moves left) only the moves that bring it nearer
// H are searched, about 3 of 15, but finding which took a look-up of
// each, a cache miss. Phase1Steps keeps, for each entry of phase 1's table
// (a FlipUDSlice class's representative with a twist), how each of the 18
// face turns changes the entry's distance: by -1, 0 or +1, a digit in base
// 3, six digits an axis in 10 bits, 30 bits an entry, 564 MB. A node
// reads its own entry once and knows its children's distances from it, so
// only the children searched are looked up (the idea of the step masks of
// cube20src and rob-twophase's phase-1 tables, and of cosets' census).
//
// A node x is looked up as its entry's state z = S^-1 x S (SymTable.Index's
// symmetry s), so move m from x is move S^-1 m S from z: the digits are
// kept in z's frame and turned into x's moves by a small table per
// symmetry and axis.

// Phase1Steps holds the steps of phase 1's table entries in HTM.
type Phase1Steps struct {
	table *SymTable
	words []byte // 4 bytes an entry, little endian: axis a's code at bits 10a
	// masks[s][a][code] are the moves of the node (the bits by cube.Move)
	// that bring it one nearer H (down) and that keep its distance (same),
	// for an entry of symmetry s whose axis a has that code.
	masks [nPhase1Syms][3][729]StepMasks
}

// Phase1StepsBytes is the memory of the Phase1Steps: 4 bytes for each of
// phase 1's 140,908,410 entries.
const Phase1StepsBytes = 4 * nFlipSliceClasses * cube.NTwist

// StepMasks are the face turns, bits by cube.Move, that take a node one move
// nearer H (Down) and that keep its distance (Same); the others take it one
// further.
type StepMasks struct{ Down, Same uint32 }

// axisDigit[m] is face turn m's digit within its axis's code: the moves of
// an axis in move order, U U2 U' D D2 D' (powers of 3).
var axisDigit = func() (d [cube.NFaceMoves]int) {
	var seen [3]int
	for m := range cube.Move(cube.NFaceMoves) {
		a := m.Axis()
		d[m] = seen[a]
		seen[a]++
	}
	return d
}()

// phase1StepsVersion names the layout of Phase1Steps' file: the entries'
// words, then stepTotals' three counts, 8 bytes each.
const phase1StepsVersion = "phase1-steps-1"

// newPhase1Steps returns the steps of phase 1's HTM table p, built from it
// and kept in the table cache.
func newPhase1Steps(cfg Config, p *SymTable, twist, flip, slice MoveTable) (*Phase1Steps, tablecache.Table, error) {
	t, err := tablecache.Get(cfg.CacheDir, spec("solver-phase1-steps", phase1StepsVersion, phase1StepsCode), func() ([]byte, error) {
		return buildPhase1Steps(p, twist, flip, slice, cfg.Workers, cfg.report("phase-1 steps")), nil
	}, checkPhase1Steps(len(p.a.rep)*len(p.b)))
	if err != nil {
		return nil, t, err
	}
	s := &Phase1Steps{table: p, words: t.Data[:len(t.Data)-3*8]}
	for sym := range cube.Sym(nPhase1Syms) {
		for code := range 729 {
			for a := range 3 {
				s.masks[sym][a][code] = axisMasks(sym, cube.Axis(a), code)
			}
		}
	}
	return s, t, nil
}

// axisMasks decodes an entry's code of axis a into the node's moves, for
// an entry of symmetry s: the entry's move e is the node's move f with
// S^-1 f S = e.
func axisMasks(s cube.Sym, a cube.Axis, code int) StepMasks {
	var out StepMasks
	for f := range cube.Move(cube.NFaceMoves) {
		e := cube.ConjugateMove(f, s)
		if e.Axis() != a {
			continue
		}
		switch digit(code, axisDigit[e]) {
		case 0:
			out.Down |= 1 << f
		case 1:
			out.Same |= 1 << f
		}
	}
	return out
}

// digit returns base-3 digit i of code.
func digit(code, i int) int {
	for range i {
		code /= 3
	}
	return code % 3
}

// Entry returns the entry of phase-1 coordinates (FlipUDSlice fs, twist tw)
// and the symmetry it is looked up under; Masks decodes it. Looking up
// several entries before decoding any lets their cache misses overlap.
func (p *Phase1Steps) Entry(fs, tw int) (word uint32, s uint8) {
	cs := p.table.a.classSym[fs]
	s = uint8(cs % nPhase1Syms)
	i := int(cs/nPhase1Syms)*len(p.table.b) + int(p.table.b[tw][s])
	return binary.LittleEndian.Uint32(p.words[4*i:]), s
}

// Masks returns the steps of an entry's word for a node looked up under
// symmetry s.
func (p *Phase1Steps) Masks(word uint32, s uint8) StepMasks {
	m := &p.masks[s]
	a, b, c := m[0][word&1023], m[1][word>>10&1023], m[2][word>>20&1023]
	return StepMasks{Down: a.Down | b.Down | c.Down, Same: a.Same | b.Same | c.Same}
}

// buildPhase1Steps finds every entry's steps from phase 1's table p: for
// each class and move, the child's class and symmetry are the same for
// all 2187 twists, so the children's look-ups stay in one row of p.
// It returns the table encoded for the cache, with the counts of steps
// going down, level and up over all entries after the words.
func buildPhase1Steps(p *SymTable, twist, flip, slice MoveTable, workers int, progress func(reached, total int64)) []byte {
	nb := len(p.b)
	n := len(p.a.rep) * nb
	out := make([]byte, 4*n, 4*n+3*8)
	workers = max(1, workers)
	totals := make([][3]int64, workers)
	var done atomic.Int64
	parallel.For(len(p.a.rep), workers, func(w int) func(int) {
		codes := make([]uint32, nb)
		return func(c int) {
			clear(codes)
			fs := int(p.a.rep[c])
			for m := range cube.Move(cube.NFaceMoves) {
				child := int(slice[fs/cube.NFlip][m])*cube.NFlip + int(flip[fs%cube.NFlip][m])
				cs := p.a.classSym[child]
				row, s := int(cs/nPhase1Syms)*nb, cs%nPhase1Syms
				weight := uint32(1) << (10 * m.Axis())
				for range axisDigit[m] {
					weight *= 3
				}
				for tw := range nb {
					d := p.At(row+int(p.b[twist[tw][m]][s])) - p.At(c*nb+tw)
					if d < -1 || d > 1 {
						panic(fmt.Sprintf("coord: phase 1's table steps by %d", d))
					}
					codes[tw] += uint32(d+1) * weight
					totals[w][d+1]++
				}
			}
			for tw, code := range codes {
				binary.LittleEndian.PutUint32(out[4*(c*nb+tw):], code)
			}
			progress(done.Add(int64(nb)), int64(n))
		}
	})
	for i := range 3 {
		var sum int64
		for _, t := range totals {
			sum += t[i]
		}
		out = binary.LittleEndian.AppendUint64(out, uint64(sum))
	}
	return out
}

// phase1StepTotals are the steps of all entries going down, level and up
// (counted by the build TestPhase1Steps checks; 18 for each entry).
var phase1StepTotals = [3]int64{548441058, 1440393683, 547516639}

// checkPhase1Steps returns the check of a Phase1Steps file of n entries:
// its size and its totals of steps.
func checkPhase1Steps(n int) func([]byte) error {
	return func(data []byte) error {
		if len(data) != 4*n+3*8 {
			return fmt.Errorf("solver-phase1-steps has %d bytes, want %d", len(data), 4*n+3*8)
		}
		var got [3]int64
		for i := range got {
			got[i] = int64(binary.LittleEndian.Uint64(data[4*n+8*i:]))
		}
		if got != phase1StepTotals {
			return fmt.Errorf("solver-phase1-steps has %v steps down, level and up, want %v", got, phase1StepTotals)
		}
		return nil
	}
}
