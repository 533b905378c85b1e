package enumerate

import (
	"context"
	"math/big"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cubecensus/cubecensus/cube"
)

// BruteForce enumerates every canonical sequence of the automaton up to
// length maxLen by depth-first search, applying each to a real cube (relative
// to the centers, so slice turns are judged as the slice-turn metric needs).
//
// It is the slow, obviously-correct counterpart of Counts: the number of
// sequences of each length must equal q_n. It also records the position
// each sequence reaches; the positions first reached at length d are exactly
// those at distance d, because every position has an optimal sequence in
// canonical form.
//
// Work is split by first move; each first move's share of every length is
// known in advance from the automaton, so each worker writes its keys into a
// fixed range and the result does not depend on the number of workers.
type BruteResult struct {
	Set       cube.MoveSet
	MaxLen    int
	Sequences []uint64 // canonical sequences of each length, as counted by the walk
	Positions []uint64 // positions at each distance
	Elapsed   time.Duration
}

// keyBytes is the size of one cube.Key.
const keyBytes = 16

// BruteBytes estimates the memory BruteForce needs for lengths up to maxLen:
// a key for every sequence, a scratch buffer for sorting one length (which
// then holds its distinct keys), and the sorted union of the shorter lengths
// with its merged successor, each at most one key per sequence: 3 keys per
// sequence in all.
func (a *Automaton) BruteBytes(maxLen int) uint64 {
	total := new(big.Int)
	for _, x := range a.Counts(maxLen) {
		total.Add(total, x)
	}
	total.Mul(total, big.NewInt(3*keyBytes))
	if !total.IsUint64() {
		return ^uint64(0)
	}
	return total.Uint64()
}

// BruteDepth returns the greatest length whose brute-force enumeration fits
// in budget bytes (at least 0).
func (a *Automaton) BruteDepth(budget uint64, limit int) int {
	d := 0
	for d < limit && a.BruteBytes(d+1) <= budget {
		d++
	}
	return d
}

