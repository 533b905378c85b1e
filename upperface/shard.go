package upperface

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
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
// dropped, so that a search continued from it (SearchChunks, Settle) goes
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

// Fingerprint names the distances r holds (its metric, exhaustive depth
// and every position's lower bound, which is the distance where known), so
// that the shards of a depth and the run settling it can check that they
// continue the same state. Maneuvers are left out: they depend on the
// stored depth, the distances do not.
func (r *Result) Fingerprint() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s exhaustive %d\n", r.Metric, r.Exhaustive)
	buf := make([]byte, 0, 2*NPositions)
	for un := range NPositions {
		buf = binary.LittleEndian.AppendUint16(buf, uint16(r.Lower[un]))
		if r.Upper[un] != r.Lower[un] {
			buf[len(buf)-2] |= 0x80 // unfound: the bound, not a distance
		}
	}
	h.Write(buf)
	return hex.EncodeToString(h.Sum(nil))
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
// result exhaustive through n-1), and hands each chunk's hits to each, in
// chunk order; an error from each stops the search.
func SearchChunks(ctx context.Context, cfg Config, known *Result, n, lo, hi int, each func(chunk int, hits []Hit) error) error {
	s, err := continueFrom(cfg, known, n)
	if err != nil {
		return err
	}
	chunks := s.chunks(n)
	if lo < 0 || hi > len(chunks) || lo > hi {
		return fmt.Errorf("upperface: chunks %d to %d of depth %d, which has %d", lo, hi-1, n, len(chunks))
	}
	if err := s.buildTable(ctx); err != nil {
		return err
	}
	foundBefore := make([]bool, NPositions) // the prober's known: found before the chunks, the U closure included
	for un, u := range s.res.Upper {
		foundBefore[un] = u >= 0
	}
	newWorker := func(int) func(int) []hit {
		p := &prober{s: s, n: n, known: foundBefore, word: make(cube.Word, 0, 32)}
		return func(i int) []hit {
			p.hits, p.probes = nil, 0
			p.run(&chunks[i])
			if p.probes != chunks[i].probes {
				panic(fmt.Sprintf("upperface: chunk %v made %d probes, planned %d", chunks[i].word, p.probes, chunks[i].probes))
			}
			return p.hits
		}
	}
	merge := func(i int, hits []hit) (bool, error) {
		out := make([]Hit, len(hits))
		for j, h := range hits {
			out[j] = Hit{Chunk: i, Un: h.un, Word: cube.Concat(h.prefix, h.stored.Word().Inverse())}
		}
		return true, each(i, out)
	}
	_, err = parallel.Ordered(ctx, lo, hi, cfg.Workers, newWorker, merge)
	return err
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
