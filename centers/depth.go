package centers

import (
	"context"
	"fmt"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
)

// chunkMoves is the length of the chunks' prefixes in metric m when
// prefixes cost prefixCost: long enough that a chunk holds at most about
// 1e8 prefixes (seconds), so that work spreads over the workers, progress
// and checkpoints come often, and a budget stops a depth soon after it is
// spent. The levels left below a chunk follow the metric's branching
// factor: about 13 in HTM, 9.4 in QTM, 17 in STM.
func chunkMoves(m cube.Metric, prefixCost int) int {
	levels := [cube.NMetrics]int{cube.HTM: 7, cube.QTM: 8, cube.STM: 6}[m]
	return min(max(prefixCost-levels, 3), maxChunkMoves)
}

// maxChunkMoves bounds the chunks' length, and so their number: QTM's
// depth 26 (prefixes of cost 15) has 9 million chunks of 6 moves, about a
// tenth of a second each on one core (with 7 it had 85 million).
const maxChunkMoves = 6

// chunk is a prefix of a few moves, a unit of work, as a depth's list of
// them keeps it: its moves alone, 8 bytes, the rest computed when it is
// searched (prefixOf).
type chunk struct {
	moves [maxChunkMoves]cube.AxisMove
	n     uint8
	leaf  bool // the prefix itself is probed
}

func (c *chunk) word() cube.Word { return c.moves[:c.n] }

// prefix is a chunk with what its search, and the cutting of chunks, need.
type prefix struct {
	rank  int // the class rank of its first move
	word  cube.Word
	cube  cube.Cube
	state State // Of(word)
	cost  int
	leaf  bool
}

func (s *searcher) prefixOf(c *chunk) prefix {
	w := c.word()
	return prefix{rank: classRank[w[0]], word: w, cube: w.Cube(), state: Of(w), cost: w.Cost(s.metric), leaf: c.leaf}
}

func (p *prefix) chunk() chunk {
	c := chunk{n: uint8(len(p.word)), leaf: p.leaf}
	copy(c.moves[:], p.word)
	return c
}

// hit is a relation of cost n met in a chunk, with a state not known
// before depth n.
type hit struct {
	state    State
	relation cube.Word
}

// depth meets every relation of cost at.Depth, beginning with chunk
// at.Chunk (a resumed depth has its first chunks merged). Chunks run on the
// workers and are merged in order until the budget is spent; the depth is
// exhaustive when all are.
func (s *searcher) depth(ctx context.Context, at *meet.Progress) (DepthStats, error) {
	start, n := time.Now(), at.Depth
	chunks := s.chunks(n)
	run := meet.Chunks[chunkResult]{
		Count:     len(chunks),
		NewWorker: s.workers(n, chunks),
		Merge: func(_ int, r chunkResult) (int64, int64, error) {
			return r.probes, r.nodes, s.mergeHits(n, r.hits)
		},
		Finished: func() bool { return s.found == NStates },
	}
	st, merged, err := run.Run(ctx, &s.saver, &s.res.Result, at)
	if err != nil {
		return st, fmt.Errorf("centers: %w", err)
	}
	st.Found = s.found - at.FoundBefore
	// Once every state is found the rest of the depth has nothing left to
	// find: every distance is known, this depth's included.
	st.Exhaustive = merged || s.found == NStates
	st.Elapsed = time.Since(start)
	return st, nil
}

// workers returns the constructor of a worker searching depth n's chunks,
// each probe against the states known before them.
func (s *searcher) workers(n int, chunks []chunk) func() func(int) chunkResult {
	known := make([]bool, NStates) // found before this depth; read-only below
	for i, u := range s.res.Upper {
		known[i] = u >= 0
	}
	return func() func(int) chunkResult {
		p := &prober{s: s, n: n, known: known, word: make(cube.Word, 0, 32)}
		return func(i int) chunkResult {
			c := s.prefixOf(&chunks[i])
			p.res, p.after, p.rank = chunkResult{}, &s.after[c.rank], c.rank
			p.run(&c)
			return p.res
		}
	}
}

// chunkResult is what the search of one chunk found and did.
type chunkResult struct {
	hits          []hit
	probes, nodes int64
}

