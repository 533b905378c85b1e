package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/internal/lockfile"
	"github.com/cubecensus/cubecensus/tables"
	"github.com/cubecensus/cubecensus/upperface"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func runCmd(args ...string) (string, string, error) {
	var out, errb bytes.Buffer
	err := run(context.Background(), &out, &errb, args)
	return out.String(), errb.String(), err
}

// TestRunShow runs the canonical stage on a reduced instance and reads the
// table back through show.
func TestRunShow(t *testing.T) {
	dir := t.TempDir()
	out, logs, err := runCmd("run", "canonical", "--out", dir, "--workers", "2", "--bruteforce-depth", "3")
	if err != nil {
		t.Fatalf("run: %v\n%s", err, logs)
	}
	if !strings.Contains(out, "canonical_sequences.arrow") || strings.Contains(out, "level=") {
		t.Errorf("stdout should list the tables and hold no logs:\n%s", out)
	}
	if !strings.Contains(logs, "brute force agrees with matrix counts") {
		t.Errorf("no self-check in the logs:\n%s", logs)
	}
	csv, _, err := runCmd("show", filepath.Join(dir, "canonical_sequences.arrow"), "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"metric,move_set,moves,depth,canonical_sequences,distinct_positions,ratio,branching_factor",
		"HTM,S,18,3,3240,3240,1,",
		"HTM,S,18,20,43946585901564160587264,,,",
	} {
		if !strings.Contains(csv, want) {
			t.Errorf("show csv lacks %q:\n%s", want, csv[:min(len(csv), 600)])
		}
	}
	meta, _, err := runCmd("show", "--meta", filepath.Join(dir, "canonical_prepass.arrow"))
	if err != nil || !strings.Contains(meta, "param        bruteforce.S.depth = 3") || !strings.Contains(meta, "checksum     cubecensus-sha256:") {
		t.Errorf("show --meta: %v\n%s", err, meta)
	}
	// A damaged table is refused in one line (byte 3276 xor 0xff of this
	// table used to panic show).
	path := filepath.Join(dir, "canonical_sequences.arrow")
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	file[3276] ^= 0xff
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCmd("show", path); !errors.Is(err, tables.ErrChecksum) || errors.Is(err, errUsage) || !strings.Contains(err.Error(), path) {
		t.Errorf("show of a damaged table: %v", err)
	}
}

