package centers

import (
	"encoding/gob"
	"fmt"
	"io"
	"time"

	"github.com/cubecensus/cubecensus/cube"
)

// Checkpoint is a search's progress at a chunk boundary: what it has found
// and where it is. The state after merging a chunk is the same on every
// run, so a search resumed from a checkpoint ends as one that never
// stopped. A checkpoint resumes only a search of the same metric, stored
// depth, budget, last depth and first pruned depth (pruning changes the
// probes a budget counts).
type Checkpoint struct {
	Format int
	// Program names the build that wrote it (the pipeline records
	// tables.BuildID); Search ignores it, and a caller sets and checks it.
	Program     string
	Metric      cube.Metric
	StoredDepth int
	Budget      int64
	MaxDepth    int
	PruneFrom   int
	Done        bool // the search has finished; Result is final
	// Depth is the depth in progress and Chunk the number of its chunks
	// merged; with Chunk 0 the depth has not begun.
	Depth, Chunk int
	// Chunks is the number of chunks of Depth (when Chunk > 0): a search
	// that cuts the depth otherwise refuses to resume inside it.
	Chunks      int
	Spent       int64 // probes made before Depth
	FoundBefore int   // states found before Depth
	Result      Result
}

// checkpointFormat changes when Checkpoint does (2: FoundBefore, 3:
// PruneFrom, 4: Chunks).
const checkpointFormat = 4

// Encode writes the checkpoint.
func (c *Checkpoint) Encode(w io.Writer) error { return gob.NewEncoder(w).Encode(c) }

// DecodeCheckpoint reads a checkpoint written by Encode.
func DecodeCheckpoint(r io.Reader) (*Checkpoint, error) {
	c := new(Checkpoint)
	if err := gob.NewDecoder(r).Decode(c); err != nil {
		return nil, fmt.Errorf("centers: reading a checkpoint: %w", err)
	}
	if c.Format != checkpointFormat {
		return nil, fmt.Errorf("centers: checkpoint format %d, this program reads %d", c.Format, checkpointFormat)
	}
	if len(c.Result.Lower) != NStates || len(c.Result.Upper) != NStates || len(c.Result.Word) != NStates {
		return nil, fmt.Errorf("centers: a checkpoint without %d states", NStates)
	}
	return c, nil
}

// Resumes reports whether c can resume the search cfg describes, and if
// not, why. The metric, stored depth and pruning decide the chunks a depth
// is cut into and must agree; the budget and the last depth only decide
// where the search stops, so a resumed search may spend more or stop sooner
// (a run that would take too long is stopped and resumed with a nearer
// end, and keeps what it proved).
func (c *Checkpoint) Resumes(cfg Config) error {
	if c.Metric != cfg.Metric || c.StoredDepth != cfg.StoredDepth || c.PruneFrom != cfg.PruneFrom {
		return fmt.Errorf("the checkpoint is of a search of %s with stored depth %d, pruning from %d; this one is %s, %d, %d",
			c.Metric, c.StoredDepth, c.PruneFrom, cfg.Metric, cfg.StoredDepth, cfg.PruneFrom)
	}
	return nil
}

// save hands the search's state to cfg.Checkpoint, if set.
func (s *searcher) save(depth, chunk int, spent int64, done bool) error {
	if s.cfg.Checkpoint == nil {
		return nil
	}
	s.lastSave = time.Now()
	chunks := 0
	if chunk > 0 {
		chunks = s.chunkCount
	}
	return s.cfg.Checkpoint(&Checkpoint{
		Format: checkpointFormat, Metric: s.metric, StoredDepth: s.k, Budget: s.cfg.Budget, MaxDepth: s.cfg.MaxDepth, PruneFrom: s.cfg.PruneFrom,
		Done: done, Depth: depth, Chunk: chunk, Chunks: chunks, Spent: spent, FoundBefore: s.foundBefore, Result: *s.res,
	})
}
