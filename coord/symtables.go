package coord

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/cubecensus/cubecensus/internal/tablecache"

	"github.com/cubecensus/cubecensus/cube"
)

// The two big pruning tables, reduced by symmetry (seed 000, "The
// Two-Phase Algorithm Coordinates", "Symmetry reduced coordinates" and
// "Pruning Tables", which gives their sizes and depths).
//
// The 16 symmetries that keep the U-D axis map H to itself, so they keep
// the distances of both phases. Phase 1's state is (twist, flip, slice),
// 2.2e9 of them: the symmetries act on (flip, slice) together, the
// FlipUDSlice coordinate (a symmetry can flip an edge depending on whether
// it is a slice edge), whose 1,013,760 values fall into 64,430 classes, and
// on the twist alone. The phase-1 table holds, for each class and twist,
// the exact phase-1 distance of the state whose FlipUDSlice is the class's
// representative: 140,908,410 entries of half a byte, at most 12. Phase 2's
// holds the corner permutation's 2,768 classes with the permutation of the
// eight U and D edges, 111,605,760 entries, at most 18.
//
// A state is looked up by conjugating it to its class's representative,
// the second coordinate conjugated with it. Where the representative is
// fixed by some symmetries, several entries are one state (the seed's
// warning, "we will build an incorrect table if we do not proceed very
// carefully"), and the search sets them together.
//
// Both tables are built by breadth-first search in tens of seconds and kept
// in internal/tablecache's folder, checksummed, so a solver loads them in
// a fraction of a second after the first run.

// nPhase1Syms is the number of symmetries that keep the U-D axis: S(0) to
// S(15) (x1 = 0, see cube.Sym). They map H to itself, so they keep the
// distances of both phases.
const nPhase1Syms = 16

// nFlipSlice is the number of FlipUDSlice values, slice*NFlip + flip.
const nFlipSlice = cube.NFlip * cube.NSlice

// flipSliceCube returns a cube with FlipUDSlice fs.
func flipSliceCube(fs int) cube.Cube {
	c := cube.Solved
	c.SetSlice(fs / cube.NFlip)
	c.SetFlip(fs % cube.NFlip)
	return c
}

func flipSliceOf(c *cube.Cube) int { return c.Slice()*cube.NFlip + c.Flip() }

// symClasses are the classes of a coordinate under the 16 symmetries.
type symClasses struct {
	// classSym[x] is x's class times 16 plus a symmetry conjugating x to
	// the class's representative: one array, so one cache miss a lookup.
	classSym []uint32
	rep      []uint32 // each class's representative, its least value
	// stab[c] has bit s set when S(s) fixes class c's representative.
	stab []uint16
}

// newSymClasses finds the classes of the n values of a coordinate, given a
// cube with each value (cubeOf) and the value of a cube (valueOf), which
// must be a function of the value for the conjugates' values to be.
func newSymClasses(n int, cubeOf func(int) cube.Cube, valueOf func(*cube.Cube) int) *symClasses {
	t := &symClasses{classSym: make([]uint32, n)}
	seen := make([]bool, n)
	for x := range n {
		if seen[x] {
			continue
		}
		id := uint32(len(t.rep))
		rep := cubeOf(x)
		var stab uint16
		for s := range cube.Sym(nPhase1Syms) {
			conj := cube.Conjugate(rep, s)
			y := valueOf(&conj)
			if y == x {
				stab |= 1 << s
			}
			if !seen[y] {
				// y = S^-1 rep S, so rep = S y S^-1: s^-1 takes y to rep.
				seen[y], t.classSym[y] = true, id*nPhase1Syms+uint32(s.Inverse())
			}
		}
		t.rep = append(t.rep, uint32(x))
		t.stab = append(t.stab, stab)
	}
	return t
}

// conjTable[x][s] is the value of S(s)^-1 * (a cube of value x) * S(s).
type conjTable [][nPhase1Syms]uint16

func newConjTable(n int, cubeOf func(int) cube.Cube, valueOf func(*cube.Cube) int) conjTable {
	t := make(conjTable, n)
	for x := range n {
		c := cubeOf(x)
		for s := range cube.Sym(nPhase1Syms) {
			conj := cube.Conjugate(c, s)
			t[x][s] = uint16(valueOf(&conj))
		}
	}
	return t
}

