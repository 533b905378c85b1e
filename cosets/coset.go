package cosets

import (
	"context"
	"sync"
	"time"

	"github.com/cubecensus/cubecensus/coord"
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
// the distance of each coset from H (coord.CosetTable). Every shortest
// solution of a position either ends in a move of A, and the prepass finds
// it, or is (as a canonical sequence, which sorts only the moves of one
// axis among themselves) one the search makes: so after depth d the bitmap
// holds exactly the positions within d moves. (On the trivial coset a
// level also takes the inverses of the prepass's positions, and the search
// then leaves out the sequences that begin with a move of A: inverse.go.)

// prepassFrom is the number of positions from which a depth begins with a
// prepass (seed 002's coset solver uses six million): below it the
// positions lie on few pages and the search, taking every last move, is
// cheaper than a pass over the bitmap.
const prepassFrom = 6_000_000

// CosetLevels is what CosetSolver.Levels found.
type CosetLevels struct {
	// Positions[d] is the number of positions of the coset at distance d.
	Positions []int64
	// Probes[d] is the number of sequences of depth d's search that ended
	// in H (each sets one bit, new or not); where the search met the
	// positions left in the middle (meet.go), those that ended at one of
	// them.
	Probes []int64
	// PrepassSeconds[d] and SearchSeconds[d] are what depth d's prepass
	// and search took.
	PrepassSeconds, SearchSeconds []float64
}

// CosetSolver solves cosets of H one after another with one bitmap and
// one coset table (seed 002's runs kept the pattern database
// in memory for a whole range of cosets).
type CosetSolver struct {
	table *coord.CosetTable
	moves *coord.CosetMoves
	two   *solver.Solver
	bm    *Bitmap
	// workers is the number of goroutines of each search and prepass.
	workers int
}

// NewCosetSolver returns a solver working in bm, with the HTM coset
// table's moves (coord.CosetTable.Moves) and the two-phase solver two for
// the positions a proof leaves (its ExtraDepths should be 0: any solution
// within the bound will do).
func NewCosetSolver(moves *coord.CosetMoves, two *solver.Solver, bm *Bitmap, workers int) *CosetSolver {
	build()
	return &CosetSolver{table: moves.Table(), moves: moves, two: two, bm: bm, workers: workers}
}

// Levels counts the positions of the coset of r at each distance from
// solved, through maxDepth (exact mode).
func (s *CosetSolver) Levels(ctx context.Context, r cube.Cube, maxDepth int) (CosetLevels, error) {
	run := s.newRun(r)
	for d := 0; d <= maxDepth && run.total < HSize; d++ {
		if err := run.level(ctx, d, fullSearch); err != nil {
			return run.levels, err
		}
	}
	return run.levels, nil
}

// cosetRun is the bitmap of one coset as it grows a depth at a time.
type cosetRun struct {
	*CosetSolver
	r             cube.Cube
	total         int64 // positions in bm
	levels        CosetLevels
	prepassFrom   int64                          // prepassFrom, but in tests
	symmetricFrom int                            // symmetricFrom, but in tests
	onlyLeftBelow int64                          // onlyLeftBelow, but in tests
	meetMax       int64                          // meetMaxEntries, but in tests
	freshMax      int                            // freshMax, but in tests
	left          func() []Coord                 // the positions not in bm, but in tests
	goal          func(afterPrepass int64) int64 // partialGoal, but in tests
	subtrees      func(depth, done, total int)   // Plan.Subtrees
}

// newRun empties the bitmap for the coset of r.
func (s *CosetSolver) newRun(r cube.Cube) *cosetRun {
	s.bm.reset(s.workers)
	return &cosetRun{CosetSolver: s, r: r, prepassFrom: prepassFrom, symmetricFrom: symmetricFrom, onlyLeftBelow: onlyLeftBelow, meetMax: meetMaxEntries, freshMax: freshMax,
		left: func() []Coord { return missing(s.bm) }, goal: partialGoal}
}

// howToSearch is what a level does after its prepass.
type howToSearch int

const (
	noSearch      howToSearch = iota // the prepass alone
	fullSearch                       // every sequence of the depth
	partialSearch                    // sequences until seed 002's goal (partialGoal)
)

// partialGoal is seed 002's goal for its partial depth-16 search (section
// 7): search until the coset has 167,000,000 positions plus a third of
// those it had after the depth's prepass (which found them with moves of A,
// whose sequences have fewer canonical successors and so count less). A
// lower goal won on some cosets and lost on others (BENCHMARKS.md: at
// 125,000,000 make run's coset had no partial search and left 28,917
// positions instead of 539).
func partialGoal(afterPrepass int64) int64 { return 167_000_000 + afterPrepass/3 }

// level extends the bitmap from the positions within d-1 moves by a
// prepass (a move of A more) and a search of the sequences of d moves, so
// that it holds the positions within d exactly (fullSearch), or a part of
// them (noSearch, partialSearch: seed 002's proof mode beyond its search
// depth), and records the level.
func (c *cosetRun) level(ctx context.Context, d int, how howToSearch) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	prepassed := d > 0 && (c.total >= c.prepassFrom || how != fullSearch)
	start := time.Now()
	n := c.total
	search := depthSearch{r: c.r, moves: c.moves, d: d, prepassed: prepassed, first: allMoves, workers: c.workers}
	if prepassed {
		n = c.bm.extend(c.workers, c.total, c.r != cube.Solved)
		if c.r == cube.Solved { // the trivial coset's other side (inverse.go)
			n = c.bm.closeUnderInverse(c.workers)
			search.first = outsideA
			if d >= c.symmetricFrom && how == fullSearch { // and its symmetry (symmetry.go)
				search.roots, search.fresh = symmetricHRoots(d), &freshList{max: c.freshMax}
			}
		}
	}
	searchStart := time.Now()
	var probes int64
	if how != noSearch {
		if how == partialSearch {
			search.stop = partial{Found: n, Goal: c.goal(n)}
		}
		if HSize-n < c.onlyLeftBelow {
			left := c.left()
			if k := meetDepth(int64(len(left)), d, c.meetMax); k > 0 && how == fullSearch && prepassed {
				search.meet = newMeetSet(left, k, c.table)
			} else {
				search.only = newCoordSet(left)
			}
		}
		search.bm = c.bm
		if c.subtrees != nil {
			search.progress = func(done, total int) { c.subtrees(d, done, total) }
		}
		added, err := search.run(ctx)
		if err != nil {
			return err
		}
		probes = search.probes
		n += added
		switch {
		case search.roots == nil:
		case search.fresh.over:
			n = c.bm.closeUnderSymmetry(c.workers)
		default:
			n += c.bm.addConjugates(search.fresh.xs)
		}
	}
	c.record(n, probes, searchStart.Sub(start), time.Since(searchStart))
	return nil
}

