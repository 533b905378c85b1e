package coord

import (
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// The coset table is the exact distance from H: 0 on H's coset alone, and
// elsewhere one more than the least distance of a neighbour (the equations
// whose only solution is the distance), checked on random cosets and
// their neighbours; the moves agree with the cubie model; the distribution
// covers every coset.
func TestCosetTable(t *testing.T) {
	s := shared()
	rng := rand.New(rand.NewPCG(7, 8))
	for _, m := range cube.Metrics {
		table, err := s.CosetTable(m)
		if err != nil {
			t.Fatal(err)
		}
		if d := table.Distance(Coset{}); d != 0 {
			t.Fatalf("%v: H is %d from itself", m, d)
		}
		for range 20000 {
			c := cube.Random(rng)
			x := CosetOf(&c)
			best := 99
			for _, mv := range cube.MoveSetOf(m).Units() {
				d := cube.Times(c, cube.CubeOf(mv)) // a slice turn relative to the centers
				y := table.Move(x, mv)
				if y != CosetOf(&d) {
					t.Fatalf("%v: the coset of %v after %v is %+v, the table says %+v", m, c, mv, CosetOf(&d), y)
				}
				best = min(best, table.Distance(y))
			}
			if got := table.Distance(x); got != best+1 {
				t.Fatalf("%v: coset %+v at %d, its nearest neighbour at %d", m, x, got, best)
			}
		}
		var total int64
		dist := table.Distribution(2)
		for _, n := range dist {
			total += n
		}
		if total != NCosets || dist[0] != 1 {
			t.Fatalf("%v: distribution %v sums to %d, want %d cosets with one at 0", m, dist, total, int64(NCosets))
		}
		t.Logf("%v: %v", m, dist)
	}
}

// The classes of cosets under the 16 symmetries: as many as Burnside's
// lemma counts from the symmetries' fixed cosets (a fixed coset is a fixed
// FlipUDSlice with a fixed twist), and seed 002's 138,639,780; a class's
// number survives conjugation, and its representative is conjugate to the
// coset; the maneuvers reach their cosets by a shortest path.
func TestCosetClasses(t *testing.T) {
	table, err := shared().CosetTable(cube.HTM)
	if err != nil {
		t.Fatal(err)
	}
	classes := table.Classes()
	var fixed int64
	for s := range cube.Sym(nPhase1Syms) {
		var flipSlices, twists int64
		for fs := range nFlipSlice {
			c := cube.Conjugate(flipSliceCube(fs), s)
			if flipSliceOf(&c) == fs {
				flipSlices++
			}
		}
		for tw := range cube.NTwist {
			c := cube.Solved
			c.SetTwist(tw)
			c = cube.Conjugate(c, s)
			if c.Twist() == tw {
				twists++
			}
		}
		fixed += flipSlices * twists
	}
	if fixed%nPhase1Syms != 0 || fixed/nPhase1Syms != classes.Len() {
		t.Fatalf("%d classes, Burnside's lemma %d/16", classes.Len(), fixed)
	}
	if classes.Len() != 138639780 || classes.Len() != NCosetClasses {
		t.Fatalf("%d classes, seed 002 138,639,780", classes.Len())
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 20000 {
		c := cube.Random(rng)
		x := CosetOf(&c)
		i := classes.Of(x)
		rep := classes.Rep(i)
		if classes.Of(rep) != i {
			t.Fatalf("class %d's representative %+v is in class %d", i, rep, classes.Of(rep))
		}
		conjugate := false
		orbit := map[Coset]bool{}
		for s := range cube.Sym(nPhase1Syms) {
			d := cube.Conjugate(c, s)
			y := CosetOf(&d)
			orbit[y] = true
			if classes.Of(y) != i {
				t.Fatalf("coset %+v is in class %d, its conjugate %+v by S(%d) in %d", x, i, y, s, classes.Of(y))
			}
			conjugate = conjugate || y == rep
		}
		if !conjugate {
			t.Fatalf("coset %+v is no conjugate of its class's representative %+v", x, rep)
		}
		if classes.Size(i) != len(orbit) {
			t.Fatalf("class %d has %d cosets, Size says %d", i, len(orbit), classes.Size(i))
		}
		r := cube.Solved
		for _, m := range table.Maneuver(x) {
			r.Move(&r, m)
		}
		if CosetOf(&r) != x || len(table.Maneuver(x)) != table.Distance(x) {
			t.Fatalf("coset %+v: maneuver %v reaches %+v", x, table.Maneuver(x), CosetOf(&r))
		}
	}
	// The sizes add up to every coset: a class of a FlipUDSlice class no
	// symmetry fixes has 16 cosets, and the others are summed one by one.
	var cosets int64
	for c := range len(classes.first) - 1 {
		if _, ok := classes.twists[c]; !ok {
			cosets += nPhase1Syms * cube.NTwist
			continue
		}
		for i := classes.first[c]; i < classes.first[c+1]; i++ {
			cosets += int64(classes.Size(i))
		}
	}
	if cosets != NCosets {
		t.Fatalf("the classes' sizes add up to %d cosets, want %d", cosets, int64(NCosets))
	}
	for _, i := range []int64{0, 1, classes.Len() - 1} {
		if classes.Of(classes.Rep(i)) != i {
			t.Fatalf("class %d's representative is in class %d", i, classes.Of(classes.Rep(i)))
		}
	}
}

// The coset move table against the coset table, on random cosets in
// every orientation: the moves it says take a coset nearer H, or keep its
// distance, do, and no others. Then the same near H, where the entries are
// read from those kept apart (on cosets random walks from H reach, told
// their distance), and far from it, told a wrong distance.
func TestCosetMoves(t *testing.T) {
	table, cm := htmCosetMoves(t)
	want := func(x Coset) (nearer, same uint32) {
		n := table.Distance(x)
		for m := range cube.Move(cube.NFaceMoves) {
			switch table.Distance(table.Move(x, m)) {
			case n - 1:
				nearer |= 1 << m
			case n:
				same |= 1 << m
			}
		}
		return nearer, same
	}
	check := func(x Coset, told int, nearer, same uint32) {
		t.Helper()
		if wantNearer, wantSame := want(x); nearer != wantNearer || same != wantSame {
			t.Fatalf("coset %+v at %d (told %d): nearer %018b same %018b, want %018b %018b", x, table.Distance(x), told, nearer, same, wantNearer, wantSame)
		}
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for range 100_000 {
		x := Coset{Twist: rng.IntN(cube.NTwist), Flip: rng.IntN(cube.NFlip), Slice: rng.IntN(cube.NSlice)}
		nearer, same := cm.At(x)
		check(x, -1, nearer, same)
		nearer, same = cm.Masks(cm.Entry(x), 0)
		check(x, 0, nearer, same)
	}
	near := map[int]int{}
	for range 20_000 {
		x := Coset{}
		for range rng.IntN(2 * nearEntriesDepth) {
			x = table.Move(x, cube.Move(rng.IntN(cube.NFaceMoves)))
			if n := table.Distance(x); n <= nearEntriesDepth {
				nearer, same := cm.Masks(cm.Entry(x), n)
				check(x, n, nearer, same)
				near[n]++
			}
		}
	}
	for n := range nearEntriesDepth + 1 {
		if near[n] == 0 {
			t.Fatalf("no coset at %d from H checked", n)
		}
	}
	// The entries kept apart are those the build counted within nearEntriesDepth
	// (74,743, the figure nearEntriesDepth's doc gives).
	var kept, counted int64
	for _, slot := range cm.near.All() {
		if slot != 0 {
			kept++
		}
	}
	for _, n := range table.t.levels[:nearEntriesDepth+1] {
		counted += n
	}
	if kept != counted || kept != 74_743 {
		t.Fatalf("%d entries kept apart, the build counted %d within %d (the doc says 74,743)", kept, counted, nearEntriesDepth)
	}
}

// The near-H cache by coset holds exactly the cosets within NearDepth
// moves of H: H, every entry within NearDepth, every face turn of an entry
// nearer than NearDepth an entry, and as many as results/coset_distance.arrow counts
// within 4 moves in HTM; and each entry's masks are those found by moving
// its coset by every face turn and comparing distances.
func TestNearCosets(t *testing.T) {
	table, cm := htmCosetMoves(t)
	h := cm.nearCosets
	// has asks masks, the search's own look-up, which panics on a coset
	// that is not in the table.
	has := func(x Coset) (ok bool) {
		defer func() { ok = recover() == nil }()
		cm.NearMasks(x)
		return
	}
	if !has(Coset{}) {
		t.Fatal("H's own coset is missing")
	}
	n := 0
	for _, slot := range h.All() {
		k := slot.key
		if k == 0 {
			continue
		}
		n++
		x := Coset{Twist: int(k-1) % cube.NTwist, Flip: int(k-1) / cube.NTwist % cube.NFlip, Slice: int(k-1) / cube.NTwist / cube.NFlip}
		d := table.Distance(x)
		if d > NearDepth {
			t.Fatalf("coset %+v is %d moves from H", x, d)
		}
		var wantNearer, wantSame uint32
		for m := range cube.Move(cube.NFaceMoves) {
			y := table.Move(x, m)
			if d < NearDepth && !has(y) {
				t.Fatalf("coset %+v, %d moves from H, is missing", y, table.Distance(y))
			}
			switch table.Distance(y) - d {
			case -1:
				wantNearer |= 1 << m
			case 0:
				wantSame |= 1 << m
			}
		}
		if nearer, same := cm.NearMasks(x); nearer != wantNearer || same != wantSame {
			t.Fatalf("coset %+v: masks %#x, %#x; moving it gives %#x, %#x", x, nearer, same, wantNearer, wantSame)
		}
	}
	if n != 1+4+50+592+7156 {
		t.Fatalf("%d cosets within %d moves of H, want 7,803", n, NearDepth)
	}
}

// htmCosetMoves returns the shared tables' HTM coset table and its moves.
func htmCosetMoves(t *testing.T) (*CosetTable, *CosetMoves) {
	t.Helper()
	table, err := shared().CosetTable(cube.HTM)
	if err != nil {
		t.Fatal(err)
	}
	cm, err := table.Moves()
	if err != nil {
		t.Fatal(err)
	}
	return table, cm
}
