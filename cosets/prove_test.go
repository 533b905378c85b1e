package cosets

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/solver"
)

// The positions a proof hands to the two-phase solver: a page's clear
// bits are read back as the positions they stand for, and a position of H
// h names the coset's position h^-1·r, which lies in r's coset.
func TestMissing(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	const p = 12345
	bm := NewBitmap()
	page := bm.writePage(p)
	for row := range nRows {
		page[row*rowBytes], page[row*rowBytes+1], page[row*rowBytes+2] = 0xff, 0xff, 0xff
	}
	var want []Coord
	for range 5 {
		c := randomH(rng)
		c.SetCornerPerm(p)
		if c.CornerParity() != c.EdgeParity() {
			c.EP[0], c.EP[1] = c.EP[1], c.EP[0]
		}
		x := CoordOf(&c)
		page[x.Edges/2*rowBytes+x.Middle/8] &^= 1 << (x.Middle % 8)
		if !slices.Contains(want, x) {
			want = append(want, x)
		}
	}
	got := missingInPage(bm.page(p), p, nil)
	sortCoords := func(xs []Coord) {
		slices.SortFunc(xs, func(a, b Coord) int { return (a.Edges*NMiddlePerms + a.Middle) - (b.Edges*NMiddlePerms + b.Middle) })
	}
	sortCoords(got)
	sortCoords(want)
	if !slices.Equal(got, want) {
		t.Fatalf("missing %v, cleared %v", got, want)
	}
	for range 1000 {
		r, h := cube.Random(rng), randomH(rng)
		c := cube.Times(cube.Inverse(h), r)
		if solver.CosetOf(&c) != solver.CosetOf(&r) {
			t.Fatalf("h^-1·r is not in r's coset")
		}
	}
}

// BenchmarkProveCoset times seed 002's proof mode on random cosets: a
// search to 15, a partial search of 16, prepasses to 20 and the two-phase
// solver on the positions left (seed 002's Table 5.2: 17.4 s on 4 cores).
func BenchmarkProveCoset(b *testing.B) {
	two := solver.New()
	two.ExtraDepths = 0
	s := NewCosetSolver(cosetMoves, two, NewDenseBitmap(), 2)
	rng := rand.New(rand.NewPCG(15, 16))
	for b.Loop() {
		p, err := s.Prove(context.Background(), cube.Random(rng), Plan{SearchDepth: 15, Bound: 20, Partial: true})
		if err != nil {
			b.Fatal(err)
		}
		if !p.Proven() {
			b.Fatalf("%d positions unsolved", len(p.Unsolved))
		}
		b.ReportMetric(float64(p.Left), "left/op")
		b.ReportMetric(sumSeconds(p.SearchSeconds), "search-s/op")
		b.ReportMetric(sumSeconds(p.PrepassSeconds), "prepass-s/op")
		b.ReportMetric(p.TwoPhaseSeconds, "two-phase-s/op")
	}
}

// sumSeconds adds up a proof's per-depth seconds.
func sumSeconds(seconds []float64) float64 {
	var t float64
	for _, s := range seconds {
		t += s
	}
	return t
}
