package coord

import (
	"fmt"
	"sync"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/tablecache"
)

// Config says where the tables are kept and how their building is
// reported.
type Config struct {
	// CacheDir is the tables' folder; "" is tablecache.Dir().
	CacheDir string
	// Progress, if set, is called while a table is built (about half a
	// minute, the first time on a machine) with the entries reached.
	Progress func(table string, reached, total int64)
	// Optimal is the optimal search's table in each metric (bigtable.go:
	// OptimalTable.Bytes of memory and of the cache's disk per metric,
	// built on first use and loaded after); phase 1's, the zero value, is
	// thousands of times slower than the big table on deep cubes.
	Optimal OptimalTable
	// Workers build the big tables (0: one per CPU).
	Workers int
}

// report returns the progress function of a table's build.
func (cfg Config) report(table string) func(reached, total int64) {
	return func(reached, total int64) {
		if cfg.Progress != nil {
			cfg.Progress(table, reached, total)
		}
	}
}

// Tables are the move tables of the coordinates and the pruning tables of
// the two-phase and optimal searches. Phase 1's and phase 2's are loaded
// by Load; the others (phase 1 in QTM, the optimal search's big tables, the
// coset move masks) on first use. Tables may be used by several goroutines
// at once.
type Tables struct {
	Twist, Flip, Slice           MoveTable // all 18 face turns
	Corners, UDEdges, SliceOrder MoveTable // the 10 moves of H (Phase2Moves)
	// CornerPerm and SliceSorted are the corners' permutation and where
	// the slice edges are, in order, all 18 moves, flat (Flat): phase 1
	// carries them to phase 2, whose coordinates they are in H
	// (SliceSorted < NSliceOrder).
	CornerPerm, SliceSorted []uint16
	// Layer and Order are the corners' layers and the slice edges' order
	// (sliceorder.go), all 18 moves, for the big tables.
	Layer, Order MoveTable
	// Phase1 is phase 1's table in HTM; Phase2 phase 2's (symtables.go).
	Phase1, Phase2 *SymTable
	// PruneCorners[corners*NSliceOrder + sliceOrder] is the distance in H of
	// the corners' permutation and the slice edges' order.
	PruneCorners []int8

	cfg    Config
	phase1 map[cube.Metric]*lazy[SymTable] // QTM's and STM's, on first use
	phase2 map[cube.Metric]*lazy[Phase2Metric]
	slices lazy[MoveTables] // MoveTablesIn(STM)
	big    map[cube.Metric]*lazy[OptimalPruning]
	moves  lazy[CosetMoves]
	steps  lazy[Phase1Steps]
	h48    lazy[H48Tables]

	mu sync.Mutex
	// storeErr and refused gather why a table could not be stored and why
	// a kept copy was refused.
	storeErr, refused error
}

// lazy is a table built on first use.
type lazy[T any] struct {
	once  sync.Once
	table *T
	err   error
}

// get returns the table, building it with build the first time.
func (l *lazy[T]) get(build func() (*T, error)) (*T, error) {
	l.once.Do(func() { l.table, l.err = build() })
	return l.table, l.err
}

// Load returns the tables, the two-phase ones loaded from the cache folder
// when they are there, else built and stored there.
func Load(cfg Config) (*Tables, error) {
	if cfg.CacheDir == "" {
		cfg.CacheDir = tablecache.Dir()
	}
	t := &Tables{cfg: cfg,
		phase1: map[cube.Metric]*lazy[SymTable]{cube.QTM: {}, cube.STM: {}},
		phase2: map[cube.Metric]*lazy[Phase2Metric]{cube.HTM: {}, cube.QTM: {}, cube.STM: {}},
		big:    map[cube.Metric]*lazy[OptimalPruning]{cube.HTM: {}, cube.QTM: {}, cube.STM: {}}}
	small, c0, err := loadSmallTables(cfg)
	if err != nil {
		return nil, err
	}
	t.note(c0)
	t.Layer, t.Order = small.moves[layerMoves], small.moves[orderMoves]
	t.Twist, t.Flip, t.Slice = small.moves[twistMoves], small.moves[flipMoves], small.moves[sliceMoves]
	t.Corners, t.UDEdges, t.SliceOrder = small.moves[cornerMoves], small.moves[udEdgeMoves], small.moves[sliceOrderMoves]
	t.CornerPerm, t.SliceSorted = small.moves[cornerPermMoves].Flat(), small.moves[sliceSortedMoves].Flat()
	t.PruneCorners = small.pruneCorners
	var c1, c2 tablecache.Table
	if t.Phase1, c1, err = newPhase1Table(cfg, cube.HTM, t.Twist, t.Flip, t.Slice); err != nil {
		return nil, err
	}
	t.note(c1)
	if t.Phase2, c2, err = newPhase2Table(cfg, t.Corners, t.UDEdges); err != nil {
		return nil, err
	}
	t.note(c2)
	return t, nil
}