// SymTable is a pruning table over a coordinate reduced to its classes (a)
// and a second coordinate conjugated with it (b): entry class*nb + b, half
// a byte each, holding the distance or capMax for any deeper (still a
// lower bound; only phase 2 has such entries, 1.2% of them, and a search
// of 20 moves hardly needs them exact).
type SymTable struct {
	a      *symClasses
	b      conjTable
	nib    []byte  // two entries a byte, low nibble first
	levels []int64 // entries at each distance, uncapped, from the build
}

// capMax is the largest distance an entry holds.
const capMax = 14

// maxLevels bounds the distances a table may have.
const maxLevels = 32

func (p *SymTable) At(i int) int { return int(p.nib[i>>1]>>(4*(i&1))) & 0xf }

// distance returns the table's distance of raw values (a, b).
func (p *SymTable) Distance(a, b int) int { return p.At(p.Index(a, b)) }

// index returns the entry of raw values (a, b).
func (p *SymTable) Index(a, b int) int {
	cs := p.a.classSym[a]
	return int(cs/nPhase1Syms)*len(p.b) + int(p.b[b][cs%nPhase1Syms])
}

// encode lays a table out for the cache: its nibbles, then the level
// counts, 8 bytes each.
func encodeSymTable(nib []byte, levels []int64) []byte {
	out := slices.Grow(slices.Clone(nib), 8*maxLevels)
	for d := range maxLevels {
		var n int64
		if d < len(levels) {
			n = levels[d]
		}
		out = binary.LittleEndian.AppendUint64(out, uint64(n))
	}
	return out
}

// decodeSymTable is encodeSymTable's inverse.
func decodeSymTable(a *symClasses, b conjTable, data []byte) (*SymTable, error) {
	n := (len(a.rep)*len(b) + 1) / 2
	if len(data) != n+8*maxLevels {
		return nil, fmt.Errorf("coord: a cached table of %d bytes, want %d", len(data), n+8*maxLevels)
	}
	p := &SymTable{a: a, b: b, nib: data[:n], levels: make([]int64, maxLevels)}
	for d := range p.levels {
		p.levels[d] = int64(binary.LittleEndian.Uint64(data[n+8*d:]))
	}
	for len(p.levels) > 0 && p.levels[len(p.levels)-1] == 0 {
		p.levels = p.levels[:len(p.levels)-1]
	}
	return p, nil
}

// buildSymTable searches breadth first from (0, 0) under the moves whose
// columns in moveB (and moveA, on the raw first coordinate) are listed, a byte an entry:
// forward while the frontier is small, then backward, each unreached entry
// looking for a neighbour on the last level. The moves must be closed
// under inverses. It returns the table encoded for the cache.
func buildSymTable(a *symClasses, b conjTable, moveA func(x, m int) int, moveB MoveTable, moves []int, progress func(reached, total int64)) []byte {
	const unreached = 0xff
	nb := len(b)
	n := len(a.rep) * nb
	dist := make([]byte, n)
	for i := range dist {
		dist[i] = unreached
	}
	// setState sets the entry of class c and value x, and those that are
	// the same state under the representative's stabilizer, to d; it
	// returns how many it set.
	setState := func(c, x int, d byte) int64 {
		var set int64
		for y := range nPhase1Syms {
			if a.stab[c]>>y&1 == 1 {
				if i := c*nb + int(b[x][y]); dist[i] == unreached {
					dist[i] = d
					set++
				}
			}
		}
		return set
	}
	// neighbour returns the entry reached from class c, value x by move m.
	neighbour := func(c, x, m int) int {
		ya := moveA(int(a.rep[c]), m)
		cs := a.classSym[ya]
		return int(cs/nPhase1Syms)*nb + int(b[moveB[x][m]][cs%nPhase1Syms])
	}
	levels := []int64{setState(0, 0, 0)} // value 0 is its class's representative
	reached := levels[0]
	for d := byte(0); levels[d] > 0; d++ {
		var frontier int64
		backward := reached > int64(n)/2
		for i := range n {
			c, x := i/nb, i%nb
			if backward {
				if dist[i] != unreached {
					continue
				}
				for _, m := range moves {
					if dist[neighbour(c, x, m)] == d {
						frontier += setState(c, x, d+1)
						break
					}
				}
				continue
			}
			if dist[i] != d {
				continue
			}
			for _, m := range moves {
				if j := neighbour(c, x, m); dist[j] == unreached {
					frontier += setState(j/nb, j%nb, d+1)
				}
			}
		}
		levels = append(levels, frontier)
		reached += frontier
		if frontier > 0 {
			progress(reached, int64(n))
		}
	}
	if reached != int64(n) || len(levels) > maxLevels {
		panic(fmt.Sprintf("coord: a pruning table reached %d of %d entries in %d levels", reached, n, len(levels)))
	}
	nib := make([]byte, (n+1)/2)
	for i, d := range dist {
		nib[i>>1] |= min(d, capMax) << (4 * (i & 1))
	}
	return encodeSymTable(nib, levels[:len(levels)-1])
}

