package solver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// The optimal solver in face, quarter or slice turns: Mike Reid's method,
// Cube Explorer's "standard optimal solver" (seed 000, "The Optimal
// Solvers"). An iterative-deepening search over canonical sequences is
// pruned by the phase-1 distance (in the metric searched) seen along each
// of the three axes, whose goal groups
// intersect in a group holding the solved cube: the largest of the three
// bounds the distance, plus one when all three are equal and not 0 (Michiel
// de Bondt's remark: a move from the intersection leaves at least one of
// the three at 0, so n moves from it leave one of them below n). A
// sequence that brings all three to 0 is checked on the whole cube.
//
// Depths are searched in order, so the first solution found is optimal.
// The sequences of each depth are cut into subtrees by their first moves
// (rootMoves; a symmetric cube's by its first two runs, one pair of each orbit of
// its symmetries: cube.SymmetricRoots), searched on the workers and merged in order: the solution
// returned is the first in that order whatever the worker count. After a
// depth searched whole, the next searches first the subtrees that had the
// most nodes there (nissy's H48 solver, "Heuristically sorting tasks": a
// subtree whose bounds cut less is likelier to hold a solution). A search
// stops at its first solution, so the order decides how much of the last
// depth, the largest, is searched: on twelve random cubes with the big HTM
// table it searched 46% of the nodes it did in move order. The counts do not
// depend on the workers, so neither does the order.

// axisSyms take the U-D axis to each of the three axes (the rotations about
// the URF-DBL diagonal, x1 = 0, 1, 2 in cube.Sym).
var axisSyms = [3]cube.Sym{0, 16, 32}

// nUnits is the number of moves an optimal search may make: the 18 face
// turns, and in STM the nine slice turns, which are numbered after them.
const nUnits = cube.NFaceMoves + cube.NSliceMoves

// unitCube[m] is what move m does relative to the centers: a slice turn
// is its two faces turned oppositely (M = R L'), the centers being the
// frame of every position the search compares.
var unitCube = func() (t [nUnits]cube.Cube) {
	for m := range cube.Move(nUnits) {
		t[m] = cube.CubeOf(m)
	}
	return t
}()

// axisMoves[k][m] is move m seen along axis k: S^-1 m S for S =
// axisSyms[k], the move its conjugated cube makes.
var axisMoves = func() (t [3][nUnits]cube.Move) {
	for k, s := range axisSyms {
		for m := range cube.Move(nUnits) {
			t[k][m] = cube.ConjugateMove(m, s)
		}
	}
	return t
}()

// triple is a cube's coordinates along the three axes: phase 1's, the
// corners' layers and the slice edges' order (the big tables').
type triple [3]struct {
	twist, flip, slice, order uint16
	layer                     uint8
}

func (s *Solver) tripleOf(c cube.Cube) triple {
	var t triple
	for k, y := range axisSyms {
		d := cube.Conjugate(c, y)
		t[k].twist, t[k].flip, t[k].slice, t[k].layer = uint16(d.Twist()), uint16(d.Flip()), uint16(d.Slice()), uint8(d.CornerLayer())
		t[k].order = uint16(coord.SliceOrderV4(&d))
	}
	return t
}

// move returns the coordinates t after move m.
func (p optimalTable) move(t *triple, m cube.Move) triple {
	c := p.moves
	var u triple
	for k := range t {
		mk := axisMoves[k][m]
		u[k].twist, u[k].flip, u[k].slice = c.Twist[t[k].twist][mk], c.Flip[t[k].flip][mk], c.Slice[t[k].slice][mk]
		u[k].layer, u[k].order = uint8(c.Layer[t[k].layer][mk]), c.Order[t[k].order][mk]
	}
	return u
}

// optimalTable bounds the distance seen along one axis: by the big table
// when the solver has it, else by phase 1's; moves are the coordinates'
// move tables for the metric's moves.
type optimalTable struct {
	p1    *coord.SymTable
	big   *coord.OptimalPruning
	moves *coord.MoveTables
}

// axis returns the bound of axis k of t.
func (p optimalTable) axis(t *triple, k int) int { return p.at(p.index(t, k)) }

