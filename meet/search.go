package meet

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// Config is what every search is told, whatever its problem: the metric,
// the stored side's depth, where to stop, and whom to tell of its progress.
// A problem's own settings sit beside it in the problem's Config.
type Config struct {
	Metric cube.Metric
	// StoredDepth is k: the stored side holds every word of cost <= k.
	StoredDepth int
	// Budget bounds the probes over all depths; 0 means no bound. A depth
	// whose chunks' probes are planned ahead is searched whole if it fits in
	// what is left, else its chunks in order while they fit; otherwise the
	// search stops after the chunk that spends it. Either way the depth in
	// progress is then not exhaustive.
	Budget int64
	// MaxDepth, if positive, is the last depth searched.
	MaxDepth int
	Workers  int
	// Progress, if set, is called when a depth starts and after each chunk:
	// with the probes done and planned at that depth where they are planned
	// ahead, else with the chunks done and the depth's number of chunks.
	Progress func(depth int, done, total int64)
	// Depth, if set, is called after each depth with what it did.
	Depth func(DepthStats)
	// Checkpoint, if set, is given the search's state after each depth and,
	// within a depth, after a chunk at least CheckpointEvery after the last
	// one; the state is valid during the call only. An error stops the
	// search. Resume, if set, continues the search a checkpoint describes.
	Checkpoint      func(*Checkpoint) error
	CheckpointEvery time.Duration
	Resume          *Checkpoint
}

// DepthStats is what one depth of a search did.
type DepthStats struct {
	Depth   int
	Chunks  int   // units of work of the depth
	Planned int64 // probes of the whole depth, where planned ahead
	Probes  int64 // probes of the stored side made
	Nodes   int64 // inner nodes of the prefix search, where counted
	Found   int   // states first found at this depth
	// Exhaustive: every word of this cost was met (the budget did not stop
	// it), or every state was found before the depth's end.
	Exhaustive bool
	Open       int // states whose distance was not known when the depth began
	// Table is the time spent building a pruning table for this depth.
	Table time.Duration
	// ByParity: no word has this cost, and none was searched.
	ByParity bool
	Elapsed  time.Duration
}

// Result is what a search found, and the bounds of what it did not.
type Result struct {
	Bounds
	StoredDepth   int
	StoredEntries int
	Depths        []DepthStats
}

// NewResult returns the result of a search of n states in metric m before
// it began (NewBounds).
func NewResult(m cube.Metric, n int) Result { return Result{Bounds: NewBounds(m, n)} }

// Fingerprint names the distances b holds (its metric, exhaustive depth and
// every state's lower bound, which is the distance where known), so that
// the shards of a depth and the run settling it can check that they
// continue the same state. Maneuvers are left out: they decide no probe.
func (b *Bounds) Fingerprint() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s exhaustive %d\n", b.Metric, b.Exhaustive)
	buf := make([]byte, 0, 2*len(b.Lower))
	for i, lower := range b.Lower {
		buf = binary.LittleEndian.AppendUint16(buf, uint16(lower))
		if b.Upper[i] != lower {
			buf[len(buf)-2] |= 0x80 // not found: the bound, not a distance
		}
	}
	h.Write(buf)
	return hex.EncodeToString(h.Sum(nil))
}

// BuildErr is the error of a stored side's build that returned err: the
// context's if it ended (the build's parts stopped early, so the table is
// not whole), else err, if any, named.
func BuildErr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("stored side: %w", err)
	}
	return nil
}

// Hit is a word of cost n that chunk Chunk of depth n met, reaching state
// State (the problem's index) not known before the depth.
type Hit struct {
	Chunk int
	State int
	Word  cube.Word
}

// InChunkOrder returns hits in the order the whole depth's search merges
// them: by chunk, a chunk's in the order it met them.
func InChunkOrder(hits []Hit) []Hit {
	out := slices.Clone(hits)
	slices.SortStableFunc(out, func(a, b Hit) int { return cmp.Compare(a.Chunk, b.Chunk) })
	return out
}

// Checkpoint is a search's progress at a chunk boundary: what it has found
// and where it is. The state after merging a chunk is the same on every
// run, so a search resumed from a checkpoint ends as one that never
// stopped.
type Checkpoint struct {
	Format int
	// Program names the build that wrote it (the pipeline records
	// tables.BuildID); the search ignores it, and a caller sets and checks
	// it (a checkpoint of another build may not resume the same search).
	Program     string
	Metric      cube.Metric
	StoredDepth int
	// Cut names the problem's settings that decide how a depth is cut into
	// chunks beyond the metric and the stored depth (the centers' first
	// pruned depth), "" if none.
	Cut string
	Progress
	Result Result
}

// checkpointFormat changes when Checkpoint does.
const checkpointFormat = 6

