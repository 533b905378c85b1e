// Command cubecensus computes exact distance distributions and symmetry
// classes of Rubik's Cube problems and publishes them as Arrow tables.
//
//	cubecensus list
//	cubecensus run [STAGE...] [--out DIR] [--workers N] [--mem-budget SIZE] [stage options]
//	cubecensus show FILE [--format table|csv|json] [--meta]
//	cubecensus inspect MANEUVER|FACELETS [--facelets|--maneuver] [--results DIR]
//	cubecensus export upperface --format seed004 [--metric HTM|QTM] [--results DIR]
//	cubecensus help [COMMAND], cubecensus COMMAND --help
//	cubecensus completion bash|zsh|fish|powershell
//
// Results go to stdout, logs and progress to stderr. Every error is one
// line on stderr with a non-zero exit: 2 for bad usage, 130 when stopped
// by SIGINT or SIGTERM, 1 otherwise. The
// commands are defined in commands.go; what they compute lives in the
// packages below (pipelines, tables).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	// SIGTERM is what Slurm and timeout send: a stage stops as for ^C,
	// its checkpoints kept.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Stdout, os.Stderr, os.Args[1:])
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "cubecensus: "+strings.ReplaceAll(err.Error(), "\n", " "))
		switch {
		case errors.Is(err, errUsage):
			os.Exit(2)
		case errors.Is(err, errInterrupted):
			os.Exit(130)
		}
		os.Exit(1)
	}
}

// run executes the command line args, writing results to stdout and logs,
// progress and help for mistakes to stderr.
func run(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	root := newRoot(stdout, stderr)
	root.SetArgs(args)
	return root.ExecuteContext(ctx)
}
