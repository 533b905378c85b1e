package centers

import (
	"context"
	"embed"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/hashjoin"
	"github.com/cubecensus/cubecensus/internal/tablecache"
	"github.com/cubecensus/cubecensus/meet"
)

// The search: every relation of cost n, by meet in the middle.
//
// A relation is a word of axis moves (cube.Word, the home frame) that
// solves every cubie; its state (Of) is what it does to the centers. A
// state's distance is the least cost of a relation with that state, and
// depth n of the search finds every state whose distance is n by meeting
// all relations of cost n, for all states at once.
//
// Split a relation r of cost n where its remaining cost first drops to k or
// less: r = a * b with cost(b) <= k. The stored side holds every word w of
// cost <= k under the hash of the cube it reaches; a prefix a is probed
// when its cost first reaches n-k, and meets w when their cubes agree, b
// being w^-1. The relation's state is Of(a) - Of(w).
//
// Relations come in families of the same cost: rotating one cyclically
// (the cubies are solved, so b * a is a relation when a * b is, with the
// same state), conjugating it by a symmetry (state conjugated), inverting
// it (state negated). A shortest relation can be taken cyclically reduced
// (no two moves on one axis next to each other, counting the last and the
// first: merging them would cost no more), so it can be rotated to begin
// with a move of its highest-ranked class (words.go) and conjugated so
// that this move is the class's representative on the U-D axis. The
// search therefore enumerates, for each class rank r, prefixes beginning
// with classRep(r) and continuing with moves of rank r or lower; with r the
// single quarter turns there is one first move instead of 45, and the
// trees of lower ranks use fewer moves. Of the rotations that qualify,
// only the least is searched (necklace.go). Every relation met is recorded
// with its 95 images (Images).
//
// Worked small case (HTM, k = 7): the relation U R L U2 R' L' U R L U2 R' L'
// (cost 12, state u++) is met at n = 12 by the prefix U R L U2 R' (cost 5,
// the first to reach 12-7) and the stored word (L' U R L U2 R' L')^-1.
//
// Work is cut into chunks, the prefixes of three moves (fewer where that
// is already a leaf), whose probes are counted in advance; chunks run on
// any number of workers and are merged in order, so results do not depend
// on the worker count.

// TableStore keeps a search's pruning table between runs (the pipeline
// keeps it beside the search's checkpoint).
type TableStore interface {
	// Load returns the table kept, or nil if there is none that can be
	// read; the search checks that it is the table it needs.
	Load() *PruneTable
	Save(*PruneTable) error
}

// StoredCache keeps stored sides between runs in the table cache
// (internal/tablecache: $CUBECENSUS_CACHE, or the user's cache folder), one
// file per metric and stored depth (QTM's k = 11 is 12 GiB on disk, read
// back in about a minute where a build takes 20 on 2 cores).
type StoredCache struct {
	// Report, if set, is told whether the table was read back and, if it
	// was built, why a kept copy was refused (damaged, or built by other
	// code) and why it could not be kept (nil if none was refused, or if
	// it was kept).
	Report func(name string, read bool, refused, keepErr error)
}

// sources are the package's files, whose code that builds a stored side
// versions the tables kept (tablecache.Fingerprint): a change of that code
// rebuilds them, a change elsewhere does not.
//
//go:embed bounds.go canonical.go classes.go depth.go necklace.go part.go prune.go search.go seed000.go seed000_lines.go state.go supercube.go words.go
var sources embed.FS

// storedCode is the fingerprint of the code that builds a stored side.
var storedCode = sync.OnceValue(func() string {
	return tablecache.ParseSources(sources).Fingerprint("searcher.buildTable")
})

// storedVersion names the layout of a kept stored side.
const storedVersion = "hashjoin-compact-1"

