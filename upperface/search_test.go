package upperface

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/enumerate"
	"github.com/cubecensus/cubecensus/meet"
)

// seed004HTM is seed 004's table ("Results"): new upper-face positions at
// each number of face turns.
var seed004HTM = []int{1, 3, 0, 0, 0, 0, 16, 88, 200, 394, 1102, 3470, 9807, 20505, 20768, 5630, 224}

// search runs a search to maxDepth and fails the test on error; results
// are shared between tests of the same configuration.
var searches sync.Map

func search(t *testing.T, m cube.Metric, k, maxDepth, workers int, budget int64) *Result {
	t.Helper()
	type key struct {
		m                 cube.Metric
		k, depth, workers int
		budget            int64
	}
	if r, ok := searches.Load(key{m, k, maxDepth, workers, budget}); ok {
		return r.(*Result)
	}
	r, err := Search(context.Background(), Config{Metric: m, StoredDepth: k, MaxDepth: maxDepth, Workers: workers, Budget: budget})
	if err != nil {
		t.Fatal(err)
	}
	searches.Store(key{m, k, maxDepth, workers, budget}, r)
	return r
}

// checkWords checks every maneuver of r: it reaches its position, at the
// cost r claims.
func checkWords(t *testing.T, r *Result) {
	t.Helper()
	for un, w := range r.Word {
		if w == nil {
			continue
		}
		if got := unOf(w.Cube()); got != int32(un) {
			t.Fatalf("%s: the word %v of un %d reaches un %d", r.Metric, w, un, got)
		}
		if w.Cost(r.Metric) != r.Upper[un] {
			t.Fatalf("%s: the word %v of un %d costs %d, the bound says %d", r.Metric, w, un, w.Cost(r.Metric), r.Upper[un])
		}
		if r.Lower[un] > r.Upper[un] {
			t.Fatalf("%s: un %d has bounds %d > %d", r.Metric, un, r.Lower[un], r.Upper[un])
		}
	}
}

func distribution(r *Result) []int {
	var d []int
	for un := range NPositions {
		if r.Exact(un) && r.Upper[un] <= r.Exhaustive {
			for len(d) <= r.Upper[un] {
				d = append(d, 0)
			}
			d[r.Upper[un]]++
		}
	}
	return d
}

// TestSeedDistribution reproduces seed 004's counts through 12 face turns
// with two stored depths, which split every maneuver at another place: the
// two searches share no join, and must agree position by position.
func TestSeedDistribution(t *testing.T) {
	a := search(t, cube.HTM, 4, 11, 2, 0)
	b := search(t, cube.HTM, 6, 12, 2, 0)
	if got := distribution(b); !slices.Equal(got, seed004HTM[:13]) {
		t.Errorf("HTM distribution through 12: %v, seed 004: %v", got, seed004HTM[:13])
	}
	for un := range NPositions {
		if a.Exact(un) && (!b.Exact(un) || a.Upper[un] != b.Upper[un]) {
			t.Fatalf("un %d: stored depth 4 gives %d, stored depth 6 gives [%d, %d]", un, a.Upper[un], b.Lower[un], b.Upper[un])
		}
		if !a.Exact(un) && a.Lower[un] != 12 {
			t.Fatalf("un %d: not found through 11, lower bound %d", un, a.Lower[un])
		}
	}
	checkWords(t, a)
	checkWords(t, b)
	// Each depth's count of positions found is the distribution's.
	for _, st := range b.Depths {
		if st.Found != seed004HTM[st.Depth] {
			t.Errorf("depth %d reports %d found, the distribution %d", st.Depth, st.Found, seed004HTM[st.Depth])
		}
	}
}

// TestWorkersDoNotMatter: the same search on 1 and 3 workers gives the same
// maneuvers, not only the same distances.
func TestWorkersDoNotMatter(t *testing.T) {
	one := search(t, cube.STM, 4, 9, 1, 0)
	three := search(t, cube.STM, 4, 9, 3, 0)
	for un := range NPositions {
		if !slices.Equal(one.Word[un], three.Word[un]) || one.Lower[un] != three.Lower[un] {
			t.Fatalf("un %d: %v with one worker, %v with three", un, one.Word[un], three.Word[un])
		}
	}
}