// index returns the entry of axis k of t; at reads it. Apart, a node's
// children's entries can all be found before any is read, so that the
// reads, cache misses nearly all, overlap.
func (p optimalTable) index(t *triple, k int) int {
	fs := int(t[k].slice)*cube.NFlip + int(t[k].flip)
	if p.big != nil {
		return p.big.Index(fs, int(t[k].twist), int(t[k].layer), int(t[k].order))
	}
	return p.p1.Index(fs, int(t[k].twist))
}

func (p optimalTable) at(i int) int {
	if p.big != nil {
		return p.big.At(i)
	}
	return p.p1.At(i)
}

// bound is the lower bound on the distance of a cube with coordinates t:
// the largest axis, plus one when all three are equal and not 0 (both
// tables' goal groups hold the turns of their axis's faces).
func (p optimalTable) bound(t *triple) int {
	var d [3]int
	for k := range t {
		d[k] = p.axis(t, k)
	}
	h := max(d[0], d[1], d[2])
	if d[0] == d[1] && d[1] == d[2] && h > 0 {
		h++
	}
	return h
}

// exceeds reports whether bound(t) > left, looking up no more axes than
// it needs: most nodes are cut by the first or second.
func (p optimalTable) exceeds(t *triple, left int) bool {
	var d [3]int
	for k := range t {
		if d[k] = p.axis(t, k); d[k] > left {
			return true
		}
	}
	return d[0] == d[1] && d[1] == d[2] && d[0] == left && left > 0
}

// Optimal is the result of an optimal search.
type Optimal struct {
	Moves []cube.Move // an optimal solution; nil when the budget ran out first
	// Lower is the distance proven: every shorter sequence was searched
	// (when Moves is set, len(Moves)).
	Lower int
	Nodes int64
}

// Optimal returns a shortest maneuver solving c in metric m (HTM or QTM:
// its length in m is the distance), searching on workers goroutines. The
// QTM table is built or loaded on first use. With s.NodeBudget set, a
// search that spends it returns ErrBudget with the lower bound it proved;
// a depth is counted as searched only when it was searched whole.
func (s *Solver) Optimal(ctx context.Context, c cube.Cube, m cube.Metric, workers int) (Optimal, error) {
	return s.OptimalWithin(ctx, c, m, workers, noMaxDepth)
}

// ErrBeyond is returned by OptimalWithin for a cube further than its
// depth: the Optimal beside it has the distance proven, past that depth.
var ErrBeyond = errors.New("no solution within the depth asked for")

// OptimalWithin is Optimal for the question whether c is within maxDepth
// moves of m: it searches no deeper, and returns ErrBeyond when every
// maneuver of at most maxDepth moves was searched in vain. Proving a cube
// further than d costs the searches to d alone, where Optimal goes on to
// the depth of a solution (in QTM each depth of the same parity costs
// about ninety times the one before).
func (s *Solver) OptimalWithin(ctx context.Context, c cube.Cube, m cube.Metric, workers, maxDepth int) (Optimal, error) {
	if err := c.Verify(); err != nil {
		return Optimal{}, fmt.Errorf("solver: %w", err)
	}
	if m >= cube.NMetrics {
		return Optimal{}, fmt.Errorf("solver: optimal solutions in %v are not supported (HTM, QTM or STM)", m)
	}
	return s.optimal(ctx, c, m, workers, cube.SymmetriesOf(c), maxDepth)
}

// noMaxDepth is optimal's maxDepth for a search to the cube's distance.
const noMaxDepth = math.MaxInt

// optimal is Optimal with the symmetries of c that the search may use
// (cube.SymmetricRoots); with the identity alone it searches every sequence.
func (s *Solver) optimal(ctx context.Context, c cube.Cube, m cube.Metric, workers int, syms []cube.Sym, maxDepth int) (Optimal, error) {
	e, err := s.engine(c, m)
	if err != nil {
		return Optimal{}, err
	}
	return s.optimalWith(ctx, e, c, m, workers, syms, maxDepth)
}

