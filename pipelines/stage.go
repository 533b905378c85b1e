package pipelines

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cubecensus/cubecensus/internal/atomicfile"
	"github.com/cubecensus/cubecensus/internal/lockfile"
	"github.com/cubecensus/cubecensus/internal/progress"
	"github.com/cubecensus/cubecensus/tables"
)

// ErrUnknownStage is returned for a stage name that is not registered.
var ErrUnknownStage = errors.New("unknown stage")

// ErrTooBig is returned, before anything large is allocated, when a
// stage's estimated memory exceeds the budget or the budget the machine.
var ErrTooBig = errors.New("too big")

// Env is what a stage may use.
type Env struct {
	Workers   int    // goroutines for parallel work
	MemBudget uint64 // bytes the stage may allocate for its large tables
	Log       *slog.Logger
	// Bars says whether progress is drawn as bars (stderr is a terminal)
	// or logged as plain lines.
	Bars    bool
	Stderr  io.Writer
	Options *Options // the stage options, checked by CheckOptions
	// CheckpointDir is where long stages keep their checkpoints ("" for
	// none): a stage interrupted and run again resumes from them.
	CheckpointDir string
	// KeepCheckpoints keeps them once the stage's tables are written: a
	// run of the subgroup stage searching H deeper then continues from
	// the depth this one searched to (hsearch.go).
	KeepCheckpoints bool
	// Shard, if set, is the one part of the stage's work to run
	// (shard.go); only stages with ShardTables can be split.
	Shard *Shard
	stage string // the stage running, set by Run
}

// CheckpointPath is where the running stage keeps its checkpoint called
// name: STAGE-NAME.checkpoint in the checkpoint folder, "" when the run
// keeps none. Run removes the stage's checkpoints once all its tables are
// written.
func (e *Env) CheckpointPath(name string) string {
	if e.CheckpointDir == "" {
		return ""
	}
	return filepath.Join(e.CheckpointDir, e.stage+"-"+name+checkpointExtension)
}

// KeptCheckpoints lists the checkpoints of the stage called stage in the
// env's checkpoint folder.
func (e *Env) KeptCheckpoints(stage string) []string {
	if e.CheckpointDir == "" {
		return nil
	}
	kept, _ := filepath.Glob(filepath.Join(e.CheckpointDir, stage+"-*"+checkpointExtension))
	return kept
}

// checkpointExtension ends the name of every checkpoint, so that Run
// removes only checkpoints from a folder the user may share with other
// files.
const checkpointExtension = ".checkpoint"

// Progress starts a progress reporter for total units of work.
func (e *Env) Progress(desc string, total int64) *progress.Reporter {
	return progress.New(e.Stderr, e.Bars, e.Log, desc, total)
}

// Output is what a stage produces: tables, and parameters and measured facts
// to record in their provenance.
type Output struct {
	Tables []*tables.Table
	Params map[string]string
}

// Stage is one independent computation of the pipeline.
type Stage struct {
	Name   string
	Doc    string   // one line for "cubecensus list"
	Tables []string // the tables it writes, in order
	// Check, if set, says before any stage runs whether the stage can work
	// with the env's options and memory budget; its errors name the flag.
	Check func(env *Env) error
	Run   func(ctx context.Context, env *Env) (*Output, error)
	// ShardTables, if set, are the tables a run of one shard writes (see
	// shard.go): a stage that has them can be split with --shard.
	ShardTables []string
}

// Stages returns the registered stages in their default order.
func Stages() []Stage {
	return []Stage{canonicalStage, symmetryStage, upperfaceStage, centersStage, subgroupStage, cosetsStage, censusStage, randomStage}
}

// StageNames returns the names of the registered stages, in order.
func StageNames() []string {
	var names []string
	for _, s := range Stages() {
		names = append(names, s.Name)
	}
	return names
}

// Lookup finds stages by name; no names means all of them.
func Lookup(names []string) ([]Stage, error) {
	all := Stages()
	if len(names) == 0 {
		return all, nil
	}
	var out []Stage
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			return nil, fmt.Errorf("stage %q named twice: a run runs each stage once", n)
		}
		found := false
		for _, s := range all {
			if s.Name == n {
				out = append(out, s)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownStage, n, strings.Join(StageNames(), ", "))
		}
	}
	return out, nil
}

// Written is one table a run wrote.
type Written struct {
	Stage, Path string
	Rows        int
}

