package cube

// Position is a cube judged relative to its centers, together with the frame
// in which the next move is read. Face turns leave the centers alone; a
// slice turn or a rotation turns them, so after "x" the layer called U is
// the one that was F. The slice-turn metric compares positions this way
// (seed 000, "Cubes with Twisted Centers", slice turn metric).
//
// Why this is exact: let P be the physical state (in the fixed frame of
// space) and Q the rotation the centers have undergone; the position relative
// to the centers is X = P * Q^-1. A move m is m = f*R: cubie effect f and
// rotation R (R is the identity for face turns). Then P' = P*f*R and
// Q' = Q*R, so X' = P*f*R*R^-1*Q^-1 = X * (Q f Q^-1): the move's cubie
// effect conjugated into the current frame.
type Position struct {
	Cube  Cube // the position relative to the centers: always a group element
	frame Sym  // Q, a rotation
}

// NewPosition returns the solved cube in the home frame.
func NewPosition() Position { return Position{Cube: Solved} }

// framedMove[q][m] is Q f_m Q^-1 for each rotation Q = S(q).
var framedMove = buildFramedMoves()

func buildFramedMoves() (t [NSyms][NMoves]Cube) {
	for q := range Sym(NSyms) {
		if q.IsReflection() {
			continue // frames are always rotations
		}
		for m := range Move(NMoves) {
			t[q][m] = Conjugate(moveCube[m], q.Inverse())
		}
	}
	return t
}

// Apply performs m on p.
func (p *Position) Apply(m Move) {
	p.Cube.Mul(&p.Cube, &framedMove[p.frame][m])
	p.frame = p.frame.Mul(moveRot[m])
}

// ApplyAll performs the moves in order.
func (p *Position) ApplyAll(moves []Move) {
	for _, m := range moves {
		p.Apply(m)
	}
}

// FromMoves returns the position, relative to the centers, that the moves
// generate from the solved cube.
func FromMoves(moves []Move) Cube {
	p := NewPosition()
	p.ApplyAll(moves)
	return p.Cube
}
