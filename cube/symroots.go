package cube

import (
	"cmp"
	"fmt"
	"slices"
)

// A symmetric cube needs only part of the search. If S^-1 c S = c for a
// symmetry S, a maneuver solves c exactly when its conjugate by S does (the
// moves of the conjugate are S^-1 m S), so of the maneuvers that begin the
// same way up to S only one beginning needs searching. The superflip, which
// all 48 symmetries fix, is the classic hard case: with this its HTM proof
// searches about a fortieth of the sequences.
//
// The unit of the reduction is the run, the turns of one axis's two faces
// between turns of other axes, not the move: conjugating a canonical
// sequence can reverse the order of two opposite faces' turns, which sorting
// them back does not change as a position, so a canonical sequence's runs
// conjugate to the runs of a canonical sequence. A symmetric cube's search
// begins with sequences of two or three runs, one of each orbit under the
// cube's symmetries, and continues on another axis after each.

// axisRun is the turns of one axis: each face's power (0 to 3) by Layer.
type axisRun [6]uint8

// allAxisRuns lists the runs with at least one turn, axis by axis.
var allAxisRuns = func() []axisRun {
	var runs []axisRun
	for f := range Layer(3) {
		g := f + 3 // the opposite face
		for p := range 4 {
			for q := range 4 {
				if p+q > 0 {
					var r axisRun
					r[f], r[g] = uint8(p), uint8(q)
					runs = append(runs, r)
				}
			}
		}
	}
	return runs
}()

// axis returns the axis of r's turns.
func (r axisRun) axis() Axis {
	for f, p := range r {
		if p != 0 {
			return MoveOf(Layer(f), int(p)).Axis()
		}
	}
	panic("cube: an empty axisRun")
}

// conjugate returns r's turns conjugated by s: S^-1 m S for each.
func (r axisRun) conjugate(s Sym) axisRun {
	var c axisRun
	for f, p := range r {
		if p != 0 {
			m := ConjugateMove(MoveOf(Layer(f), int(p)), s)
			c[m.Layer()] = uint8(m.Power())
		}
	}
	return c
}

// moves returns r as a canonical sequence of metric m's moves of cost 1:
// the faces in CanFollow's order, a half turn in QTM as two clockwise
// quarter turns, two faces turned oppositely in STM as their slice turn.
func (r axisRun) moves(m Metric) []Move {
	var out []Move
	faces := []Layer{}
	for f, p := range r {
		if p != 0 {
			faces = append(faces, Layer(f))
		}
	}
	if first := Layer(r.axis()); m == STM {
		if e := NewAxisMove(r.axis(), int(r[first]), int(r[first+3])); e.isSlice() {
			return []Move{sliceMove[e]}
		}
	}
	slices.SortFunc(faces, func(a, b Layer) int {
		return cmp.Compare(MoveOf(a, 1).AxisRank(), MoveOf(b, 1).AxisRank())
	})
	for _, f := range faces {
		mv := MoveOf(f, int(r[f]))
		if m == QTM && r[f] == 2 {
			out = append(out, MoveOf(f, 1), MoveOf(f, 1))
		} else {
			out = append(out, mv)
		}
	}
	return out
}

// SymmetriesOf returns the symmetries S with S^-1 c S = c, the identity
// first.
func SymmetriesOf(c Cube) []Sym {
	var syms []Sym
	for s := range Sym(NSyms) {
		if Conjugate(c, s) == c {
			syms = append(syms, s)
		}
	}
	return syms
}

// symmetricRoots returns the beginnings of a symmetric cube's search in
// metric m: for each orbit, under syms, of the sequences of n runs (each on
// another axis than the one before), the sequence that comes first in
// allAxisRuns' order, as the moves of a canonical sequence. At a depth where
// every sequence has at least n runs (MaxRunCost), every solution is a
// conjugate of one that begins with a root of at most that cost; the search
// must not extend a root's last run (solver's optimal search closes it).
func symmetricRoots(m Metric, syms []Sym, n int) [][]Move {
	index := make(map[axisRun]int, len(allAxisRuns))
	for i, r := range allAxisRuns {
		index[r] = i
	}
	conj := make([][]int, len(syms)) // conj[k][i]: run i conjugated by syms[k]
	for k, s := range syms {
		conj[k] = make([]int, len(allAxisRuns))
		for i, r := range allAxisRuns {
			conj[k][i] = index[r.conjugate(s)]
		}
	}
	// first reports whether seq comes first among its conjugates.
	first := func(seq []int) bool {
		for _, c := range conj {
			for _, i := range seq {
				if c[i] != i {
					if c[i] < i {
						return false
					}
					break
				}
			}
		}
		return true
	}
	var roots [][]Move
	seq := make([]int, 0, n)
	var extend func()
	extend = func() {
		if len(seq) == n {
			if first(seq) {
				var root []Move
				for _, i := range seq {
					root = append(root, allAxisRuns[i].moves(m)...)
				}
				roots = append(roots, root)
			}
			return
		}
		for i, r := range allAxisRuns {
			if len(seq) == 0 || r.axis() != allAxisRuns[seq[len(seq)-1]].axis() {
				seq = append(seq, i)
				extend()
				seq = seq[:len(seq)-1]
			}
		}
	}
	extend()
	return roots
}

// SymmetricRoots returns the beginnings of a search of depth face turns,
// or quarter turns in QTM, that only one of each orbit of canonical
// sequences under the symmetries syms (a group) needs: every canonical
// sequence of that cost is, up to sorting each run, the conjugate by one
// of syms of a sequence that begins with a root and continues on another
// axis than the root's last move. The roots have two runs, or three where
// every sequence of the depth has three, and cost at most depth; depth
// must be more than MaxRunCost, so that every sequence has at least two
// runs.
func SymmetricRoots(m Metric, syms []Sym, depth int) [][]Move {
	return NewSymmetricRootSets(m, syms).Roots(depth)
}

// MaxRunCost is the most a run costs in any metric: 2 face turns, or 4
// quarter turns (U2 D2). Above n times it, every sequence has more than n
// runs.
const MaxRunCost = 4

// SymmetricRootSets holds a cube's symmetric roots of two and three runs,
// made when first needed: a search asks at every depth.
type SymmetricRootSets struct {
	metric Metric
	syms   []Sym
	byRuns [4][][]Move
}

// NewSymmetricRootSets returns the root sets of a search in metric m of a
// cube with symmetries syms (a group).
func NewSymmetricRootSets(m Metric, syms []Sym) *SymmetricRootSets {
	return &SymmetricRootSets{metric: m, syms: syms}
}

// Roots returns SymmetricRoots(m, syms, depth).
func (r *SymmetricRootSets) Roots(depth int) [][]Move {
	if depth <= MaxRunCost {
		panic(fmt.Sprintf("cube: symmetric roots of depth %d: a sequence may have a single run", depth))
	}
	n := 2
	if depth > 2*MaxRunCost {
		n = 3
	}
	if r.byRuns[n] == nil {
		r.byRuns[n] = symmetricRoots(r.metric, r.syms, n)
	}
	var fit [][]Move
	for _, root := range r.byRuns[n] {
		if r.metric.Length(root) <= depth {
			fit = append(fit, root)
		}
	}
	return fit
}