// TestBudget cuts a search short: what it found agrees with the exhaustive
// search, and every other position's lower bound is what was searched.
func TestBudget(t *testing.T) {
	full := search(t, cube.QTM, 5, 13, 2, 0)
	var planned int64
	for _, st := range full.Depths[:11] {
		planned += st.Planned
	}
	cut := search(t, cube.QTM, 5, 13, 2, planned+full.Depths[11].Planned/3) // through 11, a third of 12
	if cut.Exhaustive != 11 {
		t.Fatalf("exhaustive through %d, want 11", cut.Exhaustive)
	}
	last := cut.Depths[len(cut.Depths)-1]
	if last.Depth != 12 || last.Exhaustive || last.Probes == 0 || last.Probes > last.Planned/3 {
		t.Fatalf("last depth %+v: want 12, cut to a third", last)
	}
	for un := range NPositions {
		switch {
		case cut.Exact(un):
			if !full.Exact(un) || full.Upper[un] != cut.Upper[un] {
				t.Fatalf("un %d: %d when cut, [%d, %d] in full", un, cut.Upper[un], full.Lower[un], full.Upper[un])
			}
		case cut.Upper[un] >= 0:
			t.Fatalf("un %d: an upper bound %d without a proof", un, cut.Upper[un])
		case cut.Lower[un] < 12 || full.Exact(un) && full.Upper[un] < cut.Lower[un]:
			t.Fatalf("un %d: lower bound %d, full search %d", un, cut.Lower[un], full.Upper[un])
		}
	}
	// Parity: a quarter-turn distance has the parity of the corners.
	for un := range NPositions {
		p, _ := FromUn(un)
		if (full.Exact(un) || cut.Upper[un] < 0) && full.Lower[un]%2 != cube.PermParity(p.CP[:]) {
			t.Fatalf("un %d: QTM bound %d has the wrong parity", un, full.Lower[un])
		}
	}
}

// iterativeDeepening is the slow, obviously correct search: words of axis
// moves (neighbours on different axes), applied to whole cubes, deepened
// one unit of cost at a time until one reaches target. The last move is not
// made but compared: c*e == target exactly when c == target*e^-1. It
// shares nothing with Search but the axis moves.
func iterativeDeepening(target cube.Cube, m cube.Metric, limit int) int {
	var moveCube, before [cube.NAxisMoves]cube.Cube
	for i, e := range cube.AxisMoves {
		moveCube[i] = e.Cube()
		before[i] = cube.Times(target, e.Inverse().Cube())
	}
	var dfs func(c *cube.Cube, last cube.Axis, budget int) bool
	dfs = func(c *cube.Cube, last cube.Axis, budget int) bool {
		for i, e := range cube.AxisMoves {
			switch cost := e.Cost(m); {
			case e.Axis() == last || cost > budget:
			case cost == budget:
				if *c == before[i] {
					return true
				}
			default:
				var next cube.Cube
				next.Mul(c, &moveCube[i])
				if dfs(&next, e.Axis(), budget-cost) {
					return true
				}
			}
		}
		return false
	}
	if target == cube.Solved {
		return 0
	}
	for d := 1; d <= limit; d++ {
		if dfs(&cube.Solved, noAxis, d) {
			return d
		}
	}
	return -1
}

// TestAgainstIterativeDeepening checks a sample of positions in each metric
// against the plain search, as deep as it reaches in seconds (a position at
// 7 face turns takes it about a second, at 8 about 20): sample[d] positions
// at distance d, all of them where it is -1.
func TestAgainstIterativeDeepening(t *testing.T) {
	for _, tc := range []struct {
		m      cube.Metric
		sample map[int]int
	}{
		{cube.HTM, map[int]int{1: -1, 6: -1, 7: 3}},
		{cube.QTM, map[int]int{1: -1, 2: -1, 6: -1, 7: 4, 8: 2}},
		{cube.STM, map[int]int{1: -1, 6: 4, 7: 1}},
	} {
		r := search(t, tc.m, 5, 9, 2, 0)
		rng := rand.New(rand.NewPCG(7, 3)) // the sample this test has always drawn
		taken := map[int]int{}
		for _, un := range rng.Perm(NPositions) {
			d := r.Upper[un]
			if want, ok := tc.sample[d]; !ok || want >= 0 && taken[d] == want {
				continue
			}
			taken[d]++
			p, _ := FromUn(un)
			if got := iterativeDeepening(p.Cube(), tc.m, d); got != d || !r.Exact(un) {
				t.Errorf("%s: un %d is at %d by iterative deepening, the search says [%d, %d]", tc.m, un, got, r.Lower[un], r.Upper[un])
			}
		}
		for d, want := range tc.sample {
			if taken[d] == 0 || want >= 0 && taken[d] != want {
				t.Errorf("%s: sampled %d positions at %d, want %d", tc.m, taken[d], d, want)
			}
		}
	}
}

