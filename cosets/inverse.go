package cosets

import (
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

// inverses is what inverting a position of H does to the bitmap; it is
// its own inverse, so page p's inverses land on page inverses.pageOf[p]
// and page p receives those of that page.
var inverses = newPageMap(func(x Coord) Coord {
	c := x.Cube()
	c = cube.Inverse(c)
	return CoordOf(&c)
})

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
		clearPage(dst, p)
		return 0
	}
	loadPage(acc, src.page(p))
	inverses.orImage(acc, src.page(from), from)
	return storePage(dst, p, acc)
}
