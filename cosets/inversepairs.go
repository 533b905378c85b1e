package cosets

import (
	"slices"
	"sync"

	"github.com/cubecensus/cubecensus/cube"
)

// On H the search of a depth makes both a word w and its inverse w⁻¹: both
// begin and end outside H and cost the same, and they reach inverse
// positions. inversePairs keeps one of each pair, closer to half the
// probes, and the depth's positions are closed under inverses afterwards
// (closeUnderInverse). A word is kept when the orbit, under the 16
// symmetries that keep H, of its first pairSteps steps is no greater than
// that of w⁻¹'s first steps (the inverses of w's last steps, last first).
// The search from symmetric roots makes one conjugate S w⁻¹ S⁻¹ of w⁻¹
// (metricRoots), whose two orbits are w's the other way round (its first
// steps are conjugates of w⁻¹'s, its inverse's of w's): of each pair the
// search keeps at least one, and where the orbits are equal, both.

// pairSteps is how many steps at each end of a word decide its pair: with
// three, the beginnings fall into many orbits and few pairs tie.
const pairSteps = 3

// tailBits is the bits of a step's column in a packed tail (45 columns).
const tailBits = 6

// tailMask keeps pairSteps columns of a packed tail.
const tailMask = 1<<(pairSteps*tailBits) - 1

// pushTail returns tail, the packed columns of a word's last steps (the
// last lowest), after the step of column col.
func pushTail(tail uint32, col int) uint32 { return (tail<<tailBits | uint32(col)) & tailMask }

// inversePairs holds, for each packed tail, the orbit of the inverse
// word's first steps that it stands for.
type inversePairs struct {
	inverseOrbit []uint32
}

// keep reports whether a word whose first steps' orbit is first and whose
// last steps are tail is the one kept of its pair.
func (p *inversePairs) keep(first, tail uint32) bool { return first <= p.inverseOrbit[tail] }

// orbitOf returns the orbit of the steps of columns cols (first first)
// under the 16 symmetries that keep H: the least packing of their
// conjugates.
func orbitOf(cols []int) uint32 {
	least := uint32(tailMask)
	for s := range conjugateColumn {
		var t uint32
		for _, col := range cols {
			t = pushTail(t, conjugateColumn[s][col])
		}
		least = min(least, t)
	}
	return least
}

// conjugateColumn[s][i] is the column of the conjugate of axis move i by
// symmetry s; inverseColumn[i] that of its inverse.
var conjugateColumn, inverseColumn = func() (conj [nHSyms][cube.NAxisMoves]int, inv [cube.NAxisMoves]int) {
	for i, e := range cube.AxisMoves {
		for s := range cube.Sym(nHSyms) {
			conj[s][i] = slices.Index(cube.AxisMoves, e.Conjugate(s))
		}
		inv[i] = slices.Index(cube.AxisMoves, e.Inverse())
	}
	return conj, inv
}()

// theInversePairs is made once, on first use (a few milliseconds).
var theInversePairs = sync.OnceValue(func() *inversePairs {
	p := &inversePairs{inverseOrbit: make([]uint32, tailMask+1)}
	for a := range cube.NAxisMoves {
		for b := range cube.NAxisMoves {
			for c := range cube.NAxisMoves {
				tail := pushTail(pushTail(pushTail(0, a), b), c)
				p.inverseOrbit[tail] = orbitOf([]int{inverseColumn[c], inverseColumn[b], inverseColumn[a]})
			}
		}
	}
	return p
})

// rootEnds returns the orbit of the first steps of the words beginning
// with root, the columns of pairSteps steps or more, and the packed tail
// of root's last steps.
func rootEnds(root []int) (first, tail uint32) {
	for _, col := range root[len(root)-pairSteps:] {
		tail = pushTail(tail, col)
	}
	return orbitOf(root[:pairSteps]), tail
}
