package cube

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Corner names a corner position or cubie, in Kociemba's order.
type Corner uint8

// The eight corners.
const (
	URF Corner = iota
	UFL
	ULB
	UBR
	DFR
	DLF
	DBL
	DRB
)

// Edge names an edge position or cubie, in Kociemba's order.
type Edge uint8

// The twelve edges.
const (
	UR Edge = iota
	UF
	UL
	UB
	DR
	DF
	DL
	DB
	FR
	FL
	BL
	BR
)

// Piece counts.
const (
	NCorners = 8
	NEdges   = 12
)

var cornerNames = [NCorners]string{"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"}
var edgeNames = [NEdges]string{"UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"}

func (c Corner) String() string { return cornerNames[c] }
func (e Edge) String() string   { return edgeNames[e] }

// Cube is an element of the cube group at the cubie level, in the "is
// replaced by" representation: the corner cubie at position i is CP[i] with
// orientation CO[i], the edge cubie at position i is EP[i] with flip EO[i].
// The zero value is not a cube; use Solved. Cubes are small values: copy them
// freely and compare them with ==.
type Cube struct {
	CP [NCorners]Corner
	CO [NCorners]uint8 // 0..2 for rotations, 3..5 for reflections (D3)
	EP [NEdges]Edge
	EO [NEdges]uint8 // 0..1
}

// Solved is the identity of the group.
var Solved = func() Cube {
	var c Cube
	for i := range c.CP {
		c.CP[i] = Corner(i)
	}
	for i := range c.EP {
		c.EP[i] = Edge(i)
	}
	return c
}()

// d3Mul composes corner orientations a (of the first factor) and b (of the
// second) in the dihedral group D3: 0..2 are the rotations, 3..5 the
// reflections. It is Kociemba's corner_multiply_full, written as a table-free
// function: a rotation followed by a rotation adds, a reflection reverses the
// sense of what follows it.
func d3Mul(a, b uint8) uint8 {
	switch {
	case a < 3 && b < 3:
		return (a + b) % 3
	case a < 3: // b mirrored
		return 3 + (a+b-3)%3
	case b < 3: // a mirrored
		return 3 + (a-3+3-b)%3
	default: // both mirrored: a regular result
		return (a - b + 3) % 3
	}
}

// d3Table is d3Mul as a table: Mul's hot loop does a lookup, not branches.
var d3Table = func() (t [6][6]uint8) {
	for a := range uint8(6) {
		for b := range uint8(6) {
			t[a][b] = d3Mul(a, b)
		}
	}
	return t
}()

// d3Inv is the inverse of o in D3: reflections are involutions.
func d3Inv(o uint8) uint8 {
	if o >= 3 {
		return o
	}
	return (3 - o) % 3
}

// Mul sets z to x*y ("x, then y") and returns z. z may alias x or y.
func (z *Cube) Mul(x, y *Cube) *Cube {
	var r Cube
	for i := range NCorners {
		j := y.CP[i]
		r.CP[i] = x.CP[j]
		r.CO[i] = d3Table[x.CO[j]][y.CO[i]]
	}
	for i := range NEdges {
		j := y.EP[i]
		r.EP[i] = x.EP[j]
		r.EO[i] = x.EO[j] ^ y.EO[i]
	}
	*z = r
	return z
}

// MulCorners sets z's corners to those of x*y and returns z, leaving z's
// edges as they were: for searches that follow only the corners. z may
// alias x or y.
func (z *Cube) MulCorners(x, y *Cube) *Cube {
	var cp [NCorners]Corner
	var co [NCorners]uint8
	for i := range NCorners {
		j := y.CP[i]
		cp[i] = x.CP[j]
		co[i] = d3Table[x.CO[j]][y.CO[i]]
	}
	z.CP, z.CO = cp, co
	return z
}

// Inv sets z to x^-1 and returns z. z may alias x.
func (z *Cube) Inv(x *Cube) *Cube {
	var r Cube
	for i := range NCorners {
		r.CP[x.CP[i]] = Corner(i)
	}
	for i := range NCorners {
		r.CO[i] = d3Inv(x.CO[r.CP[i]])
	}
	for i := range NEdges {
		r.EP[x.EP[i]] = Edge(i)
	}
	for i := range NEdges {
		r.EO[i] = x.EO[r.EP[i]]
	}
	*z = r
	return z
}

// Times returns x*y as a new value; a convenience for tests and small code.
func Times(x, y Cube) Cube {
	var z Cube
	return *z.Mul(&x, &y)
}

// Inverse returns x^-1 as a new value.
func Inverse(x Cube) Cube {
	var z Cube
	return *z.Inv(&x)
}

// Power returns x^n for n >= 0 by repeated squaring.
func Power(x Cube, n int) Cube {
	if n < 0 {
		panic("cube: Power with negative exponent")
	}
	r := Solved
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			r.Mul(&r, &x)
		}
		x.Mul(&x, &x)
	}
	return r
}

