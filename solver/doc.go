// Package solver finds maneuvers that solve a cube: Kociemba's two-phase
// algorithm (seed 000, "The Two-Phase Algorithm Coordinates", "The Move
// Tables"; seed 003, "How the Two-Phase Algorithm works").
//
// Phase 1 brings the cube into H = <U, D, R2, L2, F2, B2>, where twist,
// flip and UD-slice coordinates are 0; phase 2 solves it inside H with the
// ten moves of H, on the corner permutation, the phase-2 edge permutation
// and the order of the slice edges. Each phase is an iterative-deepening
// search over canonical sequences, pruned by exact distance tables of two
// coordinates at a time (twist x slice and flip x slice in phase 1, corner
// permutation x slice order and edge permutation x slice order in phase 2),
// which never overestimate and so keep each phase optimal for itself.
//
// The solutions are short (usually 20 to 24 face turns) but not optimal;
// the stages use them as generators of witness cubes, where any length will
// do, and the tests re-apply every one.
//
// The tables take a few megabytes and about a second to build; New builds
// them, once per Solver.
package solver
