package cube

// An independent model of the cube as 54 stickers in space, used as the
// oracle for the cubie-level tables: every move and symmetry here is a
// rotation or reflection matrix applied to sticker positions, nothing else.
// Axes: x to the right (R), y up (U), z to the front (F).

type vec [3]int

func (a vec) dot(b vec) int { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a vec) cross(b vec) vec {
	return vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// clockwise turns v a quarter turn clockwise as seen from the tip of axis a.
func clockwise(a, v vec) vec {
	d := a.dot(v)
	c := a.cross(v)
	return vec{d*a[0] - c[0], d*a[1] - c[1], d*a[2] - c[2]}
}

// sticker is a facelet: the cubie it sits on and the direction it faces.
type sticker struct{ pos, normal vec }

// faceFrame gives, for each face in U R F D L B order, its normal and the
// directions of its rows' "right" and its columns' "down" as the facelet
// numbering reads the face (U1 is back-left seen from above, and so on).
var faceFrame = [6][3]vec{
	{{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},    // U
	{{1, 0, 0}, {0, 0, -1}, {0, -1, 0}},  // R
	{{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},   // F
	{{0, -1, 0}, {1, 0, 0}, {0, 0, -1}},  // D
	{{-1, 0, 0}, {0, 0, 1}, {0, -1, 0}},  // L
	{{0, 0, -1}, {-1, 0, 0}, {0, -1, 0}}, // B
}

func stickerAt(i int) sticker {
	fr := faceFrame[i/9]
	row, col := (i%9)/3-1, i%3-1
	var p vec
	for k := range 3 {
		p[k] = fr[0][k] + col*fr[1][k] + row*fr[2][k]
	}
	return sticker{p, fr[0]}
}

func indexOf(s sticker) int {
	for i := range NFacelets {
		if stickerAt(i) == s {
			return i
		}
	}
	panic("no such sticker")
}

// spatial is a map of space: a rotation or reflection, possibly restricted
// to one layer (those cubies with pos.dot(axis) == layer).
type spatial struct {
	f         func(vec) vec
	axis      vec
	layer     int
	wholeCube bool
}

// perm returns where each sticker goes: perm[i] = j sends sticker i to j.
func (s spatial) perm() [NFacelets]int {
	var p [NFacelets]int
	for i := range NFacelets {
		st := stickerAt(i)
		if s.wholeCube || st.pos.dot(s.axis) == s.layer {
			st = sticker{s.f(st.pos), s.f(st.normal)}
		}
		p[i] = indexOf(st)
	}
	return p
}

// geometricMove returns the sticker map of a move; power repeats it.
func geometricMove(m Move) [NFacelets]int {
	layerAxis := map[Layer]struct {
		normal vec
		layer  int
		whole  bool
	}{
		LayerU: {vec{0, 1, 0}, 1, false}, LayerR: {vec{1, 0, 0}, 1, false}, LayerF: {vec{0, 0, 1}, 1, false},
		LayerD: {vec{0, -1, 0}, 1, false}, LayerL: {vec{-1, 0, 0}, 1, false}, LayerB: {vec{0, 0, -1}, 1, false},
		LayerM: {vec{-1, 0, 0}, 0, false}, LayerE: {vec{0, -1, 0}, 0, false}, LayerS: {vec{0, 0, 1}, 0, false},
		LayerX: {vec{1, 0, 0}, 0, true}, LayerY: {vec{0, 1, 0}, 0, true}, LayerZ: {vec{0, 0, 1}, 0, true},
	}[m.Layer()]
	a := layerAxis.normal
	q := spatial{f: func(v vec) vec { return clockwise(a, v) }, axis: a, layer: layerAxis.layer, wholeCube: layerAxis.whole}.perm()
	p := identityPerm()
	for range m.Power() {
		p = thenPerm(p, q)
	}
	return p
}

func identityPerm() (p [NFacelets]int) {
	for i := range p {
		p[i] = i
	}
	return p
}

// thenPerm is "a, then b" for sticker maps.
func thenPerm(a, b [NFacelets]int) (p [NFacelets]int) {
	for i := range p {
		p[i] = b[a[i]]
	}
	return p
}

func invPerm(a [NFacelets]int) (p [NFacelets]int) {
	for i := range p {
		p[a[i]] = i
	}
	return p
}

// geometricSym is the sticker map of S(i), built from the four basic maps
// in the order of seed 000's index 16*x1 + 8*x2 + 2*x3 + x4.
func geometricSym(i int) [NFacelets]int {
	whole := func(f func(vec) vec) [NFacelets]int { return spatial{f: f, wholeCube: true}.perm() }
	urf3 := whole(func(v vec) vec { return vec{v[1], v[2], v[0]} }) // 120 degrees about (1,1,1)
	f2 := whole(func(v vec) vec { return vec{-v[0], -v[1], v[2]} })
	u4 := whole(func(v vec) vec { return clockwise(vec{0, 1, 0}, v) })
	lr2 := whole(func(v vec) vec { return vec{-v[0], v[1], v[2]} })
	p := identityPerm()
	for _, g := range []struct {
		m [NFacelets]int
		n int
	}{{urf3, i / 16}, {f2, i / 8 % 2}, {u4, i / 2 % 4}, {lr2, i % 2}} {
		for range g.n {
			p = thenPerm(p, g.m)
		}
	}
	return p
}

// stickerFaces applies a sticker map to the solved cube and returns the
// face (0..5) whose colour each position shows.
func stickerFaces(p [NFacelets]int) (f [NFacelets]uint8) {
	for i := range NFacelets {
		f[p[i]] = uint8(i / 9)
	}
	return f
}

// geometricCube decodes a sticker map into the cubie level in the fixed
// frame of space (centers are not consulted), without checking group laws.
func geometricCube(p [NFacelets]int) Cube {
	f := stickerFaces(p)
	c, err := decodePieces(&f)
	if err != nil {
		panic(err)
	}
	return c
}

// relativeToCenters reads a sticker map as a position relative to its
// centers: it turns the whole cube (one of the 24 rotations) until every
// center is home, then reads the stickers.
func relativeToCenters(p [NFacelets]int) (Cube, error) {
	for s := 0; s < NSyms; s += 2 {
		q := thenPerm(p, geometricSym(s))
		home := true
		for face := range 6 {
			home = home && q[9*face+4] == 9*face+4
		}
		if !home {
			continue
		}
		f := stickerFaces(q)
		b := make([]byte, NFacelets)
		for i, face := range f {
			b[i] = faceLetters[face]
		}
		return ParseFacelets(string(b))
	}
	panic("no rotation brings the centers home")
}