// get returns the stored side called name, read back from the table cache
// (planned for at most limit entries) or built by build and kept there.
func (c *StoredCache) get(name string, limit uint64, build func() (*hashjoin.Compact, error)) (*hashjoin.Compact, error) {
	var t *hashjoin.Compact
	spec := tablecache.Spec{Name: name, Version: storedVersion, Code: storedCode()}
	got, err := tablecache.GetStreamed(tablecache.Dir(), spec, tablecache.Streamed{
		Read: func(r io.Reader, _ int64) (err error) {
			t, err = hashjoin.ReadCompact(r, limit)
			return err
		},
		Build: func() (err error) {
			t, err = build()
			return err
		},
		Write: func(w io.Writer) error {
			_, err := t.WriteTo(w)
			return err
		},
	})
	if err != nil {
		return nil, err
	}
	if c.Report != nil {
		c.Report(name, got.Loaded, got.Refused, got.StoreErr)
	}
	return t, nil
}

// Config says how to search one metric: the engine's settings
// (meet.Config; Progress counts chunks) and the centers' own.
type Config struct {
	meet.Config
	// PruneFrom, if positive, is the first depth whose prefixes are pruned
	// by a PruneTable of the states still open (prune.go); the table
	// (PruneBytes) is built again at each depth that starts with fewer
	// states open. Pruning drops only prefixes of relations whose states
	// are known already, so it changes what a depth costs, never what it
	// finds.
	PruneFrom int
	// Tables, if set, keeps the pruning table between runs.
	Tables TableStore
	// StoredCache, if set, keeps the stored side between runs.
	StoredCache *StoredCache
	// pruneMask is the part of each state the table keeps (0: all); tests
	// use the small table of the twists mod 2.
	pruneMask State

	// TableProgress, if set, is called after each level of a pruning
	// table's build with the entries reached and the table's size.
	TableProgress func(level int, reached, total int64)
	// StoredProgress, if set, is called as the stored side is built (two
	// passes over its parts) with the parts done and their number.
	StoredProgress func(done, total int64)
	// Start, if set (and Resume not), continues an earlier run from the
	// depth after its exhaustive one.
	Start *Start
}

// Cut names the setting beyond the metric and the stored depth that
// decides a depth's chunks, for checkpoints (meet.Checkpoint.Cut): pruning
// changes the probes a budget counts.
func (cfg *Config) Cut() string { return fmt.Sprintf("pruning from %d", cfg.PruneFrom) }

// Start is where an earlier run left a search: the depth through which it
// was exhaustive, and every state whose distance it proved, with a maneuver
// of that cost (the pipeline reads them back from its tables). Search
// checks each maneuver before it relies on it.
type Start struct {
	Exhaustive int
	Known      map[State]cube.Word
	// Bounds are relations of states not proven, their upper bounds: kept
	// where the new search's own bounds are no better.
	Bounds map[State]cube.Word
}

// DepthStats is what one depth of the search did: its Chunks, Probes,
// Nodes of the prefix search, states Found, states Open when it began, the
// pruning Table's build; ByParity, in QTM at an odd depth, where no
// relation has that cost (oddEmpty).
type DepthStats = meet.DepthStats

// Result is what a search found, and the bounds of what it did not.
// Bounds are each state's, indexed by State.Index: Word[i] is a relation
// of cost Upper[i] with that state. Exhaustive is the depth through which
// every relation was met: every distance up to it is known, every other is
// larger.
type Result struct{ meet.Result }

// Known reports whether s's distance is known.
func (r *Result) Known(s State) bool { return r.Exact(s.Index()) }

// maxStoredDepth is the most a stored word's cost field holds.
const maxStoredDepth = 1<<costBits - 1

// StoredEntries bounds the entries of the stored side: the words of cost <=
// k in metric m that reach a canonical cube. About one word in 48 does; a
// few more reach cubes with symmetries, fewer than a quarter of the words of
// cost <= k-2 (measured: 4,226 of 2.3 million in HTM at k = 7, 31,083 of 1.4
// million in STM at k = 6, the excess growing by a factor of 5 to 8 a level
// where the words grow by 13 to 19). The build fails if it is exceeded.
func StoredEntries(m cube.Metric, k int) uint64 {
	return cube.WordsUpTo(m, k)/48 + cube.WordsUpTo(m, max(k-2, 0))/4 + 10_000
}