// TestStoredEntries counts the stored side two ways: by costs alone, and,
// for HTM and QTM where the words are the canonical sequences of seed 002,
// as the sum of q_n by matrix powers.
func TestStoredEntries(t *testing.T) {
	for _, tc := range []struct {
		m   cube.Metric
		set cube.MoveSet
	}{{cube.HTM, cube.FaceTurns}, {cube.QTM, cube.QuarterTurns}} {
		q := enumerate.NewAutomaton(tc.set).Counts(9)
		sum := new(big.Int)
		for k, x := range q {
			sum.Add(sum, x)
			if got := StoredEntries(tc.m, k); got != sum.Uint64() {
				t.Errorf("%s: StoredEntries(%d) = %d, sum of q_n = %v", tc.m, k, got, sum)
			}
		}
	}
}

// TestFirstMoves: the first moves with their images under the symmetries
// keeping U cover every axis move the search must begin with, and no two
// are images of each other.
func TestFirstMoves(t *testing.T) {
	for _, m := range cube.Metrics {
		first := firstMoves(m)
		covered := map[cube.AxisMove]cube.AxisMove{}
		for _, f := range first {
			for _, s := range uSyms {
				if g, dup := covered[f.Conjugate(s)]; dup && g != f {
					t.Errorf("%s: first moves %v and %v are images of each other", m, f, g)
				}
				covered[f.Conjugate(s)] = f
			}
		}
		for _, e := range cube.AxisMoves {
			p, q := e.Powers()
			uFirst := e.Axis() == cube.AxisUD && (p == 0 ||
				e.Cost(m) == cube.NewAxisMove(cube.AxisUD, p, 0).Cost(m)+min(q, 1)*cube.NewAxisMove(cube.AxisUD, 0, max(q, 1)).Cost(m))
			if _, ok := covered[e]; ok == uFirst {
				t.Errorf("%s: %v covered %v, but it begins with a U or D turn: %v", m, e, ok, uFirst)
			}
		}
	}
	if got := firstMoves(cube.HTM); len(got) != 6 || got[0] != cube.NewAxisMove(cube.AxisRL, 0, 1) && got[0] != cube.NewAxisMove(cube.AxisRL, 1, 0) {
		t.Errorf("HTM first moves %v: want R or L, R2 or L2 and four R-L pairs", got)
	}
}

// TestCoordinates: the pair tables move the F2L coordinate as the cube
// moves, and two cubes have one key exactly when a * w^-1 is in L, in which
// case joinPosition names that position.
func TestCoordinates(t *testing.T) {
	tab := tables()
	rng := rand.New(rand.NewPCG(1, 9))
	algs := []string{"R U R' U R U2 R'", "F R U R' U' F'", "R U R' U' R' F R2 U' R' U' R U R' F'"}
	for range 300 {
		a := cube.RandomWord(rng, 1+rng.IntN(12))
		k := coordOf(&cube.Solved)
		for _, e := range a {
			k = tab.move(&k, axisIndex[e])
		}
		ac := a.Cube()
		if k != coordOf(&ac) {
			t.Fatalf("%v: the tables give %v, the cube %v", a, k, coordOf(&ac))
		}
		// w = s^-1 * a for an upper-face s: a * w^-1 = s, the keys agree,
		// and joinPosition finds s from the U pieces alone.
		moves, _ := cube.ParseManeuver(algs[rng.IntN(len(algs))])
		s := faceWord(moves)
		w := cube.Concat(s.Inverse(), a)
		wc := w.Cube()
		if coordOf(&wc) != coordOf(&ac) {
			t.Fatalf("%v and %v differ in key", a, w)
		}
		if got, want := joinPosition(tab.trackU(a), tab.trackU(w)), mustPosition(s.Cube()); got != want {
			t.Fatalf("joinPosition = %+v, want %+v", got, want)
		}
	}
}

// faceWord writes face turns as axis moves.
func faceWord(moves []cube.Move) cube.Word {
	var w cube.Word
	for _, m := range moves {
		if m.AxisRank() == 0 {
			w = cube.Concat(w, cube.Word{cube.NewAxisMove(m.Axis(), m.Power(), 0)})
		} else {
			w = cube.Concat(w, cube.Word{cube.NewAxisMove(m.Axis(), 0, m.Power())})
		}
	}
	return w
}

func TestLastAxis(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for range 100 {
		w := cube.RandomWord(rng, rng.IntN(10))
		if len(w) > 0 && lastAxis(cube.PackWord(w, 0)) != w[len(w)-1].Axis() {
			t.Fatalf("lastAxis of %v", w)
		}
	}
	if lastAxis(0) != noAxis {
		t.Error("lastAxis of the empty word")
	}
}

