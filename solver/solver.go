package solver

import (
	"errors"
	"fmt"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/tablecache"
)

// ErrNoSolution is returned when no maneuver within the length limit was
// found.
var ErrNoSolution = errors.New("no solution within the length limit")

// ErrBudget is returned when a search visits more nodes than Solver.NodeBudget.
var ErrBudget = errors.New("search node budget exhausted")

// Solver holds the move and pruning tables of the two-phase algorithm. It
// may be used by several goroutines at once.
type Solver struct {
	// ExtraDepths is how many phase-1 lengths beyond the first success
	// Solve still tries for a shorter total: 0 returns the first solution
	// (fastest), New sets 2.
	ExtraDepths int
	// NodeBudget, if positive, bounds the search nodes of one Solve; past
	// it Solve returns the best solution found, or ErrBudget. Unlike a
	// timeout it gives the same answer on every machine.
	NodeBudget int64
	// TablesLoaded says whether the big pruning tables were read from the
	// cache (internal/tablecache) rather than built; StoreErr is why a
	// table built could not be stored there (the solver works all the
	// same), and Damaged why a kept copy was refused and built again.
	TablesLoaded bool
	StoreErr     error
	Damaged      error

	twist, flip, slice        moveTable // phase 1, all 18 moves
	corners, udEdges, sliceOr moveTable // phase 2, the 10 moves of H
	p1, p2                    *symTable // symtables.go
	pruneCorners              []int8    // (corners, slice order)
	cfg                       Config
	qtm                       *lazyTable[symTable]                 // phase 1 in QTM, for the optimal solver
	big                       map[cube.Metric]*lazyTable[bigTable] // Config.Optimal's, per metric (bigtable.go)
	layer, order              moveTable                            // the corners' layers and the slice edges' order, for the big tables
}

// allMoves are the 18 face turns.
var allMoves = func() []cube.Move {
	all := make([]cube.Move, cube.NFaceMoves)
	for i := range all {
		all[i] = cube.Move(i)
	}
	return all
}()

// Config says where a solver keeps its big tables and how their building
// is reported.
type Config struct {
	// CacheDir is the tables' folder; "" is tablecache.Dir().
	CacheDir string
	// Progress, if set, is called while a table is built (about half a
	// minute, the first time on a machine) with the entries reached.
	Progress func(table string, reached, total int64)
	// Optimal is the table the optimal solver uses in the metric searched
	// (bigtable.go: OptimalTable.Bytes of memory and of the cache's disk
	// per metric, built on first use and loaded after); phase 1's, the
	// zero value, is thousands of times slower than the big table on deep
	// cubes.
	Optimal OptimalTable
	// Workers build the big tables (0: one per CPU).
	Workers int
}

// Cached reports whether the tables New needs are in the cache folder (a
// solver made then loads them in a fraction of a second).
func Cached(cacheDir string) bool {
	if cacheDir == "" {
		cacheDir = tablecache.Dir()
	}
	return tablecache.Has(cacheDir, phase1Name) && tablecache.Has(cacheDir, phase2Name)
}

// New returns a solver with the default Config. It panics only if a table
// in the cache is damaged in a way its checksum missed.
func New() *Solver {
	s, err := NewWith(Config{})
	if err != nil {
		panic(err)
	}
	return s
}

// NewWith builds the tables, the two big pruning tables loaded from the
// cache folder when they are there, else built and stored there.
func NewWith(cfg Config) (*Solver, error) {
	if cfg.CacheDir == "" {
		cfg.CacheDir = tablecache.Dir()
	}
	small, t0, err := loadSmallTables(cfg)
	if err != nil {
		return nil, err
	}
	s := &Solver{
		ExtraDepths:  2,
		cfg:          cfg,
		qtm:          &lazyTable[symTable]{},
		big:          map[cube.Metric]*lazyTable[bigTable]{cube.HTM: {}, cube.QTM: {}},
		layer:        small.moves[layerMoves],
		order:        small.moves[orderMoves],
		twist:        small.moves[twistMoves],
		flip:         small.moves[flipMoves],
		slice:        small.moves[sliceMoves],
		corners:      small.moves[cornerMoves],
		udEdges:      small.moves[udEdgeMoves],
		sliceOr:      small.moves[sliceOrderMoves],
		pruneCorners: small.pruneCorners,
	}
	s.noteCache(t0)
	var t1, t2 tablecache.Table
	if s.p1, t1, err = newPhase1Table(cfg, cube.HTM, s.twist, s.flip, s.slice); err != nil {
		return nil, err
	}
	if s.p2, t2, err = newPhase2Table(cfg, s.corners, s.udEdges); err != nil {
		return nil, err
	}
	s.TablesLoaded = t0.Loaded && t1.Loaded && t2.Loaded
	s.noteCache(t1)
	s.noteCache(t2)
	return s, nil
}

