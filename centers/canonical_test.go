package centers

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
)

// The representative is one per class: every conjugate of a cube has the
// same one, the symmetry returned takes the cube there, the representative
// is canonical and no other conjugate is, and leafKey agrees with it. Cubes
// near solved and with symmetric corners test the stabilizer's branch.
func TestCanonical(t *testing.T) {
	cs := canonicalsOnce()
	rng := rand.New(rand.NewPCG(10, 10))
	var cubes []cube.Cube
	for range 300 {
		cubes = append(cubes, cube.RandomWord(rng, rng.IntN(20)).Cube())
	}
	for _, w := range []string{"U2 D2", "R2 L2 U2 D2 F2 B2", "U D'", "U R2 F2 R2 U'", ""} {
		ms, err := cube.ParseManeuver(w)
		if err != nil {
			t.Fatal(err)
		}
		c := cube.Solved
		for _, m := range ms {
			c.Move(&c, m)
		}
		cubes = append(cubes, c)
	}
	symmetric := 0
	for _, c := range cubes {
		r, y := cs.canonical(&c)
		if cube.Conjugate(c, y) != r {
			t.Fatalf("canonical's symmetry does not take the cube to its representative")
		}
		if !cs.isCanonical(&r, r.CornerPerm()) {
			t.Fatalf("a representative is not canonical")
		}
		if !cs.plain[c.CornerPerm()] {
			symmetric++
		}
		for z := range cube.Sym(cube.NSyms) {
			conj := cube.Conjugate(c, z)
			if s, _ := cs.canonical(&conj); s != r {
				t.Fatalf("two cubes of one class have the representatives %v and %v", s.Key(), r.Key())
			}
			if conj != r && cs.isCanonical(&conj, conj.CornerPerm()) {
				t.Fatalf("a cube other than its class's representative is canonical")
			}
		}
		for _, e := range cube.AxisMoves {
			m := e.Cube()
			child := cube.Times(c, m)
			want, _ := cs.canonical(&child)
			if got := cs.leafKey(&c, c.CornerPerm(), e); got != want.Key() {
				t.Fatalf("leafKey differs from the representative's key")
			}
		}
	}
	if symmetric == 0 {
		t.Error("no cube had symmetric corners")
	}
}

// The stored side holds, for every word of cost <= k, its conjugate that
// reaches its class's representative, and nothing else: built by the
// search, checked against all words enumerated here.
func TestStoredSide(t *testing.T) {
	cs := canonicalsOnce()
	for _, m := range cube.Metrics {
		const k = 4
		s := newSearcher(Config{Config: meet.Config{Metric: m, StoredDepth: k, Workers: 2}})
		if err := s.buildTable(context.Background()); err != nil {
			t.Fatal(err)
		}
		words := 0
		var walk func(w cube.Word, cost int)
		walk = func(w cube.Word, cost int) {
			words++
			c := w.Cube()
			r, y := cs.canonical(&c)
			v := w.Conjugate(y)
			want := newStoredWord(Of(v), cost, 0)
			if len(v) > 0 {
				want = newStoredWord(Of(v), cost, v[len(v)-1])
			}
			if !slices.Contains(s.table.Lookup(hashKey(r.Key()), nil), uint32(want)) {
				t.Fatalf("%s: the stored side lacks %v, the conjugate of %v reaching its representative", m, v, w)
			}
			// The entry gives back a word like v: reaching r, of v's cost
			// and state, ending with v's last move.
			back, ok := s.rebuild(&r, want)
			if !ok || back.Cube() != r || back.Cost(m) != cost || Of(back) != Of(v) || len(v) > 0 && back[len(back)-1] != v[len(v)-1] {
				t.Fatalf("%s: the entry of %v gives back %v (%v)", m, v, back, ok)
			}
			for _, e := range cube.AxisMoves {
				if (len(w) == 0 || e.Axis() != w[len(w)-1].Axis()) && cost+e.Cost(m) <= k {
					walk(append(w[:len(w):len(w)], e), cost+e.Cost(m))
				}
			}
		}
		walk(cube.Word{}, 0)
		if uint64(words) != cube.WordsUpTo(m, k) {
			t.Fatalf("%s: walked %d words, want %d", m, words, cube.WordsUpTo(m, k))
		}
		if n := uint64(s.table.Len()); n > StoredEntries(m, k) || n*40 > uint64(words) {
			t.Errorf("%s: %d stored entries of %d words (bound %d)", m, n, words, StoredEntries(m, k))
		}
	}
}