// TestResume stops nowhere but records a checkpoint after every chunk, then
// resumes from several of them (inside a depth and between depths) and
// must end exactly where the uninterrupted search ended.
func TestResume(t *testing.T) {
	var saved [][]byte
	cfg := Config{Metric: cube.QTM, StoredDepth: 5, MaxDepth: 11, Workers: 2, Budget: 2_000_000,
		Checkpoint: func(c *meet.Checkpoint) error {
			var b bytes.Buffer
			err := c.Encode(&b)
			saved = append(saved, b.Bytes())
			return err
		}}
	full, err := Search(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) < 10 {
		t.Fatalf("%d checkpoints, want one per chunk", len(saved))
	}
	// Resume from the last checkpoint between depths, one in the middle of
	// a depth, and the final one.
	var picks []*meet.Checkpoint
	var between, inside *meet.Checkpoint
	for i, b := range saved {
		c, err := meet.DecodeCheckpoint(bytes.NewReader(b), NPositions)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case c.Done && i == len(saved)-1:
			picks = append(picks, c)
		case c.Chunk == 0 && !c.Done:
			between = c
		case c.Chunk > 0 && c.Depth == 10 && inside == nil:
			inside = c
		}
	}
	if between == nil || inside == nil || len(picks) != 1 {
		t.Fatalf("checkpoints: between depths %v, inside depth 10 %v, final %d", between != nil, inside != nil, len(picks))
	}
	for _, c := range append(picks, between, inside) {
		resumeCfg := cfg
		resumeCfg.Checkpoint, resumeCfg.Resume = nil, c
		r, err := Search(context.Background(), resumeCfg)
		if err != nil {
			t.Fatalf("resuming at depth %d chunk %d: %v", c.Depth, c.Chunk, err)
		}
		for un := range NPositions {
			if r.Lower[un] != full.Lower[un] || r.Upper[un] != full.Upper[un] || !slices.Equal(r.Word[un], full.Word[un]) {
				t.Fatalf("resumed at depth %d chunk %d: un %d is [%d, %d] %v, uninterrupted [%d, %d] %v", c.Depth, c.Chunk,
					un, r.Lower[un], r.Upper[un], r.Word[un], full.Lower[un], full.Upper[un], full.Word[un])
			}
		}
		if r.Exhaustive != full.Exhaustive {
			t.Fatalf("resumed: exhaustive through %d, uninterrupted %d", r.Exhaustive, full.Exhaustive)
		}
	}
	// The budget and the last depth decide only where the search stops: a
	// checkpoint between depths resumes a search going further, which ends
	// as that search from the start does; another stored depth cuts other
	// chunks.
	more := cfg
	more.Checkpoint, more.Budget, more.MaxDepth = nil, 0, cfg.MaxDepth+1
	want, err := Search(context.Background(), more)
	if err != nil {
		t.Fatal(err)
	}
	more.Resume = between
	got, err := Search(context.Background(), more)
	if err != nil || got.Exhaustive != want.Exhaustive || !slices.Equal(got.Upper, want.Upper) || !slices.Equal(got.Lower, want.Lower) {
		t.Fatalf("resumed to depth %d: exhaustive %d, %v; from the start %d", more.MaxDepth, got.Exhaustive, err, want.Exhaustive)
	}
	if want.Exhaustive <= full.Exhaustive {
		t.Fatalf("a search to depth %d went no further than one to %d (exhaustive through %d)", more.MaxDepth, cfg.MaxDepth, want.Exhaustive)
	}
	other := cfg
	other.StoredDepth++
	if err := between.Resumes(other, ""); err == nil || !strings.Contains(err.Error(), "stored depth 5") {
		t.Errorf("a checkpoint resumed a search with another stored depth: %v", err)
	}
}

// BenchmarkSearch times a search through depth n on a stored side of depth
// k: building the table (entries/s) and probing (probes/s over the depths).
func BenchmarkSearch(b *testing.B) {
	for _, tc := range []struct {
		m    cube.Metric
		k, n int
	}{{cube.HTM, 6, 13}, {cube.QTM, 7, 15}, {cube.STM, 5, 12}} {
		b.Run(fmt.Sprintf("%s/k=%d/depth=%d", tc.m, tc.k, tc.n), func(b *testing.B) {
			var probes int64
			var entries int
			var probing time.Duration
			for b.Loop() {
				r, err := Search(context.Background(), Config{Metric: tc.m, StoredDepth: tc.k, MaxDepth: tc.n, Workers: 2})
				if err != nil {
					b.Fatal(err)
				}
				for _, st := range r.Depths {
					probes += st.Probes
					probing += st.Elapsed
				}
				entries = r.StoredEntries
			}
			b.ReportMetric(float64(probes)/probing.Seconds(), "probes/s")
			b.ReportMetric(float64(entries), "entries")
		})
	}
}

