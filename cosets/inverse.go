package cosets

import (
	"github.com/cubecensus/cubecensus/cube"
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
func inverseOf(x Coord) Coord {
	c := x.Cube()
	c = cube.Inverse(c)
	return CoordOf(&c)
}

// inversePlan computes each page with the page its inverses go to, so
// that both retire at once.
func newInversePlan() *passPlan {
	var order []uint16
	for p := range NCornerPerms {
		if q := int(inverses.pageOf[p]); p <= q {
			order = append(order, uint16(p))
			if q != p {
				order = append(order, uint16(q))
			}
		}
	}
	return newPassPlan(order, func(p int) []int { return []int{p, int(inverses.pageOf[p])} })
}

// closeUnderInverse adds to b the inverse of each of its positions and
// returns the positions now in b. Page p of the result is page p and the
// inverses of page pageOf[p].
func (b *Bitmap) closeUnderInverse(workers int) int64 {
	return b.rewrite(inversePlan, workers, func() func(int, *pageOut) newPage {
		return func(p int, out *pageOut) newPage {
			from := int(inverses.pageOf[p])
			if !b.used(p) && !b.used(from) {
				return newPage{}
			}
			loadPage(&out.acc, b.page(p))
			inverses.orImage(&out.acc, b.page(from), from)
			return out.store()
		}
	})
}