// chunks lists the prefixes of chunkMoves moves (fewer, where that is
// already a leaf), in search order: rank by rank.
func (s *searcher) chunks(n int) []chunk {
	var out []chunk
	for r := range nClasses {
		first := classRep(r)
		c := prefix{rank: r, word: cube.Word{first}, cube: first.Cube(), state: moveState[first], cost: first.Cost(s.metric)}
		out = s.chunksFrom(out, c, n)
	}
	return out
}

// chunksFrom appends c if it is a leaf or three moves long, else the
// chunks of its children.
func (s *searcher) chunksFrom(out []chunk, c prefix, n int) []chunk {
	switch {
	case c.cost > n:
		return out
	case c.cost >= n-s.k:
		c.leaf = true
		return append(out, c.chunk())
	case len(c.word) == chunkMoves(s.metric, n-s.k):
		return append(out, c.chunk())
	}
	for _, e := range s.after[c.rank][c.word[len(c.word)-1].Axis()] {
		child := prefix{rank: c.rank, word: append(c.word[:len(c.word):len(c.word)], e.move), state: c.state.Add(e.state), cost: c.cost + int(e.cost)}
		if _, ok := necklaceOf(child.word, c.rank); !ok {
			continue
		}
		child.cube.Mul(&c.cube, &e.cube)
		if s.prunedByCorners(&child.cube, n-child.cost) {
			continue
		}
		out = s.chunksFrom(out, child, n)
	}
	return out
}

// pruned reports whether the pruning tables show that no relation of a
// state still open has a prefix reaching cube c with state st and cost left
// to spend. Only inner prefixes are asked (more than k left): there one
// answer saves a probe of each child, while at a probed prefix asking costs
// about as much as the probe it might save. The corners' table (a megabyte,
// in cache) is asked first; the open states' table (2.2 GB, a cache miss)
// only where at most k + twistLevels is left, for higher up nearly every
// prefix passes it.
func (s *searcher) pruned(c *cube.Cube, st State, left int) bool {
	if s.prune == nil || left <= s.k || left > s.corners.limit {
		return false
	}
	k := s.corners.cc.keyOf(c)
	if s.corners.boundAt(k, 0) > left {
		return true
	}
	return left <= s.k+twistLevels && left <= s.prune.limit && s.prune.boundAt(k, st) > left
}

// prunedByCorners is pruned asking the corners' table only. The chunks of
// a depth are cut with it, so that they are the same whatever states are
// open: a checkpoint names its place by a chunk's index, and a search
// resumed on another machine builds the table of the states open then,
// fewer than when the depth began. (Cut with the open states' table, the
// list shrank and the index pointed past chunks never searched.) The
// workers ask the open states' table of each chunk as it begins.
func (s *searcher) prunedByCorners(c *cube.Cube, left int) bool {
	if s.prune == nil || left <= s.k || left > s.corners.limit {
		return false
	}
	return s.corners.boundAt(s.corners.cc.keyOf(c), 0) > left
}

// twistLevels is how far above the stored side the open states' table is
// asked.
const twistLevels = 2

// prober is one worker's depth-first search of chunks.
type prober struct {
	s     *searcher
	after *[noAxis + 1][]step // the moves of the chunk's rank
	rank  int
	tied  [][]candidate // tied[i]: the candidates tied with the prefix of i+1 moves (necklace.go)
	n     int
	known []bool
	word  cube.Word
	found []uint32 // a lookup's entries
	res   chunkResult
}

func (p *prober) run(c *prefix) {
	p.word = append(p.word[:0], c.word...)
	if c.leaf {
		p.res.probes++
		r, y := p.s.canon.canonical(&c.cube)
		if h := hashKey(r.Key()); p.s.table.Maybe(h) {
			p.lookup(h, &c.cube, y, c.state, c.cost)
		}
		return
	}
	if p.s.pruned(&c.cube, c.state, p.n-c.cost) {
		return
	}
	tied, _ := necklaceOf(c.word, c.rank) // chunksFrom kept only canonical beginnings
	p.node(&c.cube, c.cube.CornerPerm(), c.state, c.cost, c.word[len(c.word)-1].Axis(), tied)
}