func TestErrorsAreOneLine(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		usage bool
		want  string
	}{
		{[]string{}, true, "no command"},
		{[]string{"frobnicate"}, true, `"frobnicate"`},
		{[]string{"lst"}, true, "did you mean list"},
		{[]string{"run", "nope"}, true, `unknown stage "nope"`},
		{[]string{"run", "canonical", "canonical"}, true, `stage "canonical" named twice`},
		{[]string{"run", "--workers", "0"}, true, `invalid argument "0" for "--workers" flag: want a whole number from 1`},
		{[]string{"run", "--mem-budget", "lots"}, true, `"lots"`},
		{[]string{"run", "--mem-budget", "NaN"}, true, `invalid argument "NaN" for "--mem-budget"`},
		{[]string{"run", "--mem-budget", "100TiB"}, true, "--mem-budget 100.0 TiB is more than 3/4"},
		{[]string{"run", "canonical", "--bruteforce-depth", "12", "--mem-budget", "1GiB", "--out", "/nonexistent/x"}, true, "needs about"},
		{[]string{"run", "canonical", "--upperface-metrics", "XYZ"}, true, `"XYZ"`},
		{[]string{"run", "canonical", "--upperface-metrics", "HTM"}, true, "an option of the upperface stage"},
		{[]string{"run", "upperface", "--upperface-budget", "NaN"}, true, `invalid argument "NaN" for "--upperface-budget"`},
		{[]string{"run", "upperface", "--upperface-budget", "-4"}, true, `"--upperface-budget"`},
		{[]string{"run", "upperface", "--upperface-budget", "1"}, true, "--upperface-budget 1 is too small"},
		{[]string{"run", "centers", "--centers-prune-from", "HTM=x"}, true, `HTM=x: "x" is not a depth`},
		{[]string{"run", "centers", "--centers-prune-from", "18", "--mem-budget", "2GiB"}, true, "with its pruning table"},
		{[]string{"run", "centers", "--centers-continue-from", "/nonexistent"}, true, "/nonexistent"},
		{[]string{"run", "centers", "--centers-continue-from", "."}, true, "centers_states.arrow"},
		{[]string{"show", "missing.arrow"}, false, "missing.arrow"},
		{[]string{"show"}, true, "one FILE"},
		{[]string{"show", "a", "--format", "xml"}, true, `"xml"`},
		{[]string{"inspect"}, true, "MANEUVER"},
		{[]string{"inspect", "R U2 X"}, true, "'X' at column 6"},
		{[]string{"inspect", "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBR"}, true, "appears 10 times"},
		{[]string{"inspect", strings.Repeat("U", 9) + strings.Repeat("R", 9) + strings.Repeat("F", 9) + strings.Repeat("D", 9) + strings.Repeat("L", 9) + strings.Repeat("B", 8)}, true, "54 stickers: got 53"},
		{[]string{"inspect", strings.Repeat("U", 10) + strings.Repeat("R", 9) + strings.Repeat("F", 9) + strings.Repeat("D", 9) + strings.Repeat("L", 9) + strings.Repeat("B", 9)}, true, "54 stickers: got 55"},
		{[]string{"inspect", "--facelets", "R U R' U'"}, true, "facelets"},
		{[]string{"inspect", "--facelets", "--maneuver", "R"}, true, "exclude each other"},
		{[]string{"solve"}, true, "give a CUBE or --file"},
		{[]string{"solve", "R", "--file", "x"}, true, "give a CUBE or --file"},
		{[]string{"solve", "R U2 X"}, true, "'X' at column 6"},
		{[]string{"solve", "--file", "/nonexistent/cubes.txt"}, true, "/nonexistent/cubes.txt"},
		{[]string{"solve", "--file", writeTemp(t, "R U\n\nR U Q\n")}, true, "line 3: bad maneuver: unknown move 'Q'"},
		{[]string{"solve", "--file", writeTemp(t, "R U (3)\n")}, true, "line 1:"},
		{[]string{"solve", "--file", writeTemp(t, "# nothing\n")}, true, "no cubes"},
		{[]string{"solve", "R", "--max-length", "-1"}, true, `invalid argument "-1" for "--max-length"`},
		{[]string{"solve", "R", "--node-budget", "-1"}, true, `invalid argument "-1" for "--node-budget"`},
		{[]string{"solve", "R", "--node-budget", "2.5"}, true, "want a whole number from 0"},
		{[]string{"solve", "R", "--workers", "0"}, true, `invalid argument "0" for "--workers"`},
		{[]string{"solve", ""}, true, "no cube given"},
		{[]string{"solve", "   "}, true, "no cube given"},
		{[]string{"inspect", ""}, true, "no cube given"},
		{[]string{"solve", "--file", writeTemp(t, strings.Repeat("R ", 40000)+"Q\n")}, true, "line 1: bad maneuver: unknown move 'Q' at column 80001"},
		{[]string{"solve", "--file", writeTemp(t, strings.Repeat("R X\n", 25))}, true, "25 bad lines (the first 20: line 1:"},
		{[]string{"help", "nosuch"}, true, `help: unknown command "nosuch"`},
		{[]string{"completion", "xyz"}, true, `unknown shell "xyz"`},
		{[]string{"run", "cosets", "--cosets", "9223372036854775807:1"}, true, "there are 138639780"},
		{[]string{"run", "cosets", "--cosets", "1:9223372036854775807"}, true, "there are 138639780"},
		{[]string{"solve", "R", "--out", "/tmp/x.csv"}, true, "must end in .arrow"},
		{[]string{"solve", "R U F D L B", "--max-length", "3", "--node-budget", "1000"}, false, "1 of 1 cubes without a solution of at most 3"},
		{[]string{"solve", "--metric", "XTM", "R"}, true, `--metric "XTM": want HTM, QTM or STM`},
		{[]string{"solve", "--optimal", "--optimal-table", "h9", "R"}, true, `--optimal-table "h9": want big, huge or h48`},
		{[]string{"solve", "--optimal-table", "h48", "R"}, true, "--optimal-table is for --optimal"},
		{[]string{"solve", "--optimal", "--optimal-table", "h48", "--metric", "STM", "R"}, true, "--optimal-table h48 is for face turns (HTM), not STM"},
		{[]string{"solve", "--optimal", "--optimal-table", "h48", "--mem-budget", "4GiB", "R"}, true, "--optimal-table h48 needs a --mem-budget of 4.6 GiB"},
		{[]string{"solve", "--optimal", "--metric", "XTM", "R"}, true, `--metric "XTM": want HTM, QTM or STM`},
		{[]string{"solve", "--optimal", "--mem-budget", "1GiB", "--node-budget", "10", "R U F D L B R2 U2 F' L2 D B' R"}, false, "1 of 1 cubes without a proven optimal solution"},
		{[]string{"solve", "--optimal", "--mem-budget", "100TiB", "R"}, true, "--mem-budget 100.0 TiB is more than 3/4"},
		{[]string{"run", "random", "--random-metrics", "HTM,XTM"}, true, `"XTM" (want HTM, QTM or STM)`},
		{[]string{"run", "random", "--random-cubes", "0"}, true, `"--random-cubes"`},
		{[]string{"run", "random", "--mem-budget", "2GiB"}, true, "needs at least its big table"},
		{[]string{"run", "random", "--random-from", "/nonexistent/results"}, true, `"--random-from"`},
		{[]string{"run", "random", "--random-from", t.TempDir(), "--out", t.TempDir()}, false, "random_cubes.arrow"},
		{[]string{"run", "cosets", "--cosets", "5:x"}, true, `"--cosets"`},
		{[]string{"run", "cosets", "--cosets", "138639780:1"}, true, "there are 138639780"},
		{[]string{"run", "cosets", "--cosets", "5,138639780"}, true, `class "138639780"`},
		{[]string{"run", "cosets", "--cosets", "5,,6"}, true, `class ""`},
		{[]string{"run", "cosets", "--cosets", "5,6", "--shard", "0/2"}, true, "is a list of classes"},
		{[]string{"run", "cosets", "--bound", "14"}, true, "--bound 14 is less than --coset-search-depth 15"},
		{[]string{"run", "cosets", "--shard", "3/3"}, true, `"--shard"`},
		{[]string{"run", "cosets", "--coset-metric", "XTM"}, true, `"XTM" (want HTM, QTM or STM)`},
		{[]string{"run", "cosets", "--coset-metric", "STM", "--mem-budget", "4GiB"}, true, "the cosets stage in STM keeps two bitmaps of H"},
		{[]string{"run", "cosets", "--h-search-depth", "13"}, true, "--h-search-depth is an option of the subgroup stage"},
		{[]string{"run", "census", "--census-depth", "STM=x"}, true, `"--census-depth"`},
		{[]string{"run", "census", "--census-depth", "0"}, true, "no metric to count"},
		{[]string{"run", "census", "--census-blocks", "529:1"}, true, "there are 529"},
		{[]string{"run", "census", "--census-pilot-sample", "0"}, true, `"--census-pilot-sample"`},
		{[]string{"run", "census", "--census-blocks-from", "/nonexistent/census"}, true, "/nonexistent/census"},
		{[]string{"run", "symmetry", "--shard", "0/2"}, true, "the symmetry stage cannot be split"},
		{[]string{"merge"}, true, "the shards' folders"},
		{[]string{"merge", "/nonexistent/shard"}, false, "/nonexistent/shard"},
		{[]string{"merge", t.TempDir()}, false, "holds no tables"},
		{[]string{"list", "--x"}, true, "-x"},
		{[]string{"list", "extra"}, true, "no arguments"},
	} {
		_, _, err := runCmd(tc.args...)
		if err == nil {
			t.Errorf("%v: no error", tc.args)
			continue
		}
		if errors.Is(err, errUsage) != tc.usage || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: error %q (usage %v), want one line with %q (usage %v)", tc.args, err, errors.Is(err, errUsage), tc.want, tc.usage)
		}
		// A command that fails leaves nothing behind: merge of a
		// mistyped folder made the default output folder first.
		if _, err := os.Stat(defaultResults); err == nil {
			os.RemoveAll(defaultResults)
			t.Errorf("%v: made the folder %s", tc.args, defaultResults)
		}
	}
}

