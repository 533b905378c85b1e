// Command cubecensus computes exact distance distributions and symmetry
// classes of Rubik's Cube problems and publishes them as Arrow tables.
//
//	cubecensus list
//	cubecensus run [STAGE...] [--out DIR] [--workers N] [--mem-budget SIZE] [--bruteforce-depth N]
//	cubecensus show FILE [--format table|csv|json] [--meta]
//	cubecensus inspect MANEUVER|FACELETS [--results DIR]
//	cubecensus export upperface --format seed004 [--metric HTM|QTM] [--results DIR]
//
// Results go to stdout, logs and progress to stderr. Every error is one
// line on stderr with a non-zero exit: 2 for bad usage, 1 otherwise.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Stdout, os.Stderr, os.Args[1:])
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "cubecensus: "+strings.ReplaceAll(err.Error(), "\n", " "))
		if errors.Is(err, errUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// errUsage marks errors in how the command was called.
var errUsage = errors.New("usage")

const usage = `usage: cubecensus COMMAND [ARGS]
commands:
  list                      the stages and what they compute
  run [STAGE...]            run stages (default: all) into --out (default results)
  show FILE                 print a result table (--format table|csv|json, --meta for provenance)
  inspect MANEUVER|FACELETS describe a position: net, facelets, coordinates, order, parity,
                            and for an upper-face position its un, cases and distances
  export upperface          write the upper-face table in seed 004's results-file format (--format seed004)`

func run(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("%w: no command\n%s", errUsage, usage)
	}
	switch args[0] {
	case "list":
		return cmdList(stdout, args[1:])
	case "run":
		return cmdRun(ctx, stdout, stderr, args[1:])
	case "show":
		return cmdShow(stdout, args[1:])
	case "inspect":
		return cmdInspect(stdout, args[1:])
	case "export":
		return cmdExport(stdout, args[1:])
	case "help", "-h", "--help":
		_, err := fmt.Fprintln(stdout, usage)
		return err
	}
	return fmt.Errorf("%w: unknown command %q (want list, run, show, inspect or export)", errUsage, args[0])
}
