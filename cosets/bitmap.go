package cosets

import (
	"encoding/binary"
	"math/bits"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/hugepage"
)

// The bitmap's layout, after seed 002's coset solver (section 6): one page
// per corner permutation; in a page, one row of 24 bits per pair of edge
// permutations (Coord.Edges/2), one bit per middle-edge permutation. Of a
// pair, the parity of the corners and the middle edges picks the edge
// permutation a bit stands for, so every bit is a position and the 24-bit
// rows pack the 19.5 billion positions without a gap.
//
// The moves of A act on whole rows: a move takes the corners of page p to
// one page, each row to one row (moveTables.rows) and permutes the 24
// middle-edge bits of a row by a permutation that depends on the move only
// (the identity for U and D turns). Extending a set of positions by every
// move of A is a pass over rows, with no position decoded.
const (
	rowBytes  = 3
	nRows     = NEdgePerms / 2
	pageBytes = nRows * rowBytes // 60,480
	// pageStride leaves room after a page's last row for the fourth byte
	// that reading or ORing a row as a 32-bit word touches.
	pageStride = pageBytes + 8
	rowMask    = 1<<24 - 1
)

// BitmapBytes is the memory of one bitmap with every page in use.
const BitmapBytes = NCornerPerms * pageStride

// Bitmap is a set of positions of H (or of one coset of H, named by their
// positions of H): 2.4 GB when every page is in use. A page is allocated
// when first written, so that sparse sets (the first levels of a search,
// the tests) take little memory.
type Bitmap struct {
	pages [][]byte
	// used[p] is false when page p is known to be empty.
	used []bool
	// region, when set, holds every page, on huge pages where the system
	// gives them (internal/hugepage): the search sets bits all over the
	// bitmap, and with 4 KB pages each would also miss the TLB.
	region []byte
}

// NewBitmap returns an empty bitmap whose pages are allocated one by one
// as they are first written, for sets that stay small.
func NewBitmap() *Bitmap {
	return &Bitmap{pages: make([][]byte, NCornerPerms), used: make([]bool, NCornerPerms)}
}

// newDenseBitmap returns an empty bitmap for sets that grow to most of H:
// its BitmapBytes are allocated at once, advised onto huge pages before
// they are touched.
func newDenseBitmap() *Bitmap {
	b := NewBitmap()
	b.region = make([]byte, BitmapBytes)
	hugepage.Advise(b.region)
	return b
}

// reset empties b, keeping its memory.
func (b *Bitmap) reset() {
	for p, used := range b.used {
		if used {
			clear(b.pages[p])
			b.used[p] = false
		}
	}
}

// page returns page p to read, empty when never written.
func (b *Bitmap) page(p int) []byte {
	if b.pages[p] == nil {
		return emptyPage[:]
	}
	return b.pages[p]
}

var emptyPage [pageStride]byte

// writePage returns page p to write, marked used; only one goroutine may
// write a page at a time.
func (b *Bitmap) writePage(p int) []byte {
	if b.pages[p] == nil {
		if b.region != nil {
			b.pages[p] = b.region[p*pageStride : (p+1)*pageStride : (p+1)*pageStride]
		} else {
			b.pages[p] = make([]byte, pageStride)
		}
	}
	b.used[p] = true
	return b.pages[p]
}

// place returns the page, byte offset and bit of position x.
func place(x Coord) (page, offset int, bit uint32) {
	return x.Corners, x.Edges / 2 * rowBytes, 1 << x.Middle
}

// Set adds position x and reports whether it was new.
func (b *Bitmap) Set(x Coord) bool {
	page, offset, bit := place(x)
	row := b.writePage(page)[offset:]
	w := binary.LittleEndian.Uint32(row)
	if w&bit != 0 {
		return false
	}
	binary.LittleEndian.PutUint32(row, w|bit)
	return true
}

// Has reports whether position x is in the set.
func (b *Bitmap) Has(x Coord) bool {
	page, offset, bit := place(x)
	return binary.LittleEndian.Uint32(b.page(page)[offset:])&bit != 0
}

// Count returns the number of positions in the set.
func (b *Bitmap) Count() int64 {
	var n int64
	for p := range NCornerPerms {
		if b.used[p] {
			n += popCount(b.page(p))
		}
	}
	return n
}

// At returns the position of page p, row r and bit m: Coord.Edges's low
// bit is the one of the parity of H's positions.
func At(p, r, m int) Coord {
	edges := 2 * r
	if parity.perm8[p] != parity.perm8[edges]^parity.middle[m] {
		edges++
	}
	return Coord{Corners: p, Edges: edges, Middle: m}
}

// parity holds the permutation parities of the coordinates' values:
// perm8 for Corners and Edges (both rank permutations of eight), middle
// for Middle.
var parity = func() (t struct {
	perm8  [NCornerPerms]uint8
	middle [NMiddlePerms]uint8
}) {
	for x := range NCornerPerms {
		var p [8]uint8
		cube.UnrankPerm(x, p[:])
		t.perm8[x] = uint8(cube.PermParity(p[:]))
	}
	for x := range NMiddlePerms {
		var p [4]uint8
		cube.UnrankPerm(x, p[:])
		t.middle[x] = uint8(cube.PermParity(p[:]))
	}
	return t
}()