// TestOptionsAreCheckedBeforeAnyWork: a bad option of a later stage, or an
// output folder that cannot be written, stops the run before the first
// stage starts (the symmetry tables used to be written first).
func TestOptionsAreCheckedBeforeAnyWork(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"run", "symmetry", "upperface", "--upperface-budget", "lots", "--out", dir},
		{"run", "symmetry", "upperface", "--upperface-budget", "30", "--out", dir},
		{"run", "symmetry", "--out", filepath.Join(file, "results")},
	} {
		_, logs, err := runCmd(args...)
		if !errors.Is(err, errUsage) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
		if strings.Contains(logs, "stage start") {
			t.Errorf("%v: a stage started:\n%s", args, logs)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the output folder holds %d entries, want only the test's file", len(entries))
	}
}

// TestHelp runs every command's help, as --help, -h and `help CMD`: each
// exits without error and lists every flag of its command with an example.
// (Every --help used to fail with "flag: help requested", exit 2.)
func TestHelp(t *testing.T) {
	var visit func(cmd *cobra.Command)
	visit = func(cmd *cobra.Command) {
		path := strings.Fields(cmd.CommandPath())[1:]
		forms := [][]string{append(slices.Clone(path), "--help"), append(slices.Clone(path), "-h")}
		if len(path) > 0 {
			forms = append(forms, append([]string{"help"}, path...))
		}
		for _, args := range forms {
			out, _, err := runCmd(args...)
			if err != nil {
				t.Errorf("%v: %v", args, err)
				continue
			}
			if !strings.Contains(out, "Usage:") {
				t.Errorf("%v printed no usage:\n%s", args, out)
			}
			cmd.LocalFlags().VisitAll(func(f *pflag.Flag) {
				if !strings.Contains(out, "--"+f.Name) {
					t.Errorf("%v does not list --%s:\n%s", args, f.Name, out)
				}
			})
			if cmd.Runnable() && cmd.Name() != "help" && !strings.HasPrefix(cmd.CommandPath(), "cubecensus completion") && !strings.Contains(out, "Examples:") {
				t.Errorf("%v shows no example:\n%s", args, out)
			}
		}
		for _, sub := range cmd.Commands() {
			visit(sub)
		}
	}
	root := newRoot(io.Discard, io.Discard)
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	visit(root)
	_, stderr, err := runCmd()
	if !errors.Is(err, errUsage) || !strings.Contains(stderr, "Available Commands:") {
		t.Errorf("no arguments: %v, with help on stderr:\n%s", err, stderr)
	}
}

