package cubecensus_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchmarkNotesKept: make bench rebuilds BENCHMARKS.md from the Go
// benchmarks, the stages' timings and the notes written by hand
// (scripts/bench-notes), so a section written into BENCHMARKS.md alone is
// lost at the next make bench. Each notes file is in BENCHMARKS.md as it
// is, and each of its sections (### headings) is in a notes file or
// scripts/bench.sh.
func TestBenchmarkNotesKept(t *testing.T) {
	read := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	benchmarks := read("BENCHMARKS.md")
	notes, err := filepath.Glob("scripts/bench-notes/*.md")
	if err != nil || len(notes) == 0 {
		t.Fatalf("no notes in scripts/bench-notes (%v)", err)
	}
	kept := read("scripts/bench.sh")
	for _, path := range notes {
		text := read(path)
		if !strings.Contains(benchmarks, strings.Trim(text, "\n")) {
			t.Errorf("%s differs from its part of BENCHMARKS.md: edit both, or run make bench", path)
		}
		kept += text
	}
	for _, line := range strings.Split(benchmarks, "\n") {
		if strings.HasPrefix(line, "### ") && !strings.Contains(kept, line) {
			t.Errorf("BENCHMARKS.md's %q is in no file of scripts/bench-notes: make bench would drop it", line)
		}
	}
}