// popCount counts the set bits of a page.
func popCount(page []byte) int64 {
	var n int
	for i := 0; i+8 <= len(page); i += 8 {
		n += bits.OnesCount64(binary.LittleEndian.Uint64(page[i:]))
	}
	return int64(n)
}

// rowPerm permutes the 24 bits of a row as one move permutes the middle
// edges: a table per byte of the row.
type rowPerm [rowBytes][256]uint32

// apply permutes the low 24 bits of v (its high byte is ignored).
func (t *rowPerm) apply(v uint32) uint32 {
	return t[0][v&0xff] | t[1][v>>8&0xff] | t[2][v>>16&0xff]
}

// rowPerms[i] is Moves[i]'s.
var rowPerms = func() (t [NMoves]rowPerm) {
	for i := range Moves {
		for k := range rowBytes {
			for v := range 256 {
				var w uint32
				for b := range 8 {
					if v>>b&1 != 0 {
						w |= 1 << tables.middle[8*k+b][i]
					}
				}
				t[i][k][v] = w
			}
		}
	}
	return t
}()

// pageWork is one worker's buffers for extendPage: the target page's rows
// and the list of those not yet full.
type pageWork struct {
	acc  [nRows]uint32
	open []uint16
}

// extendPage writes page tp of dst: the positions of src's page tp and
// every position one move of A from a position of src (one level of a
// breadth-first search, seed 002's prepass). It returns how many there are.
// It works a move at a time: w.acc, the page's rows, starts as src's page
// tp and ORs in, for each move, the source row each target row comes from
// (the move's inverse's row table, read in order, gives it; the source
// page, 60 KB, stays in the cache); then it writes dst's page once. Late
// in a coset most pages are full: a full page is copied as it is, and
// where few rows are open, only those are extended. Only one goroutine may
// write page tp of dst, with its own w; src is only read.
func extendPage(dst, src *Bitmap, tp int, w *pageWork) int64 {
	any := src.used[tp]
	for i := range Moves {
		any = any || src.used[tables.corners[tp][tables.inverse[i]]]
	}
	if !any {
		if dst.used[tp] {
			clear(dst.pages[tp])
			dst.used[tp] = false
		}
		return 0
	}
	self, acc := src.page(tp), &w.acc
	full := 0
	for t := range acc {
		acc[t] = binary.LittleEndian.Uint32(self[t*rowBytes:]) & rowMask
		if acc[t] == rowMask {
			full++
		}
	}
	switch {
	case full == nRows:
	case 8*full >= 7*nRows:
		w.extendOpen(src, tp)
	default:
		extendRows(acc, src, tp, 2*full > nRows)
	}
	d := dst.writePage(tp)
	var n int
	for t, v := range acc {
		// The fourth byte written is the next row's first, written next
		// (or the page's padding after its last row).
		binary.LittleEndian.PutUint32(d[t*rowBytes:], v)
		n += bits.OnesCount32(v)
	}
	return int64(n)
}

// extendRows ORs into every row of acc, target page tp's, the rows the
// moves of A bring from src. Where most rows are full (skipFull), skipping
// them saves the half turns' permutations; elsewhere the test costs more
// than it saves.
func extendRows(acc *[nRows]uint32, src *Bitmap, tp int, skipFull bool) {
	for i, m := range Moves {
		back := tables.inverse[i]
		sp := int(tables.corners[tp][back])
		if !src.used[sp] {
			continue
		}
		from, rows := src.pages[sp], &tables.rows[back]
		if m.Axis() == cube.AxisUD { // U and D turns keep the middle edges
			for t, v := range acc {
				acc[t] = v | binary.LittleEndian.Uint32(from[int(rows[t])*rowBytes:])&rowMask
			}
			continue
		}
		perm := &rowPerms[i]
		if skipFull {
			for t, v := range acc {
				if v != rowMask {
					acc[t] = v | perm.apply(binary.LittleEndian.Uint32(from[int(rows[t])*rowBytes:]))
				}
			}
			continue
		}
		for t, v := range acc {
			acc[t] = v | perm.apply(binary.LittleEndian.Uint32(from[int(rows[t])*rowBytes:]))
		}
	}
}

// extendOpen does what extendRows does for the rows of w.acc not yet full
// only, listed first: a page with an eighth of its rows open or fewer.
func (w *pageWork) extendOpen(src *Bitmap, tp int) {
	acc := &w.acc
	w.open = w.open[:0]
	for t, v := range acc {
		if v != rowMask {
			w.open = append(w.open, uint16(t))
		}
	}
	for i, m := range Moves {
		back := tables.inverse[i]
		sp := int(tables.corners[tp][back])
		if !src.used[sp] {
			continue
		}
		from, rows := src.pages[sp], &tables.rows[back]
		if m.Axis() == cube.AxisUD {
			for _, t := range w.open {
				acc[t] |= binary.LittleEndian.Uint32(from[int(rows[t])*rowBytes:]) & rowMask
			}
			continue
		}
		perm := &rowPerms[i]
		for _, t := range w.open {
			acc[t] |= perm.apply(binary.LittleEndian.Uint32(from[int(rows[t])*rowBytes:]))
		}
	}
}
