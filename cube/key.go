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
