package coord

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// hkCodeOf is an hK code of a distance d with base.
func hkCodeOf(d, base int) int {
	return min(3, max(0, d-base))
}

// TestH11Levels checks the breadth-first cosets of h11 against
// nissy-core's count of those within 8 moves (the starting set of its
// table builds, 7,437,855), which counts each frame of a symmetric class
// (each entry of h11 a coset sets): 6,764,737 cosets here.
func TestH11Levels(t *testing.T) {
	h := sharedH48()
	var frames int
	for _, level := range h.h11Levels(8) {
		for _, key := range level {
			class, esep, eo := key.unpack()
			seen := make(map[h11Key]bool)
			h.frames(class, esep, eo, func(e, o int) { seen[packH11(class, e, o)] = true })
			frames += len(seen)
		}
	}
	if frames != 7437855 {
		t.Errorf("%d entries of h11 within 8 moves, want nissy-core's 7,437,855", frames)
	}
}

// TestHKZeroIsH0 checks the build with no orientation kept, entry by
// entry, against the exact h0 table: the least h11 distance over all the
// orientations is the h0 distance.
func TestHKZeroIsH0(t *testing.T) {
	const base = 6
	h, exact := sharedH48(), sharedH0()
	table, err := h.NewHK(0, base, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range NH48H0 {
		if got, want := table.Code(i), hkCodeOf(exact.At(i), base); got != want {
			t.Fatalf("entry %d: code %d, the exact h0 distance %d gives %d", i, got, exact.At(i), want)
		}
	}
}

// TestHKAgainstBreadthFirst checks an h2 table built by the depth-first
// searches against the cosets of h11 found breadth first to base+2, every
// entry, and the least of the entries sharing an h0 entry against h0.
func TestHKAgainstBreadthFirst(t *testing.T) {
	const k, base = 2, 4
	h, exact := sharedH48(), sharedH0()
	table, err := h.NewHK(k, base, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := make(map[int]int)
	for d, level := range h.h11Levels(base + 2) {
		for _, key := range level {
			class, esep, eo := key.unpack()
			h.frames(class, esep, eo, func(e, o int) {
				i := table.index(class, e, o)
				if c, seen := want[i]; !seen || hkCodeOf(d, base) < c {
					want[i] = hkCodeOf(d, base)
				}
			})
		}
	}
	for i := range hkEntries(k) {
		w, seen := want[i]
		if !seen {
			w = 3
		}
		if got := table.Code(i); got != w {
			t.Fatalf("entry %d: code %d, the breadth-first cosets give %d", i, got, w)
		}
	}
	for i := range NH48H0 {
		least := 3
		for o := range 1 << k {
			least = min(least, table.Code(i<<k|o))
		}
		if want := hkCodeOf(exact.At(i), base); least != want {
			t.Fatalf("h0 entry %d: its h2 entries' least code is %d, h0 gives %d", i, least, want)
		}
	}
}

// TestHKOnCubes checks an hK table read off cubes: a cube and its 48
// conjugates read the same code, and the bound is at most the least number
// of face turns that bring a short scramble into h11's goal group (all
// sequences, on the cubie level).
func TestHKOnCubes(t *testing.T) {
	const k, base = 3, 3
	table, err := sharedH48().NewHK(k, base, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		c := cube.Random(rng)
		_, code := table.Cube(&c)
		for s := range cube.Sym(cube.NSyms) {
			d := cube.Conjugate(c, s)
			if _, other := table.Cube(&d); other != code {
				t.Fatalf("%v reads code %d, its conjugate by %v %d", c, code, s, other)
			}
		}
	}
	for range 60 {
		c := cube.Solved
		for range rng.IntN(7) {
			c.Move(&c, cube.Move(rng.IntN(cube.NFaceMoves)))
		}
		distance := goalDistance(c, func(c *cube.Cube) bool { return inH48Goal(c) && H48EO(c) == 0 })
		if _, code := table.Cube(&c); table.Bound(code) > distance {
			t.Fatalf("%v: code %d, bound %d, but %d face turns reach the goal", c, code, table.Bound(code), distance)
		}
	}
}

func TestHKRefusesBadArguments(t *testing.T) {
	h := sharedH48()
	for _, kb := range [][2]int{{-1, 5}, {12, 5}, {2, 0}} {
		if _, err := h.NewHK(kb[0], kb[1], 1, nil); err == nil {
			t.Errorf("h%d with base %d: no error", kb[0], kb[1])
		}
	}
}

// BenchmarkHKBuild builds nissy-core's largest table that fits beside a
// census on 2 cores, h7 with base 9 (3.5 GiB, about an hour of both
// cores), and reports its codes: by hand, `go test ./coord -run '^$'
// -bench HKBuild -benchtime 1x -timeout 4h` (make bench leaves it out).
func BenchmarkHKBuild(b *testing.B) {
	const k, base = 7, 9
	h := sharedH48()
	for b.Loop() {
		table, err := h.NewHK(k, base, runtime.GOMAXPROCS(0), nil)
		if err != nil {
			b.Fatal(err)
		}
		for c, n := range table.Codes {
			b.ReportMetric(float64(n), fmt.Sprintf("code%d", c))
		}
	}
}

// TestHKCache checks that an hK table stored in the cache loads back the
// same, and that a bad K or base is refused before anything is built.
func TestHKCache(t *testing.T) {
	const k, base = 2, 4
	h, cfg := sharedH48(), Config{CacheDir: t.TempDir()}
	built, c, err := h.LoadHK(cfg, k, base)
	if err != nil || c.Loaded || c.StoreErr != nil {
		t.Fatalf("first load: loaded %v, %v, %v", c.Loaded, c.StoreErr, err)
	}
	if !HKCached(cfg.CacheDir, k, base) || HKCached(cfg.CacheDir, k, base+1) {
		t.Errorf("HKCached: base %d %v, base %d %v", base, HKCached(cfg.CacheDir, k, base), base+1, HKCached(cfg.CacheDir, k, base+1))
	}
	loaded, c, err := h.LoadHK(cfg, k, base)
	if err != nil || !c.Loaded {
		t.Fatalf("second load: loaded %v, %v", c.Loaded, err)
	}
	if loaded.Codes != built.Codes || !slices.Equal(loaded.crumbs, built.crumbs) {
		t.Errorf("the table loaded differs from the one built: codes %v and %v", loaded.Codes, built.Codes)
	}
	if _, _, err := h.LoadHK(cfg, 12, base); err == nil {
		t.Error("h12: no error")
	}
}
