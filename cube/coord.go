package cube

import "fmt"

// Coordinate sizes (seed 000, "The Coordinate Level" and "The Two-Phase
// Algorithm Coordinates").
const (
	NTwist       = 2187      // 3^7: the DRB twist follows from the others
	NFlip        = 2048      // 2^11: the BR flip follows from the others
	NSlice       = 495       // C(12,4): where the four UD-slice edges are
	NCornerPerm  = 40320     // 8!
	NEdgePerm    = 479001600 // 12!
	NSliceSorted = 11880     // 12*11*10*9: where the slice edges are, in order
	NUDEdgePerm  = 40320     // 8!: the U and D edges, valid in phase 2
	NCornerLayer = 70        // C(8,4): which four corner positions hold the D corners
)

// Twist is the corner orientation coordinate: the orientations of URF..DBL
// as a base-3 number (seed 000, CornOriCoord). R applied to the solved cube
// has twist 1494.
func (c *Cube) Twist() int {
	t := 0
	for i := URF; i < DRB; i++ {
		t = 3*t + int(c.CO[i])
	}
	return t
}

// SetTwist sets the corner orientations to those of twist t, the DRB corner
// making the sum divisible by 3. It is the inverse of Twist.
func (c *Cube) SetTwist(t int) {
	checkRange("SetTwist", t, NTwist)
	sum := 0
	for i := DBL; ; i-- {
		c.CO[i] = uint8(t % 3)
		sum += t % 3
		t /= 3
		if i == URF {
			break
		}
	}
	c.CO[DRB] = uint8((3 - sum%3) % 3)
}

// Flip is the edge orientation coordinate: the flips of UR..BL in base 2
// (seed 000, EdgeOriCoord).
func (c *Cube) Flip() int {
	f := 0
	for i := UR; i < BR; i++ {
		f = 2*f + int(c.EO[i])
	}
	return f
}

// SetFlip sets the edge flips to those of f, BR making the sum even. It is
// the inverse of Flip.
func (c *Cube) SetFlip(f int) {
	checkRange("SetFlip", f, NFlip)
	sum := 0
	for i := BL; ; i-- {
		c.EO[i] = uint8(f & 1)
		sum += f & 1
		f >>= 1
		if i == UR {
			break
		}
	}
	c.EO[BR] = uint8(sum & 1)
}

// CornerPerm is the corner permutation coordinate (seed 000, CornPermCoord):
// sum over i of s_i * i!, s_i counting the corners left of position i with a
// higher order. R applied to the solved cube gives 21021.
func (c *Cube) CornerPerm() int { return RankPerm(c.CP[:]) }

// SetCornerPerm sets the corner permutation; the inverse of CornerPerm.
func (c *Cube) SetCornerPerm(x int) {
	checkRange("SetCornerPerm", x, NCornerPerm)
	UnrankPerm(x, c.CP[:])
}

// EdgePerm is the edge permutation coordinate (seed 000, EdgePermCoord).
func (c *Cube) EdgePerm() int { return RankPerm(c.EP[:]) }

// SetEdgePerm sets the edge permutation; the inverse of EdgePerm.
func (c *Cube) SetEdgePerm(x int) {
	checkRange("SetEdgePerm", x, NEdgePerm)
	UnrankPerm(x, c.EP[:])
}

// UDEdgePerm is the phase-2 edge permutation coordinate (seed 000,
// Phase2EdgePermCoord): the permutation of the eight U and D edges, defined
// when they occupy the U and D layers (in the subgroup H of phase 2).
func (c *Cube) UDEdgePerm() int { return RankPerm(c.EP[:DB+1]) }

// SetUDEdgePerm places the U and D edges by x and the slice edges FR..BR in
// their home positions; the inverse of UDEdgePerm.
func (c *Cube) SetUDEdgePerm(x int) {
	checkRange("SetUDEdgePerm", x, NUDEdgePerm)
	UnrankPerm(x, c.EP[:DB+1])
	for e := FR; e <= BR; e++ {
		c.EP[e] = e
	}
}

// Slice is the UD-slice coordinate (seed 000, UDSliceCoord): which four
// positions hold the slice edges FR, FL, BL, BR, in the combinatorial number
// system; 0 when they are in the slice.
func (c *Cube) Slice() int {
	s, k := 0, 3
	for n := 11; k >= 0; n-- {
		if c.EP[n] >= FR {
			k--
		} else {
			s += binomial(n, k)
		}
	}
	return s
}

// slicePositions returns the four positions, in increasing order, that
// slice coordinate s assigns to the slice edges.
func slicePositions(s int) (pos [4]int) {
	k := 3
	for n := 11; k >= 0; n-- {
		if b := binomial(n, k); s >= b {
			s -= b
		} else {
			pos[k] = n
			k--
		}
	}
	return pos
}

// SetSlice puts the slice edges FR, FL, BL, BR, in this order, into the
// positions of slice coordinate s and the other eight edges, in order, into
// the rest; the inverse of Slice.
func (c *Cube) SetSlice(s int) {
	checkRange("SetSlice", s, NSlice)
	c.placeSlice(slicePositions(s), [4]Edge{FR, FL, BL, BR})
}