// optimalWith is optimal with the search e of c, to maxDepth at most.
func (s *Solver) optimalWith(ctx context.Context, e engine, c cube.Cube, m cube.Metric, workers int, syms []cube.Sym, maxDepth int) (Optimal, error) {
	symmetric := cube.NewSymmetricRootSets(m, syms)
	res := Optimal{Lower: e.lower()}
	if c == cube.Solved {
		return Optimal{Moves: []cube.Move{}}, nil
	}
	var order rootOrder
	for depth := max(res.Lower, 1); ; depth++ {
		if depth > maxDepth {
			res.Lower = max(res.Lower, depth)
			return res, ErrBeyond
		}
		if m == cube.QTM && depth%2 != c.CornerParity() {
			// A quarter turn is an odd permutation of the corners, so
			// every maneuver solving c has the parity of c's corners.
			res.Lower = depth + 1
			continue
		}
		var roots [][]cube.Move
		closed := false
		if len(syms) > 1 && depth > cube.MaxRunCost {
			roots, closed = symmetric.Roots(depth), true
		} else {
			n := coarseRootMoves
			if order.searched() >= fineRootsAfter {
				n = rootMoves
			}
			var bounded int64
			roots, bounded = e.liveRoots(min(depth, n), depth)
			res.Nodes += bounded
		}
		inOrder := order.next(roots)
		type result struct {
			moves []cube.Move
			nodes int64
		}
		newWorker := func(int) func(int) result {
			search := e.newSearch()
			return func(i int) result {
				moves, nodes := search.search(roots[inOrder[i]], depth, closed)
				return result{moves, nodes}
			}
		}
		var found []cube.Move
		merge := func(i int, r result) (bool, error) {
			res.Nodes += r.nodes
			order.nodes[inOrder[i]] = r.nodes
			if r.moves != nil {
				found = r.moves
				return false, nil
			}
			return s.NodeBudget <= 0 || res.Nodes <= s.NodeBudget, nil
		}
		merged, err := parallel.Ordered(ctx, 0, len(roots), workers, newWorker, merge)
		switch {
		case err != nil:
			return res, err
		case found != nil:
			// The search's moves name the layers of the home frame (M is
			// R L' relative to the centers); Reframe names them as usual.
			res.Moves, res.Lower = cube.Reframe(cube.Simplify(found)), len(found)
			return res, nil
		case merged < len(roots):
			return res, ErrBudget
		}
		res.Lower = depth + 1
	}
}

// engine is an optimal search of one cube as the driver (optimal) runs it:
// its tables' bound on the cube's distance, the subtrees a depth is cut
// into, and searches of them, one a worker.
type engine interface {
	lower() int
	// liveRoots returns the canonical sequences of n moves that begin the
	// solutions of depth moves, but for those the tables already cut, in
	// move order, and how many sequences it bounded.
	liveRoots(n, depth int) ([][]cube.Move, int64)
	newSearch() subtreeSearch
}

// subtreeSearch searches subtrees on one goroutine.
type subtreeSearch interface {
	// search returns a sequence of depth moves beginning with root that
	// solves the cube, or nil, and the nodes searched; closed says that
	// root's last run may not be extended (a symmetric cube's roots).
	search(root []cube.Move, depth int, closed bool) ([]cube.Move, int64)
}

// engine returns the search of c in metric m with the tables Config.Optimal
// names: H48's (face turns only), else the axis tables (optimalTable).
func (s *Solver) engine(c cube.Cube, m cube.Metric) (engine, error) {
	if s.Tables.OptimalKind() == coord.H48Table {
		if m != cube.HTM {
			return nil, fmt.Errorf("solver: the h48 table is for face turns (HTM), not %v", m)
		}
		t, err := s.Tables.H48()
		if err != nil {
			return nil, err
		}
		return h48Engine{h48Tables{*t}, c}, nil
	}
	table, err := s.optimalTable(m)
	if err != nil {
		return nil, err
	}
	return axisEngine{s: s, table: table, metric: m, cube: c, start: s.tripleOf(c)}, nil
}

// LoadOptimal builds or loads the optimal search's tables in metric m,
// which Optimal otherwise does on first use.
func (s *Solver) LoadOptimal(m cube.Metric) error {
	_, err := s.engine(cube.Solved, m)
	return err
}

// axisEngine is the search with the axis tables (phase 1's or the big
// ones) of cube, whose coordinates are start.
type axisEngine struct {
	s      *Solver
	table  optimalTable
	metric cube.Metric
	cube   cube.Cube
	start  triple
}

func (e axisEngine) lower() int { return e.table.bound(&e.start) }

