package cosets

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
	"unsafe"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
	"github.com/cubecensus/cubecensus/solver"
)

// The coset solver in any metric: seed 002's bitmap of a coset grown a
// depth at a time (section 6; coset.go), with the census's search
// (census.go), whose moves are the axis moves with the metric's costs, in
// place of the HTM solver's. Depth L of the coset is
//
//	S(L) = S(L-1) ∪ e·S(L-cost(e)) for each axis move e in H ∪ search(L)
//
// where search(L) marks the positions that the words of cost exactly L
// from the representative into H, ending outside H, reach (the census's
// argument: a shortest word of a position at distance L either ends in an
// axis move of H, which the prepass applies, or is one the search makes).
// In HTM and STM every axis move of H needed costs 1 (HTM's are A's ten
// moves; STM's are those and the five slice turns U D', U2 D2, U' D,
// R2 L2 and F2 B2); in QTM the quarter turns of U and D cost 1 and the
// half turns R2, L2, F2 and B2 cost 2, so a QTM prepass reads the bitmap
// of depth L-2 as well as that of L-1. On the trivial coset a level also
// takes the inverses of its prepass's positions and searches the words
// that begin outside H only, and once H has many positions, one word of
// each orbit of its first steps under the 16 symmetries that keep H (cut
// where no symmetry keeps them; metricRoots), closing the bitmap under
// them afterwards (inverse.go, symmetry.go: the
// HTM solver's arguments hold for axis moves in any of the metrics, whose
// move sets the inverse and the symmetries keep).
//
// The solver keeps two bitmaps, those of depths L-1 and L-2, and writes
// depth L's prepass over the second, in place (rewrite.go): a target page
// reads the first bitmap's pages and, in QTM, the second's old pages one
// half turn away, which retire once every target that reads them is done
// (the pages go orbit by orbit under the half turns: 11 held apart at
// most). In HTM and STM no step reads the second bitmap, and the pass
// overwrites it page by page. Both take 2 BitmapBytes, 5.3 GiB.

// hStep is an axis move of H as a prepass applies it to the rows of a
// bitmap (bitmap.go's layout): target page p's rows come from page
// source[p], target row t from the row at byte offsets[t] there, its bits
// moved by the step's permutation of the middle edges, pre then post.
type hStep struct {
	move cube.AxisMove
	cost int
	// source[p] is the page one step before page p.
	source [NCornerPerms]uint16
	// offsets[t] is the byte offset of the row one step before row t.
	offsets [nRows]uint16
	pre     rowOp
	post    rowOp
}

// Every axis move of H moves the middle edges as the identity, a half
// turn of R, L, F or B, or R2·L2 or F2·B2 (the slice turns' elements), and
// in the middle edges' order (middleOrder) each of these is one or two of
// the prepass's row operations (bitmap.go): F2·B2 and R2·L2 exchange bits
// (f2b2Row, r2l2Row), F2 exchanges the halves (f2Row), R2 looks them up
// (r2Row), B2 is F2 after F2·B2 and L2 is R2 after R2·L2. A prepass ORs
// each step's source rows moved by its pre into one of three rows (as
// they are, for F2's post, for R2's), and applies each post once to the
// OR of its steps' rows (MetricSolver.extendPage).

// rowOp is one of the prepass's row operations (bitmap.go), or none: a
// step's pre is none, F2·B2's or R2·L2's, its post none, F2's or R2's.
type rowOp uint8

const (
	opNone rowOp = iota
	opF2B2
	opR2L2
	opF2
	opR2
)

// apply moves row v's bits by o; bits above the row's 24 are dropped.
func (o rowOp) apply(v uint32) uint32 {
	switch o {
	case opF2B2:
		return f2b2Row(v)
	case opR2L2:
		return r2l2Row(v)
	case opF2:
		return f2Row(v)
	case opR2:
		return r2Row.apply(v)
	}
	return v & rowMask
}

// moveBits returns row v's bits as the step moves them.
func (s *hStep) moveBits(v uint32) uint32 { return s.post.apply(s.pre.apply(v)) }

