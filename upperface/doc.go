// Package upperface is the upper-face problem of seed 004 ("God's Algorithm
// for the Rubik's Cube Upper Face"): the 62,208 positions with everything
// outside the U layer solved, their numbering, their distances in the
// face-, quarter- and slice-turn metrics by meet-in-the-middle joins
// (search.go), bounds where a search stops short (bounds.go), and the
// last-layer cases (cases.go).
//
// Seed 004 numbers a position by what the maneuver does to the U layer:
// corner positions UFL, ULB, UBR, URF are 0..3 and edge positions UL, UB,
// UR, UF are 0..3; cp[i] and ep[i] name the piece that ends at position i,
// ct[i] and et[i] its twist there (corner twists as Kociemba's, 1 for
// clockwise). As the seed's README notes, the numbering follows the
// document's worked examples rather than its printed code: corner twist
// digits weigh 1, 3, 9 for UFL, ULB, UBR and edge flips 1, 2, 4 for UL, UB,
// UR; the examples are this package's tests.
package upperface