func (c *Cube) placeSlice(pos [4]int, sliceEdges [4]Edge) {
	var inSlice [NEdges]bool
	for k, p := range pos {
		c.EP[p] = sliceEdges[k]
		inSlice[p] = true
	}
	other := UR
	for p := range NEdges {
		if !inSlice[p] {
			c.EP[p] = other
			other++
		}
	}
}

// SliceSorted is the UDSliceSorted coordinate (seed 000): 24*Slice plus the
// order of the four slice edges in their positions; 0..23 inside phase 2.
func (c *Cube) SliceSorted() int {
	var order [4]Edge
	j := 0
	for _, e := range c.EP {
		if e >= FR {
			order[j] = e
			j++
		}
	}
	return 24*c.Slice() + RankPerm(order[:])
}

// SetSliceSorted places the slice edges by coordinate x and the other edges
// in order; the inverse of SliceSorted.
func (c *Cube) SetSliceSorted(x int) {
	checkRange("SetSliceSorted", x, NSliceSorted)
	order := [4]Edge{}
	UnrankPerm(x%24, order[:])
	for k := range order {
		order[k] += FR
	}
	c.placeSlice(slicePositions(x/24), order)
}

// RankPerm ranks a permutation of 0..n-1 as Kociemba's CornPermCoord does:
// for i from n-1 down to 1, x = (x + s_i) * i, s_i counting the entries left
// of i that are larger than p[i].
func RankPerm[T ~uint8](p []T) int {
	x := 0
	for i := len(p) - 1; i >= 1; i-- {
		s := 0
		for j := i - 1; j >= 0; j-- {
			if p[j] > p[i] {
				s++
			}
		}
		x = (x + s) * i
	}
	return x
}

// RankArrangement ranks an arrangement of len(p) distinct values of
// 0..n-1 in lexicographic order: each value is numbered among those the
// earlier ones left free, the first value's number weighing most. (Seed
// 004 numbers the upper face's permutations so, n = len(p) = 4; the coset
// search numbers the places of four edges of twelve so.)
func RankArrangement(p []uint8, n int) int {
	x := 0
	for i, v := range p {
		free := int(v)
		for _, u := range p[:i] {
			if u < v {
				free--
			}
		}
		x = x*(n-i) + free
	}
	return x
}

// UnrankArrangement is the inverse of RankArrangement: it writes into p
// the arrangement of len(p) values of 0..n-1 with rank x (len(p) at most
// 12, n at most 64).
func UnrankArrangement(x, n int, p []uint8) {
	var free [NEdges]int
	for i := len(p) - 1; i >= 0; i-- {
		free[i] = x % (n - i)
		x /= n - i
	}
	var used uint64
	for i, f := range free[:len(p)] {
		for v := range n {
			if used>>v&1 != 0 {
				continue
			}
			if f == 0 {
				p[i], used = uint8(v), used|1<<v
				break
			}
			f--
		}
	}
}

// UnrankPerm is the inverse of RankPerm: it writes into p the permutation
// of 0..len(p)-1 with rank x. Since x = sum s_i * i!, s_i is digit i of x in
// the factorial base; filling from the right, p[i] is the s_i-th largest of
// the values not yet placed.
func UnrankPerm[T ~uint8](x int, p []T) {
	n := len(p)
	var digits [NEdges]int
	for i := 1; i < n; i++ {
		digits[i] = x % (i + 1)
		x /= i + 1
	}
	var used [NEdges]bool
	for i := n - 1; i >= 0; i-- {
		// the digits[i]-th largest unused value
		k := digits[i]
		for v := n - 1; v >= 0; v-- {
			if used[v] {
				continue
			}
			if k == 0 {
				p[i] = T(v)
				used[v] = true
				break
			}
			k--
		}
	}
}

// CornerLayer says which four positions hold the D-layer corners DFR,
// DLF, DBL, DRB, in the combinatorial number system as Slice does for the
// slice edges; 0 when they are in the D layer. With the twist it is the
// corners' part of the coordinate of Rokicki's nxopt tables (the corners
// up to permutations inside each layer); the U and D face turns keep it.
func (c *Cube) CornerLayer() int {
	s, k := 0, 3
	for n := NCorners - 1; k >= 0; n-- {
		if c.CP[n] >= DFR {
			k--
		} else {
			s += binomial(n, k)
		}
	}
	return s
}

// SetCornerLayer puts the D corners, in order, into the positions of
// coordinate x and the U corners, in order, into the rest; the inverse of
// CornerLayer.
func (c *Cube) SetCornerLayer(x int) {
	checkRange("SetCornerLayer", x, NCornerLayer)
	var inD [NCorners]bool
	k := 3
	for n := NCorners - 1; k >= 0; n-- {
		if b := binomial(n, k); x >= b {
			x -= b
		} else {
			inD[n] = true
			k--
		}
	}
	u, d := URF, DFR
	for p := range NCorners {
		if inD[p] {
			c.CP[p], d = d, d+1
		} else {
			c.CP[p], u = u, u+1
		}
	}
}

func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

func checkRange(fn string, x, n int) {
	if x < 0 || x >= n {
		panic(fmt.Sprintf("cube: %s(%d) out of range 0..%d", fn, x, n-1))
	}
}
