package centers

import (
	"sync"

	"github.com/cubecensus/cubecensus/cube"
)

// Canonical positions: the stored side keeps one cube of each class under
// conjugation by the 48 symmetries.
//
// The words reaching a cube q are the conjugates y^-1 w y of the words w
// reaching any cube r = y q y^-1 of its class, so the stored side needs the
// words reaching one cube of each class only: 48 times fewer entries, which
// buys two more levels of stored words (k = 9 in HTM in 7 GB, where every
// word of cost 9 would take 300 GB) and cuts each depth's probes 169-fold.
// A probe conjugates its cube to the representative first.
//
// The representative of a class is, among its cubes whose corner
// permutation is the least of its class (cornerClasses), the one with the
// least Key. For a class of corner permutations with no symmetry that is
// one conjugation; otherwise the stabilizer's conjugates are compared.

// canonicals holds what canonical forms need beyond the corner classes.
type canonicals struct {
	cc *cornerClasses
	// isRep[p] reports whether corner permutation p is its class's
	// representative: a cube can be canonical only then.
	isRep []bool
	// cpMove[p][e] is the corner permutation of a cube with permutation p
	// followed by axis move e: the stored side's enumeration follows the
	// corners alone at its last level, where most words are not
	// canonical.
	cpMove [][1 << 6]uint16
	// repMoves[p] has bit e set when cpMove[p][e] is a representative: the
	// moves after which a word of corner permutation p can be canonical.
	repMoves []uint64
	// plain[p] reports whether p's class has no symmetry but the
	// identity: then the representative of a cube with corner permutation p
	// is one conjugation away, whose key leafKey computes in one pass.
	plain []bool
	// symInv[y] is the inverse of symmetry y, and moveSym[e][y] axis move e
	// followed by y, as cubes: the outer factors of a conjugated leaf.
	symInv  [cube.NSyms]cube.Cube
	moveSym [1 << 6][cube.NSyms]cube.Cube
}

var canonicalsOnce = sync.OnceValue(func() *canonicals {
	cc := cornerClassesOnce()
	c := &canonicals{cc: cc, isRep: make([]bool, cube.NCornerPerm), cpMove: make([][1 << 6]uint16, cube.NCornerPerm)}
	for _, p := range cc.reps {
		c.isRep[p] = true
	}
	c.plain = make([]bool, cube.NCornerPerm)
	for p := range c.plain {
		c.plain[p] = len(cc.stab[cc.class[p]]) == 0
	}
	for y := range cube.Sym(cube.NSyms) {
		c.symInv[y] = y.Inverse().Cube()
		for _, e := range cube.AxisMoves {
			c.moveSym[e][y] = cube.Times(e.Cube(), y.Cube())
		}
	}
	c.repMoves = make([]uint64, cube.NCornerPerm)
	for p := range cube.NCornerPerm {
		from := permCube(p)
		for _, e := range cube.AxisMoves {
			var to cube.Cube
			m := e.Cube()
			to.MulCorners(&from, &m)
			c.cpMove[p][e] = uint16(to.CornerPerm())
			if c.isRep[c.cpMove[p][e]] {
				c.repMoves[p] |= 1 << e
			}
		}
	}
	return c
})

// canonical returns the representative of q's class and a symmetry y
// conjugating q to it (cube.Conjugate(q, y)).
func (cs *canonicals) canonical(q *cube.Cube) (cube.Cube, cube.Sym) {
	p := q.CornerPerm()
	y := cs.cc.toRep[p]
	r := cube.Conjugate(*q, y)
	stab := cs.cc.stab[cs.cc.class[p]]
	if len(stab) == 0 {
		return r, y
	}
	best, key, bestSym := r, r.Key(), y
	for _, s := range stab {
		c := cube.Conjugate(r, s)
		if k := c.Key(); k.Compare(key) < 0 {
			best, key, bestSym = c, k, y.Mul(s)
		}
	}
	return best, bestSym
}

// leafKey returns the key of the representative of the class of c*e, where
// c's corner permutation is cp: the least key of the conjugates whose corner
// permutation is its class's representative, each computed in one pass
// (cube.ProductKey).
func (cs *canonicals) leafKey(c *cube.Cube, cp int, e cube.AxisMove) cube.Key {
	q := int(cs.cpMove[cp][e])
	y := cs.cc.toRep[q]
	key := cube.ProductKey(&cs.symInv[y], c, &cs.moveSym[e][y])
	if cs.plain[q] {
		return key
	}
	for _, s := range cs.cc.stab[cs.cc.class[q]] {
		z := y.Mul(s)
		if k := cube.ProductKey(&cs.symInv[z], c, &cs.moveSym[e][z]); k.Compare(key) < 0 {
			key = k
		}
	}
	return key
}

// isCanonical reports whether c, whose corner permutation is p, is its
// class's representative.
func (cs *canonicals) isCanonical(c *cube.Cube, p int) bool {
	if !cs.isRep[p] {
		return false
	}
	key := c.Key()
	for _, y := range cs.cc.stab[cs.cc.class[p]] {
		if conj := cube.Conjugate(*c, y); conj.Key().Compare(key) < 0 {
			return false
		}
	}
	return true
}

// conjugateTo returns the conjugate of w by y^-1 and whether it reaches q:
// it does when w reaches cube.Conjugate(q, y), as a stored word met by a
// probe does unless only their hashes agree.
func conjugateTo(w cube.Word, q *cube.Cube, y cube.Sym) (cube.Word, bool) {
	v := w.Conjugate(y.Inverse())
	return v, v.Cube() == *q
}
