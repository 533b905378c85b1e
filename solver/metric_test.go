package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestFindInReachesDistance asks the two-phase solver in QTM and STM for
// solutions exactly as long as positions' distances, drawn from a
// breadth-first search of the metric's moves (QTM to 5, STM to 4): the
// search over every phase-1 length is complete, so it must find one, and
// none shorter exists. Each is re-applied, as slice turns are printed
// (cube.Reframe).
func TestFindInReachesDistance(t *testing.T) {
	s := *shared
	s.ExtraDepths = 0
	rng := rand.New(rand.NewPCG(27, 28))
	for _, tc := range []struct {
		metric   cube.Metric
		maxDepth int
	}{{cube.QTM, 5}, {cube.STM, 4}} {
		for d, level := range breadthFirst(tc.metric, tc.maxDepth) {
			for range min(len(level), 60) {
				c := level[rng.IntN(len(level))]
				sol, err := s.FindIn(c, tc.metric, d)
				if err != nil || tc.metric.Length(sol.Moves) != d || cube.Times(c, cube.FromMoves(sol.Moves)) != cube.Solved {
					t.Fatalf("%v: a position at distance %d: %s (%v)", tc.metric, d, cube.FormatManeuver(sol.Moves), err)
				}
			}
		}
	}
}

// TestFindInReachesDistanceInH is TestFindInReachesDistance on positions
// of H made by random moves of H (half turns of R, L, F, B cost two
// quarter turns), at the distances the optimal solver gives: phase 2's
// costs decide these.
func TestFindInReachesDistanceInH(t *testing.T) {
	s := *shared
	s.ExtraDepths = 0
	rng := rand.New(rand.NewPCG(31, 32))
	for _, m := range []cube.Metric{cube.QTM, cube.STM} {
		p2, err := s.Tables.Phase2In(m)
		if err != nil {
			t.Fatal(err)
		}
		for range 20 {
			c := cube.Solved
			for range 5 {
				c = cube.Times(c, cube.CubeOf(p2.Moves[rng.IntN(len(p2.Moves))]))
			}
			o, err := s.Optimal(context.Background(), c, m, 1)
			if err != nil {
				t.Fatal(err)
			}
			d := m.Length(o.Moves)
			sol, err := s.FindIn(c, m, d)
			if err != nil || m.Length(sol.Moves) != d || cube.Times(c, cube.FromMoves(sol.Moves)) != cube.Solved {
				t.Fatalf("%v: a position of H at distance %d: %s (%v)", m, d, cube.FormatManeuver(sol.Moves), err)
			}
		}
	}
}

// TestFindInRandom solves random cubes within 26 quarter turns and 19 slice
// turns (God's number in QTM; a random cube is about 21 quarter turns and
// 17.7 slice turns from solved), each solution re-applied and measured in
// its metric; at least 5 of each 30 must end with a tail (20 and 15 do).
func TestFindInRandom(t *testing.T) {
	s := *shared
	s.ExtraDepths = 0
	rng := rand.New(rand.NewPCG(29, 30))
	for _, tc := range []struct {
		metric    cube.Metric
		maxLength int
	}{{cube.QTM, 26}, {cube.STM, 19}} {
		slices, tails := 0, 0
		for range 30 {
			c := cube.Random(rng)
			sol, err := s.FindIn(c, tc.metric, tc.maxLength)
			if err != nil {
				t.Fatalf("%v: %s: %v", tc.metric, c.Facelets(), err)
			}
			if n := tc.metric.Length(sol.Moves); n > tc.maxLength || cube.Times(c, cube.FromMoves(sol.Moves)) != cube.Solved {
				t.Fatalf("%v: %s (%d) does not solve %s within %d", tc.metric, cube.FormatManeuver(sol.Moves), n, c.Facelets(), tc.maxLength)
			}
			for _, m := range sol.Moves {
				if m.IsSlice() {
					slices++
				}
			}
			if sol.Tail > 0 {
				tails++
			}
		}
		if tails < 5 {
			t.Errorf("%v: %d of 30 solutions end with a tail; the tails are not being searched", tc.metric, tails)
		}
		if tc.metric == cube.STM && slices == 0 {
			t.Error("STM: no solution of 30 turns a slice: the slice turns are not searched")
		}
	}
}

// BenchmarkTwoPhaseIn times the two-phase solver in quarter and slice
// turns, one thread, on random cubes, to the first solution within the
// length.
func BenchmarkTwoPhaseIn(b *testing.B) {
	for _, tc := range []struct {
		metric    cube.Metric
		maxLength int
	}{{cube.QTM, 26}, {cube.QTM, 25}, {cube.STM, 20}, {cube.STM, 19}} {
		b.Run(fmt.Sprintf("%v/%d", tc.metric, tc.maxLength), func(b *testing.B) {
			s := *shared
			s.ExtraDepths = 0
			rng := rand.New(rand.NewPCG(13, 14))
			var total int
			for b.Loop() {
				sol, err := s.FindIn(cube.Random(rng), tc.metric, tc.maxLength)
				if n := tc.metric.Length(sol.Moves); err != nil || n > tc.maxLength {
					b.Fatalf("%d moves, %v", n, err)
				}
				total += tc.metric.Length(sol.Moves)
			}
			b.ReportMetric(float64(total)/float64(b.N), "moves/solve")
		})
	}
}
