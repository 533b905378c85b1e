package cosets

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// Closing a set under the symmetries (by a pass over the bitmap, or by
// setting the conjugates of given positions), and under inverses, in the
// bitmap gives the conjugates, and the inverses, that the cubie model
// computes one by one; each conjugate lies in H.
func TestCloseUnderSymmetryAndInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var start []cube.Cube
	for range 2000 {
		start = append(start, randomH(rng))
	}
	for _, tc := range []struct {
		name  string
		close func(*Bitmap, int) int64
		image func(cube.Cube) []cube.Cube
	}{
		{"symmetries", (*Bitmap).closeUnderSymmetry, func(c cube.Cube) (out []cube.Cube) {
			for _, s := range hSymmetries {
				out = append(out, cube.Conjugate(c, s))
			}
			return out
		}},
		{"conjugates one by one", func(bm *Bitmap, _ int) int64 {
			var xs []Coord
			for _, c := range start {
				xs = append(xs, CoordOf(&c))
			}
			return bm.Count() + bm.addConjugates(xs)
		}, func(c cube.Cube) (out []cube.Cube) {
			for _, s := range hSymmetries {
				out = append(out, cube.Conjugate(c, s))
			}
			return out
		}},
		{"inverses", (*Bitmap).closeUnderInverse, func(c cube.Cube) []cube.Cube {
			return []cube.Cube{c, cube.Inverse(c)}
		}},
	} {
		bm := NewBitmap()
		want := map[cube.Cube]bool{}
		for _, c := range start {
			bm.Set(CoordOf(&c))
			for _, d := range tc.image(c) {
				if !InH(&d) {
					t.Fatalf("%s: %v leaves H", tc.name, d)
				}
				want[d] = true
			}
		}
		if n := tc.close(bm, 2); n != int64(len(want)) || bm.Count() != n {
			t.Fatalf("%s: %d positions (%d counted), want %d", tc.name, n, bm.Count(), len(want))
		}
		for c := range want {
			if !bm.Has(CoordOf(&c)) {
				t.Fatalf("%s: %v is missing", tc.name, c)
			}
		}
	}
}

// The trivial coset searched from symmetric roots and closed under the
// symmetries, by the conjugates of the positions the search added or by a
// pass over the bitmap, holds, level by level, exactly the positions the
// search of every sequence finds: all equal to seed 001's Table 1 ("moves
// in S").
func TestTrivialCosetSymmetricSearch(t *testing.T) {
	const depth = 7
	seed := []int64{1, 10, 67, 456, 3079, 20076, 125218, 756092}
	runs := map[string]*cosetRun{}
	for name, how := range map[string]struct{ from, freshMax int }{
		"every root":                 {depth + 1, freshMax},
		"symmetric roots":            {5, freshMax},
		"symmetric roots and a pass": {5, 0},
	} {
		run := NewCosetSolver(cosetMoves, nil, NewBitmap(), 2).newRun(cube.Solved)
		run.prepassFrom, run.symmetricFrom, run.freshMax = 0, how.from, how.freshMax
		for d := 0; d <= depth; d++ {
			if err := run.level(context.Background(), d, fullSearch); err != nil {
				t.Fatal(err)
			}
		}
		for d, n := range seed {
			if run.levels.Positions[d] != n {
				t.Fatalf("%s: levels %v, seed 001 %v", name, run.levels.Positions, seed)
			}
		}
		t.Logf("%s: probes %v", name, run.levels.Probes)
		runs[name] = run
	}
	all := runs["every root"].bm
	for _, name := range []string{"symmetric roots", "symmetric roots and a pass"} {
		sym := runs[name].bm
		for p := range NCornerPerms {
			a, b := all.page(p), sym.page(p)
			for i := range pageBytes {
				if a[i] != b[i] {
					t.Fatalf("%s: page %d differs at byte %d", name, p, i)
				}
			}
		}
	}
	if probes := runs["symmetric roots"].levels.Probes; probes[depth]*8 > runs["every root"].levels.Probes[depth] {
		t.Fatalf("symmetric roots made %d probes at depth %d, not an eighth of %d", probes[depth], depth, runs["every root"].levels.Probes[depth])
	}
}