func (e axisEngine) liveRoots(n, depth int) ([][]cube.Move, int64) {
	return e.s.liveRoots(e.table, e.start, e.metric, n, depth)
}

func (e axisEngine) newSearch() subtreeSearch {
	return &optimalSearch{s: e.s, table: e.table, metric: e.metric, moves: cube.MoveSetOf(e.metric).Units(), cube: e.cube, start: e.start}
}

// search is subtreeSearch's.
func (o *optimalSearch) search(root []cube.Move, depth int, closed bool) ([]cube.Move, int64) {
	o.nodes, o.path, o.closedAt = 0, append(o.path[:0], root...), -1
	if closed {
		o.closedAt = len(root)
	}
	t, r := o.start, o.cube
	for _, m := range root {
		t = o.table.move(&t, m)
		r.Mul(&r, &unitCube[m])
	}
	var axes [3]cube.Cube
	for k, y := range axisSyms {
		axes[k] = cube.Conjugate(r, y)
	}
	if o.dfs(&t, &axes, depth-len(root)) {
		return append([]cube.Move{}, o.path...), o.nodes
	}
	return nil, o.nodes
}

// rootMoves is the length of the subtrees' first moves once a depth has
// searched fineRootsAfter nodes: up to 43,254 canonical sequences in HTM,
// fine enough for the order to find a solution early (on the twelve cubes
// above, 3,240 subtrees of three moves searched 64% of the last depth's
// nodes and 243 of two 88%; of five moves, the subtrees' own costs made the
// search slower). Before, subtrees of coarseRootMoves: a cube a few moves
// from solved needs less search than cutting it into so many.
const (
	rootMoves       = 4
	coarseRootMoves = 2
	fineRootsAfter  = 1 << 16
)

// liveRoots returns the subtrees a depth is cut into with the axis
// tables: the canonical sequences of n moves of cost 1 in m from the cube
// whose coordinates are start, in move order, but for those with a
// beginning whose bound already exceeds the moves left (the search would
// cut it at once; on a cube near solved nearly all are cut, and a subtree
// costs more than a node), and how many sequences it bounded.
func (s *Solver) liveRoots(table optimalTable, start triple, m cube.Metric, n, depth int) (roots [][]cube.Move, bounded int64) {
	return canonicalRoots(m, start, n, depth, table.move, table.exceeds)
}

// canonicalRoots returns the canonical sequences of n moves of cost 1 in m
// from coordinates start (move gives a move's), in move order, but for
// those with a beginning that exceeds (its bound above the moves left of
// depth), and how many sequences it bounded.
func canonicalRoots[T any](m cube.Metric, start T, n, depth int, move func(*T, cube.Move) T, exceeds func(*T, int) bool) (roots [][]cube.Move, bounded int64) {
	path, units := make([]cube.Move, 0, n), cube.MoveSetOf(m).Units()
	var extend func(t *T)
	extend = func(t *T) {
		if len(path) == n {
			roots = append(roots, slices.Clone(path))
			return
		}
		for _, b := range units {
			if !canFollow(m, path, b) {
				continue
			}
			next := move(t, b)
			bounded++
			if !exceeds(&next, depth-len(path)-1) {
				path = append(path, b)
				extend(&next)
				path = path[:len(path)-1]
			}
		}
	}
	extend(&start)
	return roots, bounded
}

// rootOrder orders a depth's subtrees by the nodes each had at the depth
// searched before it.
type rootOrder struct {
	roots [][]cube.Move
	nodes []int64 // nodes[i] is the nodes searched in roots[i], filled by the search
}

// searched returns the nodes searched in the roots of the last depth.
func (o *rootOrder) searched() int64 {
	var n int64
	for _, c := range o.nodes {
		n += c
	}
	return n
}

// next returns the order in which to search roots, the indices of roots:
// by decreasing nodes at the depth before, of the root or else of its
// longest beginning that was a root there (roots grow longer once the
// depths take longer), ties in move order; a root with neither counts 0,
// so the first depth is searched in move order. It resets the counts for
// the new depth.
func (o *rootOrder) next(roots [][]cube.Move) []int {
	before := make(map[string]int64, len(o.roots))
	for i, r := range o.roots {
		before[rootKey(r)] = o.nodes[i]
	}
	counts := make([]int64, len(roots))
	order := make([]int, len(roots))
	for i, r := range roots {
		order[i] = i
		key := rootKey(r) // a byte a move: its prefixes are the beginnings' keys
		for n := len(key); n > 0; n-- {
			if c, ok := before[key[:n]]; ok {
				counts[i] = c
				break
			}
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(counts[b], counts[a]) })
	o.roots, o.nodes = roots, make([]int64, len(roots))
	return order
}

