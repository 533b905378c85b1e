package cube

import (
	"fmt"
	"sync"
)

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

// framedMoves()[q][m] is Q f_m Q^-1 for each rotation Q = S(q), built on
// first use (69 KB and about 0.15 ms, which a command that
// reads no maneuver does not pay at start-up).
var framedMoves = sync.OnceValue(buildFramedMoves)

func buildFramedMoves() *[NSyms][NMoves]Cube {
	t := new([NSyms][NMoves]Cube)
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
	p.Cube.Mul(&p.Cube, &framedMoves()[p.frame][m])
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

// Reframe writes a maneuver of face and slice turns that names layers by the
// centers of the home frame (as if the centers never moved: M is always
// R L' relative to them) in the usual notation, where each move names the
// layer by where it is when the move is made. Both do the same to the cube
// relative to the centers: FromMoves(Reframe(fixed)) is the product of the
// CubeOf(m) over fixed. Searches that work in the home frame (the slice-turn
// metric as words in the 27 face and slice effects) print their maneuvers
// through it. It panics on a rotation, which has no effect to rename.
func Reframe(fixed []Move) []Move {
	out := make([]Move, len(fixed))
	p := NewPosition()
	for i, m := range fixed {
		if m.IsRotation() {
			panic(fmt.Sprintf("cube: Reframe(%v): a rotation", m))
		}
		out[i] = moveWithEffect(p.frame, &moveCube[m])
		p.Apply(out[i])
	}
	return out
}

// moveWithEffect returns the face or slice turn whose effect relative to the
// centers, made in frame q, is effect. Frames permute the 27 effects, so
// there is exactly one.
func moveWithEffect(q Sym, effect *Cube) Move {
	for m := range Move(NFaceMoves + NSliceMoves) {
		if framedMoves()[q][m] == *effect {
			return m
		}
	}
	panic("cube: no face or slice turn has this effect")
}

// WordOf is the inverse of Word.Moves: the word in the home frame of a
// maneuver of face turns, slice turns and rotations (a rotation only renames
// the layers of the moves after it), neighbours on one axis merged as
// Concat merges them. It reports an error for a move whose effect is not
// an axis move.
func WordOf(moves []Move) (Word, error) {
	p := NewPosition()
	var w Word
	for _, m := range moves {
		if !m.IsRotation() {
			e, ok := axisMoveOfCube[framedMoves()[p.frame][m]]
			if !ok {
				return nil, fmt.Errorf("cube: %v turns no axis", m)
			}
			w = Concat(w, Word{e})
		}
		p.Apply(m)
	}
	return w, nil
}

// axisMoveOfCube maps each axis move's effect to the move.
var axisMoveOfCube = func() map[Cube]AxisMove {
	t := make(map[Cube]AxisMove, NAxisMoves)
	for _, e := range AxisMoves {
		t[e.Cube()] = e
	}
	return t
}()
