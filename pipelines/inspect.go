package pipelines

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/cubecensus/cubecensus/burnside"
	"github.com/cubecensus/cubecensus/centers"
	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/solver"
	"github.com/cubecensus/cubecensus/tables"
	"github.com/cubecensus/cubecensus/upperface"
)

// Reading says how ReadCube reads its input.
type Reading int

// The readings of an input.
const (
	AutoReading     Reading = iota // by ReadingRule
	FaceletReading                 // a facelet string
	ManeuverReading                // a maneuver
)

// ReadingRule is how ReadCube tells a facelet string from a maneuver, for
// the help of the commands that use it.
const ReadingRule = `The input is read as a facelet string when, without its spaces, it has 54
characters, each of them one of the six center stickers' (the fifth of each
face), with at most six distinct symbols; and also when it has 53 or 55
characters of at most six symbols (a facelet string of the wrong length, an
error). Anything else is read as a maneuver. --facelets or --maneuver
overrides the rule (a 54-move maneuver written with six letters, say).`

// ErrEmptyCube is ReadCube's error for an empty or blank input.
var ErrEmptyCube = errors.New("no cube given: the input is empty or blank (the solved cube is UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB)")

// ReadCube reads a position given as a facelet string or a maneuver. It
// returns the moves when it read a maneuver, and a note when the rule chose
// a maneuver for an input that might have been meant as facelets. An empty
// or blank input is refused with ErrEmptyCube (an unset $CUBE is not the
// solved cube).
func ReadCube(input string, how Reading) (c cube.Cube, moves []cube.Move, note string, err error) {
	compact := strings.Join(strings.Fields(input), "")
	if compact == "" {
		return c, nil, "", ErrEmptyCube
	}
	if how == AutoReading {
		how = ManeuverReading
		if looksLikeFacelets(compact) {
			how = FaceletReading
		} else if len(compact) == cube.NFacelets && symbols(compact) <= 6 {
			note = "read as a maneuver: not all of its characters are among its center stickers' (give --facelets to read it as a facelet string)"
		}
	}
	if how == FaceletReading {
		c, err = cube.ParseFacelets(compact)
		if err != nil {
			return c, nil, "", fmt.Errorf("facelets: %w (give --maneuver to read the input as a maneuver)", err)
		}
		return c, nil, "", nil
	}
	moves, err = cube.ParseManeuver(input)
	if err != nil {
		return c, nil, "", err
	}
	return cube.FromMoves(moves), moves, note, nil
}

// looksLikeFacelets applies ReadingRule to an input without spaces.
func looksLikeFacelets(s string) bool {
	if symbols(s) > 6 {
		return false
	}
	switch len(s) {
	case cube.NFacelets - 1, cube.NFacelets + 1:
		return true
	case cube.NFacelets:
		var middles string
		for face := range 6 {
			middles += s[9*face+4 : 9*face+5]
		}
		for _, r := range s {
			if !strings.ContainsRune(middles, r) {
				return false
			}
		}
		return true
	}
	return false
}

// symbols counts the distinct characters of s.
func symbols(s string) int {
	seen := map[rune]bool{}
	for _, r := range s {
		seen[r] = true
	}
	return len(seen)
}

