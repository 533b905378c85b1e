package solver

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// ErrNoSolution is returned when no maneuver within the length limit was
// found.
var ErrNoSolution = errors.New("no solution within the length limit")

// ErrBudget is returned when a search visits more nodes than Solver.NodeBudget.
var ErrBudget = errors.New("search node budget exhausted")

// Solver searches with the move and pruning tables of the coordinate
// level (coord). It may be used by several goroutines at once.
type Solver struct {
	// ExtraDepths is how many phase-1 lengths beyond the first success
	// Solve still tries for a shorter total: 0 returns the first solution
	// (fastest), New sets 2.
	ExtraDepths int
	// NodeBudget, if positive, bounds the search nodes of one Solve; past
	// it Solve returns the best solution found, or ErrBudget. Unlike a
	// timeout it gives the same answer on every machine.
	NodeBudget int64
	// Tables are the coordinates' move and pruning tables (coord).
	Tables *coord.Tables
}

// New returns a solver with the default coord.Config. It panics only if a
// table in the cache is damaged in a way its checksum missed.
func New() *Solver {
	s, err := NewWith(coord.Config{})
	if err != nil {
		panic(err)
	}
	return s
}

// NewWith returns a solver over the tables cfg names, the two-phase ones
// loaded from the cache folder when they are there, else built and stored
// there.
func NewWith(cfg coord.Config) (*Solver, error) {
	t, err := coord.Load(cfg)
	if err != nil {
		return nil, err
	}
	return &Solver{ExtraDepths: 2, Tables: t}, nil
}

// Solution is what one search found and what it cost.
type Solution struct {
	Moves []cube.Move // a maneuver solving the cube
	Nodes int64       // search nodes visited
	Tail  int         // moves of the search's tail at its end (0: none; see withTails)
}

// Solve returns a maneuver of at most maxLength face turns that solves c
// (c followed by the maneuver is the solved cube), or ErrNoSolution. It
// tries phase-1 lengths in increasing order; after the first complete
// solution it tries s.ExtraDepths more, each time asking for a shorter
// total.
func (s *Solver) Solve(c cube.Cube, maxLength int) ([]cube.Move, error) {
	sol, err := s.Find(c, maxLength)
	return sol.Moves, err
}

// direction is one of the six ways the search looks at a cube (seed 000,
// "The Two-Phase Algorithm": Cube Explorer searches the cube seen along
// each of its three axes, and its inverse): the cube, or its inverse,
// conjugated by a rotation about the URF-DBL diagonal, which takes the
// U-D axis to another. Phase 1 of one direction may be far shorter than
// of another.
type direction struct {
	sym     cube.Sym
	inverse bool
}

var directions = [6]direction{{0, false}, {16, false}, {32, false}, {0, true}, {16, true}, {32, true}}

// target returns the cube the direction searches.
func (d direction) target(c cube.Cube) cube.Cube {
	if d.inverse {
		c = cube.Inverse(c)
	}
	return cube.Conjugate(c, d.sym)
}

// back turns a solution of d.target(c) into one of c: if S^-1 c S w = 1
// then c (S w S^-1) = 1, and if c^-1 w = 1 then c w^-1 = 1.
func (d direction) back(w []cube.Move) []cube.Move {
	out := make([]cube.Move, len(w))
	for i, m := range w {
		out[i] = cube.ConjugateMove(m, d.sym.Inverse())
	}
	if d.inverse {
		return cube.InverseManeuver(out)
	}
	return out
}

// Find is Solve, also counting the nodes searched. When the node budget
// runs out after a solution was found, it returns the best one so far;
// before, ErrBudget.
func (s *Solver) Find(c cube.Cube, maxLength int) (Solution, error) {
	if err := c.Verify(); err != nil {
		return Solution{}, fmt.Errorf("solver: %w", err)
	}
	steps, err := s.Tables.Phase1Steps()
	if err != nil {
		return Solution{}, fmt.Errorf("solver: %w", err)
	}
	r := &run{Solver: s, Tables: s.Tables, steps: steps, count: nodeCount{budget: s.NodeBudget}}
	var path []cube.Move
	return s.bestOf(c, cube.HTM, maxLength, &r.count, func(t *cube.Cube, depth, limit int) ([]cube.Move, int, bool) {
		path = path[:0]
		if sol, ok := r.phase1(t, depth, &path, limit); ok {
			return sol, 0, true
		}
		return r.withTails(*t, depth, &path, limit)
	})
}

