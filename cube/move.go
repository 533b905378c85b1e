package cube

import "fmt"

// Move is one turn: a face turn, a slice turn or a whole-cube rotation, each
// a quarter turn clockwise (power 1), a half turn (2) or a quarter turn
// counter-clockwise (3). Moves are numbered 3*layer + power - 1 over the
// layers U R F D L B (Kociemba's face order), M E S, x y z.
type Move uint8

// The 36 moves. U1 is U, U3 is U'.
const (
	U1 Move = iota
	U2
	U3
	R1
	R2
	R3
	F1
	F2
	F3
	D1
	D2
	D3
	L1
	L2
	L3
	B1
	B2
	B3
	M1
	M2
	M3
	E1
	E2
	E3
	S1
	S2
	S3
	X1
	X2
	X3
	Y1
	Y2
	Y3
	Z1
	Z2
	Z3
)

// Move counts.
const (
	NFaceMoves  = 18 // 6 faces x 3 powers: the half-turn metric's generators
	NSliceMoves = 9  // M E S x 3 powers
	NMoves      = 36 // faces, slices and the 9 rotations
)

// Layer is what a move turns: a face, a middle slice or the whole cube.
type Layer uint8

// The 12 layers, in move order.
const (
	LayerU Layer = iota
	LayerR
	LayerF
	LayerD
	LayerL
	LayerB
	LayerM
	LayerE
	LayerS
	LayerX
	LayerY
	LayerZ
	NLayers
)

var layerNames = [NLayers]string{"U", "R", "F", "D", "L", "B", "M", "E", "S", "x", "y", "z"}

func (l Layer) String() string { return layerNames[l] }

// Axis is one of the three axes through opposite face centers.
type Axis uint8

// The axes, named by the face whose clockwise turn defines their sense.
const (
	AxisUD Axis = iota
	AxisRL
	AxisFB
)

// layerAxis and layerRank place each turning layer on its axis; rank orders
// the layers of one axis (U < E < D, R < M < L, F < S < B), the fixed order
// in which canonical sequences list commuting moves (seed 002, section 5:
// "U before D, F before B, R before L").
var layerAxis = [NLayers]Axis{AxisUD, AxisRL, AxisFB, AxisUD, AxisRL, AxisFB, AxisRL, AxisUD, AxisFB, AxisRL, AxisUD, AxisFB}
var layerRank = [NLayers]uint8{0, 0, 0, 2, 2, 2, 1, 1, 1, 3, 3, 3}

// MoveOf returns the move turning layer l by power 1..3. It panics on a bad power.
func MoveOf(l Layer, power int) Move {
	if l >= NLayers || power < 1 || power > 3 {
		panic(fmt.Sprintf("cube: MoveOf(%d, %d)", l, power))
	}
	return Move(3*int(l) + power - 1)
}

// Layer returns the layer m turns.
func (m Move) Layer() Layer { return Layer(m / 3) }

// Power returns 1, 2 or 3: quarter turn, half turn, counter quarter turn.
func (m Move) Power() int { return int(m%3) + 1 }

// Axis returns the axis m turns about.
func (m Move) Axis() Axis { return layerAxis[m.Layer()] }

// AxisRank orders the layers of one axis for canonical sequences.
func (m Move) AxisRank() int { return int(layerRank[m.Layer()]) }

// IsFace, IsSlice and IsRotation classify a move.
func (m Move) IsFace() bool     { return m < NFaceMoves }
func (m Move) IsSlice() bool    { return m >= NFaceMoves && m < NFaceMoves+NSliceMoves }
func (m Move) IsRotation() bool { return m >= NFaceMoves+NSliceMoves && m < NMoves }

// CanFollow reports whether b may follow a in a canonical sequence (seed
// 002, section 5): another axis, or a later layer of the same axis, which
// excludes turning one layer twice in a row.
func CanFollow(a, b Move) bool {
	return a.Axis() != b.Axis() || a.AxisRank() < b.AxisRank()
}

// Inverse returns the move undoing m.
func (m Move) Inverse() Move { return MoveOf(m.Layer(), 4-m.Power()) }

// InverseManeuver returns the maneuver undoing moves: their inverses in
// the reverse order.
func InverseManeuver(moves []Move) []Move {
	out := make([]Move, len(moves))
	for i, m := range moves {
		out[len(moves)-1-i] = m.Inverse()
	}
	return out
}

// String returns the move in standard notation: U, U2, U', M, x'.
func (m Move) String() string {
	if m >= NMoves {
		return fmt.Sprintf("Move(%d)", uint8(m))
	}
	return m.Layer().String() + [3]string{"", "2", "'"}[m%3]
}

