package upperface

import (
	"context"
	"fmt"
	"slices"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// Sharding one depth (scale-out, pipelines/shard.go): given what is known
// before depth n, the chunks of depth n are independent, so a range of
// them can be searched anywhere (SearchChunks) and the hits of all ranges,
// concatenated in chunk order, settle the depth as one search would have
// (Settle): the U closure first, then each hit in chunk order, the first
// hit of a position (and its images) recording it.

// Hit is a word of cost n that a chunk of depth n joined, reaching a
// position not known before the depth.
type Hit struct {
	Chunk int
	Un    int32
	Word  cube.Word
}

// Chunks returns the number of chunks of depth n of cfg's search.
func Chunks(cfg Config, n int) int {
	return len(newSearcher(cfg).chunks(n))
}

// continueFrom returns a searcher of cfg (no stored side yet) holding a
// copy of known, a search's result exhaustive through n-1, with depth n's
// U closure done.
func continueFrom(cfg Config, known *Result, n int) (*searcher, error) {
	if known.Metric != cfg.Metric || known.Exhaustive != n-1 {
		return nil, fmt.Errorf("upperface: depth %d of %s continues a search exhaustive through %d, not one of %s through %d",
			n, cfg.Metric, n-1, known.Metric, known.Exhaustive)
	}
	s := newSearcher(cfg)
	res := *known
	res.Lower, res.Upper, res.Word = slices.Clone(known.Lower), slices.Clone(known.Upper), slices.Clone(known.Word)
	res.Depths = slices.Clone(known.Depths)
	s.res = &res
	for _, u := range res.Upper {
		if u >= 0 {
			s.found++
		}
	}
	s.deepest = n
	s.closeUnderU(n)
	return s, nil
}

// SearchChunks searches chunks lo to hi-1 of depth n, continuing known (a
// result exhaustive through n-1), and returns their hits in chunk order.
func SearchChunks(ctx context.Context, cfg Config, known *Result, n, lo, hi int) ([]Hit, error) {
	s, err := continueFrom(cfg, known, n)
	if err != nil {
		return nil, err
	}
	chunks := s.chunks(n)
	if lo < 0 || hi > len(chunks) || lo > hi {
		return nil, fmt.Errorf("upperface: chunks %d to %d of depth %d, which has %d", lo, hi-1, n, len(chunks))
	}
	if err := s.buildTable(ctx); err != nil {
		return nil, err
	}
	unknown := make([]bool, NPositions) // the prober's known, after the U closure
	for un, u := range s.res.Upper {
		unknown[un] = u >= 0
	}
	newWorker := func(int) func(int) []hit {
		p := &prober{s: s, n: n, known: unknown, word: make(cube.Word, 0, 32)}
		return func(i int) []hit {
			p.hits, p.probes = nil, 0
			p.run(&chunks[i])
			return p.hits
		}
	}
	var out []Hit
	merge := func(i int, hits []hit) (bool, error) {
		for _, h := range hits {
			out = append(out, Hit{Chunk: i, Un: h.un, Word: cube.Concat(h.prefix, h.stored.Word().Inverse())})
		}
		return true, nil
	}
	if _, err := parallel.Ordered(ctx, lo, hi, cfg.Workers, newWorker, merge); err != nil {
		return nil, err
	}
	return out, nil
}

// Settle continues known (exhaustive through n-1) through depth n with
// hits, those of depth n's chunks in chunk order; complete says every chunk
// was searched, so that the depth is exhaustive. Each hit is checked
// against the cube as Search checks its own.
func Settle(cfg Config, known *Result, n int, hits []Hit, complete bool) (*Result, error) {
	s, err := continueFrom(cfg, known, n)
	if err != nil {
		return nil, err
	}
	before := s.found
	st := DepthStats{Depth: n}
	for _, c := range s.chunks(n) {
		st.Planned += c.probes
	}
	for i, h := range hits {
		if i > 0 && h.Chunk < hits[i-1].Chunk {
			return nil, fmt.Errorf("upperface: hits out of chunk order (%d after %d)", h.Chunk, hits[i-1].Chunk)
		}
		if s.res.Upper[h.Un] >= 0 {
			continue
		}
		if err := s.recordJoin(n, h.Un, h.Word); err != nil {
			return nil, err
		}
	}
	st.Found = s.found - before
	st.Exhaustive = complete || s.found == NPositions
	if complete {
		st.Probes = st.Planned
	}
	s.res.Depths = append(s.res.Depths, st)
	if st.Exhaustive {
		s.res.Exhaustive = n
	}
	s.res.boundUnfound()
	return s.res, nil
}
