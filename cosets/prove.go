package cosets

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"sync"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
	"github.com/cubecensus/cubecensus/solver"
)

// Plan says how Prove treats a coset (seed 002, section 7: a search to
// depth 15 or 16, then prepasses to 20).
type Plan struct {
	// SearchDepth is the last depth searched (prepass and search).
	SearchDepth int
	// Partial, if set, searches depth SearchDepth+1 after its prepass
	// until the coset has partialGoal positions (seed 002, section 7: the
	// cosets a search to 15 leaves with too many positions for the
	// two-phase solver get a partial search to 16).
	Partial bool
	// Bound is the last depth of prepasses alone; the positions they leave
	// go to the two-phase solver, limited to Bound moves.
	Bound int
	// SearchBelow, if positive, stops the searches once the coset has that
	// many positions found: near H the search would take hours where the
	// prepasses do the same work in seconds.
	SearchBelow int64
	// Progress, if not nil, is called after each depth with the positions
	// found so far.
	Progress func(depth int, found int64)
	// Subtrees, if not nil, is called as a depth's search finishes each of
	// its subtrees (those of its first two moves), with how many are done
	// of how many: a deep search takes minutes.
	Subtrees func(depth, done, total int)
	// Solving, if not nil, is called as the two-phase solver works through
	// the positions left: with done from 0 (before the first) to total
	// (after the last), one call at a time; a retry of the unsolved ones
	// (MetricSolver.Prove) counts from 0 again. In QTM and STM they take
	// minutes.
	Solving func(done, total int)
}

// Proof is what Prove settled about a coset.
type Proof struct {
	Plan
	// Searched is the last depth searched: Plan.SearchDepth, or less where
	// SearchBelow stopped the search.
	Searched int
	// Positions[d] is, for d <= Searched, the number of positions at
	// distance d; beyond, the number the prepass (and partial search) of
	// depth d reached first (positions within d moves, more than Searched).
	Positions []int64
	// Probes[d] is the number of sequences of depth d's search that ended
	// in H (CosetLevels.Probes).
	Probes []int64
	// PrepassSeconds[d] and SearchSeconds[d] are what depth d's prepass
	// and search took; TwoPhaseSeconds what the positions left took.
	PrepassSeconds, SearchSeconds []float64
	TwoPhaseSeconds               float64
	// Left is the number of positions the prepasses left, each handed to
	// the two-phase solver with a limit of Bound moves.
	Left int64
	// Unsolved are the positions of Left the two-phase solver did not
	// solve within Bound moves (and its node budget, if any): the coset is
	// proven within Bound only when there are none. In QTM and STM
	// (MetricSolver.Prove) it lists the first of them, and Unlisted counts
	// the others.
	Unsolved []cube.Cube
	Unlisted int64
}

// Proven reports whether every position of the coset is within Bound.
func (p *Proof) Proven() bool { return len(p.Unsolved) == 0 && p.Unlisted == 0 }

// UnsolvedCount is the number of positions not proven within Bound.
func (p *Proof) UnsolvedCount() int64 { return int64(len(p.Unsolved)) + p.Unlisted }

// Prove shows that every position of the coset of r is within plan.Bound
// moves, or reports those it could not: seed 002's coset solver in proof
// mode. It searches to plan.SearchDepth, runs prepasses alone up to
// plan.Bound (or until every position is found), and solves the positions
// still missing one by one with the two-phase solver.
func (s *CosetSolver) Prove(ctx context.Context, r cube.Cube, plan Plan) (Proof, error) {
	p := Proof{Plan: plan, Searched: -1}
	run := s.newRun(r)
	run.subtrees = plan.Subtrees
	var left []Coord // the positions not found, once the last level is
	leftKnown := false
	for d := 0; d <= plan.Bound && run.total < HSize; d++ {
		how := noSearch
		searching := d == p.Searched+1 && (plan.SearchBelow <= 0 || run.total < plan.SearchBelow)
		switch {
		case searching && d <= plan.SearchDepth:
			how = fullSearch
		case searching && d == plan.SearchDepth+1 && plan.Partial:
			how = partialSearch
		}
		var err error
		if d == plan.Bound && how == noSearch && r != cube.Solved {
			left, err = run.lastPrepass(ctx)
			leftKnown = true
		} else {
			err = run.level(ctx, d, how)
		}
		if err != nil {
			return p, err
		}
		if how == fullSearch {
			p.Searched = d
		}
		if plan.Progress != nil {
			plan.Progress(d, run.total)
		}
	}
	p.Positions, p.Probes = run.levels.Positions, run.levels.Probes
	p.PrepassSeconds, p.SearchSeconds = run.levels.PrepassSeconds, run.levels.SearchSeconds
	start := time.Now()
	if !leftKnown {
		left = missing(s.bm)
	}
	p.Left = int64(len(left))
	if p.Left > 0 && s.two == nil {
		return p, errors.New("cosets: positions left and no two-phase solver to solve them")
	}
	var err error
	p.Unsolved, err = solveLeft(ctx, left, r, s.two, cube.HTM, plan.Bound, s.workers, plan.Solving)
	p.TwoPhaseSeconds = time.Since(start).Seconds()
	return p, err
}

