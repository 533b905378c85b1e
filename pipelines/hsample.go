package pipelines

import (
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"

	"github.com/cubecensus/cubecensus/cosets"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/tables"
)

// HSample is a sample of H's positions drawn from the state a search of H
// in a metric saved after a finished depth: positions at exactly Depth and
// positions beyond it. An optimal solver in the metric proving Depth for
// each of the first and more than Depth for each of the second checks the
// depth's classification without the coset solver (docs/cosets.md).
type HSample struct {
	Depth      int
	At, Beyond []cube.Cube
}

// HStateSample draws n positions at the last finished depth of the search
// of H in metric m whose state (run subgroup --keep-checkpoints) is in the
// checkpoint folder dir, and n beyond it (none when the depth holds all of
// H), each uniformly at random with seed, in the order of their
// coordinates. Each bitmap's checksum and count are checked first. It
// holds both bitmaps, 4.9 GB when dense.
func HStateSample(dir string, m cube.Metric, n int, seed uint64) (HSample, error) {
	var s HSample
	path := (&Env{CheckpointDir: dir, stage: subgroupStage.Name}).CheckpointPath(hCheckpointName(m))
	build, err := tables.BuildID()
	if err != nil {
		return s, err
	}
	c, reason := hSearchCheckpoints.read(path, build)
	if c == nil {
		if reason == "" {
			reason = "no such file"
		}
		return s, fmt.Errorf("%s: %s", path, reason)
	}
	levels := c.Progress.Levels.Positions
	if c.Progress.Under != nil {
		return s, fmt.Errorf("%s: depth %d is under way; a sample needs the state after a finished depth", path, len(levels))
	}
	s.Depth = len(levels) - 1
	var within [2]*cosets.Bitmap // within s.Depth, within s.Depth-1
	for i, file := range c.Bitmaps {
		want := int64(0)
		for _, k := range levels[:len(levels)-i] {
			want += k
		}
		if within[i], err = readSampleBitmap(filepath.Join(dir, file), want); err != nil {
			return s, err
		}
	}
	rng := rand.New(rand.NewPCG(seed, uint64(m)))
	// Bit x stands for the position x^-1 (the coset of the solved cube,
	// cosets' cosetPosition), as far from solved as x.
	positions := func(xs []cosets.Coord) []cube.Cube {
		out := make([]cube.Cube, len(xs))
		for i, x := range xs {
			out[i] = cube.Inverse(x.Cube())
		}
		return out
	}
	s.At = positions(cosets.DrawDifference(within[0], within[1], n, rng, 2))
	s.Beyond = positions(cosets.DrawDifference(nil, within[0], n, rng, 2))
	return s, nil
}

// readSampleBitmap reads a saved bitmap of H's search from the sealed file
// at path, checking its checksum and that it holds want positions.
func readSampleBitmap(path string, want int64) (*cosets.Bitmap, error) {
	bm := cosets.NewBitmap()
	if err := loadHBitmap(path, func(r io.Reader) error { return bm.Load(r, 2) }); err != nil {
		return nil, err
	}
	if got := bm.Count(); got != want {
		return nil, fmt.Errorf("%s holds %d positions, its state's levels %d", path, got, want)
	}
	return bm, nil
}