// Run runs a stage and writes its tables to dir with provenance. It first
// removes what an interrupted run of the stage may have left (temporary
// files of its tables and checkpoints), and removes the stage's checkpoints
// only once every table is in place, so that a failed write loses nothing.
func Run(ctx context.Context, s Stage, env *Env, dir string) ([]Written, error) {
	stageEnv := *env
	stageEnv.stage = s.Name
	env = &stageEnv
	if err := removeStale(s, env, dir); err != nil {
		return nil, fmt.Errorf("stage %s: %w", s.Name, err)
	}
	prov := tables.NewProvenance(s.Name, env.Workers)
	prov.Start = time.Now()
	env.Log.Info("stage start", "stage", s.Name, "workers", env.Workers)
	out, err := s.Run(ctx, env)
	if err != nil {
		return nil, fmt.Errorf("stage %s: %w", s.Name, err)
	}
	prov.End = time.Now()
	maps.Copy(prov.Params, out.Params)
	names := make([]string, len(out.Tables))
	for i, t := range out.Tables {
		names[i] = t.Name
	}
	declared := s.Tables
	if env.Shard != nil {
		declared = s.ShardTables
	}
	if !slices.Equal(names, declared) {
		return nil, fmt.Errorf("stage %s: made tables %v, declares %v", s.Name, names, declared)
	}
	if err := checkTables(out.Tables); err != nil {
		return nil, fmt.Errorf("stage %s: %w; nothing was written", s.Name, err)
	}
	var written []Written
	for _, t := range out.Tables {
		path, err := tables.Write(dir, t, prov)
		if err != nil {
			return written, fmt.Errorf("stage %s: %w (its checkpoints are kept: run it again to resume)", s.Name, err)
		}
		written = append(written, Written{s.Name, path, len(t.Rows)})
	}
	if !env.KeepCheckpoints {
		if err := removeCheckpoints(env); err != nil {
			return written, fmt.Errorf("stage %s: %w", s.Name, err)
		}
	}
	env.Log.Info("stage done", "stage", s.Name, "seconds", prov.WallSeconds())
	return written, nil
}

// removeStale removes the temporary files an interrupted run of stage s
// left: those of its tables in dir and of its checkpoints (atomicfile.Write
// names them after the file they were to become).
func removeStale(s Stage, env *Env, dir string) error {
	var paths []string
	for _, t := range s.Tables {
		paths = append(paths, filepath.Join(dir, t+tables.Extension))
	}
	if p := env.CheckpointPath("*"); p != "" {
		paths = append(paths, p)
	}
	for _, path := range paths {
		removed, err := atomicfile.RemoveStale(path)
		for _, f := range removed {
			env.Log.Info("removed a temporary file of an interrupted run", "path", f)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// removeCheckpoints removes the running stage's checkpoints, and the
// checkpoint folder if that leaves it empty.
func removeCheckpoints(env *Env) error {
	pattern := env.CheckpointPath("*")
	if pattern == "" {
		return nil
	}
	done, err := filepath.Glob(pattern)
	if err != nil {
		return err
	}
	for _, f := range done {
		if err := os.Remove(f); err != nil {
			return err
		}
	}
	if entries, err := os.ReadDir(env.CheckpointDir); err == nil && len(entries) == 0 {
		return os.Remove(env.CheckpointDir)
	}
	return nil
}

// CheckpointDir is where a run keeps its checkpoints: the folder the user
// named for them (named), else .checkpoints in the output folder out when
// the user named that (outNamed), else DefaultCheckpointDir. So a run with
// the default output folder, which may be a source checkout's results/,
// writes nothing there but its tables.
func CheckpointDir(named, out string, outNamed bool) string {
	switch {
	case named != "":
		return named
	case outNamed:
		return filepath.Join(out, ".checkpoints")
	}
	return DefaultCheckpointDir()
}

// DefaultCheckpointDir is cubecensus/checkpoints in the user's cache folder
// (os.UserCacheDir), or in the temporary folder where there is none.
func DefaultCheckpointDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "cubecensus", "checkpoints")
}

// ClaimFolders locks the folders a run writes into, the output folder out
// and the checkpoint folder, for the run's life (internal/lockfile): a
// second run into either is refused at once, naming the process that holds
// it, instead of overwriting its checkpoints. A lock a dead run left is
// taken over with a warning. release drops the locks and removes the
// checkpoint folder if that leaves it empty.
func ClaimFolders(env *Env, out string) (release func(), err error) {
	var locks []*lockfile.Lock
	release = func() {
		for _, l := range locks {
			l.Release()
		}
		if env.CheckpointDir != "" {
			os.Remove(env.CheckpointDir) // only if empty
		}
	}
	for i, dir := range []string{out, env.CheckpointDir} {
		if dir == "" || i > 0 && sameFolder(dir, out) {
			continue
		}
		l, err := lockfile.Acquire(dir)
		if err != nil {
			release()
			what := [...]string{"--out", "the checkpoint folder (--checkpoints)"}[i]
			return nil, fmt.Errorf("%w: %s %s: %w", ErrOption, what, dir, err)
		}
		if l.TookOver != 0 {
			env.Log.Warn("took over the lock of a run that ended without releasing it", "folder", dir, "pid", l.TookOver)
		}
		locks = append(locks, l)
	}
	return release, nil
}

// sameFolder says whether two paths name one folder of the file system.
func sameFolder(a, b string) bool {
	sa, sb := statOf(a), statOf(b)
	return sa != nil && sb != nil && os.SameFile(sa, sb)
}

// PrepareOutput makes the output folder dir if need be and checks that
// files can be written in it, so that a run fails before its work, not
// after. Its errors wrap ErrOption and name the folder.
func PrepareOutput(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%w: --out %s: %v", ErrOption, dir, err)
	}
	f, err := os.CreateTemp(dir, ".cubecensus-write-test-*")
	if err != nil {
		return fmt.Errorf("%w: --out %s is not writable: %v", ErrOption, dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}