// newHStep makes the step of axis move e, of cost cost.
func newHStep(e cube.AxisMove, cost int) *hStep {
	s := &hStep{move: e, cost: cost}
	apply := func(c cube.Cube) Coord {
		for _, m := range e.FaceMoves() {
			c.Move(&c, m)
		}
		return CoordOf(&c)
	}
	for x := range NCornerPerms {
		s.source[apply(Coord{Corners: x}.Cube()).Corners] = uint16(x)
	}
	for r := range nRows {
		to, other := apply(Coord{Edges: 2 * r}.Cube()).Edges, apply(Coord{Edges: 2*r + 1}.Cube()).Edges
		if to/2 != other/2 {
			panic(fmt.Sprintf("cosets: %v splits a pair of edge permutations", e))
		}
		s.offsets[to/2] = uint16(r * rowBytes)
	}
	var to [NMiddlePerms]int
	for k := range NMiddlePerms {
		to[k] = apply(Coord{Middle: k}.Cube()).Middle
	}
	for _, pre := range []rowOp{opNone, opF2B2, opR2L2} {
		for _, post := range []rowOp{opNone, opF2, opR2} {
			s.pre, s.post = pre, post
			if movesAs(s, &to) {
				return s
			}
		}
	}
	panic(fmt.Sprintf("cosets: no row operations move the middle edges as %v does", e))
}

// movesAs reports whether s.moveBits takes each row bit k to bit to[k].
func movesAs(s *hStep, to *[NMiddlePerms]int) bool {
	for k, t := range to {
		if s.moveBits(1<<k) != 1<<t {
			return false
		}
	}
	return true
}

// hStepsOf returns the axis moves of H a prepass in the census's metric
// applies: those in H that are not, as elements, the product of two
// others whose costs add up to no more than theirs (HTM's U D, QTM's U2:
// the prepasses of two depths apply those).
func hStepsOf(c *Census) []*hStep {
	build() // newHStep's row operations read r2Row
	element := func(s censusStep) cube.Cube { return cube.AxisMoves[s.col].Cube() }
	var steps []*hStep
	for _, e := range c.hOnes {
		product := false
		for _, a := range c.hOnes {
			for _, b := range c.hOnes {
				product = product || a.cost+b.cost <= e.cost && cube.Times(element(a), element(b)) == element(e)
			}
		}
		if !product {
			steps = append(steps, newHStep(cube.AxisMoves[e.col], e.cost))
		}
	}
	return steps
}

// MetricSolverBytes is the memory of a MetricSolver: its two bitmaps
// (with AllowMeet, MeetBytes more).
func MetricSolverBytes() int { return 2 * BitmapBytes() }

// MetricSolver counts the positions of cosets by distance in the metric
// of its census, with dense bitmaps.
type MetricSolver struct {
	census *Census
	steps  []*hStep
	// passes groups steps for a dense prepass (metricPasses).
	passes []metricPass
	// plan is the prepass's order of pages (newMetricPlan).
	plan *passPlan
	// bms[0] holds the positions within d after depth d, bms[1] those
	// within d-1 until the next prepass rewrites it.
	bms     [2]*Bitmap
	workers int
	// symmetricFrom is metricSymmetricFrom but in tests; meetMax bounds
	// the entries of a meet in the middle (AllowMeet; 0: none); left, if
	// not nil, gives the positions a search is to look for in place of
	// those not in the bitmap (the tests').
	symmetricFrom int64
	meetMax       int64
	left          func(d int) []Coord
	// optimal, if not nil, decides a depth's few positions left
	// (DecideLeftWith).
	optimal *solver.Solver
	// Saves, if not nil, makes Levels resume from a saved state and save
	// its state as it goes (metricsave.go).
	Saves *MetricSaves
	// RootsSearched, if not nil, is told as each depth's search goes how
	// many of its roots are done, of total: a deep level of H searches
	// for hours and adds its positions only at its end.
	RootsSearched func(depth, done, total int)
	// ClassesDecided, if not nil, is told as a depth's positions left are
	// decided by the optimal solver (DecideLeftWith) how many of their
	// classes are done, of total: a class can take many minutes.
	ClassesDecided func(depth, done, total int)
}

// NewMetricSolver returns a solver in census's metric; it allocates
// MetricSolverBytes at once.
func NewMetricSolver(census *Census, workers int) *MetricSolver {
	return newMetricSolver(census, workers, func() *Bitmap { return NewDenseBitmap(workers) })
}

// NewSmallMetricSolver returns a solver whose bitmaps allocate their pages
// as they are first written, for cosets with few positions within the
// depths counted (the tests').
func NewSmallMetricSolver(census *Census, workers int) *MetricSolver {
	return newMetricSolver(census, workers, NewBitmap)
}

// newMetricSolver returns a solver with the bitmaps newBitmap makes.
func newMetricSolver(census *Census, workers int, newBitmap func() *Bitmap) *MetricSolver {
	steps := census.hSteps()
	s := &MetricSolver{census: census, steps: steps, passes: metricPasses(steps), plan: newMetricPlan(steps), workers: workers, symmetricFrom: metricSymmetricFrom}
	s.bms[0], s.bms[1] = newBitmap(), newBitmap()
	return s
}