// PermParity returns 1 if the sequence p of distinct values has an odd
// number of inversions (an odd permutation of its sorted order), else 0.
func PermParity[T ~uint8 | ~int](p []T) int {
	parity := 0
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if p[i] > p[j] {
				parity ^= 1
			}
		}
	}
	return parity
}

// CornerParity is the parity of the corner permutation: 0 even, 1 odd.
func (c *Cube) CornerParity() int { return PermParity(c.CP[:]) }

// EdgeParity is the parity of the edge permutation: 0 even, 1 odd.
func (c *Cube) EdgeParity() int { return PermParity(c.EP[:]) }

// Order returns the order of c in the group: the least n > 0 with c^n = e.
// Each cycle of the corner permutation of length L contributes L, times 3 if
// the orientations along it do not sum to 0 mod 3 (after L steps the cubie is
// back, twisted by that sum); edges likewise with 2. The order is the lcm.
// It panics for reflections (orientations 3..5), whose order Mul handles but
// this cycle rule does not.
func (c *Cube) Order() int {
	for _, o := range c.CO {
		if o >= 3 {
			panic("cube: Order of a reflection")
		}
	}
	return lcm(cyclesOrder(c.CP[:], c.CO[:], 3), cyclesOrder(c.EP[:], c.EO[:], 2))
}

// cyclesOrder is the order of one kind of piece: the lcm over the cycles of
// perm of their lengths, each times mod when the orientations along the
// cycle do not sum to 0 mod mod.
func cyclesOrder[P ~uint8](perm []P, ori []uint8, mod int) int {
	order := 1
	var seen [NEdges]bool
	for i := range perm {
		if seen[i] {
			continue
		}
		length, sum := 0, 0
		for j := i; !seen[j]; j = int(perm[j]) {
			seen[j] = true
			length++
			sum += int(ori[j])
		}
		if sum%mod != 0 {
			length *= mod
		}
		order = lcm(order, length)
	}
	return order
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func lcm(a, b int) int { return a / gcd(a, b) * b }

// Errors reported by Verify and by the facelet parser; each names one rule
// of the cube group that the input breaks.
var (
	ErrNotPermutation = errors.New("not a permutation")
	ErrOrientation    = errors.New("orientation out of range")
	ErrTwist          = errors.New("corner twists do not sum to 0 mod 3")
	ErrFlip           = errors.New("edge flips do not sum to 0 mod 2")
	ErrParity         = errors.New("corner and edge permutations differ in parity")
)

// Verify reports whether c is a position of the cube group, reachable from
// the solved cube by face turns, and if not, which rule it breaks first.
func (c *Cube) Verify() error {
	var seenC [NCorners]bool
	for i, p := range c.CP {
		if int(p) >= NCorners || seenC[p] {
			return fmt.Errorf("%w: corner %d at position %v", ErrNotPermutation, p, Corner(i))
		}
		seenC[p] = true
	}
	var seenE [NEdges]bool
	for i, p := range c.EP {
		if int(p) >= NEdges || seenE[p] {
			return fmt.Errorf("%w: edge %d at position %v", ErrNotPermutation, p, Edge(i))
		}
		seenE[p] = true
	}
	twist, flip := 0, 0
	for i, o := range c.CO {
		if o > 2 {
			return fmt.Errorf("%w: corner orientation %d at %v", ErrOrientation, o, Corner(i))
		}
		twist += int(o)
	}
	for i, o := range c.EO {
		if o > 1 {
			return fmt.Errorf("%w: edge flip %d at %v", ErrOrientation, o, Edge(i))
		}
		flip += int(o)
	}
	if twist%3 != 0 {
		return fmt.Errorf("%w: sum %d", ErrTwist, twist)
	}
	if flip%2 != 0 {
		return fmt.Errorf("%w: sum %d", ErrFlip, flip)
	}
	if c.CornerParity() != c.EdgeParity() {
		return fmt.Errorf("%w: corners %s, edges %s", ErrParity, parityName(c.CornerParity()), parityName(c.EdgeParity()))
	}
	return nil
}

func parityName(p int) string {
	if p == 0 {
		return "even"
	}
	return "odd"
}

// Random returns a cube drawn uniformly from the 4.3e19 cubes of the group,
// for samples: corner and edge permutations of equal parity, any twist and
// flip.
func Random(rng *rand.Rand) Cube {
	var c Cube
	c.SetCornerPerm(rng.IntN(NCornerPerm))
	for {
		c.SetEdgePerm(rng.IntN(NEdgePerm))
		if c.EdgeParity() == c.CornerParity() {
			break
		}
	}
	c.SetTwist(rng.IntN(NTwist))
	c.SetFlip(rng.IntN(NFlip))
	return c
}

// Scramble returns the cube n uniformly drawn face turns make, for tests
// that want cubes near solved (a few turns) as well as far.
func Scramble(rng *rand.Rand, n int) Cube {
	c := Solved
	for range n {
		c.Move(&c, Move(rng.IntN(NFaceMoves)))
	}
	return c
}
