// Package coord is the coordinate level under the searches (seed 000, "The
// Two-Phase Algorithm Coordinates", "Symmetry reduced coordinates", "Pruning
// Tables"): the move tables of the coordinates the searches read off a
// cube, the classes of the symmetry-reduced coordinates and the conjugation
// of the others, and the pruning tables built over them: phase 1's (the
// distance of every coset of H from H, in HTM and QTM: CosetTable), phase
// 2's, the optimal search's big and huge tables, and the coset solver's
// move masks (CosetMoves, after seed 002's coset solver). h48.go and
// h48k.go hold the first steps of the optimal solver's next design (issue
// 39): nissy-core's H48 coordinate, whose goal group all 48 symmetries
// keep, its exact h0 table and the two-bit hK tables; the solver does not
// read them yet.
//
// solver's two-phase and optimal searches and cosets' coset solver read
// these tables; none of them searches. Every table is built once per
// machine and kept in internal/tablecache's folder, checksummed; Load reads
// the two-phase ones, the others are loaded on first use.
package coord