// record ends a level: the bitmap holds n positions, after the level's
// probes, prepass and search.
func (c *cosetRun) record(n, probes int64, prepass, search time.Duration) {
	c.levels.Positions = append(c.levels.Positions, n-c.total)
	c.levels.Probes = append(c.levels.Probes, probes)
	c.levels.PrepassSeconds = append(c.levels.PrepassSeconds, prepass.Seconds())
	c.levels.SearchSeconds = append(c.levels.SearchSeconds, search.Seconds())
	c.total = n
}

// partial stops a search once the coset has Goal positions (none when
// Goal is 0), Found of them in the bitmap before the search.
type partial struct {
	Found, Goal int64
}

// A partial search looks at its goal between chunks of its first-two-move
// subtrees: the first chunk is maxPartialChunk subtrees, each later one as
// many as the last chunk's new positions a subtree say the goal still
// needs, rounded up, so that the chunks shrink near the goal and the
// search stops soon past it (with chunks of 16 throughout, it searched a
// third more sequences than the goal needed on one of hcoset's cosets:
// BENCHMARKS.md). The chunks depend on the counts alone, so where the
// search stops does not depend on the workers; minPartialChunk keeps two
// workers busy.
const (
	maxPartialChunk = 16
	minPartialChunk = 2
)

// nextPartialChunk returns the subtrees of a partial search's next chunk:
// need more new positions reach its goal, and the last chunk of subtrees
// found gained of them.
func nextPartialChunk(need, gained int64, subtrees int) int {
	if gained <= 0 {
		return maxPartialChunk
	}
	n := (need*int64(subtrees) + gained - 1) / gained
	return int(min(max(n, minPartialChunk), maxPartialChunk))
}

