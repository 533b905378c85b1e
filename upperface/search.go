package upperface

import (
	"context"
	"fmt"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/hashjoin"
	"github.com/cubecensus/cubecensus/meet"
)

// The search: God's algorithm for L by meet in the middle (seed 004,
// "Third Algorithm", generalized to three metrics).
//
// Every maneuver is a word of axis moves (axis.go) whose neighbours turn
// different axes; its length in a metric is the sum of its moves' costs. A
// position s of L is at distance n when some word of cost n reaches it and
// none shorter does. Split such a word where its remaining cost first drops
// to k or less: s = a * b with cost(a) >= n-k, cost(b) <= k. The search
// stores every word w of cost <= k under the key of the cube it reaches
// (coord.go), and enumerates the prefixes a; a prefix matches w when their
// keys agree, and then s = a * w^-1 is an upper-face position (b = w^-1 runs
// over the same words as w). Depths are done in order, so the first time a
// position is reached its distance is known.
//
// Three things cut the prefixes, each exact:
//
//   - Symmetry: conjugating by one of the eight symmetries keeping U maps
//     words for s to words for another position at the same distance, so
//     prefixes need begin only with one axis move of each class under them
//     (for HTM: R or R2 where seed 004 began, and four of the R-L pairs),
//     and every position found brings its eight images and their inverses.
//   - U turns first: if a shortest word for s begins with U^p (alone, or
//     with a D turn whose cost adds to it), then U^-p s is a position at
//     distance n - cost(U^p); such s are U^p times positions of that depth,
//     found without search.
//   - D turns first: a shortest word D^q r can be rotated to r D^q (s and D
//     commute, as they move different layers), a word of the same cost that
//     begins with r's first move, on another axis.
//
// Worked small case (HTM, k = 7): the Sune R U R' U R U2 R' (7 moves) is
// found at n = 7 as the prefix a = R (cost 1 >= 7-7) joined with the stored
// word w = (U R' U R U2 R')^-1, whose key equals R's. At n = 16 the prefixes
// cost 9 or 10 and number 4.9e9, each one probe of the table; the search
// stops after 13% of them, when the last of the 224 positions is found.
//
// Work is cut into chunks, the prefixes of two axis moves, whose numbers of
// probes are counted in advance; chunks run on any number of workers and
// are merged in their order, so results do not depend on the worker count,
// and a probe budget decides deterministically where the search stops.

// Config says how to search one metric (meet.Config: the engine's
// settings are all the upper face needs).
type Config = meet.Config

// DepthStats is what one depth of the search did: Planned probes, of which
// Probes were made (all unless the budget cut the depth), Found positions.
type DepthStats = meet.DepthStats

// Result is what a search found, and the bounds of what it did not; its
// Bounds are each position's, indexed by un (see Offer and Compose).
type Result struct{ meet.Result }

// maxStoredDepth keeps stored words within a 64-bit value: each axis move
// costs at least 1, so a word of cost <= 9 has at most 9 moves.
const maxStoredDepth = 9

// StoredEntries is the number of words of cost <= k in metric m, the
// entries of the stored side: one per word, counted by costs alone.
func StoredEntries(m cube.Metric, k int) uint64 { return cube.WordsUpTo(m, k) }

// StoredBytes is the memory of the stored side for depth k.
func StoredBytes(m cube.Metric, k int) uint64 {
	return hashjoin.Bytes(StoredEntries(m, k))
}

// storedSide is the stored side's description to the search's engine.
var storedSide = meet.StoredSide{Entries: StoredEntries, Bytes: hashjoin.Bytes, MaxDepth: maxStoredDepth, MaxEntries: hashjoin.MaxEntries}

// ChooseStoredDepth returns the deepest k (at most 9) whose stored side fits
// in budget bytes, or an error naming what the smallest useful one needs.
func ChooseStoredDepth(m cube.Metric, budget uint64) (int, error) {
	return storedSide.ChooseDepth(m, budget, nil)
}

