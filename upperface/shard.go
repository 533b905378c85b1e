package upperface

import (
	"context"
	"fmt"
	"slices"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
)

// Sharding one depth (scale-out, pipelines/parts.go): given what is known
// before depth n, the chunks of depth n are independent, so any of
// them can be searched anywhere (SearchPart) and the hits of all parts,
// concatenated in chunk order, settle the depth as one search would have
// (Settle): the U closure first, then each hit in chunk order, the first
// hit of a position (and its images) recording it.

// Hit is a word of cost n that a chunk of depth n joined, reaching a
// position (State: its un) not known before the depth.
type Hit = meet.Hit

// ChunkPlan is one chunk of a depth: the prefix its words begin with and
// the probes its search makes.
type ChunkPlan struct {
	Prefix cube.Word
	Probes int64
}

// Chunks returns the chunks of depth n of cfg's search, in search order.
func Chunks(cfg Config, n int) []ChunkPlan {
	var out []ChunkPlan
	for _, c := range newSearcher(cfg).chunks(n) {
		out = append(out, ChunkPlan{c.word, c.probes})
	}
	return out
}

// Through returns the state r's search reached after depth n (r must be
// exhaustive through n): the positions at a distance within n with their
// maneuvers, every other one unfound with lower bound n+1. Bounds from
// other metrics, from products and from a partly searched depth are
// dropped, so that a search continued from it (SearchPart, Settle) goes
// as the uninterrupted one went.
func (r *Result) Through(n int) (*Result, error) {
	if n > r.Exhaustive {
		return nil, fmt.Errorf("upperface: the %s result is exhaustive through %d, not %d", r.Metric, r.Exhaustive, n)
	}
	out := NewResult(r.Metric)
	out.Exhaustive, out.StoredDepth, out.StoredEntries = n, r.StoredDepth, r.StoredEntries
	for _, st := range r.Depths {
		if st.Depth <= n {
			out.Depths = append(out.Depths, st)
		}
	}
	for un := range NPositions {
		if r.Exact(un) && r.Upper[un] >= 0 && r.Upper[un] <= n {
			out.Lower[un], out.Upper[un], out.Word[un] = r.Lower[un], r.Upper[un], r.Word[un]
		} else {
			out.Lower[un] = n + 1
		}
	}
	return out, nil
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
	s.found = s.res.Reached()
	s.deepest = n
	s.closeUnderU(n)
	return s, nil
}

// SearchPart searches some chunks of depth n, continuing known (a result
// exhaustive through n-1): pick is given the prefixes of the depth's
// chunks, in search order, and returns the chunks to search, in order; done
// is called after each, in that order. The stored side is built only if
// there is a chunk to search.
func SearchPart(ctx context.Context, cfg Config, known *Result, n int, pick func(prefixes []cube.Word) ([]int, error), done func(meet.ChunkDone) error) error {
	s, err := continueFrom(cfg, known, n)
	if err != nil {
		return err
	}
	chunks := s.chunks(n)
	part := meet.Part[chunkHits]{Prefixes: make([]cube.Word, len(chunks))}
	for i := range chunks {
		part.Prefixes[i] = chunks[i].word
	}
	search := s.workers(n, chunks)
	part.NewWorker = func() func(int) chunkHits {
		w := search()
		return func(i int) chunkHits { return chunkHits{w(i), chunks[i].probes} }
	}
	part.Done = func(r chunkHits) meet.ChunkDone {
		d := meet.ChunkDone{Probes: r.probes, Hits: make([]Hit, len(r.hits))}
		for j, h := range r.hits {
			d.Hits[j] = Hit{State: int(h.un), Word: cube.Concat(h.prefix, h.stored.Word().Inverse())}
		}
		return d
	}
	return part.Search(ctx, cfg.Workers, pick, func() error { return s.buildTable(ctx) }, done)
}

// chunkHits is a chunk's hits and probes.
type chunkHits struct {
	hits   []hit
	probes int64
}

// Settle continues known (exhaustive through n-1) through depth n with
// hits, those of depth n's chunks (a chunk's in the order it met them;
// Settle takes the chunks in order); complete says every chunk
// was searched, so that the depth is exhaustive. Each hit is checked
// against the cube as Search checks its own.
func Settle(cfg Config, known *Result, n int, hits []Hit, complete bool) (*Result, error) {
	s, err := continueFrom(cfg, known, n)
	if err != nil {
		return nil, err
	}
	before := s.found
	chunks := s.chunks(n)
	st := DepthStats{Depth: n, Chunks: len(chunks)}
	for _, c := range chunks {
		st.Planned += c.probes
	}
	for _, h := range meet.InChunkOrder(hits) {
		if h.State < 0 || h.State >= NPositions {
			return nil, fmt.Errorf("upperface: a hit of un %d, outside 0 to %d", h.State, NPositions-1)
		}
		if s.res.Upper[h.State] >= 0 {
			continue
		}
		if err := s.recordJoin(n, int32(h.State), h.Word); err != nil {
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