// The basic face turns of seed 000 ("The Cubie Level", CubeDefs), in the "is
// replaced by" representation. The seed prints F and R in full; the others
// are Kociemba's definitions, and the tests derive all six again from the
// geometry of the facelets.
var (
	cubeU = Cube{
		CP: [8]Corner{UBR, URF, UFL, ULB, DFR, DLF, DBL, DRB},
		EP: [12]Edge{UB, UR, UF, UL, DR, DF, DL, DB, FR, FL, BL, BR},
	}
	cubeR = Cube{
		CP: [8]Corner{DFR, UFL, ULB, URF, DRB, DLF, DBL, UBR},
		CO: [8]uint8{2, 0, 0, 1, 1, 0, 0, 2},
		EP: [12]Edge{FR, UF, UL, UB, BR, DF, DL, DB, DR, FL, BL, UR},
	}
	cubeF = Cube{
		CP: [8]Corner{UFL, DLF, ULB, UBR, URF, DFR, DBL, DRB},
		CO: [8]uint8{1, 2, 0, 0, 2, 1, 0, 0},
		EP: [12]Edge{UR, FL, UL, UB, DR, FR, DL, DB, UF, DF, BL, BR},
		EO: [12]uint8{0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0},
	}
	cubeD = Cube{
		CP: [8]Corner{URF, UFL, ULB, UBR, DLF, DBL, DRB, DFR},
		EP: [12]Edge{UR, UF, UL, UB, DF, DL, DB, DR, FR, FL, BL, BR},
	}
	cubeL = Cube{
		CP: [8]Corner{URF, ULB, DBL, UBR, DFR, UFL, DLF, DRB},
		CO: [8]uint8{0, 1, 2, 0, 0, 2, 1, 0},
		EP: [12]Edge{UR, UF, BL, UB, DR, DF, FL, DB, FR, UL, DL, BR},
	}
	cubeB = Cube{
		CP: [8]Corner{URF, UFL, UBR, DRB, DFR, DLF, ULB, DBL},
		CO: [8]uint8{0, 0, 1, 2, 0, 0, 2, 1},
		EP: [12]Edge{UR, UF, UL, BR, DR, DF, DL, BL, FR, FL, UB, DB},
		EO: [12]uint8{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1},
	}
)

// moveCube[m] is what m does to the corners and edges in a frame fixed to
// the centers, and moveRot[m] is the rotation m gives the whole cube (the
// centers). For a face turn the rotation is the identity; a slice turn is
// two face turns and a rotation (M = R L' x', E = U D' y', S = F' B z); a
// rotation x, y, z turns nothing relative to the centers.
var moveCube, moveRot = buildMoves()

func buildMoves() (cubes [NMoves]Cube, rots [NMoves]Sym) {
	basic := [6]Cube{cubeU, cubeR, cubeF, cubeD, cubeL, cubeB}
	// Each slice as its two face quarter turns (relative to the centers)
	// and the rotation that comes with it.
	slices := [3]struct {
		a, b Move
		rot  Move
	}{
		{R1, L3, X3}, // M follows L: M = R L' x'
		{U1, D3, Y3}, // E follows D: E = U D' y'
		{F3, B1, Z1}, // S follows F: S = F' B z
	}
	for f := range 6 {
		q := basic[f]
		for p := 1; p <= 3; p++ {
			cubes[MoveOf(Layer(f), p)] = Power(q, p)
			rots[MoveOf(Layer(f), p)] = SymIdentity
		}
	}
	for r := range 3 {
		base := rotationSyms[r]
		for p := 1; p <= 3; p++ {
			m := MoveOf(LayerX+Layer(r), p)
			cubes[m] = Solved
			rots[m] = symPower(base, p)
		}
	}
	for s, def := range slices {
		q := Times(cubes[def.a], cubes[def.b])
		for p := 1; p <= 3; p++ {
			m := MoveOf(LayerM+Layer(s), p)
			cubes[m] = Power(q, p)
			rots[m] = symPower(rots[def.rot], p)
		}
	}
	return cubes, rots
}

// CubeOf returns the cubie-level effect of move m relative to the centers.
// For face turns this is the move itself.
func CubeOf(m Move) Cube {
	if m >= NMoves {
		panic(fmt.Sprintf("cube: CubeOf(%d)", m))
	}
	return moveCube[m]
}

// Move sets z to x followed by the face turn m and returns z. It is the
// hot-path form of z.Mul(x, CubeOf(m)); m must be a face turn, since slice
// turns and rotations also change the frame (use Position for those).
func (z *Cube) Move(x *Cube, m Move) *Cube {
	if !m.IsFace() {
		panic(fmt.Sprintf("cube: Cube.Move(%v) is not a face turn", m))
	}
	return z.Mul(x, &moveCube[m])
}
