package centers

import (
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/hashjoin"
)

// The classes of axis moves under conjugation by the 48 symmetries. A
// symmetry maps an axis move to one on any axis, may swap its two faces (a
// half-turn rotation) and may reverse both senses (a reflection), so the
// class of (P, Q) is {(P, Q), (Q, P), (-P, -Q), (-Q, -P)}: six classes of
// the 15 pairs. They are ranked below, the rank deciding which move a
// relation is rotated to begin with (see search.go): the single quarter
// turns rank highest because they are the commonest move of every metric,
// and the search whose first move ranks highest is the one allowed every
// move.
var classReps = [...][2]int{
	{1, 0}, // U: a quarter turn of one face
	{1, 3}, // U D': a quarter slice turn
	{2, 0}, // U2
	{2, 2}, // U2 D2: a half slice turn
	{1, 1}, // U D
	{1, 2}, // U D2
}

// nClasses is the number of classes of axis moves.
const nClasses = len(classReps)

// classRank[e] is the rank of axis move e's class, 0 the highest.
var classRank = func() (r [1 << 6]int) {
	for _, e := range cube.AxisMoves {
		p, q := e.Powers()
		for rank, pq := range classReps {
			for _, v := range [4][2]int{{p, q}, {q, p}, {-p & 3, -q & 3}, {-q & 3, -p & 3}} {
				if v == pq {
					r[e] = rank
				}
			}
		}
	}
	return r
}()

// classRep returns the move a relation whose highest-ranked move has rank r
// is made to begin with.
func classRep(r int) cube.AxisMove {
	return cube.NewAxisMove(cube.AxisUD, classReps[r][0], classReps[r][1])
}

// hashKey mixes a cube's 100-bit key into the 64 bits of a hash join.
func hashKey(k cube.Key) uint64 {
	return hashjoin.Mix(k.Lo ^ hashjoin.Mix(k.Hi))
}
