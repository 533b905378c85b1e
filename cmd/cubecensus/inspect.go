package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cubecensus/cubecensus/burnside"
	"github.com/cubecensus/cubecensus/cube"
)

func cmdInspect(stdout io.Writer, args []string) error {
	fs := flag.NewFlagSet("inspect", flag.ContinueOnError)
	dir := fs.String("results", "results", "folder of the result tables (for upper-face distances)")
	words, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(words) == 0 {
		return fmt.Errorf("%w: inspect wants a MANEUVER or a 54-character FACELETS string", errUsage)
	}
	input := strings.Join(words, " ")
	var c cube.Cube
	var moves []cube.Move
	if looksLikeFacelets(input) {
		c, err = cube.ParseFacelets(input)
		if err != nil {
			return fmt.Errorf("inspect: facelets: %w", err)
		}
	} else {
		moves, err = cube.ParseManeuver(input)
		if err != nil {
			return fmt.Errorf("inspect: %w", err)
		}
		c = cube.FromMoves(moves)
	}
	_, err = io.WriteString(stdout, describe(c, moves)+describeUpperface(c, *dir))
	return err
}

// looksLikeFacelets reports whether s is meant as a facelet string: 54
// characters once spaces are removed, and either six colours nine times
// each or no reading as a maneuver.
func looksLikeFacelets(s string) bool {
	compact := strings.Join(strings.Fields(s), "")
	if len(compact) != cube.NFacelets {
		return false
	}
	counts := map[rune]int{}
	for _, r := range compact {
		counts[r]++
	}
	if len(counts) == 6 {
		return true
	}
	_, err := cube.ParseManeuver(s)
	return err != nil
}

func describe(c cube.Cube, moves []cube.Move) string {
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
		fmt.Fprintf(&b, "length       %d face turns, %d slice turns, %d rotations (HTM %d, QTM %d, STM %d)",
			faces, slices, rotations, cube.HTM.Length(moves), cube.QTM.Length(moves), cube.STM.Length(moves))
		b.WriteString("\n")
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
	fmt.Fprintf(&b, "parity       %s\n", map[int]string{0: "even", 1: "odd"}[c.CornerParity()])
	return b.String()
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