// AllowMeet lets the solver's searches meet the positions left in the
// middle where few are left (metricmeet.go), with up to MeetBytes more
// memory.
func (s *MetricSolver) AllowMeet() { s.meetMax = meetMaxEntries }

// newMetricPlan plans the prepass's rewrite of the bitmap of depth L-2 into
// depth L: a target page reads its own old page and those one step of
// cost 2 before it, so the pages go orbit by orbit under those steps (the
// half turns' orbits of the corners' permutations), each orbit's old
// pages retiring when it is done.
func newMetricPlan(steps []*hStep) *passPlan {
	sources := func(p int) []int {
		out := []int{p}
		for _, st := range steps {
			switch st.cost {
			case 1:
			case 2:
				out = append(out, int(st.source[p]))
			default:
				panic(fmt.Sprintf("cosets: %v costs %d: a prepass reads two depths back at most", st.move, st.cost))
			}
		}
		return out
	}
	seen := make([]bool, NCornerPerms)
	var order []uint16
	for p := range NCornerPerms {
		if seen[p] {
			continue
		}
		seen[p] = true
		orbit := []int{p}
		for i := 0; i < len(orbit); i++ {
			for _, q := range sources(orbit[i]) {
				if !seen[q] {
					seen[q] = true
					orbit = append(orbit, q)
				}
			}
		}
		for _, q := range orbit {
			order = append(order, uint16(q))
		}
	}
	plan := newPassPlan(order, sources)
	if plan.spare > extendPlan.spare {
		panic("cosets: a metric's prepass holds more pages apart than the bitmap's pool has")
	}
	return plan
}

// Count returns the number of positions of coset x at each distance 0 to
// depth from solved, and the search's probes.
func (s *MetricSolver) Count(ctx context.Context, x coord.Coset, depth int) ([]int64, int64, error) {
	lv, err := s.Levels(ctx, cosetCube(x), depth, depth, nil)
	if err != nil {
		return nil, 0, err
	}
	counts := make([]int64, depth+1)
	copy(counts, lv.Positions)
	var probes int64
	for _, p := range lv.Probes {
		probes += p
	}
	return counts, probes, nil
}

// Levels counts the positions of the coset of r at each distance from
// solved through searchDepth; after it, through maxDepth or until every
// position is found, the depths have prepasses alone (Positions then
// counts the positions within each depth they reach first, a lower bound
// on those within it). progress, if not nil, is called after each depth
// with the levels so far (and at once with those a resumed run restored).
//
// With Saves, it resumes from Saves.Resume (the bitmaps holding it) and
// saves its state as it goes; the levels are those of a run from the
// start.
func (s *MetricSolver) Levels(ctx context.Context, r cube.Cube, searchDepth, maxDepth int, progress func(CosetLevels)) (CosetLevels, error) {
	var lv CosetLevels
	var total int64
	var under *DepthUnderWay
	if s.Saves != nil && s.Saves.Resume != nil {
		var err error
		if lv, total, err = s.resume(s.Saves.Resume); err != nil {
			return lv, err
		}
		under = s.Saves.Resume.Under
		if progress != nil && len(lv.Positions) > 0 {
			progress(lv)
		}
	} else {
		s.bms[0].reset(s.workers)
		s.bms[1].reset(s.workers)
	}
	saves := &savePoint{saves: s.Saves, last: time.Now()}
	x := coord.CosetOf(&r)
	dist := s.census.table.Distance(x)
	for d := len(lv.Positions); d <= maxDepth && total < HSize; d++ {
		if err := ctx.Err(); err != nil {
			return lv, err
		}
		start := time.Now()
		n, from := total, &DepthUnderWay{}
		switch {
		case under != nil:
			n, from = under.Positions, under
		case d > 0:
			n = s.prepass()
			if r == cube.Solved { // the trivial coset's other side (inverse.go)
				n = s.bms[0].closeUnderInverse(s.workers)
			}
		}
		searchStart := time.Now()
		prepassSeconds := from.PrepassSeconds + searchStart.Sub(start).Seconds()
		var probes int64
		switch {
		case d > searchDepth:
		case d == 0 && InH(&r):
			s.bms[0].Set(CoordOf(&r))
			n, probes = 1, 1
		case d > 0 && dist <= d:
			if under == nil {
				from.Prepassed = n
			}
			// Some roots searched: the depth's state so far.
			underWay := func(positions, probes int64, rootsDone []RootRange) MetricProgress {
				return MetricProgress{Levels: lv, Under: &DepthUnderWay{
					Prepassed: from.Prepassed, Positions: positions, Probes: probes, RootsDone: rootsDone,
					PrepassSeconds: prepassSeconds, SearchSeconds: from.SearchSeconds + time.Since(searchStart).Seconds(),
				}}
			}
			added, p, err := s.search(ctx, r, x, d, n, from, saves, underWay)
			if err != nil {
				return lv, err
			}
			n, probes = n+added, p
		}
		lv.Positions = append(lv.Positions, n-total)
		lv.Probes = append(lv.Probes, probes)
		lv.PrepassSeconds = append(lv.PrepassSeconds, prepassSeconds)
		lv.SearchSeconds = append(lv.SearchSeconds, from.SearchSeconds+time.Since(searchStart).Seconds())
		total, under = n, nil
		if progress != nil {
			progress(lv)
		}
		state := func() MetricProgress { return MetricProgress{Levels: lv} }
		var err error
		switch {
		case d == searchDepth:
			err = saves.now(state)
		case d < searchDepth:
			err = saves.maybe(state)
		}
		if err != nil {
			return lv, err
		}
	}
	return lv, nil
}