// depthSearch is one depth's search of a coset: it sets in bm the bit of
// r·s for every canonical sequence s of exactly d face turns that takes r
// into H (or, for d = 0, r itself when it lies in H) and begins with a
// move of the mask first, or, when roots is set, with one of the roots
// (symmetry.go) and then a move on another axis than the root's last.
// When bm has been prepassed for depth d, the sequences ending in a move
// of A are left out, and so are the short detours that needed skips: their
// positions are in bm already. It carries the position as permutation
// coordinates (search.go), not as a cube. The sequences are cut into
// subtrees by their first two moves, or the roots, searched on workers
// goroutines; each collects its positions and sets them in batches under a
// lock.
type depthSearch struct {
	r         cube.Cube
	moves     *coord.CosetMoves
	d         int
	bm        *Bitmap
	prepassed bool
	first     uint32
	roots     [][]cube.Move
	// only, if not nil, holds every position not in bm: the search sets
	// no other bit (coordset.go).
	only *coordSet
	// meet, if not nil, holds the positions meet.depth moves before those
	// not in bm, where the search stops and looks its nodes up (meet.go).
	meet *meetSet
	// fresh, if not nil, collects the positions the search sets that
	// were not set before (symmetry.go).
	fresh   *freshList
	stop    partial
	workers int
	// progress, if not nil, is called, under the lock, as each subtree
	// is done.
	progress func(done, total int)
	// probes is, after run, the number of sequences found (each set a
	// bit, new or not).
	probes int64
}

// run searches, sets probes, and returns the number of positions it
// added to bm.
func (sc *depthSearch) run(ctx context.Context) (int64, error) {
	r, d, bm, table, moves := sc.r, sc.d, sc.bm, sc.moves.Table(), sc.moves
	if d == 0 {
		if InH(&r) {
			sc.probes = 1
			if bm.Set(CoordOf(&r)) {
				return 1, nil
			}
		}
		return 0, nil
	}
	roots := sc.roots
	if roots == nil {
		roots = firstMoves(sc.first, d)
	}
	var mu sync.Mutex
	var found, added int64
	var subtrees int
	// flush sets a worker's batch of positions, those outside only dropped
	// first, without the lock (only is read alone): late in a coset nearly
	// every probe is dropped, and the workers look them up side by side, a
	// batch at a time, so that the look-ups' cache misses overlap (each
	// probe looked up as it was found was 2-3% slower on a sample of H's
	// depth 17).
	flush := func(batch []Coord) {
		n := len(batch)
		batch = sc.only.keep(batch)
		mu.Lock()
		added += bm.setAll(batch, sc.fresh)
		found += int64(n)
		mu.Unlock()
	}
	start, startPerm := coord.CosetOf(&r), permOf(&r)
	// A partial search checks its goal after each chunk of roots
	// (nextPartialChunk).
	chunk, stop := len(roots), sc.stop
	if stop.Goal > 0 {
		chunk = maxPartialChunk
	}
	for lo := 0; lo < len(roots) && !(stop.Goal > 0 && stop.Found+added >= stop.Goal); {
		part, before := roots[lo:min(lo+chunk, len(roots))], added
		lo += len(part)
		parallel.For(len(part), sc.workers, func(int) func(int) {
			w := &cosetSearch{table: table, moves: moves, set: flush, last: allMoves, needed: within, frames: make([]children, d+1), meet: sc.meet}
			if sc.meet != nil {
				w.meetAt = sc.meet.depth
			}
			if sc.prepassed {
				w.last, w.needed = outsideA, neededAfterPrepass
			}
			return func(i int) {
				if ctx.Err() != nil {
					return
				}
				p, x := startPerm, start
				for _, m := range part[i] {
					p = permMoves.move(p, m)
					x = table.Move(x, m)
				}
				last, left := part[i][len(part[i])-1], d-len(part[i])
				next := permMoves.nextMoves(last)
				if sc.roots != nil {
					next &^= axisMoves[last.Axis()]
				}
				switch {
				case left == 0:
					if x == (coord.Coset{}) && w.last>>last&1 != 0 {
						w.mark(p)
					}
				case left == w.meetAt: // a root as far short as the search meets
					if w.needed(left, table.Distance(x)) {
						w.meetNode(p, x)
					}
				default:
					if n := table.Distance(x); w.needed(left, n) {
						nearer, same := moves.At(x)
						w.search(p, x, n, nearer, same, next, left)
					}
				}
				w.flush()
				if sc.progress != nil {
					mu.Lock()
					subtrees++
					sc.progress(subtrees, len(roots))
					mu.Unlock()
				}
			}
		})
		if stop.Goal > 0 {
			chunk = nextPartialChunk(stop.Goal-stop.Found-added, added-before, len(part))
		}
	}
	sc.probes = found
	return added, ctx.Err()
}

