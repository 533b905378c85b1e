package pipelines

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/cubecensus/cubecensus/internal/progress"
	"github.com/cubecensus/cubecensus/internal/sealed"
	"github.com/cubecensus/cubecensus/meet"
	"github.com/cubecensus/cubecensus/tables"
)

// checkpointOf is what the pipeline needs of a search's checkpoint type C
// (meet.Checkpoint: searchCheckpoints) for a search configured by
// Cfg: how to read and write it, the field naming the build that wrote it,
// and whether it resumes a configuration.
type checkpointOf[C, Cfg any] struct {
	decode  func(io.Reader) (*C, error)
	encode  func(*C, io.Writer) error
	build   func(*C) *string
	resumes func(*C, Cfg) error
	where   func(*C) string // for the log: depth, chunk, done
	// anyBuild, if set, reports whether a checkpoint of another build
	// resumes all the same: one whose state does not depend on the build
	// that made it.
	anyBuild func(*C) bool
}

// searchSettings are what a meet-in-the-middle search's checkpoint must
// agree with to resume it (meet.Checkpoint.Resumes).
type searchSettings struct {
	cfg meet.Config
	cut string
}

// searchCheckpoints is the checkpointOf of a meet-in-the-middle search of
// n states (upperface, centers).
func searchCheckpoints(n int) checkpointOf[meet.Checkpoint, searchSettings] {
	return checkpointOf[meet.Checkpoint, searchSettings]{
		decode:  func(r io.Reader) (*meet.Checkpoint, error) { return meet.DecodeCheckpoint(r, n) },
		encode:  (*meet.Checkpoint).Encode,
		build:   func(c *meet.Checkpoint) *string { return &c.Program },
		resumes: func(c *meet.Checkpoint, s searchSettings) error { return c.Resumes(s.cfg, s.cut) },
		where: func(c *meet.Checkpoint) string {
			return fmt.Sprintf("depth %d, chunk %d, done %v", c.Depth, c.Chunk, c.Done)
		},
	}
}

// useSearchCheckpoints makes cfg save its state at env's checkpoint path
// for its metric, and resume from a checkpoint there if one of this build
// describes this search (cut as in meet.Checkpoint.Resumes); it reports
// whether the run keeps checkpoints.
func useSearchCheckpoints(env *Env, k checkpointOf[meet.Checkpoint, searchSettings], cfg *meet.Config, cut string) (bool, error) {
	resume, save, err := k.use(env, cfg.Metric.String(), searchSettings{*cfg, cut})
	if err != nil || save == nil {
		return false, err
	}
	cfg.Resume, cfg.Checkpoint, cfg.CheckpointEvery = resume, save, checkpointEvery
	return true, nil
}

// stamped begins a checkpoint kept as JSON (jsonCheckpoints): the build
// that wrote it and the settings of the run it resumes.
type stamped struct {
	Build, Settings string
}

// jsonCheckpoints is the checkpointOf of a checkpoint C kept as JSON, which
// embeds stamped (stamp returns it) and resumes only a run of the same
// settings; where tells its progress for the log.
func jsonCheckpoints[C any](stamp func(*C) *stamped, where func(*C) string) checkpointOf[C, string] {
	return checkpointOf[C, string]{
		decode: func(r io.Reader) (*C, error) {
			c := new(C)
			return c, json.NewDecoder(r).Decode(c)
		},
		encode: func(c *C, w io.Writer) error { return json.NewEncoder(w).Encode(c) },
		build:  func(c *C) *string { return &stamp(c).Build },
		resumes: func(c *C, settings string) error {
			if got := stamp(c).Settings; got != settings {
				return fmt.Errorf("it is of %s, this run %s", got, settings)
			}
			return nil
		},
		where: where,
	}
}

// A checkpoint is a sealed file (internal/sealed): a header naming it a
// checkpoint of this format, its length and checksum, then the encoded
// checkpoint. So a damaged file is refused before its decoder sees a byte,
// and a checkpoint of another format or build, or of other settings, is
// recognised as such; either is set aside (renamed, never deleted) and the
// run starts afresh.
const (
	checkpointKind   = "cubecensus checkpoint"
	checkpointFormat = "1"
	// setAsideSuffix follows a set-aside checkpoint's name, then the time
	// it was set aside; Run does not remove such files.
	setAsideSuffix = ".set-aside-"
)

