package cosets

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/cubecensus/cubecensus/internal/parallel"
)

// DrawDifference draws n positions uniformly at random, with repetition,
// from those in a and not in b (a nil: all of H; b nil: none left out),
// and returns them in the order of their coordinates; none if there are
// none. It reads each bitmap twice, page by page: a sample of a depth's
// positions for a slow check (an optimal solver's) of the search that
// found them, however sparse the depth.
func DrawDifference(a, b *Bitmap, n int, rng *rand.Rand, workers int) []Coord {
	rows := func(p int, each func(row int, set uint32)) {
		fromA, fromB := pageStart(emptyPage[:]), pageStart(emptyPage[:])
		if a != nil {
			fromA = pageStart(a.page(p))
		}
		if b != nil {
			fromB = pageStart(b.page(p))
		}
		for row := range nRows {
			set := uint32(rowMask)
			if a != nil {
				set = loadRow(fromA, uint16(row)) & rowMask
			}
			each(row, set&^loadRow(fromB, uint16(row)))
		}
	}
	perPage := make([]int64, NCornerPerms)
	parallel.For(NCornerPerms, workers, func(int) func(int) {
		return func(p int) {
			switch { // pages with nothing to read first: sparse sets have most
			case a != nil && !a.used(p):
			case a == nil && (b == nil || !b.used(p)):
				perPage[p] = nRows * NMiddlePerms
			default:
				rows(p, func(_ int, set uint32) { perPage[p] += int64(bits.OnesCount32(set)) })
			}
		}
	})
	var total int64
	for _, k := range perPage {
		total += k
	}
	if total == 0 || n <= 0 {
		return nil
	}
	ranks := make([]int64, n)
	for i := range ranks {
		ranks[i] = rng.Int64N(total)
	}
	slices.Sort(ranks)
	out := make([]Coord, 0, n)
	var before int64 // positions in the pages before p
	for p := 0; len(out) < n; p++ {
		if ranks[len(out)] >= before+perPage[p] {
			before += perPage[p]
			continue
		}
		rows(p, func(row int, set uint32) {
			count := int64(bits.OnesCount32(set))
			for len(out) < n && ranks[len(out)] < before+count {
				s := set // its (rank-before)'th set bit is the position
				for range ranks[len(out)] - before {
					s &= s - 1
				}
				out = append(out, At(p, row, bits.TrailingZeros32(s)))
			}
			before += count
		})
	}
	return out
}
