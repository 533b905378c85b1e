package centers

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// Add is digit-wise addition mod 4, for every pair of numbers.
func TestAddDigits(t *testing.T) {
	for s := range State(NNumbers) {
		a := s.Twists()
		for u := range State(NNumbers) {
			b := u.Twists()
			var sum [6]int
			for f := range sum {
				sum[f] = a[f] + b[f]
			}
			if got, want := s.Add(u), FromTwists(sum); got != want {
				t.Fatalf("%v + %v = %v, want %v", s, u, got, want)
			}
		}
	}
}

func smallTable(t *testing.T, m cube.Metric, open []State) *PruneTable {
	t.Helper()
	tab, err := buildPruneTable(context.Background(), m, open, lowBits, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// element is an element of the group of corners and states the table
// searches, with the state reduced as the table reduces it.
type element struct {
	cp, co int
	state  State
}

func elementOf(c *cube.Cube, s State, mask State) element {
	return element{c.CornerPerm(), c.Twist(), s & mask}
}

// slowDistances is a plain breadth-first search in that group, without
// symmetry, from {(solved, s): s in open} to radius r: every element within
// r and its distance.
func slowDistances(m cube.Metric, open []State, mask State, r int) map[element]int {
	type node struct {
		c cube.Cube
		s State
	}
	dist := map[element]int{}
	var level []node
	for _, s := range open {
		e := elementOf(&cube.Solved, s, mask)
		if _, ok := dist[e]; !ok {
			dist[e] = 0
			level = append(level, node{cube.Solved, s & mask})
		}
	}
	gens := generators(m)
	for d := 1; d <= r; d++ {
		var next []node
		for _, x := range level {
			for _, g := range gens {
				y := node{cube.Times(x.c, g.Cube()), x.s.Add(Of(cube.Word{g})) & mask}
				if e := elementOf(&y.c, y.s, mask); !hasKey(dist, e) {
					dist[e] = d
					next = append(next, y)
				}
			}
		}
		level = next
	}
	return dist
}

func hasKey(m map[element]int, e element) bool { _, ok := m[e]; return ok }

// The symmetry-reduced table agrees with a plain breadth-first search near
// its goals, and far from them it is a distance: 0 only at a goal, and
// elsewhere one more than its least neighbour.
func TestPruneTableIsDistance(t *testing.T) {
	classOf := func(rep State) []State { return Classes[ClassOf[rep]].Members }
	for _, tc := range []struct {
		m      cube.Metric
		open   []State
		radius int
	}{
		{cube.HTM, []State{Solved}, 4},
		{cube.HTM, classOf(FromTwists([6]int{0, 0, 0, 0, 0, 2})), 3},
		{cube.QTM, []State{Solved}, 5},
		{cube.STM, classOf(FromTwists([6]int{1, 0, 0, 3, 0, 0})), 3},
	} {
		tab := smallTable(t, tc.m, tc.open)
		near := slowDistances(tc.m, tc.open, lowBits, tc.radius)
		rng := rand.New(rand.NewPCG(1, uint64(tc.m)))
		checked := 0
		for e, d := range near {
			if checked++; checked > 20000 {
				break
			}
			c := cube.Solved
			c.SetCornerPerm(e.cp)
			c.SetTwist(e.co)
			if got := tab.Bound(&c, e.state); got != d {
				t.Fatalf("%s: (%d, %d, %v) at distance %d, the table says %d", tc.m, e.cp, e.co, e.state, d, got)
			}
		}
		gens := generators(tc.m)
		for range 3000 {
			w := cube.RandomWord(rng, 4+rng.IntN(30))
			c, s := w.Cube(), Of(w)
			d := tab.Bound(&c, s)
			if _, ok := near[elementOf(&c, s, lowBits)]; !ok && d <= tc.radius {
				t.Fatalf("%s: %v is beyond %d, the table says %d", tc.m, w, tc.radius, d)
			}
			least := 99
			for _, g := range gens {
				n := cube.Times(c, g.Cube())
				least = min(least, tab.Bound(&n, s.Add(Of(cube.Word{g}))))
			}
			if d > 0 && least != d-1 || d == 0 && least != 1 {
				t.Fatalf("%s: %v has bound %d and its least neighbour %d", tc.m, w, d, least)
			}
		}
		t.Logf("%s, %d open: limit %d, %d elements within %d", tc.m, len(tc.open), tab.Limit(), len(near), tc.radius)
	}
}

// Pruning changes what a search costs, never what it finds.
func TestPrunedSearchAgrees(t *testing.T) {
	for _, tc := range []struct {
		m                      cube.Metric
		stored, from, maxDepth int
	}{{cube.HTM, 5, 9, 12}, {cube.QTM, 5, 12, 14}, {cube.STM, 4, 7, 10}} {
		plain := Config{Metric: tc.m, StoredDepth: tc.stored, MaxDepth: tc.maxDepth, Workers: 2}
		r1, err := Search(context.Background(), plain)
		if err != nil {
			t.Fatal(err)
		}
		pruned := plain
		pruned.PruneFrom, pruned.pruneMask = tc.from, lowBits
		r2, err := Search(context.Background(), pruned)
		if err != nil {
			t.Fatal(err)
		}
		if r1.Exhaustive != r2.Exhaustive || !reflect.DeepEqual(r1.Lower, r2.Lower) || !reflect.DeepEqual(r1.Upper, r2.Upper) || !reflect.DeepEqual(r1.Word, r2.Word) {
			t.Fatalf("%s: the pruned search disagrees with the plain one", tc.m)
		}
		var p1, p2 int64
		for i := range r1.Depths {
			p1 += r1.Depths[i].Probes
			p2 += r2.Depths[i].Probes
		}
		if p2 >= p1 {
			t.Errorf("%s: pruning made %d probes, the plain search %d", tc.m, p2, p1)
		}
		t.Logf("%s through %d: %d probes plain, %d pruned", tc.m, tc.maxDepth, p1, p2)
	}
}
