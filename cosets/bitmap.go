package cosets

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"sync"
	"unsafe"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
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

// Bitmap is a set of positions of H (or of one coset of H, named by their
// positions of H): 2.4 GB when every page is in use. A page is allocated
// when first written and given back when it becomes empty. The passes
// over the whole set (the prepass, the inverses, the symmetries) rewrite
// it in place, page by page (rewrite.go): each new page is held apart
// until no page still to be computed reads the old one.
type Bitmap struct {
	// pages[p] is page p, nil when empty.
	pages [][]byte
	pool  *pagePool
	// fullRows[p] is the rows of page p that were full when a pass last
	// wrote it (rewrite.go), 0 since the bitmap was emptied: a lower bound
	// of those full now, as nothing but reset takes a position out.
	fullRows []uint16
	// words, allocated on first use, marks the nonzero 8-byte words of
	// each page for a prepass of a sparse set (scatterRows).
	words *wordIndex
}

// newBitmapFrom returns an empty bitmap whose pages come from pool.
func newBitmapFrom(pool *pagePool) *Bitmap {
	return &Bitmap{pages: make([][]byte, NCornerPerms), pool: pool, fullRows: make([]uint16, NCornerPerms)}
}

// NewBitmap returns an empty bitmap whose pages are allocated one by one
// as they are first written, for sets that stay small (the tests').
func NewBitmap() *Bitmap {
	build()
	return newBitmapFrom(new(pagePool))
}

// BitmapBytes is the memory of NewDenseBitmap: a page for each corner
// permutation, the spare pages the passes hold apart (rewrite.go) and the
// index of nonzero words of sparse prepasses.
func BitmapBytes() int {
	build()
	return poolPages*pageStride + int(unsafe.Sizeof(wordIndex{}))
}

// NewDenseBitmap returns an empty bitmap for sets that grow to most of H:
// its BitmapBytes are allocated at once, advised onto huge pages before
// they are touched (the search sets bits all over the bitmap, and with 4
// KB pages each would also miss the TLB), and touched on workers
// goroutines.
func NewDenseBitmap(workers int) *Bitmap {
	build()
	return newBitmapFrom(newDensePool(poolPages, workers))
}

// reset empties b, keeping its memory: its pages are cleared, on workers
// goroutines, for the search to write into (it would otherwise clear each
// as it first sets a bit in it, holding its lock).
func (b *Bitmap) reset(workers int) {
	parallel.For(NCornerPerms, workers, func(int) func(int) {
		return func(p int) {
			if page := b.pages[p]; page != nil {
				clear(page)
				b.pool.put(page, true)
				b.pages[p] = nil
			}
			b.fullRows[p] = 0
		}
	})
}

// used reports whether page p holds a position.
func (b *Bitmap) used(p int) bool { return b.pages[p] != nil }

// page returns page p to read, empty when never written.
func (b *Bitmap) page(p int) []byte {
	if b.pages[p] == nil {
		return emptyPage[:]
	}
	return b.pages[p]
}

var emptyPage [pageStride]byte