// Encode writes the checkpoint.
func (c *Checkpoint) Encode(w io.Writer) error { return gob.NewEncoder(w).Encode(c) }

// DecodeCheckpoint reads a checkpoint written by Encode of a search of n
// states.
func DecodeCheckpoint(r io.Reader, n int) (*Checkpoint, error) {
	c := new(Checkpoint)
	if err := gob.NewDecoder(r).Decode(c); err != nil {
		return nil, fmt.Errorf("reading a checkpoint: %w", err)
	}
	if c.Format != checkpointFormat {
		return nil, fmt.Errorf("checkpoint format %d, this program reads %d", c.Format, checkpointFormat)
	}
	if b := c.Result.Bounds; len(b.Lower) != n || len(b.Upper) != n || len(b.Word) != n {
		return nil, fmt.Errorf("a checkpoint without %d states", n)
	}
	return c, nil
}

// Resumes reports whether c can resume a search of cfg whose depths are
// cut as cut says, and if not, why. The metric, stored depth and cut decide
// the chunks of a depth and must agree; the budget and the last depth only
// decide where the search stops, so a resumed search may spend more or stop
// sooner (a run that would take too long is stopped and resumed with a
// nearer end, and keeps what it proved).
func (c *Checkpoint) Resumes(cfg Config, cut string) error {
	if c.Metric != cfg.Metric || c.StoredDepth != cfg.StoredDepth || c.Cut != cut {
		return fmt.Errorf("the checkpoint is of a search of %s with stored depth %d%s; this one is %s, %d%s",
			c.Metric, c.StoredDepth, withCut(c.Cut), cfg.Metric, cfg.StoredDepth, withCut(cut))
	}
	return nil
}

// Resumed returns a copy of the checkpoint's result for a search to carry
// on with: the search must not change the caller's checkpoint.
func (c *Checkpoint) Resumed() Result {
	r := c.Result
	r.Lower, r.Upper, r.Word = slices.Clone(r.Lower), slices.Clone(r.Upper), slices.Clone(r.Word)
	r.Depths = slices.Clone(r.Depths)
	return r
}

func withCut(cut string) string {
	if cut == "" {
		return ""
	}
	return ", " + cut
}

// Progress is where a search is, as a checkpoint records it.
type Progress struct {
	// Depth is the depth in progress and Chunk the number of its chunks
	// merged, of Chunks; with Chunk 0 the depth has not begun.
	Depth, Chunk, Chunks int
	Spent                int64 // probes made before the checkpoint
	FoundBefore          int   // states found before Depth
	Done                 bool  // the search has finished; Result is final
}

// Saver hands a search's state to its Config's Checkpoint, and knows when
// one is due within a depth.
type Saver struct {
	Config   *Config
	Cut      string
	lastSave time.Time
}

// Start marks the search's start: the first checkpoint within a depth is
// due CheckpointEvery after it.
func (s *Saver) Start() { s.lastSave = time.Now() }

// Due reports whether a checkpoint within a depth is due.
func (s *Saver) Due() bool {
	return s.Config.Checkpoint != nil && time.Since(s.lastSave) >= s.Config.CheckpointEvery
}

// Save hands the result and p to the Checkpoint, if set.
func (s *Saver) Save(r *Result, p Progress) error {
	cfg := s.Config
	if cfg.Checkpoint == nil {
		return nil
	}
	s.lastSave = time.Now()
	if p.Chunk == 0 {
		p.Chunks = 0
	}
	return cfg.Checkpoint(&Checkpoint{Format: checkpointFormat, Metric: cfg.Metric, StoredDepth: cfg.StoredDepth, Cut: s.Cut, Progress: p, Result: *r})
}

// EndDepth records what depth at.Depth did in res and tells the Config's
// Depth; at is then at the start of the next depth, found states known. If
// the depth was exhaustive it raises res.Exhaustive and saves a checkpoint
// there. It reports whether the search may go on.
func (s *Saver) EndDepth(res *Result, st DepthStats, at *Progress, found int) (bool, error) {
	at.Chunk, at.FoundBefore = 0, found
	res.Depths = append(res.Depths, st)
	if s.Config.Depth != nil {
		s.Config.Depth(st)
	}
	if !st.Exhaustive {
		return false, nil
	}
	res.Exhaustive = at.Depth
	return true, s.Save(res, Progress{Depth: at.Depth + 1, Spent: at.Spent, FoundBefore: found})
}

