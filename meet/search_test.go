package meet

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// runChunks runs ten chunks whose probes are 1 to 10 (chunk i makes i+1),
// each merged in order into the list it returns, under cfg from at.
func runChunks(t *testing.T, cfg *Config, planned bool, at *Progress) ([]int, DepthStats, bool, []Progress, error) {
	t.Helper()
	var merged []int
	var saved []Progress
	cfg.Checkpoint = func(c *Checkpoint) error {
		saved = append(saved, Progress{Depth: c.Depth, Chunk: c.Chunk, Chunks: c.Chunks, Spent: c.Spent})
		return nil
	}
	c := Chunks[int]{
		Count:     10,
		NewWorker: func() func(int) int { return func(i int) int { return i } },
		Merge: func(i, r int) (int64, int64, error) {
			if r != i {
				t.Fatalf("chunk %d merged the result of %d", i, r)
			}
			merged = append(merged, i)
			return int64(i + 1), 1, nil
		},
		Finished: func() bool { return false },
	}
	if planned {
		for i := range c.Count {
			c.Planned = append(c.Planned, int64(i+1))
		}
	}
	res := NewResult(cube.HTM, 1)
	st, all, err := c.Run(context.Background(), &Saver{Config: cfg}, &res, at)
	return merged, st, all, saved, err
}

// The engine's chunk loop: chunks merged in order whatever the workers; a
// budget cuts a depth of planned chunks before the first that does not
// fit, and one of counted chunks after the chunk that spends it; a
// checkpoint names the next chunk and the probes spent; a depth resumes
// only if cut into as many chunks as its checkpoint says.
func TestChunksRun(t *testing.T) {
	for _, workers := range []int{1, 2, 5} {
		cfg := Config{Workers: workers}
		merged, st, all, _, err := runChunks(t, &cfg, true, &Progress{Depth: 3})
		if err != nil || !all || !slices.Equal(merged, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) || st.Probes != 55 || st.Planned != 55 || st.Nodes != 10 {
			t.Fatalf("%d workers: merged %v (all %v), %+v, %v", workers, merged, all, st, err)
		}
	}
	// Planned: with 5 of 20 spent, the 15 left pay for chunks 0 to 4
	// (1+2+3+4+5); with 6 spent, chunk 4 no longer fits. Counted: with 6
	// spent, chunk 4 is the one that spends a budget of 20 or 21, and the
	// last run.
	cfg := Config{Workers: 2, Budget: 20}
	at := Progress{Depth: 3, Spent: 5}
	merged, st, all, _, _ := runChunks(t, &cfg, true, &at)
	if all || len(merged) != 5 || st.Probes != 15 || at.Spent != 20 {
		t.Errorf("planned, budget 20 with 5 spent: merged %v, %d probes, spent %d", merged, st.Probes, at.Spent)
	}
	at = Progress{Depth: 3, Spent: 6}
	if merged, _, _, _, _ = runChunks(t, &cfg, true, &at); len(merged) != 4 {
		t.Errorf("planned, budget 20 with 6 spent: merged %v, want chunks 0 to 3 (chunk 4 does not fit)", merged)
	}
	for _, budget := range []int64{20, 21} { // chunk 4 spends it, exactly in the second
		cfg.Budget, at = budget, Progress{Depth: 3, Spent: 6}
		if merged, _, _, _, _ = runChunks(t, &cfg, false, &at); len(merged) != 5 || at.Spent != 21 {
			t.Errorf("counted, budget %d with 6 spent: merged %v, spent %d; want to stop after chunk 4, which spends it", budget, merged, at.Spent)
		}
	}

	// A checkpoint at every chunk (CheckpointEvery 0), none after the last.
	cfg = Config{Workers: 2}
	_, _, _, saved, _ := runChunks(t, &cfg, true, &Progress{Depth: 3, Spent: 100})
	if len(saved) != 9 || saved[0] != (Progress{Depth: 3, Chunk: 1, Chunks: 10, Spent: 101}) || saved[8].Chunk != 9 {
		t.Errorf("checkpoints %+v", saved)
	}
	// Resumed at chunk 7: chunks 0 to 6 count as made.
	merged, st, all, _, err := runChunks(t, &cfg, true, &Progress{Depth: 3, Chunk: 7, Chunks: 10})
	if err != nil || !all || !slices.Equal(merged, []int{7, 8, 9}) || st.Probes != 55 {
		t.Errorf("resumed at chunk 7: merged %v, %d probes, %v", merged, st.Probes, err)
	}
	if _, _, _, _, err := runChunks(t, &cfg, true, &Progress{Depth: 3, Chunk: 7, Chunks: 11}); err == nil || !strings.Contains(err.Error(), "11 chunks") {
		t.Errorf("a checkpoint of a depth cut into 11 chunks resumed one of 10: %v", err)
	}
}
