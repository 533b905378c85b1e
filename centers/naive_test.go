package centers

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
)

// The slow oracle: every sequence of at most h moves (face turns, and for
// STM the slice turns as the face pairs they are relative to the centers),
// listed with the cube it reaches, its cost and the quarter turns each face
// received; two sequences reaching one cube form a relation, whose state is
// the difference of their turns. That gives the exact distance of every
// state up to 2h, with none of the search's shortcuts: no axis-move words,
// no symmetry, no rotation of relations, no hashing.
// An entry takes 24 bytes, so the 1.1e8 sequences of 7 face turns fit in
// 2.7 GB.
type naiveSeq struct {
	key   cube.Key
	cost  uint8
	turns [6]uint8 // mod 4
}

func naiveDistances(t *testing.T, m cube.Metric, h int) map[State]int {
	t.Helper()
	type gen struct {
		c     cube.Cube
		cost  int
		turns [6]int
		face  int // the face a face turn turns, -1 for a slice turn
		power int
	}
	var gens []gen
	for mv := range cube.Move(cube.NFaceMoves) {
		if m == cube.QTM && mv.Power() == 2 {
			continue // a half turn is two quarter turns in QTM
		}
		g := gen{c: cube.CubeOf(mv), cost: 1, face: int(mv.Layer()), power: mv.Power()}
		g.turns[mv.Layer()] = mv.Power()
		gens = append(gens, g)
	}
	if m == cube.STM {
		for f := range cube.Layer(3) {
			for p := 1; p <= 3; p++ { // the slice turn R^p L^-p
				g := gen{cost: 1, face: -1}
				a, b := cube.CubeOf(cube.MoveOf(f, p)), cube.CubeOf(cube.MoveOf(f+3, 4-p))
				g.c = cube.Times(a, b)
				g.turns[f], g.turns[f+3] = p, 4-p
				gens = append(gens, g)
			}
		}
	}
	// Two rules keep the lists small and are plainly safe: a face turn
	// never follows a turn of the same face in HTM (the two merge into one
	// turn or none), nor its own inverse in QTM; and in HTM of two turns of
	// opposite faces, which commute, U R F come first.
	redundant := func(prev, g gen) bool {
		switch {
		case prev.face < 0:
			return false
		case prev.face == g.face:
			return m == cube.HTM || m == cube.QTM && (prev.power+g.power)%4 == 0
		}
		return m == cube.HTM && prev.face == (g.face+3)%6 && g.face < prev.face
	}
	// The sequences are counted first, so that the list is allocated once
	// at its size.
	var count func(cost int, prev gen) int
	count = func(cost int, prev gen) int {
		n := 1
		for _, g := range gens {
			if cost+g.cost <= h && !redundant(prev, g) {
				n += count(cost+g.cost, g)
			}
		}
		return n
	}
	all := make([]naiveSeq, 0, count(0, gen{face: -1}))
	var walk func(c cube.Cube, cost int, turns [6]int, prev gen)
	walk = func(c cube.Cube, cost int, turns [6]int, prev gen) {
		seq := naiveSeq{key: c.Key(), cost: uint8(cost)}
		for f, x := range turns {
			seq.turns[f] = uint8(x & 3)
		}
		all = append(all, seq)
		for _, g := range gens {
			if cost+g.cost > h || redundant(prev, g) {
				continue
			}
			next := turns
			for f := range next {
				next[f] += g.turns[f]
			}
			walk(cube.Times(c, g.c), cost+g.cost, next, g)
		}
	}
	walk(cube.Solved, 0, [6]int{}, gen{face: -1})
	slices.SortFunc(all, func(a, b naiveSeq) int { return a.key.Compare(b.key) })
	dist := map[State]int{}
	for lo := 0; lo < len(all); {
		hi := lo
		for hi < len(all) && all[hi].key == all[lo].key {
			hi++
		}
		for i := lo; i < hi; i++ {
			for j := lo; j < hi; j++ {
				var diff [6]int
				for f := range diff {
					diff[f] = int(all[i].turns[f]) - int(all[j].turns[f])
				}
				s, c := FromTwists(diff), int(all[i].cost)+int(all[j].cost)
				if d, ok := dist[s]; !ok || c < d {
					dist[s] = c
				}
			}
		}
		lo = hi
	}
	return dist
}

func TestSearchAgreesWithNaive(t *testing.T) {
	for _, tc := range []struct {
		m         cube.Metric
		h, stored int
	}{{cube.HTM, 6, 4}, {cube.QTM, 7, 5}, {cube.STM, 4, 3}} {
		want := naiveDistances(t, tc.m, tc.h)
		r, err := Search(context.Background(), Config{Config: meet.Config{Metric: tc.m, StoredDepth: tc.stored, MaxDepth: 2 * tc.h, Workers: 2}})
		if err != nil {
			t.Fatal(err)
		}
		if r.Exhaustive != 2*tc.h {
			t.Fatalf("%s: exhaustive through %d, want %d", tc.m, r.Exhaustive, 2*tc.h)
		}
		for _, s := range States {
			d, ok := want[s]
			i := s.Index()
			switch {
			case ok && (!r.Known(s) || r.Upper[i] != d):
				t.Errorf("%s: %v at distance %d, the search says %d..%d", tc.m, s, d, r.Lower[i], r.Upper[i])
			case !ok && r.Lower[i] <= 2*tc.h:
				t.Errorf("%s: %v beyond %d, the search says %d..%d", tc.m, s, 2*tc.h, r.Lower[i], r.Upper[i])
			}
			if r.Upper[i] >= 0 && (r.Word[i].Cube() != cube.Solved || Of(r.Word[i]) != s || r.Word[i].Cost(tc.m) != r.Upper[i]) {
				t.Errorf("%s: the word %v of %v does not fit its row", tc.m, r.Word[i], s)
			}
		}
		t.Logf("%s: %d states within %d", tc.m, len(want), 2*tc.h)
	}
}

// TestSearchAgreesWithNaiveLong is the oracle to 14 face turns, which seed
// 000's list starts at: about 1.1e8 sequences in 2.7 GB, a few minutes, run
// when CUBECENSUS_LONG is set.
func TestSearchAgreesWithNaiveLong(t *testing.T) {
	if os.Getenv("CUBECENSUS_LONG") == "" {
		t.Skip("set CUBECENSUS_LONG=1 to run the oracle to 14 face turns")
	}
	want := naiveDistances(t, cube.HTM, 7)
	r, err := Search(context.Background(), Config{Config: meet.Config{Metric: cube.HTM, StoredDepth: 6, MaxDepth: 14, Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range States {
		d, ok := want[s]
		if i := s.Index(); ok != (r.Known(s) && r.Upper[i] <= 14) || ok && r.Upper[i] != d {
			t.Errorf("%v: oracle %d (%v), search %d..%d", s, d, ok, r.Lower[i], r.Upper[i])
		}
	}
	t.Logf("%d states within 14", len(want))
}
