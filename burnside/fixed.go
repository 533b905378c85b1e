package burnside

import (
	"math/big"
	"math/bits"
	"math/rand/v2"

	"github.com/cubecensus/cubecensus/cube"
)

// How fixed cubes are counted.
//
// A corner configuration y (any permutation, any orientations) is a set of
// triples t = (x, p, o): the cubie p sits at position x with orientation o,
// one triple per position and per cubie. An element g of M x C2 maps the
// triples of y to those of g.y one by one: conjugation by m moves the entry
// at position x to position m(x) and changes cubie and orientation; inversion
// turns (x, p, o) into (p, x, -o). Call that map tau_g. Then y is fixed by a
// subgroup K exactly when its set of triples is a union of K-orbits of
// triples. So a fixed y is built by repeatedly taking the first position x
// not yet filled, choosing a triple (x, p, o), and adding its whole orbit,
// which must place distinct cubies on distinct free positions.
//
// Counting rather than listing: how many ways there are to finish depends
// only on which positions U and cubies V are still free, so the count is
// memoized on (U, V). Each count is split by the parity of the permutation
// and the orientation sum, which the group's laws need. The parity is not a
// sum over the pieces added, but by the Laplace expansion of a permutation
// matrix along the rows P of a block, the sign of a bijection U -> V is
// sign(P -> C) * sign(U\P -> V\C) * (-1)^(sum of the ranks of P in U and of
// C in V), which is what the memoized recursion adds up.
//
// Worked case: U = V = {0, 1} and the swap 0 -> 1 -> 0. Taking P = {0},
// C = {1}: both blocks have sign +1, rank of 0 in U is 0, rank of 1 in V is
// 1, so the sign is -1: odd, as a transposition is.

// pieces describes one kind of piece: n positions, orientations mod k.
type pieces struct {
	n, k int
	// tau applies an element to a triple, via the cube package's Act.
	tau func(g Elem, x, p, o int) (int, int, int)
}

var cornerPieces = pieces{n: cube.NCorners, k: 3, tau: func(g Elem, x, p, o int) (int, int, int) {
	y := cube.Solved
	y.CP[x], y.CO[x] = cube.Corner(p), uint8(o)
	w := conjugateBy(g, y)
	z := int(g.Sym().Cube().CP[x])
	return invertTriple(g, z, int(w.CP[z]), int(w.CO[z]), 3)
}}

var edgePieces = pieces{n: cube.NEdges, k: 2, tau: func(g Elem, x, p, o int) (int, int, int) {
	y := cube.Solved
	y.EP[x], y.EO[x] = cube.Edge(p), uint8(o)
	w := conjugateBy(g, y)
	z := int(g.Sym().Cube().EP[x])
	return invertTriple(g, z, int(w.EP[z]), int(w.EO[z]), 2)
}}

// conjugateBy returns m y m^-1 for g = (m, .). y need not be a valid cube:
// only one entry of it matters here.
func conjugateBy(g Elem, y cube.Cube) cube.Cube {
	return cube.Conjugate(y, g.Sym().Inverse())
}

// invertTriple turns the triple of m y m^-1 into the one of its inverse when
// g inverts: the inverse has cubie z at position p with orientation -o.
func invertTriple(g Elem, z, p, o, k int) (int, int, int) {
	if !g.Inverts() {
		return z, p, o
	}
	return p, z, (k - o) % k
}

// orbit is a K-orbit of triples, as the block it adds to a configuration.
type orbit struct {
	members [][3]int // its triples (x, p, o)
	valid   bool     // places distinct cubies on distinct positions
	pos     uint16   // positions it fills
	cub     uint16   // cubies it uses
	oriSum  int      // sum of its orientations mod k
	sign    int      // parity of the bijection pos -> cub in increasing order
}

// Counts[parity][orientation sum] is a number of configurations.
type Counts [2][3]uint64

// search counts, and draws at random, the configurations of one kind of
// piece fixed by every element of a subgroup.
type search struct {
	pc      pieces
	orbitOf []int // triple index -> orbit
	orbits  []orbit
	memo    map[uint32]Counts
}

