package cosets

import (
	"context"
	"encoding/binary"
	"math/bits"

	"github.com/cubecensus/cubecensus/internal/parallel"
)

// HDistanceBytes is the memory DistancesInA needs: three bitmaps.
const HDistanceBytes = 3 * BitmapBytes

// DistancesInA counts the positions of H at each distance from the solved
// cube in moves of A: the "moves in A" column of seed 001's Table 1. It is
// a breadth-first search over bitmaps: each level is the previous one
// extended by every move of A (the prepass of seed 002, section 6), less
// the positions seen before. It stops after maxDepth levels when maxDepth
// is positive. progress, if not nil, is called after each level with the
// levels' counts so far.
func DistancesInA(ctx context.Context, maxDepth, workers int, progress func(levels []int64)) ([]int64, error) {
	seen, frontier, next := NewBitmap(), NewBitmap(), NewBitmap()
	seen.Set(Coord{})
	frontier.Set(Coord{})
	levels := []int64{1}
	for total := int64(1); total < HSize && (maxDepth <= 0 || len(levels) <= maxDepth); {
		if err := ctx.Err(); err != nil {
			return levels, err
		}
		n := nextLevel(seen, frontier, next, workers)
		if n == 0 {
			break
		}
		levels = append(levels, n)
		total += n
		if progress != nil {
			progress(levels)
		}
		frontier.Clear(workers)
		frontier, next = next, frontier
	}
	return levels, nil
}

// nextLevel writes into next (empty) the positions one move of A from
// frontier that seen does not hold, adds them to seen and counts them.
// Each page of next is written by one worker.
func nextLevel(seen, frontier, next *Bitmap, workers int) int64 {
	counts := make([]int64, NCornerPerms)
	parallel.For(NCornerPerms, workers, func(int) func(int) {
		return func(p int) {
			extendPage(next, frontier, p)
			if !next.used[p] {
				return
			}
			n, s := next.pages[p], seen.writePage(p)
			var c int
			for i := 0; i+8 <= len(n); i += 8 {
				fresh := binary.LittleEndian.Uint64(n[i:]) &^ binary.LittleEndian.Uint64(s[i:])
				binary.LittleEndian.PutUint64(n[i:], fresh)
				binary.LittleEndian.PutUint64(s[i:], binary.LittleEndian.Uint64(s[i:])|fresh)
				c += bits.OnesCount64(fresh)
			}
			counts[p] = int64(c)
			next.used[p] = c > 0
		}
	})
	var total int64
	for _, c := range counts {
		total += c
	}
	return total
}
