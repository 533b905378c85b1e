package tables

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// Formats accepted by Format.
var Formats = []string{"table", "csv", "json"}

// Format prints t: "table" aligns columns for people, "csv" writes a header
// and one line per row, "json" writes an array of objects. Exact counts stay
// exact in every format: JSON writes decimal128 and uint64 counts as
// strings of all their digits, since JSON readers (jq, JavaScript) round
// numbers beyond 2^53.
func Format(w io.Writer, t *Table, format string) error {
	switch format {
	case "table":
		return formatText(w, t)
	case "csv":
		return formatCSV(w, t)
	case "json":
		return formatJSON(w, t)
	}
	return fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(Formats, ", "))
}

// cell renders one value; null is the empty string.
func cell(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case int64:
		return strconv.FormatInt(v, 10)
	case uint64:
		return strconv.FormatUint(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	case *big.Int:
		return v.String()
	}
	panic(fmt.Sprintf("tables: cannot print %T", v))
}

func formatText(w io.Writer, t *Table) error {
	width := make([]int, len(t.Columns))
	for i, c := range t.Columns {
		width[i] = len(c.Name)
	}
	cells := make([][]string, len(t.Rows))
	for r, row := range t.Rows {
		cells[r] = make([]string, len(row))
		for i, v := range row {
			cells[r][i] = cell(v)
			width[i] = max(width[i], len(cells[r][i]))
		}
	}
	line := func(values []string) error {
		parts := make([]string, len(values))
		for i, v := range values {
			if t.Columns[i].Kind == String || t.Columns[i].Kind == Bool {
				parts[i] = fmt.Sprintf("%-*s", width[i], v)
			} else {
				parts[i] = fmt.Sprintf("%*s", width[i], v)
			}
		}
		_, err := fmt.Fprintln(w, strings.TrimRight(strings.Join(parts, "  "), " "))
		return err
	}
	header := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		header[i] = c.Name
	}
	if err := line(header); err != nil {
		return err
	}
	for _, row := range cells {
		if err := line(row); err != nil {
			return err
		}
	}
	return nil
}

func formatCSV(w io.Writer, t *Table) error {
	cw := csv.NewWriter(w)
	header := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		header[i] = c.Name
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, row := range t.Rows {
		rec := make([]string, len(row))
		for i, v := range row {
			rec[i] = cell(v)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func formatJSON(w io.Writer, t *Table) error {
	var b strings.Builder
	b.WriteString("[")
	for r, row := range t.Rows {
		if r > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  {")
		for i, v := range row {
			if i > 0 {
				b.WriteString(", ")
			}
			name, _ := json.Marshal(t.Columns[i].Name)
			b.Write(name)
			b.WriteString(": ")
			b.WriteString(jsonValue(v))
		}
		b.WriteString("}")
	}
	b.WriteString("\n]\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// jsonValue writes v as JSON: decimal and uint64 counts as strings of
// digits, non-finite floats as null.
func jsonValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case *big.Int, uint64:
		return `"` + cell(v) + `"`
	case string:
		s, _ := json.Marshal(v)
		return string(s)
	case float64:
		s, err := json.Marshal(v)
		if err != nil {
			return "null"
		}
		return string(s)
	}
	return cell(v)
}

// FormatProvenance prints a table's provenance and column docs, one fact a
// line, for `cubecensus show --meta`.
func FormatProvenance(w io.Writer, t *Table, p Provenance) error {
	lines := []string{
		"table        " + t.Name,
		"stage        " + p.Stage,
		"program      " + p.Program + " " + p.Version,
		"commit       " + p.Commit,
		"build        " + p.Build,
		"go           " + p.GoVersion,
		"start        " + p.Start.String(),
		"end          " + p.End.String(),
		fmt.Sprintf("wall seconds %.3f", p.WallSeconds()),
		fmt.Sprintf("cores        %d, workers %d", p.Cores, p.Workers),
		"checksum     " + p.Checksum + " (SHA-256 of the file, checked)",
	}
	for _, k := range slices.Sorted(maps.Keys(p.Params)) {
		lines = append(lines, fmt.Sprintf("param        %s = %s", k, p.Params[k]))
	}
	for _, c := range t.Columns {
		lines = append(lines, fmt.Sprintf("column       %s (%v): %s", c.Name, c.Kind, c.Doc))
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n")+"\n")
	return err
}
