package cosets

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/openhash"
)

// tailCount's recurrence counts the tails that listing every sequence of
// face turns and keeping the canonical ones ending outside A finds.
func TestTailCount(t *testing.T) {
	for k := 1; k <= 4; k++ {
		var n int64
		seq := make([]cube.Move, k)
		var walk func(i int)
		walk = func(i int) {
			if i == k {
				if !inA(seq[k-1]) {
					n++
				}
				return
			}
			for m := range cube.Move(cube.NFaceMoves) {
				if i == 0 || cube.CanFollow(seq[i-1], m) {
					seq[i] = m
					walk(i + 1)
				}
			}
		}
		walk(0)
		if got := tailCount(k); got != n {
			t.Errorf("tailCount(%d) = %d, listing finds %d", k, got, n)
		}
	}
}

// A meetSet names, for a position a tail before a position left, that
// position left (the tail made on whole cubes), and nothing for positions
// that are not: random cubes, and the positions left moved by a tail (the
// wrong way round: found only when the tail's inverse is a tail too).
func TestMeetSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	const k = 3
	var left []cube.Cube
	var coords []Coord
	for range 50 {
		c := randomH(rng)
		left = append(left, c)
		coords = append(coords, CoordOf(&c))
	}
	s := newMeetSet(coords, k, cosetMoves.Table())
	tails := map[cube.Cube]bool{} // the tails as elements
	var walk func(c cube.Cube, seq []cube.Move)
	walk = func(c cube.Cube, seq []cube.Move) {
		if len(seq) == k {
			tails[c] = tails[c] || !inA(seq[k-1])
			return
		}
		for m := range cube.Move(cube.NFaceMoves) {
			if len(seq) == 0 || cube.CanFollow(seq[len(seq)-1], m) {
				var next cube.Cube
				walk(*next.Move(&c, m), append(seq, m))
			}
		}
	}
	walk(cube.Solved, nil)
	find := func(c cube.Cube) []Coord { return s.find(permOf(&c), coord.CosetOf(&c), nil) }
	for i, l := range left {
		for range 200 {
			tail := randomTail(rng, k)
			before := cube.Times(l, cube.FromMoves(cube.InverseManeuver(tail)))
			if got := find(before); !slices.Contains(got, coords[i]) {
				t.Fatalf("%v before position left %d: found %v", tail, i, got)
			}

			// The same position with one corner twisted, or one pair of
			// edges flipped, is no entry's (the entries are legal cubes).
			twisted, flipped := before, before
			twisted.CO[0] = (twisted.CO[0] + 1) % 3
			flipped.EO[0] ^= 1
			flipped.EO[1] ^= 1
			if got := find(twisted); len(got) > 0 {
				t.Fatalf("%v before position left %d, a corner twisted: found %v", tail, i, got)
			}
			if got := find(flipped); slices.Contains(got, coords[i]) {
				t.Fatalf("%v before position left %d, two edges flipped: found %v", tail, i, got)
			}

			after := cube.Times(l, cube.FromMoves(tail))
			// after is k moves before l only if the tail's inverse is a tail.
			if got := find(after); len(got) > 0 != tails[cube.Inverse(cube.Times(cube.Inverse(l), after))] {
				t.Fatalf("position left %d moved by %v: found %v", i, tail, got)
			}
		}
	}
	for range 10000 {
		if got := find(cube.Random(rng)); len(got) > 0 {
			t.Fatalf("a random cube: found %v", got)
		}
	}
	// A position k moves before two positions left names both, once each.
	c := cube.Random(rng)
	p, x := permOf(&c), coord.CosetOf(&c)
	for _, i := range []uint32{7, 9, 7} {
		s.add(p, x, i)
	}
	if got := s.find(p, x, nil); len(got) != 2 || !slices.Contains(got, coords[6]) || !slices.Contains(got, coords[8]) {
		t.Fatalf("a position entered for positions left 6, 8 and 6: found %v", got)
	}
}

// TestMeetSetComparesWholePositions: a look-up matches an entry's whole
// position, not its permutation alone. Random negatives cannot show it
// (their hash differs, so the filter or the probe sequence turns them away
// before any entry is compared): here every slot but one holds the same
// permutation with another twist or flip, and the filter lets everything
// through, so the look-up walks past all of them.
func TestMeetSetComparesWholePositions(t *testing.T) {
	c := cube.Random(rand.New(rand.NewPCG(23, 24)))
	p := permOf(&c)
	s := &meetSet{left: make([]Coord, 16), table: meetTable{slots: openhash.New[meetSlot](16, 1), filter: newBloomFilter(1)}}
	for i := range s.table.filter.words {
		s.table.filter.words[i] = ^uint64(0)
	}
	other := func(i int) coord.Coset {
		x := coord.CosetOf(&c)
		x.Twist = (x.Twist + i) % cube.NTwist
		return x
	}
	for i := 1; i < len(s.table.slots.All()); i++ {
		s.add(p, other(i), uint32(i))
	}
	if got := s.find(p, other(0), nil); len(got) > 0 {
		t.Errorf("a position whose permutation fifteen entries share, its twist none: found %v", got)
	}
	if got := s.find(p, other(3), nil); len(got) != 1 {
		t.Errorf("an entry's own position: found %v, want it once", got)
	}
}

// randomTail returns a random tail of k moves: canonical, ending outside A.
func randomTail(rng *rand.Rand, k int) []cube.Move {
	tail := make([]cube.Move, k)
	for {
		tail[k-1] = cube.Move(rng.IntN(cube.NFaceMoves))
		if !inA(tail[k-1]) {
			break
		}
	}
	for i := k - 2; i >= 0; i-- {
		for {
			tail[i] = cube.Move(rng.IntN(cube.NFaceMoves))
			if cube.CanFollow(tail[i], tail[i+1]) {
				break
			}
		}
	}
	return tail
}