// searcher holds one metric's search state.
type searcher struct {
	cfg     Config
	metric  cube.Metric
	k       int
	pairs   *pairTables
	group   *groupTables
	table   *hashjoin.Table
	first   []cube.AxisMove
	after   [4][]step // after[a]: moves allowed after a move on axis a; after[3]: all
	res     *Result
	found   int
	deepest int // deepest depth searched
	saver   meet.Saver
}

// step is an axis move with what the hot loop needs of it.
type step struct {
	move  cube.AxisMove
	index uint8
	cost  uint8
	axis  cube.Axis
}

const noAxis = 3

// Search runs the search for cfg.Metric.
func Search(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.StoredDepth < 1 || cfg.StoredDepth > maxStoredDepth {
		return nil, fmt.Errorf("upperface: stored depth %d (want 1..%d)", cfg.StoredDepth, maxStoredDepth)
	}
	s := newSearcher(cfg)
	at := meet.Progress{Depth: 1}
	if c := cfg.Resume; c != nil {
		if err := c.Resumes(cfg, ""); err != nil {
			return nil, fmt.Errorf("upperface: cannot resume: %w", err)
		}
		s.res = &Result{c.Resumed()}
		if c.Done {
			return s.res, nil
		}
		s.found = s.res.Reached()
		at = c.Progress
	}
	if err := s.buildTable(ctx); err != nil {
		return nil, err
	}
	if cfg.Resume == nil {
		s.record(0, 0, cube.Word{})
		at.FoundBefore = s.found
	}
	s.saver.Start()
	for ; s.found < NPositions && (cfg.MaxDepth <= 0 || at.Depth <= cfg.MaxDepth); at.Depth++ {
		st, err := s.depth(ctx, &at)
		if err != nil {
			return nil, err
		}
		goOn, err := s.saver.EndDepth(&s.res.Result, st, &at, s.found)
		if err != nil {
			return nil, err
		}
		if !goOn {
			break
		}
	}
	if s.found == NPositions {
		s.res.Exhaustive = s.deepest
	}
	s.table = nil
	s.res.boundUnfound()
	at.Done = true
	if err := s.saver.Save(&s.res.Result, at); err != nil {
		return nil, err
	}
	return s.res, nil
}

// newSearcher sets up a search of cfg without its stored side.
func newSearcher(cfg Config) *searcher {
	s := &searcher{cfg: cfg, metric: cfg.Metric, k: cfg.StoredDepth, pairs: tables(), group: group()}
	s.saver.Config = &s.cfg
	s.res = NewResult(cfg.Metric)
	s.res.StoredDepth = s.k
	for a := range cube.Axis(noAxis + 1) {
		for _, e := range cube.AxisMoves {
			if e.Axis() != a {
				s.after[a] = append(s.after[a], step{e, axisIndex[e], uint8(e.Cost(s.metric)), e.Axis()})
			}
		}
	}
	s.first = firstMoves(s.metric)
	return s
}

// NewResult returns a result of metric m with nothing found yet: no
// maneuvers, every Upper -1, every Lower 0.
func NewResult(m cube.Metric) *Result {
	return &Result{meet.NewResult(m, NPositions)}
}

// firstMoves are the axis moves a prefix may begin with: one of each class
// under uSyms, leaving out U turns (alone or with a D turn whose cost adds)
// and D turns alone, which the search reaches otherwise (see above).
func firstMoves(m cube.Metric) []cube.AxisMove {
	var out []cube.AxisMove
	for _, e := range cube.AxisMoves {
		p, q := e.Powers()
		if e.Axis() == cube.AxisUD {
			if p == 0 {
				continue // D alone: rotated to the end
			}
			uCost := cube.NewAxisMove(cube.AxisUD, p, 0).Cost(m)
			dCost := 0
			if q != 0 {
				dCost = cube.NewAxisMove(cube.AxisUD, 0, q).Cost(m)
			}
			if e.Cost(m) == uCost+dCost {
				continue // U first: U^p times a shorter position
			}
		}
		least := e
		for _, sym := range uSyms {
			least = min(least, e.Conjugate(sym))
		}
		if least == e {
			out = append(out, e)
		}
	}
	return out
}

