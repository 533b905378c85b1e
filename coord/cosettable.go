package coord

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"sort"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// Coset is a right coset H·c of Kociemba's subgroup H = <U, D, R2, L2, F2,
// B2> by the coordinates phase 1 reads off any of its positions (seed 001's
// relabeling: what a position looks like with only the U-D facelets of the
// corners and edges and the F-B facelets of the middle edges kept): the
// corners' twist, the edges' flip and where the four middle edges are.
// There are 2187 * 2048 * 495 = 2,217,093,120 cosets; the solved cube's,
// H itself, is Coset{}.
type Coset struct {
	Twist, Flip, Slice int
}

// NCosets is the number of cosets of H.
const NCosets = cube.NTwist * cube.NFlip * cube.NSlice

// CosetOf returns the coset of H that c lies in.
func CosetOf(c *cube.Cube) Coset {
	return Coset{Twist: c.Twist(), Flip: c.Flip(), Slice: c.Slice()}
}

// CosetTable is the exact distance of every coset from H in one metric,
// the least number of moves that take its positions into H: phase 1's
// pruning table (symtables.go), 4 bits an entry for each FlipUDSlice class
// and twist, about 70 MB.
type CosetTable struct {
	tables *Tables
	t      *SymTable
	metric cube.Metric
	// twist, flip and slice move the coordinates by the metric's moves
	// (Tables.MovesIn).
	twist, flip, slice MoveTable
}

// CosetTable returns the coset distances in m, built or loaded as phase
// 1's table is.
func (t *Tables) CosetTable(m cube.Metric) (*CosetTable, error) {
	p, err := t.Phase1In(m)
	if err != nil {
		return nil, err
	}
	twist, flip, slice := t.MovesIn(m)
	return &CosetTable{tables: t, t: p, metric: m, twist: twist, flip: flip, slice: slice}, nil
}

// Metric returns the metric the distances are in.
func (t *CosetTable) Metric() cube.Metric { return t.metric }

// Distance returns the distance of coset x from H.
func (t *CosetTable) Distance(x Coset) int {
	return t.t.At(t.t.Index(x.Slice*cube.NFlip+x.Flip, x.Twist))
}

// Move returns the coset of the positions of x after move m, a face turn
// or, in STM, a slice turn.
func (t *CosetTable) Move(x Coset, m cube.Move) Coset {
	return Coset{Twist: int(t.twist[x.Twist][m]), Flip: int(t.flip[x.Flip][m]), Slice: int(t.slice[x.Slice][m])}
}

// Checksum is the SHA-256 of the table's entries, for a run's provenance
// (seed 002, section 8: the pattern database's hash checked at the start
// and the end of a run).
func (t *CosetTable) Checksum() string {
	sum := sha256.Sum256(t.t.nib)
	return hex.EncodeToString(sum[:])
}

// Distribution counts the cosets at each distance from H, over all
// 2,217,093,120 of them (not their symmetry classes), on workers
// goroutines.
func (t *CosetTable) Distribution(workers int) []int64 {
	perWorker := make([][maxLevels]int64, max(1, workers))
	parallel.For(nFlipSlice, workers, func(w int) func(int) {
		counts := &perWorker[w]
		return func(fs int) {
			cs := t.t.a.classSym[fs]
			row, s := int(cs/nPhase1Syms)*cube.NTwist, cs%nPhase1Syms
			for twist := range cube.NTwist {
				counts[t.t.At(row+int(t.t.b[twist][s]))]++
			}
		}
	})
	var total [maxLevels]int64
	for _, c := range perWorker {
		for d, n := range c {
			total[d] += n
		}
	}
	last := 0
	for d, n := range total {
		if n > 0 {
			last = d
		}
	}
	return total[:last+1]
}

// NCosetClasses is the number of classes of cosets of H under the 16
// symmetries (CosetClasses.Len, checked by TestCosetClasses).
const NCosetClasses = 138_639_780

// CosetClasses numbers the cosets of H up to the 16 symmetries that keep
// H (seed 002, section 4: conjugating a coset H·c by such a symmetry S
// gives the coset H·S^-1cS, as hard to solve): 138,639,780 classes, the
// list a run over all of G/H works through. A class is numbered by its
// FlipUDSlice class and, among the twists the representative's stabiliser
// does not identify, the least of each orbit, in increasing order; its
// representative coset is that pair.
type CosetClasses struct {
	t *CosetTable
	// first[c] is the number of the first class with FlipUDSlice class c;
	// first[len] the total.
	first []int64
	// twists[c] lists the orbits' least twists for the FlipUDSlice classes
	// whose representative some symmetry besides the identity fixes; the
	// others take every twist.
	twists map[int][]uint16
}

