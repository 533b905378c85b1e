package cosets

import (
	"fmt"
	"io"
	"time"

	"github.com/cubecensus/cubecensus/cube"
)

// H's last depths in QTM and STM take hours each (docs/cosets.md: STM's
// depth 14 about 6.5 hours of two cores), longer than a session on one
// machine runs. A MetricSolver given MetricSaves saves its state between
// two pieces of work (after a depth, or after a root of a depth's search
// once its prepass is done) and resumes from it. The state is the levels
// counted and its two bitmaps (WriteBitmap): the bitmap of the depth under
// way holds the positions its finished roots reached (and some that roots
// under way had reached, all within the depth), so a resumed search
// searches the other roots, and since a bitmap is a set, anything searched
// twice adds nothing. A resumed depth closes its bitmap under the
// symmetries by the whole pass (the positions its roots found before the
// save are not listed for addConjugates). The counts are those of an
// uninterrupted run; the probes are, because only finished roots' probes
// are saved, and the seconds add those of each piece.

// MetricProgress is a MetricSolver's search between two pieces of work.
type MetricProgress struct {
	// Levels are the depths done.
	Levels CosetLevels
	// Under is the depth after them when it is under way, else nil.
	Under *DepthUnderWay
}

// DepthUnderWay is a depth whose prepass is done and whose search has
// searched the roots RootsDone names (metricRoots: the same in every run).
type DepthUnderWay struct {
	// Prepassed is the positions in bitmap 0 when the search began (they
	// decide its roots); Positions those in it now.
	Prepassed, Positions int64
	// Probes, PrepassSeconds and SearchSeconds are the depth's so far.
	Probes                        int64
	PrepassSeconds, SearchSeconds float64
	RootsDone                     []RootRange
	// Decided are the classes of positions left that the optimal solver
	// has decided so far (DecideLeftWith), in order: facts of the cube,
	// which any build resumes from.
	Decided []DecidedClass `json:",omitempty"`
	// Left are the positions (of the depth's parity) that its prepass
	// left to the optimal solver, Prepassed then in bitmap 0: saved as
	// the deciding begins, they and Decided end the depth without the
	// bitmaps (DecideSaved), a state small enough to keep in a
	// repository when the machine that searched will not be the next.
	Left []Coord `json:",omitempty"`
}

// DecidedClass is a class of positions left (classKey) and whether it is
// within its depth.
type DecidedClass struct {
	Class  cube.Key
	Within bool
}

// MetricSaves makes a MetricSolver's Levels resume from a saved state and
// save its state as it goes.
type MetricSaves struct {
	// Resume, if not nil, is the state to resume from: the solver's
	// bitmaps hold it (ReadBitmap), which Levels checks by their counts.
	Resume *MetricProgress
	// Save is called with the state, the solver's bitmaps holding it, at
	// most every Every: after a depth, or after a root of a depth's
	// search (the other workers wait while it saves); and always after
	// the search depth, and never after it, so the last state saved is
	// the searched depths', which a run to a deeper search depth can
	// continue from.
	Save  func(MetricProgress) error
	Every time.Duration
}

// savePoint saves the solver's state when saves says it is time.
type savePoint struct {
	saves *MetricSaves
	last  time.Time
}

// maybe calls the Save of p's saves with state() if Every has passed since
// the last save.
func (p *savePoint) maybe(state func() MetricProgress) error {
	if p.saves == nil || time.Since(p.last) < p.saves.Every {
		return nil
	}
	return p.now(state)
}

// now calls the Save of p's saves with state(), if it has saves.
func (p *savePoint) now(state func() MetricProgress) error {
	if p.saves == nil {
		return nil
	}
	if err := p.saves.Save(state()); err != nil {
		return err
	}
	p.last = time.Now()
	return nil
}

// WriteBitmap writes bitmap i (0: the depth reached, 1: the depth
// before) to w as Bitmap.Save does.
func (s *MetricSolver) WriteBitmap(i int, w io.Writer) error { return s.bms[i].Save(w) }

// ReadBitmap reads bitmap i as WriteBitmap wrote it.
func (s *MetricSolver) ReadBitmap(i int, r io.Reader) error { return s.bms[i].Load(r, s.workers) }

// Save writes b to w: a byte for each page, 1 when it holds positions,
// else 0, then the rows of those that do, in order.
func (b *Bitmap) Save(w io.Writer) error {
	var used [NCornerPerms]byte
	for p := range NCornerPerms {
		if b.used(p) {
			used[p] = 1
		}
	}
	if _, err := w.Write(used[:]); err != nil {
		return err
	}
	for p, u := range used {
		if u == 1 {
			if _, err := w.Write(b.pages[p][:pageBytes]); err != nil {
				return err
			}
		}
	}
	return nil
}

// Load empties b (on workers goroutines) and reads into it what Save
// wrote.
func (b *Bitmap) Load(r io.Reader, workers int) error {
	b.reset(workers)
	var used [NCornerPerms]byte
	if _, err := io.ReadFull(r, used[:]); err != nil {
		return fmt.Errorf("the pages' flags: %w", err)
	}
	for p, u := range used {
		switch u {
		case 0:
		case 1:
			if _, err := io.ReadFull(r, b.writePage(p)[:pageBytes]); err != nil {
				return fmt.Errorf("page %d: %w", p, err)
			}
		default:
			return fmt.Errorf("page %d: its flag is %d, not 0 or 1", p, u)
		}
	}
	return nil
}

// resume checks that the bitmaps hold what progress says (bitmap 0 the
// positions within the depth reached, or those the depth under way has so
// far; bitmap 1 those within the depth before) and returns the levels to
// go on from and the positions in bitmap 0.
func (s *MetricSolver) resume(progress *MetricProgress) (CosetLevels, int64, error) {
	lv := progress.Levels
	done := len(lv.Positions)
	within, before := sumLevels(lv.Positions), sumLevels(lv.Positions[:max(done-1, 0)])
	if progress.Under != nil {
		within, before = progress.Under.Positions, sumLevels(lv.Positions)
	}
	for i, want := range [2]int64{within, before} {
		if got := s.bms[i].Count(); got != want {
			return CosetLevels{}, 0, fmt.Errorf("cosets: the saved bitmap %d holds %d positions, its levels say %d", i, got, want)
		}
	}
	return CosetLevels{
		Positions: append([]int64(nil), lv.Positions...), Probes: append([]int64(nil), lv.Probes...),
		PrepassSeconds: append([]float64(nil), lv.PrepassSeconds...), SearchSeconds: append([]float64(nil), lv.SearchSeconds...),
	}, sumLevels(lv.Positions), nil
}
