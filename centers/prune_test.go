package centers

import (
	"bytes"
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
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
	classOf := func(rep State) []State { return Classes()[rep.Class()].Members }
	for _, tc := range []struct {
		m      cube.Metric
		open   []State
		mask   State
		radius int
	}{
		{cube.HTM, []State{Solved}, lowBits, 4},
		{cube.HTM, classOf(FromTwists([6]int{0, 0, 0, 0, 0, 2})), lowBits, 3},
		{cube.HTM, []State{Solved}, noBits, 5},
		{cube.QTM, []State{Solved}, lowBits, 5},
		{cube.STM, classOf(FromTwists([6]int{1, 0, 0, 3, 0, 0})), lowBits, 3},
	} {
		tab, err := buildPruneTable(context.Background(), tc.m, tc.open, tc.mask, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		near := slowDistances(tc.m, tc.open, tc.mask, tc.radius)
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
			if _, ok := near[elementOf(&c, s, tc.mask)]; !ok && d <= tc.radius {
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
		t.Logf("%s, %d open, mask %#x: limit %d, %d elements within %d", tc.m, len(tc.open), uint16(tc.mask), tab.Limit(), len(near), tc.radius)
	}
}

// Pruning changes what a search costs, never what it finds. The stored
// sides are small so that inner prefixes cost more than is left after them,
// where the tables can cut (a prefix of cost d is always within d). Each
// metric's case is one where the open states' table cuts a prefix that
// leads to a state's first maneuver: planting >= for > in either of
// pruned's comparisons fails all three (HTM's earlier case, stored side 4
// through 12, and STM's, 3 through 10, let the open states' one pass).
func TestPrunedSearchAgrees(t *testing.T) {
	for _, tc := range []struct {
		m                      cube.Metric
		stored, from, maxDepth int
	}{{cube.HTM, 3, 7, 11}, {cube.QTM, 5, 12, 14}, {cube.STM, 2, 5, 9}} {
		t.Run(tc.m.String(), func(t *testing.T) { // each metric reports, whichever fails
			plain := Config{Config: meet.Config{Metric: tc.m, StoredDepth: tc.stored, MaxDepth: tc.maxDepth, Workers: 2}}
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
				t.Fatalf("the pruned search disagrees with the plain one")
			}
			var p1, p2 int64
			for i := range r1.Depths {
				p1 += r1.Depths[i].Probes
				p2 += r2.Depths[i].Probes
			}
			if p2 >= p1 {
				t.Errorf("pruning made %d probes, the plain search %d", p2, p1)
			}
			t.Logf("through %d: %d probes plain, %d pruned", tc.maxDepth, p1, p2)
		})
	}
}

// memoryStore keeps a table's encoding, as the pipeline keeps a file.
type memoryStore struct {
	file         []byte
	loads, saves int
}

func (m *memoryStore) Load() *PruneTable {
	if m.file == nil {
		return nil
	}
	t, err := DecodePruneTable(bytes.NewReader(m.file))
	if err != nil {
		return nil
	}
	m.loads++
	return t
}

func (m *memoryStore) Save(t *PruneTable) error {
	var b bytes.Buffer
	if err := t.Encode(&b); err != nil {
		return err
	}
	m.file, m.saves = b.Bytes(), m.saves+1
	return nil
}

// A kept table reads back as it was written; a damaged one is refused; a
// search given the kept table of its depth uses it instead of building.
func TestPruneTableKept(t *testing.T) {
	store := &memoryStore{}
	cfg := Config{Config: meet.Config{Metric: cube.HTM, StoredDepth: 4, MaxDepth: 10, Workers: 2}, PruneFrom: 10, pruneMask: lowBits, Tables: store}
	r1, err := Search(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if store.saves != 1 || store.loads != 0 {
		t.Fatalf("first search: %d saves, %d loads; want 1, 0", store.saves, store.loads)
	}
	kept, err := DecodePruneTable(bytes.NewReader(store.file))
	if err != nil {
		t.Fatal(err)
	}
	built, err := buildPruneTable(context.Background(), cube.HTM, kept.open, lowBits, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(kept.nib, built.nib) || kept.limit != built.limit {
		t.Fatal("the kept table differs from the one built again")
	}
	r2, err := Search(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if store.saves != 1 || store.loads != 1 || !reflect.DeepEqual(r1.Word, r2.Word) {
		t.Fatalf("second search: %d saves, %d loads (want 1, 1), same words %v", store.saves, store.loads, reflect.DeepEqual(r1.Word, r2.Word))
	}
	for _, at := range []int{3, len(pruneFileMagic) + 20, len(store.file) - 5} {
		damaged := bytes.Clone(store.file)
		damaged[at] ^= 0x40
		if _, err := DecodePruneTable(bytes.NewReader(damaged)); err == nil {
			t.Errorf("a table with byte %d damaged was read", at)
		}
	}
	if _, err := DecodePruneTable(bytes.NewReader(store.file[:len(store.file)-1])); err == nil {
		t.Error("a truncated table was read")
	}
}

// A depth's chunks are the same whatever states are open, so that a
// checkpoint's chunk index means the same chunk to a search resumed with
// the table of fewer open states (on another machine, after states were
// found in the depth). The open states' table still prunes chunks, in the
// worker that runs them.
func TestChunksIgnoreOpenStates(t *testing.T) {
	ctx := context.Background()
	s := newSearcher(Config{Config: meet.Config{Metric: cube.HTM, StoredDepth: 6}, PruneFrom: 1, pruneMask: lowBits})
	var err error
	if s.corners, err = buildPruneTable(ctx, cube.HTM, []State{Solved}, noBits, 2, nil); err != nil {
		t.Fatal(err)
	}
	hardest, err := ParseState("u+ d+ f+ b- r+ l+")
	if err != nil {
		t.Fatal(err)
	}
	var all, few []State
	for _, st := range States {
		if st != Solved {
			all = append(all, st)
		}
	}
	for _, g := range Images {
		few = append(few, g.Apply(hardest))
	}
	const n = 12
	var lists [2][]chunk
	var tables [2]*PruneTable
	for i, open := range [][]State{all, few} {
		if tables[i], err = buildPruneTable(ctx, cube.HTM, open, lowBits, 2, nil); err != nil {
			t.Fatal(err)
		}
		s.prune = tables[i]
		lists[i] = s.chunks(n)
	}
	if len(lists[0]) != len(lists[1]) {
		t.Fatalf("depth %d: %d chunks with every state open, %d with one class", n, len(lists[0]), len(lists[1]))
	}
	prunedByFew := 0
	for i := range lists[0] {
		a, b := &lists[0][i], &lists[1][i]
		if *a != *b {
			t.Fatalf("chunk %d: %v with every state open, %v with one class", i, a.word(), b.word())
		}
		s.prune = tables[1]
		if p := s.prefixOf(a); !p.leaf && s.pruned(&p.cube, p.state, n-p.cost) {
			prunedByFew++
		}
	}
	if prunedByFew == 0 {
		t.Fatal("the one class's table prunes no chunk: the test cannot tell chunks cut by it")
	}
	t.Logf("%d chunks, %d pruned by the one class's table", len(lists[0]), prunedByFew)
}