// firstMoves returns the canonical sequences of two moves (one when d is
// 1) that begin with a move of the mask first: the roots of a depth-d
// search without symmetry.
func firstMoves(first uint32, d int) [][]cube.Move {
	var roots [][]cube.Move
	for a := range cube.Move(cube.NFaceMoves) {
		switch {
		case first>>a&1 == 0:
		case d == 1:
			roots = append(roots, []cube.Move{a})
		default:
			for b := range cube.Move(cube.NFaceMoves) {
				if cube.CanFollow(a, b) {
					roots = append(roots, []cube.Move{a, b})
				}
			}
		}
	}
	return roots
}

// cosetSearch is one worker's depth-first search.
type cosetSearch struct {
	table *coord.CosetTable
	moves *coord.CosetMoves
	// last is the mask of the moves a sequence may end with; needed
	// decides which nodes to search on from.
	last   uint32
	needed func(togo, n int) bool
	// batch holds the positions found and not yet given to set.
	batch []Coord
	set   func([]Coord)
	// meet, if not nil, holds the positions meetAt moves before those
	// left: the search looks up its nodes with meetAt moves to go there
	// instead of searching on (meet.go); meetAt is 0 without it.
	meet   *meetSet
	meetAt int
	// frames[left] holds the children of the node being searched with
	// left moves to go: kept from node to node, because clearing a fresh
	// array of them at every node took a seventh of a search's time.
	frames []children
}

// children are a node's children in the search: the move to each, its
// coset, distance from H and move masks.
type children [cube.NFaceMoves]struct {
	m            cube.Move
	x            coord.Coset
	n            int
	entry        coord.MovesEntry
	nearer, same uint32
}

// flush gives w's batch to set.
func (w *cosetSearch) flush() {
	w.set(w.batch)
	w.batch = w.batch[:0]
}

// outsideA is the mask of the face turns not in A, the quarter turns of F,
// R, B and L: the last moves of the sequences the search marks after a
// prepass; allMoves the mask of all 18.
var (
	outsideA = func() (mask uint32) {
		for m := range cube.Move(cube.NFaceMoves) {
			if !inA(m) {
				mask |= 1 << m
			}
		}
		return mask
	}()
	allMoves uint32 = 1<<cube.NFaceMoves - 1
	// axisMoves[a] is the mask of the face turns of axis a.
	axisMoves = func() (t [3]uint32) {
		for m := range cube.Move(cube.NFaceMoves) {
			t[m.Axis()] |= 1 << m
		}
		return t
	}()
)