// Inspect writes what cubecensus knows of a position: its maneuver's
// lengths (when given one), facelets, net, coordinates, subgroup H, symmetry
// types, order and parity; its distance from solved in face turns (when
// the solver's tables are cached); and for an upper-face position its seed 004
// numbers, cases and, from the positions table in dir if there is one, its
// distances; and for a maneuver that solves every cubie the center twists it
// leaves, their class and, from the centers table in dir, their distances.
//
// budget bounds the optimal search's nodes (InspectNodeBudget answers in a
// blink; a larger one proves more distances, and from bigTableBudget on
// uses the optimal solver's big table where it is cached).
func Inspect(w io.Writer, c cube.Cube, moves []cube.Move, note, dir string, budget int64) error {
	var b strings.Builder
	if moves != nil {
		faces, slices, rotations := 0, 0, 0
		for _, m := range moves {
			switch {
			case m.IsFace():
				faces++
			case m.IsSlice():
				slices++
			default:
				rotations++
			}
		}
		fmt.Fprintf(&b, "maneuver     %s\n", cube.FormatManeuver(moves))
		if note != "" {
			fmt.Fprintf(&b, "note         %s\n", note)
		}
		fmt.Fprintf(&b, "length       %d face turns, %d slice turns, %d rotations (HTM %d, QTM %d, STM %d)\n",
			faces, slices, rotations, cube.HTM.Length(moves), cube.QTM.Length(moves), cube.STM.Length(moves))
	}
	fmt.Fprintf(&b, "facelets     %s\n", c.Facelets())
	fmt.Fprintf(&b, "net\n%s", indent(c.Net(), "  "))
	fmt.Fprintf(&b, "coordinates  twist %d, flip %d, slice %d, corner_perm %d, edge_perm %d, slice_sorted %d\n",
		c.Twist(), c.Flip(), c.Slice(), c.CornerPerm(), c.EdgePerm(), c.SliceSorted())
	if c.Twist() == 0 && c.Flip() == 0 && c.Slice() == 0 {
		fmt.Fprintf(&b, "subgroup H   yes: ud_edge_perm %d, slice_sorted %d (phase-2 coordinates)\n", c.UDEdgePerm(), c.SliceSorted())
	} else {
		b.WriteString("subgroup H   no\n")
	}
	sm := burnside.Stabilizer(c, burnside.GroupM)
	smc2 := burnside.Stabilizer(c, burnside.GroupMC2)
	fmt.Fprintf(&b, "symmetry     %s under M (%d symmetries)\n", burnside.TypeOf(sm), sm.Len())
	t := burnside.TypeOf(smc2)
	fmt.Fprintf(&b, "             %s of kind %d under M x C2 (%d elements)\n", t, t.Kind, smc2.Len())
	fmt.Fprintf(&b, "order        %d\n", c.Order())
	fmt.Fprintf(&b, "parity       %s\n", [2]string{"even", "odd"}[c.CornerParity()])
	b.WriteString(describeDistance(c, budget))
	b.WriteString(describeUpperface(c, dir))
	b.WriteString(describeCenters(moves, dir))
	_, err := io.WriteString(w, b.String())
	return err
}

// InspectNodeBudget is inspect's default node budget, of the optimal search
// and of the two-phase search after it: a fraction of a second with phase
// 1's table, which proves cubes up to about 12 face turns from solved and
// bounds the others. From bigTableBudget nodes on (about a
// minute with the big table, enough for nearly every cube) the big table is
// used where it is cached: loading its 2.3 GB takes seconds, which a
// smaller budget would not repay.
const (
	InspectNodeBudget = 1e6
	bigTableBudget    = 1e8
)

// describeDistance says how far c is from solved in face turns, when the
// solver's tables are cached (cubecensus solve builds them): the distance
// where the optimal solver proves it within budget nodes, else the bounds
// it proved and a two-phase solution gives.
func describeDistance(c cube.Cube, budget int64) string {
	if !coord.Cached("") {
		return "distance     unknown: the solver's tables are not built yet (`cubecensus solve` builds them once)\n"
	}
	big := budget >= bigTableBudget && coord.OptimalTableCached("", coord.BigTable, cube.HTM)
	cfg := coord.Config{}
	if big {
		cfg.Optimal = coord.BigTable
	}
	s, err := solver.NewWith(cfg)
	if err != nil {
		return fmt.Sprintf("distance     unknown: %v\n", err)
	}
	s.NodeBudget = budget
	o, err := s.Optimal(context.Background(), c, cube.HTM, runtime.NumCPU())
	switch {
	case err == nil:
		return fmt.Sprintf("distance     %d face turns (optimal): %s\n", len(o.Moves), cube.FormatManeuver(o.Moves))
	case !errors.Is(err, solver.ErrBudget):
		return fmt.Sprintf("distance     unknown: %v\n", err)
	}
	s.ExtraDepths = 0 // the first solution within 20 moves, or the best within the budget
	two, err := s.Solve(c, 20)
	if err != nil {
		two, err = s.Solve(c, 30) // found at once: an upper bound all the same
	}
	if err != nil {
		return fmt.Sprintf("distance     at least %d face turns (the optimal search stopped at %.0g nodes)\n", o.Lower, float64(budget))
	}
	return fmt.Sprintf("distance     %d to %d face turns (the optimal search stopped at %.0g nodes; two-phase: %s)\n", o.Lower, len(two), float64(budget), cube.FormatManeuver(two))
}