// bestOf searches the cube seen in the six directions, at each depth of
// phase 1 in turn, with try (a solution of the direction's cube t with
// phase 1 of depth moves, of at most limit moves in metric m, and the
// length of its tail), and keeps the shortest solution; count is where
// try counts its nodes. After the first solution it tries s.ExtraDepths
// more depths, each time asking for a shorter one.
func (s *Solver) bestOf(c cube.Cube, m cube.Metric, maxLength int, count *nodeCount, try func(t *cube.Cube, depth, limit int) ([]cube.Move, int, bool)) (Solution, error) {
	var targets [len(directions)]cube.Cube
	for i, d := range directions {
		targets[i] = d.target(c)
	}
	var best []cube.Move
	found, bestTail, bestLength := false, 0, 0
	limit, lastDepth := maxLength, maxLength
search:
	for depth := 0; depth <= min(limit, lastDepth); depth++ {
		for i, d := range directions {
			if sol, tail, ok := try(&targets[i], depth, limit); ok {
				sol = cube.Simplify(d.back(sol))
				if !found {
					lastDepth = depth + s.ExtraDepths
				}
				if length := m.Length(sol); !found || length < bestLength {
					best, found, bestTail, bestLength = sol, true, tail, length
					limit = length - 1
				}
				if s.ExtraDepths == 0 {
					break search
				}
			}
			if count.over() {
				break search
			}
		}
	}
	switch {
	case found:
		return Solution{Moves: best, Nodes: count.nodes, Tail: bestTail}, nil
	case count.over():
		return Solution{Nodes: count.nodes}, ErrBudget
	}
	return Solution{Nodes: count.nodes}, ErrNoSolution
}

// nodeCount counts a search's nodes against its node budget (0: none).
type nodeCount struct {
	nodes, budget int64
}

// visit counts a node and reports whether the search may go on.
func (n *nodeCount) visit() bool {
	n.nodes++
	return !n.over()
}

func (n *nodeCount) over() bool { return n.budget > 0 && n.nodes > n.budget }

// run is the state of one Solve: the tables and the nodes visited.
type run struct {
	*Solver
	*coord.Tables
	steps *coord.Phase1Steps
	count nodeCount
	// For the first i moves of the phase-1 path searched: the corners'
	// permutation and the slice edges' places and order (i up to
	// validCoords), which phase 2's corners-and-slice bound reads first
	// and which decides most arrivals in H, and the cube (i up to
	// validCube), for the edges' permutation of the arrivals left. Each
	// is made when an arrival needs it and kept while the search stays
	// below: searching them at every node cost more than it saved.
	corners, sliceSorted   [maxPhase1 + 1]int
	cubes                  [maxPhase1 + 1]cube.Cube
	validCoords, validCube int
	// tail holds the moves of the tail withTails searches, its first move
	// (the one after phase 2) last.
	tail [maxTail]cube.Move
}

// maxPhase1 bounds a phase-1 sequence's length: Find's depths stop at its
// length limit, below 30, or at the first solution, which phase 1's depth
// (at most 12) and phase 2's (at most 18) give within 30.
const maxPhase1 = 30

// phase1Node is a node of phase 1: its coordinates, its distance from H
// and its entry's steps (which moves bring it nearer, which keep it).
type phase1Node struct {
	tw, fl, sl uint16
	dist       int8
	steps      coord.StepMasks
}

// Masks of face turns, bits by cube.Move: all of them; those that may
// follow each move in a canonical sequence (the last, cube.NFaceMoves, for
// none); those outside H, one of which phase 1 must end with, or it was
// found shorter.
var (
	allFaceTurns uint32 = 1<<cube.NFaceMoves - 1
	mayFollow           = func() (f [cube.NFaceMoves + 1]uint32) {
		for a := range cube.Move(cube.NFaceMoves) {
			for b := range cube.Move(cube.NFaceMoves) {
				if cube.CanFollow(a, b) {
					f[a] |= 1 << b
				}
			}
		}
		f[cube.NFaceMoves] = allFaceTurns
		return f
	}()
	outsideH = func() (o uint32) {
		for m := range cube.Move(cube.NFaceMoves) {
			if !inH[m] {
				o |= 1 << m
			}
		}
		return o
	}()
)