// rootKey is a map key for the moves of a root.
func rootKey(r []cube.Move) string {
	b := make([]byte, len(r))
	for i, m := range r {
		b[i] = byte(m)
	}
	return string(b)
}

// canFollow reports whether move m may follow path in a canonical
// sequence of metric m's moves. In HTM that is cube.CanFollow. In STM a
// run of one axis's moves is one move (a face or a slice turn), or its two
// faces, first face first, when they are not a slice turn (R L' is M):
// every turn of an axis's layers is one of those, at its cost. In QTM a
// half turn is two clockwise quarter turns (two counter-clockwise ones make
// the same half turn), so a clockwise turn may repeat the last move once but
// not twice (three are one the other way), and no move may undo the last;
// and of two turns of opposite faces, which commute, the first face in
// cube.Layer order comes first. Every cube has a shortest sequence of that
// form: sorting the turns of each run on one axis by face does not change
// its length.
func canFollow(metric cube.Metric, path []cube.Move, m cube.Move) bool {
	n := len(path)
	if n == 0 {
		return true
	}
	last := path[n-1]
	switch metric {
	case cube.HTM:
		return cube.CanFollow(last, m)
	case cube.STM:
		return m.Axis() != last.Axis() ||
			last.IsFace() && m.IsFace() && last.AxisRank() < m.AxisRank() && last.Power()+m.Power() != 4
	}
	switch {
	case m == last.Inverse():
		return false
	case m == last:
		return m.Power() == 1 && (n < 2 || path[n-2] != m)
	case m.Axis() == last.Axis():
		return last.Layer() < m.Layer()
	}
	return true
}

// optimalSearch is one worker's depth-first search.
type optimalSearch struct {
	s      *Solver
	table  optimalTable // in the metric searched
	metric cube.Metric
	moves  []cube.Move // the metric's moves of cost 1
	cube   cube.Cube
	start  triple // the cube's coordinates
	path   []cube.Move
	// closedAt is the length of a symmetric cube's root (symmetricRoots),
	// whose last run the search may not extend; -1 for other cubes.
	closedAt int
	// levels[l] holds the nodes with l moves to go being searched, and
	// cands the children being bounded (expand).
	levels [maxOptimalDepth + 1][]node
	cands  []candidate
	nodes  int64
}

// maxOptimalDepth bounds the optimal search's depth: God's number is 20
// face turns and 26 quarter turns.
const maxOptimalDepth = 32

// dfs searches the canonical sequences of exactly left more moves after
// o.path, whose coordinates are t and whose cube seen along each axis is
// axes, for one that solves the cube.
func (o *optimalSearch) dfs(t *triple, axes *[3]cube.Cube, left int) bool {
	o.nodes++
	if o.table.exceeds(t, left) {
		return false
	}
	inv := inverseTriple(axes)
	o.levels[left] = append(o.levels[left][:0], node{t: *t, axes: *axes, n: int8(len(o.path))})
	root := &o.levels[left][0]
	copy(root.path[:], o.path)
	for k := range root.invD {
		root.invD[k] = int8(o.table.axis(&inv, k))
	}
	if beyond(root.invD, left) {
		return false
	}
	return o.expand(o.levels[left][:1], left)
}

// beyond reports whether the three axes' bounds d put a cube further than
// left moves (de Bondt's rule included, see bound).
func beyond(d [3]int8, left int) bool {
	l := int8(left)
	return max(d[0], d[1], d[2]) > l || d[0] == d[1] && d[1] == d[2] && d[0] == l && l > 0
}

// node is a sequence the search reached and did not cut: its coordinates,
// its cube seen along each axis, its inverse's bounds and its moves.
type node struct {
	t    triple
	axes [3]cube.Cube
	invD [3]int8
	n    int8
	path [maxOptimalDepth]cube.Move
}

