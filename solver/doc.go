// Package solver finds maneuvers that solve a cube: Kociemba's two-phase
// algorithm at full strength, as Cube Explorer runs it (seed 000, "The
// Two-Phase Algorithm", "The Two-Phase Algorithm Coordinates", "Pruning
// Tables"; seed 003, "How the Two-Phase Algorithm works").
//
// Phase 1 brings the cube into H = <U, D, R2, L2, F2, B2>, where twist,
// flip and UD-slice coordinates are 0; phase 2 solves it inside H with the
// ten moves of H, on the corner permutation, the U and D edges'
// permutation and the order of the slice edges. Each phase is an
// iterative-deepening search over canonical sequences. Phase 1 is pruned by
// its exact distance, from a table over the FlipUDSlice coordinate's 64,430
// classes under the 16 symmetries that keep the U-D axis and the corner
// twist, read through its steps (coord's phase1steps.go: how each move
// changes an entry's distance), so that a node makes only the children
// within reach and knows their distances; phase 2 by the larger of two
// bounds, a table over the corner permutation's 2,768 classes and the U
// and D edges (exact to 14) and a small one over the corners and the
// slice order (coord's symtables.go). An arrival in H is first judged by
// the small bound, from the corners and slice coordinates carried along
// the path only when an arrival needs them; two in three stop there,
// before the cube's edges are made.
//
// Solve looks at the cube in six directions (along each of its three axes,
// and its inverse along each), trying every phase-1 length in all six
// before the next: phase 1 of one may be far shorter than of another. At
// each length it also tries solutions that leave H after phase 2 and come
// back by a short tail (solver.go's withTails, the idea of min2phase's
// pre-moves), which a plain phase 1 reaches only very late. It
// stops at the first solution within the length asked for, or, with
// ExtraDepths, tries that many more phase-1 lengths for shorter ones. A
// node budget, not a timeout, bounds a search, so results do not depend
// on the machine. Solutions are short (at most 20 face turns for random
// cubes in a few milliseconds) but not proven optimal.
//
// The tables are the coordinate level's (package coord): the two-phase
// ones take 127 MB and about half a minute to build, the phase-1 steps
// 564 MB more and about 20 seconds; they are kept in internal/tablecache's
// folder, checksummed, and loaded in a fraction of a second by later runs.
//
// Optimal solves a cube in the fewest face turns or quarter turns by
// iterative deepening (optimal.go), pruned by the table coord.Config.Optimal
// names: phase 1's, or one of the big tables (coord's bigtable.go: 2.3 GiB
// and 13.8 GiB a metric, built once per machine), chosen for a memory
// budget by coord.OptimalTableFor. A cube with symmetries is searched from one
// beginning per orbit of them (cube's symroots.go: SymmetricRoots).
package solver
