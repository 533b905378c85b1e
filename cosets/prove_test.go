package cosets

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/cubecensus/cubecensus/coord"
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
		if coord.CosetOf(&c) != coord.CosetOf(&r) {
			t.Fatalf("h^-1·r is not in r's coset")
		}
	}
}

// The positions a proof's last prepass leaves, read off without running
// it, are those the cubie model says no move of A reaches: a page half
// full, its sources half full but for two empty ones.
func TestMissingAfterExtend(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	bm := NewBitmap()
	const tp = 2345
	fill := func(page []byte) {
		for j := range pageBytes {
			page[j] = byte(rng.Uint32())
		}
	}
	for i, m := range Moves {
		if m.Axis() != cube.AxisUD || m.Power() != 2 {
			fill(bm.writePage(int(tables.corners[tp][tables.inverse[i]])))
		}
	}
	fill(bm.writePage(tp))
	var want []Coord
	for r := range nRows {
		row := extendedRow(bm, tp, r, true)
		for m := range NMiddlePerms {
			if row>>m&1 == 0 {
				want = append(want, At(tp, r, m))
			}
		}
	}
	var w openRows
	got := w.missingAfterExtend(bm, tp)
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Fatalf("%d positions missing after the prepass, want %d (%v, want %v)", len(got), len(want), got[:min(5, len(got))], want[:min(5, len(want))])
	}
}

// BenchmarkProveCoset times seed 002's proof mode on random cosets: a
// search to 15, a partial search of 16, prepasses to 20 and the two-phase
// solver on the positions left (seed 002's Table 5.2: 17.4 s on 4 cores).
// The cosets vary (some need the partial search, some leave hundreds of
// positions): run it on several (-benchtime Nx); the figures per coset are
// means. The bitmap is allocated, and its memory mapped, once, before the
// timer starts, as a run over a range of cosets does.
func BenchmarkProveCoset(b *testing.B) {
	two := solver.New()
	two.ExtraDepths = 0
	s := NewCosetSolver(cosetMoves, two, NewDenseBitmap(2), 2)
	rng := rand.New(rand.NewPCG(15, 16))
	var left, search, prepass, twoPhase, slowest float64
	for b.Loop() {
		start := time.Now()
		p, err := s.Prove(context.Background(), cube.Random(rng), Plan{SearchDepth: 15, Bound: 20, Partial: true})
		if err != nil {
			b.Fatal(err)
		}
		if !p.Proven() {
			b.Fatalf("%d positions unsolved", len(p.Unsolved))
		}
		slowest = max(slowest, time.Since(start).Seconds())
		left += float64(p.Left)
		search += sumSeconds(p.SearchSeconds)
		prepass += sumSeconds(p.PrepassSeconds)
		twoPhase += p.TwoPhaseSeconds
	}
	n := float64(b.N)
	b.ReportMetric(left/n, "left/op")
	b.ReportMetric(search/n, "search-s/op")
	b.ReportMetric(prepass/n, "prepass-s/op")
	b.ReportMetric(twoPhase/n, "two-phase-s/op")
	b.ReportMetric(slowest, "slowest-s")
}

// sumSeconds adds up a proof's per-depth seconds.
func sumSeconds(seconds []float64) float64 {
	var t float64
	for _, s := range seconds {
		t += s
	}
	return t
}
