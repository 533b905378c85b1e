package cube

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// AxisMove turns the two outer layers of one axis: the first face (U, R or
// F) by power P and the opposite face (D, L or B) by power Q, in the home
// frame. The two commute, so every maneuver of face and slice turns is, in
// the home frame, a word of axis moves in which neighbours lie on different
// axes; a slice turn is the axis move that turns both faces oppositely
// (M = R L', E = U D', S = F' B relative to the centers). The three metrics
// differ only in what an axis move costs (see Cost), so one search serves
// them all.
//
// The encoding is axis<<4 | P<<2 | Q with P, Q in 0..3, not both 0.
type AxisMove uint8

// NAxisMoves is 3 axes times the 15 non-identity (P, Q).
const NAxisMoves = 45

// AxisMoves lists the 45 axis moves in encoding order.
var AxisMoves = func() []AxisMove {
	var all []AxisMove
	for a := range Axis(3) {
		for p := range 4 {
			for q := range 4 {
				if p != 0 || q != 0 {
					all = append(all, NewAxisMove(a, p, q))
				}
			}
		}
	}
	return all
}()

// NewAxisMove returns the axis move turning axis a's first face by p and its
// opposite face by q (quarter turns, taken mod 4). It panics when both are 0.
func NewAxisMove(a Axis, p, q int) AxisMove {
	p, q = p&3, q&3
	if a > AxisFB || p == 0 && q == 0 {
		panic(fmt.Sprintf("cube: NewAxisMove(%d, %d, %d)", a, p, q))
	}
	return AxisMove(uint8(a)<<4 | uint8(p)<<2 | uint8(q))
}

// Axis returns the axis e turns.
func (e AxisMove) Axis() Axis { return Axis(e >> 4) }

// Powers returns the quarter turns of the first and the opposite face.
func (e AxisMove) Powers() (p, q int) { return int(e>>2) & 3, int(e) & 3 }

// faces returns the axis's first face and its opposite, as cube layers: the
// axes are numbered like the faces U R F, and D L B follow three later.
func (e AxisMove) faces() (first, second Layer) {
	a := Layer(e.Axis())
	return a, a + 3
}

// Inverse returns the axis move undoing e.
func (e AxisMove) Inverse() AxisMove {
	p, q := e.Powers()
	return NewAxisMove(e.Axis(), -p, -q)
}

// Cube returns e's effect on the cube, in the home frame.
func (e AxisMove) Cube() Cube {
	c := Solved
	for _, m := range e.FaceMoves() {
		c.Move(&c, m)
	}
	return c
}

// FaceMoves returns e as one or two face turns, first face first.
func (e AxisMove) FaceMoves() []Move {
	first, second := e.faces()
	p, q := e.Powers()
	var ms []Move
	if p != 0 {
		ms = append(ms, MoveOf(first, p))
	}
	if q != 0 {
		ms = append(ms, MoveOf(second, q))
	}
	return ms
}

// isSlice reports whether e is a slice turn: both faces turned, oppositely.
func (e AxisMove) isSlice() bool {
	p, q := e.Powers()
	return p != 0 && q != 0 && (p+q)&3 == 0
}

// Cost is e's length in metric m, as Metric counts the moves e is
// written with (see moves): in HTM one or two face turns, in QTM their
// quarter turns, in STM 1 when e turns one face or is a slice turn and 2
// otherwise.
func (e AxisMove) Cost(m Metric) int { return int(axisCost[m][e]) }

// axisCost[m][e] is e.Cost(m), tabulated once: computing it writes e's
// moves out, and the search's setup and StoredEntries ask for it often.
var axisCost = func() (t [NMetrics][1 << 6]uint8) {
	for _, m := range Metrics {
		for _, e := range AxisMoves {
			t[m][e] = uint8(m.Length(e.moves(m)))
		}
	}
	return t
}()

// moves writes e in metric m's notation: a slice move in STM where e is a
// slice turn, else its face turns (in the home frame; Word.Moves reframes).
func (e AxisMove) moves(m Metric) []Move {
	if m == STM && e.isSlice() {
		return []Move{sliceMove[e]}
	}
	return e.FaceMoves()
}

// Conjugate returns the axis move S(s)^-1 * e * S(s): e seen through the
// symmetry s (ConjugateMove on each face turn).
func (e AxisMove) Conjugate(s Sym) AxisMove {
	var axis Axis
	var pq [2]int
	for _, m := range e.FaceMoves() {
		c := ConjugateMove(m, s)
		axis = c.Axis()
		pq[c.AxisRank()/2] = c.Power() // rank 0 is the first face, 2 the opposite
	}
	return NewAxisMove(axis, pq[0], pq[1])
}

func (e AxisMove) String() string {
	return FormatManeuver(e.FaceMoves())
}

// Word is a maneuver as axis moves in the home frame.
type Word []AxisMove

// Cost is the word's length in metric m.
func (w Word) Cost(m Metric) int {
	n := 0
	for _, e := range w {
		n += e.Cost(m)
	}
	return n
}

// Cube returns the word's effect: its axis moves one after another.
func (w Word) Cube() Cube {
	c := Solved
	for _, e := range w {
		for _, m := range e.FaceMoves() {
			c.Move(&c, m)
		}
	}
	return c
}

// Inverse returns the word undoing w: reversed, each move inverted.
func (w Word) Inverse() Word {
	out := make(Word, len(w))
	for i, e := range w {
		out[len(w)-1-i] = e.Inverse()
	}
	return out
}