// StoredBytes is the memory of the stored side for depth k.
func StoredBytes(m cube.Metric, k int) uint64 { return hashjoin.CompactBytes(StoredEntries(m, k)) }

// ChooseStoredDepth returns the deepest k whose stored side fits in budget
// bytes and is worth building for a search of at most probes probes (0: no
// bound), or an error naming what the smallest useful one needs. Building
// enumerates about every word of cost <= k (cube.WordsUpTo), some 20 ns a
// word on this machine against about 150 ns a probe, so a stored side
// whose words outnumber buildPerProbe times the probes would cost more to
// build than the search it shortens: a short run (make run's 1e9 probes)
// keeps a smaller one, a proof takes the deepest the memory holds.
func ChooseStoredDepth(m cube.Metric, budget uint64, probes int64) (int, error) {
	worth := func(k int) bool { return probes <= 0 || cube.WordsUpTo(m, k) <= buildPerProbe*uint64(probes) }
	return storedSide.ChooseDepth(m, budget, worth)
}

// storedSide is the stored side's description to the search's engine.
var storedSide = meet.StoredSide{Entries: StoredEntries, Bytes: hashjoin.CompactBytes, MaxDepth: maxStoredDepth, MaxEntries: hashjoin.MaxEntries}

func checkStoredDepth(k int) error {
	if k < 1 || k > maxStoredDepth {
		return fmt.Errorf("centers: stored depth %d (want 1..%d)", k, maxStoredDepth)
	}
	return nil
}

// buildPerProbe is how many words the build enumerates in the time of one
// probe, about.
const buildPerProbe = 8

// step is an axis move with what the hot loop needs of it.
type step struct {
	move  cube.AxisMove
	cost  uint8
	axis  cube.Axis
	cube  cube.Cube
	state State // Of the move alone
}

const noAxis = 3

// searcher holds one metric's search state.
type searcher struct {
	cfg    Config
	metric cube.Metric
	k      int
	table  *hashjoin.Compact
	canon  *canonicals
	prune  *PruneTable // the open states' table; nil before cfg.PruneFrom
	// corners is the corners' own table (mask noBits), built with the
	// first prune.
	corners *PruneTable
	// after[r][a]: the moves of rank r or lower on an axis other than a
	// (a = noAxis: every axis).
	after [nClasses][noAxis + 1][]step
	res   *Result
	found int
	saver meet.Saver
}

// Search runs the search for cfg.Metric.
func Search(ctx context.Context, cfg Config) (*Result, error) {
	if err := checkStoredDepth(cfg.StoredDepth); err != nil {
		return nil, err
	}
	s := newSearcher(cfg)
	at := meet.Progress{Depth: 1}
	if c := cfg.Resume; c != nil {
		if err := c.Resumes(cfg.Config, cfg.Cut()); err != nil {
			return nil, fmt.Errorf("centers: cannot resume: %w", err)
		}
		s.res = &Result{c.Resumed()}
		s.found = s.res.Reached()
		if c.Done {
			return s.res, nil
		}
		at = c.Progress
	} else {
		s.record(Solved, 0, cube.Word{})
		if st := cfg.Start; st != nil {
			if err := s.start(st); err != nil {
				return nil, err
			}
			at.Depth = st.Exhaustive + 1
		}
	}
	s.saver.Start()
	for ; s.found < NStates; at.Depth++ {
		if cfg.MaxDepth > 0 && at.Depth > cfg.MaxDepth || cfg.Budget > 0 && at.Spent >= cfg.Budget {
			break // a depth the budget cannot pay for is not begun
		}
		if s.table == nil { // built for the first depth searched, so a search that ends at once builds none
			if err := s.buildTable(ctx); err != nil {
				return nil, err
			}
		}
		if at.Chunk == 0 {
			at.FoundBefore = s.found
		}
		st, err := DepthStats{Depth: at.Depth, Exhaustive: true, ByParity: true}, error(nil)
		if !s.oddEmpty(at.Depth) {
			var built time.Duration
			if built, err = s.preparePrune(ctx, at.Depth); err != nil {
				return nil, err
			}
			st, err = s.depth(ctx, &at)
			st.Table = built
		}
		st.Open = NStates - at.FoundBefore
		if err != nil {
			return nil, err
		}
		if goOn, err := s.saver.EndDepth(&s.res.Result, st, &at, s.found); err != nil {
			return nil, err
		} else if !goOn {
			break
		}
	}
	s.table, s.prune = nil, nil
	if st := cfg.Start; st != nil && cfg.Resume == nil {
		s.keepBounds(st.Bounds)
	}
	s.res.bound()
	at.Chunk, at.Done = 0, true
	if err := s.saver.Save(&s.res.Result, at); err != nil {
		return nil, err
	}
	return s.res, nil
}