// buildTable stores every word of cost <= k under the hash of its key: part
// 0 is the empty word, part i+1 the words beginning with axis move i.
func (s *searcher) buildTable(ctx context.Context) error {
	solved := coordOf(&cube.Solved)
	gen := func(part int, emit func(h, v uint64)) {
		if part == 0 {
			emit(hashjoin.Mix(solved.key()), 0)
			return
		}
		if e := s.after[noAxis][part-1]; int(e.cost) <= s.k && ctx.Err() == nil {
			s.storeFrom(&solved, e, 0, 0, emit)
		}
	}
	t, err := hashjoin.Build(StoredEntries(s.metric, s.k), 1+cube.NAxisMoves, s.cfg.Workers, gen)
	if err := meet.BuildErr(ctx, err); err != nil {
		return fmt.Errorf("upperface: %w", err)
	}
	s.table, s.res.StoredEntries = t, t.Len()
	return nil
}

// storeFrom emits the word made of packed (of the given cost) followed by
// e, and every extension of it of cost <= k. The caller checks that the
// word's own cost is at most k (in the loop: a call per too costly child
// would be most of the work).
func (s *searcher) storeFrom(k *f2lCoord, e step, cost int, packed cube.PackedWord, emit func(h, v uint64)) {
	cost += int(e.cost)
	child := s.pairs.move(k, e.index)
	packed = packed.Append(e.move).WithCost(cost)
	emit(hashjoin.Mix(child.key()), uint64(packed))
	for _, f := range s.after[e.axis] {
		if cost+int(f.cost) <= s.k {
			s.storeFrom(&child, f, cost, packed, emit)
		}
	}
}

// lastAxis returns the axis of a stored word's last move, noAxis for the
// empty word.
func lastAxis(v cube.PackedWord) cube.Axis {
	n := v.Len()
	if n == 0 {
		return noAxis
	}
	return v.Move(n - 1).Axis()
}

// chunk is a prefix of one or two moves and the probes below it.
type chunk struct {
	word   cube.Word
	coord  f2lCoord
	cost   int
	last   cube.Axis
	leaf   bool // the prefix itself is probed
	probes int64
}

// hit is a prefix and a stored word whose keys agree, of total cost n,
// joining to position un, which was not known before depth n.
type hit struct {
	un     int32
	prefix cube.Word
	stored cube.PackedWord
}

// depth finds the positions at distance at.Depth, beginning with chunk
// at.Chunk (a resumed depth has its U closure and first chunks done);
// at.FoundBefore is the number of positions found before the depth.
func (s *searcher) depth(ctx context.Context, at *meet.Progress) (DepthStats, error) {
	start, n := time.Now(), at.Depth
	s.deepest = n
	if at.Chunk == 0 {
		s.closeUnderU(n)
	}
	chunks := s.chunks(n)
	run := meet.Chunks[[]hit]{Count: len(chunks), Planned: make([]int64, len(chunks))}
	for i, c := range chunks {
		run.Planned[i] = c.probes
	}
	run.NewWorker = s.workers(n, chunks)
	run.Merge = func(i int, hits []hit) (int64, int64, error) { return chunks[i].probes, 0, s.mergeHits(n, hits) }
	run.Finished = func() bool { return s.found == NPositions }
	var st DepthStats
	merged := s.found == NPositions // the U closure found the last ones
	if !merged {
		var err error
		if st, merged, err = run.Run(ctx, &s.saver, &s.res.Result, at); err != nil {
			return st, err
		}
	} else {
		st = DepthStats{Depth: n, Chunks: len(chunks)}
		for _, p := range run.Planned {
			st.Planned += p
		}
	}
	st.Found = s.found - at.FoundBefore
	st.Exhaustive = merged || s.found == NPositions
	st.Elapsed = time.Since(start)
	return st, nil
}

