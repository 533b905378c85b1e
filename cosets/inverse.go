package cosets

import (
	"encoding/binary"
	"math/bits"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// The trivial coset, H itself, has two sides. A position of H within d
// moves has a shortest sequence that ends in a move of A (the prepass
// finds it from depth d-1), or begins with one, or neither. Those that
// begin with a move a of A are a times a position within d-1: the set
// A·L of the set L within d-1. Distance is the same for a position and its
// inverse, so L is its own inverse and A·L is the inverse of L·A, what the
// prepass made. So on the trivial coset a level is: the prepass, then the
// union with the inverses of its positions (closeUnderInverse), then the
// search of the sequences that begin and end with a quarter turn of F, R,
// B or L. The sequences it leaves out are most of them: the search of
// depth 11 makes 16 times fewer probes. (Seed 002's coset solver searches
// the trivial coset like any other; this is ours.)

// inverses hold what inverting a position of H does to the bitmap: its
// page (corner permutation) goes to pageOf's, and a row's 24 bits split by
// the parity of their middle-edge permutation, each half going to one row
// of the target page, its bits permuted by middle.
var inverses = func() (t struct {
	pageOf [NCornerPerms]uint16
	// rowOf[q][r][k] is where the bits of parity k of row r go in a page
	// whose corner permutation has parity q.
	rowOf  [2][nRows][2]uint16
	middle rowPerm
	half   [2]uint32 // the bits of each parity of middle permutation
}) {
	inverse := func(x Coord) Coord {
		c := x.Cube()
		c = cube.Inverse(c)
		return CoordOf(&c)
	}
	for p := range NCornerPerms {
		t.pageOf[p] = uint16(inverse(Coord{Corners: p}).Corners)
	}
	for m := range NMiddlePerms {
		t.half[parity.middle[m]] |= 1 << m
	}
	for k := range rowBytes {
		for v := range 256 {
			for b := range 8 {
				if m := 8*k + b; v>>b&1 != 0 && m < NMiddlePerms {
					t.middle[k][v] |= 1 << inverse(Coord{Middle: m}).Middle
				}
			}
		}
	}
	for q := range 2 {
		for r := range nRows {
			for k := range 2 {
				// At: the bit's edge permutation is the one of the pair
				// whose parity is the page's and the middle edges' sum.
				e := 2 * r
				if int(parity.perm8[e]) != q^k {
					e++
				}
				t.rowOf[q][r][k] = uint16(inverse(Coord{Edges: e}).Edges / 2)
			}
		}
	}
	return t
}()

// closeUnderInverse adds to within the inverse of each of its positions
// (through next, which it swaps with within) and returns the positions now
// in within. Page p of the result is page p and the inverse of page
// pageOf[p], so each page is written by one worker.
func (b *Bitmaps) closeUnderInverse(workers int) int64 {
	counts := make([]int64, NCornerPerms)
	parallel.For(NCornerPerms, workers, func(int) func(int) {
		acc := new([nRows]uint32)
		return func(p int) { counts[p] = invertPage(b.next, b.within, p, acc) }
	})
	b.within, b.next = b.next, b.within
	var n int64
	for _, c := range counts {
		n += c
	}
	return n
}

// invertPage writes page p of dst: src's page p and the inverses of the
// positions of src's page pageOf[p]; acc is the worker's row buffer.
func invertPage(dst, src *Bitmap, p int, acc *[nRows]uint32) int64 {
	from := int(inverses.pageOf[p])
	if !src.used[p] && !src.used[from] {
		if dst.used[p] {
			clear(dst.pages[p])
			dst.used[p] = false
		}
		return 0
	}
	self, other := src.page(p), src.page(from)
	for r := range acc {
		acc[r] = binary.LittleEndian.Uint32(self[r*rowBytes:]) & rowMask
	}
	rows := &inverses.rowOf[parity.perm8[from]]
	for r := range acc {
		v := binary.LittleEndian.Uint32(other[r*rowBytes:]) & rowMask
		if v == 0 {
			continue
		}
		w := inverses.middle.apply(v)
		acc[rows[r][0]] |= w & inverses.half[0]
		acc[rows[r][1]] |= w & inverses.half[1]
	}
	d := dst.writePage(p)
	var n int
	for r, v := range acc {
		binary.LittleEndian.PutUint32(d[r*rowBytes:], v)
		n += bits.OnesCount32(v)
	}
	return int64(n)
}