// BruteForce runs the enumeration with the given number of workers;
// progress, if not nil, is called with the number of sequences done since
// its last call. If the walk does not visit exactly the automaton's number
// of sequences of each length, Positions is left zero and Sequences tells
// the difference, for the caller's comparison with Counts to report.
func (a *Automaton) BruteForce(ctx context.Context, maxLen, workers int, progress func(int64)) (*BruteResult, error) {
	start := time.Now()
	firsts := a.firstMoves()
	// share[f][d]: sequences of length d that begin with firsts[f].
	share := make([][]uint64, len(firsts))
	expected := make([]uint64, maxLen+1)
	expected[0] = 1 // the empty sequence
	for f, m := range firsts {
		share[f] = a.countsFrom(m, maxLen)
		for d, x := range share[f] {
			expected[d] += x
		}
	}
	keys := make([][]cube.Key, maxLen+1)
	for d := range keys {
		keys[d] = make([]cube.Key, expected[d])
	}
	keys[0][0] = cube.Solved.Key()
	visited := make([]atomic.Uint64, maxLen+1)
	visited[0].Store(1)
	// offset[f][d]: where first move f's keys of length d begin.
	offset := make([][]uint64, len(firsts))
	for f := range firsts {
		offset[f] = make([]uint64, maxLen+1)
		if f > 0 {
			for d := range offset[f] {
				offset[f][d] = offset[f-1][d] + share[f-1][d]
			}
		}
	}
	cost, succ := a.successors()

	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for range max(1, workers) {
		wg.Go(func() {
			for {
				f := int(next.Add(1) - 1)
				if f >= len(firsts) {
					return
				}
				if err := ctx.Err(); err != nil {
					errs <- err
					return
				}
				w := walker{cost: &cost, next: &succ, maxLen: maxLen, keys: make([][]cube.Key, maxLen+1), visited: make([]uint64, maxLen+1), progress: progress}
				for d := range keys {
					w.keys[d] = keys[d][offset[f][d] : offset[f][d]+share[f][d]]
				}
				p := cube.NewPosition()
				w.visit(&p, firsts[f], 0)
				w.flush()
				for d, n := range w.visited {
					visited[d].Add(n)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}

	r := &BruteResult{Set: a.Set, MaxLen: maxLen, Sequences: make([]uint64, maxLen+1), Positions: make([]uint64, maxLen+1)}
	for d := range visited {
		r.Sequences[d] = visited[d].Load()
		if r.Sequences[d] != expected[d] {
			// The walk and the automaton disagree; the key ranges are
			// meaningless, so report the counts and no positions.
			r.Elapsed = time.Since(start)
			return r, nil
		}
	}
	var seen []cube.Key // every position at distance < d, sorted
	for d := range keys {
		level := sortUnique(keys[d], workers)
		keys[d] = nil
		fresh := 0
		seen, fresh = mergeCount(seen, level, d < maxLen)
		r.Positions[d] = uint64(fresh)
	}
	r.Elapsed = time.Since(start)
	return r, nil
}

// firstMoves lists the moves of the set in automaton order.
func (a *Automaton) firstMoves() []cube.Move {
	var ms []cube.Move
	for i, m := range a.Move {
		if a.First[i] {
			ms = append(ms, m)
		}
	}
	return ms
}

// countsFrom returns, for each length up to maxLen, the number of canonical
// sequences that begin with m.
func (a *Automaton) countsFrom(m cube.Move, maxLen int) []uint64 {
	out := make([]uint64, maxLen+1)
	v := a.start(func(x cube.Move) bool { return x == m })
	for n := 1; n <= maxLen; n++ {
		out[n] = a.finished(v).Uint64()
		v = a.step(v, all)
	}
	return out
}

// successors tabulates, for the hot loop, each move's cost and the moves
// that may follow it in a canonical sequence.
func (a *Automaton) successors() (cost [cube.NMoves]int, next [cube.NMoves][]cube.Move) {
	for _, m := range a.Set.Moves {
		cost[m] = a.Set.Cost(m)
		for _, n := range a.Set.Moves {
			if a.Set.CanFollow(m, n) {
				next[m] = append(next[m], n)
			}
		}
	}
	return cost, next
}

// walker is one worker's depth-first search.
type walker struct {
	cost     *[cube.NMoves]int
	next     *[cube.NMoves][]cube.Move
	maxLen   int
	keys     [][]cube.Key // this first move's range of each length
	visited  []uint64     // sequences walked, per length
	progress func(int64)
	pending  int64
}

// visit applies m to p (a sequence of length cost so far) and recurses.
func (w *walker) visit(p *cube.Position, m cube.Move, cost int) {
	cost += w.cost[m]
	if cost > w.maxLen {
		return
	}
	q := *p
	q.Apply(m)
	if i := w.visited[cost]; i < uint64(len(w.keys[cost])) {
		w.keys[cost][i] = q.Cube.Key()
	}
	w.visited[cost]++
	if w.pending++; w.pending == 1<<16 {
		w.flush()
	}
	for _, n := range w.next[m] {
		w.visit(&q, n, cost)
	}
}

func (w *walker) flush() {
	if w.progress != nil && w.pending > 0 {
		w.progress(w.pending)
	}
	w.pending = 0
}

// sortUnique sorts keys in chunks, one per worker, each by radixSort with
// its share of one scratch buffer, then merges the chunks into the scratch
// buffer, dropping repeats; it returns the distinct keys, sorted. keys is
// left in an unspecified order.
func sortUnique(keys []cube.Key, workers int) []cube.Key {
	scratch := make([]cube.Key, len(keys))
	chunks := splitChunks(keys, max(1, workers))
	var wg sync.WaitGroup
	off := 0
	for _, c := range chunks {
		buf := scratch[off : off+len(c)]
		off += len(c)
		wg.Go(func() { radixSort(c, buf) })
	}
	wg.Wait()
	return mergeUnique(scratch[:0], chunks)
}

func splitChunks(keys []cube.Key, n int) [][]cube.Key {
	var out [][]cube.Key
	size := (len(keys) + n - 1) / n
	for len(keys) > 0 {
		k := min(size, len(keys))
		out = append(out, keys[:k])
		keys = keys[k:]
	}
	return out
}

// mergeUnique appends to out the merge of the sorted chunks, dropping
// repeats; out must not overlap the chunks.
func mergeUnique(out []cube.Key, chunks [][]cube.Key) []cube.Key {
	for {
		best := -1
		for i, c := range chunks {
			if len(c) > 0 && (best < 0 || c[0].Compare(chunks[best][0]) < 0) {
				best = i
			}
		}
		if best < 0 {
			return slices.Clip(out)
		}
		k := chunks[best][0]
		chunks[best] = chunks[best][1:]
		if len(out) == 0 || out[len(out)-1] != k {
			out = append(out, k)
		}
	}
}

// mergeCount counts the keys of level not in seen (both sorted, distinct)
// and, if keep, returns seen merged with level.
func mergeCount(seen, level []cube.Key, keep bool) ([]cube.Key, int) {
	var merged []cube.Key
	if keep {
		merged = make([]cube.Key, 0, len(seen)+len(level))
	}
	fresh := 0
	i, j := 0, 0
	for i < len(seen) || j < len(level) {
		switch {
		case j == len(level) || i < len(seen) && seen[i].Compare(level[j]) < 0:
			if keep {
				merged = append(merged, seen[i])
			}
			i++
		case i == len(seen) || level[j].Compare(seen[i]) < 0:
			fresh++
			if keep {
				merged = append(merged, level[j])
			}
			j++
		default: // equal: seen at a shorter length
			if keep {
				merged = append(merged, seen[i])
			}
			i++
			j++
		}
	}
	return merged, fresh
}