// The tables' names in the cache.
const (
	phase1Name = "solver-phase1"
	phase2Name = "solver-phase2"
)

// The tables' versions name their content for the cache; change one when
// its table changes.
const (
	phase1Version = "flipudslice-twist-1"
	phase2Version = "cornerperm-udedges-1"
)

// newPhase1Table returns phase 1's table in metric m: FlipUDSlice classes
// (64,430) with the corner twist, 1.4e8 entries, exact phase-1 distances,
// searched with the metric's moves of cost 1 (in QTM the quarter turns, a
// half turn being two of them; in STM the face and slice turns, whose
// columns the move tables must then have: MovesIn).
func newPhase1Table(cfg Config, m cube.Metric, twist, flip, slice MoveTable) (*SymTable, tablecache.Table, error) {
	a, b, err := cachedSymmetries(cfg, "flipslice-twist", nFlipSlice, nFlipSliceClasses, flipSliceCube, flipSliceOf,
		cube.NTwist, func(x int) cube.Cube { c := cube.Solved; c.SetTwist(x); return c }, (*cube.Cube).Twist)
	if err != nil {
		return nil, tablecache.Table{}, err
	}
	flipSlice := func(fs, m int) int {
		return int(slice[fs/cube.NFlip][m])*cube.NFlip + int(flip[fs%cube.NFlip][m])
	}
	ps := phase1Specs[m]
	var moves []int
	for _, mv := range cube.MoveSetOf(m).Units() {
		moves = append(moves, int(mv))
	}
	t, err := tablecache.Get(cfg.CacheDir, spec(ps.name, ps.version, phase1Code), func() ([]byte, error) {
		return buildSymTable(a, b, flipSlice, twist, moves, cfg.report(ps.desc)), nil
	}, checkSymTable(ps.name, ps.levels))
	if err != nil {
		return nil, t, err
	}
	p, err := decodeSymTable(a, b, t.Data)
	return p, t, err
}

// newPhase2Table returns phase 2's table: the corner permutation's classes
// (2,768) with the permutation of the eight U and D edges, 1.1e8 entries,
// exact distances in H of the two together (the slice edges' order is left
// to the small corners-and-slice table).
func newPhase2Table(cfg Config, corners, udEdges MoveTable) (*SymTable, tablecache.Table, error) {
	return newCornerPermTable(cfg, phase2Name, phase2Version, phase2Code(), "phase-2 table", phase2Levels, corners, udEdges)
}

// newCornerPermTable returns a table over the corner permutation's classes
// and the U and D edges' permutation, exact distances in H under every
// move the move tables have a column for (all of cost 1, closed under
// inverses and under the 16 symmetries), kept in the cache as name and
// checked against its level counts.
func newCornerPermTable(cfg Config, name, version, code, desc string, levels []int64, corners, udEdges MoveTable) (*SymTable, tablecache.Table, error) {
	permCube := func(set func(*cube.Cube, int)) func(int) cube.Cube {
		return func(x int) cube.Cube { c := cube.Solved; set(&c, x); return c }
	}
	a, b, err := cachedSymmetries(cfg, "cornerperm-udedges", cube.NCornerPerm, nCornerPermClasses, permCube((*cube.Cube).SetCornerPerm), (*cube.Cube).CornerPerm,
		cube.NUDEdgePerm, permCube((*cube.Cube).SetUDEdgePerm), (*cube.Cube).UDEdgePerm)
	if err != nil {
		return nil, tablecache.Table{}, err
	}
	t, err := tablecache.Get(cfg.CacheDir, tablecache.Spec{Name: name, Version: version, Code: code}, func() ([]byte, error) {
		moves := make([]int, len(corners[0]))
		for i := range moves {
			moves[i] = i
		}
		return buildSymTable(a, b, func(x, m int) int { return int(corners[x][m]) }, udEdges, moves, cfg.report(desc)), nil
	}, checkSymTable(name, levels))
	if err != nil {
		return nil, t, err
	}
	p, err := decodeSymTable(a, b, t.Data)
	return p, t, err
}

