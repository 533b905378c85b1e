package centers

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/cubecensus/cubecensus/cube"
)

// SeedLine is one line of seed 000's list of center twists, read and
// checked on the supercube model.
type SeedLine struct {
	Text string
	// Face and Slice are the face-turn and slice-turn maneuvers, nil where
	// the line has none; FaceLength and SliceLength the lengths printed
	// after them ("(14f*)", "(8s*)"), 0 where none is.
	Face, Slice             []cube.Move
	FaceLength, SliceLength int
	// Printed is the twist as printed; State is what the line's maneuvers
	// do to the supercube (the face-turn one where there is one).
	Printed string
	State   State
	// Problems lists what does not hold: a printed twist that does not
	// parse or differs from State, a maneuver that leaves a cubie unsolved
	// or has another length than printed, two maneuvers that disagree.
	Problems []string
}

var seedLength = regexp.MustCompile(`\((\d+)f\*(?:,(\d+)s\*)?\)|\((\d+)s\*\)`)

// Seed000 reads seed 000's list line by line. It returns an error only
// for a line it cannot take apart; what the line claims is checked, and
// what fails is listed in its Problems.
func Seed000() ([]SeedLine, error) {
	var out []SeedLine
	for _, text := range strings.Split(seed000Lines, "\n") {
		l := SeedLine{Text: text}
		maneuvers, printed, _ := strings.Cut(text, "\t")
		l.Printed = strings.TrimSpace(printed)
		rest := maneuvers
		for _, m := range seedLength.FindAllStringSubmatchIndex(maneuvers, -1) {
			moves, err := cube.ParseManeuver(maneuvers[len(maneuvers)-len(rest) : m[0]])
			if err != nil {
				return nil, fmt.Errorf("centers: seed 000 line %q: %w", text, err)
			}
			num := func(k int) int {
				if m[2*k] < 0 {
					return 0
				}
				n, _ := strconv.Atoi(maneuvers[m[2*k]:m[2*k+1]])
				return n
			}
			switch {
			case num(1) > 0 && num(2) > 0: // "(12f*,12s*)": one maneuver, both lengths
				l.Face, l.FaceLength, l.Slice, l.SliceLength = moves, num(1), moves, num(2)
			case num(1) > 0:
				l.Face, l.FaceLength = moves, num(1)
			default:
				l.Slice, l.SliceLength = moves, num(3)
			}
			rest = maneuvers[m[1]:]
		}
		if l.Face == nil && l.Slice == nil {
			return nil, fmt.Errorf("centers: seed 000 line %q has no length in parentheses", text)
		}
		l.check()
		out = append(out, l)
	}
	return out, nil
}

// check applies the line's maneuvers to the supercube and lists what
// disagrees with what it prints.
func (l *SeedLine) check() {
	var states []State
	for _, v := range []struct {
		moves  []cube.Move
		metric cube.Metric
		length int
	}{{l.Face, cube.HTM, l.FaceLength}, {l.Slice, cube.STM, l.SliceLength}} {
		if v.moves == nil {
			continue
		}
		c := NewSupercube()
		c.ApplyAll(v.moves)
		s, err := c.Result()
		if err != nil {
			l.Problems = append(l.Problems, fmt.Sprintf("the %s maneuver: %v", v.metric, err))
			continue
		}
		states = append(states, s)
		if got := v.metric.Length(v.moves); got != v.length {
			l.Problems = append(l.Problems, fmt.Sprintf("the %s maneuver has length %d, printed %d", v.metric, got, v.length))
		}
	}
	if len(states) == 0 {
		return
	}
	l.State = states[0]
	if len(states) == 2 && states[0] != states[1] {
		l.Problems = append(l.Problems, fmt.Sprintf("the maneuvers give %v and %v", states[0], states[1]))
	}
	printed, err := ParseState(l.Printed)
	switch {
	case l.Printed == "":
		l.Problems = append(l.Problems, "no twist printed")
	case err != nil:
		l.Problems = append(l.Problems, fmt.Sprintf("the printed twist does not parse: %v", err))
	case printed != l.State:
		l.Problems = append(l.Problems, fmt.Sprintf("the printed twist %v is not the maneuvers' %v", printed, l.State))
	}
}
