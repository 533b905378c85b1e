package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/upperface"
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
	if err != nil || !strings.Contains(meta, "param        bruteforce.S.depth = 3") {
		t.Errorf("show --meta: %v\n%s", err, meta)
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
		{[]string{"run", "nope"}, true, `unknown stage "nope"`},
		{[]string{"run", "--workers", "0"}, true, "--workers 0"},
		{[]string{"run", "--mem-budget", "lots"}, true, `"lots"`},
		{[]string{"run", "--mem-budget", "100TiB"}, false, "more than 3/4"},
		{[]string{"run", "canonical", "--bruteforce-depth", "12", "--mem-budget", "1GiB", "--out", "/nonexistent/x"}, false, "needs about"},
		{[]string{"show", "missing.arrow"}, false, "missing.arrow"},
		{[]string{"show", "a", "--format", "xml"}, true, `"xml"`},
		{[]string{"inspect", "R U2 X"}, false, "'X' at column 6"},
		{[]string{"inspect", "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBR"}, false, "appears 10 times"},
		{[]string{"list", "--x"}, true, "-x"},
	} {
		_, _, err := runCmd(tc.args...)
		if err == nil {
			t.Errorf("%v: no error", tc.args)
			continue
		}
		if errors.Is(err, errUsage) != tc.usage || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %q (usage %v), want %q (usage %v)", tc.args, err, errors.Is(err, errUsage), tc.want, tc.usage)
		}
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
