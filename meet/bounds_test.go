package meet

import (
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestLevels: the distribution's counts are those of the definitions,
// counted state by state at every depth, on random bounds (some exact,
// some without an upper bound).
func TestLevels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		b := NewBounds(cube.HTM, 1+rng.IntN(200))
		for i := range b.Lower {
			b.Lower[i] = rng.IntN(15)
			switch rng.IntN(3) {
			case 0:
				b.Upper[i] = b.Lower[i]
			case 1:
				b.Upper[i] = b.Lower[i] + 1 + rng.IntN(5)
			}
		}
		b.Exhaustive = rng.IntN(10)
		levels := b.Levels()
		top := 0
		for i := range b.Lower {
			top = max(top, b.Lower[i], b.Upper[i])
		}
		if len(levels) != top+1 {
			t.Fatalf("%d levels, the largest bound is %d", len(levels), top)
		}
		for d, l := range levels {
			var exact, within, possible int64
			for i := range b.Lower {
				if b.Exact(i) && b.Upper[i] == d {
					exact++
				}
				if b.Upper[i] >= 0 && b.Upper[i] <= d {
					within++
				}
				if b.Lower[i] <= d {
					possible++
				}
			}
			want := Level{d, exact, within, possible, d <= b.Exhaustive || b.Unresolved() == 0}
			if l != want {
				t.Fatalf("depth %d: %+v, want %+v", d, l, want)
			}
		}
	}
}
