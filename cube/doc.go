// Package cube is the Rubik's Cube group at the cubie and coordinate levels:
// the algebra every cubecensus stage shares.
//
// Conventions follow Kociemba's Cube Explorer pages (seed 000, "The Cubie
// Level", "The Coordinate Level", "Equivalent Cubes and Symmetry"):
//
//   - Corners URF UFL ULB UBR DFR DLF DBL DRB with orientation 0, 1, 2 (mod 3)
//     relative to the U or D facelet; edges UR UF UL UB DR DF DL DB FR FL BL BR
//     with flip 0 or 1 relative to the U/D facelet (F/B facelet for the four
//     UD-slice edges).
//   - The "is replaced by" representation: c.CP[URF] = UFL means the corner at
//     URF came from UFL. Products read left to right, A*B is "A, then B":
//     (A*B)(x).c = A(B(x).c).c and (A*B)(x).o = A(B(x).c).o + B(x).o.
//   - Reflections carry corner orientations 3, 4, 5 (the dihedral group D3), as
//     in Kociemba's corner_multiply_full; a Cube with such values is a
//     symmetry, never a reachable position.
//   - Facelet strings list the 54 stickers face by face in the order U R F D L
//     B, each face row by row as Kociemba's facelet numbering U1..U9 ... B1..B9.
//   - Moves U R F D L B turn a face clockwise as seen from outside; slice moves
//     M, E, S follow L, D, F; rotations x, y, z follow R, U, F. Slice moves and
//     rotations move the centers, so a sequence is judged relative to the
//     centers (see Position): the slice-turn metric of seed 000.
//
// Move sets are values (MoveSet: FaceTurns, QuarterTurns and SliceTurns
// for HTM, QTM and STM, and HTurns for Kociemba's H), and a search of a
// cube with symmetries begins with one sequence of runs per orbit of them
// (SymmetricRoots).
//
// Misuse of the API (an index out of range, a move that is not a Move)
// panics with a message starting "cube:". Bad data (a facelet string, a
// maneuver, an invalid cube) is returned as an error wrapping one of the
// Err* sentinels, to be tested with errors.Is.
package cube