// lastPrepass records the proof's last level, a prepass alone, and
// returns the positions it leaves: those neither in the bitmap nor one
// move of A from a position in it. It leaves the bitmap as it was, since
// nothing reads the level after it (missingAfterExtend).
func (c *cosetRun) lastPrepass(ctx context.Context) ([]Coord, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	start := time.Now()
	left := missingAfterExtend(c.bm, c.workers)
	c.record(HSize-int64(len(left)), 0, time.Since(start), 0)
	return left, nil
}

// solveLeft solves the coset's positions named by left (position h^-1·r
// for h in left) with the two-phase solver within bound moves of metric
// m, on workers goroutines, and returns those it could not solve, in
// left's order; report, if not nil, is Plan.Solving.
func solveLeft(ctx context.Context, left []Coord, r cube.Cube, two *solver.Solver, m cube.Metric, bound, workers int, report func(done, total int)) ([]cube.Cube, error) {
	positions := make([]cube.Cube, len(left))
	for i, h := range left {
		positions[i] = cosetPosition(h, r)
	}
	return solvePositions(ctx, positions, two, m, bound, workers, report)
}

// solvePositions is solveLeft on the positions themselves.
func solvePositions(ctx context.Context, positions []cube.Cube, two *solver.Solver, m cube.Metric, bound, workers int, report func(done, total int)) ([]cube.Cube, error) {
	solved := make([]bool, len(positions))
	var mu sync.Mutex
	var failure error
	done := 0
	if report != nil && len(positions) > 0 {
		report(0, len(positions))
	}
	parallel.For(len(positions), workers, func(int) func(int) {
		return func(i int) {
			if ctx.Err() != nil {
				return
			}
			_, err := two.FindIn(positions[i], m, bound)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				solved[i] = true
			case !errors.Is(err, solver.ErrNoSolution) && !errors.Is(err, solver.ErrBudget):
				failure = err
			}
			if done++; report != nil {
				report(done, len(positions))
			}
		}
	})
	if failure != nil {
		return nil, failure
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var unsolved []cube.Cube
	for i, ok := range solved {
		if !ok {
			unsolved = append(unsolved, positions[i])
		}
	}
	return unsolved, nil
}

// missing returns the positions not in bm (bit h clear: the coset's
// position h^-1·r is not solved), page by page.
func missing(bm *Bitmap) []Coord { return missingUpTo(bm, math.MaxInt) }

// cosetPosition returns the position of the coset of r that h's bit
// stands for: h^-1·r.
func cosetPosition(h Coord, r cube.Cube) cube.Cube {
	return cube.Times(cube.Inverse(h.Cube()), r)
}

// missingUpTo returns the first n positions not in bm (or all, if fewer),
// page by page.
func missingUpTo(bm *Bitmap, n int) []Coord {
	var out []Coord
	for p := 0; p < NCornerPerms && len(out) < n; p++ {
		out = missingInPage(bm.page(p), p, out)
	}
	return out[:min(n, len(out))]
}

// missingInPage appends to out the positions of page p whose bits are
// clear.
func missingInPage(page []byte, p int, out []Coord) []Coord {
	from := pageStart(page)
	for row := range nRows {
		if clear := ^loadRow(from, uint16(row)) & rowMask; clear != 0 {
			out = appendPositions(out, p, row, clear)
		}
	}
	return out
}

// appendPositions appends to out the positions of page p and row row
// whose bits are set in set.
func appendPositions(out []Coord, p, row int, set uint32) []Coord {
	for ; set != 0; set &= set - 1 {
		out = append(out, At(p, row, bits.TrailingZeros32(set)))
	}
	return out
}

// missingAfterExtend returns the positions that a prepass of bm would
// leave missing, page by page, without running it. Late in a coset nearly
// every clear bit is filled by the first move of A tried, so this does
// about a tenth of the prepass's work, and writes nothing.
func missingAfterExtend(bm *Bitmap, workers int) []Coord {
	perPage := make([][]Coord, NCornerPerms)
	parallel.For(NCornerPerms, workers, func(int) func(int) {
		var w openRows
		return func(p int) { perPage[p] = w.missingAfterExtend(bm, p) }
	})
	var out []Coord
	for _, page := range perPage {
		out = append(out, page...)
	}
	return out
}

// openRows lists rows of a page with their clear bits, rows[:n] and
// clear[:n].
type openRows struct {
	rows  [nRows]uint16
	clear [nRows]uint32
	n     int
}

// keep appends row t with clear bits c if there are any. Rows are listed
// without a branch on c, which is a coin toss late in a coset.
func (o *openRows) keep(t uint16, c uint32) {
	o.rows[o.n], o.clear[o.n] = t, c
	o.n += int((c | -c) >> 31) // 1 unless c is 0
}

// missingAfterExtend is missingAfterExtend's work for page p: it lists
// the rows not full with their clear bits, then, a move of A at a time,
// clears the bits the move fills and drops the rows left with none.
func (o *openRows) missingAfterExtend(bm *Bitmap, p int) []Coord {
	self := pageStart(bm.page(p))
	o.n = 0
	for t := range uint16(nRows) {
		o.keep(t, ^loadRow(self, t)&rowMask)
	}
	var sources [NMoves]source
	for _, s := range sources[:sourcesOf(bm, p, &sources)] {
		back, n := s.back(), o.n
		o.n = 0
		for j := range n {
			t := o.rows[j]
			o.keep(t, o.clear[j]&^s.moved(loadRow(s.from, back[t])))
		}
	}
	var out []Coord
	for j := range o.n {
		out = appendPositions(out, p, int(o.rows[j]), o.clear[j])
	}
	return out
}