// writePage returns page p to write; only one goroutine may write a page
// at a time.
func (b *Bitmap) writePage(p int) []byte {
	if b.pages[p] == nil {
		b.pages[p] = b.pool.getEmpty()
	}
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

// setAll adds the positions of batch, adding those that were new to fresh
// (symmetry.go; nil: none kept), and returns how many were new.
func (b *Bitmap) setAll(batch []Coord, fresh *freshList) int64 {
	var added int64
	for _, x := range batch {
		if b.Set(x) {
			added++
			fresh.add(x)
		}
	}
	return added
}

// Has reports whether position x is in the set.
func (b *Bitmap) Has(x Coord) bool {
	page, offset, bit := place(x)
	return binary.LittleEndian.Uint32(b.page(page)[offset:])&bit != 0
}

// Count returns the number of positions in the set.
func (b *Bitmap) Count() int64 {
	var n int64
	for _, page := range b.pages {
		if page != nil {
			n += popCount(page)
		}
	}
	return n
}

// At returns the position of page p, row r and bit m: Coord.Edges's low
// bit is the one of the parity of H's positions.
func At(p, r, m int) Coord {
	edges := 2 * r
	if par := parity(); par.perm8[p] != par.perm8[edges]^par.middle[m] {
		edges++
	}
	return Coord{Corners: p, Edges: edges, Middle: m}
}

// parityTables holds the permutation parities of the coordinates' values:
// perm8 for Corners and Edges (both rank permutations of eight), middle
// for Middle; middleHalves[k] holds the bits of a row whose middle-edge
// permutation has parity k.
type parityTables struct {
	perm8        [NCornerPerms]uint8
	middle       [NMiddlePerms]uint8
	middleHalves [2]uint32
}

// parity is built on first use, not at start-up (40,320 permutations).
var parity = sync.OnceValue(func() *parityTables {
	t := new(parityTables)
	for x := range NCornerPerms {
		var p [8]uint8
		cube.UnrankPerm(x, p[:])
		t.perm8[x] = uint8(cube.PermParity(p[:]))
	}
	for x := range NMiddlePerms {
		var p [4]uint8
		cube.UnrankPerm(int(middleOrder.rank[x]), p[:])
		t.middle[x] = uint8(cube.PermParity(p[:]))
		t.middleHalves[t.middle[x]] |= 1 << x
	}
	return t
})

// popCount counts the set bits of a page.
func popCount(page []byte) int64 {
	var n int
	for i := 0; i+8 <= len(page); i += 8 {
		n += bits.OnesCount64(binary.LittleEndian.Uint64(page[i:]))
	}
	return int64(n)
}

// pageWork is one worker's state for extendPage: whether the set is
// closed (extend), the index of the source pages' nonzero words when the
// set is sparse, and a buffer for the list of the target page's rows not
// yet full.
type pageWork struct {
	closed bool
	words  *wordIndex
	open   []uint16
}

// extendPage returns page tp of the set extended by the moves of A: the
// positions of src's page tp and every position one move of A from a
// position of src (one level of a breadth-first search, seed 002's
// prepass). It gathers, for each move, the source row each target row
// comes from (the move's inverse's row table gives it; extendRows), or,
// when the set is sparse, moves forward the source rows that hold
// positions (scatterRows). Late in a coset most pages are full: a full
// page is copied as it is, and where few rows are open (the page's last
// rewrite says so, fullRows), only those are extended. Where the set is
// closed, the gather does not read page tp itself.
func extendPage(src *Bitmap, tp int, out *pageOut, w *pageWork) newPage {
	any := src.used(tp)
	for i := range Moves {
		any = any || src.used(int(tables.corners[tp][tables.inverse[i]]))
	}
	if !any {
		return newPage{}
	}
	if w.words == nil && 8*int(src.fullRows[tp]) < 7*nRows {
		return extendRows(out, src, tp, !w.closed)
	}
	switch full := loadPage(&out.acc, src.page(tp)); {
	case full == nRows:
	case 8*full >= 7*nRows:
		w.extendOpen(&out.acc, src, tp)
	default: // sparse: the bound of fullRows took the dense set to extendRows
		scatterRows(&out.acc, src, tp, w.words)
	}
	return out.store()
}

// extendPlan computes the prepass's pages in breadth-first order from the
// solved corners over the moves of A, so that a page's neighbours, its
// sources and its readers, come soon after it (rewrite.go).
func newExtendPlan() *passPlan {
	seen := make([]bool, NCornerPerms)
	order := []uint16{0}
	seen[0] = true
	for i := 0; i < len(order); i++ {
		for _, q := range tables.corners[order[i]] {
			if !seen[q] {
				seen[q] = true
				order = append(order, q)
			}
		}
	}
	return newPassPlan(order, func(p int) []int {
		sources := []int{p}
		for _, q := range tables.corners[p] {
			sources = append(sources, int(q))
		}
		return sources
	})
}

// extend runs one prepass in place and returns the positions now in b;
// total is the positions in b before it, which say whether b is sparse.
// closed says that every position of b has a neighbour in b by a move of
// A; then the new page of a dense prepass is made of the neighbours'
// rows alone, without reading the old page (hcoset.w, "The inner loop":
// "This routine does not read the source"). That holds after a prepass
// (each position p of its result is p·m·m⁻¹, a move from p·m) and for the
// positions within a depth d ≥ 1 of a coset: those d moves from H by a
// sequence ending in a move of A are a move from one of d-1, and those
// ending in a quarter turn X, X2 from one ending in X⁻¹, a sequence of the
// same length; so it holds too for a partial search's (coset.go), which
// finds a sequence ending in X with the one ending in X⁻¹, under the
// same two first moves. The trivial coset's inverses (inverse.go) do not
// keep it.
func (b *Bitmap) extend(workers int, total int64, closed bool) int64 {
	var words *wordIndex
	if total < sparseBelow {
		if b.words == nil {
			b.words = new(wordIndex)
		}
		words = b.words
		words.index(b, workers)
	}
	return b.rewrite(extendPlan, workers, func() func(int, *pageOut) newPage {
		w := &pageWork{closed: closed, words: words}
		return func(p int, out *pageOut) newPage { return extendPage(b, p, out, w) }
	})
}

// extendRows returns target page tp, a new page: the rows the moves of A
// bring from src (and, withSelf, src's page tp), as seed 002's inner loop
// does (hcoset.w, "The inner loop"). The source rows' offsets for a
// target row lie side by side (prepassRows). In the middle edges' order
// (middleOrder), B2 is F2 after F2·B2, L2 is R2 after R2·L2, and these
// Klein moves and F2 are bit operations, so the four half turns cost one
// F2 and one R2 (two table look-ups). On amd64 one loop of assembly does
// it all (movedRows); elsewhere, and for sets not closed, three passes in
// Go: the six U and D turns, which keep a row's bits, into the rows of
// out.acc (udRowsGo), the target page's own rows ORed in where withSelf,
// then F2 and B2 (fbRows), then R2 and L2, writing the page (rlRows). In
// Go, a pass over more sources kept more pointers live than amd64 has
// registers, and the compiler spilled and reloaded them in the loop: two
// passes (the four half turns in one) took 0.82-0.86 of the time of one
// over the ten sources, and three 0.86-0.87 of the two's. The assembly
// keeps seven of the ten pointers in registers and the loop's values in
// the rest: a dense prepass took 0.66 of the Go passes' time
// (BENCHMARKS.md). Writing and counting the page in the last pass, and
// not reading the target's old page where the set is closed, took about
// 0.8 of the time of a dense prepass (BENCHMARKS.md).
func extendRows(out *pageOut, src *Bitmap, tp int, withSelf bool) newPage {
	var from [NMoves]unsafe.Pointer // in prepassOrder; an empty source reads the empty page
	for j, i := range prepassOrder {
		from[j] = pageStart(src.page(int(tables.corners[tp][tables.inverse[i]])))
	}
	page := out.pool.get()
	var full int
	var positions int64
	if withSelf {
		udRowsGo(&out.acc, prepassRows, &from)
		orPage(&out.acc, src.page(tp))
		full, positions = halfRowsGo(pageStart(page), &out.acc, prepassRows, &from)
	} else {
		full, positions = movedRows(pageStart(page), &out.acc, prepassRows, &from)
	}
	return newPage{page: page, positions: positions, full: full}
}

// movedRowsGo writes into the page whose first byte is at to the rows the
// ten moves of A bring from their sources, from (in prepassOrder), and
// returns the page's full rows and positions: udRowsGo, then halfRowsGo,
// with acc between them. offsets is prepassRows.
func movedRowsGo(to unsafe.Pointer, acc *[nRows]uint32, offsets *prepassOffsets, from *[NMoves]unsafe.Pointer) (full int, positions int64) {
	udRowsGo(acc, offsets, from)
	return halfRowsGo(to, acc, offsets, from)
}

// udRowsGo is extendRows's pass of the U and D turns, whose sources
// from[0:6] (U, U2, U', D, D2, D') keep a row's bits: it sets the rows of
// acc to theirs.
func udRowsGo(acc *[nRows]uint32, offsets *prepassOffsets, from *[NMoves]unsafe.Pointer) {
	u1, u2, u3, d1, d2, d3 := from[0], from[1], from[2], from[3], from[4], from[5]
	for t := range acc {
		o := &offsets[t]
		u, ud, d := o[0], o[1], o[2]
		acc[t] = (loadWord(u1, uint16(u)) | loadWord(u2, uint16(u>>16)) | loadWord(u3, uint16(ud)) |
			loadWord(d1, uint16(ud>>16)) | loadWord(d2, uint16(d)) | loadWord(d3, uint16(d>>16))) & rowMask
	}
}

// orPage ORs the rows of page into acc: extendRows's pass of the target
// page's own rows, for sets not closed (extend), so that the closed ones'
// pass reads six sources, not seven.
func orPage(acc *[nRows]uint32, page []byte) {
	from := pageStart(page)
	for r := range acc {
		acc[r] |= loadRow(from, uint16(r))
	}
}

// halfRowsGo is extendRows's pass of the four half turns, from their
// sources from[6:10] (F2, B2, R2, L2): fbRows, then rlRows writing the
// page whose first byte is at to; it returns the page's full rows and its
// positions.
func halfRowsGo(to unsafe.Pointer, acc *[nRows]uint32, offsets *prepassOffsets, from *[NMoves]unsafe.Pointer) (full int, positions int64) {
	fbRows(acc, offsets, from[6], from[7])
	full = rlRows(to, acc, offsets, r2Row, from[8], from[9])
	return full, popCount(unsafe.Slice((*byte)(to), pageBytes))
}

// fbRows is halfRowsGo's pass of F2 and B2, from sources f2 and b2: it
// ORs into the rows of acc theirs, each moved as its turn moves the
// middle edges.
func fbRows(acc *[nRows]uint32, offsets *prepassOffsets, f2, b2 unsafe.Pointer) {
	for t := range acc {
		o := offsets[t][3]
		acc[t] |= f2Row(loadWord(f2, uint16(o)) | f2b2Row(loadWord(b2, uint16(o>>16))))
	}
}

// rlRows is halfRowsGo's pass of R2 and L2, from sources r2p and l2, each
// row moved as its turn moves the middle edges (R2's by r2, r2Row passed
// in so that it stays in a register): it writes the rows of acc ORed with
// theirs into the page whose first byte is at to, and returns its full
// rows. The positions are counted after it, eight bytes at a time
// (popCount): counted here, a row at a time, they left the loop short of
// registers (42 stack accesses against 14 in the pass of four half turns
// this one was split from, go tool objdump), and a dense prepass took
// 1.03-1.06 times as long (BENCHMARKS.md).
func rlRows(to unsafe.Pointer, acc *[nRows]uint32, offsets *prepassOffsets, r2 *halfTurn, r2p, l2 unsafe.Pointer) (full int) {
	for t := range acc {
		o := offsets[t][4]
		v := acc[t] | r2.apply(loadWord(r2p, uint16(o))|r2l2Row(loadWord(l2, uint16(o>>16))))
		storeRow(to, t, v)
		full += int((v + 1) >> 24) // 1 when v, 24 bits, is rowMask
	}
	return full
}

// prepassOrder lists the moves of A, by their index in Moves, in the
// order extendRows reads their sources: the six U and D turns, then F2,
// B2, R2 and L2.
var prepassOrder = func() (order [NMoves]int) {
	n := 0
	for i, m := range Moves {
		if m.Axis() == cube.AxisUD {
			order[n], n = i, n+1
		}
	}
	for _, m := range []cube.Move{cube.F2, cube.B2, cube.R2, cube.L2} {
		order[n], n = slices.Index(Moves, m), n+1
	}
	return order
}()

// prepassOffsets are the byte offsets in their pages of the rows that
// each target row comes from, by the moves of A in prepassOrder, 16 bits
// each, two to a word so that the Go passes read a row's offsets in few
// loads (unpacked, each offset's address took the compiler three
// instructions): [t][k] holds Moves[prepassOrder[2k]]'s offset in its low
// half and Moves[prepassOrder[2k+1]]'s in its high half, so that in
// memory a row's ten offsets follow prepassOrder (the assembly reads them
// 16 bits at a time). Row major, so that a pass reads a row's offsets
// from one cache line or two (403 KB in all).
type prepassOffsets [nRows][NMoves / 2]uint32

// rowOffsetsBytes is the bytes of a row of prepassOffsets: the stride the
// prepass's assembly steps by (as const_rowOffsetsBytes, from go_asm.h).
const rowOffsetsBytes = NMoves / 2 * 4

// newPrepassRows makes prepassRows (h.go).
func newPrepassRows() *prepassOffsets {
	t := new(prepassOffsets)
	for j, i := range prepassOrder {
		back := &tables.rows[tables.inverse[i]]
		for r := range nRows {
			t[r][j/2] |= uint32(back[r]*rowBytes) << (16 * (j % 2))
		}
	}
	return t
}

// The halves of a row: its even middle-edge permutations are bits 0-11,
// its odd ones bits 12-23 (middleOrder).
const (
	halfBits = NMiddlePerms / 2
	halfMask = 1<<halfBits - 1
)

// f2Row moves a row's bits as F2 moves the middle edges: bit k to bit
// k+12 and back (middleOrder). Bits above the row's 24 are ignored.
func f2Row(v uint32) uint32 { return v&halfMask<<halfBits | v>>halfBits&halfMask }

// f2b2Row moves a row's bits as F2·B2 moves the middle edges: bit k to
// bit k^1 (middleOrder), B2's move being f2Row(f2b2Row(v)). Bits above
// the row's 24 are dropped.
func f2b2Row(v uint32) uint32 { return v&0x555555<<1 | v>>1&0x555555 }

// r2l2Row moves a row's bits as R2·L2 moves the middle edges: bit k to
// k^2 on the even half and k^3 on the odd half (middleOrder), L2's move
// being r2Row.apply(r2l2Row(v)). Bits above the row's 24 are dropped.
func r2l2Row(v uint32) uint32 {
	v = v&0x333333<<2 | v>>2&0x333333
	return v&halfMask | v&0x555000<<1 | v>>1&0x555000
}

// A halfTurn moves a row's bits as a half turn moves the middle edges:
// it exchanges the parities, taking the bits of one half onto the other
// half, looked up 12 bits at a time (seed 002's rearrangement tables;
// 16 KB).
type halfTurn struct {
	// fromEven[v] is the odd half's bits, shifted down, that the even
	// half's bits v go to; fromOdd[v] the even half's, from the odd v.
	fromEven, fromOdd [1 << halfBits]uint16
}

// apply moves row v (bits above its 24 are ignored).
func (h *halfTurn) apply(v uint32) uint32 {
	return uint32(h.fromEven[v&halfMask])<<halfBits | uint32(h.fromOdd[v>>halfBits&halfMask])
}

// newR2Row makes r2Row (h.go), R2's.
func newR2Row() *halfTurn {
	t := new(halfTurn)
	i := slices.Index(Moves, cube.R2)
	for v := range 1 << halfBits {
		for b := range halfBits {
			if v>>b&1 == 0 {
				continue
			}
			// Where even bit b and odd bit b go: to the other half.
			toOdd, toEven := int(tables.middle[b][i]), int(tables.middle[halfBits+b][i])
			if toOdd < halfBits || toEven >= halfBits {
				panic("cosets: a half turn keeps the middle edges' parity")
			}
			t.fromEven[v] |= 1 << (toOdd - halfBits)
			t.fromOdd[v] |= 1 << toEven
		}
	}
	return t
}

// source is one of the pages a target page's rows come from in a
// prepass: the page one move of A before it.
type source struct {
	from unsafe.Pointer // its first byte (pageStart)
	move int            // the move, an index of Moves
}

// back takes a row of the target to the row of s it comes from.
func (s *source) back() *[nRows]uint16 { return &tables.rows[tables.inverse[s.move]] }

// to takes a row of s to the row of the target it goes to.
func (s *source) to() *[nRows]uint16 { return &tables.rows[s.move] }

// moved returns row v of the source as the move leaves it.
func (s *source) moved(v uint32) uint32 { return moveRow(s.move, v) }

// moveRow returns row v as Moves[i] moves its bits: U and D turns keep
// them, and the half turns are extendRows's bit operations and look-ups.
// Bits above the row's 24 are ignored.
func moveRow(i int, v uint32) uint32 {
	switch rowMoves[i] {
	case cube.F2:
		return f2Row(v)
	case cube.B2:
		return f2Row(f2b2Row(v))
	case cube.R2:
		return r2Row.apply(v)
	case cube.L2:
		return r2Row.apply(r2l2Row(v))
	}
	return v & rowMask
}

// rowMoves[i] is Moves[i] where it is a half turn, else 0, so that
// moveRow's switch reads one byte.
var rowMoves = func() (t [NMoves]cube.Move) {
	for i, m := range Moves {
		if m.Axis() != cube.AxisUD {
			t[i] = m
		}
	}
	return t
}()

// sourcesOf fills sources with target page tp's sources in src that hold
// positions, in the order of Moves, and returns how many there are.
func sourcesOf(src *Bitmap, tp int, sources *[NMoves]source) int {
	n := 0
	for i := range Moves {
		back := tables.inverse[i]
		sp := int(tables.corners[tp][back])
		if !src.used(sp) {
			continue
		}
		sources[n] = source{from: pageStart(src.pages[sp]), move: i}
		n++
	}
	return n
}

// pageStart is the address of a page's first byte, for loadRow.
func pageStart(page []byte) unsafe.Pointer {
	_ = page[pageStride-1] // a whole page, so that loadRow stays inside it
	return unsafe.Pointer(unsafe.SliceData(page))
}

// sparseBelow is the number of positions under which a prepass reads its
// source pages by scatterRows, moving the rows of their nonzero 8-byte
// words, rather than gathering every row (extendRows). Measured on one
// page in cache: at a thousandth of H set, scattering took 0.57 of the
// gathering's time, and at a 500th about as long (a coset's search to
// depth 15 sets about a 500th, so its prepass at 16 gathers).
const sparseBelow = HSize / 1000

// wordIndex marks the nonzero 8-byte words of every page of a bitmap: bit
// k%64 of words[p][k/64] for word k of page p (38 MB).
type wordIndex struct {
	words [NCornerPerms][(pageWords + 63) / 64]uint64
}

// pageWords is the 8-byte words of a page's rows.
const pageWords = pageBytes / 8

// index marks the nonzero words of b's pages, on workers goroutines.
func (x *wordIndex) index(b *Bitmap, workers int) {
	parallel.For(NCornerPerms, workers, func(int) func(int) {
		return func(p int) {
			page, marks := b.page(p), &x.words[p]
			if !b.used(p) {
				clear(marks[:])
				return
			}
			for g := range marks {
				var bits uint64
				// No branch on the words, which are zero or not at random.
				for j, k := 0, 64*g; j < 64 && k < pageWords; j, k = j+1, k+1 {
					w := binary.LittleEndian.Uint64(page[8*k:])
					bits |= (w | -w) >> 63 << j // 1 unless w is 0
				}
				marks[g] = bits
			}
		}
	})
}

// scatterRows does what extendRows does, for sources whose nonzero words
// words marks: it moves each row that overlaps such a word forward, by the
// move's own row table, into acc. A word overlaps four rows at most; a row
// moved twice, or moved with no position, ORs nothing new, so the loop
// does not branch on the data.
func scatterRows(acc *[nRows]uint32, src *Bitmap, tp int, words *wordIndex) {
	var sources [NMoves]source
	for _, s := range sources[:sourcesOf(src, tp, &sources)] {
		page, to := int(tables.corners[tp][tables.inverse[s.move]]), s.to()
		for g, marks := range words.words[page] {
			for ; marks != 0; marks &= marks - 1 {
				first := (64*g + bits.TrailingZeros64(marks)) * 8 / rowBytes
				for r := first; r < first+4; r++ {
					r := min(r, nRows-1)
					acc[to[r]] |= s.moved(loadRow(s.from, uint16(r)))
				}
			}
		}
	}
}

// extendOpen does what extendRows does for the rows of acc not yet full
// only, listed first: a page with an eighth of its rows open or fewer.
func (w *pageWork) extendOpen(acc *[nRows]uint32, src *Bitmap, tp int) {
	w.open = notFullRows(acc, w.open)
	var sources [NMoves]source
	for _, s := range sources[:sourcesOf(src, tp, &sources)] {
		back := s.back()
		for _, t := range w.open {
			acc[t] |= s.moved(loadRow(s.from, back[t]))
		}
	}
}

// notFullRows returns buf's storage holding the rows of acc not yet full.
func notFullRows(acc *[nRows]uint32, buf []uint16) []uint16 {
	buf = buf[:0]
	for t, v := range acc {
		if v != rowMask {
			buf = append(buf, uint16(t))
		}
	}
	return buf
}
