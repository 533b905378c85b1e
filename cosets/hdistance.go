package cosets

import (
	"context"
)

// DistancesInA counts the positions of H at each distance from the solved
// cube in moves of A: the "moves in A" column of seed 001's Table 1. It is
// a breadth-first search over bm: the positions within d+1 moves are those
// within d and their neighbours, one prepass (seed 002, section 6) of the
// bitmap of those within d. It stops after maxDepth levels when maxDepth is
// positive. progress, if not nil, is called after each level with the
// levels' counts so far.
func DistancesInA(ctx context.Context, bm *Bitmap, maxDepth, workers int, progress func(levels []int64)) ([]int64, error) {
	bm.reset(workers)
	bm.Set(Coord{})
	levels := []int64{1}
	for total := int64(1); total < HSize && (maxDepth <= 0 || len(levels) <= maxDepth); {
		if err := ctx.Err(); err != nil {
			return levels, err
		}
		n := bm.extend(workers, total, len(levels) > 1) // the positions within a depth of at least 1
		if n == total {
			break
		}
		levels = append(levels, n-total)
		total = n
		if progress != nil {
			progress(levels)
		}
	}
	return levels, nil
}