// node searches on below a prefix of the given cost and state whose last
// move turned axis last, reaching cube c with corner permutation cp.
// Children that are probed are gathered first and their filter bits read
// together, so that those cache misses overlap; only a child whose filter
// bit is set is multiplied out.
func (p *prober) node(c *cube.Cube, cp int, st State, cost int, last cube.Axis, tied []candidate) {
	s := p.s
	p.res.nodes++
	depth := len(p.word) // the children's moves go at this index
	for len(p.tied) <= depth {
		p.tied = append(p.tied, nil)
	}
	var leaf [2 * cube.NAxisMoves / 3]struct {
		hash  uint64
		step  *step
		state State
		cost  int
	}
	leaves := 0
	for i := range p.after[last] {
		e := &p.after[last][i]
		d := cost + int(e.cost)
		if d > p.n {
			continue
		}
		p.word = append(p.word, e.move)
		next, ok := necklaceStep(p.word, p.rank, tied, p.tied[depth][:0])
		p.tied[depth] = next
		if !ok {
			p.word = p.word[:depth]
			continue
		}
		if d >= p.n-s.k {
			l := &leaf[leaves]
			l.hash, l.step, l.state, l.cost = hashKey(s.canon.leafKey(c, cp, e.move)), e, st.Add(e.state), d
			leaves++
		} else {
			var child cube.Cube
			child.Mul(c, &e.cube)
			if childState := st.Add(e.state); !s.pruned(&child, childState, p.n-d) {
				p.node(&child, int(s.canon.cpMove[cp][e.move]), childState, d, e.axis, next)
			}
		}
		p.word = p.word[:depth]
	}
	var maybe [len(leaf)]bool
	for i := range leaves {
		maybe[i] = s.table.Maybe(leaf[i].hash)
	}
	p.res.probes += int64(leaves)
	for i := range leaves {
		if maybe[i] {
			var q cube.Cube
			q.Mul(c, &leaf[i].step.cube)
			_, y := s.canon.canonical(&q)
			p.word = append(p.word, leaf[i].step.move)
			p.lookup(leaf[i].hash, &q, y, leaf[i].state, leaf[i].cost)
			p.word = p.word[:len(p.word)-1]
		}
	}
}

// lookup finds the stored words with the prefix's hash that complete it to
// a relation of cost n with a state not known yet: the prefix (state st)
// reaches cube q, and they reach its class's representative
// cube.Conjugate(q, y), so their conjugates by y^-1 reach q (canonical.go).
// Most stored words met end like the prefix (their relation cancels to a
// shorter one: skipped, see search.go) or give a known state, and both are
// told from the entry alone; only a new state's word is rebuilt and
// checked.
func (p *prober) lookup(h uint64, q *cube.Cube, y cube.Sym, st State, cost int) {
	last := p.word[len(p.word)-1].Axis()
	yInv := y.Inverse()
	back := &conjAxis[yInv] // takes the stored words' moves to those of words reaching q
	p.found = p.s.table.Lookup(h, p.found[:0])
	for _, u := range p.found {
		v := storedWord(u)
		if v.cost() != p.n-cost || v.cost() > 0 && back[v.last()].Axis() == last {
			continue
		}
		state := st.Add(v.state().Conjugate(yInv).Neg())
		if p.known[state.Index()] {
			continue
		}
		rep := cube.Conjugate(*q, y)
		w, ok := p.s.rebuild(&rep, v)
		if !ok {
			continue // another cube with the same fingerprint
		}
		if w, ok = conjugateTo(w, q, y); !ok {
			continue
		}
		p.res.hits = append(p.res.hits, hit{state, cube.Concat(p.word, w.Inverse())}) // mergeHits checks the state
	}
}

// mergeHits records the states a chunk's relations reach first, checking
// each: it must solve the cubies, give its state and cost n.
func (s *searcher) mergeHits(n int, hits []hit) error {
	for _, h := range hits {
		if h.relation.Cube() != cube.Solved || h.relation.Cost(s.metric) != n || Of(h.relation) != h.state {
			return fmt.Errorf("centers: self-check failed: %v (cost %d) was met as a relation of cost %d for %v",
				h.relation, h.relation.Cost(s.metric), n, h.state)
		}
		if s.res.Upper[h.state.Index()] < 0 {
			s.record(h.state, n, h.relation)
		}
	}
	return nil
}

// record sets the distance of st and of its images, which are at the same
// distance, unless known.
func (s *searcher) record(st State, n int, w cube.Word) {
	for _, g := range Images {
		i := g.Apply(st).Index()
		if s.res.Upper[i] >= 0 {
			continue
		}
		s.res.Lower[i], s.res.Upper[i], s.res.Word[i] = n, n, g.Word(w)
		s.found++
	}
}
