package pipelines

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cubecensus/cubecensus/cosets"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/sealed"
	"github.com/cubecensus/cubecensus/tables"
)

// H's columns in QTM and STM grow a depth at a time, each deeper one
// costing hours more (docs/cosets.md). Two things let a run go one
// metric's depth further without paying again for the rest: the columns
// it does not compute are taken from an earlier run's h_distance
// (--h-columns-from), and its search of H saves its state, the levels and
// the solver's two bitmaps, in the checkpoint folder (hSaves), so that an
// interrupted run resumes where it stopped.

// hColumnNames are the h_distance columns of each metric's search: the
// positions at each distance and within each, and the provenance's name
// of the depth they are exact to.
var hColumnNames = [cube.NMetrics]struct{ at, within, exactTo, computedBy string }{
	cube.HTM: {"moves_in_s", "within_in_s_at_least", "s_exact_to", "s_computed_by"},
	cube.QTM: {"moves_in_qtm", "within_in_qtm_at_least", "qtm_exact_to", "qtm_computed_by"},
	cube.STM: {"moves_in_stm", "within_in_stm_at_least", "stm_exact_to", "stm_computed_by"},
}

// computedBy returns the build that computed the column of metric m of a
// table of provenance prov: its own, or the one its parameter
// hColumnNames[m].computedBy names for a column it took from another table
// (before that parameter, h_columns_from_build named the build of every
// column taken).
func computedBy(prov tables.Provenance, m cube.Metric) string {
	if by := prov.Params[hColumnNames[m].computedBy]; by != "" {
		return by
	}
	if by := prov.Params["h_columns_from_build"]; by != "" && slices.Contains(strings.Split(prov.Params["h_columns_taken"], ","), hColumnNames[m].at) {
		return by
	}
	return prov.Build
}

// takenParams reports whether a provenance parameter describes the columns
// of metric m in h_distance (HTM's: Table 1's, with moves_in_a).
func takenParams(m cube.Metric, key string) bool {
	if m == cube.HTM {
		return slices.Contains([]string{"positions", "h_search_depth", "method", "s_exact_to", "s_computed_by"}, key) || strings.HasPrefix(key, "s.")
	}
	name := strings.ToLower(m.String())
	return strings.HasPrefix(key, name+".") || strings.HasPrefix(key, name+"_") || key == "step_masks_seconds."+m.String()
}

// takeHColumns reads the h_distance table in dir (an earlier subgroup run,
// such as results) for the columns this run does not compute: Table 1's
// (moves in A, and HTM's column) and those of each metric depths gives
// no depth. It copies their provenance into params, naming the build that
// computed them, and checks that the columns it returns give back the
// table's cells at every depth. It refuses to compute a column shallower
// than the one the table holds, which the run's table would replace.
func takeHColumns(dir string, depths MetricDepths, params map[string]string) (inA []int64, cols [cube.NMetrics]hColumn, err error) {
	path := filepath.Join(dir, "h_distance"+tables.Extension)
	fail := func(format string, args ...any) error {
		return fmt.Errorf("--h-columns-from %s: %s", dir, fmt.Sprintf(format, args...))
	}
	t, prov, err := tables.Read(path)
	if err != nil {
		return nil, cols, fmt.Errorf("--h-columns-from %s: %w", dir, err)
	}
	for _, names := range hColumnNames {
		for _, name := range []string{names.at, names.within, "moves_in_a"} {
			if t.Index(name) < 0 || len(t.Rows) == 0 {
				return nil, cols, fail("its h_distance has no column %s", name)
			}
		}
	}
	column := func(name string) []any {
		out := make([]any, len(t.Rows))
		for d, row := range t.Rows {
			out[d] = row[t.Index(name)]
		}
		return out
	}
	for _, v := range column("moves_in_a") {
		inA = append(inA, v.(int64))
	}
	for len(inA) > 0 && inA[len(inA)-1] == 0 { // the rows of the other columns' depths
		inA = inA[:len(inA)-1]
	}
	var taken []string
	for m, names := range hColumnNames {
		within := column(names.within)
		if within[0] == nil {
			continue // not computed there
		}
		exactTo, err := strconv.Atoi(prov.Params[names.exactTo])
		if err != nil {
			return nil, cols, fail("its provenance's %s is %q, not a depth", names.exactTo, prov.Params[names.exactTo])
		}
		if d := depths[m]; d > 0 {
			if d < exactTo {
				return nil, cols, fail("its %s is exact to depth %d, deeper than --h-metric-search-depth's %v=%d: give %v=0 to take it, or a depth of at least %d", names.at, exactTo, cube.Metric(m), d, cube.Metric(m), exactTo)
			}
			continue
		}
		var c hColumn
		var before int64
		for _, v := range within {
			n := v.(int64)
			c.levels = append(c.levels, n-before)
			if before = n; n == cosets.HSize {
				break
			}
		}
		if before != cosets.HSize {
			return nil, cols, fail("%s ends at %d positions, not all %d of H", names.within, before, int64(cosets.HSize))
		}
		c.exactTo, c.parity = exactTo, m == int(cube.QTM)
		cols[m] = c
		taken = append(taken, names.at, names.within)
		for key, v := range prov.Params {
			if takenParams(cube.Metric(m), key) {
				params[key] = v
			}
		}
		params[names.computedBy] = computedBy(prov, cube.Metric(m))
	}
	// The cells these columns give back must be those of the table (but
	// for a count the parity gives that a table before it left null).
	for d, row := range t.Rows {
		a := int64(0)
		if d < len(inA) {
			a = inA[d]
		}
		cells := map[string]any{"moves_in_a": a}
		for m, names := range hColumnNames {
			if depths[m] == 0 {
				cells[names.at], cells[names.within] = cols[m].at(d)
				if cols[m].byParity(d) && row[t.Index(names.at)] == nil {
					delete(cells, names.at)
				}
			}
		}
		for name, ours := range cells {
			if theirs := row[t.Index(name)]; theirs != ours {
				return nil, cols, fail("%s at depth %d is %v, which its columns give back as %v", name, d, theirs, ours)
			}
		}
	}
	params["h_columns_from_build"] = prov.Build
	params["h_columns_taken"] = strings.Join(append([]string{"moves_in_a"}, taken...), ",")
	return inA, cols, nil
}