// Once few positions are left, the search sets only theirs (coordset.go),
// or meets them in the middle (meet.go), from every root or from symmetric
// roots, on H and on another coset: given, after depth 7's prepass, about
// half of the positions at distance 7 it left (whole orbits under the
// symmetries), and positions beyond 7, the search adds exactly that half.
func TestSearchOnlyLeft(t *testing.T) {
	newRun := func(r cube.Cube) *cosetRun {
		run := NewCosetSolver(cosetMoves, nil, NewBitmap(), 2).newRun(r)
		run.prepassFrom = 0
		for d := range 7 {
			if err := run.level(context.Background(), d, fullSearch); err != nil {
				t.Fatal(err)
			}
		}
		return run
	}
	rng := rand.New(rand.NewPCG(11, 12))
	// atSeven returns the whole search's run of depth 7 on the coset of r,
	// its positions at 7, and 1,000 positions beyond 7, once a coset.
	type seven struct {
		full     *cosetRun
		at7, far []Coord
	}
	sevens := map[cube.Cube]seven{}
	atSeven := func(r cube.Cube) seven {
		if s, ok := sevens[r]; ok {
			return s
		}
		s, before := seven{full: newRun(r)}, newRun(r)
		if err := s.full.level(context.Background(), 7, fullSearch); err != nil {
			t.Fatal(err)
		}
		for p := range NCornerPerms {
			if s.full.bm.used(p) {
				now, then := pageStart(s.full.bm.page(p)), pageStart(before.bm.page(p))
				for r := range uint16(nRows) {
					if added := loadRow(now, r) &^ loadRow(then, r) & rowMask; added != 0 {
						s.at7 = appendPositions(s.at7, p, int(r), added)
					}
				}
			}
		}
		for len(s.far) < 1000 {
			c := randomH(rng)
			if x := CoordOf(&c); !s.full.bm.Has(x) {
				s.far = append(s.far, x)
			}
		}
		sevens[r] = s
		return s
	}
	for _, tc := range []struct {
		name      string
		coset     []cube.Move // a maneuver into the coset
		meetMax   int64
		symmetric bool
	}{
		{"a set of those left", nil, 0, false},
		{"meeting those left in the middle", nil, 1 << 22, false},
		{"meeting them from symmetric roots", nil, 1 << 22, true},
		{"meeting them on another coset", []cube.Move{cube.F1, cube.R3}, 1 << 22, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := cube.FromMoves(tc.coset)
			seven := atSeven(r)
			full, at7, far := seven.full, seven.at7, seven.far
			sampled := newRun(r)
			if tc.symmetric {
				sampled.symmetricFrom = 7
			}
			var sample, unsampled []Coord
			sampled.onlyLeftBelow, sampled.meetMax = HSize+1, tc.meetMax
			sampled.left = func() []Coord {
				sample, unsampled = sampleOrbits(at7, sampled.bm, func() bool { return rng.IntN(2) == 0 })
				left := append(slices.Clone(sample), far...)
				if k := meetDepth(int64(len(left)), 7, tc.meetMax); (k > 0) != (tc.meetMax > 0) {
					t.Fatalf("%d positions left: meeting them %d moves short", len(left), k)
				}
				return left
			}
			if err := sampled.level(context.Background(), 7, fullSearch); err != nil {
				t.Fatal(err)
			}
			if len(sample) == 0 || len(unsampled) == 0 || sampled.levels.Positions[7] != int64(len(at7)-len(unsampled)) || len(at7) != int(full.levels.Positions[7]) {
				t.Fatalf("%d positions at 7 (%d sampled of those the prepass left, %d not), %d found", len(at7), len(sample), len(unsampled), sampled.levels.Positions[7])
			}
			for _, x := range far {
				if sampled.bm.Has(x) {
					t.Fatalf("%+v, beyond 7, was set", x)
				}
			}
			for _, x := range unsampled {
				if sampled.bm.Has(x) {
					t.Fatalf("%+v, not in the set, was set", x)
				}
			}
			t.Logf("%d positions at 7: %d by the prepass (and inverses), %d of the others in the set; %d probes (the whole search's %d)",
				len(at7), len(at7)-len(sample)-len(unsampled), len(sample), sampled.levels.Probes[7], full.levels.Probes[7])
		})
	}
}

// A pass holds apart no more new pages than its plan's spare and the
// workers' window: on a connected part of the prepass's plan, 2,000 pages
// with a position each, a pool of exactly that many pages more (it panics
// when exhausted) is enough, and each page comes out holding the positions
// of its sources.
func TestRewriteKeepsItsBound(t *testing.T) {
	order := extendPlan.order[:2000]
	in := make(map[int]bool)
	for _, p := range order {
		in[int(p)] = true
	}
	sources := func(p int) []int {
		out := []int{p}
		for _, q := range tables.corners[p] {
			if in[int(q)] && !slices.Contains(out, int(q)) {
				out = append(out, int(q))
			}
		}
		return out
	}
	plan := newPassPlan(order, sources)
	bm := newBitmapFrom(newDensePool(len(order)+plan.spare+rewriteWindow, 1))
	rng := rand.New(rand.NewPCG(13, 14))
	bit := map[int]int{} // page: the one position's row
	for _, p := range order {
		r := rng.IntN(nRows)
		bm.Set(At(int(p), r, 0))
		bit[int(p)] = r
	}
	n := bm.rewrite(plan, 2, func() func(int, *pageOut) newPage {
		return func(p int, out *pageOut) newPage {
			clear(out.acc[:])
			for _, q := range sources(p) {
				out.acc[bit[q]] |= 1
			}
			return out.store()
		}
	})
	var want int64
	for _, p := range order {
		rows := map[int]bool{}
		for _, q := range sources(int(p)) {
			rows[bit[q]] = true
		}
		want += int64(len(rows))
		for r := range rows {
			if !bm.Has(At(int(p), r, 0)) {
				t.Fatalf("page %d lacks row %d", p, r)
			}
		}
	}
	if n != want || bm.Count() != want {
		t.Fatalf("%d positions (%d counted), want %d", n, bm.Count(), want)
	}
	t.Logf("%d pages, %d held apart at most in order", len(order), plan.spare)
}

// sampleOrbits splits the positions of at that bm does not hold into a
// sample and the others, by whole orbits under the symmetries that keep H
// (as a symmetric search adds the conjugates of what it finds), each
// orbit in the sample when in says so.
func sampleOrbits(at []Coord, bm *Bitmap, in func() bool) (sample, unsampled []Coord) {
	inSample := map[Coord]bool{}
	for _, x := range at {
		if bm.Has(x) {
			continue
		}
		taken, seen := inSample[x]
		if !seen {
			taken = in()
			c := x.Cube()
			for _, s := range hSymmetries {
				y := cube.Conjugate(c, s)
				inSample[CoordOf(&y)] = taken
			}
		}
		if taken {
			sample = append(sample, x)
		} else {
			unsampled = append(unsampled, x)
		}
	}
	return sample, unsampled
}
