package cosets

import (
	"slices"
	"sync"

	"github.com/cubecensus/cubecensus/cube"
)

// The trivial coset is also symmetric. The 16 symmetries that keep the U-D
// axis map H to itself and keep distance, so every level of H is closed
// under conjugation by them, and so is the part of a level its search must
// find: the positions within d moves that neither the prepass nor the
// inverses reach. Conjugating a canonical sequence conjugates its runs (the
// turns of one axis between turns of others) one by one, so a search that
// begins only with one sequence of runs of each orbit under the symmetries
// (cube.SymmetricRoots) finds a conjugate of each such position, and
// closing the bitmap under the symmetries afterwards adds the rest: by a
// pass over it (closeUnderSymmetry), or, when the search added few
// positions, by setting their conjugates (addConjugates). The positions the search must find begin and end with a
// run of quarter turns of F, R, B or L only (a run holding a move of A can
// be sorted to put it first or last), so the roots begin with such a run:
// of the 45 runs, three orbits (one quarter turn; two of opposite faces in
// the same sense; in opposite senses) are left, and the search of H's
// depths 12 and beyond makes about thirteen times fewer probes. (Seed 002's
// coset solver does not use H's symmetry; this is ours.)

// hSymmetries are the 16 symmetries that keep the U-D axis: those of A,
// and so of H.
var hSymmetries = cube.HTurns.Symmetries()

// symmetricFrom is the first depth of the trivial coset searched from
// symmetric roots: below it the whole search (46 million probes at depth
// 11) took less than the pass that closed the bitmap under the symmetries
// (about 12 s on two cores), the choice made before addConjugates and not
// measured again since.
const symmetricFrom = 12

// symmetricHRoots returns the roots of the trivial coset's search of depth
// d > 4 after its prepass and inverses: one
// sequence of runs of each orbit under hSymmetries, beginning with a run of
// quarter turns outside A.
func symmetricHRoots(d int) [][]cube.Move {
	var roots [][]cube.Move
	for _, root := range cube.SymmetricRoots(cube.HTM, hSymmetries, d) {
		firstRun := true
		for _, m := range root {
			if m.Axis() != root[0].Axis() {
				break
			}
			firstRun = firstRun && !inA(m)
		}
		if firstRun {
			roots = append(roots, root)
		}
	}
	return roots
}

// conjugations are the pageMaps of the 15 symmetries of hSymmetries other
// than the identity, with, for each, the page whose positions it takes to
// page p (from[k][p]), and the plan of closeUnderSymmetry: the pages orbit
// by orbit (a page's conjugates land on pages of its orbit, at most 16,
// which all retire when it is done); built when a search first needs them.
var conjugations = sync.OnceValue(func() (t struct {
	maps []*pageMap
	from [][NCornerPerms]uint16
	plan *passPlan
}) {
	for _, s := range hSymmetries[1:] {
		m := newPageMap(func(x Coord) Coord {
			c := cube.Conjugate(x.Cube(), s)
			return CoordOf(&c)
		})
		var from [NCornerPerms]uint16
		for p, q := range m.pageOf {
			from[q] = uint16(p)
		}
		t.maps = append(t.maps, m)
		t.from = append(t.from, from)
	}
	orbit := func(p int) []int {
		pages := []int{p}
		for k := range t.from {
			if q := int(t.from[k][p]); !slices.Contains(pages, q) {
				pages = append(pages, q)
			}
		}
		return pages
	}
	seen := make([]bool, NCornerPerms)
	var order []uint16
	for p := range NCornerPerms {
		for _, q := range orbit(p) {
			if !seen[q] {
				seen[q] = true
				order = append(order, uint16(q))
			}
		}
	}
	t.plan = newPassPlan(order, orbit)
	if t.plan.spare > symmetryPlanSpare {
		panic("cosets: an orbit of pages under the symmetries has more than 16")
	}
	return t
})

// symmetryPlanSpare bounds the pages closeUnderSymmetry holds apart: an
// orbit's.
const symmetryPlanSpare = 16

// freshMax is the number of positions a symmetric search may add for
// its level to be closed by addConjugates rather than by
// closeUnderSymmetry: setting the 15 conjugates of a million positions one
// by one takes a second or two, the pass over the bitmap about 12 s.
const freshMax = 1 << 20

// freshList collects the positions a search newly sets, up to max of
// them; past max it keeps only that there were more (over).
type freshList struct {
	xs   []Coord
	max  int
	over bool
}

// add adds x to f, if f is not nil.
func (f *freshList) add(x Coord) {
	switch {
	case f == nil || f.over:
	case len(f.xs) == f.max:
		f.xs, f.over = nil, true
	default:
		f.xs = append(f.xs, x)
	}
}

// addConjugates adds to b the conjugates by hSymmetries of the positions
// xs and returns how many were new. A bitmap closed under the symmetries
// to which a search added the positions xs is closed again after it: the
// conjugates of its other positions are in it already.
func (b *Bitmap) addConjugates(xs []Coord) int64 {
	t := conjugations()
	var added int64
	for _, x := range xs {
		for _, m := range t.maps {
			if b.Set(m.image(x)) {
				added++
			}
		}
	}
	return added
}

// closeUnderSymmetry adds to b the conjugates of each of its positions by
// hSymmetries and returns the positions now in b. Each page of the result
// is gathered from the pages whose conjugates land on it.
func (b *Bitmap) closeUnderSymmetry(workers int) int64 {
	t := conjugations()
	return b.rewrite(t.plan, workers, func() func(int, *pageOut) newPage {
		return func(p int, out *pageOut) newPage {
			loadPage(&out.acc, b.page(p))
			used := b.used(p)
			for k, m := range t.maps {
				if q := int(t.from[k][p]); b.used(q) {
					m.orImage(&out.acc, b.page(q), q)
					used = true
				}
			}
			if !used {
				return newPage{}
			}
			return out.store()
		}
	})
}