// hSaveEvery is how often H's search in a metric saves its state: each
// save writes a bitmap of 2.4 GB or two (about 10 to 20 seconds).
const hSaveEvery = 10 * time.Minute

// hSearchCheckpoint is H's search in a metric between two pieces of work;
// its bitmaps are the sealed files Bitmaps names in the checkpoint folder.
type hSearchCheckpoint struct {
	stamped
	// SearchDepth is the depth the run that saved it searched to: the
	// depths after it had prepasses alone.
	SearchDepth int
	Progress    cosets.MetricProgress
	Bitmaps     [2]string
	// Saves counts the saves of the run and those it resumed, naming the
	// bitmap of a depth under way.
	Saves int
	// LevelsFrom, if not "", names the build and the depth of the state
	// of another build the levels through that depth were resumed from.
	LevelsFrom string `json:",omitempty"`
}

var hSearchCheckpoints = func() checkpointOf[hSearchCheckpoint, string] {
	k := jsonCheckpoints(func(c *hSearchCheckpoint) *stamped { return &c.stamped },
		func(c *hSearchCheckpoint) string {
			if u := c.Progress.Under; u != nil {
				roots := 0
				for _, r := range u.RootsDone {
					roots += r[1] - r[0]
				}
				return fmt.Sprintf("depth %d under way, %d roots searched", len(c.Progress.Levels.Positions), roots)
			}
			return fmt.Sprintf("depth %d done", len(c.Progress.Levels.Positions)-1)
		})
	// The state after a finished depth is the positions within it and
	// within the depth before, whatever build found them (their counts
	// are checked against the levels on load), so a later build goes on
	// from it: a depth of hours is not searched again for a change
	// elsewhere. So does a depth under way, whose bitmaps hold positions
	// within it and within the depth before; but its roots done are
	// named by a build's own enumeration, so another build searches the
	// depth again from its first root (hSaves).
	k.anyBuild = func(*hSearchCheckpoint) bool { return true }
	return k
}()

// hCheckpointName names the checkpoint of H's search in metric m.
func hCheckpointName(m cube.Metric) string { return "h-" + strings.ToLower(m.String()) }

// hBitmapKind names the sealed files of a saved search's bitmaps.
const hBitmapKind = "cubecensus H bitmap"

