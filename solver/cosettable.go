package solver

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// Coset is a right coset H·c of Kociemba's subgroup H = <U, D, R2, L2, F2,
// B2> by the coordinates phase 1 reads off any of its positions (seed 001's
// relabeling: what a position looks like with only the U-D facelets of the
// corners and edges and the F-B facelets of the middle edges kept): the
// corners' twist, the edges' flip and where the four middle edges are.
// There are 2187 * 2048 * 495 = 2,217,093,120 cosets; the solved cube's,
// H itself, is Coset{}.
type Coset struct {
	Twist, Flip, Slice int
}

// NCosets is the number of cosets of H.
const NCosets = cube.NTwist * cube.NFlip * cube.NSlice

// CosetOf returns the coset of H that c lies in.
func CosetOf(c *cube.Cube) Coset {
	return Coset{Twist: c.Twist(), Flip: c.Flip(), Slice: c.Slice()}
}

// CosetTable is the exact distance of every coset from H in one metric,
// the least number of moves that take its positions into H: phase 1's
// pruning table (symtables.go), 4 bits an entry for each FlipUDSlice class
// and twist, about 70 MB.
type CosetTable struct {
	s      *Solver
	t      *symTable
	metric cube.Metric
}

// CosetTable returns the coset distances in m (HTM or QTM), built or loaded
// as phase 1's table is.
func (s *Solver) CosetTable(m cube.Metric) (*CosetTable, error) {
	if m != cube.HTM && m != cube.QTM {
		return nil, fmt.Errorf("solver: coset distances in %v are not supported (HTM or QTM)", m)
	}
	t, err := s.phase1Table(m)
	if err != nil {
		return nil, err
	}
	return &CosetTable{s: s, t: t, metric: m}, nil
}

// Distance returns the distance of coset x from H.
func (t *CosetTable) Distance(x Coset) int {
	return t.t.at(t.t.index(x.Slice*cube.NFlip+x.Flip, x.Twist))
}

// Move returns the coset of the positions of x after face turn m.
func (t *CosetTable) Move(x Coset, m cube.Move) Coset {
	s := t.s
	return Coset{Twist: int(s.twist[x.Twist][m]), Flip: int(s.flip[x.Flip][m]), Slice: int(s.slice[x.Slice][m])}
}

// Checksum is the SHA-256 of the table's entries, for a run's provenance
// (seed 002, section 8: the pattern database's hash checked at the start
// and the end of a run).
func (t *CosetTable) Checksum() string {
	sum := sha256.Sum256(t.t.nib)
	return hex.EncodeToString(sum[:])
}

// Distribution counts the cosets at each distance from H, over all
// 2,217,093,120 of them (not their symmetry classes), on workers
// goroutines.
func (t *CosetTable) Distribution(workers int) []int64 {
	perWorker := make([][maxLevels]int64, max(1, workers))
	parallel.For(nFlipSlice, workers, func(w int) func(int) {
		counts := &perWorker[w]
		return func(fs int) {
			cs := t.t.a.classSym[fs]
			row, s := int(cs/nPhase1Syms)*cube.NTwist, cs%nPhase1Syms
			for twist := range cube.NTwist {
				counts[t.t.at(row+int(t.t.b[twist][s]))]++
			}
		}
	})
	var total [maxLevels]int64
	for _, c := range perWorker {
		for d, n := range c {
			total[d] += n
		}
	}
	last := 0
	for d, n := range total {
		if n > 0 {
			last = d
		}
	}
	return total[:last+1]
}
