// Package centers is God's algorithm for the 2048 twisted-center states: the
// exact distance and an optimal maneuver of every way the six centers can be
// turned while every cubie is solved (seed 000, "Cubes with Twisted
// Centers"), in HTM, QTM and STM, with honest bounds where a search stops
// before its proof.
//
// Conventions. A State numbers the centers' quarter turns (clockwise seen
// from outside) in face order U R F D L B as base-4 digits, U first; seed
// 000's notation ("u+ d-") reads and writes it (String, ParseState). Only
// states with an even total occur: 2048 of 4096 numbers. Maneuvers are
// cube.Words of axis moves in the home frame, the frame of the corners:
// there the centers never move, and a maneuver that solves the cubies turns
// each center by the quarter turns its face received (Of). A slice turn is,
// in that frame, its two outer faces turned oppositely (M = R L'), so STM
// counts face and slice turns with whole-cube rotations free, as seed 000's
// slice maneuvers do (they begin with x, y, z re-orientations). The 74
// classes (Classes) are the orbits under the 48 symmetries and inversion.
//
// Checking. Supercube is a separate model of the cube as 26 pieces turned by
// 3-D rotations, sharing nothing with package cube's tables: every maneuver
// the stage writes is parsed back from its text and applied to it, and it
// reproduces seed 000's lines (Seed000, with the page's damage listed).
//
// Method (search.go). A state's distance is the least cost of a relation, a
// maneuver that solves the cubies, with that state; depth n meets every
// relation of cost n in the middle, for all states at once: prefixes are
// enumerated, words of cost <= k are stored in a hash join
// (internal/hashjoin) under the cube they reach, and a prefix meets a
// stored word reaching the same cube. Only words reaching one cube of each
// class under the 48 symmetries are stored, and a prefix's cube is
// conjugated to its class's representative before it is looked up
// (canonical.go): the stored side is 48 times smaller, so it holds two more
// levels of words in the same memory. Rotating a relation cyclically,
// conjugating it by a symmetry or inverting it gives relations of the same
// cost, so the search takes one of each family: it begins with a move of
// the relation's highest-ranked class, conjugated to that class's
// representative, and continues with moves of no higher rank (words.go); of
// those rotations, and those of the inverse, it keeps the least, like a
// necklace written from its least rotation, and drops a prefix that one of
// its own rotations, or its own beginning reversed and inverted, already
// beats (necklace.go). Depths run in order, so the first depth at which a state
// is met is its distance, and Exhaustive is the depth through which every
// relation was met. In QTM every relation has an even cost, so odd depths
// are empty without search. Where a budget stops the search, every state
// not met keeps the lower bound Exhaustive+1 (even in QTM) and an upper
// bound from sums of known relations (d(s+t) <= d(s)+d(t), bounds.go), each
// with its maneuver.
//
// Pruning (prune.go). From Config.PruneFrom on, a prefix is dropped when it
// cannot begin a relation whose state is still open: the distance of its
// corners and its state from {(solved corners, t): t open}, in the group of
// the corners and the center twists (1.8e11 elements; a table of 4.4e9
// entries, 4 bits each, by the 48 symmetries, built by breadth-first search
// in one to three minutes), must not exceed the cost left. A second table,
// the corners' own distance (a megabyte), is asked first. A prefix of cost d
// is always within d, so only prefixes past half the depth are cut, and
// only inner ones are asked (at a probed prefix the lookup costs about what
// it saves). The table is rebuilt whenever a depth begins with fewer states
// open; where few remain (seed 000's deepest classes) it is far stronger
// than the corners alone, where half the states are open hardly at all.
// Pruning never changes what a depth finds, only what it costs: the tests
// compare pruned and plain searches state by state.
//
// Cost. The stored side holds about StoredEntries(m, k) words, a 48th of
// those of cost <= k, each as its state, cost and last move in a
// hashjoin.Compact (8 to 11 bytes; a word met with a new state is read
// back move by move from the table, rebuild): QTM k = 11 is 1.5e9 words in
// 11.9 GiB, built in 23 minutes on 2 cores, where whole words in a
// hashjoin.Table held k = 10 in 4.7 GiB. Depth n probes about b^(n-k)
// prefixes (b is about 13 in HTM, 9.4 in QTM), each conjugated to its
// representative in one pass (cube.ProductKey) and looked up with one to
// three cache misses: QTM depth 22 takes 5.7e8 probes and 90 s with
// k = 11, against 5.8e9 and 410 s with k = 10. ChooseStoredDepth takes the
// deepest k the memory holds that the probe budget is worth building; a
// caller may keep the table between runs (Config.StoredCache). docs/centers.md
// and BENCHMARKS.md give the measured cost of each depth, and what the
// deepest proofs still cost.
//
// Scale-out (part.go). A depth too long for one machine is searched in
// parts, anywhere (SearchPart, some of its chunks each), and settled from
// all their hits (Settle) as the whole depth's search would have found it.
package centers