// Conjugate returns w seen through the symmetry s, move by move.
func (w Word) Conjugate(s Sym) Word {
	out := make(Word, len(w))
	for i, e := range w {
		out[i] = e.Conjugate(s)
	}
	return out
}

// Concat returns a followed by b with neighbours on one axis merged (they
// commute, so their powers add) and identities dropped. The result does the
// same to the cube and costs no more in any metric.
func Concat(a, b Word) Word {
	out := make(Word, 0, len(a)+len(b))
	for _, e := range append(a[:len(a):len(a)], b...) {
		n := len(out)
		if n == 0 || out[n-1].Axis() != e.Axis() {
			out = append(out, e)
			continue
		}
		p1, q1 := out[n-1].Powers()
		p2, q2 := e.Powers()
		if (p1+p2)&3 == 0 && (q1+q2)&3 == 0 {
			out = out[:n-1]
		} else {
			out[n-1] = NewAxisMove(e.Axis(), p1+p2, q1+q2)
		}
	}
	return out
}

// Moves writes w in standard notation for metric m: face turns for HTM and
// QTM; for STM a slice turn where an axis move is one, with each move named
// by where its layer is after the slice turns before it (Reframe).
// Its length in m is w.Cost(m).
func (w Word) Moves(m Metric) []Move {
	var fixed []Move
	for _, e := range w {
		fixed = append(fixed, e.moves(m)...)
	}
	if m == STM {
		return Reframe(fixed)
	}
	return fixed
}

// sliceMove maps the slice-turn axis moves to the slice moves with the same
// effect relative to the centers (M = R L', E = U D', S = F' B).
var sliceMove = func() map[AxisMove]Move {
	t := map[AxisMove]Move{}
	for _, e := range AxisMoves {
		if !e.isSlice() {
			continue
		}
		for m := Move(NFaceMoves); m < NFaceMoves+NSliceMoves; m++ {
			if CubeOf(m) == e.Cube() {
				t[e] = m
			}
		}
	}
	return t
}()

func (w Word) String() string {
	parts := make([]Move, 0, 2*len(w))
	for _, e := range w {
		parts = append(parts, e.FaceMoves()...)
	}
	return FormatManeuver(parts)
}

// RandomWord returns n axis moves drawn uniformly from rng, each on another
// axis than the one before it: a random maneuver in the home frame, for
// tests and samples.
func RandomWord(rng *rand.Rand, n int) Word {
	w := make(Word, 0, n)
	for len(w) < n {
		e := AxisMoves[rng.IntN(NAxisMoves)]
		if len(w) == 0 || w[len(w)-1].Axis() != e.Axis() {
			w = append(w, e)
		}
	}
	return w
}

// PackedWord holds a word of at most MaxPackedMoves axis moves and its cost
// in 64 bits, the form in which searches store words in hash joins: the
// cost in bits 0..3, and the moves' encodings in 6 bits each from bit 4 on,
// first move lowest. No axis move encodes as 0, so the length is where the
// moves end: ten moves fit, as a search storing every word of up to ten
// quarter turns needs.
type PackedWord uint64

// MaxPackedMoves is the longest word a PackedWord holds.
const MaxPackedMoves = 10

// maxPackedCost is the largest cost a PackedWord holds.
const maxPackedCost = 15

// PackWord packs w with its cost; it panics if w is too long.
func PackWord(w Word, cost int) PackedWord {
	v := PackedWord(0).WithCost(cost)
	for _, e := range w {
		v = v.Append(e)
	}
	return v
}

// Append returns v with e after its last move, its cost left as it is. It
// panics if v is full.
func (v PackedWord) Append(e AxisMove) PackedWord {
	n := v.Len()
	if n == MaxPackedMoves {
		panic("cube: PackedWord.Append to a full word")
	}
	return v | PackedWord(e)<<(4+6*n)
}

// WithCost returns v with cost c; it panics if c is not in 0..15.
func (v PackedWord) WithCost(c int) PackedWord {
	if c < 0 || c > maxPackedCost {
		panic(fmt.Sprintf("cube: PackedWord.WithCost(%d)", c))
	}
	return v&^15 | PackedWord(c)
}

// Cost is the cost packed with the word.
func (v PackedWord) Cost() int { return int(v & 15) }

// Len is the number of moves.
func (v PackedWord) Len() int { return (bits.Len64(uint64(v>>4)) + 5) / 6 }

// Move returns the i-th move.
func (v PackedWord) Move(i int) AxisMove { return AxisMove(v >> (4 + 6*i) & 63) }

// Word unpacks the moves; it is the inverse of PackWord but for the cost.
func (v PackedWord) Word() Word {
	w := make(Word, v.Len())
	for i := range w {
		w[i] = v.Move(i)
	}
	return w
}

// WordsUpTo is the number of words (neighbours on different axes) of cost
// at most k in metric m, the empty word included: the size of a search's
// stored side. It counts by costs alone: ending[c], the words of cost c
// ending on one given axis, is the same for every axis.
func WordsUpTo(m Metric, k int) uint64 {
	ending := make([]uint64, k+1)
	all := make([]uint64, k+1)
	all[0] = 1
	total := uint64(1)
	for c := 1; c <= k; c++ {
		for _, e := range AxisMoves {
			if d := e.Cost(m); e.Axis() == AxisUD && d <= c {
				ending[c] += all[c-d] - ending[c-d]
			}
		}
		all[c] = 3 * ending[c]
		total += all[c]
	}
	return total
}
