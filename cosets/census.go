package cosets

import (
	"errors"
	"fmt"
	"math/bits"
	"sync"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// The census: how many positions of a coset lie at each distance from
// solved, up to a depth, in any metric, without a bitmap. It is the coset
// solver's algorithm (seed 002, section 6; coset.go) with a hash set of the positions found in
// place of the bitmap, for the shallow depths at which a coset holds a few
// thousand positions, not billions, and with the moves as axis moves
// (cube.AxisMove): every shortest maneuver, in HTM, QTM or STM alike, is a
// word of axis moves on alternating axes whose costs in the metric add up
// to its length, so one search serves the three metrics.
//
// A position at distance L has such a word of cost L. If its last axis
// move e lies in H, the word without e (cost L - cost(e)) solves a
// position of the same coset at distance exactly L - cost(e): the level's
// prepass finds it, extending that level by the axis moves in H. Otherwise
// the search finds it: every word of cost exactly L from the coset's
// representative into H ending in an axis move outside H, pruned by the
// coset's distance from H in the metric (coord.CosetTable). So after level
// L the set holds exactly the positions within L.
//
// The words of cost L are prefixes of the words of the greatest depth D:
// each of their nodes is within L, so within D, of its end. So Count
// searches once, to D, and a word that reaches H outside H with moves of
// D still to go is a word of a shorter level: the levels below D cost no
// search of their own (at QTM 13 they were an eighth of a class's time).
// A position such a search finds may lie nearer than the first word found
// for it says; the set keeps the least level each was found at, and the
// levels are then made in order, each the search's positions still at
// that level and the prepass's new ones.

// CensusMaxPositions is the most positions a CensusCounter keeps for one
// coset unless told fewer: a coset with more within the depth is refused
// (the trivial coset far out, whose positions a bitmap holds better). At
// the limit a counter holds about 4.5 GB (CensusCounterBytes).
const CensusMaxPositions = 120_000_000

// CensusCounterBytes is the most memory a counter holds for a coset of
// maxPositions positions: its set's slots (a power of two, at most half
// full) and its level lists (each position once, and once more where a
// nearer word or the prepass found it after a longer one; a quarter more
// for their spare capacity).
func CensusCounterBytes(maxPositions int) uint64 {
	slots := 1 << 10
	for slots < 2*maxPositions {
		slots *= 2
	}
	return 8*uint64(slots) + 20*uint64(maxPositions)
}

// ErrCensusTooMany is wrapped by CensusCounter.Count's error for a coset
// with more positions within the depth than its set keeps: a MetricSolver
// counts such a coset.
var ErrCensusTooMany = errors.New("too many positions for the census's set")

// censusStep is an axis move as the census makes it: its face turns, its
// cost in the metric, whether it lies in H, and its column in the
// counter's coset move tables.
type censusStep struct {
	axis  cube.Axis
	faces []cube.Move
	cost  int
	inH   bool
	col   int
}

// Census is what the counters of one metric share, read only once made:
// the steps, the cosets' moves by them, the lower bounds and the plans of
// the cosets near H.
type Census struct {
	table *coord.CosetTable
	near  *nearCosets
	steps []censusStep // the 45 axis moves
	hOnes []censusStep // those lying in H, for the prepass
	// axisSteps[a] is the mask of the steps of axis a, by column.
	axisSteps [3]uint64
	// twist, flip and slice move each coordinate of a coset by an axis
	// move, a row of len(cube.AxisMoves) columns per value: one look-up a
	// coordinate where the axis move's face turns took two.
	twist, flip, slice []uint16
	// twistSlice and flipSlice bound a coset's distance from below by two
	// of its coordinates (projectionDistances): most children fail them
	// before the coset table is read.
	twistSlice, flipSlice []uint8
	// stepMasks, if not nil, are the masks of steps the searches keep for
	// their nodes with little slack (masks.go).
	stepMasks *stepMasks
	// hSteps are the prepass's steps in the census's metric (hStepsOf),
	// made once for all the solvers of the census.
	hSteps func() []*hStep
}

// CensusCounter counts cosets' positions by distance in one metric. It
// keeps its set and level lists from coset to coset; one goroutine uses
// it at a time.
type CensusCounter struct {
	*Census
	set keySet
	// levels[d] holds the keys of the positions at distance d; during
	// Count's search, those of the words of cost d, a few of them nearer
	// (the set holds their least level).
	levels [][]uint64
	// depth is the depth of Count's search under way: a word that reaches
	// H with rest moves to go is a position at depth - rest.
	depth int
	// Probes is the number of words the searches have ended in H so far.
	Probes int64
	// mark, if not nil, takes the positions the search finds in place of
	// the set (a bitmap's search, metric.go), of one level: words that
	// reach H with moves to go are not found then.
	mark func(perm)
	// MaxPositions is the most positions Count keeps for one coset:
	// CensusMaxPositions unless set lower (by the memory budget, or the
	// tests).
	MaxPositions int
	// meet, if not nil, holds the positions a few moves before the
	// positions left: a node with meet.k or less to go is looked up there
	// instead of searched on (metricmeet.go); met are its hits. Only a
	// bitmap's search (mark) meets.
	meet *metricMeet
	met  []perm
	// kids are expand's lists of nodes, by moves to go.
	kids [][maxStepCost + 1][]pending
}

// NewCounter returns a counter of its own (its set and levels).
func (c *Census) NewCounter() *CensusCounter {
	return &CensusCounter{Census: c, MaxPositions: CensusMaxPositions}
}

// NewCensus returns the census in the metric of table, the cosets'
// distances from H in that metric (a second or two to make).
func NewCensus(table *coord.CosetTable) *Census {
	build()
	c := &Census{table: table}
	c.hSteps = sync.OnceValue(func() []*hStep { return hStepsOf(c) })
	n := len(cube.AxisMoves)
	c.twist, c.flip, c.slice = make([]uint16, cube.NTwist*n), make([]uint16, cube.NFlip*n), make([]uint16, cube.NSlice*n)
	for col, e := range cube.AxisMoves {
		s := censusStep{axis: e.Axis(), faces: e.FaceMoves(), cost: e.Cost(table.Metric()), col: col}
		s.inH = true
		for _, m := range s.faces {
			s.inH = s.inH && inA(m)
		}
		c.steps = append(c.steps, s)
		if s.inH {
			c.hOnes = append(c.hOnes, s)
		}
		move := func(x coord.Coset) coord.Coset {
			for _, m := range s.faces {
				x = table.Move(x, m)
			}
			return x
		}
		for x := range cube.NTwist {
			c.twist[x*n+col] = uint16(move(coord.Coset{Twist: x}).Twist)
		}
		for x := range cube.NFlip {
			c.flip[x*n+col] = uint16(move(coord.Coset{Flip: x}).Flip)
		}
		for x := range cube.NSlice {
			c.slice[x*n+col] = uint16(move(coord.Coset{Slice: x}).Slice)
		}
	}
	for a := range c.axisSteps {
		for i, s := range c.steps {
			if s.axis == cube.Axis(a) {
				c.axisSteps[a] |= 1 << i
			}
		}
	}
	c.near = c.censusNear()
	c.twistSlice = c.projectionDistances(cube.NTwist, cube.NSlice, func(a, b int, s *censusStep) (int, int) {
		return int(c.twist[a*n+s.col]), int(c.slice[b*n+s.col])
	})
	c.flipSlice = c.projectionDistances(cube.NFlip, cube.NSlice, func(a, b int, s *censusStep) (int, int) {
		return int(c.flip[a*n+s.col]), int(c.slice[b*n+s.col])
	})
	return c
}

// move returns coset x after step s.
func (c *Census) move(x coord.Coset, s *censusStep) coord.Coset {
	n := len(cube.AxisMoves)
	return coord.Coset{Twist: int(c.twist[x.Twist*n+s.col]), Flip: int(c.flip[x.Flip*n+s.col]), Slice: int(c.slice[x.Slice*n+s.col])}
}

// Count returns the number of positions of coset x at each distance 0 to
// depth from solved, or an error wrapping ErrCensusTooMany if more than
// c.MaxPositions lie within depth.
func (c *CensusCounter) Count(x coord.Coset, depth int) ([]int64, error) {
	if depth > maxLevel {
		return nil, fmt.Errorf("cosets: a census of depth %d: at most %d", depth, maxLevel)
	}
	r := cosetCube(x)
	c.set.reset(c.MaxPositions)
	c.levels = c.levels[:cap(c.levels)] // the lists of earlier cosets, kept
	for len(c.levels) <= depth {
		c.levels = append(c.levels, nil)
	}
	c.levels = c.levels[:depth+1]
	for d := range c.levels {
		c.levels[d] = c.levels[d][:0]
	}
	c.depth = depth
	if x == (coord.Coset{}) {
		c.found(permOf(&r), depth) // solved, at level 0
	}
	if dist := c.table.Distance(x); depth > 0 && dist <= depth {
		c.search(permOf(&r), x, cube.Axis(3), depth)
	}
	counts := make([]int64, depth+1)
	for d := 0; d <= depth && !c.set.full; d++ {
		level := c.levels[d][:0]
		for _, k := range c.levels[d] {
			if c.set.level(k) == d { // else a shorter word found it too
				level = append(level, k)
			}
		}
		for _, s := range c.hOnes {
			if s.cost <= d {
				for _, k := range c.levels[d-s.cost] {
					if q := permKey(stepPerm(keyPerm(k), s)); c.set.visit(q, d) {
						level = append(level, q)
					}
				}
			}
		}
		c.levels[d] = level
		counts[d] = int64(len(level))
	}
	if c.set.full {
		return nil, fmt.Errorf("cosets: coset %v has more than %d positions within %d moves: %w", x, c.MaxPositions, depth, ErrCensusTooMany)
	}
	return counts, nil
}

// Release gives back the counter's set and level lists, which keep the
// size of the largest coset counted so far (up to 4.5 GB at
// CensusMaxPositions), so that the memory can go to something else: a
// MetricSolver's bitmaps for the cosets it refused.
func (c *CensusCounter) Release() {
	c.set, c.levels = keySet{}, nil
}

// search finds the positions that the words of cost togo from p, in coset
// x, reach in H, ending in an axis move outside H, beginning on another
// axis than last (3: any); in Count's search, also those of the words'
// prefixes that reach H so.
func (c *CensusCounter) search(p perm, x coord.Coset, last cube.Axis, togo int) {
	if c.set.full { // Count fails: the rest of its search is waste
		return
	}
	if c.searchNear(p, x, last, togo) {
		return
	}
	if c.stepMasks != nil {
		// The lists grow only here, at the outermost search under way (the
		// moves to go fall along every path), so no expand holds one.
		for len(c.kids) <= togo {
			c.kids = append(c.kids, [maxStepCost + 1][]pending{})
		}
		root := [1]pending{{p: p, x: x, last: last}}
		c.expand(root[:], togo)
		return
	}
	c.searchLooked(p, x, last, togo, -1, nil)
}

// searchNear searches the nodes that need no coset table: those the meet
// in the middle ends, and those at cosets near H, by their plans. It
// reports whether p was such a node.
func (c *CensusCounter) searchNear(p perm, x coord.Coset, last cube.Axis, togo int) bool {
	if c.meet != nil && togo <= c.meet.k {
		c.met = c.meet.find(p, x, togo, c.met[:0])
		for _, q := range c.met {
			c.found(q, 0)
		}
		return true
	}
	if togo <= censusNearDepth+nearSlack {
		if plan := c.near.plan(x); plan != nil && togo-int(plan.dist) <= nearSlack {
			c.searchPlanned(p, last, togo, plan)
			return true
		}
	}
	return false
}

// searchLooked is search at a node with slack togo less its coset's
// distance (-1: unknown), by a look-up of each child's distance. It finds
// all the children first and then their distances, each from the coset
// table (a cache miss) unless near H, so that the misses overlap, before
// it searches on from any: at once, or, with kids (expand's lists), by
// pend.
func (c *CensusCounter) searchLooked(p perm, x coord.Coset, last cube.Axis, togo, slack int, kids *[maxStepCost + 1][]pending) {
	var children [cube.NAxisMoves]struct {
		step *censusStep
		y    coord.Coset
		in   bool
	}
	k := 0
	for i := range c.steps {
		s := &c.steps[i]
		if s.axis == last || s.cost > togo {
			continue
		}
		y := c.move(x, s)
		if s.cost == togo {
			if y == (coord.Coset{}) && !s.inH {
				c.found(stepPerm(p, *s), 0)
			}
			continue
		}
		children[k].step, children[k].y = s, y
		k++
	}
	for i := range k {
		// A step of cost c moves the distance by c at most: with a slack
		// of 2c or more its child is within what is left.
		ch := &children[i]
		ch.in = slack >= 2*ch.step.cost || c.within(ch.y, togo-ch.step.cost)
	}
	for i := range k {
		if ch := &children[i]; ch.in {
			q := stepPerm(p, *ch.step)
			c.passing(q, ch.y, ch.step, togo)
			if kids != nil {
				c.pend(kids, q, ch.y, ch.step, togo)
			} else {
				c.search(q, ch.y, ch.step.axis, togo-ch.step.cost)
			}
		}
	}
}

// pending is a node of the search waiting, with others as many moves from
// their ends, for its coset table entry's masks (masks.go).
type pending struct {
	p    perm
	x    coord.Coset
	last cube.Axis
}

// maskBatch is how many nodes expand reads the masks of together.
const maskBatch = 64

// expand searches on from nodes, each togo moves from its end, by their
// entries' masks. A node's masks are a cache miss (2.1 GiB read at
// random), and most nodes have one or two children: searched one after
// another the misses would each cost the whole memory latency, so the
// masks of a batch of nodes are read together, their children made, and
// the children that need masks again taken the same way, by moves to go,
// before the next batch (the optimal solver's expand, solver/optimal.go).
func (c *CensusCounter) expand(nodes []pending, togo int) {
	m := c.stepMasks
	for start := 0; start < len(nodes) && !c.set.full; start += maskBatch {
		batch := nodes[start:min(start+maskBatch, len(nodes))]
		// Each node's entry (its flip and slice's class, a table larger than
		// a core's cache) and then its masks, in a loop of nothing else, so
		// that the nodes' misses overlap: looked up as each node was made,
		// between its siblings' moves and plans, the entries had a fifth of a
		// count's profile at QTM 13, and a count took 1.04 times as long
		// (BENCHMARKS.md).
		var (
			entries [maskBatch]int
			syms    [maskBatch]cube.Sym
			ones    [maskBatch]uint64
		)
		for i := range batch {
			entries[i], syms[i] = c.table.Entry(batch[i].x)
			ones[i] = c.slackOneWord(entries[i])
		}
		kids := c.kidsAt(togo)
		for i := range batch {
			n := &batch[i]
			slack, steps := c.nodeSteps(entries[i], ones[i], togo)
			if slack > 1 { // the masks keep no steps for it: its children looked up
				c.searchLooked(n.p, n.x, n.last, togo, slack, kids)
				continue
			}
			if n.last < 3 {
				steps &^= m.axisIn[syms[i]][n.last]
			}
			for ; steps != 0; steps &= steps - 1 {
				st := &c.steps[m.fromEntry[syms[i]][bits.TrailingZeros64(steps)]]
				q := stepPerm(n.p, *st)
				if st.cost == togo { // its child is within 0 moves: H
					if !st.inH {
						c.found(q, 0)
					}
					continue
				}
				y := c.move(n.x, st)
				c.passing(q, y, st, togo)
				c.pend(kids, q, y, st, togo)
			}
		}
		for cost, next := range kids {
			if len(next) > 0 {
				c.expand(next, togo-cost)
			}
		}
	}
}

// pend searches a child q, at coset y, of a node togo moves from its end
// (step st between them) at once if it needs no masks (searchNear), else
// puts it in kids by its step's cost.
func (c *CensusCounter) pend(kids *[maxStepCost + 1][]pending, q perm, y coord.Coset, st *censusStep, togo int) {
	if !c.searchNear(q, y, st.axis, togo-st.cost) {
		kids[st.cost] = append(kids[st.cost], pending{p: q, x: y, last: st.axis})
	}
}

// kidsAt returns the lists, by their steps' costs, of the children that
// expand at togo moves to go makes, emptied. A search has one expand
// under way at each togo at most (the moves to go fall along every path),
// so the lists are kept by togo.
func (c *CensusCounter) kidsAt(togo int) *[maxStepCost + 1][]pending {
	k := &c.kids[togo]
	for i := range k {
		k[i] = k[i][:0]
	}
	return k
}

// maxStepCost is the most an axis move costs (QTM's U2 D2).
const maxStepCost = 4

// found records the position p of H that a word of the search reached
// with rest moves to go (0: its end): given to mark when it is set, else
// entered in the set at Count's level depth - rest, and in that level's
// list, if new there or nearer than the set had it.
func (c *CensusCounter) found(p perm, rest int) {
	c.Probes++
	if c.mark != nil {
		c.mark(p)
		return
	}
	if d, key := c.depth-rest, permKey(p); c.set.visit(key, d) {
		c.levels[d] = append(c.levels[d], key)
	}
}

// passing finds, in Count's search (no mark), the child q at coset y
// that step st makes from a node togo moves from its end if it is a
// position of a shorter level: in H, by a step outside H.
func (c *CensusCounter) passing(q perm, y coord.Coset, st *censusStep, togo int) {
	if y == (coord.Coset{}) && !st.inH && c.mark == nil {
		c.found(q, togo-st.cost)
	}
}

// searchPlanned is search at a near coset, by its plan. A child near H
// too is searched by its plan at once, found by its index in the plan's
// list, not by its coset (a hash look-up and the coset's moves at every
// node near H, where most of a search's nodes are); a meet in the middle
// takes them by search, which looks it up.
func (c *CensusCounter) searchPlanned(p perm, last cube.Axis, togo int, plan *nearPlan) {
	slack := togo - int(plan.dist)
	var other uint64 = 1<<cube.NAxisMoves - 1
	if last < 3 {
		other &^= c.axisSteps[last]
	}
	for leaves := plan.leaves[slack] & other; leaves != 0; leaves &= leaves - 1 {
		s := &c.steps[bits.TrailingZeros64(leaves)]
		c.found(stepPerm(p, *s), 0)
	}
	next := c.near.next[plan.next[slack]:]
	for within := plan.within[slack]; within != 0; within &= within - 1 {
		s, child := &c.steps[bits.TrailingZeros64(within)], next[0]
		next = next[1:]
		if s.axis == last { // not taken, but its child's index read: next follows within's bits
			continue
		}
		q := stepPerm(p, *s)
		if child == hPlan && !s.inH && c.mark == nil { // passing, without the child's coset
			c.found(q, togo-s.cost)
		}
		if child >= 0 && c.meet == nil {
			c.searchPlanned(q, s.axis, togo-s.cost, &c.near.plans[child])
		} else {
			c.search(q, c.move(plan.x, s), s.axis, togo-s.cost)
		}
	}
}

// within reports whether coset y is within togo moves of H: near H by
// the small set of the cosets there, which stays in a core's cache (most
// of a search's nodes are a few moves from its end), else by the table.
func (c *CensusCounter) within(y coord.Coset, togo int) bool {
	if togo <= censusNearDepth {
		p := c.near.plan(y)
		return p != nil && int(p.dist) <= togo
	}
	if int(c.twistSlice[y.Twist*cube.NSlice+y.Slice]) > togo || int(c.flipSlice[y.Flip*cube.NSlice+y.Slice]) > togo {
		return false
	}
	return c.table.Distance(y) <= togo
}

// projectionDistances returns the distance from H's value (0, 0) of every
// pair of the values of two of a coset's coordinates, n1 by n2 of them,
// moved by the steps (the metric's costs): a lower bound on the distance
// of every coset with those two values, from a table small enough to stay
// in a core's cache.
func (c *Census) projectionDistances(n1, n2 int, move func(a, b int, s *censusStep) (int, int)) []uint8 {
	const unreached = 0xff
	dist := make([]uint8, n1*n2)
	for i := range dist {
		dist[i] = unreached
	}
	dist[0] = 0
	for d := range maxProjection { // Dijkstra by buckets: a step costs 1 to 4
		for i, di := range dist {
			if int(di) != d {
				continue
			}
			for k := range c.steps {
				s := &c.steps[k]
				a, b := move(i/n2, i%n2, s)
				j := a*n2 + b
				if nd := d + s.cost; nd < int(dist[j]) {
					dist[j] = uint8(nd)
				}
			}
		}
	}
	return dist
}

// maxProjection bounds the distances of projectionDistances' pairs (in
// QTM, the longest metric, a coset is at most 13 moves from H).
const maxProjection = 16

// censusNearDepth is the distance from H within which the census keeps
// cosets in a nearCosets: 20,000 cosets in STM, fewer in HTM and QTM.
const censusNearDepth = 4

// nearSlack is the most moves to go beyond its distance for which a near
// coset's plan lists its children.
const nearSlack = 2

// hPlan is H's index in a nearCosets' plans, the first found.
const hPlan = 0

// nearCosets are the cosets within censusNearDepth moves of H in one
// metric, with their plans: open addressing over packed cosets.
type nearCosets struct {
	slots []uint64 // cosetKey<<24 | index in plans; 0 is an empty slot
	shift uint
	plans []nearPlan
	// next holds the plans' children: from next[plan.next[slack]], one for
	// each step of plan.within[slack] in column order, the index of the
	// child's plan, -1 if the child is not near H.
	next []int32
}

// nearPlan is what a search node at a near coset with togo moves to go,
// togo = dist + slack, does, by the steps' columns: leaves[slack] are the
// steps of cost togo that end in H outside H (each a probe), within[slack]
// those of lower cost whose coset is within the moves left after them.
// Most of a search's nodes are such, and a plan spares them a look-up for
// each child. x is the plan's coset, whose moves make the children that
// are not near H.
type nearPlan struct {
	x              coord.Coset
	dist           uint8
	leaves, within [nearSlack + 1]uint64
	next           [nearSlack + 1]int32 // where the children's plans begin in nearCosets.next
}

// cosetKey packs x, never 0 (the twist is below 2^12, the flip below 2^11
// and the slice below 2^9).
func cosetKey(x coord.Coset) uint64 {
	return 1<<32 | uint64(x.Twist)<<20 | uint64(x.Flip)<<9 | uint64(x.Slice)
}

// plan returns x's plan, nil if x is not near H.
func (n *nearCosets) plan(x coord.Coset) *nearPlan {
	if i := n.index(x); i >= 0 {
		return &n.plans[i]
	}
	return nil
}

// index returns the index of x's plan, -1 if x is not near H.
func (n *nearCosets) index(x coord.Coset) int {
	k, mask := cosetKey(x), uint64(len(n.slots)-1)
	for i := hash(k) >> n.shift; ; i = (i + 1) & mask {
		switch v := n.slots[i]; {
		case v == 0:
			return -1
		case v>>24 == k:
			return int(v & (1<<24 - 1))
		}
	}
}

// censusNear returns the cosets within censusNearDepth of H in the
// counter's metric, found breadth first by the metric's moves from H and
// checked against the table, with their plans.
func (c *Census) censusNear() *nearCosets {
	table := c.table
	dist := map[coord.Coset]int{{}: 0}
	near := []coord.Coset{{}} // in the order found: the plans' order, H's hPlan
	level := near
	for d := 1; d <= censusNearDepth; d++ {
		var next []coord.Coset
		for _, x := range level {
			for _, m := range cube.MoveSetOf(table.Metric()).Units() {
				if y := table.Move(x, m); dist[y] == 0 && y != (coord.Coset{}) {
					dist[y] = d
					next = append(next, y)
				}
			}
		}
		near = append(near, next...)
		level = next
	}
	size := 16
	for size < 4*len(near) {
		size *= 2
	}
	n := &nearCosets{slots: make([]uint64, size), shift: uint(64 - bits.TrailingZeros(uint(size))), plans: make([]nearPlan, len(near))}
	for i, x := range near {
		if d := dist[x]; d != table.Distance(x) {
			panic(fmt.Sprintf("cosets: coset %v is %d moves from H, the coset table says %d", x, d, table.Distance(x)))
		}
		k := cosetKey(x)
		j := hash(k) >> n.shift
		for n.slots[j] != 0 {
			j = (j + 1) & uint64(size-1)
		}
		n.slots[j] = k<<24 | uint64(i)
	}
	for i, x := range near {
		p := &n.plans[i]
		p.x, p.dist = x, uint8(dist[x])
		for slack := range nearSlack + 1 {
			togo := dist[x] + slack
			p.next[slack] = int32(len(n.next))
			for col := range c.steps {
				s := &c.steps[col]
				y := c.move(x, s)
				switch {
				case s.cost == togo && y == (coord.Coset{}) && !s.inH:
					p.leaves[slack] |= 1 << col
				case s.cost < togo && table.Distance(y) <= togo-s.cost:
					p.within[slack] |= 1 << col
					n.next = append(n.next, int32(n.index(y)))
				}
			}
		}
	}
	return n
}

// stepPerm returns p after the axis move s.
func stepPerm(p perm, s censusStep) perm {
	for _, m := range s.faces {
		p = permMoves.move(p, m)
	}
	return p
}

// cosetCube returns a position of coset x: its coordinates set on the
// solved cube, two corners exchanged if need be so that the corners'
// permutation has the edges' parity (else it is no position of the cube).
func cosetCube(x coord.Coset) cube.Cube {
	c := cube.Solved
	c.SetTwist(x.Twist)
	c.SetFlip(x.Flip)
	c.SetSlice(x.Slice)
	if c.CornerParity() != c.EdgeParity() {
		c.CP[0], c.CP[1] = c.CP[1], c.CP[0]
	}
	return c
}

// permKey keys a position of H by its permutation coordinates (search.go),
// packed with a 1 above them so that no key is 0: the corners in 16 bits,
// each edge group's places in 14.
func permKey(p perm) uint64 {
	return 1<<58 | uint64(p.corners) | uint64(p.up)<<16 | uint64(p.down)<<30 | uint64(p.middle)<<44
}

func keyPerm(k uint64) perm {
	return perm{corners: uint16(k), up: uint16(k>>16) & 0x3fff, down: uint16(k>>30) & 0x3fff, middle: uint16(k>>44) & 0x3fff}
}

// keySet is a set of nonzero keys, each with a level (Count's least
// distance found for it so far): open addressing with linear probing, at
// most half full, grown by doubling, holding at most limit keys. A slot
// holds its key with the level above it (permKey leaves the top bits).
type keySet struct {
	slots []uint64
	n     int
	shift uint // a key's home is the top bits of its hash
	limit int
	// full is set when a new key came beyond the limit: it was left out.
	// The limit holds during a search, not only at its end, so that a
	// coset with billions of positions within the depth never grows the
	// set (or the level lists) past the limit: the census's memory
	// estimate. An STM 10 census ran out of 24 GB in such a level while the
	// check was made at the level's end.
	full bool
}

// levelShift places a slot's level above its key (keyMask); maxLevel is
// the greatest level a slot holds.
const (
	levelShift = 59
	keyMask    = 1<<levelShift - 1
	maxLevel   = 1<<(64-levelShift) - 1
)

// reset empties the set and sets its limit, keeping its slots unless they
// are many more than the last coset needed.
func (s *keySet) reset(limit int) {
	s.limit, s.full = limit, false
	if len(s.slots) > 1<<16 && s.n < len(s.slots)/16 {
		s.slots = nil
	}
	clear(s.slots)
	s.n = 0
	if s.slots == nil {
		s.grow(1 << 10)
	}
}

// grow rehashes the set into n slots, a power of two.
func (s *keySet) grow(n int) {
	old := s.slots
	s.slots, s.shift = make([]uint64, n), uint(64-bits.TrailingZeros(uint(n)))
	mask := uint64(n - 1)
	for _, v := range old {
		if v != 0 {
			i := hash(v&keyMask) >> s.shift
			for s.slots[i] != 0 {
				i = (i + 1) & mask
			}
			s.slots[i] = v
		}
	}
}

// visit enters k at level d, or lowers its level to d, and reports whether
// it did either.
func (s *keySet) visit(k uint64, d int) bool {
	mask := uint64(len(s.slots) - 1)
	for i := hash(k) >> s.shift; ; i = (i + 1) & mask {
		switch v := s.slots[i]; {
		case v&keyMask == k:
			if int(v>>levelShift) <= d {
				return false
			}
			s.slots[i] = k | uint64(d)<<levelShift
			return true
		case v == 0:
			if s.n >= s.limit {
				s.full = true
				return false
			}
			s.slots[i] = k | uint64(d)<<levelShift
			if s.n++; 2*s.n > len(s.slots) {
				s.grow(2 * len(s.slots))
			}
			return true
		}
	}
}

// level returns k's level, -1 if k is not in the set.
func (s *keySet) level(k uint64) int {
	mask := uint64(len(s.slots) - 1)
	for i := hash(k) >> s.shift; ; i = (i + 1) & mask {
		switch v := s.slots[i]; {
		case v&keyMask == k:
			return int(v >> levelShift)
		case v == 0:
			return -1
		}
	}
}
