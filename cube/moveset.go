package cube

import (
	"fmt"
	"slices"
)

// MoveSet is a problem's moves as a value, which every engine takes
// instead of being written for one metric: the generators, what each
// costs (the metric that measures them), which may follow which in a
// canonical sequence, and the symmetries that map the set onto itself.
// HTM, QTM and STM are the sets FaceTurns, QuarterTurns and SliceTurns
// (MoveSetOf); HTurns is A, the generators of Kociemba's H.
type MoveSet struct {
	Name   string
	Metric Metric
	Moves  []Move // in Move order
}

// The move sets of the seeds.
var (
	// FaceTurns is S, the 18 face turns (seed 002): HTM.
	FaceTurns = MoveSet{"S", HTM, movesWhere(func(m Move) bool { return m.IsFace() })}
	// QuarterTurns is the 18 face turns measured in quarter turns: QTM. A
	// half turn is a move of cost 2, standing for the two equal quarter
	// turns.
	QuarterTurns = MoveSet{"Q", QTM, movesWhere(func(m Move) bool { return m.IsFace() })}
	// SliceTurns is the 18 face turns and 9 slice turns: STM.
	SliceTurns = MoveSet{"S+M", STM, movesWhere(func(m Move) bool { return m.IsFace() || m.IsSlice() })}
	// HTurns is A, the ten generators of H = <U, D, R2, L2, F2, B2> (seed
	// 002).
	HTurns = MoveSet{"A", HTM, movesWhere(func(m Move) bool {
		return m.IsFace() && (m.Axis() == AxisUD || m.Power() == 2)
	})}
)

// MoveSetOf returns the whole cube's move set in metric m.
func MoveSetOf(m Metric) MoveSet {
	switch m {
	case HTM:
		return FaceTurns
	case QTM:
		return QuarterTurns
	case STM:
		return SliceTurns
	}
	panic(fmt.Sprintf("cube: MoveSetOf(%v)", m))
}

func movesWhere(keep func(Move) bool) []Move {
	var ms []Move
	for m := range Move(NMoves) {
		if keep(m) {
			ms = append(ms, m)
		}
	}
	return ms
}

// Cost is the length of move m in the set's metric.
func (s MoveSet) Cost(m Move) int { return s.Metric.Cost(m) }

// Contains reports whether m is in the set.
func (s MoveSet) Contains(m Move) bool { return slices.Contains(s.Moves, m) }

// Units returns the moves of cost 1: a search that counts length by its
// steps makes these, a move of cost c being c of them (in QTM the twelve
// quarter turns, a half turn being two).
func (s MoveSet) Units() []Move {
	return slices.DeleteFunc(slices.Clone(s.Moves), func(m Move) bool { return s.Cost(m) != 1 })
}

// CanFollow reports whether b may follow a in a canonical sequence of the
// set (seed 002, section 5): another axis, or a later layer of the same
// axis, which excludes turning one layer twice in a row and fixes the
// order of commuting layers (U E D, R M L, F S B).
func (s MoveSet) CanFollow(a, b Move) bool { return CanFollow(a, b) }

// Symmetries returns the symmetries that map the set onto itself, each move
// to a move of the set of the same cost: all 48 for S, Q and S+M, the 16
// that keep the U-D axis for A.
func (s MoveSet) Symmetries() []Sym {
	var syms []Sym
	for y := range Sym(NSyms) {
		keeps := true
		for _, m := range s.Moves {
			if c := ConjugateMove(m, y); !s.Contains(c) || s.Cost(c) != s.Cost(m) {
				keeps = false
				break
			}
		}
		if keeps {
			syms = append(syms, y)
		}
	}
	return syms
}
