package cube

import "fmt"

// Sym indexes the 48 symmetries of the cube (the group M of seed 000,
// "Equivalent Cubes and Symmetry"): S(i) = S_URF3^x1 * S_F2^x2 * S_U4^x3 *
// S_LR2^x4 with i = 16*x1 + 8*x2 + 2*x3 + x4. Odd indices are reflections.
type Sym uint8

// Symmetry counts.
const (
	NSyms      = 48 // 3 * 2 * 4 * 2
	NRotations = 24 // the proper rotations: even indices
	NMC2       = 96 // M x C2: symmetries with or without inversion
)

// SymIdentity is S(0), the identity.
const SymIdentity Sym = 0

// The four basic symmetries of seed 000 as cubes (Kociemba's symmetries
// tables; the tests derive each again from the geometry of the facelets).
var (
	// S_URF3: 120 degrees about the URF-DBL diagonal.
	symURF3 = Cube{
		CP: [8]Corner{URF, DFR, DLF, UFL, UBR, DRB, DBL, ULB},
		CO: [8]uint8{1, 2, 1, 2, 2, 1, 2, 1},
		EP: [12]Edge{UF, FR, DF, FL, UB, BR, DB, BL, UR, DR, DL, UL},
		EO: [12]uint8{1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1},
	}
	// S_F2: 180 degrees about the F-B axis.
	symF2 = Cube{
		CP: [8]Corner{DLF, DFR, DRB, DBL, UFL, URF, UBR, ULB},
		EP: [12]Edge{DL, DF, DR, DB, UL, UF, UR, UB, FL, FR, BR, BL},
	}
	// S_U4: 90 degrees about the U-D axis, the way U turns (the rotation y).
	symU4 = Cube{
		CP: [8]Corner{UBR, URF, UFL, ULB, DRB, DFR, DLF, DBL},
		EP: [12]Edge{UB, UR, UF, UL, DB, DR, DF, DL, BR, FR, FL, BL},
		EO: [12]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1},
	}
	// S_LR2: the reflection in the plane between L and R.
	symLR2 = Cube{
		CP: [8]Corner{UFL, URF, UBR, ULB, DLF, DFR, DRB, DBL},
		CO: [8]uint8{3, 3, 3, 3, 3, 3, 3, 3},
		EP: [12]Edge{UL, UF, UR, UB, DL, DF, DR, DB, FL, FR, BR, BL},
	}
)

// symCube[i] is S(i); symMul and symInv are the group table of M.
var symCube = buildSymCubes()
var symMul, symInv = buildSymTable()

// rotationSyms are the rotations x, y, z (following R, U, F) as symmetries,
// found as the symmetries that move the corners as R L', U D', F B' do.
var rotationSyms = [3]Sym{
	symWithCorners(Times(cubeR, Power(cubeL, 3))),
	symWithCorners(Times(cubeU, Power(cubeD, 3))),
	symWithCorners(Times(cubeF, Power(cubeB, 3))),
}

func buildSymCubes() (syms [NSyms]Cube) {
	c := Solved
	for x1 := range 3 {
		for x2 := range 2 {
			for x3 := range 4 {
				for x4 := range 2 {
					syms[16*x1+8*x2+2*x3+x4] = c
					c.Mul(&c, &symLR2)
				}
				c.Mul(&c, &symU4)
			}
			c.Mul(&c, &symF2)
		}
		c.Mul(&c, &symURF3)
	}
	return syms
}

func buildSymTable() (mul [NSyms][NSyms]Sym, inv [NSyms]Sym) {
	index := make(map[Cube]Sym, NSyms)
	for i, c := range symCube {
		index[c] = Sym(i)
	}
	for i := range NSyms {
		for j := range NSyms {
			p := Times(symCube[i], symCube[j])
			k, ok := index[p]
			if !ok {
				panic("cube: symmetries do not close under multiplication")
			}
			mul[i][j] = k
			if k == SymIdentity {
				inv[i] = Sym(j)
			}
		}
	}
	return mul, inv
}

func symWithCorners(c Cube) Sym {
	for i, s := range symCube {
		if s.CP == c.CP && s.CO == c.CO {
			return Sym(i)
		}
	}
	panic("cube: no symmetry moves the corners so")
}

func symPower(s Sym, p int) Sym {
	r := SymIdentity
	for range p {
		r = symMul[r][s]
	}
	return r
}

// Cube returns S(s) as a cube (reflections carry corner orientations 3..5).
func (s Sym) Cube() Cube { return symCube[s] }

// IsReflection reports whether s reverses orientation (odd x4).
func (s Sym) IsReflection() bool { return s&1 == 1 }

// Mul returns the product s*t ("s, then t") in M.
func (s Sym) Mul(t Sym) Sym { return symMul[s][t] }

// Inverse returns s^-1.
func (s Sym) Inverse() Sym { return symInv[s] }

func (s Sym) String() string { return fmt.Sprintf("S%d", uint8(s)) }

// Conjugate returns S(s)^-1 * c * S(s), the cube equivalent to c under s as
// seed 000 defines it. Conjugating a position gives a position.
func Conjugate(c Cube, s Sym) Cube {
	r := Times(symCube[symInv[s]], c)
	return Times(r, symCube[s])
}

// conjMove[s][m] is the face or slice turn S(s)^-1 * m * S(s) (a slice
// turn relative to the centers); for a reflection a clockwise turn becomes
// a counter-clockwise one.
var conjMove = buildConjMoves()

func buildConjMoves() (t [NSyms][NFaceMoves + NSliceMoves]Move) {
	index := make(map[Cube]Move, NFaceMoves+NSliceMoves)
	for m := range Move(NFaceMoves + NSliceMoves) {
		index[moveCube[m]] = m
	}
	for s := range Sym(NSyms) {
		for m := range Move(NFaceMoves + NSliceMoves) {
			t[s][m] = index[Conjugate(moveCube[m], s)]
		}
	}
	return t
}

// ConjugateMove returns the face or slice turn S(s)^-1 * m * S(s): the
// permutation that s induces on the 18 face turns, and on the 9 slice
// turns taken relative to the centers (M as R L'). It panics if m is a
// rotation.
func ConjugateMove(m Move, s Sym) Move {
	if m.IsRotation() || m >= NMoves {
		panic(fmt.Sprintf("cube: ConjugateMove(%v) is not a face or slice turn", m))
	}
	return conjMove[s][m]
}

// MC2 is an element of M x C2 (seed 000, "Symmetry and Antisymmetry"): a
// symmetry, possibly followed by inversion. Its action on a cube y is
// (m,1).y = m y m^-1 and (m,a).y = (m y m^-1)^-1, a left action: acting by
// g then by h is acting by h*g.
type MC2 struct {
	Sym    Sym
	Invert bool
}

// Act returns g.y.
func (g MC2) Act(y Cube) Cube {
	z := Conjugate(y, g.Sym.Inverse()) // m y m^-1
	if g.Invert {
		return Inverse(z)
	}
	return z
}

// Mul returns g*h, the element acting as "h, then g" (so (g*h).y = g.(h.y)).
// Inversion commutes with conjugation, hence the direct product.
func (g MC2) Mul(h MC2) MC2 {
	return MC2{Sym: g.Sym.Mul(h.Sym), Invert: g.Invert != h.Invert}
}