func TestCompletion(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		out, _, err := runCmd("completion", shell)
		if err != nil || !strings.Contains(out, "cubecensus") {
			t.Errorf("completion %s: %v (%d bytes)", shell, err, len(out))
		}
	}
	out, _, err := runCmd("__complete", "run", "")
	if err != nil || !strings.Contains(out, "upperface") {
		t.Errorf("completing a stage name: %v\n%s", err, out)
	}
	out, _, err = runCmd("__complete", "show", "x", "--format", "")
	if err != nil || !strings.Contains(out, "csv") {
		t.Errorf("completing --format: %v\n%s", err, out)
	}
}

func TestInspect(t *testing.T) {
	out, _, err := runCmd("inspect", "R U")
	if err != nil || !strings.Contains(out, "order        105") {
		t.Errorf("inspect R U: %v\n%s", err, out)
	}
	out, _, err = runCmd("inspect", "R")
	if err != nil || !strings.Contains(out, "twist 1494") || !strings.Contains(out, "corner_perm 21021") {
		t.Errorf("inspect R: %v\n%s", err, out)
	}
	// Seed 000's generator for T_h, "U2 L2 F2 D2 U2 F2 R2 U2", and its
	// self-inverse type 2.4.
	out, _, err = runCmd("inspect", "U2 L2 F2 D2 U2 F2 R2 U2")
	if err != nil || !strings.Contains(out, "T_h under M") || !strings.Contains(out, "T_h of kind 2") {
		t.Errorf("inspect T_h pattern: %v\n%s", err, out)
	}
	out, _, err = runCmd("inspect", "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB")
	if err != nil || !strings.Contains(out, "subgroup H   yes") || !strings.Contains(out, "O_h under M") {
		t.Errorf("inspect solved facelets: %v\n%s", err, out)
	}
	// A 54-move maneuver of six letters is a maneuver (it used to be read
	// as facelets), with a note; --facelets reads it as facelets.
	sixLetters := strings.Repeat("RUFDLB", 9)
	out, _, err = runCmd("inspect", sixLetters)
	if err != nil || !strings.Contains(out, "54 face turns") || !strings.Contains(out, "give --facelets") {
		t.Errorf("inspect %s: %v\n%s", sixLetters, err, out)
	}
	if _, _, err := runCmd("inspect", "--facelets", sixLetters); err == nil || !strings.Contains(err.Error(), "center") {
		t.Errorf("inspect --facelets %s: %v", sixLetters, err)
	}
	out, _, err = runCmd("inspect", "--maneuver", "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB")
	if err != nil || !strings.Contains(out, "54 face turns") {
		t.Errorf("inspect --maneuver of solved facelets: %v\n%s", err, out)
	}
	out, _, err = runCmd("inspect", "M2 U M2 U2 M2 U M2")
	if err != nil || !strings.Contains(out, "(HTM 11, QTM 20, STM 7)") {
		t.Errorf("inspect the H permutation: %v\n%s", err, out)
	}
}

