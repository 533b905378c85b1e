package centers

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/meet"
)

// Scale-out. A depth too long for one machine (QTM's 26 searched to its
// end: about 80 hours on 2 cores) is searched in parts: SearchPart searches some of the depth's
// chunks, anywhere, and Settle takes the hits of all of them to the result
// the whole depth's search gives. The chunks are the whole search's (cut by
// the corners' table alone, so the same wherever they are cut), and Settle
// records the hits in chunk order, as the whole search merges them, so the
// maneuvers it keeps are the same too (TestPartsSettle).

// Hit is a relation met at a depth: it costs the depth, its state (State:
// its Index) was not known before the depth, and chunk Chunk of the depth
// met it.
type Hit = meet.Hit

// NextDepth is the depth a search continued from start searches first:
// the one after its exhaustive depth, or in QTM the next even one.
func NextDepth(m cube.Metric, start *Start) int { return firstOpen(m, start.Exhaustive) }

// SearchPart searches some chunks of depth NextDepth(cfg.Metric, cfg.Start)
// of the search cfg continues. pick is given the prefixes of the depth's
// chunks, in search order, and returns the chunks to search, in order;
// done is called after each, in that order. Budget, MaxDepth, Resume and Checkpoint are not used: a
// part's checkpoint is its caller's, who picks the chunks not done yet.
// The stored side is built only if there is a chunk to search.
func SearchPart(ctx context.Context, cfg Config, pick func(prefixes []cube.Word) ([]int, error), done func(meet.ChunkDone) error) error {
	s, n, err := continued(cfg)
	if err != nil {
		return err
	}
	if s.found == NStates {
		return fmt.Errorf("centers: the start knows every %s distance: no depth is left to search", cfg.Metric)
	}
	if _, err := s.preparePrune(ctx, n); err != nil {
		return err
	}
	chunks := s.chunks(n)
	part := meet.Part[chunkResult]{Prefixes: make([]cube.Word, len(chunks)), NewWorker: s.workers(n, chunks)}
	for i := range chunks {
		part.Prefixes[i] = chunks[i].word()
	}
	part.Done = func(r chunkResult) meet.ChunkDone {
		d := meet.ChunkDone{Probes: r.probes, Nodes: r.nodes}
		for _, h := range r.hits {
			d.Hits = append(d.Hits, Hit{State: h.state.Index(), Word: h.relation})
		}
		return d
	}
	return part.Search(ctx, cfg.Workers, pick, func() error { return s.buildTable(ctx) }, done)
}

// Settle returns the result of the search cfg continues (cfg.Start) once
// its next depth has been searched in parts, given the hits of them all:
// what Search returns with MaxDepth that depth, but for the depth's probes
// and nodes, which the parts counted. Every hit is checked (it must solve
// the cubies, give its state and cost the depth); a chunk's hits must be
// given in the order it met them.
func Settle(cfg Config, hits []Hit) (*Result, error) {
	s, n, err := continued(cfg)
	if err != nil {
		return nil, err
	}
	if n > cfg.Start.Exhaustive+1 {
		s.res.Depths = append(s.res.Depths, DepthStats{Depth: n - 1, Exhaustive: true, ByParity: true, Open: NStates - s.found})
	}
	foundBefore := s.found
	for _, h := range meet.InChunkOrder(hits) {
		if h.State < 0 || h.State >= NStates {
			return nil, fmt.Errorf("centers: a hit of state index %d, outside 0 to %d", h.State, NStates-1)
		}
		if err := s.mergeHits(n, []hit{{FromIndex(h.State), h.Word}}); err != nil {
			return nil, err
		}
	}
	s.res.Depths = append(s.res.Depths, DepthStats{Depth: n, Found: s.found - foundBefore, Exhaustive: true, Open: NStates - foundBefore})
	s.res.Exhaustive = n
	s.keepBounds(cfg.Start.Bounds)
	s.res.bound()
	return s.res, nil
}

// continued is a searcher holding what cfg.Start proved, and the depth it
// searches next.
func continued(cfg Config) (*searcher, int, error) {
	if cfg.Start == nil {
		return nil, 0, fmt.Errorf("centers: a depth searched in parts continues a search: the config has no Start")
	}
	if err := checkStoredDepth(cfg.StoredDepth); err != nil {
		return nil, 0, err
	}
	s := newSearcher(cfg)
	s.record(Solved, 0, cube.Word{})
	if err := s.start(cfg.Start); err != nil {
		return nil, 0, err
	}
	return s, NextDepth(cfg.Metric, cfg.Start), nil
}

// Fingerprint names what st proves in metric m (its exhaustive depth and
// every known state's distance), so that the parts of a depth and the run
// settling it can check that they continue one start. Maneuvers are left
// out: they decide no probe, only which relation is kept.
func (st *Start) Fingerprint(m cube.Metric) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s exhaustive %d\n", m, st.Exhaustive)
	for _, s := range States {
		if w, ok := st.Known[s]; ok {
			fmt.Fprintf(h, "%d %d\n", s, w.Cost(m))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