// Solution is what one search found and what it cost.
type Solution struct {
	Moves []cube.Move // a maneuver solving the cube
	Nodes int64       // search nodes visited
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
	r := &run{Solver: s}
	var targets [len(directions)]cube.Cube
	for i, d := range directions {
		targets[i] = d.target(c)
	}
	var best []cube.Move
	found := false
	limit, lastDepth := maxLength, maxLength
	var path []cube.Move
search:
	for depth := 0; depth <= min(limit, lastDepth); depth++ {
		for i, d := range directions {
			t := &targets[i]
			path = path[:0]
			if sol, ok := r.phase1(t, t.Twist(), t.Flip(), t.Slice(), depth, &path, limit); ok {
				sol = cube.Simplify(d.back(sol))
				if !found {
					lastDepth = depth + s.ExtraDepths
				}
				if !found || len(sol) < len(best) {
					best, found = sol, true
					limit = len(sol) - 1
				}
				if s.ExtraDepths == 0 {
					break search
				}
			}
			if r.overBudget() {
				break search
			}
		}
	}
	switch {
	case found:
		return Solution{best, r.nodes}, nil
	case r.overBudget():
		return Solution{Nodes: r.nodes}, ErrBudget
	}
	return Solution{Nodes: r.nodes}, ErrNoSolution
}

// run is the state of one Solve: the tables and the nodes visited.
type run struct {
	*Solver
	nodes int64
}

// visit counts a node and reports whether the search may go on.
func (r *run) visit() bool {
	r.nodes++
	return !r.overBudget()
}

func (r *run) overBudget() bool { return r.NodeBudget > 0 && r.nodes > r.NodeBudget }

// phase1 searches the phase-1 sequences of exactly depth more moves from
// coordinates (tw, fl, sl) of cube c's path so far; at each arrival in H it
// tries phase 2 within the remaining length. The table's distance is
// exact, so a sequence is cut as soon as it cannot reach H in time.
func (r *run) phase1(c *cube.Cube, tw, fl, sl, depth int, path *[]cube.Move, maxLength int) ([]cube.Move, bool) {
	if !r.visit() || r.p1.distance(sl*cube.NFlip+fl, tw) > depth {
		return nil, false
	}
	return r.phase1Below(c, tw, fl, sl, depth, path, maxLength)
}

// phase1Below is phase1 on a node already counted and within reach. The
// children's distances are looked up together before any is searched: the
// lookups are cache misses, and independent ones overlap. Each child is
// counted as a node just before it is searched, as phase1 counts it, so a
// node budget ends a search at the same node.
func (r *run) phase1Below(c *cube.Cube, tw, fl, sl, depth int, path *[]cube.Move, maxLength int) ([]cube.Move, bool) {
	if depth == 0 {
		// Phase 1 must end with a move outside H, or it was found shorter.
		if n := len(*path); n == 0 || (*path)[n-1].Axis() != cube.AxisUD && (*path)[n-1].Power() != 2 {
			return r.phase2From(c, *path, maxLength-n)
		}
		return nil, false
	}
	type child struct {
		m          cube.Move
		tw, fl, sl int
		h          int
	}
	var children [cube.NFaceMoves]child
	n := 0
	for m := range cube.Move(cube.NFaceMoves) {
		if k := len(*path); k > 0 && !cube.CanFollow((*path)[k-1], m) {
			continue
		}
		children[n] = child{m: m, tw: int(r.twist[tw][m]), fl: int(r.flip[fl][m]), sl: int(r.slice[sl][m])}
		n++
	}
	for i := range n {
		ch := &children[i]
		ch.h = r.p1.distance(ch.sl*cube.NFlip+ch.fl, ch.tw)
	}
	for i := range n {
		ch := &children[i]
		if !r.visit() {
			return nil, false
		}
		if ch.h > depth-1 {
			continue
		}
		*path = append(*path, ch.m)
		sol, ok := r.phase1Below(c, ch.tw, ch.fl, ch.sl, depth-1, path, maxLength)
		*path = (*path)[:len(*path)-1]
		if ok {
			return sol, true
		}
	}
	return nil, false
}

// phase2From applies the phase-1 maneuver to c and solves the result in H
// within budget moves.
func (r *run) phase2From(c *cube.Cube, p1 []cube.Move, budget int) ([]cube.Move, bool) {
	h := *c
	for _, m := range p1 {
		h.Move(&h, m)
	}
	co, ed, so := h.CornerPerm(), h.UDEdgePerm(), h.SliceSorted()
	// Phase 2 may begin on the layer phase 1 ended on; Solve merges the two.
	var last cube.Move = cube.NMoves
	for depth := 0; depth <= budget; depth++ {
		var p2 []cube.Move
		if r.phase2(co, ed, so, depth, last, &p2) {
			return append(append([]cube.Move{}, p1...), p2...), true
		}
	}
	return nil, false
}

func (r *run) phase2(co, ed, so, depth int, last cube.Move, path *[]cube.Move) bool {
	if !r.visit() {
		return false
	}
	if depth == 0 {
		return co == 0 && ed == 0 && so == 0
	}
	if h := max(int(r.pruneCorners[co*nSliceOrder+so]), r.p2.distance(co, ed)); h > depth {
		return false
	}
	for i, m := range phase2Moves {
		if last < cube.NMoves && !cube.CanFollow(last, m) {
			continue
		}
		*path = append(*path, m)
		if r.phase2(int(r.corners[co][i]), int(r.udEdges[ed][i]), int(r.sliceOr[so][i]), depth-1, m, path) {
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

// noteCache keeps what the table cache said of a table it gave: why it
// could not store it, why it refused a kept copy.
func (s *Solver) noteCache(t tablecache.Table) {
	s.StoreErr = errors.Join(s.StoreErr, t.StoreErr)
	s.Damaged = errors.Join(s.Damaged, t.Damaged)
}
