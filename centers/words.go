package centers

import "github.com/cubecensus/cubecensus/cube"

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

// A packed word holds a word of at most 9 axis moves and its cost in 64
// bits: cost in bits 0..4, length in 5..8, the moves' encodings in 6 bits
// each from bit 9 on.
const maxPackedMoves = 9

func packMove(v uint64, e cube.AxisMove) uint64 {
	n := packedLen(v)
	return v&^(15<<5) | uint64(n+1)<<5 | uint64(e)<<(9+6*n)
}

func packedCost(v uint64) int { return int(v & 31) }
func packedLen(v uint64) int  { return int(v >> 5 & 15) }

func packedMove(v uint64, i int) cube.AxisMove { return cube.AxisMove(v >> (9 + 6*i) & 63) }

// unpackWord returns the word packed in v.
func unpackWord(v uint64) cube.Word {
	w := make(cube.Word, packedLen(v))
	for i := range w {
		w[i] = packedMove(v, i)
	}
	return w
}

// hashKey mixes a cube's 100-bit key into 64 bits (two rounds of
// splitmix64's finalizer).
func hashKey(k cube.Key) uint64 {
	return mix(k.Lo ^ mix(k.Hi))
}

func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// wordsOfCost counts the words of cost exactly c (neighbours on different
// axes) for c = 0..k, in metric m.
func wordsOfCost(m cube.Metric, k int) []uint64 {
	ending := make([]uint64, k+1) // ending on one given axis
	all := make([]uint64, k+1)
	all[0] = 1
	for c := 1; c <= k; c++ {
		for _, e := range cube.AxisMoves {
			if d := e.Cost(m); e.Axis() == cube.AxisUD && d <= c {
				ending[c] += all[c-d] - ending[c-d]
			}
		}
		all[c] = 3 * ending[c]
	}
	return all
}
