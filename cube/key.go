package cube

// Key packs a cube into 100 bits for sorting and hashing:
//
//	Hi: bits 0..39   corner i in bits 5i..5i+4: CP (3 bits) | CO<<3 (2 bits)
//	Lo: bits 0..59   edge i in bits 5i..5i+4:   EP (4 bits) | EO<<4 (1 bit)
//
// Keys are defined for positions (orientations 0..2, not reflections). Equal
// cubes have equal keys and the map is one to one (UnpackKey is its
// inverse). Keys order lexicographically by (Hi, Lo); the order has no
// meaning beyond being fixed.
type Key struct{ Hi, Lo uint64 }

// Key returns the packed form of c.
func (c *Cube) Key() Key {
	var k Key
	for i := NCorners - 1; i >= 0; i-- {
		k.Hi = k.Hi<<5 | uint64(c.CP[i]) | uint64(c.CO[i])<<3
	}
	for i := NEdges - 1; i >= 0; i-- {
		k.Lo = k.Lo<<5 | uint64(c.EP[i]) | uint64(c.EO[i])<<4
	}
	return k
}

// UnpackKey is the inverse of Cube.Key.
func UnpackKey(k Key) Cube {
	var c Cube
	for i := range NCorners {
		c.CP[i] = Corner(k.Hi & 7)
		c.CO[i] = uint8(k.Hi >> 3 & 3)
		k.Hi >>= 5
	}
	for i := range NEdges {
		c.EP[i] = Edge(k.Lo & 15)
		c.EO[i] = uint8(k.Lo >> 4 & 1)
		k.Lo >>= 5
	}
	return c
}

// Compare orders keys: -1, 0 or +1.
func (k Key) Compare(o Key) int {
	switch {
	case k.Hi < o.Hi:
		return -1
	case k.Hi > o.Hi:
		return 1
	case k.Lo < o.Lo:
		return -1
	case k.Lo > o.Lo:
		return 1
	}
	return 0
}

// ProductKey returns (x*y*z).Key() without forming the product: for a
// search that conjugates each cube it meets by a symmetry (z = a move times
// the symmetry, x its inverse) only to look its key up.
func ProductKey(x, y, z *Cube) Key {
	var k Key
	for i := NCorners - 1; i >= 0; i-- {
		j := z.CP[i]
		l := y.CP[j]
		o := d3Table[x.CO[l]][d3Table[y.CO[j]][z.CO[i]]]
		k.Hi = k.Hi<<5 | uint64(x.CP[l]) | uint64(o)<<3
	}
	for i := NEdges - 1; i >= 0; i-- {
		j := z.EP[i]
		l := y.EP[j]
		k.Lo = k.Lo<<5 | uint64(x.EP[l]) | uint64(x.EO[l]^y.EO[j]^z.EO[i])<<4
	}
	return k
}
