package cosets

import (
	"context"
	"sync"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
	"github.com/cubecensus/cubecensus/solver"
)

// The coset solver (seed 002, section 6). The coset of a representative r
// is H·r, the positions h·r for h in H. A sequence s with r·s = h in H
// solves the position h^-1·r of the coset, and only that one, so the
// bitmap of H holds a bit per position of the coset: bit h set means
// h^-1·r has been solved, by a sequence of at most the depth searched.
//
// Depth d of the coset is the bitmap of depth d-1 extended by the moves of
// A (the prepass: a solution of d-1 moves followed by a move of A is one of
// d moves), then the search: every canonical sequence of exactly d moves
// that takes r into H and ends in a quarter turn of F, R, B or L, pruned by
// the distance of each coset from H (solver.CosetTable). Every shortest
// solution of a position either ends in a move of A, and the prepass finds
// it, or is (as a canonical sequence, which sorts only the moves of one
// axis among themselves) one the search makes: so after depth d the bitmap
// holds exactly the positions within d moves.

// CosetBytes is the memory SolveCoset needs besides the coset table: two
// bitmaps, the one being extended and the extension.
const CosetBytes = 2 * BitmapBytes

// CosetLevels is what SolveCoset found.
type CosetLevels struct {
	// Positions[d] is the number of positions of the coset at distance d.
	Positions []int64
	// Probes[d] is the number of sequences of depth d's search that ended
	// in H (each sets one bit, new or not).
	Probes []int64
}

// SolveCoset counts the positions of the coset of r at each distance from
// solved, through maxDepth, with the coset table in HTM.
func SolveCoset(ctx context.Context, r cube.Cube, table *solver.CosetTable, maxDepth, workers int) (CosetLevels, error) {
	levels, _, err := solveCoset(ctx, r, table, maxDepth, workers)
	return levels, err
}

// solveCoset is SolveCoset, returning also the bitmap of the positions
// within the last depth searched.
func solveCoset(ctx context.Context, r cube.Cube, table *solver.CosetTable, maxDepth, workers int) (CosetLevels, *Bitmap, error) {
	var out CosetLevels
	within, next := NewBitmap(), NewBitmap()
	var total int64
	for d := 0; d <= maxDepth; d++ {
		if err := ctx.Err(); err != nil {
			return out, within, err
		}
		if d > 0 {
			parallel.For(NCornerPerms, workers, func(int) func(int) {
				return func(p int) { extendPage(next, within, p) }
			})
			within, next = next, within
		}
		probes, err := searchCoset(ctx, r, table, d, within, workers)
		if err != nil {
			return out, within, err
		}
		n := within.Count()
		out.Positions = append(out.Positions, n-total)
		out.Probes = append(out.Probes, probes)
		total = n
		if total == HSize {
			break
		}
	}
	return out, within, nil
}

// searchCoset sets in bm the bit of r·s for every canonical sequence s of
// exactly d face turns that takes r into H and ends in a move not in A (or,
// for d = 0, r itself when it lies in H), but for the short detours that
// needed skips (their positions are in bm already, once depth d's prepass
// has run), and returns how many it found. It carries the position as
// permutation coordinates (search.go), not as a cube.
// The sequences are cut into subtrees by their first two moves, searched
// on workers goroutines; each collects its positions and sets them in
// batches under a lock.
func searchCoset(ctx context.Context, r cube.Cube, table *solver.CosetTable, d int, bm *Bitmap, workers int) (int64, error) {
	if d == 0 {
		if InH(&r) {
			bm.Set(CoordOf(&r))
			return 1, nil
		}
		return 0, nil
	}
	var roots [][]cube.Move
	for a := range cube.Move(cube.NFaceMoves) {
		if d == 1 {
			roots = append(roots, []cube.Move{a})
			continue
		}
		for b := range cube.Move(cube.NFaceMoves) {
			if cube.CanFollow(a, b) {
				roots = append(roots, []cube.Move{a, b})
			}
		}
	}
	var mu sync.Mutex
	var found int64
	flush := func(batch []Coord) {
		mu.Lock()
		for _, x := range batch {
			bm.Set(x)
		}
		found += int64(len(batch))
		mu.Unlock()
	}
	start, startPerm := solver.CosetOf(&r), permOf(&r)
	parallel.For(len(roots), workers, func(int) func(int) {
		w := &cosetSearch{table: table, flush: flush}
		return func(i int) {
			if ctx.Err() != nil {
				return
			}
			p, x := startPerm, start
			for _, m := range roots[i] {
				p = permMoves.move(p, m)
				x = table.Move(x, m)
			}
			last, left := roots[i][len(roots[i])-1], d-len(roots[i])
			switch {
			case left == 0:
				if x == (solver.Coset{}) && !inA(last) {
					w.mark(p)
				}
			case needed(left, table.Distance(x)):
				w.search(p, x, last, left)
			}
			w.flush(w.batch)
			w.batch = w.batch[:0]
		}
	})
	return found, ctx.Err()
}

// cosetSearch is one worker's depth-first search.
type cosetSearch struct {
	table *solver.CosetTable
	batch []Coord
	flush func([]Coord)
}

// outsideA is the mask of the face turns not in A, the quarter turns of F,
// R, B and L: the last move of every sequence the search marks.
var outsideA = func() (mask uint32) {
	for m := range cube.Move(cube.NFaceMoves) {
		if !inA(m) {
			mask |= 1 << m
		}
	}
	return mask
}()

// search continues from position p in coset x, whose last move was last,
// with left > 0 moves to go; x is within left moves of H (the caller
// looked).
func (w *cosetSearch) search(p perm, x solver.Coset, last cube.Move, left int) {
	moves := permMoves.nextMoves(last)
	if left == 1 {
		// The last move leaves A's moves to the prepass: a quarter turn of
		// F, R, B or L that enters H.
		for moves &= outsideA; moves != 0; {
			m := popMove(&moves)
			if w.table.Move(x, m) == (solver.Coset{}) {
				w.mark(permMoves.move(p, m))
			}
		}
		return
	}
	for moves != 0 {
		m := popMove(&moves)
		y := w.table.Move(x, m)
		if needed(left-1, w.table.Distance(y)) {
			w.search(permMoves.move(p, m), y, m, left-1)
		}
	}
}

// mark records the position of H that p is.
func (w *cosetSearch) mark(p perm) {
	w.batch = append(w.batch, permMoves.coord(p))
	if len(w.batch) >= 1<<16 {
		w.flush(w.batch)
		w.batch = w.batch[:0]
	}
}

// needed reports whether the search must go on from a coset at distance
// n from H with togo moves left (seed 002's coset solver, hcoset's
// search): beyond n <= togo, the search skips short detours, n < togo
// with n + togo < 5: every sequence such a node would end with, a tail of
// togo moves into H ending outside A, is as an element a shorter sequence
// or one of togo moves ending in a move of A (TestShortDetours checks all
// of them), so that the position is in the bitmap already, from an
// earlier depth or from this depth's prepass.
func needed(togo, n int) bool {
	return n == togo || n < togo && n+togo >= shortDetour
}

// shortDetour bounds the tails needed skips.
const shortDetour = 5
