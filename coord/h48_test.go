package coord

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

var sharedH48 = sync.OnceValue(NewH48)

// inH48Goal is the goal group's definition read off the cubie level
// (doc/h48.md): every corner in its tetrad and oriented, every edge in its
// slice.
func inH48Goal(c *cube.Cube) bool {
	for p, x := range c.CP {
		if inFirstTetrad[x] != inFirstTetrad[p] || c.CO[p] != 0 {
			return false
		}
	}
	for p, x := range c.EP {
		if edgeSlice[x] != edgeSlice[p] {
			return false
		}
	}
	return true
}

func TestH48CoordinatesOfTheGoal(t *testing.T) {
	h := sharedH48()
	if H48Cocsep(&cube.Solved) != 0 || H48Esep(&cube.Solved) != 0 {
		t.Fatalf("the solved cube's coordinates are %d, %d, want 0, 0", H48Cocsep(&cube.Solved), H48Esep(&cube.Solved))
	}
	// The goal group holds the half turns, and every symmetry keeps it.
	for m := range cube.Move(cube.NFaceMoves) {
		moved := h.cocsepMove[0][m] == 0 && h.esepMove[0][m] == 0
		if moved != (m.Power() == 2) {
			t.Errorf("%v keeps the goal's coordinates: %v", m, moved)
		}
	}
	if h.stab[0] != 1<<cube.NSyms-1 || h.esepSym[0] != [cube.NSyms]esepImage{} {
		t.Errorf("the goal's class is kept by %b, its esep goes to %v", h.stab[0], h.esepSym[0])
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		c := cube.Random(rng)
		if got, want := H48Cocsep(&c) == 0 && H48Esep(&c) == 0, inH48Goal(&c); got != want {
			t.Fatalf("%v: coordinates %d, %d; in the goal group %v", c, H48Cocsep(&c), H48Esep(&c), want)
		}
	}
}

// TestH48SetsAndReads checks that setting each coordinate value and reading
// it back is the identity.
func TestH48SetsAndReads(t *testing.T) {
	for x := range NH48Cocsep {
		c := cube.Solved
		setH48Cocsep(&c, x)
		if y := H48Cocsep(&c); y != x {
			t.Fatalf("cocsep %d reads back as %d", x, y)
		}
	}
	for x := range NH48Esep {
		c := cube.Solved
		setH48Esep(&c, x)
		if y := H48Esep(&c); y != x {
			t.Fatalf("esep %d reads back as %d", x, y)
		}
	}
}

// TestH48TablesAgreeWithTheCubieLevel checks the move and conjugation
// tables on random cubes against turning and conjugating the cubes, and so
// that conjugation is a function of the coordinates (of each part alone,
// and of the orientations with the esep).
func TestH48TablesAgreeWithTheCubieLevel(t *testing.T) {
	h := sharedH48()
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		c := cube.Random(rng)
		cocsep, esep, eo := H48Cocsep(&c), H48Esep(&c), H48EO(&c)
		for m := range cube.Move(cube.NFaceMoves) {
			var d cube.Cube
			d.Move(&c, m)
			if int(h.cocsepMove[cocsep][m]) != H48Cocsep(&d) || int(h.esepMove[esep][m]) != H48Esep(&d) || int(h.eoMove[eo][m]) != H48EO(&d) {
				t.Fatalf("%v after %v: the move tables disagree with the cube", c, m)
			}
		}
		cs := h.classSym[cocsep]
		for s := range cube.Sym(cube.NSyms) {
			d := cube.Conjugate(c, s)
			if e, o := h.conjugate(esep, eo, s); e != H48Esep(&d) || o != H48EO(&d) {
				t.Fatalf("%v conjugated by %v: the conjugation tables disagree with the cube", c, s)
			}
			if h.classSym[H48Cocsep(&d)]>>6 != cs>>6 {
				t.Fatalf("%v and its conjugate by %v are in different classes", c, s)
			}
			if s == cube.Sym(cs&63) && H48Cocsep(&d) != int(h.rep[cs>>6]) {
				t.Fatalf("%v: its class's symmetry does not take it to the representative", c)
			}
		}
	}
	for class, x := range h.rep {
		c := cube.Solved
		setH48Cocsep(&c, int(x))
		for s := range cube.Sym(cube.NSyms) {
			d := cube.Conjugate(c, s)
			if fixed := H48Cocsep(&d) == int(x); fixed != (h.stab[class]>>s&1 == 1) {
				t.Fatalf("class %d: S%d fixes its representative %v, stabilizer says %v", class, s, fixed, !fixed)
			}
		}
	}
}