// search continues from position p in coset x, at distance n from H, by
// the moves of the mask moves (those that may follow the last), with left
// > 0 moves to go, not w.meetAt (its children that far short are looked
// up instead); x is within left moves of H (the caller looked). The
// coset move table says which moves take x nearer H (nearer), which keep
// its distance (same) and which take it further, so that the children's
// distances are known without a look-up each; their own masks are read for
// all of them before the first is searched, in two steps (the entry, then
// the masks: two cache misses each, or one for a child near H, whose masks
// are kept apart), each step for every child before the next, so that the
// misses overlap.
func (w *cosetSearch) search(p perm, x coord.Coset, n int, nearer, same, moves uint32, left int) {
	if left == 1 {
		switch n {
		case 1:
			moves &= nearer
		case 0:
			moves &= same
		default:
			return
		}
		for moves &= w.last; moves != 0; {
			w.mark(permMoves.move(p, popMove(&moves)))
		}
		return
	}
	further := allMoves &^ (nearer | same)
	var visit uint32
	if w.needed(left-1, n-1) {
		visit |= nearer
	}
	if w.needed(left-1, n) {
		visit |= same
	}
	if w.needed(left-1, n+1) {
		visit |= further
	}
	children := &w.frames[left]
	k := 0
	for moves &= visit; moves != 0; k++ {
		m := popMove(&moves)
		child := n + 1
		switch {
		case nearer>>m&1 != 0:
			child = n - 1
		case same>>m&1 != 0:
			child = n
		}
		children[k].m, children[k].x, children[k].n = m, w.table.Move(x, m), child
	}
	if left-1 == w.meetAt { // the children are looked up, not searched on
		for i := range k {
			c := &children[i]
			w.meetNode(permMoves.move(p, c.m), c.x)
		}
		return
	}
	for i := range k {
		if c := &children[i]; c.n > coord.NearDepth {
			c.entry = w.moves.Entry(c.x)
		}
	}
	for i := range k {
		if c := &children[i]; c.n > coord.NearDepth {
			c.nearer, c.same = w.moves.Masks(c.entry, c.n)
		} else {
			c.nearer, c.same = w.moves.NearMasks(c.x)
		}
	}
	for i := range k {
		c := &children[i]
		w.search(permMoves.move(p, c.m), c.x, c.n, c.nearer, c.same, permMoves.nextMoves(c.m), left-1)
	}
}

// mark records the position of H that p is.
func (w *cosetSearch) mark(p perm) {
	w.batch = append(w.batch, permMoves.coord(p))
	w.flushIfFull()
}

// meetNode records the positions left that the position p, in coset x, is
// w.meetAt moves before (meet.go).
func (w *cosetSearch) meetNode(p perm, x coord.Coset) {
	w.batch = w.meet.find(p, x, w.batch)
	w.flushIfFull()
}

// flushIfFull gives w's batch to set once it is large.
func (w *cosetSearch) flushIfFull() {
	if len(w.batch) >= 1<<16 {
		w.flush()
	}
}

// within reports whether a coset at distance n from H is within togo
// moves of it: the search goes on from such nodes.
func within(togo, n int) bool { return n <= togo }

// neededAfterPrepass reports whether the search must go on from a coset at
// distance n from H with togo moves left, once the depth's prepass has run
// (seed 002's coset solver, hcoset's search): beyond n <= togo, it skips
// short detours, n < togo with n + togo < 5: every sequence such a node
// would end with, a tail of togo moves into H ending outside A, is as an
// element a shorter sequence or one of togo moves ending in a move of A
// (TestShortDetours checks all of them), so that the position is in the
// bitmap already, from an earlier depth or from this depth's prepass.
func neededAfterPrepass(togo, n int) bool {
	return n == togo || n < togo && n+togo >= shortDetour
}

// shortDetour bounds the tails needed skips.
const shortDetour = 5
