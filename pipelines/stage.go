package pipelines

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

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
	Bars   bool
	Stderr io.Writer
	// Options holds stage options from the command line, e.g.
	// "bruteforce-depth"; absent keys take the stage's defaults.
	Options map[string]string
	// CheckpointDir is where long stages keep their checkpoints ("" for
	// none): a stage interrupted and run again resumes from them.
	CheckpointDir string
}

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
	Name string
	Doc  string // one line for "cubecensus list"
	Run  func(ctx context.Context, env *Env) (*Output, error)
}

// Stages returns the registered stages in their default order.
func Stages() []Stage {
	return []Stage{canonicalStage, symmetryStage, upperfaceStage}
}

// Lookup finds stages by name; no names means all of them.
func Lookup(names []string) ([]Stage, error) {
	all := Stages()
	if len(names) == 0 {
		return all, nil
	}
	var out []Stage
	for _, n := range names {
		found := false
		for _, s := range all {
			if s.Name == n {
				out = append(out, s)
				found = true
			}
		}
		if !found {
			known := make([]string, len(all))
			for i, s := range all {
				known[i] = s.Name
			}
			return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownStage, n, strings.Join(known, ", "))
		}
	}
	return out, nil
}

// Written is one table a run wrote.
type Written struct {
	Stage, Path string
	Rows        int
}

// Run runs a stage and writes its tables to dir with provenance.
func Run(ctx context.Context, s Stage, env *Env, dir string) ([]Written, error) {
	prov := tables.NewProvenance(s.Name, env.Workers)
	prov.Start = time.Now()
	env.Log.Info("stage start", "stage", s.Name, "workers", env.Workers)
	out, err := s.Run(ctx, env)
	if err != nil {
		return nil, fmt.Errorf("stage %s: %w", s.Name, err)
	}
	prov.End = time.Now()
	for k, v := range out.Params {
		prov.Params[k] = v
	}
	var written []Written
	for _, t := range out.Tables {
		path, err := tables.Write(dir, t, prov)
		if err != nil {
			return written, fmt.Errorf("stage %s: %w", s.Name, err)
		}
		written = append(written, Written{s.Name, path, len(t.Rows)})
	}
	env.Log.Info("stage done", "stage", s.Name, "seconds", prov.WallSeconds())
	return written, nil
}