// cachedSymmetries returns a pruning table's two symmetry tables, the
// classes of its first coordinate (na values) and the conjugates of its
// second (nb values), from the table cache: they take a third of a second
// to build (a million conjugations), which every `cubecensus solve` paid
// before they were kept. A kept copy must describe na and nb values.
func cachedSymmetries(cfg Config, name string, na, classes int, cubeOfA func(int) cube.Cube, valueOfA func(*cube.Cube) int,
	nb int, cubeOfB func(int) cube.Cube, valueOfB func(*cube.Cube) int) (*symClasses, conjTable, error) {
	name = "solver-symmetries-" + name
	t, err := tablecache.Get(cfg.CacheDir, spec(name, symmetriesVersion, symmetriesCode), func() ([]byte, error) {
		return encodeSymmetries(newSymClasses(na, cubeOfA, valueOfA), newConjTable(nb, cubeOfB, valueOfB)), nil
	}, checkClasses(name, classes))
	if err != nil {
		return nil, nil, err
	}
	return decodeSymmetries(t.Data, na, nb)
}

// symmetriesVersion names the layout and content of cachedSymmetries'
// tables.
const symmetriesVersion = "classes-conj-1"

// encodeSymmetries lays out classes and conjugates for the cache, little
// endian: the number of classes, classSym, rep, stab, then the conjugate
// table row by row.
func encodeSymmetries(a *symClasses, b conjTable) []byte {
	out := binary.LittleEndian.AppendUint32(nil, uint32(len(a.rep)))
	for _, v := range a.classSym {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	for _, v := range a.rep {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	for _, v := range a.stab {
		out = binary.LittleEndian.AppendUint16(out, v)
	}
	for _, row := range b {
		for _, v := range row {
			out = binary.LittleEndian.AppendUint16(out, v)
		}
	}
	return out
}

// decodeSymmetries is encodeSymmetries' inverse, for na and nb values.
func decodeSymmetries(data []byte, na, nb int) (*symClasses, conjTable, error) {
	if len(data) < 4 {
		return nil, nil, fmt.Errorf("coord: a cached symmetry table of %d bytes", len(data))
	}
	classes := int(binary.LittleEndian.Uint32(data))
	if want := 4 + 4*na + 6*classes + 2*nPhase1Syms*nb; classes > na || len(data) != want {
		return nil, nil, fmt.Errorf("coord: a cached symmetry table of %d bytes, want %d", len(data), want)
	}
	data = data[4:]
	a := &symClasses{classSym: make([]uint32, na), rep: make([]uint32, classes), stab: make([]uint16, classes)}
	for i := range a.classSym {
		a.classSym[i], data = binary.LittleEndian.Uint32(data), data[4:]
	}
	for i := range a.rep {
		a.rep[i], data = binary.LittleEndian.Uint32(data), data[4:]
	}
	for i := range a.stab {
		a.stab[i], data = binary.LittleEndian.Uint16(data), data[2:]
	}
	b := make(conjTable, nb)
	for x := range b {
		for s := range b[x] {
			b[x][s], data = binary.LittleEndian.Uint16(data), data[2:]
		}
	}
	return a, b, nil
}

// class returns x's class.
func (t *symClasses) class(x int) int { return int(t.classSym[x] / nPhase1Syms) }

// toRep returns a symmetry conjugating x to its class's representative.
func (t *symClasses) toRep(x int) cube.Sym { return cube.Sym(t.classSym[x] % nPhase1Syms) }