// use returns the checkpoint at env's checkpoint path called name, if one
// of this build describes the search cfg (any other is set aside, with a
// warning that names it), and a function that saves a checkpoint there,
// stamped with this build; both are nil when the run keeps no checkpoints.
func (k checkpointOf[C, Cfg]) use(env *Env, name string, cfg Cfg) (resume *C, save func(*C) error, err error) {
	path := env.CheckpointPath(name)
	if path == "" {
		return nil, nil, nil
	}
	build, err := tables.BuildID()
	if err != nil {
		return nil, nil, err
	}
	c, reason := k.read(path, build)
	if c != nil {
		if err := k.resumes(c, cfg); err != nil {
			c, reason = nil, err.Error()
		}
	}
	if reason != "" {
		setAside(env, path, reason)
	}
	if c != nil {
		if from := *k.build(c); from != build {
			env.Log.Warn(env.stage+": resuming the state of another build", "checkpoint", name, "at", k.where(c), "build", from)
		} else {
			env.Log.Info(env.stage+": resuming", "checkpoint", name, "at", k.where(c))
		}
		resume = c
	}
	save = func(c *C) error {
		*k.build(c) = build
		return writeSealed(path, checkpointKind, func(w io.Writer) error { return k.encode(c, w) })
	}
	return resume, save, nil
}

// writeSealed writes what encode writes to path as a sealed file of kind
// in checkpointFormat, encoding once.
func writeSealed(path, kind string, encode func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := encode(&buf); err != nil {
		return err
	}
	return sealed.Write(path, kind, checkpointFormat, func(w io.Writer) error {
		_, err := w.Write(buf.Bytes())
		return err
	})
}

// setAside renames a file the run cannot use (a damaged or foreign
// checkpoint) out of the way, keeping it for the user to look at, and
// says so in one line naming both paths and why.
func setAside(env *Env, path, reason string) {
	aside := path + setAsideSuffix + time.Now().UTC().Format("20060102T150405.000000000")
	if err := os.Rename(path, aside); err != nil {
		env.Log.Warn(env.stage+": cannot use a checkpoint, nor move it aside; it will be overwritten", "path", path, "reason", reason, "error", err)
		return
	}
	env.Log.Warn(env.stage+": set a checkpoint aside and started afresh", "path", path, "reason", reason, "moved_to", aside)
}

// read returns the checkpoint at path if it is sealed, undamaged and of
// build (or one anyBuild accepts); otherwise nil and why not ("" when
// there is no file).
func (k checkpointOf[C, Cfg]) read(path, build string) (*C, string) {
	data, err := sealed.ReadAll(path, checkpointKind, checkpointFormat)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, ""
	case err != nil:
		return nil, err.Error()
	}
	c, err := k.decode(bytes.NewReader(data))
	switch {
	case err != nil:
		return nil, "its checksum is good but it does not decode: " + err.Error()
	case *k.build(c) != build && (k.anyBuild == nil || !k.anyBuild(c)):
		return nil, fmt.Sprintf("it is of another build (%s; this one is %s)", *k.build(c), build)
	}
	return c, ""
}

// resumable returns the checkpoint at env's checkpoint path called name
// if there is one, readable and of this build (or one anyBuild accepts),
// and nil otherwise.
func (k checkpointOf[C, Cfg]) resumable(env *Env, name string) *C {
	path := env.CheckpointPath(name)
	build, err := tables.BuildID()
	if path == "" || err != nil {
		return nil
	}
	c, _ := k.read(path, build)
	return c
}

// depthBars reports a search's progress as one bar per depth, labelled
// "<label> depth N<unit>"; finish ends the last bar.
func depthBars(env *Env, label, unit string) (report func(depth int, done, total int64), finish func()) {
	var bar *progress.Reporter
	depth, reported := -1, int64(0)
	report = func(d int, done, total int64) {
		if d != depth {
			if bar != nil {
				bar.Finish()
			}
			bar, depth, reported = env.Progress(fmt.Sprintf("%s depth %d%s", label, d, unit), total), d, 0
		}
		bar.Add(done - reported)
		reported = done
	}
	finish = func() {
		if bar != nil {
			bar.Finish()
		}
		bar, depth = nil, -1
	}
	return report, finish
}