// Prove shows that every position of the coset of r is within plan.Bound
// in the solver's metric, or reports those it could not: searched to
// plan.SearchDepth, then prepasses alone to plan.Bound (or until every
// position is found); plan's other fields are the HTM solver's. The
// positions the prepasses leave, when there are at most MaxSolvedLeft,
// go to two's two-phase search in the metric (solver.Solver.FindIn,
// within plan.Bound and its node budget, then larger budgets for the few
// it did not solve: retries); with more, or with two nil, none is tried.
// Unsolved lists the first maxListed of those not solved (by their
// coordinates in H), Unlisted counts the others.
func (s *MetricSolver) Prove(ctx context.Context, r cube.Cube, plan Plan, two *solver.Solver, maxListed int) (Proof, error) {
	var progress func(CosetLevels)
	if plan.Progress != nil {
		progress = func(lv CosetLevels) { plan.Progress(len(lv.Positions)-1, sumLevels(lv.Positions)) }
	}
	lv, err := s.Levels(ctx, r, plan.SearchDepth, plan.Bound, progress)
	if err != nil {
		return Proof{}, err
	}
	p := Proof{
		Plan: plan, Searched: min(plan.SearchDepth, len(lv.Positions)-1), Positions: lv.Positions, Probes: lv.Probes,
		PrepassSeconds: lv.PrepassSeconds, SearchSeconds: lv.SearchSeconds,
		Left: HSize - sumLevels(lv.Positions),
	}
	switch {
	case p.Left == 0:
	case two != nil && p.Left <= MaxSolvedLeft:
		start := time.Now()
		unsolved, err := solveWithRetries(ctx, missing(s.bms[0]), r, two, s.census.table.Metric(), plan.Bound, s.workers, plan.Solving)
		if err != nil {
			return Proof{}, err
		}
		p.TwoPhaseSeconds = time.Since(start).Seconds()
		p.Unsolved = unsolved[:min(len(unsolved), maxListed)]
		p.Unlisted = int64(len(unsolved) - len(p.Unsolved))
	default:
		for _, h := range missingUpTo(s.bms[0], maxListed) {
			p.Unsolved = append(p.Unsolved, cosetPosition(h, r))
		}
		p.Unlisted = p.Left - int64(len(p.Unsolved))
	}
	return p, nil
}

// retries are the second and third tries of the positions the two-phase
// solver did not solve within its node budget, each with factor times the
// budget, when at most most are left: near the bound a few positions need
// far more search than the rest (at 18 slice turns, coset 54338795's 844
// positions left, before the solver's tails: 87 not solved within 1e7
// nodes, 2 of them not within 1e8, and both within 2e9; docs/cosets.md).
// A position beyond the bound costs every budget, so the larger ones go
// to a few positions only.
var retries = []struct {
	factor int64
	most   int
}{{20, 200}, {400, 10}}

// solveWithRetries is solveLeft, then retries for the positions it left.
func solveWithRetries(ctx context.Context, left []Coord, r cube.Cube, two *solver.Solver, m cube.Metric, bound, workers int, report func(done, total int)) ([]cube.Cube, error) {
	unsolved, err := solveLeft(ctx, left, r, two, m, bound, workers, report)
	for _, retry := range retries {
		if err != nil || len(unsolved) == 0 || len(unsolved) > retry.most || two.NodeBudget <= 0 {
			break
		}
		more := *two
		more.NodeBudget *= retry.factor
		unsolved, err = solvePositions(ctx, unsolved, &more, m, bound, workers, report)
	}
	return unsolved, err
}