// workers returns the constructor of a worker searching depth n's chunks,
// each probe against the positions known before them.
func (s *searcher) workers(n int, chunks []chunk) func() func(int) []hit {
	known := make([]bool, NPositions) // found before the chunks; read-only below
	for un, u := range s.res.Upper {
		known[un] = u >= 0
	}
	return func() func(int) []hit {
		p := &prober{s: s, n: n, known: known, word: make(cube.Word, 0, 32)}
		return func(i int) []hit {
			p.hits, p.probes = nil, 0
			p.run(&chunks[i])
			if p.probes != chunks[i].probes {
				panic(fmt.Sprintf("upperface: chunk %v made %d probes, planned %d", chunks[i].word, p.probes, chunks[i].probes))
			}
			return p.hits
		}
	}
}

// closeUnderU records U^x * t for every position t at distance n - cost(U^x).
func (s *searcher) closeUnderU(n int) {
	for x := 1; x <= 3; x++ {
		u := cube.NewAxisMove(cube.AxisUD, x, 0)
		d := n - u.Cost(s.metric)
		if d < 0 {
			continue
		}
		for t := range int32(NPositions) {
			if s.res.Upper[t] != d || s.res.Lower[t] != d {
				continue
			}
			un := s.group.mul(uTurn[x], t)
			if s.res.Upper[un] < 0 {
				s.record(un, n, cube.Concat(cube.Word{u}, s.res.Word[t]))
			}
		}
	}
}

// chunks lists the prefixes of two moves (one, where that is already a
// leaf) with the probes below each, in search order.
func (s *searcher) chunks(n int) []chunk {
	below := s.probesBelow(n)
	solved := coordOf(&cube.Solved)
	var out []chunk
	for _, f := range s.first {
		c1 := f.Cost(s.metric)
		if c1 > n {
			continue
		}
		k1 := s.pairs.move(&solved, axisIndex[f])
		if c1 >= n-s.k {
			out = append(out, chunk{word: cube.Word{f}, coord: k1, cost: c1, last: f.Axis(), leaf: true, probes: 1})
			continue
		}
		for _, e := range s.after[f.Axis()] {
			c2 := c1 + int(e.cost)
			if c2 > n {
				continue
			}
			c := chunk{word: cube.Word{f, e.move}, coord: s.pairs.move(&k1, e.index), cost: c2, last: e.axis, leaf: c2 >= n-s.k}
			if c.leaf {
				c.probes = 1
			} else {
				c.probes = below[c2]
			}
			out = append(out, c)
		}
	}
	return out
}

// probesBelow[c] is the number of probes under an inner node of cost c
// (< n-k) that has a last axis: a child of cost in [n-k, n] is probed, one
// of lower cost is searched on, one of higher cost is dropped. The count
// does not depend on which axis was last.
func (s *searcher) probesBelow(n int) []int64 {
	below := make([]int64, n+1)
	for c := n - s.k - 1; c >= 0; c-- {
		for _, e := range s.after[cube.AxisUD] {
			switch d := c + int(e.cost); {
			case d > n:
			case d >= n-s.k:
				below[c]++
			default:
				below[c] += below[d]
			}
		}
	}
	return below
}

// prober is one worker's depth-first search of chunks.
type prober struct {
	s      *searcher
	n      int
	known  []bool // positions found before depth n
	word   cube.Word
	hits   []hit
	probes int64
}

func (p *prober) run(c *chunk) {
	p.word = append(p.word[:0], c.word...)
	if c.leaf {
		p.probe(&c.coord, c.cost)
		return
	}
	p.node(&c.coord, c.cost, c.last)
}

