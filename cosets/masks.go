package cosets

import (
	"sync/atomic"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/hugepage"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// The census's search spends most of its time at nodes with little slack
// (moves to go beyond the coset's distance from H): a node with slack 0
// may only take the steps that bring its coset nearer by their whole
// cost, one with slack 1 those that fall short of that by one move at
// most, and finding which they are took a look-up of every child's
// distance, about 12 for each node searched on (docs/census.md). stepMasks
// keeps, for each entry of the coset table, those two sets of steps,
// found the first time a search reaches one of the entry's cosets and
// read with one look-up afterwards: the census's 138,639,780 classes
// reach each entry thousands of times.
//
// An entry holds a coset z of a symmetry class, and the coset x the search
// is at is x = S z S^-1 for the symmetry s the table gives (coord's
// CosetTable.Entry): step m from x is step S^-1 m S from z, so the masks
// are kept in z's frame and each bit found is turned into x's step.

// stepMasks holds two masks of the census's steps (bits by column) for
// each entry, filled as the searches reach the entries.
type stepMasks struct {
	// words[2e] holds entry e's steps with slack 0 (delta 0), words[2e+1]
	// those with slack 1 (delta at most 1), the entry's distance from H
	// (at distShift) and the bit filled once both are; 0 until then. The
	// distance beside the steps spares a node the coset table's look-up,
	// a cache miss, of its own distance.
	words []uint64
	// fromEntry[s][i] is the column of x's step that entry column i is
	// (the step S m S^-1 for the entry's step m); axisIn[s][a] the
	// entry's columns of x's steps on axis a.
	fromEntry [nHSyms][cube.NAxisMoves]uint8
	axisIn    [nHSyms][3]uint64
}

// filled marks an entry's slack-1 word once both are stored; the entry's
// distance takes its 4 bits at distShift (the steps, cube.NAxisMoves
// bits, lie below).
const (
	filled    = 1 << 63
	distShift = 56
)

// nHSyms is the number of symmetries a coset table's entries are taken
// under (those keeping the U-D axis, numbered 0 to 15).
const nHSyms = 16

// StepMasksBytes is the memory UseStepMasks takes: 16 bytes for each of
// the coset table's 140,908,410 entries, 2.1 GiB (paged in as the searches
// reach them).
func StepMasksBytes() int { return 16 * nCosetEntries }

// nCosetEntries is the number of entries of a coset table: 64,430
// FlipUDSlice classes times 2187 twists.
const nCosetEntries = 64430 * cube.NTwist

// UseStepMasks makes the census's searches keep their nodes' masks of
// steps (StepMasksBytes, paged in as they are first filled); call it
// before any counter searches.
func (c *Census) UseStepMasks() {
	if c.table.NEntries() != nCosetEntries {
		panic("cosets: the coset table's entries are not 64,430 x 2187")
	}
	m := &stepMasks{words: make([]uint64, 2*c.table.NEntries())}
	for s := range cube.Sym(nHSyms) {
		for i, e := range cube.AxisMoves {
			// Entry column i is the step e of z = S^-1 x S, which is
			// S e S^-1 from x: the step whose conjugate by s is e.
			for j, f := range cube.AxisMoves {
				if f.Conjugate(s) == e {
					m.fromEntry[s][i] = uint8(j)
					m.axisIn[s][f.Axis()] |= 1 << i
				}
			}
		}
	}
	c.stepMasks = m
}

// HasStepMasks reports whether UseStepMasks was called.
func (c *Census) HasStepMasks() bool { return c.stepMasks != nil }

// nodeSteps returns the slack of a search's node with togo moves to go at
// a coset of the coset table's entry e (togo less its distance from H)
// and, when the slack is 0 or 1, the steps it may take, those whose child
// is within togo - cost moves of H, in the entry's columns (the entry's
// symmetry turns them into those of the node's coset). one is the entry's
// slack-1 word, read by the caller (expand reads a batch's together). It
// fills the entry's masks if no search has yet and they are needed.
func (c *Census) nodeSteps(e int, one uint64, togo int) (slack int, steps uint64) {
	if one&filled == 0 {
		if slack = togo - c.table.EntryDistance(e); slack < 0 || slack > 1 {
			return slack, 0
		}
		slack0, slack1 := c.fillMasks(e)
		return slack, [2]uint64{slack0, slack1}[slack]
	}
	switch slack = togo - int(one>>distShift&0xf); slack {
	case 0:
		return 0, atomic.LoadUint64(&c.stepMasks.words[2*e])
	case 1:
		return 1, one & (1<<cube.NAxisMoves - 1)
	}
	return slack, 0
}

// slackOneWord reads entry e's slack-1 word, for nodeSteps.
func (c *Census) slackOneWord(e int) uint64 {
	return atomic.LoadUint64(&c.stepMasks.words[2*e+1])
}

// fillMasks finds and stores entry e's masks: the distance of each of its
// coset's children.
func (c *Census) fillMasks(e int) (slack0, slack1 uint64) {
	z := c.table.EntryCoset(e)
	dz := c.table.EntryDistance(e)
	for i := range c.steps {
		st := &c.steps[i]
		delta := c.table.Distance(c.move(z, st)) - dz + st.cost
		if delta == 0 {
			slack0 |= 1 << i
		}
		if delta <= 1 {
			slack1 |= 1 << i
		}
	}
	// A search on another worker may fill it at the same time, alike.
	atomic.StoreUint64(&c.stepMasks.words[2*e], slack0)
	atomic.StoreUint64(&c.stepMasks.words[2*e+1], slack1|uint64(dz)<<distShift|filled)
	return slack0, slack1
}

// FillStepMasks fills every entry's masks on workers goroutines (a few
// minutes), so that a census timed afterwards runs as a whole census
// does, whose searches reach nearly every entry early; progress, if not
// nil, is called with the entries done.
func (c *Census) FillStepMasks(workers int, progress func(done int64)) {
	hugepage.Advise(c.stepMasks.words) // before the pages are first touched
	const chunk = 1 << 16
	n := c.table.NEntries()
	parallel.For((n+chunk-1)/chunk, workers, func(int) func(int) {
		return func(k int) {
			for e := k * chunk; e < min(n, (k+1)*chunk); e++ {
				if atomic.LoadUint64(&c.stepMasks.words[2*e+1])&filled == 0 {
					c.fillMasks(e)
				}
			}
			if progress != nil {
				progress(int64(min(n, (k+1)*chunk) - k*chunk))
			}
		}
	})
}
