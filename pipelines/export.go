package pipelines

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cubecensus/cubecensus/centers"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/tables"
	"github.com/cubecensus/cubecensus/upperface"
)

// positionsTable is the upperface stage's table of positions.
const positionsTable = "upperface_positions"

// readForExport reads the table called name from dir for an export: it
// must keep its invariants (CheckTable), hold rows rows and the columns
// the export reads, of their kinds, so that a damaged or foreign table is
// refused naming what is wrong, never printed as a file of holes.
func readForExport(dir, name, stage string, rows int, columns map[string]tables.Kind) (*tables.Table, error) {
	path := filepath.Join(dir, name+tables.Extension)
	t, _, err := tables.Read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s not found: run `cubecensus run %s --out %s` first", path, stage, dir)
	}
	if err != nil {
		return nil, err
	}
	for _, col := range slices.Sorted(maps.Keys(columns)) {
		if i := t.Index(col); i < 0 || t.Columns[i].Kind != columns[col] {
			return nil, fmt.Errorf("%s: no column %s of %v: not the %s table", path, col, columns[col], name)
		}
	}
	if len(t.Rows) != rows {
		return nil, fmt.Errorf("%s: %d rows, want %d", path, len(t.Rows), rows)
	}
	if err := CheckTable(t); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// metricColumnKinds are the kinds of metricColumns' columns for the
// metrics named.
func metricColumnKinds(metrics ...cube.Metric) map[string]tables.Kind {
	kinds := map[string]tables.Kind{}
	for _, c := range metricColumns("") {
		for _, m := range metrics {
			if strings.HasPrefix(c.Name, strings.ToLower(m.String())+"_") {
				kinds[c.Name] = c.Kind
			}
		}
	}
	return kinds
}

// upperfaceTable reads the positions table from dir, checking that it has
// a row per position in un order and the columns of the metrics named.
func upperfaceTable(dir string, metrics ...cube.Metric) (*tables.Table, error) {
	kinds := metricColumnKinds(metrics...)
	kinds["un"] = tables.Int64
	t, err := readForExport(dir, positionsTable, "upperface", upperface.NPositions, kinds)
	if err != nil {
		return nil, err
	}
	un := t.Index("un")
	for i, row := range t.Rows {
		if row[un] != int64(i) {
			return nil, fmt.Errorf("%s: row %d holds un %v", filepath.Join(dir, positionsTable+tables.Extension), i, row[un])
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

// ExportSeed004 writes the upperface table in dir as seed 004's results
// file: a line per position (upperface.Seed004Line) with metric m's
// distances and maneuvers. m must be HTM or QTM, whose maneuvers are face
// turns (an error wrapping ErrOption otherwise), and every position's
// distance must be proven.
func ExportSeed004(w io.Writer, dir string, m cube.Metric) error {
	if m == cube.STM {
		return fmt.Errorf("%w: --metric STM: seed 004's letter codes name face turns, and STM maneuvers have slice turns", ErrOption)
	}
	t, err := upperfaceTable(dir, m)
	if err != nil {
		return err
	}
	prefix := strings.ToLower(m.String())
	unresolved := 0
	for _, row := range t.Rows {
		if cell(t, row, prefix+"_distance") == nil {
			unresolved++
		}
	}
	if unresolved > 0 {
		return fmt.Errorf("%d positions have no proven %v distance in %s (seed 004's file holds distances; the bounds are in `cubecensus show`)",
			unresolved, m, filepath.Join(dir, positionsTable+tables.Extension))
	}
	var b strings.Builder
	for un, row := range t.Rows {
		text, _ := cell(t, row, prefix+"_maneuver").(string)
		moves, err := cube.ParseManeuver(text)
		if err != nil {
			return fmt.Errorf("un %d: %w", un, err)
		}
		line, err := upperface.Seed004Line(un, moves)
		if err != nil {
			return err
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// classesTable is the centers stage's table of classes.
const classesTable = "centers_classes"

// ExportCubeExplorer writes the centers classes table in dir in seed 000's
// line format, a line per nontrivial class: the face-turn maneuver and its
// length "(14f*)", the slice-turn maneuver and "(8s*)", a tab and the
// representative's twists ("u+ d-"). The star marks a proven optimum; a
// metric with no maneuver known is left out of its line, and a class with
// none is a comment line with its lower bounds.
func ExportCubeExplorer(w io.Writer, dir string) error {
	kinds := metricColumnKinds(cube.HTM, cube.STM)
	kinds["notation"] = tables.String
	t, err := readForExport(dir, classesTable, "centers", len(centers.Classes()), kinds)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, row := range t.Rows {
		notation, _ := cell(t, row, "notation").(string)
		if notation == "solved" {
			continue
		}
		var parts, unknown []string
		for _, m := range []cube.Metric{cube.HTM, cube.STM} {
			p := strings.ToLower(m.String())
			text, ok := cell(t, row, p+"_maneuver").(string)
			if !ok {
				unknown = append(unknown, fmt.Sprintf("%v >= %d", m, cell(t, row, p+"_lower")))
				continue
			}
			star := ""
			if cell(t, row, p+"_distance") != nil {
				star = "*"
			}
			parts = append(parts, fmt.Sprintf("%s (%d%c%s)", text, cell(t, row, p+"_upper"), m.Letter(), star))
		}
		if len(parts) == 0 {
			fmt.Fprintf(&b, "# %s: no maneuver known (%s)\n", notation, strings.Join(unknown, ", "))
			continue
		}
		fmt.Fprintf(&b, "%s\t%s\n", strings.Join(parts, " "), notation)
	}
	_, err = io.WriteString(w, b.String())
	return err
}
