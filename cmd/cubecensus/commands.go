package main

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/progress"
	"github.com/cubecensus/cubecensus/pipelines"
	"github.com/cubecensus/cubecensus/tables"
)

// errUsage marks errors in how the command was called: exit 2.
var errUsage = errors.New("usage")

// errInterrupted marks a command stopped by SIGINT or SIGTERM: exit 130.
var errInterrupted = errors.New("interrupted")

func usageErrorf(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errUsage}, a...)...)
}

// asUsage marks the errors of pipelines that are about options as usage
// errors.
func asUsage(err error) error {
	if errors.Is(err, pipelines.ErrOption) {
		return fmt.Errorf("%w: %w", errUsage, err)
	}
	return err
}

// maxWorkers bounds --workers: more goroutines than this only cost memory.
const maxWorkers = 4096

// defaultResults is the folder of result tables the commands use unless
// told otherwise: results/ under the working directory, where `make run`
// writes and the notebooks read.
const defaultResults = "results"

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "cubecensus",
		Short: "Exact distance distributions and symmetry classes of Rubik's Cube problems, as Arrow tables",
		Long: `cubecensus computes, exactly, the distance distributions and symmetry classes
of Rubik's Cube problems and writes them as Apache Arrow tables with their
provenance. Results go to stdout; logs and progress to stderr. Every error is
one line on stderr, with exit status 2 for bad usage and 1 otherwise.`,
		Example: `  cubecensus run canonical symmetry --out results
  cubecensus show results/canonical_sequences.arrow --format csv
  cubecensus inspect "R U R' U'"`,
		SilenceErrors:              true,
		SilenceUsage:               true,
		SuggestionsMinimumDistance: 2,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				hint := ""
				if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
					hint = fmt.Sprintf(" (did you mean %s?)", strings.Join(s, ", "))
				}
				return usageErrorf("unknown command %q%s; `cubecensus help` lists the commands", args[0], hint)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			cmd.SetOut(cmd.ErrOrStderr())
			if err := cmd.Help(); err != nil {
				return err
			}
			return usageErrorf("no command given; `cubecensus help` lists the commands")
		},
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usageErrorf("%s: %v (see `%s --help`)", cmd.Name(), err, cmd.CommandPath())
	})
	root.SetHelpCommand(newHelpCmd(root))
	root.AddCommand(newListCmd(), newRunCmd(), newMergeCmd(), newCompareCmd(), newShowCmd(), newInspectCmd(), newSolveCmd(), newExportCmd())
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Args = argsBetween(0, 1, "a shell: bash, zsh, fish or powershell")
			c.RunE = func(_ *cobra.Command, args []string) error {
				if len(args) == 0 {
					return usageErrorf("completion wants a shell: bash, zsh, fish or powershell")
				}
				return usageErrorf("completion: unknown shell %q (want bash, zsh, fish or powershell)", args[0])
			}
		}
	}
	return root
}

// newHelpCmd is help [COMMAND]: cobra's, but an unknown command is a
// usage error (exit 2), not the root's help with exit 0.
func newHelpCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "Help about any command",
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			var names []string
			for _, c := range root.Commands() {
				names = append(names, c.Name())
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 || target == root && len(args) > 0 {
				return usageErrorf("help: unknown command %q; `cubecensus help` lists the commands", strings.Join(args, " "))
			}
			target.SetOut(cmd.OutOrStdout())
			return target.Help()
		},
	}
}

// argsBetween requires from min to max arguments (max < 0: no limit),
// describing them as what in the usage error.
func argsBetween(min, max int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < min || max >= 0 && len(args) > max {
			return usageErrorf("%s wants %s, got %d argument(s) (see `%s --help`)", cmd.Name(), what, len(args), cmd.CommandPath())
		}
		return nil
	}
}

// completeWords completes a flag or argument from a fixed list.
func completeWords(words ...string) cobra.CompletionFunc {
	return cobra.FixedCompletions(words, cobra.ShellCompDirectiveNoFileComp)
}

func newListCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "list",
		Short:   "List the stages and what they compute",
		Example: "  cubecensus list",
		Args:    argsBetween(0, 0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			var b strings.Builder
			for _, s := range pipelines.Stages() {
				fmt.Fprintf(&b, "%-12s %s\n", s.Name, s.Doc)
			}
			_, err := io.WriteString(cmd.OutOrStdout(), b.String())
			return err
		},
	}
}

func newRunCmd() *cobra.Command {
	var (
		out, checkpoints string
		workers          int
		mem              = pipelines.Bytes(6 << 30)
		opts             = pipelines.NewOptions()
		shard            pipelines.Shard
		keepCheckpoints  bool
	)
	cmd := &cobra.Command{
		Use:   "run [STAGE...]",
		Short: "Run stages (default: all) and write their tables into --out",
		Long: `Run the named stages (all of them, in order, when none is named) and write
their tables into --out, atomically, with provenance and a checksum. Every
option is checked for every named stage before any stage starts; an option of
a stage that is not run is an error. A stage estimates its memory before
allocating and refuses what does not fit --mem-budget.

Long stages save checkpoints and resume from them when run again with the same
settings: under --checkpoints if given, else under <out>/.checkpoints when
--out is given, else under the user's cache folder (` + pipelines.DefaultCheckpointDir() + `).
They are removed once every table of their stage is written, unless
--keep-checkpoints is given: the subgroup stage's search of H then continues
from the depth it searched to when run again to a deeper one.

Stages: ` + strings.Join(pipelines.StageNames(), ", ") + ` (see cubecensus list).`,
		Example: `  cubecensus run                                   # every stage into results/
  cubecensus run canonical --out /tmp/r --bruteforce-depth 5
  cubecensus run upperface --upperface-metrics HTM,QTM --mem-budget 4GiB
  cubecensus run cosets --cosets 0:1000 --shard 3/10 --out shards/3`,
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return pipelines.StageNames(), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, names []string) error {
			stages, err := pipelines.Lookup(names)
			if err != nil {
				return usageErrorf("run: %v", err)
			}
			stderr := cmd.ErrOrStderr()
			env := &pipelines.Env{
				Workers:   workers,
				MemBudget: uint64(mem),
				Log:       slog.New(slog.NewTextHandler(stderr, nil)),
				Bars:      progress.IsTerminal(stderr),
				Stderr:    stderr,
				Options:   opts,
			}
			if cmd.Flags().Changed("shard") {
				env.Shard = &shard
			}
			var given []string
			cmd.Flags().Visit(func(f *pflag.Flag) { given = append(given, f.Name) })
			if err := pipelines.CheckOptions(stages, env, given); err != nil {
				return asUsage(err)
			}
			if err := pipelines.PrepareOutput(out); err != nil {
				return asUsage(err)
			}
			env.CheckpointDir = pipelines.CheckpointDir(checkpoints, out, cmd.Flags().Changed("out"))
			env.KeepCheckpoints = keepCheckpoints
			release, err := pipelines.ClaimFolders(env, out)
			if err != nil {
				return asUsage(err)
			}
			defer release()
			if err := pipelines.PrepareOutput(env.CheckpointDir); err != nil {
				return asUsage(fmt.Errorf("--checkpoints: %w", err))
			}
			// The budget covers a stage's large tables; let the garbage
			// collector work harder near it rather than let the heap
			// double past it.
			debug.SetMemoryLimit(int64(mem))
			for _, s := range stages {
				written, err := pipelines.Run(cmd.Context(), s, env, out)
				if err != nil && cmd.Context().Err() != nil {
					if kept := env.KeptCheckpoints(s.Name); len(kept) > 0 {
						return fmt.Errorf("%w: stage %s stopped; its checkpoints (%s) are kept: run the same command again to resume from them", errInterrupted, s.Name, strings.Join(kept, ", "))
					}
					return fmt.Errorf("%w: stage %s stopped before it had a checkpoint; its tables were not written", errInterrupted, s.Name)
				}
				if err != nil {
					return err
				}
				var b strings.Builder
				for _, w := range written {
					fmt.Fprintf(&b, "%s\t%s\t%d rows\n", w.Stage, w.Path, w.Rows)
				}
				if _, err := io.WriteString(cmd.OutOrStdout(), b.String()); err != nil {
					return err
				}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&out, "out", defaultResults, "folder for the result tables (made if need be; checked writable before any work)")
	f.StringVar(&checkpoints, "checkpoints", "", "folder for checkpoints of long stages (default: <out>/.checkpoints when --out is given, else the user's cache folder)")
	f.BoolVar(&keepCheckpoints, "keep-checkpoints", false, "keep the checkpoints once a stage's tables are written (the subgroup stage's search of H, about 5 GB a metric, for a deeper run to continue from)")
	workers = runtime.NumCPU()
	f.Var(pipelines.Whole[int]{P: &workers, Min: 1, Max: maxWorkers}, "workers", "parallel workers (results do not depend on it)")
	f.Var(&mem, "mem-budget", "memory the large tables of a stage may use, e.g. 6GiB (at most 3/4 of the machine)")
	f.Var(&shard, "shard", "run only shard I of N of the stage's range of work, e.g. $SLURM_ARRAY_TASK_ID/100 (cosets, census, and a continued upperface or centers search; combine the shards' folders with cubecensus merge)")
	for _, o := range opts.List() {
		f.Var(o.Value, o.Flag, o.Stage+": "+o.Usage)
	}
	cmd.RegisterFlagCompletionFunc("upperface-metrics", completeWords("HTM,QTM,STM", "HTM", "QTM", "STM"))
	return cmd
}

func newMergeCmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "merge SHARD_FOLDER...",
		Short: "Combine the tables of a stage's shards (run --shard I/N) into --out",
		Long: `Combine the tables that the shards of one run wrote (cubecensus run STAGE
--shard I/N, each into its own folder) into the tables one process would have
written, and write them into --out. It refuses, naming the folder and table, a
damaged table, a shard missing or given twice, shards of another build, stage
or settings, and a unit of work missing, repeated or outside its shard.`,
		Example: `  cubecensus merge --out results shards/*`,
		Args:    argsBetween(1, -1, "the shards' folders"),
		RunE: func(cmd *cobra.Command, dirs []string) error {
			written, err := pipelines.Merge(dirs, out)
			if err != nil {
				return asUsage(err)
			}
			var b strings.Builder
			for _, w := range written {
				fmt.Fprintf(&b, "%s\t%s\t%d rows\n", w.Stage, w.Path, w.Rows)
			}
			_, err = io.WriteString(cmd.OutOrStdout(), b.String())
			return err
		},
	}
	cmd.Flags().StringVar(&out, "out", defaultResults, "folder for the merged tables")
	return cmd
}