// Classes returns the numbering of the cosets' classes.
func (t *CosetTable) Classes() *CosetClasses {
	a, conj := t.t.a, t.t.b
	k := &CosetClasses{t: t, first: make([]int64, len(a.rep)+1), twists: map[int][]uint16{}}
	for c, stab := range a.stab {
		n := int64(cube.NTwist)
		if stab != 1 {
			var least []uint16
			for twist := range cube.NTwist {
				minimal := true
				for s := range nPhase1Syms {
					if stab>>s&1 != 0 && int(conj[twist][s]) < twist {
						minimal = false
						break
					}
				}
				if minimal {
					least = append(least, uint16(twist))
				}
			}
			k.twists[c] = least
			n = int64(len(least))
		}
		k.first[c+1] = k.first[c] + n
	}
	return k
}

// Len returns the number of classes.
func (k *CosetClasses) Len() int64 { return k.first[len(k.first)-1] }

// Rep returns the representative coset of class i, 0 <= i < Len().
func (k *CosetClasses) Rep(i int64) Coset {
	c := sort.Search(len(k.first)-1, func(c int) bool { return k.first[c+1] > i })
	twist := int(i - k.first[c])
	if least, ok := k.twists[c]; ok {
		twist = int(least[twist])
	}
	fs := int(k.t.t.a.rep[c])
	return Coset{Twist: twist, Flip: fs % cube.NFlip, Slice: fs / cube.NFlip}
}

// Size returns the number of cosets in class i, 16 over the number of the
// symmetries that fix its representative: the weight of its counts in a
// sum over all cosets.
func (k *CosetClasses) Size(i int64) int {
	c := sort.Search(len(k.first)-1, func(c int) bool { return k.first[c+1] > i })
	stab := k.t.t.a.stab[c]
	if stab == 1 {
		return nPhase1Syms
	}
	twist := int(k.twists[c][i-k.first[c]])
	fixed := 0
	for s := range nPhase1Syms {
		if stab>>s&1 != 0 && int(k.t.t.b[twist][s]) == twist {
			fixed++
		}
	}
	return nPhase1Syms / fixed
}

// Of returns the class of coset x.
func (k *CosetClasses) Of(x Coset) int64 {
	a, conj := k.t.t.a, k.t.t.b
	cs := a.classSym[x.Slice*cube.NFlip+x.Flip]
	c, s := int(cs/nPhase1Syms), cs%nPhase1Syms
	twist := int(conj[x.Twist][s])
	least, ok := k.twists[c]
	if !ok {
		return k.first[c] + int64(twist)
	}
	// The least twist of the orbit under the representative's stabiliser.
	orbitLeast := twist
	for t := range nPhase1Syms {
		if a.stab[c]>>t&1 != 0 {
			orbitLeast = min(orbitLeast, int(conj[twist][t]))
		}
	}
	i, _ := slices.BinarySearch(least, uint16(orbitLeast))
	return k.first[c] + int64(i)
}

// Maneuver returns a shortest sequence from H into coset x: applied to the
// solved cube it gives a representative of x (seed 002's cosets are given
// by such a position).
func (t *CosetTable) Maneuver(x Coset) []cube.Move {
	var toH []cube.Move
	for d := t.Distance(x); d > 0; d-- {
		for _, m := range cube.MoveSetOf(t.metric).Units() {
			if y := t.Move(x, m); t.Distance(y) == d-1 {
				toH, x = append(toH, m), y
				break
			}
		}
	}
	return cube.InverseManeuver(toH)
}

// NEntries is the number of entries of the table: a coset for each
// FlipUDSlice class's representative and each twist.
func (t *CosetTable) NEntries() int { return len(t.t.a.rep) * cube.NTwist }

// Entry returns the entry holding coset x's distance and the symmetry s
// that conjugates x to the entry's coset z: z = S(s)^-1 x S(s) (the
// distance is the same, and the move m from x is the move S(s)^-1 m S(s)
// from z).
func (t *CosetTable) Entry(x Coset) (int, cube.Sym) {
	cs := t.t.a.classSym[x.Slice*cube.NFlip+x.Flip]
	s := cs % nPhase1Syms
	return int(cs/nPhase1Syms)*cube.NTwist + int(t.t.b[x.Twist][s]), cube.Sym(s)
}

// EntryCoset returns the coset whose distance entry e holds.
func (t *CosetTable) EntryCoset(e int) Coset {
	fs := int(t.t.a.rep[e/cube.NTwist])
	return Coset{Twist: e % cube.NTwist, Flip: fs % cube.NFlip, Slice: fs / cube.NFlip}
}

// EntryDistance returns the distance entry e holds.
func (t *CosetTable) EntryDistance(e int) int { return t.t.At(e) }