// TestExportUpperface writes the committed upperface table in seed 004's
// format and reads it back: a line per position, the seed's worked example
// un 9387 at 6 face turns, and every letter-code maneuver reaching its un.
func TestExportUpperface(t *testing.T) {
	out, _, err := runCmd("export", "upperface", "--format", "seed004", "--results", committed.Dir(t))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != upperface.NPositions {
		t.Fatalf("%d lines, want %d", len(lines), upperface.NPositions)
	}
	if !strings.HasPrefix(lines[9387], "un=09387 epn=03 etn=4 cpn=11 ctn=18 ep=0231 et=0011 cp=3210 ct=0021 D=06 m=") {
		t.Errorf("line 9387: %s", lines[9387])
	}
	for un, line := range lines {
		field := map[string]string{}
		for _, f := range strings.Fields(line) {
			k, v, _ := strings.Cut(f, "=")
			field[k] = v
		}
		moves, err := cube.ParseLetterCodes(field["m"])
		if err != nil || field["un"] != fmt.Sprintf("%05d", un) || field["D"] != fmt.Sprintf("%02d", len(moves)) {
			t.Fatalf("line %d: %q", un, line)
		}
		if p, err := upperface.FromCube(cube.FromMoves(moves)); err != nil || p.Un() != un {
			t.Fatalf("line %d: m=%s does not reach un %d", un, field["m"], un)
		}
	}
	for _, tc := range []struct {
		args  []string
		usage bool
		want  string
	}{
		{[]string{"export", "upperface", "--format", "csv"}, true, `"csv"`},
		{[]string{"export", "upperface", "--metric", "STM"}, true, "slice turns"},
		{[]string{"export", "upperface", "--metric", "XTM"}, true, `"XTM"`},
		{[]string{"export", "symmetry"}, true, `"symmetry"`},
		{[]string{"export", "upperface", "--results", t.TempDir()}, false, "run `cubecensus run upperface"},
	} {
		_, _, err := runCmd(tc.args...)
		if err == nil || errors.Is(err, errUsage) != tc.usage || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one naming %s", tc.args, err, tc.want)
		}
	}
}