// preparePrune makes s.prune the table of the states open before depth n,
// building it unless the last one serves, and returns the time a build
// took.
func (s *searcher) preparePrune(ctx context.Context, n int) (time.Duration, error) {
	if s.cfg.PruneFrom <= 0 || n < s.cfg.PruneFrom {
		return 0, nil
	}
	var open []State
	for _, st := range States {
		if s.res.Upper[st.Index()] < 0 {
			open = append(open, st)
		}
	}
	if s.prune != nil && s.prune.Opens(open) {
		return 0, nil
	}
	s.prune = nil // its memory is needed for the next
	if s.corners == nil {
		var err error
		if s.corners, err = buildPruneTable(ctx, s.metric, []State{Solved}, noBits, s.cfg.Workers, nil); err != nil {
			return 0, err
		}
	}
	mask := s.cfg.pruneMask
	if mask == 0 {
		mask = allBits
	}
	start := time.Now()
	if store := s.cfg.Tables; store != nil {
		if t := store.Load(); t != nil && t.metric == s.metric && t.rows.mask == mask && t.Opens(open) {
			s.prune = t
			return time.Since(start), nil
		}
	}
	t, err := buildPruneTable(ctx, s.metric, open, mask, s.cfg.Workers, s.cfg.TableProgress)
	if err != nil {
		return 0, err
	}
	s.prune = t
	if store := s.cfg.Tables; store != nil {
		if err := store.Save(t); err != nil {
			return 0, fmt.Errorf("centers: keeping the pruning table: %w", err)
		}
	}
	return time.Since(start), nil
}

// start records what st says was proven, checking every maneuver: it must
// solve the cubies, give its state, and cost no less than st's exhaustive
// depth allows (a state that close would have been found there).
func (s *searcher) start(st *Start) error {
	if st.Exhaustive < 0 {
		return fmt.Errorf("centers: a start exhaustive through %d", st.Exhaustive)
	}
	states := slices.Sorted(maps.Keys(st.Known))
	for _, state := range states {
		w := st.Known[state]
		cost := w.Cost(s.metric)
		if !state.Valid() || w.Cube() != cube.Solved || Of(w) != state || (state != Solved && cost == 0) {
			return fmt.Errorf("centers: the start's maneuver %v does not give state %v", w, state)
		}
		if cost > firstOpen(s.metric, st.Exhaustive) {
			return fmt.Errorf("centers: the start gives %v distance %d, beyond what exhaustive through %d proves", state, cost, st.Exhaustive)
		}
		for _, g := range Images {
			if j := g.Apply(state).Index(); s.res.Upper[j] >= 0 && s.res.Upper[j] != cost {
				return fmt.Errorf("centers: the start gives %v distance %d, and a state of its class %d", state, cost, s.res.Upper[j])
			}
		}
		if i := state.Index(); s.res.Upper[i] < 0 {
			s.res.Lower[i], s.res.Upper[i], s.res.Word[i] = cost, cost, w
			s.found++
		}
	}
	for _, state := range states { // images the start left out
		s.record(state, st.Known[state].Cost(s.metric), st.Known[state])
	}
	s.res.Exhaustive = st.Exhaustive
	return nil
}