// MaxSolvedLeft is the most positions a coset's prepasses may leave for
// MetricSolver.Prove to solve them one by one: most take milliseconds, and
// at most a third of a second each before the retries (1e7 nodes, the
// cosets stage's budget), so 100,000 take at most about 5 hours on 2
// cores; a coset leaving more wants a deeper search.
const MaxSolvedLeft = 100_000

// sumLevels is the positions of levels, all depths together.
func sumLevels(levels []int64) int64 {
	var n int64
	for _, c := range levels {
		n += c
	}
	return n
}

// prepass rewrites bms[1] into the positions of bms[0] extended by the
// steps, each from the bitmap of its cost's depth, makes it bms[0], and
// returns the positions in it.
func (s *MetricSolver) prepass() int64 {
	cur, back := s.bms[0], s.bms[1]
	n := back.rewrite(s.plan, s.workers, func() func(int, *pageOut) newPage {
		w := &metricWork{from: make([]unsafe.Pointer, len(s.steps))}
		return func(tp int, out *pageOut) newPage {
			if !s.extendPage(cur, back, tp, &out.acc, w) {
				return newPage{}
			}
			return out.store()
		}
	})
	s.bms[0], s.bms[1] = back, cur
	return n
}

// extendPage leaves in acc page tp of the next depth: page tp of cur and
// the rows the steps bring from their sources (cur's, or back's old pages
// for a step of cost 2), and reports whether it holds any position. The
// steps' rows are ORed by their posts into acc and w's rows, each post
// applied once at the end (hStep). These branch-free passes of bit
// operations took 0.44 of the time of dense prepasses in STM, and 0.80 in
// QTM, of a loop that looked each step's bits up a byte at a time in the
// rows not yet full (BENCHMARKS.md). A full page stays as it is, and one
// with a quarter of its rows full or more takes extendOpen.
func (s *MetricSolver) extendPage(cur, back *Bitmap, tp int, acc *[nRows]uint32, w *metricWork) bool {
	any := cur.used(tp)
	for i, st := range s.steps {
		src := cur
		if st.cost == 2 {
			src = back
		}
		w.from[i] = nil
		if sp := int(st.source[tp]); src.used(sp) {
			w.from[i], any = pageStart(src.page(sp)), true
		}
	}
	if !any {
		return false
	}
	full := loadPage(acc, cur.page(tp))
	switch {
	case full == nRows:
		return true
	case 4*full >= nRows:
		w.extendOpen(acc, s.steps)
		return true
	}
	clear(w.f2[:])
	clear(w.r2[:])
	for _, pass := range s.passes {
		var from [stepsAPass]unsafe.Pointer
		var offsets [stepsAPass]*[nRows]uint16
		n := 0
		for _, i := range pass.steps {
			if w.from[i] != nil {
				from[n], offsets[n] = w.from[i], &s.steps[i].offsets
				n++
			}
		}
		if n == 0 {
			continue
		}
		for ; n < stepsAPass; n++ { // the empty page, at any offsets
			from[n], offsets[n] = pageStart(emptyPage[:]), offsets[0]
		}
		into := acc
		switch pass.post {
		case opF2:
			into = &w.f2
		case opR2:
			into = &w.r2
		}
		orMovedRows(into, &offsets, &from, pass.pre)
	}
	for t, v := range acc {
		acc[t] = v&rowMask | f2Row(w.f2[t]) | r2Row.apply(w.r2[t])
	}
	return true
}

// metricWork is a prepass worker's scratch (MetricSolver.extendPage): the
// steps' source pages, from (nil where empty), the rows of the steps whose
// post is F2's (f2) and R2's (r2) before the post, and the open rows of a
// nearly full page.
type metricWork struct {
	from   []unsafe.Pointer
	f2, r2 [nRows]uint32
	open   []uint16
}

// extendOpen ORs into acc's rows not yet full those the steps bring from
// w.from, a step at a time, each row moved whole, and drops after each
// step the rows it filled: where many rows are full, most of a page's
// rows fill in the first steps, and the others pass them by.
func (w *metricWork) extendOpen(acc *[nRows]uint32, steps []*hStep) {
	w.open = notFullRows(acc, w.open)
	for i, st := range steps {
		src := w.from[i]
		if src == nil {
			continue
		}
		open := w.open[:0] // compacted in place: written no faster than read
		for _, t := range w.open {
			v := acc[t] | st.moveBits(loadWord(src, st.offsets[t]))
			acc[t] = v
			if v != rowMask {
				open = append(open, t)
			}
		}
		if w.open = open; len(open) == 0 {
			return
		}
	}
}

