package cube

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrSyntax is wrapped by every notation error; the message names the token
// and its column (1-based, in characters).
var ErrSyntax = errors.New("bad maneuver")

// ParseManeuver reads a maneuver in the forms users paste: U U' U2 U3 U-
// U1 U2' (and the typographic ’), with or without spaces; slices M E S and
// rotations x y z; Cube Explorer's axis abbreviations (seed 003) Ra = R L and
// Rs = R L', with the power after the letter: Ra' = R' L'; and Cube
// Explorer's "." separating the two phases, which is ignored.
func ParseManeuver(s string) ([]Move, error) {
	var moves []Move
	rs := []rune(s)
	for i := 0; i < len(rs); {
		r := rs[i]
		col := i + 1
		switch {
		case r == ' ' || r == '\t' || r == '.' || r == ',':
			i++
			continue
		}
		layer, ok := layerOfRune(r)
		if !ok {
			return nil, fmt.Errorf("%w: unknown move %q at column %d", ErrSyntax, r, col)
		}
		j := i + 1
		axisForm := byte(0)
		if j < len(rs) && (rs[j] == 'a' || rs[j] == 's') && layer < LayerM {
			axisForm = byte(rs[j])
			j++
		}
		power := 1
		if j < len(rs) {
			switch rs[j] {
			case '1':
				j++
			case '2':
				power = 2
				j++
				if j < len(rs) && (rs[j] == '\'' || rs[j] == '’') {
					j++ // U2' is a half turn
				}
			case '3', '\'', '’', '-':
				power = 3
				j++
			}
		}
		if j < len(rs) && strings.ContainsRune("0123456789'’-as", rs[j]) {
			return nil, fmt.Errorf("%w: bad token %q at column %d", ErrSyntax, string(rs[i:j+1]), col)
		}
		m := MoveOf(layer, power)
		moves = append(moves, m)
		if axisForm != 0 {
			opposite := MoveOf(oppositeFace(layer), power)
			if axisForm == 's' {
				opposite = opposite.Inverse()
			}
			moves = append(moves, opposite)
		}
		i = j
	}
	return moves, nil
}

func layerOfRune(r rune) (Layer, bool) {
	for l := range NLayers {
		if layerNames[l] == string(r) {
			return l, true
		}
	}
	return 0, false
}

func oppositeFace(l Layer) Layer { return (l + 3) % 6 }

// FormatManeuver writes moves in standard notation separated by spaces.
func FormatManeuver(moves []Move) string {
	parts := make([]string, len(moves))
	for i, m := range moves {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}

// Generator is one line of a Cube Explorer maneuver file (seed 003, "Save
// Generators"): "D F2 D' . R B2 R' (12) <Meson>". Length is the count in
// parentheses, 0 when absent; Optimal is Cube Explorer's trailing '*'.
type Generator struct {
	Moves   []Move
	Length  int
	Optimal bool
	Name    string
}

var generatorTail = regexp.MustCompile(`^(.*?)\s*(?:\((\d+)([fqs]?)(\*?)\))?\s*(\*?)\s*(?:<([^>]*)>)?\s*$`)

// ParseGenerator reads one line of a Cube Explorer maneuver file. The
// length in parentheses, if present, must be the maneuver's length in the
// metric its letter names (Metric.Letter: none or f for face turns, a
// slice turn counting two; q for quarter turns; s for slice turns).
func ParseGenerator(line string) (Generator, error) {
	m := generatorTail.FindStringSubmatch(line)
	if m == nil {
		return Generator{}, fmt.Errorf("%w: cannot read line %q", ErrSyntax, line)
	}
	moves, err := ParseManeuver(m[1])
	if err != nil {
		return Generator{}, err
	}
	g := Generator{Moves: moves, Optimal: m[4] == "*" || m[5] == "*", Name: m[6]}
	if m[2] != "" {
		g.Length, _ = strconv.Atoi(m[2])
		metric := HTM
		for _, mt := range Metrics {
			if m[3] == string(mt.Letter()) {
				metric = mt
			}
		}
		want := metric.Length(moves)
		if g.Length != want {
			col := utf8.RuneCountInString(line[:strings.Index(line, "(")]) + 1
			return Generator{}, fmt.Errorf("%w: length (%s) at column %d, but the maneuver has %d moves", ErrSyntax, m[2], col, want)
		}
	}
	return g, nil
}

// letterCodes are seed 004's one-letter move codes: A B C = U U2 U', then
// L, F, D, R, B in the same way.
const letterCodes = "ABCDEFGHIJKLMNOPQR"

var letterFaces = [6]Layer{LayerU, LayerL, LayerF, LayerD, LayerR, LayerB}

// ParseLetterCodes reads a maneuver written in seed 004's letter codes
// ("m=" in its results file), e.g. "AMG" for U R F.
func ParseLetterCodes(s string) ([]Move, error) {
	moves := make([]Move, 0, len(s))
	for i, r := range s {
		k := strings.IndexRune(letterCodes, r)
		if k < 0 {
			return nil, fmt.Errorf("%w: unknown letter code %q at column %d", ErrSyntax, r, i+1)
		}
		moves = append(moves, MoveOf(letterFaces[k/3], k%3+1))
	}
	return moves, nil
}

// FormatLetterCodes writes face turns in seed 004's letter codes; the
// inverse of ParseLetterCodes. It panics on a slice move or rotation.
func FormatLetterCodes(moves []Move) string {
	b := make([]byte, len(moves))
	for i, m := range moves {
		k := -1
		for f, l := range letterFaces {
			if l == m.Layer() {
				k = 3*f + m.Power() - 1
			}
		}
		if k < 0 {
			panic(fmt.Sprintf("cube: FormatLetterCodes(%v): no letter code", m))
		}
		b[i] = letterCodes[k]
	}
	return string(b)
}

// Simplify merges turns of one layer that meet in a maneuver, also across a
// turn of the opposite layer, which commutes with them: "R L R" becomes
// "R2 L", "R R'" disappears. The result does the same to every cube.
func Simplify(moves []Move) []Move {
	var out []Move
	for _, m := range moves {
		n := len(out)
		switch {
		case n > 0 && out[n-1].Layer() == m.Layer():
			out = mergeInto(out, n-1, m)
		case n > 1 && out[n-2].Layer() == m.Layer() && out[n-1].Axis() == m.Axis() && !m.IsRotation():
			out = mergeInto(out, n-2, m)
		default:
			out = append(out, m)
		}
	}
	return out
}

// mergeInto adds m's turn to out[i] (same layer) and drops it if it
// cancels.
func mergeInto(out []Move, i int, m Move) []Move {
	p := (out[i].Power() + m.Power()) % 4
	if p == 0 {
		return append(out[:i], out[i+1:]...)
	}
	out[i] = MoveOf(m.Layer(), p)
	return out
}
