package coord

import (
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// randomH returns a random cube of H, by moves of H.
func randomH(rng *rand.Rand, moves int) cube.Cube {
	c := cube.Solved
	for range moves {
		c.Move(&c, Phase2Moves[rng.IntN(len(Phase2Moves))])
	}
	return c
}

// TestSymClasses checks the classes against conjugation of whole cubes: a
// cube conjugated by its value's toRep has the representative's value and
// the second coordinate conjugTable says, and its conjugates by the 16
// symmetries share its class. The class counts are seed 000's.
func TestSymClasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name      string
		table     *SymTable
		classes   int
		cubeOf    func() cube.Cube
		a, b      func(*cube.Cube) int
		maxLength int // seed 000's "maximal pruning depth"
	}{
		{"phase 1", shared().Phase1, 64430, func() cube.Cube { return cube.Scramble(rng, 30) }, flipSliceOf, (*cube.Cube).Twist, 12},
		{"phase 2", shared().Phase2, 2768, func() cube.Cube { return randomH(rng, 40) }, (*cube.Cube).CornerPerm, (*cube.Cube).UDEdgePerm, 18},
	} {
		p := tc.table
		if len(p.a.rep) != tc.classes {
			t.Errorf("%s: %d classes, seed 000 counts %d", tc.name, len(p.a.rep), tc.classes)
		}
		var entries int64
		for _, n := range p.levels {
			entries += n
		}
		if deepest := len(p.levels) - 1; deepest != tc.maxLength || entries != int64(len(p.a.rep)*len(p.b)) {
			t.Errorf("%s: %d entries to depth %d, seed 000 says %d entries to %d", tc.name, entries, deepest, len(p.a.rep)*len(p.b), tc.maxLength)
		}
		t.Logf("%s: entries at each depth %v", tc.name, p.levels)
		for range 2000 {
			c := tc.cubeOf()
			x := tc.a(&c)
			y := p.a.toRep(x)
			r := cube.Conjugate(c, y)
			if tc.a(&r) != int(p.a.rep[p.a.class(x)]) || tc.b(&r) != int(p.b[tc.b(&c)][y]) {
				t.Fatalf("%s: conjugating by %v does not give the representative", tc.name, y)
			}
			for z := range cube.Sym(nPhase1Syms) {
				d := cube.Conjugate(c, z)
				if p.a.class(tc.a(&d)) != p.a.class(x) {
					t.Fatalf("%s: a conjugate by %v is in another class", tc.name, z)
				}
				if got, want := p.Distance(tc.a(&d), tc.b(&d)), p.Distance(x, tc.b(&c)); got != want {
					t.Fatalf("%s: the conjugate by %v at %d, the cube at %d", tc.name, z, got, want)
				}
			}
		}
	}
}

// TestSymTablesAreDistances checks both tables on random states: 0
// exactly at the goal; otherwise one more than the least of the
// neighbours' (the property that makes them breadth-first distances; an
// entry capped at capMax may have neighbours capped too); in phase 1 no less
// than the small pair tables' bounds.
func TestSymTablesAreDistances(t *testing.T) {
	s := shared()
	pruneTwist := buildPruneTable(s.Twist, s.Slice, cube.NFaceMoves)
	pruneFlip := buildPruneTable(s.Flip, s.Slice, cube.NFaceMoves)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 20000 {
		c := cube.Scramble(rng, 1+i%25)
		tw, fl, sl := c.Twist(), c.Flip(), c.Slice()
		d := s.Phase1.Distance(sl*cube.NFlip+fl, tw)
		if (d == 0) != (tw == 0 && fl == 0 && sl == 0) {
			t.Fatalf("phase 1: distance %d for twist %d, flip %d, slice %d", d, tw, fl, sl)
		}
		if d > 0 {
			least := 99
			for m := range cube.NFaceMoves {
				least = min(least, s.Phase1.Distance(int(s.Slice[sl][m])*cube.NFlip+int(s.Flip[fl][m]), int(s.Twist[tw][m])))
			}
			if least != d-1 {
				t.Fatalf("phase 1: distance %d, its neighbours' least %d", d, least)
			}
		}
		if bound := max(pruneTwist[tw*cube.NSlice+sl], pruneFlip[fl*cube.NSlice+sl]); d < int(bound) {
			t.Fatalf("phase 1: distance %d below the pair tables' bound %d", d, bound)
		}

		h := randomH(rng, 1+i%30)
		co, ed := h.CornerPerm(), h.UDEdgePerm()
		d = s.Phase2.Distance(co, ed)
		if (d == 0) != (co == 0 && ed == 0) {
			t.Fatalf("phase 2: distance %d for corners %d, edges %d", d, co, ed)
		}
		if d > 0 {
			least := 99
			for m := range Phase2Moves {
				least = min(least, s.Phase2.Distance(int(s.Corners[co][m]), int(s.UDEdges[ed][m])))
			}
			if least != d-1 && !(d == capMax && least == capMax) {
				t.Fatalf("phase 2: distance %d, its neighbours' least %d", d, least)
			}
		}
	}
}

// TestPhase1DistanceIsAdmissible: the phase-1 table never says more than
// the moves a cube is known to be from solved.
func TestPhase1DistanceIsAdmissible(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 500 {
		k := rng.IntN(12)
		c := cube.Scramble(rng, k)
		if h := shared().Phase1.Distance(flipSliceOf(&c), c.Twist()); h > k {
			t.Fatalf("phase-1 distance %d for a cube %d moves from solved", h, k)
		}
	}
}