// keepBounds records the relations of an earlier run's upper bounds for
// the states still not found, where they are cheaper than what is known;
// bound then carries them to their classes and builds on them.
func (s *searcher) keepBounds(bounds map[State]cube.Word) {
	for _, state := range slices.Sorted(maps.Keys(bounds)) {
		w, i := bounds[state], state.Index()
		if s.res.Upper[i] >= 0 && s.res.Upper[i] <= s.res.Exhaustive || !state.Valid() || w.Cube() != cube.Solved || Of(w) != state {
			continue // proven, or not a relation of the state: the search's own results stand
		}
		if c := w.Cost(s.metric); c > s.res.Exhaustive && (s.res.Upper[i] < 0 || c < s.res.Upper[i]) {
			s.res.Upper[i], s.res.Word[i] = c, w
		}
	}
}

// oddEmpty reports whether depth n has no relations by parity: in QTM
// every move is a quarter turn, an odd permutation of the corners, and a
// relation leaves them solved, so it has an even number of moves.
func (s *searcher) oddEmpty(n int) bool { return s.metric == cube.QTM && n%2 == 1 }

func newSearcher(cfg Config) *searcher {
	s := &searcher{cfg: cfg, metric: cfg.Metric, k: cfg.StoredDepth, canon: canonicalsOnce()}
	s.saver = meet.Saver{Config: &s.cfg.Config, Cut: cfg.Cut()}
	s.res = &Result{meet.NewResult(cfg.Metric, NStates)}
	s.res.StoredDepth = s.k
	for r := range nClasses {
		for a := range cube.Axis(noAxis + 1) {
			for _, e := range cube.AxisMoves {
				if e.Axis() != a && classRank[e] >= r {
					s.after[r][a] = append(s.after[r][a], step{e, uint8(e.Cost(s.metric)), e.Axis(), e.Cube(), moveState[e]})
				}
			}
		}
	}
	return s
}

// buildTable stores every word of cost <= k that reaches a canonical cube
// (canonical.go), under the hash of that cube: part 0 is the empty word,
// part i+1 the words beginning with axis move i. An entry keeps what the
// search asks of a word (storedWord), not its moves: a word met with a new
// state is rebuilt from the table (rebuild), so the table holds 8 to 11
// bytes an entry and one level of words more than whole words would.
func (s *searcher) buildTable(ctx context.Context) error {
	all := s.after[0][noAxis]
	var mu sync.Mutex // progress is reported in order, from every worker
	done, total := int64(0), int64(2*(1+len(all)))
	gen := func(part int, emit func(h, v uint64)) {
		if p := s.cfg.StoredProgress; p != nil {
			defer func() {
				mu.Lock()
				defer mu.Unlock()
				done++
				p(done, total)
			}()
		}
		if part == 0 {
			emit(hashKey(cube.Solved.Key()), uint64(newStoredWord(Solved, 0, 0)))
			return
		}
		cp := cube.Solved.CornerPerm()
		if e := &all[part-1]; worthStoring(s.canon.repMoves[cp], e, 0, s.k) && ctx.Err() == nil {
			s.storeFrom(&cube.Solved, cp, e, 0, Solved, emit)
		}
	}
	limit := StoredEntries(s.metric, s.k)
	build := func() (*hashjoin.Compact, error) {
		t, err := hashjoin.BuildCompact(limit, 1+len(all), s.cfg.Workers, gen)
		if ctx.Err() != nil {
			return nil, ctx.Err() // the parts stopped early: not a table to keep
		}
		return t, err
	}
	var t *hashjoin.Compact
	var err error
	if c := s.cfg.StoredCache; c != nil {
		t, err = c.get(fmt.Sprintf("centers-stored-%s-k%d", s.metric, s.k), limit, build)
	} else {
		t, err = build()
	}
	if err := meet.BuildErr(ctx, err); err != nil {
		return fmt.Errorf("centers: %w", err)
	}
	s.table, s.res.StoredEntries = t, t.Len()
	return nil
}

