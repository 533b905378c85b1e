// Package burnside classifies cubes by their symmetry: the subgroups of the
// symmetry group M (48 elements) and of M x C2 (96, symmetry and inversion),
// the number of cubes each subgroup fixes, exact stabilizer counts by Mobius
// inversion over the subgroup lattice, and orbit counts (seed 000,
// "Symmetric Patterns in Detail", "Symmetry and Antisymmetry", "How to count
// the number of essentially different cubes").
//
// An element of M x C2 is a symmetry m with or without inversion a; it acts
// on a cube y as (m,1).y = m y m^-1 and (m,a).y = (m y m^-1)^-1
// (cube.MC2.Act). Since inversion commutes with conjugation, subgroups of
// M x C2 are conjugate exactly when a symmetry of M conjugates one into the
// other.
//
// Counting fixed cubes separates corners and edges: a cube is fixed by a
// subgroup K exactly when its corner part and its edge part are, and a pair
// of fixed parts is a cube when the parities agree, the twists sum to 0 mod
// 3 and the flips to 0 mod 2. Each part is counted exactly by a memoized
// search (fixed.go).
package burnside
