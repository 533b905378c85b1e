package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/tables"
	"github.com/cubecensus/cubecensus/upperface"
)

// positionsFile is the upperface stage's table of positions.
const positionsFile = "upperface_positions" + tables.Extension

// upperfaceTable reads the positions table from dir, checking that it has
// a row per position in un order.
func upperfaceTable(dir string) (*tables.Table, error) {
	path := filepath.Join(dir, positionsFile)
	t, _, err := tables.Read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s not found: run `cubecensus run upperface --out %s` first", path, dir)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(t.Rows) != upperface.NPositions || t.Index("un") < 0 {
		return nil, fmt.Errorf("%s: %d rows, want %d with an un column", path, len(t.Rows), upperface.NPositions)
	}
	for i, row := range t.Rows {
		if row[t.Index("un")] != int64(i) {
			return nil, fmt.Errorf("%s: row %d holds un %v", path, i, row[t.Index("un")])
		}
	}
	return t, nil
}

// cell returns row's value in the named column, nil if null or absent.
func cell(t *tables.Table, row []any, name string) any {
	if i := t.Index(name); i >= 0 {
		return row[i]
	}
	return nil
}

// cmdExport writes a table in another program's format: for now the
// upperface table in seed 004's results-file format.
func cmdExport(stdout io.Writer, args []string) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	format := fs.String("format", "seed004", "seed004: seed 004's results-file lines")
	metric := fs.String("metric", "HTM", "HTM or QTM: whose maneuvers and distances to write")
	dir := fs.String("results", "results", "folder of the result tables")
	what, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(what) != 1 || what[0] != "upperface" {
		return fmt.Errorf("%w: export wants one table, upperface (got %q)", errUsage, strings.Join(what, " "))
	}
	if *format != "seed004" {
		return fmt.Errorf("%w: export: unknown --format %q (want seed004)", errUsage, *format)
	}
	m := strings.ToLower(*metric)
	switch m {
	case "htm", "qtm":
	case "stm":
		return fmt.Errorf("%w: export: --metric STM: seed 004's letter codes name face turns, and STM maneuvers have slice turns", errUsage)
	default:
		return fmt.Errorf("%w: export: unknown --metric %q (want HTM or QTM)", errUsage, *metric)
	}
	t, err := upperfaceTable(*dir)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	unresolved := 0
	for _, row := range t.Rows {
		if cell(t, row, m+"_distance") == nil {
			unresolved++
		}
	}
	if unresolved > 0 {
		return fmt.Errorf("export: %d positions have no proven %s distance in %s (seed 004's file holds distances; the bounds are in `cubecensus show`)",
			unresolved, strings.ToUpper(m), filepath.Join(*dir, positionsFile))
	}
	var b strings.Builder
	for un, row := range t.Rows {
		text, _ := cell(t, row, m+"_maneuver").(string)
		moves, err := cube.ParseManeuver(text)
		if err != nil {
			return fmt.Errorf("export: un %d: %w", un, err)
		}
		line, err := upperface.Seed004Line(un, moves)
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	_, err = io.WriteString(stdout, b.String())
	return err
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
	t, err := upperfaceTable(dir)
	if err != nil {
		fmt.Fprintf(&b, "distances    unknown: %v\n", err)
		return b.String()
	}
	row := t.Rows[un]
	for _, m := range []string{"HTM", "QTM", "STM"} {
		p := strings.ToLower(m)
		lower, upper := cell(t, row, p+"_lower"), cell(t, row, p+"_upper")
		switch {
		case upper == nil:
			fmt.Fprintf(&b, "%-12s not searched\n", m)
		case cell(t, row, p+"_distance") != nil:
			fmt.Fprintf(&b, "%-12s %d: %s\n", m, upper, cell(t, row, p+"_maneuver"))
		default:
			fmt.Fprintf(&b, "%-12s %d..%d (bounds): %s\n", m, lower, upper, cell(t, row, p+"_maneuver"))
		}
	}
	return b.String()
}
