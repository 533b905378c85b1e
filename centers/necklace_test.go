package centers

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestNecklaceKeepsEachFamily checks the necklace rule against brute
// force on random cyclically reduced words: every rotation of the word and
// of its inverse, conjugated by every symmetry that makes it begin with the
// representative of the word's highest rank, is listed; the least of them
// must survive necklaceOf at every length, and a word necklaceOf drops must
// have something less in its family.
func TestNecklaceKeepsEachFamily(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 55))
	dropped := 0
	for range 20000 {
		w := randomCyclicWord(rng, 2+rng.IntN(11))
		rank := nClasses
		for _, e := range w {
			rank = min(rank, classRank[e])
		}
		var family []cube.Word
		for _, v := range []cube.Word{w, w.Inverse()} {
			for i := range v {
				rot := slices.Concat(v[i:], v[:i])
				for y := range cube.Sym(cube.NSyms) {
					if c := rot.Conjugate(y); c[0] == classRep(rank) {
						family = append(family, c)
					}
				}
			}
		}
		least := slices.MinFunc(family, slices.Compare)
		for i := range least {
			if _, ok := necklaceOf(least[:i+1], rank); !ok {
				t.Fatalf("%v: the least of its family, %v, is dropped after %d moves", w, least, i+1)
			}
		}
		if w[0] != classRep(rank) {
			continue
		}
		if _, ok := necklaceOf(w, rank); !ok {
			dropped++
			if slices.Compare(least, w) >= 0 {
				t.Fatalf("%v is dropped but is the least of its family", w)
			}
		}
	}
	if dropped == 0 {
		t.Fatal("no word was dropped: the test checks nothing")
	}
}

// randomCyclicWord returns n axis moves, no two neighbours (the last and
// the first included) on one axis.
func randomCyclicWord(rng *rand.Rand, n int) cube.Word {
	for {
		w := make(cube.Word, n)
		for i := range w {
			w[i] = cube.AxisMoves[rng.IntN(len(cube.AxisMoves))]
			for i > 0 && w[i].Axis() == w[i-1].Axis() {
				w[i] = cube.AxisMoves[rng.IntN(len(cube.AxisMoves))]
			}
		}
		if w[0].Axis() != w[n-1].Axis() {
			return w
		}
	}
}