// A depth searched in three ranges of chunks (shards, in any order) and
// settled from their hits ends as the search that did it in one go,
// position by position, word by word; and a search cut back to an earlier
// depth (Through) is the search that stopped there.
func TestShardedDepth(t *testing.T) {
	for _, tc := range []struct {
		m    cube.Metric
		k, n int
	}{{cube.HTM, 4, 9}, {cube.STM, 4, 8}} {
		cfg := Config{Metric: tc.m, StoredDepth: tc.k, Workers: 2}
		before := search(t, tc.m, tc.k, tc.n-1, 2, 0)
		whole := search(t, tc.m, tc.k, tc.n, 2, 0)
		cut, err := whole.Through(tc.n - 1)
		if err != nil {
			t.Fatal(err)
		}
		for un := range NPositions {
			if cut.Lower[un] != before.Lower[un] || cut.Upper[un] != before.Upper[un] || !slices.Equal(cut.Word[un], before.Word[un]) {
				t.Fatalf("%s: un %d cut back to depth %d [%d, %d] %v, searched to it [%d, %d] %v", tc.m, un, tc.n-1,
					cut.Lower[un], cut.Upper[un], cut.Word[un], before.Lower[un], before.Upper[un], before.Word[un])
			}
		}
		if cut.Fingerprint() != before.Fingerprint() || whole.Fingerprint() == before.Fingerprint() {
			t.Fatalf("%s: fingerprints do not tell the states apart", tc.m)
		}
		if _, err := whole.Through(whole.Exhaustive + 1); err == nil {
			t.Fatalf("%s: cut back to a depth the search did not finish", tc.m)
		}
		plan := Chunks(cfg, tc.n)
		chunks := len(plan)
		var hits [3][]Hit
		for _, i := range []int{2, 0, 1} {
			pick := func(prefixes []cube.Word) ([]int, error) {
				var ids []int
				for c := chunks * i / 3; c < chunks*(i+1)/3; c++ {
					if !slices.Equal(prefixes[c], plan[c].Prefix) {
						t.Fatalf("chunk %d: prefix %v, the plan's %v", c, prefixes[c], plan[c].Prefix)
					}
					ids = append(ids, c)
				}
				return ids, nil
			}
			err := SearchPart(context.Background(), cfg, before, tc.n, pick, func(d meet.ChunkDone) error {
				if d.Probes != plan[d.Chunk].Probes {
					t.Fatalf("chunk %d made %d probes, planned %d", d.Chunk, d.Probes, plan[d.Chunk].Probes)
				}
				if len(hits[i]) > 0 && d.Chunk < hits[i][len(hits[i])-1].Chunk {
					t.Fatalf("chunk %d after %d", d.Chunk, hits[i][len(hits[i])-1].Chunk)
				}
				hits[i] = append(hits[i], d.Hits...)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		all := slices.Concat(hits[2], hits[0], hits[1]) // Settle takes the chunks in order
		settled, err := Settle(cfg, before, tc.n, all, true)
		if err != nil {
			t.Fatal(err)
		}
		for un := range NPositions {
			if settled.Lower[un] != whole.Lower[un] || settled.Upper[un] != whole.Upper[un] || !slices.Equal(settled.Word[un], whole.Word[un]) {
				t.Fatalf("%s depth %d: un %d settled [%d, %d] %v, searched [%d, %d] %v", tc.m, tc.n, un,
					settled.Lower[un], settled.Upper[un], settled.Word[un], whole.Lower[un], whole.Upper[un], whole.Word[un])
			}
		}
		if settled.Exhaustive != whole.Exhaustive || len(all) == 0 {
			t.Fatalf("%s: exhaustive through %d settled, %d searched (%d hits)", tc.m, settled.Exhaustive, whole.Exhaustive, len(all))
		}
		// Without the last range, the depth is not exhaustive.
		part, err := Settle(cfg, before, tc.n, slices.Concat(hits[0], hits[1]), false)
		if err != nil {
			t.Fatal(err)
		}
		if part.Exhaustive != tc.n-1 {
			t.Fatalf("%s: two ranges of three settle depth %d as exhaustive", tc.m, tc.n)
		}
		t.Logf("%s depth %d: %d chunks, %d hits", tc.m, tc.n, chunks, len(all))
	}
}