// phase1 searches the phase-1 sequences of exactly depth moves from cube c
// (path empty); at each arrival in H it tries phase 2 within the remaining
// length. The table's distance is exact, so a sequence is cut as soon as
// it cannot reach H in time.
func (r *run) phase1(c *cube.Cube, depth int, path *[]cube.Move, maxLength int) ([]cube.Move, bool) {
	n := phase1Node{tw: uint16(c.Twist()), fl: uint16(c.Flip()), sl: uint16(c.Slice())}
	fs := c.Slice()*cube.NFlip + c.Flip()
	if n.dist = int8(r.Phase1.Distance(fs, c.Twist())); !r.count.visit() || int(n.dist) > depth {
		return nil, false
	}
	n.steps = r.steps.Masks(r.steps.Entry(fs, c.Twist()))
	r.corners[0], r.sliceSorted[0], r.cubes[0] = c.CornerPerm(), c.SliceSorted(), *c
	r.validCoords, r.validCube = 0, 0
	return r.phase1Below(&n, depth, path, maxLength)
}

// Tails (the idea of min2phase's pre-moves): a solution of a cube may leave
// H after phase 2 and come back, W·T with a short tail T, where W solves
// T·x (T first, then x) by the two phases. Phase 1 alone reaches such a
// solution only as one long phase 1 with many moves to spare, searched late
// and at great cost; searching T·x for every tail whose first move is a
// quarter turn outside H (one in H would be a longer phase 2), with phase 1
// of depth less T's length, finds them early. At phase-1 depth d the tails
// have up to d-minPhase1 moves: tails cost their roots' look-ups at
// every depth, and 9 was the fastest of 7 to 11 within 20 and within 19
// moves (BENCHMARKS.md).
const minPhase1 = 9

// maxTail bounds a tail's length.
const maxTail = 20

// withTails searches, for the tails T of 1 to depth-minPhase1 moves, the
// solutions of T·x by phase 1 of depth less len(T), and returns W·T for
// the first W found, and T's length.
func (r *run) withTails(x cube.Cube, depth int, path *[]cube.Move, maxLength int) ([]cube.Move, int, bool) {
	return searchTails(&r.tail, cube.HTM, cube.FaceTurns.Moves, x, 0, min(depth-minPhase1, maxTail), func(next *cube.Cube, k int) ([]cube.Move, bool) {
		*path = (*path)[:0]
		return r.phase1(next, depth-k-1, path, maxLength-k-1)
	})
}

// searchTails searches, in metric m's units, the tails T of k+1 to longest
// units that end with the k units of tail (kept first unit last), the
// first of them outside H, for the first T·x that solve finds a solution
// W of (given T·x and len(T)-1), and returns W·T and T's length; x is
// the cube those k units made.
func searchTails(tail *[maxTail]cube.Move, m cube.Metric, units []cube.Move, x cube.Cube, k, longest int, solve func(next *cube.Cube, k int) ([]cube.Move, bool)) ([]cube.Move, int, bool) {
	if k+1 > longest {
		return nil, 0, false
	}
	for _, u := range units {
		if k > 0 && !canFollow(m, []cube.Move{u}, tail[k-1]) || k+1 == longest && inH[u] {
			continue // not a tail's first unit, nor followed by longer tails
		}
		tail[k] = u
		next := cube.Times(unitCube[u], x)
		if !inH[u] {
			if sol, ok := solve(&next, k); ok {
				for i := k; i >= 0; i-- {
					sol = append(sol, tail[i])
				}
				return sol, k + 1, true
			}
		}
		if sol, n, ok := searchTails(tail, m, units, next, k+1, longest, solve); ok {
			return sol, n, true
		}
	}
	return nil, 0, false
}