// hSaves makes solver's search of H in metric m to depth resume from the
// state saved in env's checkpoint folder, if one is there that this build
// resumes (hSearchCheckpoints) and goes no deeper than depth, and save its
// state there every every. A state that cannot be read back is set aside
// and the search starts afresh. It does nothing when the run keeps no
// checkpoints. It returns, for the provenance, the build and depth of a
// state of another build it resumed, or "".
func hSaves(env *Env, solver *cosets.MetricSolver, m cube.Metric, depth int, every time.Duration) (resumedFrom string, err error) {
	name := hCheckpointName(m)
	resume, save, err := hSearchCheckpoints.use(env, name, "H searched in "+m.String())
	if err != nil || save == nil {
		return "", err
	}
	bitmapPath := func(file string) string { return filepath.Join(env.CheckpointDir, file) }
	if resume != nil {
		if err := resumeH(solver, resume, depth, bitmapPath); err != nil {
			setAside(env, env.CheckpointPath(name), err.Error())
			resume = nil
		}
	}
	if resume != nil {
		build, err := tables.BuildID()
		if err != nil {
			return "", err
		}
		done := len(resume.Progress.Levels.Positions) - 1
		if resumedFrom = resume.LevelsFrom; resume.Build != build {
			u := resume.Progress.Under
			if resumedFrom == "" {
				resumedFrom = fmt.Sprintf("%s, its state after depth %d", resume.Build, done)
				if u != nil {
					resumedFrom += fmt.Sprintf(" and depth %d's prepass", done+1)
				}
			}
			if u != nil {
				// Another build's roots: the depth is searched again
				// from its first, the positions found so far kept.
				u.RootsDone, u.Probes, u.SearchSeconds = nil, 0, 0
			}
		}
	}
	// The bitmap files a state does not name are stale: another state's,
	// or one a run that started afresh will not read.
	removeOthers := func(keep [2]string) error {
		old, err := filepath.Glob(env.CheckpointPath(name + "-bitmap-*"))
		if err != nil {
			return err
		}
		for _, f := range old {
			if !slices.Contains(keep[:], filepath.Base(f)) {
				if err := os.Remove(f); err != nil {
					return err
				}
			}
		}
		return nil
	}
	var keep [2]string
	if resume != nil {
		keep = resume.Bitmaps
	}
	if err := removeOthers(keep); err != nil {
		return "", err
	}
	saves := &cosets.MetricSaves{Every: every}
	count := 0
	if resume != nil {
		saves.Resume, count = &resume.Progress, resume.Saves
	}
	saves.Save = func(p cosets.MetricProgress) error {
		count++
		c := &hSearchCheckpoint{stamped: stamped{Settings: "H searched in " + m.String()}, SearchDepth: depth, Progress: p, Saves: count, LevelsFrom: resumedFrom}
		for i, content := range hBitmapContents(p, count) {
			c.Bitmaps[i] = filepath.Base(env.CheckpointPath(name + "-bitmap-" + content))
			// A file's name says what it holds in this run (the others
			// are gone): one already there holds it (a depth's bitmap
			// stays when the next depth begins; that of a depth under
			// way is named by the save).
			if _, err := os.Stat(bitmapPath(c.Bitmaps[i])); err == nil {
				continue
			}
			err := sealed.Write(bitmapPath(c.Bitmaps[i]), hBitmapKind, checkpointFormat, func(w io.Writer) error { return solver.WriteBitmap(i, w) })
			if err != nil {
				return err
			}
		}
		if err := save(c); err != nil {
			return err
		}
		return removeOthers(c.Bitmaps)
	}
	solver.Saves = saves
	return resumedFrom, nil
}

// hBitmapContents names what the solver's two bitmaps hold in state p,
// the save'th: those within the last depth done and the one before, or,
// with a depth under way, its positions at that save and those within the
// depth before it.
func hBitmapContents(p cosets.MetricProgress, save int) [2]string {
	done := len(p.Levels.Positions)
	if p.Under != nil {
		return [2]string{fmt.Sprintf("depth%02d-save%d", done, save), fmt.Sprintf("within%02d", done-1)}
	}
	return [2]string{fmt.Sprintf("within%02d", done-1), fmt.Sprintf("within%02d", done-2)}
}

// resumeH reads the bitmaps of checkpoint c into solver, for a run that
// searches to depth: c's depths must be those the run would compute, each
// searched in both. The solver saves no state past its search depth
// (cosets.MetricSaves), so a state serves a run to that depth or deeper;
// a run to a shallower depth has prepasses alone where c's run searched.
func resumeH(solver *cosets.MetricSolver, c *hSearchCheckpoint, depth int, path func(string) string) error {
	reached := len(c.Progress.Levels.Positions) - 1
	if c.Progress.Under != nil {
		reached++
	}
	if reached > depth {
		return fmt.Errorf("it has reached depth %d searching to %d, this run searches to %d", reached, c.SearchDepth, depth)
	}
	for i, file := range c.Bitmaps {
		if err := loadHBitmap(path(file), func(r io.Reader) error { return solver.ReadBitmap(i, r) }); err != nil {
			return err
		}
	}
	return nil
}

// loadHBitmap reads the sealed file of a saved bitmap at path with load,
// checking its checksum once read.
func loadHBitmap(path string, load func(io.Reader) error) error {
	f, err := sealed.Open(path, hBitmapKind, checkpointFormat)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("its bitmap %s is missing", path)
	}
	if err != nil {
		return err
	}
	defer f.Close()
	if err := load(f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Verify()
}
