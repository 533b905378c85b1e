// Package enumerate counts canonical move sequences exactly by powers of a
// transition matrix, and checks the counts by brute force on real cubes.
//
// A canonical sequence (seed 002, section 5) never turns the same layer
// twice in a row and writes the commuting layers of one axis in a fixed
// order: U before D, F before B, R before L; with slice turns, U E D, R M L,
// F S B. Its length is measured in a metric: in the half-turn and slice-turn
// metrics every move costs 1; in the quarter-turn metric a half turn costs 2
// (it is the canonical form of two equal quarter turns).
//
// q_n, the number of canonical sequences of length n, is start^T T^(n-1) end
// for the automaton's transition matrix T (seed 002, equation for q_n(S)),
// computed exactly with math/big; the dominant eigenvalue of T is the
// asymptotic branching factor. BruteForce enumerates the same sequences on
// cubes, which both checks the counts and yields the number of distinct
// positions at each distance, the start of the distance distribution.
package enumerate