func TestInspectUpperface(t *testing.T) {
	out, _, err := runCmd("inspect", "FRUR'U'F'", "--results", committed.Dir(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"upper face   un 9387: epn 3, etn 4, cpn 11, ctn 18",
		"cases        auf ",
		"HTM          6: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("inspect FRUR'U'F' lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = runCmd("inspect", "R U R' U'", "--results", committed.Dir(t))
	if strings.Contains(out, "upper face") {
		t.Errorf("R U R' U' is not an upper-face position:\n%s", out)
	}
	out, _, _ = runCmd("inspect", "R U R' U R U2 R'", "--results", t.TempDir())
	if !strings.Contains(out, "distances    unknown") || !strings.Contains(out, "upper face   un") {
		t.Errorf("inspect without a table:\n%s", out)
	}
}

// TestExportCenters writes the committed centers classes in seed 000's
// line format: a line per nontrivial class, each maneuver part parsing,
// lengths with an f or s, the twist after a tab.
func TestExportCenters(t *testing.T) {
	out, _, err := runCmd("export", "centers", "--results", committed.Dir(t))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 73 {
		t.Fatalf("%d lines, want 73", len(lines))
	}
	length := regexp.MustCompile(`\((\d+)[fs]\*?\)`)
	for _, line := range lines {
		if strings.HasPrefix(line, "# ") {
			continue // a class with no maneuver known, and its lower bounds
		}
		maneuvers, twist, ok := strings.Cut(line, "\t")
		if !ok || twist == "" {
			t.Fatalf("no twist after a tab: %q", line)
		}
		for _, part := range length.Split(maneuvers, -1) {
			if _, err := cube.ParseManeuver(part); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
		}
	}
	if !strings.Contains(out, "(12f*)") {
		t.Errorf("no 12-move maneuver for u++:\n%s", out)
	}
	for _, tc := range []struct {
		args  []string
		usage bool
		want  string
	}{
		{[]string{"export", "centers", "--format", "seed004"}, true, `"seed004"`},
		{[]string{"export", "centers", "--metric", "QTM"}, true, "--metric"},
		{[]string{"export", "centers", "--results", t.TempDir()}, false, "run `cubecensus run centers"},
		{[]string{"export", "centers", "--results", alteredClasses(t, func(tab *tables.Table) { tab.Rows = tab.Rows[:10] })}, false, "10 rows, want 74"},
		{[]string{"export", "centers", "--results", alteredClasses(t, func(tab *tables.Table) { tab.Columns[tab.Index("stm_upper")].Name = "x" })}, false, "no column stm_upper of int64"},
		{[]string{"export", "centers", "--results", alteredClasses(t, func(tab *tables.Table) { tab.Rows[5][tab.Index("htm_lower")] = int64(30) })}, false, "row 5 (class=5), column htm_lower: 30 above the upper bound"},
	} {
		_, _, err := runCmd(tc.args...)
		if err == nil || errors.Is(err, errUsage) != tc.usage || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one naming %s", tc.args, err, tc.want)
		}
	}
}

// alteredClasses writes the committed centers classes, changed by alter,
// into a folder of its own, and returns the folder.
func alteredClasses(t *testing.T, alter func(*tables.Table)) string {
	t.Helper()
	tab, p, err := tables.Read(filepath.Join(committed.Dir(t), "centers_classes.arrow"))
	if err != nil {
		t.Fatal(err)
	}
	alter(tab)
	dir := t.TempDir()
	if _, err := tables.Write(dir, tab, p); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestInspectCenters: a maneuver that solves every cubie reports the
// center twists it leaves, their class and their distances.
func TestInspectCenters(t *testing.T) {
	out, _, err := runCmd("inspect", "U R L U2 R' L' U R L U2 R' L'", "--results", committed.Dir(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"centers      u++: state 2048, class 1 of 74", "HTM          12: "} {
		if !strings.Contains(out, want) {
			t.Errorf("inspect: no %q in\n%s", want, out)
		}
	}
}

// writeTemp writes text to a new file and returns its path.
func writeTemp(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "input.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSolve solves a file of scrambles, a Cube Explorer line and a facelet
// string, re-applies every printed solution to its cube, reads the table
// back, and checks that the output does not depend on the worker count.
func TestSolve(t *testing.T) {
	lines := []string{
		"R U R' U' F2 D B' L2",
		"D F2 D' . R B2 R' (6) <a Cube Explorer line>",
		"UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB",
		"F U' D2 L B R' U2 F' D L2 B2 U R F' D' L U2 B R2 D'",
	}
	file := writeTemp(t, "# scrambles\n"+strings.Join(lines, "\n")+"\n")
	table := filepath.Join(t.TempDir(), "solutions.arrow")
	out, logs, err := runCmd("solve", "--file", file, "--out", table, "--workers", "2")
	if err != nil {
		t.Fatalf("solve: %v\n%s", err, logs)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d lines for %d cubes:\n%s", len(got), len(lines), out)
	}
	solutionLine := regexp.MustCompile(`^(.*?) ?\((\d+)f\)$`)
	for i, line := range got {
		m := solutionLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("line %d %q is not a solution in Cube Explorer's format", i+1, line)
		}
		sol, err := cube.ParseManeuver(m[1])
		if err != nil || fmt.Sprint(len(sol)) != m[2] || len(sol) > 20 {
			t.Fatalf("line %d %q: %v", i+1, line, err)
		}
		var c cube.Cube
		if i == 2 {
			c, err = cube.ParseFacelets(lines[i])
		} else {
			var g cube.Generator
			g, err = cube.ParseGenerator(lines[i])
			c = cube.FromMoves(g.Moves)
		}
		if err != nil {
			t.Fatal(err)
		}
		if cube.Times(c, cube.FromMoves(sol)) != cube.Solved {
			t.Errorf("%q does not solve %q", line, lines[i])
		}
	}
	tb, p, err := tables.Read(table)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Rows) != len(lines) || tb.Rows[1][0] != lines[1] || p.Params["max_length"] != "20" {
		t.Errorf("table: %d rows, first input %v, params %v", len(tb.Rows), tb.Rows[1][0], p.Params)
	}
	one, _, err := runCmd("solve", "--file", file, "--workers", "1")
	if err != nil || one != out {
		t.Errorf("one worker printed\n%s\ntwo printed\n%s(%v)", one, out, err)
	}
	// R U R' U' is 4 face turns from solved, and no fewer: its commutator
	// structure moves 7 pieces, which 3 turns cannot undo.
	opt, _, err := runCmd("solve", "--optimal", "--mem-budget", "1GiB", "R U R' U'")
	if err != nil || !strings.HasSuffix(opt, " (4f*)\n") {
		t.Errorf("solve --optimal \"R U R' U'\": %q, %v", opt, err)
	}
	// --max-length bounds the optimal search: within 4 it finds the same
	// length, within 3 it proves R U R' U' further, with exit status 0.
	opt, _, err = runCmd("solve", "--optimal", "--mem-budget", "1GiB", "--max-length", "4", "R U R' U'")
	if err != nil || !strings.HasSuffix(opt, " (4f*)\n") {
		t.Errorf("solve --optimal --max-length 4 \"R U R' U'\": %q, %v", opt, err)
	}
	beyond := filepath.Join(t.TempDir(), "beyond.arrow")
	opt, _, err = runCmd("solve", "--optimal", "--mem-budget", "1GiB", "--max-length", "3", "--out", beyond, "R U R' U'")
	if err != nil || opt != "(none within 3 face turns: the distance is at least 4, proven)\n" {
		t.Errorf("solve --optimal --max-length 3 \"R U R' U'\": %q, %v", opt, err)
	}
	// The table holds the bound proven and no maneuver.
	if tb, _, err := tables.Read(beyond); err != nil || tb.Rows[0][1] != nil || tb.Rows[0][4] != int64(4) {
		t.Errorf("%s: %v, %v", beyond, tb, err)
	}
	// R U2 is 2 face turns and 3 quarter turns from solved.
	opt, _, err = runCmd("solve", "--optimal", "--mem-budget", "1GiB", "--metric", "QTM", "R U2")
	if err != nil || opt != "U2 R' (3q*)\n" {
		t.Errorf("solve --optimal --metric QTM \"R U2\": %q, %v", opt, err)
	}
	// M U is 2 slice turns (and 3 face turns) from solved.
	opt, _, err = runCmd("solve", "--optimal", "--mem-budget", "1GiB", "--metric", "STM", "M U")
	if err != nil || !strings.HasSuffix(opt, " (2s*)\n") {
		t.Errorf("solve --optimal --metric STM \"M U\": %q, %v", opt, err)
	}
	// The two-phase solver in each metric, within its length (the solution
	// re-applied by solve itself): the first it finds, no star; M U R2 is
	// 3 slice turns from solved (and 4 face turns).
	for _, tc := range []struct{ metric, max, cube, suffix string }{
		{"QTM", "3", "R U2", " (3q)\n"}, {"STM", "3", "M U R2", " (3s)\n"}, {"STM", "", "M U R2", "s)\n"},
	} {
		args := []string{"solve", "--metric", tc.metric, tc.cube}
		if tc.max != "" {
			args = append(args, "--max-length", tc.max)
		}
		two, _, err := runCmd(args...)
		if err != nil || !strings.HasSuffix(two, tc.suffix) || strings.Contains(two, "*") {
			t.Errorf("%v: %q, %v", args, two, err)
		}
	}
}

// TestFoldersAreGuarded: merge refuses an --out that is one of its shard
// folders or inside one, however the path is written; a run into a folder
// another live run holds is refused at once, naming its pid, and nothing
// of the holder's is touched.
func TestFoldersAreGuarded(t *testing.T) {
	shard := t.TempDir()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, shard)
	if err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{shard, rel, filepath.Join(shard, "merged"), shard + "/./"} {
		_, _, err := runCmd("merge", "--out", out, shard)
		if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "shard folder") {
			t.Errorf("merge --out %s %s: %v, want a refusal", out, shard, err)
		}
	}

	out := t.TempDir()
	held, err := lockfile.Acquire(out)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Release()
	_, logs, err := runCmd("run", "canonical", "--out", out, "--bruteforce-depth", "3")
	if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), fmt.Sprintf("locked by process %d", os.Getpid())) || strings.Contains(logs, "stage start") {
		t.Errorf("a run into a held folder: %v\n%s", err, logs)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 1 {
		t.Errorf("the held folder holds %d entries, want only its lock", len(entries))
	}
	held.Release()
	if _, logs, err := runCmd("run", "canonical", "--out", out, "--bruteforce-depth", "3"); err != nil {
		t.Fatalf("a run into the released folder: %v\n%s", err, logs)
	}
	if _, err := os.Stat(filepath.Join(out, lockfile.Name)); err == nil {
		t.Error("the run left its lock file")
	}
}