// Chunks is a depth's chunks as the engine runs them: searched on the
// workers in any order, merged in order, so that what a depth finds does
// not depend on the number of workers.
type Chunks[R any] struct {
	Count int
	// Planned, if set, holds each chunk's probes, counted ahead: the budget
	// then cuts the depth before the first chunk that does not fit.
	// Otherwise it stops the depth after the chunk that spends it.
	Planned []int64
	// NewWorker returns one worker's search of a chunk.
	NewWorker func() func(chunk int) R
	// Merge records chunk i's result and returns its probes and nodes.
	Merge func(i int, r R) (probes, nodes int64, err error)
	// Finished reports whether every state is known: the depth then ends.
	Finished func() bool
}

// Run merges the chunks of depth at.Depth from at.Chunk on (a resumed
// depth has merged those before; at.Chunks is how many chunks the
// checkpoint's search cut it into), as many as the budget allows, keeping
// at.Spent current and saving res with at when saver says a checkpoint is
// due (its Config is the search's). It returns the depth's chunks, probes and nodes (the chunks merged
// before at.Chunk counted as planned) and whether it merged them all.
func (c *Chunks[R]) Run(ctx context.Context, saver *Saver, res *Result, at *Progress) (DepthStats, bool, error) {
	cfg := saver.Config
	st := DepthStats{Depth: at.Depth, Chunks: c.Count}
	if at.Chunk > 0 && at.Chunks != c.Count {
		return st, false, fmt.Errorf("the checkpoint's depth %d has %d chunks, this search cuts it into %d: it cannot resume there", at.Depth, at.Chunks, c.Count)
	}
	first, limit := at.Chunk, c.Count
	progress := func(i int) {
		if cfg.Progress == nil {
			return
		}
		if c.Planned != nil {
			cfg.Progress(at.Depth, st.Probes, st.Planned)
		} else {
			cfg.Progress(at.Depth, int64(i), int64(c.Count))
		}
	}
	if c.Planned != nil {
		for i, p := range c.Planned {
			st.Planned += p
			if i < first {
				st.Probes += p
			}
		}
		if left := cfg.Budget - at.Spent; cfg.Budget > 0 {
			for limit = first; limit < c.Count && c.Planned[limit] <= left; limit++ {
				left -= c.Planned[limit]
			}
		}
	}
	progress(first)
	newWorker := func(int) func(int) R { return c.NewWorker() }
	merge := func(i int, r R) (bool, error) {
		probes, nodes, err := c.Merge(i, r)
		if err != nil {
			return false, err
		}
		st.Probes, st.Nodes, at.Spent = st.Probes+probes, st.Nodes+nodes, at.Spent+probes
		progress(i + 1)
		if c.Planned == nil && cfg.Budget > 0 && at.Spent >= cfg.Budget || c.Finished() {
			return false, nil
		}
		if i+1 < limit && saver.Due() {
			next := *at
			next.Chunk, next.Chunks = i+1, c.Count
			return true, saver.Save(res, next)
		}
		return true, nil
	}
	merged, err := parallel.Ordered(ctx, first, limit, cfg.Workers, newWorker, merge)
	return st, merged == c.Count, err
}

// ChunkDone is what the search of one chunk of a part of a depth did.
type ChunkDone struct {
	Chunk         int
	Probes, Nodes int64
	Hits          []Hit
}

// Part is a search of some chunks of a depth, anywhere (a shard): the
// depth's chunks are independent once what is known before it is, so their
// hits, gathered from every part and settled in chunk order, are those the
// whole depth's search merges.
type Part[R any] struct {
	// Prefixes are the depth's chunks' prefixes, in search order.
	Prefixes []cube.Word
	// NewWorker returns one worker's search of a chunk, and Done what it
	// did (Chunk and the hits' Chunk are filled in).
	NewWorker func() func(chunk int) R
	Done      func(r R) ChunkDone
}

// Search searches the chunks pick returns, given the prefixes, in that
// order on the workers, and hands each to done in that order. prepare, if
// set, runs once the chunks are picked and before the first is searched,
// only if there is one (it builds the stored side).
func (p *Part[R]) Search(ctx context.Context, workers int, pick func(prefixes []cube.Word) ([]int, error), prepare func() error, done func(ChunkDone) error) error {
	ids, err := pick(p.Prefixes)
	if err != nil {
		return err
	}
	for _, i := range ids {
		if i < 0 || i >= len(p.Prefixes) {
			return fmt.Errorf("chunk %d picked, the depth has chunks 0 to %d", i, len(p.Prefixes)-1)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	if prepare != nil {
		if err := prepare(); err != nil {
			return err
		}
	}
	worker := func(int) func(int) R {
		search := p.NewWorker()
		return func(i int) R { return search(ids[i]) }
	}
	merge := func(i int, r R) (bool, error) {
		d := p.Done(r)
		d.Chunk = ids[i]
		for j := range d.Hits {
			d.Hits[j].Chunk = ids[i]
		}
		return true, done(d)
	}
	_, err = parallel.Ordered(ctx, 0, len(ids), workers, worker, merge)
	return err
}
