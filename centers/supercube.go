package centers

import (
	"errors"
	"fmt"

	"github.com/cubecensus/cubecensus/cube"
)

// Supercube is a cube whose centers show which way they face: 26 pieces,
// each with a place in space and an orientation, moved by 3-D rotations.
// It shares nothing with package cube's tables but the names of the moves,
// so it can check what the search claims: a maneuver applied to it either
// leaves some cubie out of place (Result fails) or leaves the cube solved
// up to a rotation of the whole and the centers turned by a State.
//
// Space: x points to R, y to U, z to F. Each piece keeps its place and the
// rotation it has undergone; solved, every place is home and every rotation
// the identity.
type Supercube struct {
	place  [26]vec
	orient [26]mat
}

type vec [3]int
type mat [3][3]int

var identity = mat{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

func (a mat) mul(b mat) mat {
	var c mat
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				c[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return c
}

func (a mat) apply(v vec) vec {
	var w vec
	for i := range 3 {
		for k := range 3 {
			w[i] += a[i][k] * v[k]
		}
	}
	return w
}

func (a mat) transpose() mat {
	var t mat
	for i := range 3 {
		for j := range 3 {
			t[i][j] = a[j][i]
		}
	}
	return t
}

// quarter returns the rotation by a quarter turn clockwise as seen from the
// tip of the unit vector n (for n = +y that is a U turn).
func quarter(n vec) mat {
	// Clockwise seen from n is -90 degrees about n: Rodrigues' v cos +
	// (n x v) sin + n (n.v)(1 - cos) with cos 0, sin -1 is v -> n (n.v) - n x v.
	var m mat
	for j := range 3 {
		var e vec
		e[j] = 1
		cross := vec{n[1]*e[2] - n[2]*e[1], n[2]*e[0] - n[0]*e[2], n[0]*e[1] - n[1]*e[0]}
		dot := n[0]*e[0] + n[1]*e[1] + n[2]*e[2]
		for i := range 3 {
			m[i][j] = n[i]*dot - cross[i]
		}
	}
	return m
}

// faceNormal is the outward normal of each face, in cube.Layer order U R F
// D L B.
var faceNormal = [6]vec{{0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1}}

// layerTurn says which pieces a layer turns and about which direction a
// clockwise turn is seen: the face turns about their normals; M follows L,
// E follows D, S follows F; x, y, z follow R, U, F and turn everything.
func layerTurn(l cube.Layer) (axis vec, selects func(vec) bool) {
	switch {
	case l < 6:
		n := faceNormal[l]
		return n, func(p vec) bool { return dot(p, n) == 1 }
	case l < 9:
		n := faceNormal[[3]cube.Layer{cube.LayerL, cube.LayerD, cube.LayerF}[l-6]]
		return n, func(p vec) bool { return dot(p, n) == 0 }
	default:
		n := faceNormal[[3]cube.Layer{cube.LayerR, cube.LayerU, cube.LayerF}[l-9]]
		return n, func(vec) bool { return true }
	}
}

func dot(a, b vec) int { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// home lists the 26 places: every vector of -1, 0, 1 but the core.
var home = func() (h [26]vec) {
	i := 0
	for x := -1; x <= 1; x++ {
		for y := -1; y <= 1; y++ {
			for z := -1; z <= 1; z++ {
				if x != 0 || y != 0 || z != 0 {
					h[i] = vec{x, y, z}
					i++
				}
			}
		}
	}
	return h
}()

// NewSupercube returns the solved supercube.
func NewSupercube() *Supercube {
	c := new(Supercube)
	c.place = home
	for i := range c.orient {
		c.orient[i] = identity
	}
	return c
}

// Apply performs one move: a face turn, a slice turn or a rotation.
func (c *Supercube) Apply(m cube.Move) {
	axis, selects := layerTurn(m.Layer())
	r := identity
	for range m.Power() {
		r = quarter(axis).mul(r)
	}
	for i := range c.place {
		if selects(c.place[i]) {
			c.place[i] = r.apply(c.place[i])
			c.orient[i] = r.mul(c.orient[i])
		}
	}
}

// ApplyAll performs the moves in order.
func (c *Supercube) ApplyAll(moves []cube.Move) {
	for _, m := range moves {
		c.Apply(m)
	}
}

// ErrCubiesUnsolved is returned by Result for a cube with a corner or edge
// out of place or twisted.
var ErrCubiesUnsolved = errors.New("the corners and edges are not solved")

// Result returns the center twists of a cube whose corners and edges are
// solved up to a rotation of the whole cube, and ErrCubiesUnsolved for any
// other. The rotation is free, as in seed 000's slice maneuvers.
func (c *Supercube) Result() (State, error) {
	whole := c.orient[0] // piece 0 is a corner
	undo := whole.transpose()
	var twists [6]int
	for i, h := range home {
		o := undo.mul(c.orient[i])
		if c.place[i] != whole.apply(h) {
			return 0, ErrCubiesUnsolved
		}
		nonzero := 0
		for _, x := range h {
			nonzero += x * x
		}
		if nonzero > 1 {
			if o != identity {
				return 0, ErrCubiesUnsolved
			}
			continue
		}
		f := faceOf(h)
		t, ok := turnsAbout(faceNormal[f], o)
		if !ok {
			return 0, fmt.Errorf("centers: the %s center is tipped off its face", f)
		}
		twists[f] = t
	}
	return FromTwists(twists), nil
}

func faceOf(n vec) cube.Layer {
	for f, v := range faceNormal {
		if v == n {
			return cube.Layer(f)
		}
	}
	panic(fmt.Sprintf("centers: %v is not a face normal", n))
}

// turnsAbout returns k when o is k clockwise quarter turns about n.
func turnsAbout(n vec, o mat) (int, bool) {
	r := identity
	for k := range 4 {
		if r == o {
			return k, true
		}
		r = quarter(n).mul(r)
	}
	return 0, false
}