func indent(s, prefix string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "")
}

// describeUpperface says what cubecensus knows of an upper-face position:
// its numbers, its cases and, from the positions table in dir if there is
// one, its distances. It returns "" for other cubes.
func describeUpperface(c cube.Cube, dir string) string {
	p, err := upperface.FromCube(c)
	if err != nil {
		return ""
	}
	var b strings.Builder
	un := p.Un()
	epn, etn, cpn, ctn := p.Numbers()
	ep, et, cp, ct := p.Digits()
	fmt.Fprintf(&b, "upper face   un %d: epn %d, etn %d, cpn %d, ctn %d; ep %s, et %s, cp %s, ct %s (seed 004)\n", un, epn, etn, cpn, ctn, ep, et, cp, ct)
	ids := make([]string, len(upperface.CaseKinds))
	for i, k := range upperface.CaseKinds {
		ids[i] = fmt.Sprintf("%s %d", k, upperface.CaseID(k, un))
	}
	fmt.Fprintf(&b, "cases        %s (the least un of each case)\n", strings.Join(ids, ", "))
	t, err := upperfaceTable(dir, cube.Metrics...)
	if err != nil {
		fmt.Fprintf(&b, "distances    unknown: %v\n", err)
		return b.String()
	}
	describeDistances(&b, t, t.Rows[un])
	return b.String()
}

// describeDistances writes a line per metric from a row with the columns
// <m>_distance, <m>_lower, <m>_upper and <m>_maneuver: the distance and its
// maneuver, or the bounds, or that the metric was not searched.
func describeDistances(b *strings.Builder, t *tables.Table, row []any) {
	for _, m := range cube.Metrics {
		p := strings.ToLower(m.String())
		lower, upper := cell(t, row, p+"_lower"), cell(t, row, p+"_upper")
		switch {
		case lower == nil:
			fmt.Fprintf(b, "%-12s not searched\n", m)
		case cell(t, row, p+"_distance") != nil:
			fmt.Fprintf(b, "%-12s %d: %s\n", m, upper, cell(t, row, p+"_maneuver"))
		case upper == nil:
			fmt.Fprintf(b, "%-12s at least %d (no maneuver known)\n", m, lower)
		default:
			fmt.Fprintf(b, "%-12s %d..%d (bounds): %s\n", m, lower, upper, cell(t, row, p+"_maneuver"))
		}
	}
}

// statesTable is the centers stage's table of states.
const statesTable = "centers_states"

// describeCenters says what a maneuver that solves every cubie does to the
// centers (on the supercube model, rotations and slice turns included) and,
// from the states table in dir if there is one, how far that state is from
// solved. It returns "" for other maneuvers and for facelets, which do not
// show the centers' turns.
func describeCenters(moves []cube.Move, dir string) string {
	if moves == nil {
		return ""
	}
	c := centers.NewSupercube()
	c.ApplyAll(moves)
	s, err := c.Result()
	if err != nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "centers      %s: state %d, class %d of 74 (seed 000's twisted centers)\n", s, s, s.Class())
	path := filepath.Join(dir, statesTable+tables.Extension)
	t, _, err := tables.Read(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		fmt.Fprintf(&b, "distances    unknown: %s not found: run `cubecensus run centers --out %s` first\n", path, dir)
		return b.String()
	case err != nil:
		fmt.Fprintf(&b, "distances    unknown: %v\n", err)
		return b.String()
	case len(t.Rows) != centers.NStates || cell(t, t.Rows[s.Index()], "state") != int64(s):
		fmt.Fprintf(&b, "distances    unknown: %s does not hold the %d states in order\n", path, centers.NStates)
		return b.String()
	}
	describeDistances(&b, t, t.Rows[s.Index()])
	return b.String()
}
