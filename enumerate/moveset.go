package enumerate

import "github.com/cubecensus/cubecensus/cube"

// MoveSet is a set of generators with the metric that measures them.
type MoveSet struct {
	Name   string
	Metric cube.Metric
	Moves  []cube.Move
}

// The move sets of the canonical stage.
var (
	// FaceTurns is S, the 18 face turns (seed 002).
	FaceTurns = MoveSet{"S", cube.HTM, movesWhere(func(m cube.Move) bool { return m.IsFace() })}
	// QuarterTurns is the 12 quarter turns; the half turn enters as a move
	// of cost 2, standing for the two equal quarter turns.
	QuarterTurns = MoveSet{"Q", cube.QTM, movesWhere(func(m cube.Move) bool { return m.IsFace() })}
	// SliceTurns is the 18 face turns and 9 slice turns.
	SliceTurns = MoveSet{"S+M", cube.STM, movesWhere(func(m cube.Move) bool { return m.IsFace() || m.IsSlice() })}
	// HTurns is A, the ten generators of H = <U, D, R2, L2, F2, B2> (seed 002).
	HTurns = MoveSet{"A", cube.HTM, movesWhere(func(m cube.Move) bool {
		return m.IsFace() && (m.Axis() == cube.AxisUD || m.Power() == 2)
	})}
)

// Sets lists the move sets the canonical stage publishes.
var Sets = []MoveSet{FaceTurns, QuarterTurns, SliceTurns, HTurns}

func movesWhere(keep func(cube.Move) bool) []cube.Move {
	var ms []cube.Move
	for m := range cube.Move(cube.NMoves) {
		if keep(m) {
			ms = append(ms, m)
		}
	}
	return ms
}

// Cost is the length of move m in the set's metric.
func (s MoveSet) Cost(m cube.Move) int { return s.Metric.Cost(m) }

// Contains reports whether m is in the set.
func (s MoveSet) Contains(m cube.Move) bool {
	for _, x := range s.Moves {
		if x == m {
			return true
		}
	}
	return false
}