func newSearch(pc pieces, k Set) *search {
	nt := pc.n * pc.n * pc.k
	s := &search{pc: pc, orbitOf: make([]int, nt), memo: map[uint32]Counts{}}
	for i := range s.orbitOf {
		s.orbitOf[i] = -1
	}
	elems := k.Elems()
	for t := range nt {
		if s.orbitOf[t] >= 0 {
			continue
		}
		id := len(s.orbits)
		s.orbitOf[t] = id
		x, p, o := t/pc.k/pc.n, t/pc.k%pc.n, t%pc.k
		members := [][3]int{{x, p, o}}
		for i := 0; i < len(members); i++ {
			m := members[i]
			for _, g := range elems {
				a, b, c := pc.tau(g, m[0], m[1], m[2])
				if u := s.index(a, b, c); s.orbitOf[u] < 0 {
					s.orbitOf[u] = id
					members = append(members, [3]int{a, b, c})
				}
			}
		}
		s.orbits = append(s.orbits, makeOrbit(members, pc.k))
	}
	return s
}

func (s *search) index(x, p, o int) int { return (x*s.pc.n+p)*s.pc.k + o }

func (s *search) full() uint16 { return uint16(1)<<s.pc.n - 1 }

// choices calls f for each orbit that can fill the first free position of
// (u, v), with the parity change it brings (its own sign and the Laplace
// term) and the counts of the ways to finish after it.
func (s *search) choices(u, v uint16, f func(ob *orbit, flip int, rest Counts)) {
	x := bits.TrailingZeros16(u)
	for p := range s.pc.n {
		if v&(1<<p) == 0 {
			continue
		}
		for o := range s.pc.k {
			ob := &s.orbits[s.orbitOf[s.index(x, p, o)]]
			if !ob.valid || ob.pos&^u != 0 || ob.cub&^v != 0 {
				continue
			}
			rest := s.count(u&^ob.pos, v&^ob.cub)
			f(ob, (ob.sign+rankSum(u, ob.pos)+rankSum(v, ob.cub))&1, rest)
		}
	}
}

// count returns the number of ways to fill free positions u with free
// cubies v, by parity of the bijection u -> v and orientation sum.
func (s *search) count(u, v uint16) Counts {
	if u == 0 {
		return Counts{{1}}
	}
	key := uint32(u)<<16 | uint32(v)
	if c, ok := s.memo[key]; ok {
		return c
	}
	var total Counts
	k := s.pc.k
	s.choices(u, v, func(ob *orbit, flip int, rest Counts) {
		for par := range 2 {
			for o := range k {
				total[par^flip][(o+ob.oriSum)%k] += rest[par][o]
			}
		}
	})
	s.memo[key] = total
	return total
}

// sample draws, uniformly among the fixed configurations with the given
// parity and orientation sum, one configuration as its triples; there must
// be at least one.
func (s *search) sample(rng *rand.Rand, parity, oriSum int) [][3]int {
	var triples [][3]int
	k := s.pc.k
	for u, v := s.full(), s.full(); u != 0; {
		total := s.count(u, v)[parity][oriSum]
		r := rng.Uint64N(total)
		var pick *orbit
		s.choices(u, v, func(ob *orbit, flip int, rest Counts) {
			if pick != nil {
				return
			}
			w := rest[parity^flip][(oriSum-ob.oriSum+k)%k]
			if r < w {
				pick = ob
				parity ^= flip
				oriSum = (oriSum - ob.oriSum + k) % k
				return
			}
			r -= w
		})
		triples = append(triples, pick.members...)
		u &^= pick.pos
		v &^= pick.cub
	}
	return triples
}