// stepsAPass is the most steps a pass of a dense prepass ORs together.
const stepsAPass = 3

// metricPass is a pass of a dense prepass: up to stepsAPass steps of the
// same pre and post (indices in MetricSolver.steps), their rows ORed, then
// moved by pre once: fewer passes over the target's rows, and fewer
// pre's, than a step a pass.
type metricPass struct {
	steps []int
	pre   rowOp
	post  rowOp
}

// metricPasses groups steps into passes, in their order.
func metricPasses(steps []*hStep) []metricPass {
	var passes []metricPass
	open := map[[2]int]int{} // the pass of a pre and post still taking steps
	for i, st := range steps {
		key := [2]int{int(st.pre), int(st.post)}
		k, ok := open[key]
		if !ok || len(passes[k].steps) == stepsAPass {
			k = len(passes)
			passes = append(passes, metricPass{pre: st.pre, post: st.post})
			open[key] = k
		}
		passes[k].steps = append(passes[k].steps, i)
	}
	return passes
}

// orMovedRows ORs into the rows of into those of the pages whose first
// bytes are at from, at their offsets, moved by pre (bits above a row's
// 24 left for the caller to drop where pre is none).
func orMovedRows(into *[nRows]uint32, offsets *[stepsAPass]*[nRows]uint16, from *[stepsAPass]unsafe.Pointer, pre rowOp) {
	o1, o2, o3 := offsets[0], offsets[1], offsets[2]
	s1, s2, s3 := from[0], from[1], from[2]
	// Their nil checks here, once: Go's compiler otherwise checks the four
	// pointers at every row, four loads more than the loop's seven.
	_, _, _, _ = into[0], o1[0], o2[0], o3[0]
	switch pre {
	case opNone:
		for t := range into {
			into[t] |= loadWord(s1, o1[t]) | loadWord(s2, o2[t]) | loadWord(s3, o3[t])
		}
	case opF2B2:
		for t := range into {
			into[t] |= f2b2Row(loadWord(s1, o1[t]) | loadWord(s2, o2[t]) | loadWord(s3, o3[t]))
		}
	case opR2L2:
		for t := range into {
			into[t] |= r2l2Row(loadWord(s1, o1[t]) | loadWord(s2, o2[t]) | loadWord(s3, o3[t]))
		}
	}
}

