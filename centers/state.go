package centers

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/cubecensus/cubecensus/cube"
)

// State is a center-twist state, numbered by its twists: the quarter turns
// (0..3, clockwise as seen from outside) of the six centers in face order U
// R F D L B, read as a base-4 number with U the most significant digit. So
// u+ d- (U's center a quarter turn clockwise, D's counterclockwise) is
// 1024 + 3*16 = 1072 and b++ is 2. Only states whose twists add up to an even number occur (a maneuver
// that solves the cubies has an even number of quarter turns): 2048 of the
// 4096 numbers.
type State uint16

// Size of the numbering and the number of states.
const (
	NNumbers = 4096 // 4^6
	NStates  = 2048 // the numbers with an even sum of twists
)

// Solved is the state with no center turned.
const Solved State = 0

// FromTwists returns the state with the given twists, in face order U R F
// D L B, each taken mod 4. Twists is its inverse.
func FromTwists(t [6]int) State {
	var s State
	for _, x := range t {
		s = s<<2 | State(x&3)
	}
	return s
}

// Twists returns the quarter turns of each center, in face order U R F D L
// B. It is the inverse of FromTwists.
func (s State) Twists() [6]int {
	var t [6]int
	for f := 5; f >= 0; f-- {
		t[f] = int(s & 3)
		s >>= 2
	}
	return t
}

// Twist returns the quarter turns of one face's center.
func (s State) Twist(f cube.Layer) int { return int(s>>(2*(5-uint(f)))) & 3 }

// Valid reports whether s numbers a state: at most 4095, an even sum.
func (s State) Valid() bool {
	return s < NNumbers && stateParity(s) == 0
}

// stateParity is the parity of a state's total quarter turns, which is its
// corner permutation's.
func stateParity(s State) int {
	t := s.Twists()
	return (t[0] + t[1] + t[2] + t[3] + t[4] + t[5]) & 1
}

// States lists the 2048 states in increasing order of their numbers.
var States = func() []State {
	all := make([]State, 0, NStates)
	for s := range State(NNumbers) {
		if s.Valid() {
			all = append(all, s)
		}
	}
	return all
}()

// Index is s's position in States: its number halved, as the parity of the
// others fixes the last digit's low bit. FromIndex is its inverse.
func (s State) Index() int { return int(s >> 1) }

// FromIndex returns States[i].
func FromIndex(i int) State {
	s := State(i << 1)
	if !s.Valid() {
		s |= 1
	}
	return s
}

// Add returns the state of doing s, then t: the twists add (centers that
// stay in place only accumulate turns). Each base-4 digit adds mod 4 in its
// two bits: the low bits add without carry, the high bits take the low
// bits' carry, and nothing carries out of a digit.
func (s State) Add(t State) State {
	const low = 0x555
	carry := (s & t & low) << 1
	return (s^t)&low | (s^t^carry)&^low&0xfff
}

// Neg returns the state that undoes s: the state of the inverse maneuver.
func (s State) Neg() State {
	a := s.Twists()
	for f := range a {
		a[f] = -a[f]
	}
	return FromTwists(a)
}

// Of returns the state a maneuver of the home frame gives the centers when
// it solves the cubies: each face's quarter turns, mod 4. (In the home
// frame the centers never move, so only the turns count; see the package
// doc for the slice turns.)
func Of(w cube.Word) State {
	var t [6]int
	for _, e := range w {
		p, q := e.Powers()
		t[e.Axis()] += p
		t[e.Axis()+3] += q
	}
	return FromTwists(t)
}

// moveState[e] is Of(axis move e alone): what each move adds to a state.
var moveState = func() (t [1 << 6]State) {
	for _, e := range cube.AxisMoves {
		t[e] = Of(cube.Word{e})
	}
	return t
}()

// Conjugate returns the state s seen through symmetry y: the state of the
// maneuver w.Conjugate(y) for every w with state s. Each face turn maps to
// a face turn, clockwise or not (reflections reverse the sense), so the
// map is a signed permutation of the twists.
func (s State) Conjugate(y cube.Sym) State {
	return conjugated()[y][s]
}

// conjugated is built on first use, not at start-up: 48 x 4096 states.
var conjugated = sync.OnceValue(func() (t *[cube.NSyms][NNumbers]State) {
	t = new([cube.NSyms][NNumbers]State)
	for y := range cube.Sym(cube.NSyms) {
		for s := range State(NNumbers) {
			var out [6]int
			for f, x := range s.Twists() {
				m := cube.ConjugateMove(cube.MoveOf(cube.Layer(f), 1), y)
				sign := 1
				if m.Power() == 3 {
					sign = -1
				}
				out[m.Layer()] += sign * x
			}
			t[y][s] = FromTwists(out)
		}
	}
	return t
})

// notationOrder is the order seed 000 writes the faces in: "u+ d- f+ b+ r- l-".
var notationOrder = [6]cube.Layer{cube.LayerU, cube.LayerD, cube.LayerF, cube.LayerB, cube.LayerR, cube.LayerL}

var twistSuffix = [4]string{"", "+", "++", "-"}

// String writes s in seed 000's notation: the turned centers in the order
// u d f b r l, each as its lower-case face letter and + (a clockwise quarter
// turn), ++ (a half turn) or - (counterclockwise), separated by spaces; the
// solved state is "solved". ParseState is its inverse.
func (s State) String() string {
	var parts []string
	for _, f := range notationOrder {
		if x := s.Twist(f); x != 0 {
			parts = append(parts, strings.ToLower(f.String())+twistSuffix[x])
		}
	}
	if len(parts) == 0 {
		return "solved"
	}
	return strings.Join(parts, " ")
}

// ErrNotation is wrapped by the errors of ParseState.
var ErrNotation = errors.New("bad center-twist notation")

// ParseState reads seed 000's notation (see String), faces in any order,
// each at most once; "solved" or an empty string is the solved state. The
// twists must add up to an even number, as they do for every state.
func ParseState(text string) (State, error) {
	var t [6]int
	var seen [6]bool
	fields := strings.Fields(text)
	if len(fields) == 1 && fields[0] == "solved" {
		return Solved, nil
	}
	for _, tok := range fields {
		f, ok := faceOfLetter(tok[0])
		x := indexOf(twistSuffix[1:], tok[1:]) + 1
		if !ok || x == 0 {
			return 0, fmt.Errorf("%w: %q is not a face letter u r f d l b followed by +, ++ or -", ErrNotation, tok)
		}
		if seen[f] {
			return 0, fmt.Errorf("%w: %q turns the %s center a second time", ErrNotation, tok, f)
		}
		seen[f], t[f] = true, x
	}
	s := FromTwists(t)
	if !s.Valid() {
		return 0, fmt.Errorf("%w: %q turns the centers an odd number of quarter turns in all, which no maneuver does", ErrNotation, text)
	}
	return s, nil
}

func faceOfLetter(b byte) (cube.Layer, bool) {
	i := strings.IndexByte("urfdlb", b)
	return cube.Layer(max(i, 0)), i >= 0
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