// TestH48CornersDistances checks the corner part's distances from the goal
// (H48Corners) against nissy-core's level counts (its cocsep table's
// check: doc/h48.md's cocsepdata) and, on scrambles, against the h0
// distance they bound from below.
func TestH48CornersDistances(t *testing.T) {
	h := sharedH48()
	corners := h.CornerDistances()
	var levels []int64
	for _, d := range corners {
		for int(d) >= len(levels) {
			levels = append(levels, 0)
		}
		levels[d]++
	}
	want := []int64{1, 6, 63, 468, 3068, 15438, 53814, 71352, 8784, 96}
	if !slices.Equal(levels, want) {
		t.Errorf("cocsep levels %v, want nissy-core's %v", levels, want)
	}
	for x := range NH48Cocsep {
		for m, y := range h.cocsepMove[x] {
			if d, e := int(corners[x]), int(corners[y]); e < d-1 || e > d+1 {
				t.Fatalf("corner part %d at %d, after move %d %d: a move changes a distance by one at most", x, d, m, e)
			}
		}
	}
	h0 := sharedH0()
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 2000 {
		c := cube.Scramble(rng, i%20)
		if bound, dist := corners.Bound(H48CoordOf(&c)), h0.Distance(&c); bound > dist {
			t.Fatalf("%v: corners' bound %d above the h0 distance %d", c, bound, dist)
		}
	}
}

// sharedH0 is the h0 table of the tests, from the cache (LoadH0; the
// first run builds it).
var sharedH0 = sync.OnceValue(func() *H0 {
	t, _, err := sharedH48().LoadH0(Config{})
	if err != nil {
		panic(err)
	}
	return t
})

// TestH0Levels checks the h0 table's level counts against nissy-core's
// (doc/h48.md and its h48h0 table's checks: 5,473,562 entries within 8,
// then 34,776,317, 68,566,704 and 8,750,867 from 11), their sum against the
// table's size, and (not with -short: a second build, a minute or more)
// the build's determinism on one worker.
func TestH0Levels(t *testing.T) {
	table := sharedH0()
	var sum, within8 int64
	for d, n := range table.Levels {
		sum += n
		if d <= 8 {
			within8 += n
		}
	}
	if sum != NH48H0 {
		t.Fatalf("the levels sum to %d, want %d", sum, NH48H0)
	}
	var from11 int64
	for _, n := range table.Levels[11:] {
		from11 += n
	}
	got := []int64{within8, table.Levels[9], table.Levels[10], from11}
	if want := []int64{5473562, 34776317, 68566704, 8750867}; !slices.Equal(got, want) {
		t.Errorf("h0 levels folded at 8: %v, want nissy-core's %v (all: %v)", got, want, table.Levels)
	}
	if testing.Short() {
		return
	}
	one := sharedH48().NewH0(1)
	if !slices.Equal(one.nib, table.nib) {
		t.Error("the h0 table differs between one worker and two")
	}
}

// TestH0ConsistentAndExact checks sampled entries against their neighbours
// (an entry at d > 0 has one at d-1 and none below), and the distances of
// short scrambles against a search of the goal group on the cubie level.
func TestH0ConsistentAndExact(t *testing.T) {
	h, table := sharedH48(), sharedH0()
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		i := rng.IntN(NH48H0)
		d, least := table.At(i), 99
		for m := range cube.NFaceMoves {
			least = min(least, table.At(h.h0Neighbour(i, m)))
		}
		if d > 0 && least != d-1 || d == 0 && i != 0 {
			t.Fatalf("entry %d at %d has neighbours from %d", i, d, least)
		}
	}
	for range 40 {
		c := cube.Solved
		for range rng.IntN(6) {
			c.Move(&c, cube.Move(rng.IntN(cube.NFaceMoves)))
		}
		want := goalDistance(c, inH48Goal)
		if got := table.Distance(&c); got != want {
			t.Fatalf("%v: h0 distance %d, a search says %d", c, got, want)
		}
	}
}

// goalDistance returns the least number of face turns that bring c into
// the goal group inGoal says (h0's or h11's): all sequences, on the cubie
// level.
func goalDistance(c cube.Cube, inGoal func(*cube.Cube) bool) int {
	var reaches func(c cube.Cube, n int) bool
	reaches = func(c cube.Cube, n int) bool {
		if n == 0 {
			return inGoal(&c)
		}
		for m := range cube.Move(cube.NFaceMoves) {
			var d cube.Cube
			d.Move(&c, m)
			if reaches(d, n-1) {
				return true
			}
		}
		return false
	}
	n := 0
	for !reaches(c, n) {
		n++
	}
	return n
}

func TestCombinationsRankInOrder(t *testing.T) {
	c := newCombinations(12, 4)
	if len(c.word) != 495 || c.word[0] != 0xf || bits.OnesCount16(c.word[494]) != 4 {
		t.Fatalf("12 choose 4: %d words from %#x", len(c.word), c.word[0])
	}
	for r, w := range c.word {
		if int(c.rank[w]) != r || r > 0 && c.word[r-1] >= w {
			t.Fatalf("word %#x ranked %d at %d", w, c.rank[w], r)
		}
	}
}