// candidate is a child of a node, before the tables have passed it.
type candidate struct {
	parent int32 // in the batch
	m      cube.Move
	d      [3]int8
	t      triple
	entry  int    // of the axis being read
	inv    [3]int // the inverse's entries
}

// batchNodes is how many nodes of a level are expanded together: their
// children's table reads (a thousand or so) are found before any is made.
// The reads are cache and TLB misses nearly all; made one after another
// each costs the whole memory latency (about 400 ns measured here, inside
// a virtual machine), made together they overlap, to about 30 ns each.
const batchNodes = 96

// expand searches the sequences of exactly left more moves after each node
// of level, which the tables did not cut, in order. It takes the level in
// batches, makes every child of a batch and bounds them all together, an
// axis at a time, then searches the children that pass, again by batches,
// before the next batch: the sequences are searched in depth-first order
// (the first solution found is the one a plain depth-first search finds
// first), only more nodes of a level at a time.
//
// The bounds are those of bound, then the inverse's three axes (a cube and
// its inverse are equally far from solved, as in Rokicki's nxopt), which
// need the child's cube: the cubes are carried along the path, seen along
// each axis, and only the children that pass the first three make theirs.
//
// Two more facts from nxopt (cube20src, nxopt.md, "Search") save work. The
// tables' goal groups hold their axis's face turns, so a cube whose
// inverse is exactly left moves away along axis k (invD[k] == left) has no
// solution of left moves that starts with a turn of axis k: its inverse's
// would end with one, and without that turn it would reach the goal group
// in fewer moves than the table says. Those children are not made. And a
// turn of axis k does not change the inverse's coordinates along axis k,
// so a child inherits that bound.
func (o *optimalSearch) expand(level []node, left int) bool {
	if left == 0 {
		for i := range level {
			if o.solves(&level[i]) {
				o.path = append(o.path[:0], level[i].path[:level[i].n]...)
				return true
			}
		}
		return false
	}
	for start := 0; start < len(level); start += batchNodes {
		batch := level[start:min(start+batchNodes, len(level))]
		if o.expand(o.children(batch, left), left-1) {
			return true
		}
	}
	return false
}

// children returns the children of the nodes of batch (left moves to go)
// that the tables do not cut, in order, in the level buffer of left-1.
func (o *optimalSearch) children(batch []node, left int) []node {
	cands := o.cands[:0]
	for pi := range batch {
		p := &batch[pi]
		path := p.path[:p.n]
		for _, m := range o.moves {
			if canFollow(o.metric, path, m) && int(p.invD[moveAxis[m]]) != left && !o.extendsRoot(path, m) {
				cands = append(cands, candidate{parent: int32(pi), m: m, t: o.table.move(&p.t, m)})
			}
		}
	}
	o.cands = cands
	o.nodes += int64(len(cands))
	// The three axes, each for the children not yet cut: the reads of an
	// axis are found first, then made, then the children filtered.
	limit := int8(left - 1)
	for k := range 3 {
		for i := range cands {
			cands[i].entry = o.table.index(&cands[i].t, k)
		}
		for i := range cands {
			cands[i].d[k] = int8(o.table.at(cands[i].entry))
		}
		kept := cands[:0]
		for _, c := range cands {
			if c.d[k] <= limit && !(k == 2 && c.d[0] == c.d[1] && c.d[1] == c.d[2] && c.d[0] == limit && limit > 0) {
				kept = append(kept, c)
			}
		}
		cands = kept
	}
	// The inverses: each child's cube, then the reads of its other two axes.
	next := o.levels[left-1][:0]
	for i := range cands {
		c := &cands[i]
		p := &batch[c.parent]
		next = append(next, node{t: c.t, n: p.n + 1, path: p.path})
		ch := &next[len(next)-1]
		ch.path[p.n] = c.m
		for k := range ch.axes {
			ch.axes[k].Mul(&p.axes[k], &unitCube[axisMoves[k][c.m]])
		}
		inv := inverseTriple(&ch.axes)
		for k := range c.inv {
			if k != moveAxis[c.m] {
				c.inv[k] = o.table.index(&inv, k)
			}
		}
	}
	for i := range next {
		c := &cands[i]
		for k := range c.inv {
			if k == moveAxis[c.m] {
				next[i].invD[k] = batch[c.parent].invD[k]
			} else {
				next[i].invD[k] = int8(o.table.at(c.inv[k]))
			}
		}
	}
	o.levels[left-1] = next
	kept := next[:0]
	for i := range next {
		if !beyond(next[i].invD, left-1) {
			kept = append(kept, next[i])
		}
	}
	return kept
}

