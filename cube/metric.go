package cube

import (
	"errors"
	"fmt"
	"strings"
)

// Metric says how a maneuver's length is counted: the face-turn, quarter-turn
// and slice-turn metrics of seed 000 ("Cube Explorer's metrics") and seed 002
// (S and Q). It is the one place where a move's cost is defined; every stage
// and command asks it.
type Metric uint8

// The three metrics.
const (
	HTM Metric = iota // half-turn (face-turn) metric: every face turn costs 1
	QTM               // quarter-turn metric: a quarter turn costs 1, a half turn 2
	STM               // slice-turn metric: face and slice turns cost 1
	NMetrics
)

// Letter is the letter Cube Explorer writes after a maneuver's length in
// metric m: "(6f)", "(7q)", "(5s)".
func (m Metric) Letter() byte { return "fqs"[m] }

// Metrics lists the metrics in their order.
var Metrics = []Metric{HTM, QTM, STM}

var metricNames = [NMetrics]string{"HTM", "QTM", "STM"}

// String returns HTM, QTM or STM.
func (m Metric) String() string {
	if m >= NMetrics {
		return fmt.Sprintf("Metric(%d)", uint8(m))
	}
	return metricNames[m]
}

// ErrMetric is wrapped by ParseMetric's errors.
var ErrMetric = errors.New("unknown metric")

// ParseMetric reads HTM, QTM or STM, in any case.
func ParseMetric(s string) (Metric, error) {
	for m, name := range metricNames {
		if strings.EqualFold(s, name) {
			return Metric(m), nil
		}
	}
	return 0, fmt.Errorf("%w %q (want HTM, QTM or STM)", ErrMetric, s)
}

// Cost is the length of move mv in metric m. Rotations cost 0 in every
// metric. A slice turn is judged relative to the centers, where it equals two
// opposite face turns (M = R L' x'): it costs 2 in HTM, and 2 (a quarter
// slice) or 4 (a half slice) in QTM. It panics on an unknown metric or move.
func (m Metric) Cost(mv Move) int {
	if mv >= NMoves {
		panic(fmt.Sprintf("cube: Cost of %v", mv))
	}
	if mv.IsRotation() {
		return 0
	}
	layers := 1
	if mv.IsSlice() {
		layers = 2
	}
	switch m {
	case HTM:
		return layers
	case QTM:
		if mv.Power() == 2 {
			return 2 * layers
		}
		return layers
	case STM:
		return 1
	}
	panic(fmt.Sprintf("cube: Cost in %v", m))
}

// Length is the length of a maneuver in metric m: the sum of its moves'
// costs.
func (m Metric) Length(moves []Move) int {
	n := 0
	for _, mv := range moves {
		n += m.Cost(mv)
	}
	return n
}
