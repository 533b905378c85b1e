package cosets

import (
	"encoding/binary"
	"math/bits"
)

// A pageMap is what a one-to-one map of H onto itself that acts on each of
// a position's three permutations alone does to the bitmap: inverting a
// position (inverse.go) or conjugating it by a symmetry that keeps H
// (symmetry.go). Such a map keeps the parity of each permutation, so it
// takes every page (corner permutation) to one page and splits each row's
// 24 bits by the parity of their middle-edge permutation, each half going
// to one row of the target page, its bits permuted by middle.
type pageMap struct {
	// pageOf[p] is the page the positions of page p go to.
	pageOf [NCornerPerms]uint16
	// rowOf[q][r][k] is where the bits of parity k of row r go, from a
	// page whose corner permutation has parity q.
	rowOf  [2][nRows][2]uint16
	middle rowPerm
}

// rowPerm permutes the 24 bits of a row as a map permutes the middle
// edges: a table per byte of the row.
type rowPerm [rowBytes][256]uint32

// apply permutes the low 24 bits of v (its high byte is ignored).
func (t *rowPerm) apply(v uint32) uint32 {
	return t[0][v&0xff] | t[1][v>>8&0xff] | t[2][v>>16&0xff]
}

// newPageMap tabulates f, which must act on each coordinate alone: f's
// corners depend on x.Corners only, and so on.
func newPageMap(f func(Coord) Coord) *pageMap {
	t := new(pageMap)
	for p := range NCornerPerms {
		t.pageOf[p] = uint16(f(Coord{Corners: p}).Corners)
	}
	for k := range rowBytes {
		for v := range 256 {
			for b := range 8 {
				if m := 8*k + b; v>>b&1 != 0 && m < NMiddlePerms {
					t.middle[k][v] |= 1 << f(Coord{Middle: m}).Middle
				}
			}
		}
	}
	perm8 := &parity().perm8
	for q := range 2 {
		for r := range nRows {
			for k := range 2 {
				// At: the bit's edge permutation is the one of the pair
				// whose parity is the page's and the middle edges' sum.
				e := 2 * r
				if int(perm8[e]) != q^k {
					e++
				}
				t.rowOf[q][r][k] = uint16(f(Coord{Edges: e}).Edges / 2)
			}
		}
	}
	return t
}

// orImage ORs into acc, the rows of page pageOf[from], the images of the
// positions of src, page from.
func (t *pageMap) orImage(acc *[nRows]uint32, src []byte, from int) {
	par := parity()
	rows, halves := &t.rowOf[par.perm8[from]], par.middleHalves
	for r := range acc {
		v := binary.LittleEndian.Uint32(src[r*rowBytes:]) & rowMask
		if v == 0 {
			continue
		}
		w := t.middle.apply(v)
		acc[rows[r][0]] |= w & halves[0]
		acc[rows[r][1]] |= w & halves[1]
	}
}

// image returns the image of position x, page from pageOf, row from rowOf
// and bit from middle, as orImage moves a row's bits.
func (t *pageMap) image(x Coord) Coord {
	par := parity()
	row := t.rowOf[par.perm8[x.Corners]][x.Edges/2][par.middle[x.Middle]]
	return At(int(t.pageOf[x.Corners]), int(row), bits.TrailingZeros32(t.middle.apply(1<<x.Middle)))
}