func newCompareCmd() *cobra.Command {
	var pub string
	cmd := &cobra.Command{
		Use:   "compare DIR",
		Short: "Check a run's tables against the published ones: exact figures equal, published figures within its bounds",
		Long: `Compare the tables a run wrote into DIR with the published tables in
--published, row by row: every figure the run has exactly must equal the
published one, and every published figure must lie within the bounds the run
has (a run of smaller budgets confirms the published tables as far as it goes).
Run times, search nodes and maneuvers are not compared. Any difference fails
with the table, row and column named. make run ends with this.`,
		Example: `  cubecensus compare out/results --published results`,
		Args:    argsBetween(1, 1, "the folder of a run's tables"),
		RunE: func(cmd *cobra.Command, dirs []string) error {
			found, err := pipelines.Compare(dirs[0], pub)
			var b strings.Builder
			for _, c := range found {
				if c.Skipped != "" {
					fmt.Fprintf(&b, "%s\tnot compared: %s\n", c.Table, c.Skipped)
					continue
				}
				fmt.Fprintf(&b, "%s\t%d rows compared\t%d published rows not computed\t%d rows not published\n", c.Table, c.Rows, c.Uncomputed, c.Unpublished)
			}
			if _, werr := io.WriteString(cmd.OutOrStdout(), b.String()); werr != nil {
				return werr
			}
			if err != nil {
				return asUsage(fmt.Errorf("compare: %w", err))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&pub, "published", defaultResults, "folder of the published tables")
	return cmd
}

func newShowCmd() *cobra.Command {
	var (
		format string
		meta   bool
	)
	cmd := &cobra.Command{
		Use:   "show FILE",
		Short: "Print a result table, or its provenance",
		Long: `Print a result table for people (table), for scripts (csv, json), or its
provenance and column docs (--meta). The file's checksum is checked first: a
damaged table is refused, never printed. Exact counts keep all their digits in
every format.`,
		Example: `  cubecensus show results/canonical_sequences.arrow
  cubecensus show results/symmetry_totals.arrow --format json
  cubecensus show --meta results/upperface_distribution.arrow`,
		Args: argsBetween(1, 1, "one FILE"),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return []string{strings.TrimPrefix(tables.Extension, ".")}, cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, files []string) error {
			if !slices.Contains(tables.Formats, format) {
				return usageErrorf("show: unknown --format %q (want %s)", format, strings.Join(tables.Formats, ", "))
			}
			t, p, err := tables.Read(files[0])
			if err != nil {
				return fmt.Errorf("show: %w", err)
			}
			if meta {
				return tables.FormatProvenance(cmd.OutOrStdout(), t, p)
			}
			return tables.Format(cmd.OutOrStdout(), t, format)
		},
	}
	cmd.Flags().StringVar(&format, "format", "table", "table, csv or json")
	cmd.Flags().BoolVar(&meta, "meta", false, "print the provenance and column docs instead of the rows")
	cmd.RegisterFlagCompletionFunc("format", completeWords(tables.Formats...))
	return cmd
}

func newInspectCmd() *cobra.Command {
	var (
		dir                string
		facelets, maneuver bool
		budget             = int64(pipelines.InspectNodeBudget)
	)
	cmd := &cobra.Command{
		Use:   "inspect MANEUVER|FACELETS",
		Short: "Describe a position given by a maneuver or a facelet string",
		Long: `Describe a position: the maneuver's lengths in HTM, QTM and STM, facelets, net,
coordinates, subgroup H, symmetry types under M and M x C2, order and parity;
for an upper-face position also seed 004's numbers, its cases and, from the
positions table in --results, its distances.

` + pipelines.ReadingRule,
		Example: `  cubecensus inspect "R U R' U'"
  cubecensus inspect UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
  cubecensus inspect --maneuver RUFDLBRUFDLBRUFDLBRUFDLBRUFDLBRUFDLBRUFDLBRUFDLBRUFDLB`,
		Args: argsBetween(1, -1, "a MANEUVER or a FACELETS string"),
		RunE: func(cmd *cobra.Command, words []string) error {
			if facelets && maneuver {
				return usageErrorf("inspect: --facelets and --maneuver exclude each other")
			}
			how := pipelines.AutoReading
			if facelets {
				how = pipelines.FaceletReading
			} else if maneuver {
				how = pipelines.ManeuverReading
			}
			c, moves, note, err := pipelines.ReadCube(strings.Join(words, " "), how)
			if err != nil {
				return usageErrorf("inspect: %w", err)
			}
			return pipelines.Inspect(cmd.OutOrStdout(), c, moves, note, dir, budget)
		},
	}
	cmd.Flags().StringVar(&dir, "results", defaultResults, "folder of the result tables (for upper-face distances)")
	cmd.Flags().Var(pipelines.Whole[int64]{P: &budget, Min: 1, Max: 1e18}, "node-budget", "nodes of the optimal search for the distance: the default answers at once and bounds deep cubes; 1e9 (about a minute) uses the big table where it is cached and proves nearly every cube")
	cmd.Flags().BoolVar(&facelets, "facelets", false, "read the input as a facelet string")
	cmd.Flags().BoolVar(&maneuver, "maneuver", false, "read the input as a maneuver")
	return cmd
}

func newSolveCmd() *cobra.Command {
	var (
		file, out          string
		facelets, maneuver bool
		workers            int
		opts               = pipelines.SolveOptions{NodeBudget: 2e7}
		metric, table      string
		mem                = pipelines.Bytes(6 << 30)
	)
	// optimalBudget is --node-budget's default with --optimal: minutes.
	const optimalBudget = 1e9
	cmd := &cobra.Command{
		Use:   "solve [CUBE] | --file PATH",
		Short: "Solve cubes given as maneuvers or facelet strings (two-phase, or optimal)",
		Long: `Solve one cube, given on the command line, or a file of cubes (one per line;
- for stdin; Cube Explorer maneuver-file lines are read too, and blank lines
and # comments skipped) with Kociemba's two-phase solver, or with --optimal a
shortest solution, in face turns, or with --metric in quarter turns (QTM) or
face and slice turns (STM). Each cube gets one line on stdout, in input
order: a maneuver that solves it in Cube Explorer's format, "R U R' U' (4f)",
"(6q)" or "(5s)", with a star where the length is proven optimal, "(4f*)";
or "(none: ...)" when no solution of at most --max-length moves (or, with
--optimal, no proof) was found within --node-budget nodes, in which case the
exit status is 1. --out FILE.arrow also writes the results as a table. Every
solution is re-applied to its cube before it is printed. Solutions are
relative to the centers: a maneuver with slice turns or rotations is read as
the position it leaves seen from its centers (M as R L'). A solution in face
or quarter turns turns faces only, so it solves the cube with its centers
where they are; one in slice turns (--metric STM, slice turns printed as M,
E, S) moves the centers too, and leaves the cube solved as seen from its
centers, a whole-cube rotation from where it began.

The two-phase solver searches in the metric's moves in both phases (seed 000):
on one thread a random cube took about 1 ms within 20 face turns, 3.5 ms
within 20 slice turns and 60 ms within 26 quarter turns on the machine of
BENCHMARKS.md; fewer quarter turns (25) cost several times more.

--optimal is Mike Reid's method as Cube Explorer's optimal solvers run it
(seed 000), all workers on one cube. Its table follows --mem-budget: from 3.3GiB (the
default is 6GiB) its big table, 2.3 GiB a metric; from 14.8GiB its huge
table, 13.8 GiB a metric and several times faster. Each is built once per
machine (the big one in about ten minutes, the huge one in about an hour,
with a progress bar), cached, and loaded in seconds after.
Below that it uses phase 1's table: cubes up to about 14 face turns from
solved in seconds, a random cube in hours. With --max-length N it searches
no deeper than N: a cube further away is printed as "(none within N ...:
the distance is at least N+1, proven)", with exit status 0, for the cost of
the searches to N alone. --optimal-table h48 instead
searches with nissy-core's H48 tables (h7, 3.6 GiB, face turns only; built
once in about 20 minutes), one look-up a move on the cube and on its
inverse. Its node budget defaults to 1e9,
after which the line gives the distance proven.

` + pipelines.ReadingRule,
		Example: `  cubecensus solve "R U R' U' F2 D"
  cubecensus solve UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
  cubecensus solve --file cubes.txt --out /tmp/solutions.arrow --max-length 21
  cubecensus solve --optimal "R U R' U' F2 D B L2 U2 R'"
  cubecensus solve --metric STM "R U R' U' F2 D M E2"
  cubecensus solve --optimal --metric QTM "R U R' U' F2 D"
  cubecensus solve --optimal --max-length 3 "R U R' U'"`,
		Args: argsBetween(0, -1, "a CUBE, or none with --file"),
		RunE: func(cmd *cobra.Command, words []string) error {
			start := time.Now()
			switch {
			case facelets && maneuver:
				return usageErrorf("solve: --facelets and --maneuver exclude each other")
			case (file == "") == (len(words) == 0):
				return usageErrorf("solve: give a CUBE or --file, not both or neither (see `cubecensus solve --help`)")
			}
			if err := pipelines.CheckBudget(uint64(mem)); err != nil {
				return asUsage(fmt.Errorf("solve: %w", err))
			}
			m, err := cube.ParseMetric(metric)
			if err != nil {
				return usageErrorf("solve: --metric %q: want HTM, QTM or STM", metric)
			}
			opts.Metric = m
			if table != "" {
				if !opts.Optimal {
					return usageErrorf("solve: --optimal-table is for --optimal")
				}
				if opts.Table, err = pipelines.OptimalTableNamed(table, m, uint64(mem)); err != nil {
					return asUsage(fmt.Errorf("solve: %w", err))
				}
			}
			if !cmd.Flags().Changed("max-length") {
				opts.MaxLength = provenWithin[m]
			}
			if opts.Optimal && !cmd.Flags().Changed("node-budget") {
				opts.NodeBudget = optimalBudget
			}
			how := pipelines.AutoReading
			if facelets {
				how = pipelines.FaceletReading
			} else if maneuver {
				how = pipelines.ManeuverReading
			}
			if out != "" {
				if err := pipelines.CheckSolutionsPath(out); err != nil {
					return asUsage(err)
				}
			}
			in, err := readSolveInput(cmd, file, words, how)
			if err != nil {
				return err
			}
			stderr := cmd.ErrOrStderr()
			env := &pipelines.Env{
				Workers:   workers,
				MemBudget: uint64(mem),
				Log:       slog.New(slog.NewTextHandler(stderr, nil)),
				Bars:      progress.IsTerminal(stderr),
				Stderr:    stderr,
			}
			var sols []pipelines.Solved
			unsolved := 0
			stdout := cmd.OutOrStdout()
			err = pipelines.Solve(cmd.Context(), env, in, opts, func(s pipelines.Solved) error {
				sols = append(sols, s)
				if !s.Found && !s.Beyond {
					unsolved++
				}
				_, err := fmt.Fprintln(stdout, s.Line(opts))
				return err
			})
			if err != nil {
				return fmt.Errorf("solve: %w", err)
			}
			if out != "" {
				if err := pipelines.WriteSolutions(out, sols, opts, workers, start); err != nil {
					return asUsage(err)
				}
			}
			switch {
			case unsolved > 0 && opts.Optimal:
				return fmt.Errorf("solve: %d of %d cubes without a proven optimal solution within the node budget", unsolved, len(in))
			case unsolved > 0:
				return fmt.Errorf("solve: %d of %d cubes without a solution of at most %d %v moves within the node budget", unsolved, len(in), opts.MaxLength, opts.Metric)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&file, "file", "", "file of cubes, one per line (- for stdin)")
	f.StringVar(&out, "out", "", "also write the results as an Arrow table to this FILE.arrow")
	f.Var(pipelines.Whole[int]{P: &opts.MaxLength, Min: 0, Max: 99}, "max-length", "longest solution wanted, in --metric's moves: the search stops at the first this short (smaller: shorter solutions, more search; default: 20, in QTM 26, in STM 20, lengths every cube is proven within); with --optimal the deepest it searches, a cube further proven so")
	f.BoolVar(&opts.Optimal, "optimal", false, "find shortest solutions, proven (a cube at a time, every worker on it)")
	f.StringVar(&metric, "metric", "HTM", "HTM (face turns), QTM (quarter turns) or STM (face and slice turns)")
	f.Var(pipelines.Whole[int64]{P: &opts.NodeBudget, Min: 0, Max: 1e18}, "node-budget", "search nodes per cube (0: no limit; 1e9 by default with --optimal); the best solution within it is kept")
	workers = runtime.NumCPU()
	f.Var(pipelines.Whole[int]{P: &workers, Min: 1, Max: maxWorkers}, "workers", "cubes solved in parallel, or with --optimal threads on one cube (the output does not depend on it)")
	f.Var(&mem, "mem-budget", "memory the optimal solver's table may use: from 3.3GiB its big table (2.3 GiB a metric), from 14.8GiB its huge one (13.8 GiB), each built once per machine and cached; below, phase 1's, thousands of times slower")
	f.StringVar(&table, "optimal-table", "", "the optimal solver's table instead of --mem-budget's choice: big, huge, or h48 (nissy-core's H48 h7, 3.6 GiB, HTM only)")
	f.BoolVar(&facelets, "facelets", false, "read every cube as a facelet string")
	f.BoolVar(&maneuver, "maneuver", false, "read every cube as a maneuver")
	return cmd
}

// provenWithin is, for each metric, a length every cube is proven to be
// solvable within: God's number in HTM and QTM (seed 000), and in STM the
// HTM bound, since a face turn is a slice-turn move.
var provenWithin = map[cube.Metric]int{cube.HTM: 20, cube.QTM: 26, cube.STM: 20}

// readSolveInput reads the cubes solve was given: the words as one cube, or
// the lines of the file (stdin for -).
func readSolveInput(cmd *cobra.Command, file string, words []string, how pipelines.Reading) ([]pipelines.CubeInput, error) {
	if file == "" {
		text := strings.Join(words, " ")
		c, _, note, err := pipelines.ReadCube(text, how)
		if err != nil {
			return nil, usageErrorf("solve: %w", err)
		}
		if note != "" {
			fmt.Fprintln(cmd.ErrOrStderr(), "solve: "+note)
		}
		return []pipelines.CubeInput{{Text: text, Cube: c}}, nil
	}
	r, name := cmd.InOrStdin(), "stdin"
	if file != "-" {
		name = file
		f, err := os.Open(file)
		if err != nil {
			return nil, usageErrorf("solve: --file: %v", err)
		}
		defer f.Close()
		r = f
	}
	in, err := pipelines.ReadCubeLines(r, how)
	if err != nil {
		return nil, usageErrorf("solve: %s: %v", name, err)
	}
	return in, nil
}

func newExportCmd() *cobra.Command {
	var dir, format, metric string
	formats := map[string]string{"upperface": "seed004", "centers": "cube-explorer"}
	cmd := &cobra.Command{
		Use:   "export upperface|centers",
		Short: "Write a table in another program's format (seed 004's results file; Cube Explorer's maneuver lines)",
		Long: `Write a table in another program's format:
  upperface --format seed004        the upper-face positions in seed 004's results-file
                                    format, a line per position with its distance and
                                    maneuvers in HTM or QTM (--metric; STM maneuvers have
                                    slice turns, which seed 004's letter codes cannot write)
  centers --format cube-explorer    the center-twist classes in seed 000's line format,
                                    "U R L F2 B2 R' L' D' R L F2 B2 R' L' (14f*) M' E2 M U'
                                    M E2 M' U (8s*)<tab>u+ d-", a line per class; the star
                                    marks a proven optimum`,
		Example: `  cubecensus export upperface --format seed004 > upperface_htm.txt
  cubecensus export upperface --format seed004 --metric QTM
  cubecensus export centers --format cube-explorer > centertwists.txt`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 || formats[args[0]] == "" {
				return usageErrorf("export wants one table, upperface or centers (got %q)", strings.Join(args, " "))
			}
			return nil
		},
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return []string{"upperface", "centers"}, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			table := args[0]
			if format == "" {
				format = formats[table]
			}
			if format != formats[table] {
				return usageErrorf("export %s: unknown --format %q (want %s)", table, format, formats[table])
			}
			var err error
			switch table {
			case "upperface":
				m, perr := cube.ParseMetric(metric)
				if perr != nil {
					return usageErrorf("export: --metric: %v", perr)
				}
				err = pipelines.ExportSeed004(cmd.OutOrStdout(), dir, m)
			case "centers":
				if cmd.Flags().Changed("metric") {
					return usageErrorf("export centers: --metric is an option of export upperface (the lines hold HTM and STM)")
				}
				err = pipelines.ExportCubeExplorer(cmd.OutOrStdout(), dir)
			}
			if err != nil {
				return asUsage(fmt.Errorf("export: %w", err))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "", "seed004 (upperface) or cube-explorer (centers); the table's one format by default")
	cmd.Flags().StringVar(&metric, "metric", "HTM", "upperface: HTM or QTM, whose distances and maneuvers to write")
	cmd.Flags().StringVar(&dir, "results", defaultResults, "folder of the result tables")
	cmd.RegisterFlagCompletionFunc("format", completeWords("seed004", "cube-explorer"))
	cmd.RegisterFlagCompletionFunc("metric", completeWords("HTM", "QTM"))
	return cmd
}
