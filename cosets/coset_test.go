package cosets

import (
	"context"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// sharedTables are the coordinate tables every test of the package uses.
var sharedTables = func() *coord.Tables {
	tables, err := coord.Load(coord.Config{})
	if err != nil {
		panic(err)
	}
	return tables
}()

var cosetTable = func() *coord.CosetTable {
	t, err := sharedTables.CosetTable(cube.HTM)
	if err != nil {
		panic(err)
	}
	return t
}()

var cosetMoves = func() *coord.CosetMoves {
	m, err := cosetTable.Moves()
	if err != nil {
		panic(err)
	}
	return m
}()

// The coset solver against a plain breadth-first search of cubes from the
// representative: the positions of H it reaches at each depth (r·s = h
// for a shortest s solves the coset's position h^-1·r, so its distance is
// |s|) are as many as the bits set first at that depth, and at the last
// depth the bitmap holds each of them (so no other). Both ways of growing
// a level are checked: the search alone, and a prepass then the search of
// the sequences ending outside A (on the trivial coset, "", the prepass,
// the inverses and the search of the sequences beginning and ending
// outside A).
func TestCosetSolverAgainstBFS(t *testing.T) {
	const depth = 5
	for _, rep := range []string{"", "F R", "R2 F' L", "U F2 R' D B"} {
		r := cubeAfter(t, rep)
		dist := ballAround(r, depth)
		want := make([]int64, depth+1)
		for c, d := range dist {
			if InH(&c) {
				want[d]++
			}
		}
		for _, from := range []int64{0, HSize} {
			run := NewCosetSolver(cosetMoves, nil, NewBitmap(), 2).newRun(r)
			run.prepassFrom = from
			for d := 0; d <= depth; d++ {
				if err := run.level(context.Background(), d, fullSearch); err != nil {
					t.Fatal(err)
				}
			}
			if !slices.Equal(run.levels.Positions, want) {
				t.Fatalf("coset of %s, prepasses from %d: the solver's levels %v, the breadth-first search's %v", rep, from, run.levels.Positions, want)
			}
			for c := range dist {
				if InH(&c) && !run.bm.Has(CoordOf(&c)) {
					t.Fatalf("coset of %s: %v, in H within %d moves, is not in the bitmap", rep, c, depth)
				}
			}
			t.Logf("coset of %s, prepasses from %d: %v (probes %v)", rep, from, run.levels.Positions, run.levels.Probes)
		}
	}
}

// The trivial coset's first levels are seed 001's Table 1, "moves in S".
func TestTrivialCosetFirstLevels(t *testing.T) {
	levels, err := NewCosetSolver(cosetMoves, nil, NewBitmap(), 2).Levels(context.Background(), cube.Solved, 6)
	if err != nil {
		t.Fatal(err)
	}
	seed := []int64{1, 10, 67, 456, 3079, 20076, 125218}
	for d, n := range seed {
		if levels.Positions[d] != n {
			t.Fatalf("trivial coset: %v, seed 001 %v", levels.Positions, seed)
		}
	}
}

// The proof of the search's skip (needed): every canonical tail of togo
// moves ending outside A that enters H from a coset at distance n < togo,
// n + togo < shortDetour, is as an element of the group either within
// togo-1 moves or within togo moves by a sequence ending in a move of A.
// Distances come from a breadth-first search of the cube group to depth
// shortDetour-1, and a coset's distance, from the coset table, is the one
// of the inverse of the tail (the positions p with p·τ in H are H·τ^-1).
func TestShortDetours(t *testing.T) {
	const radius = shortDetour - 1
	dist := ball(radius)
	// endsInA reports whether c, at distance d, has a shortest sequence
	// ending in a move of A.
	endsInA := func(c cube.Cube, d int) bool {
		for _, a := range Moves {
			before := c
			before.Move(&before, a.Inverse())
			if e, ok := dist[before]; ok && e == d-1 {
				return true
			}
		}
		return false
	}
	skipped := 0
	var walk func(tail cube.Cube, last cube.Move, togo int)
	walk = func(tail cube.Cube, last cube.Move, togo int) {
		if togo > 0 && !inA(last) {
			inv := cube.Inverse(tail)
			n := cosetTable.Distance(coord.CosetOf(&inv))
			if !neededAfterPrepass(togo, n) && n <= togo {
				skipped++
				if d := dist[tail]; d == togo && !endsInA(tail, d) {
					t.Fatalf("a tail of %d moves from a coset %d moves from H is needed: %v", togo, n, tail)
				}
			}
		}
		if togo == radius {
			return
		}
		for m := range cube.Move(cube.NFaceMoves) {
			if togo > 0 && !cube.CanFollow(last, m) {
				continue
			}
			next := tail
			next.Move(&next, m)
			walk(next, m, togo+1)
		}
	}
	walk(cube.Solved, 0, 0)
	if skipped == 0 {
		t.Fatal("no tail is skipped")
	}
	t.Logf("%d tails skipped, each a shorter sequence or one ending in A", skipped)
}

// cubeAfter returns the solved cube after the moves of maneuver.
func cubeAfter(t *testing.T, maneuver string) cube.Cube {
	t.Helper()
	moves, err := cube.ParseManeuver(maneuver)
	if err != nil {
		t.Fatal(err)
	}
	r := cube.Solved
	for _, m := range moves {
		r.Move(&r, m)
	}
	return r
}

// runLevels runs run's levels 0 to depth, the last as how says and the
// others in full.
func runLevels(t *testing.T, run *cosetRun, depth int, how howToSearch) {
	t.Helper()
	for d := 0; d <= depth; d++ {
		h := fullSearch
		if d == depth {
			h = how
		}
		if err := run.level(context.Background(), d, h); err != nil {
			t.Fatal(err)
		}
	}
}

// A partial search stops at a chunk of subtrees past its goal, the same
// one whatever the workers, and finds a subset of the full search's
// positions.
func TestPartialSearch(t *testing.T) {
	r := cubeAfter(t, "U F2 R' D B")
	const depth = 6
	counts := map[howToSearch][]int64{}
	for _, workers := range []int{1, 2} {
		for _, how := range []howToSearch{partialSearch, fullSearch} {
			run := NewCosetSolver(cosetMoves, nil, NewBitmap(), workers).newRun(r)
			run.prepassFrom = 0
			run.goal = func(afterPrepass int64) int64 { return afterPrepass + 20 }
			runLevels(t, run, depth, how)
			if prev, ok := counts[how]; ok && !slices.Equal(prev, run.levels.Positions) {
				t.Fatalf("%v: %v with one worker, %v with two", how, prev, run.levels.Positions)
			}
			counts[how] = run.levels.Positions
		}
	}
	part, full := counts[partialSearch][depth], counts[fullSearch][depth]
	if part >= full || part < 20 {
		t.Fatalf("the partial search found %d positions at depth %d, the full one %d", part, depth, full)
	}
	t.Logf("depth %d: partial %d, full %d", depth, part, full)
}

// A partial search searches its subtrees in the chunks nextPartialChunk
// gives and stops after the first chunk that reaches its goal. Replayed on
// the positions the full search has after each subtree (one worker taking
// them in the same order), the rule stops after as many subtrees as the
// partial search searched, at a goal where chunks of 16 throughout would
// search more.
func TestPartialSearchChunks(t *testing.T) {
	r := cubeAfter(t, "U F2 R' D B")
	const depth = 6
	// search runs the levels to depth with one worker, the last as how
	// says, and returns the positions in the bitmap after the last level's
	// prepass and after each of its subtrees.
	search := func(how howToSearch, goal int64) (int64, []int64) {
		solver := NewCosetSolver(cosetMoves, nil, NewBitmap(), 1)
		run := solver.newRun(r)
		var afterPrepass int64
		run.prepassFrom = 0
		run.goal = func(n int64) int64 { afterPrepass = n; return goal }
		var after []int64
		run.subtrees = func(d, done, total int) {
			if d == depth {
				after = append(after, solver.bm.Count())
			}
		}
		runLevels(t, run, depth, how)
		return afterPrepass, after
	}
	// stopsAfter replays a partial search on the full search's positions,
	// the chunks as next says, and returns the subtrees it searches.
	afterPrepass, full := search(partialSearch, 1<<62) // a goal never reached: the full search
	stopsAfter := func(goal int64, next func(need, gained int64, subtrees int) int) int {
		found, lo, chunk := afterPrepass, 0, maxPartialChunk
		for lo < len(full) && found < goal {
			hi := min(lo+chunk, len(full))
			gained := full[hi-1] - found
			found = full[hi-1]
			chunk = next(goal-found, gained, hi-lo)
			lo = hi
		}
		return lo
	}
	sixteens := func(int64, int64, int) int { return maxPartialChunk }
	goal := afterPrepass + 1
	for ; goal <= full[len(full)-1]; goal++ {
		if stopsAfter(goal, nextPartialChunk) < stopsAfter(goal, sixteens) {
			break
		}
	}
	if goal > full[len(full)-1] {
		t.Fatalf("no goal between %d and %d where the chunk rule stops sooner than chunks of 16", afterPrepass, full[len(full)-1])
	}
	want := stopsAfter(goal, nextPartialChunk)
	if _, part := search(partialSearch, goal); len(part) != want || !slices.Equal(part, full[:len(part)]) {
		t.Fatalf("goal %d: the partial search searched %d subtrees, the rule says %d", goal, len(part), want)
	}
	t.Logf("goal %d: %d subtrees of %d, against %d in chunks of 16", goal, want, len(full), stopsAfter(goal, sixteens))
}

// A partial search's next chunk is the subtrees the last one's rate says
// the goal needs, rounded up, within minPartialChunk and maxPartialChunk.
func TestNextPartialChunk(t *testing.T) {
	for _, c := range []struct {
		need, gained int64
		subtrees     int
		want         int
	}{
		{1000, 0, 16, maxPartialChunk},    // nothing gained: no rate to go by
		{1000, 1000, 16, maxPartialChunk}, // a chunk as large as the last
		{1000, 4000, 16, 4},
		{1001, 4000, 16, 5}, // rounded up
		{10, 4000, 16, minPartialChunk},
		{1, 1, 2, minPartialChunk},
		{500, 1000, 3, minPartialChunk},
		{3000, 1000, 3, 9},
	} {
		if got := nextPartialChunk(c.need, c.gained, c.subtrees); got != c.want {
			t.Errorf("nextPartialChunk(%d, %d, %d) = %d, want %d", c.need, c.gained, c.subtrees, got, c.want)
		}
	}
}

// ballRadius is the radius of the balls meetInTheMiddle joins.
const ballRadius = 5

// ball returns the distance of every position within radius face turns of
// solved.
func ball(radius int) map[cube.Cube]int { return ballAround(cube.Solved, radius) }

// ballAround returns the distance from root of every position within radius
// face turns of it, by breadth-first search.
func ballAround(root cube.Cube, radius int) map[cube.Cube]int {
	dist := map[cube.Cube]int{root: 0}
	frontier := []cube.Cube{root}
	for d := 1; d <= radius; d++ {
		var next []cube.Cube
		for _, c := range frontier {
			for m := range cube.Move(cube.NFaceMoves) {
				n := c
				n.Move(&n, m)
				if _, ok := dist[n]; !ok {
					dist[n] = d
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	return dist
}

// meetInTheMiddle returns p's distance from solved when it is at most
// 2*ballRadius, else 2*ballRadius+1: a shortest solution s of p splits as
// s1 s2 with both in the ball, and p·s1 is then in the ball at distance
// |s2|; so the least |s1| + dist(p·s1) over the ball is the distance.
func meetInTheMiddle(p cube.Cube, ball map[cube.Cube]int) int {
	best := 2*ballRadius + 1
	for s1, d1 := range ball {
		if d1 >= best {
			continue
		}
		if d2, ok := ball[cube.Times(p, s1)]; ok && d1+d2 < best {
			best = d1 + d2
		}
	}
	return best
}

// The coset solver against an independent slow path on random positions
// of three cosets, H, one near H and one random: every position it marks first
// at depth d has distance d, by meeting in the middle of two balls of
// radius 5, and random positions it did not mark are further than its
// last depth. Each depth is grown by a prepass and the search (the
// skips included; on H, the inverses and the search of the sequences
// beginning outside A too, whose levels must also be seed 001's).
func TestCosetSolverAgainstMeetInTheMiddle(t *testing.T) {
	if testing.Short() {
		t.Skip("a ball of 621,649 positions and a coset to depth 10")
	}
	ball := ball(ballRadius)
	rng := rand.New(rand.NewPCG(17, 18))
	near := cube.Solved
	for _, m := range []cube.Move{cube.MoveOf(cube.LayerF, 1), cube.MoveOf(cube.LayerR, 1)} {
		near.Move(&near, m)
	}
	for _, tc := range []struct {
		r     cube.Cube
		depth int
	}{{cube.Solved, 8}, {near, 8}, {cube.Random(rng), 10}} {
		run := NewCosetSolver(cosetMoves, nil, NewBitmap(), 2).newRun(tc.r)
		run.prepassFrom = 0
		seen := map[Coord]bool{}
		checked := 0
		for d := 0; d <= tc.depth; d++ {
			if err := run.level(context.Background(), d, fullSearch); err != nil {
				t.Fatal(err)
			}
			var fresh []Coord
			for p := range NCornerPerms {
				if !run.bm.used(p) {
					continue
				}
				for _, x := range setInPage(run.bm.page(p), p) {
					if !seen[x] {
						seen[x] = true
						fresh = append(fresh, x)
					}
				}
			}
			if int64(len(fresh)) != run.levels.Positions[d] {
				t.Fatalf("depth %d: %d positions new in the bitmap, the level says %d", d, len(fresh), run.levels.Positions[d])
			}
			for range min(len(fresh), 4) {
				x := fresh[rng.IntN(len(fresh))]
				h := x.Cube()
				if got := meetInTheMiddle(cube.Times(cube.Inverse(h), tc.r), ball); got != d {
					t.Fatalf("a position marked at depth %d is at distance %d", d, got)
				}
				checked++
			}
		}
		for range 10 {
			h := randomH(rng)
			if x := CoordOf(&h); !seen[x] {
				if got := meetInTheMiddle(cube.Times(cube.Inverse(h), tc.r), ball); got <= tc.depth {
					t.Fatalf("a position at distance %d is not marked by depth %d", got, tc.depth)
				}
				checked++
			}
		}
		seed := []int64{1, 10, 67, 456, 3079, 20076, 125218, 756092, 4331124}
		if tc.r == cube.Solved && !slices.Equal(run.levels.Positions, seed) {
			t.Fatalf("H: levels %v, seed 001's %v", run.levels.Positions, seed)
		}
		t.Logf("levels %v: %d positions checked", run.levels.Positions, checked)
	}
}

// setInPage returns the positions of page p whose bits are set.
func setInPage(page []byte, p int) []Coord {
	var out []Coord
	for row := range nRows {
		v := binary.LittleEndian.Uint32(page[row*rowBytes:]) & rowMask
		for m := range NMiddlePerms {
			if v>>m&1 != 0 {
				out = append(out, At(p, row, m))
			}
		}
	}
	return out
}

// BenchmarkCosetSearch times the search of a random coset through depth
// 14, on one worker: the search alone, no prepass but the one of depth 14.
func BenchmarkCosetSearch(b *testing.B) {
	s := NewCosetSolver(cosetMoves, nil, NewDenseBitmap(1), 1)
	rng := rand.New(rand.NewPCG(17, 18))
	for b.Loop() {
		levels, err := s.Levels(context.Background(), cube.Random(rng), 14)
		if err != nil {
			b.Fatal(err)
		}
		var probes int64
		for _, n := range levels.Probes {
			probes += n
		}
		b.ReportMetric(float64(probes), "probes/op")
		b.ReportMetric(sumSeconds(levels.SearchSeconds), "search-s/op")
	}
}