// Cached reports whether the tables Load needs are in the cache folder
// (Load then reads them in a fraction of a second).
func Cached(cacheDir string) bool {
	if cacheDir == "" {
		cacheDir = tablecache.Dir()
	}
	return tablecache.Has(cacheDir, phase1Name) && tablecache.Has(cacheDir, phase2Name)
}

// note keeps what the table cache said of a table it gave.
func (t *Tables) note(c tablecache.Table) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.storeErr = joinLine(t.storeErr, c.StoreErr)
	t.refused = joinLine(t.refused, c.Refused)
}

// joinLine joins two errors, either of which may be nil, in one line.
func joinLine(a, b error) error {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return fmt.Errorf("%w; %w", a, b)
}

// CacheNotes says, since the last call, why a table built could not be
// stored in the cache (internal/tablecache; the tables work all the same)
// and why a kept copy was refused (damaged, built by other code, failing
// its facts) and built again: each note is given once.
func (t *Tables) CacheNotes() (storeErr, refused error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	storeErr, refused = t.storeErr, t.refused
	t.storeErr, t.refused = nil, nil
	return storeErr, refused
}

// Phase1In returns phase 1's table in metric m; the QTM and STM ones are
// built or loaded on first use.
func (t *Tables) Phase1In(m cube.Metric) (*SymTable, error) {
	if m == cube.HTM {
		return t.Phase1, nil
	}
	return t.phase1[m].get(func() (*SymTable, error) {
		twist, flip, slice := t.MovesIn(m)
		p, c, err := newPhase1Table(t.cfg, m, twist, flip, slice)
		t.note(c)
		return p, err
	})
}

// Phase1Steps returns the steps of phase 1's HTM table (phase1steps.go),
// built or loaded on first use: Phase1StepsBytes of memory.
func (t *Tables) Phase1Steps() (*Phase1Steps, error) {
	return t.steps.get(func() (*Phase1Steps, error) {
		p, c, err := newPhase1Steps(t.cfg, t.Phase1, t.Twist, t.Flip, t.Slice)
		t.note(c)
		return p, err
	})
}

// MovesIn returns the twist, flip and slice coordinates' move tables for
// the moves of metric m (MoveTablesIn).
func (t *Tables) MovesIn(m cube.Metric) (twist, flip, slice MoveTable) {
	mt := t.MoveTablesIn(m)
	return mt.Twist, mt.Flip, mt.Slice
}

// MoveTables are the move tables of the coordinates of phase 1 and of the
// optimal search's big tables, with a column for each move of a metric,
// numbered as its cube.Move: the 18 face turns, and in STM the nine slice
// turns after them.
type MoveTables struct {
	Twist, Flip, Slice, Layer, Order MoveTable
}

// MoveTablesIn returns the move tables for the moves of metric m: the
// Tables' own, and in STM columns for the slice turns added (a slice turn
// relative to the centers is its two faces turned oppositely:
// cube.AxisMove).
func (t *Tables) MoveTablesIn(m cube.Metric) *MoveTables {
	if m != cube.STM {
		return &MoveTables{Twist: t.Twist, Flip: t.Flip, Slice: t.Slice, Layer: t.Layer, Order: t.Order}
	}
	mt, _ := t.slices.get(func() (*MoveTables, error) {
		return &MoveTables{
			Twist: withSliceTurns(t.Twist), Flip: withSliceTurns(t.Flip), Slice: withSliceTurns(t.Slice),
			Layer: withSliceTurns(t.Layer), Order: withSliceTurns(t.Order),
		}, nil
	})
	return mt
}

// OptimalKind is the optimal search's table Config.Optimal names.
func (t *Tables) OptimalKind() OptimalTable { return t.cfg.Optimal }

// Optimal returns the optimal search's table in metric m, the one
// Config.Optimal names, built or loaded on first use; nil for phase 1's.
// With H48Table the search's tables are H48's.
func (t *Tables) Optimal(m cube.Metric) (*OptimalPruning, error) {
	if t.cfg.Optimal == H48Table {
		return nil, fmt.Errorf("coord: the h48 table is read by the H48 search (Tables.H48), not as an axis table")
	}
	p1, err := t.Phase1In(m)
	if err != nil || t.cfg.Optimal == Phase1Table {
		return nil, err
	}
	return t.big[m].get(func() (*OptimalPruning, error) {
		p, c, err := newBigTable(t.cfg, t.cfg.Optimal, m, t.MoveTablesIn(m), p1)
		t.note(c)
		return p, err
	})
}
