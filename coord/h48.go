package coord

import (
	"fmt"
	"math/bits"
	"sync/atomic"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// H48's goal group and its coordinates (nissy-core's doc/h48.md, "The
// target subgroup: H48 coordinates"): every corner in its tetrad and
// oriented, every edge in its slice. The group is kept by all 48
// symmetries, so one table reduced by them bounds a cube seen from every
// axis in one read, where the phase-1 tables need a read for each axis.
//
// The corners' part (cocsep) is the twist with which positions hold the
// first tetrad's corners: 2,187 x 70 = 153,090 values, 3,393 classes under
// the 48 symmetries. The edges' part (esep) is which slice each position's
// edge belongs to: 495 x 70 = 34,650 values, conjugated with the class's
// symmetry. h0 is (class, esep): 117,567,450 entries. The edges'
// orientations, well defined for an edge in its slice whatever the axis,
// refine it (hK keeps K of them); a symmetry conjugates them by a
// permutation of positions and a flip that depends only on the esep.

// H48 coordinate sizes.
const (
	NH48Cocsep  = cube.NTwist * 70 // twist x the first tetrad's positions
	NH48Esep    = 495 * 70         // the E slice's positions x the M slice's among the rest
	NH48Classes = 3393             // cocsep's classes under the 48 symmetries
	NH48H0      = NH48Classes * NH48Esep
)

// The first tetrad's corners (URF, ULB, DLF, DRB) and the three slices'
// edges. tetradOrder and sliceOrder list positions so that the goal's are
// first: the goal's masks are then the least, ranked 0.
var (
	tetradOrder = [cube.NCorners]cube.Corner{cube.URF, cube.ULB, cube.DLF, cube.DRB, cube.UFL, cube.UBR, cube.DFR, cube.DBL}
	sliceOrder  = [cube.NEdges]cube.Edge{cube.FR, cube.FL, cube.BL, cube.BR, cube.UF, cube.UB, cube.DF, cube.DB, cube.UR, cube.UL, cube.DR, cube.DL}
)

// inFirstTetrad[c] says whether corner c is in the first tetrad; edgeSlice[e]
// is edge e's slice: 0 for E, 1 for M, 2 for S.
var inFirstTetrad, edgeSlice = func() (t [cube.NCorners]bool, s [cube.NEdges]uint8) {
	for _, c := range tetradOrder[:4] {
		t[c] = true
	}
	for i, e := range sliceOrder {
		s[e] = uint8(i / 4)
	}
	return t, s
}()

// combinations ranks the n-bit words with k bits set in increasing order:
// rank[w] for such a word w, and word[r] its inverse.
type combinations struct {
	rank []uint16
	word []uint16
}

func newCombinations(n, k int) combinations {
	c := combinations{rank: make([]uint16, 1<<n)}
	for w := range 1 << n {
		if bits.OnesCount(uint(w)) == k {
			c.rank[w] = uint16(len(c.word))
			c.word = append(c.word, uint16(w))
		}
	}
	return c
}

var (
	fourOfEight  = newCombinations(8, 4)
	fourOfTwelve = newCombinations(12, 4)
)

// H48Cocsep returns c's corner part: twist*70 plus the rank of the
// positions (in tetradOrder) that hold the first tetrad's corners.
func H48Cocsep(c *cube.Cube) int {
	var w int
	for i, p := range tetradOrder {
		if inFirstTetrad[c.CP[p]] {
			w |= 1 << i
		}
	}
	return c.Twist()*70 + int(fourOfEight.rank[w])
}

// setH48Cocsep gives c corner part x: the first tetrad's corners, in order,
// where its rank says, the others in the rest.
func setH48Cocsep(c *cube.Cube, x int) {
	w := fourOfEight.word[x%70]
	first, other := 0, 4
	for i, p := range tetradOrder {
		if w>>i&1 == 1 {
			c.CP[p], first = tetradOrder[first], first+1
		} else {
			c.CP[p], other = tetradOrder[other], other+1
		}
	}
	c.SetTwist(x / 70)
}

// H48Esep returns c's edge part: the rank of the positions (in sliceOrder)
// holding E-slice edges times 70, plus the rank of those holding M-slice
// edges among the other eight.
func H48Esep(c *cube.Cube) int {
	var e, m, rest int
	for i, p := range sliceOrder {
		switch edgeSlice[c.EP[p]] {
		case 0:
			e |= 1 << i
			continue
		case 1:
			m |= 1 << rest
		}
		rest++
	}
	return int(fourOfTwelve.rank[e])*70 + int(fourOfEight.rank[m])
}

// setH48Esep gives c edge part x, the edges of each slice in order.
func setH48Esep(c *cube.Cube, x int) {
	e, m := fourOfTwelve.word[x/70], fourOfEight.word[x%70]
	next := [3]int{0, 4, 8} // the next edge of each slice in sliceOrder
	rest := 0
	for i, p := range sliceOrder {
		s := 2
		switch {
		case e>>i&1 == 1:
			s = 0
		case m>>rest&1 == 1:
			s, rest = 1, rest+1
		default:
			rest++
		}
		c.EP[p], next[s] = sliceOrder[next[s]], next[s]+1
	}
}

// H48EO returns c's edge orientations as a 12-bit word, bit p for position p.
func H48EO(c *cube.Cube) int {
	var w int
	for p, f := range c.EO {
		w |= int(f) << p
	}
	return w
}

// H48Coord is a cube's H48 coordinates: its corner part, its edge part
// and its edges' orientations.
type H48Coord struct{ Cocsep, Esep, EO uint32 }

// H48CoordOf returns c's H48 coordinates.
func H48CoordOf(c *cube.Cube) H48Coord {
	return H48Coord{uint32(H48Cocsep(c)), uint32(H48Esep(c)), uint32(H48EO(c))}
}

// MoveCoord returns the coordinates of a cube of coordinates x after move m.
func (h *H48) MoveCoord(x H48Coord, m cube.Move) H48Coord {
	return H48Coord{h.cocsepMove[x.Cocsep][m], uint32(h.esepMove[x.Esep][m]), uint32(h.eoMove[x.EO][m])}
}

// H0Entry returns the h0 entry of a cube of coordinates x.
func (h *H48) H0Entry(x H48Coord) int {
	i, _ := h.H0Index(int(x.Cocsep), int(x.Esep))
	return i
}

// H48 holds the H48 coordinates' move and conjugation tables: about 16 MB.
type H48 struct {
	cocsepMove [][cube.NFaceMoves]uint32
	esepMove   [][cube.NFaceMoves]uint16
	eoMove     [1 << cube.NEdges][cube.NFaceMoves]uint16

	// classSym[x] is x's class<<6 | a symmetry conjugating x to the
	// class's representative rep[class]; stab[class] has bit s set when
	// S(s) fixes the representative.
	classSym []uint32
	rep      []uint32
	stab     []uint64

	// esepSym[x][s] is what S(s) makes of a cube of esep x: the esep of
	// S(s)^-1 (the cube) S(s), and the flips its orientation word takes.
	// A symmetry conjugates the orientation word w of a cube of esep x to
	// eoPerm[s][w] ^ esepSym[x][s].flip: the positions' permutation, then
	// the flips, which depend only on which slice each position's edge is
	// in. The two are kept side by side because a search reads both for
	// every child: one miss of the cache, not two.
	esepSym [][cube.NSyms]esepImage
	eoPerm  [cube.NSyms][1 << cube.NEdges]uint16
}

// esepImage is an entry of H48.esepSym.
type esepImage struct{ esep, flip uint16 }

// NewH48 builds the tables, in about a second.
func NewH48() *H48 {
	h := &H48{
		cocsepMove: make([][cube.NFaceMoves]uint32, NH48Cocsep),
		esepMove:   make([][cube.NFaceMoves]uint16, NH48Esep),
		esepSym:    make([][cube.NSyms]esepImage, NH48Esep),
	}
	for x := range NH48Cocsep {
		c := cube.Solved
		setH48Cocsep(&c, x)
		for m := range cube.Move(cube.NFaceMoves) {
			var d cube.Cube
			d.Move(&c, m)
			h.cocsepMove[x][m] = uint32(H48Cocsep(&d))
		}
	}
	for x := range NH48Esep {
		c := cube.Solved
		setH48Esep(&c, x)
		for m := range cube.Move(cube.NFaceMoves) {
			var d cube.Cube
			d.Move(&c, m)
			h.esepMove[x][m] = uint16(H48Esep(&d))
		}
		for s := range cube.Sym(cube.NSyms) {
			d := cube.Conjugate(c, s)
			// c's own orientations are 0: d's are the flips.
			h.esepSym[x][s] = esepImage{esep: uint16(H48Esep(&d)), flip: uint16(H48EO(&d))}
		}
	}
	for w := range 1 << cube.NEdges {
		c := cube.Solved
		for p := range c.EO {
			c.EO[p] = uint8(w >> p & 1)
		}
		for m := range cube.Move(cube.NFaceMoves) {
			var d cube.Cube
			d.Move(&c, m)
			h.eoMove[w][m] = uint16(H48EO(&d))
		}
	}
	for s := range cube.Sym(cube.NSyms) {
		sc := s.Cube()
		for w := range 1 << cube.NEdges {
			// S^-1 c S moves the flip of position S.EP[p] to p.
			var out uint16
			for p, q := range sc.EP {
				out |= uint16(w>>q&1) << p
			}
			h.eoPerm[s][w] = out
		}
	}
	h.findClasses()
	return h
}

// H48Corners holds each corner part's distance from the goal's (at most
// 9): 150 KB, which stays in the cache where the hK table is read from
// memory. It is kept apart from H48, whose code the cached tables'
// fingerprints cover, as those tables do not depend on it.
type H48Corners []uint8

// CornerDistances returns the corner parts' distances, breadth first over
// h's corner moves.
func (h *H48) CornerDistances() H48Corners {
	const unreached = 0xff
	dist := make(H48Corners, NH48Cocsep)
	for i := range dist {
		dist[i] = unreached
	}
	dist[0] = 0
	for d, frontier := uint8(0), []uint32{0}; len(frontier) > 0; d++ {
		var next []uint32
		for _, x := range frontier {
			for _, y := range h.cocsepMove[x] {
				if dist[y] == unreached {
					dist[y] = d + 1
					next = append(next, y)
				}
			}
		}
		frontier = next
	}
	return dist
}

// Bound returns the distance of a cube of coordinates x's corners from
// the goal's: a lower bound on its H48 bound read from the cache, so that
// a search drops the children it puts out of reach before reading the hK
// table for them (nissy-core's solver reads its cocsep table first for
// the same reason). It never raises a bound: where it exceeds the base,
// so does the hK table's code, and h0, read for code 0, is exact.
func (d H48Corners) Bound(x H48Coord) int { return int(d[x.Cocsep]) }

// findClasses sorts the cocsep values into classes, each represented by
// its least value, found in increasing order.
func (h *H48) findClasses() {
	h.classSym = make([]uint32, NH48Cocsep)
	seen := make([]bool, NH48Cocsep)
	for x := range NH48Cocsep {
		if seen[x] {
			continue
		}
		class := uint32(len(h.rep))
		c := cube.Solved
		setH48Cocsep(&c, x)
		var stab uint64
		for s := range cube.Sym(cube.NSyms) {
			d := cube.Conjugate(c, s)
			y := H48Cocsep(&d)
			if y == x {
				stab |= 1 << s
			}
			if !seen[y] {
				// y = S^-1 x S, so S^-1 conjugates y back to x.
				seen[y], h.classSym[y] = true, class<<6|uint32(s.Inverse())
			}
		}
		h.rep = append(h.rep, uint32(x))
		h.stab = append(h.stab, stab)
	}
	if len(h.rep) != NH48Classes {
		panic(fmt.Sprintf("coord: %d classes of H48's corners, want %d", len(h.rep), NH48Classes))
	}
}

// H0Index returns the h0 entry of a cube of corner part cocsep and edge
// part esep, and the symmetry that conjugates it to its class's frame.
func (h *H48) H0Index(cocsep, esep int) (int, cube.Sym) {
	cs := h.classSym[cocsep]
	s := cube.Sym(cs & 63)
	return int(cs>>6)*NH48Esep + int(h.esepSym[esep][s].esep), s
}

// conjugate returns the edge part and orientation word of a cube of edge
// part esep and orientation word eo conjugated by s, from one entry of
// esepSym.
func (h *H48) conjugate(esep, eo int, s cube.Sym) (int, int) {
	img := h.esepSym[esep][s]
	return int(img.esep), int(h.eoPerm[s][eo] ^ img.flip)
}

// H0 is the exact h0 table: each entry's distance from the goal in face
// turns, half a byte an entry.
type H0 struct {
	h      *H48
	nib    []uint32 // eight entries a word, the lowest nibble first
	Levels []int64  // entries at each distance
}

// At returns entry i's distance.
func (t *H0) At(i int) int { return int(t.nib[i>>3] >> (4 * (i & 7)) & 0xf) }

// load is At for the build, whose workers write the table as they read it.
func (t *H0) load(i int) int {
	return int(atomic.LoadUint32(&t.nib[i>>3]) >> (4 * (i & 7)) & 0xf)
}

// Distance returns the h0 distance of a cube: the least number of face
// turns that bring its corners into their tetrads, oriented, and its edges
// into their slices.
func (t *H0) Distance(c *cube.Cube) int {
	i, _ := t.h.H0Index(H48Cocsep(c), H48Esep(c))
	return t.At(i)
}

// h0Unreached marks an entry not yet reached in the build.
const h0Unreached = 0xf

// NewH0 searches the h0 table breadth first on workers goroutines:
// forward from the goal while the frontier is smaller than what is left,
// then backward, each entry left looking for a neighbour on the last
// level. An entry's distance is set with those of the entries its
// stabilizer makes the same cube (doc/h48.md's warning on self-symmetric
// corners). Each level is the same whatever the worker count.
func (h *H48) NewH0(workers int) *H0 {
	t := &H0{h: h, nib: make([]uint32, (NH48H0+7)/8)}
	for i := range t.nib {
		t.nib[i] = ^uint32(0)
	}
	goal, _ := h.H0Index(0, 0)
	t.Levels = []int64{t.setAll(goal, 0)}
	reached := t.Levels[0]
	const chunk = 1 << 16
	for d := 0; t.Levels[d] > 0; d++ {
		backward := reached > NH48H0/2
		counts := make([]int64, (NH48H0+chunk-1)/chunk)
		parallel.For(len(counts), workers, func(int) func(int) {
			return func(k int) {
				for i := k * chunk; i < min(NH48H0, (k+1)*chunk); i++ {
					switch at := t.load(i); {
					case backward && at == h0Unreached:
						for m := range cube.NFaceMoves {
							if t.load(h.h0Neighbour(i, m)) == d {
								counts[k] += t.setAll(i, d+1)
								break
							}
						}
					case !backward && at == d:
						for m := range cube.NFaceMoves {
							counts[k] += t.setAll(h.h0Neighbour(i, m), d+1)
						}
					}
				}
			}
		})
		var n int64
		for _, c := range counts {
			n += c
		}
		t.Levels = append(t.Levels, n)
		reached += n
	}
	t.Levels = t.Levels[:len(t.Levels)-1]
	if reached != NH48H0 {
		panic(fmt.Sprintf("coord: h0 reached %d of %d entries", reached, NH48H0))
	}
	return t
}

// h0Neighbour returns the entry that move m takes entry i to, seen from
// the representative of i's class.
func (h *H48) h0Neighbour(i, m int) int {
	class, esep := i/NH48Esep, i%NH48Esep
	j, _ := h.H0Index(int(h.cocsepMove[h.rep[class]][m]), int(h.esepMove[esep][m]))
	return j
}

// setAll sets entry i, and the entries its class's stabilizer makes the
// same cube, to d where they are unreached; it returns how many it set.
func (t *H0) setAll(i, d int) int64 {
	class, esep := i/NH48Esep, i%NH48Esep
	var set int64
	for stab := t.h.stab[class]; stab != 0; stab &= stab - 1 {
		s := bits.TrailingZeros64(stab)
		if t.set(class*NH48Esep+int(t.h.esepSym[esep][s].esep), d) {
			set++
		}
	}
	return set
}

// set lowers entry i from unreached to d; it reports whether it did.
func (t *H0) set(i, d int) bool {
	word, shift := &t.nib[i>>3], 4*(i&7)
	for {
		old := atomic.LoadUint32(word)
		if old>>shift&0xf != h0Unreached {
			return false
		}
		if atomic.CompareAndSwapUint32(word, old, old&^(0xf<<shift)|uint32(d)<<shift) {
			return true
		}
	}
}