// extendsRoot reports whether m after path would continue the last run of
// a symmetric cube's root.
func (o *optimalSearch) extendsRoot(path []cube.Move, m cube.Move) bool {
	return len(path) == o.closedAt && m.Axis() == path[len(path)-1].Axis()
}

// moveAxis[m] is the axis k (of axisSyms) along which move m is a turn of
// the U or D face, or of the slice between them.
var moveAxis = func() (t [nUnits]int) {
	for m := range cube.Move(nUnits) {
		for k := range axisSyms {
			if axisMoves[k][m].Axis() == cube.AxisUD {
				t[m] = k
			}
		}
	}
	return t
}()

// solves reports whether x's moves solve the cube; the search asks only
// where the three axes' bounds are 0.
func (o *optimalSearch) solves(x *node) bool {
	c := o.cube
	for _, m := range x.path[:x.n] {
		c.Mul(&c, &unitCube[m])
	}
	return c == cube.Solved
}

// optimalTable returns the optimal search's table in metric m: the one
// the tables' Config.Optimal names, built or loaded on first use, or phase
// 1's in m.
func (s *Solver) optimalTable(m cube.Metric) (optimalTable, error) {
	moves := s.Tables.MoveTablesIn(m)
	big, err := s.Tables.Optimal(m)
	if err != nil || big != nil {
		return optimalTable{big: big, moves: moves}, err
	}
	p1, err := s.Tables.Phase1In(m)
	return optimalTable{p1: p1, moves: moves}, err
}

// inverseTriple returns the coordinates of the inverses of the cubes seen
// along the three axes, read off the cubes without forming the inverses:
// where c holds piece i at position p, its inverse holds piece p at
// position i, oppositely twisted.
func inverseTriple(axes *[3]cube.Cube) triple {
	var t triple
	for k := range axes {
		c := &axes[k]
		var co [cube.NCorners]uint8
		var layerMask int
		for i, p := range c.CP {
			co[p] = (3 - c.CO[i]) % 3
			if i >= int(cube.DFR) {
				layerMask |= 1 << p
			}
		}
		var eo [cube.NEdges]uint8
		var sliceEdge [cube.NEdges]int8 // the inverse's slice edge at each position, minus FR
		var sliceMask int
		for i, p := range c.EP {
			eo[p] = c.EO[i]
			if i >= int(cube.FR) {
				sliceMask |= 1 << p
				sliceEdge[p] = int8(i - int(cube.FR))
			}
		}
		key, shift := 0, 0
		for m := sliceMask; m != 0; m &= m - 1 {
			key |= int(sliceEdge[bits.TrailingZeros(uint(m))]) << shift
			shift += 2
		}
		twist, flip := 0, 0
		for _, o := range co[:cube.NCorners-1] {
			twist = 3*twist + int(o)
		}
		for _, o := range eo[:cube.NEdges-1] {
			flip = 2*flip + int(o)
		}
		t[k].twist, t[k].flip = uint16(twist), uint16(flip)
		t[k].slice, t[k].layer = sliceOfMask[sliceMask], layerOfMask[layerMask]
		t[k].order = uint16(coord.SliceOrderOf(int(t[k].slice), key))
	}
	return t
}

// sliceOfMask[m] is the Slice coordinate of the four edge positions in
// bit mask m; layerOfMask the CornerLayer of four corner positions.
var sliceOfMask, layerOfMask = func() (s [1 << cube.NEdges]uint16, l [1 << cube.NCorners]uint8) {
	for x := range cube.NSlice {
		c := cube.Solved
		c.SetSlice(x)
		m := 0
		for p, e := range c.EP {
			if e >= cube.FR {
				m |= 1 << p
			}
		}
		s[m] = uint16(x)
	}
	for x := range cube.NCornerLayer {
		c := cube.Solved
		c.SetCornerLayer(x)
		m := 0
		for p, e := range c.CP {
			if e >= cube.DFR {
				m |= 1 << p
			}
		}
		l[m] = uint8(x)
	}
	return s, l
}()
