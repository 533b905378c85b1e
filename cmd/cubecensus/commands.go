package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"

	"github.com/cubecensus/cubecensus/internal/progress"
	"github.com/cubecensus/cubecensus/pipelines"
	"github.com/cubecensus/cubecensus/tables"
)

func cmdList(stdout io.Writer, args []string) error {
	fs := flag.NewFlagSet("list", flag.ContinueOnError)
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	for _, s := range pipelines.Stages() {
		if _, err := fmt.Fprintf(stdout, "%-12s %s\n", s.Name, s.Doc); err != nil {
			return err
		}
	}
	return nil
}

func cmdRun(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	out := fs.String("out", "results", "folder for the result tables")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers")
	budget := fs.String("mem-budget", "6GiB", "memory the large tables of a stage may use")
	depth := fs.Int("bruteforce-depth", -1, "canonical: brute-force length (-1: the deepest that fits --mem-budget)")
	ufBudget := fs.String("upperface-budget", "", "upperface: probes each metric's search may make (default 8.5e9)")
	ufMetrics := fs.String("upperface-metrics", "", "upperface: metrics to search, e.g. HTM,QTM (default HTM,QTM,STM)")
	names, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *workers < 1 {
		return fmt.Errorf("%w: run: --workers %d (want at least 1)", errUsage, *workers)
	}
	mem, err := pipelines.ParseBytes(*budget)
	if err != nil {
		return fmt.Errorf("%w: run: --mem-budget: %v", errUsage, err)
	}
	if err := pipelines.CheckBudget(mem); err != nil {
		return err
	}
	// The budget covers a stage's large tables; let the garbage collector
	// work harder near it rather than let the heap double past it.
	debug.SetMemoryLimit(int64(mem))
	stages, err := pipelines.Lookup(names)
	if err != nil {
		return fmt.Errorf("%w: run: %v", errUsage, err)
	}
	env := &pipelines.Env{
		Workers:       *workers,
		MemBudget:     mem,
		Log:           slog.New(slog.NewTextHandler(stderr, nil)),
		Bars:          progress.IsTerminal(stderr),
		Stderr:        stderr,
		CheckpointDir: filepath.Join(*out, ".checkpoints"),
		Options: map[string]string{
			"bruteforce-depth":  strconv.Itoa(*depth),
			"upperface-budget":  *ufBudget,
			"upperface-metrics": *ufMetrics,
		},
	}
	for _, s := range stages {
		written, err := pipelines.Run(ctx, s, env, *out)
		if err != nil {
			return err
		}
		for _, w := range written {
			if _, err := fmt.Fprintf(stdout, "%s\t%s\t%d rows\n", w.Stage, w.Path, w.Rows); err != nil {
				return err
			}
		}
	}
	return nil
}

func cmdShow(stdout io.Writer, args []string) error {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	format := fs.String("format", "table", "table, csv or json")
	meta := fs.Bool("meta", false, "print the provenance instead of the rows")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		return fmt.Errorf("%w: show wants one FILE, got %d", errUsage, len(files))
	}
	if !slices.Contains(tables.Formats, *format) {
		return fmt.Errorf("%w: show: unknown --format %q (want table, csv or json)", errUsage, *format)
	}
	if _, err := os.Stat(files[0]); err != nil {
		return fmt.Errorf("show: %w", err)
	}
	t, p, err := tables.Read(files[0])
	if err != nil {
		return fmt.Errorf("show %s: %w", files[0], err)
	}
	if *meta {
		return showProvenance(stdout, t, p)
	}
	return tables.Format(stdout, t, *format)
}

func showProvenance(w io.Writer, t *tables.Table, p tables.Provenance) error {
	lines := []string{
		"table        " + t.Name,
		"stage        " + p.Stage,
		"program      " + p.Program + " " + p.Version,
		"commit       " + p.Commit,
		"go           " + p.GoVersion,
		"start        " + p.Start.String(),
		"end          " + p.End.String(),
		fmt.Sprintf("wall seconds %.3f", p.WallSeconds()),
		fmt.Sprintf("cores        %d, workers %d", p.Cores, p.Workers),
	}
	for _, k := range slices.Sorted(maps.Keys(p.Params)) {
		lines = append(lines, fmt.Sprintf("param        %s = %s", k, p.Params[k]))
	}
	for _, c := range t.Columns {
		lines = append(lines, fmt.Sprintf("column       %s (%v): %s", c.Name, c.Kind, c.Doc))
	}
	for _, l := range lines {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return err
		}
	}
	return nil
}