// search marks in bms[0] the positions of the words of cost exactly d from
// r (in coset x) into H ending outside H, on workers goroutines, a subtree
// per root (metricRoots), and returns how many were new and the probes.
// n is the positions now in the bitmap: where few are left, the workers
// drop the others unlocked, and meet them in the middle where their table
// fits (metricmeet.go). The search goes on from, where a saved state had
// searched the roots from.RootsDone names (from.Prepassed positions
// deciding them); with saves, each root done offers saves underWay's
// state, the other workers waiting while it is saved.
func (s *MetricSolver) search(ctx context.Context, r cube.Cube, x coord.Coset, d int, n int64, from *DepthUnderWay, saves *savePoint, underWay func(positions, probes int64, rootsDone []RootRange) MetricProgress) (added, probes int64, err error) {
	bm, census := s.bms[0], s.census
	var left []Coord
	switch {
	case from.Left != nil: // a resumed deciding: its list, whose classes Decided names
		left = from.Left
	case s.left != nil:
		left = s.left(d)
	case HSize-n < onlyLeftBelow:
		left = missing(bm)
	}
	if left != nil && census.table.Metric() == cube.QTM {
		if left = ofParity(left, r, d); len(left) == 0 {
			return 0, from.Probes, nil // no position left can be d away
		}
	}
	if left != nil && s.optimal != nil && len(left) <= decideLeftMax {
		deciding := func(positions int64, decided []DecidedClass) func() MetricProgress {
			return func() MetricProgress {
				p := underWay(positions, from.Probes, nil)
				p.Under.Decided, p.Under.Left = decided, left
				return p
			}
		}
		if from.Left == nil { // the deciding begins: its list saved at once
			if err := saves.now(deciding(n, nil)); err != nil {
				return 0, from.Probes, err
			}
		}
		added, err := s.decideLeft(ctx, left, r, d, from.Decided, func(added int64, decided []DecidedClass) error {
			return saves.maybe(deciding(n+added, decided))
		})
		return added, from.Probes, err
	}
	var only *coordSet
	var meet *metricMeet
	if left != nil {
		only = newCoordSet(left)
		if k := metricMeetCost(census, int64(len(left)), d, s.meetMax); k > 0 {
			meet = newMetricMeet(census, left, k)
		}
	}
	trivial := r == cube.Solved
	symmetric := trivial && from.Prepassed >= s.symmetricFrom
	var fresh *freshList
	if symmetric {
		// A resumed depth has not the list of what it found before (nor
		// one searched again, whose positions found are set already).
		fresh = &freshList{max: freshMax, over: len(from.RootsDone) > 0 || from.Positions > from.Prepassed}
	}
	roots := metricRoots(census, d, trivial, symmetric)
	done := make([]bool, len(roots))
	var todo []int
	for _, rr := range from.RootsDone {
		for i := rr[0]; i < rr[1]; i++ {
			done[i] = true
		}
	}
	for i, ok := range done {
		if !ok {
			todo = append(todo, i)
		}
	}
	searched := len(roots) - len(todo)
	if s.RootsSearched != nil {
		s.RootsSearched(d, searched, len(roots))
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	probes = from.Probes
	var mu sync.Mutex
	var saveErr error
	flush := func(batch []Coord) {
		batch = only.keep(batch)
		mu.Lock()
		added += bm.setAll(batch, fresh)
		mu.Unlock()
	}
	rootDone := func(i int, rootProbes int64) {
		mu.Lock()
		defer mu.Unlock()
		done[i] = true
		probes += rootProbes
		if searched++; s.RootsSearched != nil {
			s.RootsSearched(d, searched, len(roots))
		}
		if saveErr == nil {
			// The bitmap holds every position the roots done reached
			// (and some others', all within d).
			if saveErr = saves.maybe(func() MetricProgress { return underWay(n+added, probes, rootRanges(done)) }); saveErr != nil {
				stop()
			}
		}
	}
	s.searchRoots(ctx, census, roots, todo, permOf(&r), x, d, meet, flush, rootDone)
	if saveErr != nil {
		return added, probes, saveErr
	}
	if err := ctx.Err(); err != nil {
		return added, probes, err
	}
	switch {
	case !symmetric:
	case fresh.over:
		added = bm.closeUnderSymmetry(s.workers) - n
	default:
		added += bm.addConjugates(fresh.xs)
	}
	return added, probes, nil
}

// ofParity returns the positions of left (bits of the coset of r) whose
// corners' permutation has the parity of d: in QTM, where every move is an
// odd permutation of the corners (a half turn costs 2), the only ones that
// can be d quarter turns from solved. At H's QTM 22 this leaves 79 of the
// 249,379 positions its prepass left, few enough to decide one by one
// (decide.go).
func ofParity(left []Coord, r cube.Cube, d int) []Coord {
	want := (d + r.CornerParity()) % 2 // h^-1·r has h's parity plus r's
	kept := left[:0]
	for _, h := range left {
		if c := h.Cube(); c.CornerParity() == want {
			kept = append(kept, h)
		}
	}
	return kept
}

// RootRange is the roots first to last-1 of a depth's search.
type RootRange [2]int

// rootRanges returns the runs of done roots.
func rootRanges(done []bool) []RootRange {
	var out []RootRange
	for i := 0; i < len(done); i++ {
		if done[i] {
			j := i
			for j < len(done) && done[j] {
				j++
			}
			out = append(out, RootRange{i, j})
			i = j
		}
	}
	return out
}

// searchRoots searches the subtrees of the roots todo names from the
// position start of coset x, words of cost d, on the solver's workers,
// meeting the positions left in meet if not nil: it hands the positions
// they reach to flush in batches, and calls rootDone with each root and
// its probes once its positions are all flushed.
func (s *MetricSolver) searchRoots(ctx context.Context, census *Census, roots [][]int, todo []int, start perm, x coord.Coset, d int, meet *metricMeet, flush func([]Coord), rootDone func(i int, probes int64)) {
	parallel.For(len(todo), s.workers, func(int) func(int) {
		counter := census.NewCounter()
		counter.meet = meet
		var batch []Coord
		counter.mark = func(p perm) {
			batch = append(batch, permMoves.coord(p))
			if len(batch) >= 1<<16 {
				flush(batch)
				batch = batch[:0]
			}
		}
		return func(j int) {
			if ctx.Err() != nil {
				return
			}
			i, before := todo[j], counter.Probes
			p, y, togo := start, x, d
			var last *censusStep
			for _, col := range roots[i] {
				last = &census.steps[col]
				p, y, togo = stepPerm(p, *last), census.move(y, last), togo-last.cost
			}
			switch {
			case togo == 0:
				if y == (coord.Coset{}) && !last.inH {
					counter.found(p, 0)
				}
			case counter.within(y, togo):
				counter.search(p, y, last.axis, togo)
			}
			flush(batch)
			batch = batch[:0]
			if ctx.Err() == nil { // a root cut short is not done
				rootDone(i, counter.Probes-before)
			}
		}
	})
}

// metricSymmetricFrom is the positions of the trivial coset from which its
// search begins from symmetric roots: below them the search takes less
// than the pass that closes the bitmap under the symmetries (about 12 s
// on two cores).
const metricSymmetricFrom = 100_000_000

// metricRoots returns the roots of a depth-d search, each the columns of
// its first steps: every step of cost at most d (on the trivial coset,
// outside H: the inverse pass has found the words that begin in H), or,
// where symmetric, one of each orbit under the 16 symmetries that keep H
// of the words that begin outside H, each word cut at its first prefix
// that no symmetry but the identity keeps (or at maxRootSteps steps, or
// where it costs d): the search from one root of an orbit finds a
// conjugate of each position the others would, and closing the bitmap
// under the symmetries adds the others (symmetry.go). A prefix some
// symmetry keeps (R is kept by the half turn about the R-L axis, R2 also
// by mirrors) is grown a step further, since its orbit is smaller than
// its words' orbits would be.
//
// A symmetric search's root shorter than minRootSteps is grown into all
// its words of that many steps (each of whose conjugates is then no root
// either), so that no root holds much of one of H's long depths: a root of two steps held more than
// a quarter hour of QTM 21's, a worker alone in it at the end of a depth
// and no save (metricsave.go) until it was done.
func metricRoots(c *Census, d int, trivial, symmetric bool) [][]int {
	var roots [][]int
	// grow makes the roots that begin with word, of cost cost; cut: a
	// prefix of it is where the symmetries cut it.
	var grow func(word []int, cost int, cut bool)
	grow = func(word []int, cost int, cut bool) {
		if len(word) > 0 && !cut {
			least, free := conjugatesOf(word)
			if !least {
				return // a conjugate's prefix, grown or cut there alike
			}
			cut = free || len(word) == maxRootSteps
		}
		if len(word) > 0 && (cost == d || cut && (!symmetric || len(word) >= minRootSteps)) {
			roots = append(roots, slices.Clone(word))
			return
		}
		for i, s := range c.steps {
			switch {
			case s.cost > d-cost:
			case len(word) == 0 && trivial && s.inH:
			case len(word) > 0 && s.axis == c.steps[word[len(word)-1]].axis:
			default:
				grow(append(word, i), cost+s.cost, cut)
			}
		}
	}
	grow(nil, 0, !symmetric)
	return roots
}

// minRootSteps is the fewest steps a root has (but one of the depth's
// whole cost).
const minRootSteps = 4

// maxRootSteps bounds a symmetric search's roots: the words some symmetry
// keeps go on at any length, ever fewer of the words. On H's STM depth 10
// the search made 48.7 million probes from roots of two steps, 24.9
// million from these (102,930 roots) and 22.9 million at six steps, where
// making a million roots took longer than the probes saved.
const maxRootSteps = 5

// conjugatesOf compares the word of steps cols with its conjugates by
// the 16 symmetries that keep H: least reports that none is less, by
// columns in order, and free that none but the word's own by the identity
// equals it (no other symmetry keeps it).
func conjugatesOf(cols []int) (least, free bool) {
	least, free = true, true
	for _, conj := range hConjugateSteps {
		i := 0
		for i < len(cols) && int(conj[cols[i]]) == cols[i] {
			i++
		}
		switch {
		case i == len(cols):
			free = false
		case int(conj[cols[i]]) < cols[i]:
			return false, free
		}
	}
	return least, free
}

// hConjugateSteps maps each axis move's column to its conjugate's, one
// row for each of the 15 symmetries that keep H other than the identity.
var hConjugateSteps = func() (t [][cube.NAxisMoves]uint8) {
	for _, s := range hSymmetries {
		if s == cube.SymIdentity {
			continue
		}
		var row [cube.NAxisMoves]uint8
		for col, e := range cube.AxisMoves {
			row[col] = uint8(slices.Index(cube.AxisMoves, e.Conjugate(s)))
		}
		t = append(t, row)
	}
	return t
}()