// TestShowJSONKeepsDigits: decimal counts are JSON strings, which jq and
// JavaScript read without rounding.
func TestShowJSONKeepsDigits(t *testing.T) {
	out, _, err := runCmd("show", filepath.Join(committed.Dir(t), "symmetry_totals.arrow"), "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `"orbits": "21626001722700702592"`) {
		t.Errorf("the C2 orbits are not a string of all their digits:\n%s", out)
	}
}

// TestInterrupted: a run stopped by a signal (its context cancelled, as
// main does on SIGINT and SIGTERM) ends with errInterrupted (exit 130) and
// a line naming the checkpoints a rerun resumes from; no temporary file
// is left.
func TestInterrupted(t *testing.T) {
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout bytes.Buffer
	logs := &lockedBuffer{}
	done := make(chan error)
	go func() {
		done <- run(ctx, &stdout, logs, []string{"run", "upperface", "--out", out, "--upperface-metrics", "HTM",
			"--upperface-budget", "2e8", "--mem-budget", "1GiB", "--workers", "1"})
	}()
	for !strings.Contains(logs.String(), "upperface depth") {
		select {
		case err := <-done:
			t.Fatalf("the run ended before it was stopped: %v\n%s", err, logs.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	cancel()
	err := <-done
	if !errors.Is(err, errInterrupted) || !strings.Contains(err.Error(), "stage upperface stopped") {
		t.Fatalf("stopped run: %v", err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(out, "*.tmp*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

// lockedBuffer is a bytes.Buffer written and read by two goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestChecksBeforeWork: what can be checked before the work is (a solve
// whose --out it could not write solved every cube first; a run whose
// checkpoint folder was unusable failed at its first save), and solve
// --optimal answers a short cube from phase 1's table instead of building
// the big one first (minutes, with the default memory budget).
func TestChecksBeforeWork(t *testing.T) {
	out, _, err := runCmd("solve", "--file", writeTemp(t, "R U\nF D\n"), "--out", filepath.Join(t.TempDir(), "x.csv"))
	if !errors.Is(err, errUsage) || out != "" {
		t.Errorf("solve --out x.csv: %v, with %q on stdout; want a usage error before any solve", err, out)
	}
	file := writeTemp(t, "")
	_, logs, err := runCmd("run", "symmetry", "--out", t.TempDir(), "--checkpoints", filepath.Join(file, "ck"))
	if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "--checkpoints") || strings.Contains(logs, "stage start") {
		t.Errorf("an unusable --checkpoints: %v\n%s", err, logs)
	}
	out, logs, err = runCmd("solve", "--optimal", "R U F")
	if err != nil || out != "F' U' R' (3f*)\n" || strings.Contains(logs, "building the optimal solver's") {
		t.Errorf("solve --optimal of a 3-move cube: %v, %q\n%s", err, out, logs)
	}
}

// TestHelpShowsUsableDefaults: no flag's help shows a default its parser
// refuses (--shard showed 0/0).
func TestHelpShowsUsableDefaults(t *testing.T) {
	root := newRoot(io.Discard, io.Discard)
	for _, cmd := range root.Commands() {
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			if f.DefValue == "" || f.Value.Type() == "bool" || f.Value.Type() == "string" {
				return
			}
			if err := f.Value.Set(f.DefValue); err != nil {
				t.Errorf("%s --%s: the default %q is refused: %v", cmd.Name(), f.Name, f.DefValue, err)
			}
		})
	}
}

// TestNoTablesAtStartUp: no package of ours builds a table when the
// program starts (STYLE.md; issue 37): tables are built on first use, so
// --help and list pay nothing for them. The test binary imports the same
// packages as the program; it is started again with Go's init trace, and
// each of our packages' initialisation must allocate less than 64 KB (the
// cube package's few small tables take 26 KB; cosets' parities took 40 KB,
// centers' conjugations 400 KB).
func TestNoTablesAtStartUp(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	trace, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, trace)
	}
	line := regexp.MustCompile(`(?m)^init (github\.com/cubecensus/\S+) @\S+ ms, \S+ ms clock, (\d+) bytes`)
	found := line.FindAllStringSubmatch(string(trace), -1)
	if len(found) == 0 {
		t.Fatalf("no init of ours in the trace:\n%s", trace)
	}
	for _, m := range found {
		if n, _ := strconv.Atoi(m[2]); n >= 64<<10 {
			t.Errorf("package %s allocates %s bytes when the program starts", m[1], m[2])
		}
	}
}