// storeFrom emits a word (of the given cost and state, reaching c, whose
// corner permutation is cp) followed by e if it reaches a canonical cube,
// and does the same for every extension of it of cost <= k. The caller
// checks that the word's own cost is at most k, and skips a word with no
// extension whose corner permutation rules it out (repMoves): that is most
// words, never multiplied out.
func (s *searcher) storeFrom(c *cube.Cube, cp int, e *step, cost int, state State, emit func(h, v uint64)) {
	cost += int(e.cost)
	state = state.Add(e.state)
	childCP := int(s.canon.cpMove[cp][e.move])
	var child cube.Cube
	child.Mul(c, &e.cube)
	if s.canon.isCanonical(&child, childCP) {
		emit(hashKey(child.Key()), uint64(newStoredWord(state, cost, e.move)))
	}
	reps := s.canon.repMoves[childCP]
	next := s.after[0][e.axis]
	for i := range next {
		if f := &next[i]; worthStoring(reps, f, cost, s.k) {
			s.storeFrom(&child, childCP, f, cost, state, emit)
		}
	}
}

// storedWord is a stored side's entry: a word's state, cost and last move
// (the empty word: cost 0), in hashjoin.ValueBits.
type storedWord uint32

const costBits = 4

func newStoredWord(st State, cost int, last cube.AxisMove) storedWord {
	return storedWord(uint32(st) | uint32(cost)<<12 | uint32(last)<<(12+costBits))
}

func (v storedWord) state() State        { return State(v & 0xfff) }
func (v storedWord) cost() int           { return int(v >> 12 & (1<<costBits - 1)) }
func (v storedWord) last() cube.AxisMove { return cube.AxisMove(v >> (12 + costBits)) }

// rebuild returns a stored word with entry v that reaches r, a canonical
// cube, and whether there is one (a lookup may return another cube's
// entry: one whose fingerprint alone agrees). Its last move is v's; the
// word before it reaches r * last^-1, whose representative's entries hold
// that word conjugated (every word of cost <= k reaching a canonical cube
// is stored), so the word is read back move by move, trying each entry of
// the right cost and state.
func (s *searcher) rebuild(r *cube.Cube, v storedWord) (cube.Word, bool) {
	if v.cost() == 0 {
		return nil, *r == cube.Solved && v.state() == Solved
	}
	e := v.last()
	cost, st := v.cost()-e.Cost(s.metric), v.state().Add(moveState[e].Neg())
	before := cube.Times(*r, e.Inverse().Cube())
	rep, y := s.canon.canonical(&before)
	want := st.Conjugate(y)
	var found []uint32
	for _, u := range s.table.Lookup(hashKey(rep.Key()), found) {
		if w := storedWord(u); w.cost() == cost && w.state() == want && (cost == 0 || conjAxis[y.Inverse()][w.last()].Axis() != e.Axis()) {
			if prefix, ok := s.rebuild(&rep, w); ok {
				if word, ok := conjugateTo(prefix, &before, y); ok {
					return append(word, e), true
				}
			}
		}
	}
	return nil, false
}

// worthStoring reports whether a word of the given cost followed by f is to
// be enumerated, reps being the moves that can leave the word canonical
// (repMoves): it costs at most k, and it has extensions (every move costs
// at least 1, so a word of cost k has none) or f is one of reps.
func worthStoring(reps uint64, f *step, cost, k int) bool {
	d := cost + int(f.cost)
	return d < k || d == k && reps>>f.move&1 != 0
}