// phase1Below is phase1 on a node already counted and within reach. The
// node's steps say which children are within reach and how far each is
// from H, so only those are made; their entries are looked up together
// before any is searched: the look-ups are cache misses, and independent
// ones overlap.
func (r *run) phase1Below(n *phase1Node, depth int, path *[]cube.Move, maxLength int) ([]cube.Move, bool) {
	k := len(*path)
	if depth == 0 {
		return r.phase2From(*path, maxLength-k)
	}
	moves := allFaceTurns
	switch depth - int(n.dist) {
	case 0:
		moves = n.steps.Down
	case 1:
		moves = n.steps.Down | n.steps.Same
	}
	last := cube.Move(cube.NFaceMoves)
	if k > 0 {
		last = (*path)[k-1]
	}
	moves &= mayFollow[last]
	if depth == 1 {
		moves &= outsideH
	}
	type child struct {
		node phase1Node
		word uint32
		m    cube.Move
		sym  uint8
	}
	var children [cube.NFaceMoves]child
	count := 0
	for ; moves != 0; moves &= moves - 1 {
		m := cube.Move(bits.TrailingZeros32(moves))
		ch := &children[count]
		ch.m = m
		ch.node = phase1Node{tw: r.Twist[n.tw][m], fl: r.Flip[n.fl][m], sl: r.Slice[n.sl][m], dist: n.dist + 1}
		switch {
		case n.steps.Down>>m&1 == 1:
			ch.node.dist = n.dist - 1
		case n.steps.Same>>m&1 == 1:
			ch.node.dist = n.dist
		}
		if depth > 1 { // a leaf's steps are not needed
			ch.word, ch.sym = r.steps.Entry(int(ch.node.sl)*cube.NFlip+int(ch.node.fl), int(ch.node.tw))
		}
		count++
	}
	for i := range count {
		ch := &children[i]
		if !r.count.visit() {
			return nil, false
		}
		if depth > 1 {
			ch.node.steps = r.steps.Masks(ch.word, ch.sym)
		}
		*path = append(*path, ch.m)
		// What was made past k followed another move.
		r.validCoords, r.validCube = min(r.validCoords, k), min(r.validCube, k)
		sol, ok := r.phase1Below(&ch.node, depth-1, path, maxLength)
		*path = (*path)[:k]
		if ok {
			return sol, true
		}
	}
	return nil, false
}

// phase2From solves the cube phase-1 path p1 brought into H within budget
// moves: its corners-and-slice bound first, then the cube for the edges'
// permutation, each made from what the path's prefix had made.
func (r *run) phase2From(p1 []cube.Move, budget int) ([]cube.Move, bool) {
	k := len(p1)
	for i := r.validCoords; i < k; i++ {
		m := int(p1[i])
		r.corners[i+1] = int(r.CornerPerm[r.corners[i]*cube.NFaceMoves+m])
		r.sliceSorted[i+1] = int(r.SliceSorted[r.sliceSorted[i]*cube.NFaceMoves+m])
	}
	r.validCoords = k
	co, so := r.corners[k], r.sliceSorted[k]
	bound := int(r.PruneCorners[co*coord.NSliceOrder+so])
	if bound > budget {
		return nil, false
	}
	for i := r.validCube; i < k; i++ {
		r.cubes[i+1].Move(&r.cubes[i], p1[i])
	}
	r.validCube = k
	ed := r.cubes[k].UDEdgePerm()
	// Phase 2 may begin on the layer phase 1 ended on; Solve merges the two.
	var last cube.Move = cube.NMoves
	for depth := max(bound, r.Phase2.Distance(co, ed)); depth <= budget; depth++ {
		var p2 []cube.Move
		if r.phase2(co, ed, so, depth, last, &p2) {
			return append(append([]cube.Move{}, p1...), p2...), true
		}
	}
	return nil, false
}

func (r *run) phase2(co, ed, so, depth int, last cube.Move, path *[]cube.Move) bool {
	if !r.count.visit() {
		return false
	}
	if depth == 0 {
		return co == 0 && ed == 0 && so == 0
	}
	if h := max(int(r.PruneCorners[co*coord.NSliceOrder+so]), r.Phase2.Distance(co, ed)); h > depth {
		return false
	}
	for i, m := range coord.Phase2Moves {
		if last < cube.NMoves && !cube.CanFollow(last, m) {
			continue
		}
		*path = append(*path, m)
		if r.phase2(int(r.Corners[co][i]), int(r.UDEdges[ed][i]), int(r.SliceOrder[so][i]), depth-1, m, path) {
			return true
		}
		*path = (*path)[:len(*path)-1]
	}
	return false
}

// Generator returns a maneuver that generates c from the solved cube: the
// inverse of a solution.
func (s *Solver) Generator(c cube.Cube, maxLength int) ([]cube.Move, error) {
	sol, err := s.Solve(c, maxLength)
	if err != nil {
		return nil, err
	}
	return cube.InverseManeuver(sol), nil
}