// node searches on below a prefix of the given cost whose last move turned
// axis last. Children that are probed are gathered first and their filter
// bits read together, so that those cache misses overlap.
func (p *prober) node(k *f2lCoord, cost int, last cube.Axis) {
	s := p.s
	var leaf [2 * cube.NAxisMoves / 3]struct {
		hash uint64
		move cube.AxisMove
		cost int
	}
	leaves := 0
	for _, e := range s.after[last] {
		c := cost + int(e.cost)
		switch {
		case c > p.n:
		case c >= p.n-s.k:
			child := s.pairs.move(k, e.index)
			leaf[leaves].hash, leaf[leaves].move, leaf[leaves].cost = hashjoin.Mix(child.key()), e.move, c
			leaves++
		default:
			child := s.pairs.move(k, e.index)
			p.word = append(p.word, e.move)
			p.node(&child, c, e.axis)
			p.word = p.word[:len(p.word)-1]
		}
	}
	var maybe [len(leaf)]bool
	for i := range leaves {
		maybe[i] = s.table.Maybe(leaf[i].hash)
	}
	p.probes += int64(leaves)
	for i := range leaves {
		if maybe[i] {
			p.word = append(p.word, leaf[i].move)
			p.lookup(leaf[i].hash, leaf[i].cost)
			p.word = p.word[:len(p.word)-1]
		}
	}
}

// probe probes a prefix on its own (a chunk that is a leaf).
func (p *prober) probe(k *f2lCoord, cost int) {
	p.probes++
	if h := hashjoin.Mix(k.key()); p.s.table.Maybe(h) {
		p.lookup(h, cost)
	}
}

// lookup finds the stored words with the prefix's hash that complete it to
// cost n. It skips a stored word w whose last move turns the prefix's last
// axis: the prefix followed by w^-1 then has two moves of one axis in a row,
// and the word they merge into is canonical and met through its own split
// (the commonest such w is the prefix itself).
func (p *prober) lookup(h uint64, cost int) {
	last := p.word[len(p.word)-1].Axis()
	var a uTrack
	tracked := false
	for _, e := range p.s.table.Lookup(h) {
		v := cube.PackedWord(e.Value)
		if v.Cost() != p.n-cost || lastAxis(v) == last {
			continue
		}
		if !tracked {
			a, tracked = p.s.pairs.trackU(p.word), true
		}
		w := solvedUTrack
		for i := range v.Len() {
			p.s.pairs.moveU(&w, v.Move(i))
		}
		if w == a {
			continue // the same cube: the join is the solved position
		}
		un := int32(joinPosition(a, w).Un())
		if !p.known[un] {
			p.hits = append(p.hits, hit{un: un, prefix: append(cube.Word(nil), p.word...), stored: v})
		}
	}
}

// mergeHits records the positions a chunk's hits reach first, checking
// each against the cube: the join must give an upper-face position, the
// position the hit was counted for, at cost n.
func (s *searcher) mergeHits(n int, hits []hit) error {
	for _, h := range hits {
		if s.res.Upper[h.un] >= 0 {
			continue
		}
		if err := s.recordJoin(n, h.un, cube.Concat(h.prefix, h.stored.Word().Inverse())); err != nil {
			return err
		}
	}
	return nil
}

// recordJoin records w, a prefix joined with a stored word, for position
// un at depth n, after checking it: w must reach un, an upper-face
// position, at cost n.
func (s *searcher) recordJoin(n int, un int32, w cube.Word) error {
	p, err := FromCube(w.Cube())
	if err != nil {
		return fmt.Errorf("upperface: self-check failed: the join %v is not an upper-face position: %w", w, err)
	}
	if int32(p.Un()) != un || w.Cost(s.metric) != n {
		return fmt.Errorf("upperface: self-check failed: %v reaches un %d at cost %d, counted as un %d at depth %d", w, p.Un(), w.Cost(s.metric), un, n)
	}
	s.record(un, n, w)
	return nil
}

// record sets the distance of un and of its images under uSyms and
// inversion, which are at the same distance.
func (s *searcher) record(un int32, n int, w cube.Word) {
	for inv, word := range [2]cube.Word{w, w.Inverse()} {
		x := un
		if inv == 1 {
			x = s.group.inverse[un]
		}
		for i, sym := range uSyms {
			y := s.group.conj[i][x]
			if s.res.Upper[y] >= 0 {
				continue
			}
			s.res.Lower[y], s.res.Upper[y] = n, n
			s.res.Word[y] = word.Conjugate(sym)
			s.found++
		}
	}
}
