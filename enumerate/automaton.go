package enumerate

import (
	"math/big"

	"github.com/cubecensus/cubecensus/cube"
)

// Sets lists the move sets the canonical stage publishes.
var Sets = []cube.MoveSet{cube.FaceTurns, cube.QuarterTurns, cube.SliceTurns, cube.HTurns}

// Automaton is the canonical-sequence automaton of a move set with its
// costs unrolled: a move of cost c is a chain of c states, so that one step
// of the automaton is one unit of length and q_n counts walks of n steps.
// State i belongs to move Move[i]; Last[i] marks the final state of a move.
type Automaton struct {
	Set   cube.MoveSet
	Move  []cube.Move
	Last  []bool
	First []bool
	// T[i][j] is 1 when state j may follow state i.
	T [][]int64
}

// NewAutomaton builds the automaton of s.
func NewAutomaton(s cube.MoveSet) *Automaton {
	a := &Automaton{Set: s}
	first := map[cube.Move]int{}
	for _, m := range s.Moves {
		c := s.Cost(m)
		first[m] = len(a.Move)
		for k := range c {
			a.Move = append(a.Move, m)
			a.First = append(a.First, k == 0)
			a.Last = append(a.Last, k == c-1)
		}
	}
	n := len(a.Move)
	a.T = make([][]int64, n)
	for i := range n {
		a.T[i] = make([]int64, n)
		if !a.Last[i] {
			a.T[i][i+1] = 1 // the next unit of the same move
			continue
		}
		for _, m := range s.Moves {
			if s.CanFollow(a.Move[i], m) {
				a.T[i][first[m]] = 1
			}
		}
	}
	return a
}

// step returns v*T restricted to the states whose move satisfies keep.
func (a *Automaton) step(v []*big.Int, keep func(cube.Move) bool) []*big.Int {
	w := zeros(len(v))
	for i, vi := range v {
		if vi.Sign() == 0 {
			continue
		}
		for j, t := range a.T[i] {
			if t != 0 && keep(a.Move[j]) {
				w[j].Add(w[j], vi)
			}
		}
	}
	return w
}

// start returns the row vector with 1 on the first state of each move that
// satisfies keep: every such move may begin a sequence.
func (a *Automaton) start(keep func(cube.Move) bool) []*big.Int {
	v := zeros(len(a.Move))
	for i, m := range a.Move {
		if a.First[i] && keep(m) {
			v[i].SetInt64(1)
		}
	}
	return v
}

// finished sums v over the states that end a move: walks that stop there
// are complete sequences.
func (a *Automaton) finished(v []*big.Int) *big.Int {
	s := new(big.Int)
	for i, x := range v {
		if a.Last[i] {
			s.Add(s, x)
		}
	}
	return s
}

func all(cube.Move) bool { return true }

// Counts returns q_0..q_maxLen, the number of canonical sequences of each
// length: q_n = start^T T^(n-1) end, computed as the row vector start^T
// multiplied by T once per length (seed 002, section 5).
func (a *Automaton) Counts(maxLen int) []*big.Int {
	q := []*big.Int{big.NewInt(1)}
	v := a.start(all)
	for n := 1; n <= maxLen; n++ {
		q = append(q, a.finished(v))
		v = a.step(v, all)
	}
	return q
}

// PrepassCounts returns q_{n,m}(S, A) for n + m = total, indexed by n
// (0..total): the canonical sequences of n moves of the automaton's set
// followed by m moves from sub, 3 a^T C^(n-1) C_A^m a in seed 002's form.
// For n = 0 all moves come from sub. sub must be a subset of the automaton's
// moves, measured in the same metric.
func (a *Automaton) PrepassCounts(sub cube.MoveSet, total int) []*big.Int {
	out := make([]*big.Int, total+1)
	for n := 0; n <= total; n++ {
		m := total - n
		var v []*big.Int
		if n == 0 {
			if m == 0 {
				out[n] = big.NewInt(1)
				continue
			}
			v = a.start(sub.Contains)
			m--
		} else {
			v = a.start(all)
			for range n - 1 {
				v = a.step(v, all)
			}
		}
		for range m {
			v = a.step(v, sub.Contains)
		}
		out[n] = a.finished(v)
	}
	return out
}

func zeros(n int) []*big.Int {
	v := make([]*big.Int, n)
	for i := range v {
		v[i] = new(big.Int)
	}
	return v
}