func makeOrbit(members [][3]int, k int) orbit {
	ob := orbit{members: members, valid: true}
	target := map[int]int{}
	for _, m := range members {
		if ob.pos&(1<<m[0]) != 0 || ob.cub&(1<<m[1]) != 0 {
			ob.valid = false
			return ob
		}
		ob.pos |= 1 << m[0]
		ob.cub |= 1 << m[1]
		ob.oriSum = (ob.oriSum + m[2]) % k
		target[m[0]] = m[1]
	}
	// Parity of the bijection pos -> cub, both in increasing order: the
	// parity of the sequence of images read in increasing position.
	var images []int
	for x := 0; x < 16; x++ {
		if ob.pos&(1<<x) != 0 {
			images = append(images, target[x])
		}
	}
	ob.sign = cube.PermParity(images)
	return ob
}

// rankSum is the sum over the elements of sub of their ranks in set.
func rankSum(set, sub uint16) int {
	s := 0
	for sub != 0 {
		b := sub & -sub
		s += bits.OnesCount16(set & (b - 1))
		sub &^= b
	}
	return s
}

// FixedSet is the set of cubes fixed by every element of a subgroup K, held
// as the two memoized searches over corner and edge configurations: it
// counts them and draws them at random, building its tables once.
type FixedSet struct {
	corners, edges *search
	byParity       [2]*big.Int // fixed cubes whose corner (and edge) permutation has this parity
}

// NewFixedSet prepares the fixed cubes of k.
func NewFixedSet(k Set) *FixedSet {
	f := &FixedSet{corners: newSearch(cornerPieces, k), edges: newSearch(edgePieces, k)}
	c := f.corners.count(f.corners.full(), f.corners.full())
	e := f.edges.count(f.edges.full(), f.edges.full())
	for par := range 2 {
		// A corner and an edge configuration form a cube when their
		// parities agree, the twist is 0 mod 3 and the flip 0 mod 2.
		t := new(big.Int).SetUint64(c[par][0])
		f.byParity[par] = t.Mul(t, new(big.Int).SetUint64(e[par][0]))
	}
	return f
}

// Count returns the number of cubes fixed by every element of k.
func (f *FixedSet) Count() *big.Int { return new(big.Int).Add(f.byParity[0], f.byParity[1]) }

// Fixed returns the number of cubes fixed by every element of k.
func Fixed(k Set) *big.Int { return NewFixedSet(k).Count() }

// Draw returns a cube drawn at random (reproducibly: rng decides) among the
// fixed cubes; ok is false when there are none.
func (f *FixedSet) Draw(rng *rand.Rand) (y cube.Cube, ok bool) {
	total := f.Count()
	if total.Sign() == 0 {
		return cube.Cube{}, false
	}
	// Parity 0 in proportion to its share of the fixed cubes (a float is
	// fine here: it only steers which cube is drawn).
	share0, _ := new(big.Rat).SetFrac(f.byParity[0], total).Float64()
	parity := 0
	if rng.Float64() >= share0 {
		parity = 1
	}
	y = cube.Solved
	for _, t := range f.corners.sample(rng, parity, 0) {
		y.CP[t[0]], y.CO[t[0]] = cube.Corner(t[1]), uint8(t[2])
	}
	for _, t := range f.edges.sample(rng, parity, 0) {
		y.EP[t[0]], y.EO[t[0]] = cube.Edge(t[1]), uint8(t[2])
	}
	return y, true
}

// Witness draws fixed cubes until one has no further symmetry in g, so
// that its stabilizer in g is exactly k; ok is false when none turned up in
// tries draws, which is certain when no cube has this stabilizer.
func (f *FixedSet) Witness(k, g Set, rng *rand.Rand, tries int) (y cube.Cube, ok bool) {
	for range tries {
		if y, ok = f.Draw(rng); !ok {
			return y, false
		}
		if Stabilizer(y, g) == k {
			return y, true
		}
	}
	return cube.Cube{}, false
}

// Stabilizer returns the elements of g that fix y.
func Stabilizer(y cube.Cube, g Set) Set {
	var s Set
	for _, e := range g.Elems() {
		if e.MC2().Act(y) == y {
			s = s.With(e)
		}
	}
	return s
}
