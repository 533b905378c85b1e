// Package cosets is the machinery of the two God's-number proofs (seeds 001
// and 002) over Kociemba's subgroup H = <U, D, R2, L2, F2, B2>: H's
// coordinates and the ten moves of A that keep it (h.go), a bitmap of one
// bit per position of H or of a coset of H, laid out so that extending a
// set by every move of A is a pass over 24-bit rows (bitmap.go, seed 002,
// section 6, "prepass") and rewritten in place by its passes (rewrite.go,
// pagemap.go), the distances inside H in moves of A, the "moves in A"
// column of seed 001's Table 1 (hdistance.go), and seed 002's coset
// solver: a coset's positions at each distance (coset.go, with the
// search's permutation coordinates in search.go, and the hash set of the
// positions left in coordset.go), the trivial coset's two sides and its
// symmetry (inverse.go, symmetry.go), and the proof that every position of
// a coset is within a bound (prove.go).
//
// Every count is checked against a slow path on instances small enough for
// both: the move tables against the cubie model on random positions, a
// prepass against the ten moves applied to each position of a random set,
// the first levels of the bitmap search and of the coset solver against a
// breadth-first search of cubes in a hash set, the search of H from
// symmetric roots against the plain search, the inverse and symmetry
// passes against the cubie model, and the search's skip of short detours
// against a breadth-first search of the cube group.
package cosets
