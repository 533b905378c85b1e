package centers

import "github.com/cubecensus/cubecensus/cube"

// Necklaces: one rotation of each relation.
//
// A relation is a cyclic word: all its rotations, and their conjugates by
// the symmetries, are relations of the same cost. The search needs one of
// them, and search.go already makes it begin with its highest-ranked move,
// conjugated to that rank's representative. Of those candidates, one per
// position of a highest-ranked move and per symmetry taking that move to
// the representative, the search keeps only the least in the order of the
// axis moves' codes: the relation's canonical form, as a necklace is
// written from its least rotation.
//
// A prefix can show that no relation beginning with it is canonical: if
// some candidate starting inside it, at position j with symmetry y, gives
// y(w_j ... w_m) less than w_0 ... w_(m-j) (first difference decided within
// the prefix), every relation with this prefix has that smaller candidate.
// The prefix is dropped; the relation's canonical form is met from its own
// prefix, which no candidate inside it beats. Candidates still tied with
// the prefix are carried down the search and compared one move at a time;
// most fall out at their first move.
//
// Worked small case: in the tree of single quarter turns, the prefix U R U
// gets the candidates starting at its second U, and the four symmetries
// taking U to U (turns of the whole cube about the U-D axis) compare their
// image of the move after it with R, the prefix's second move. U R U F
// survives only if each image of F under those turns is no less than R.
//
// Inverting a relation also gives one of the same cost (its state
// negated, an image the search records too), so the inverse's rotations
// are candidates as well: the one starting at position j reads w_j^-1,
// w_(j-1)^-1, ..., w_0^-1 and then the inverse of the relation's last
// move. Its first j+1 moves are known as soon as w_j is, so it is compared
// with w_0 ... w_j then and dropped unless it is less (the prefix is
// dropped) or tied all the way (what follows is not known yet). This
// halves the relations searched, but for those equal to a rotation of
// their own inverse. Worked small case: U R' gets the candidate starting at
// R', whose inverse R is conjugated to U by the symmetries taking R to U;
// each of them takes U^-1 = U' to the move compared with R'.

// candidate is a rotation, starting at position start of the prefix,
// conjugated by sym, that is tied with the prefix so far.
type candidate struct {
	start int
	sym   cube.Sym
}

// conjAxis[y][e] is e.Conjugate(y).
var conjAxis = func() (t [cube.NSyms][1 << 6]cube.AxisMove) {
	for y := range cube.Sym(cube.NSyms) {
		for _, e := range cube.AxisMoves {
			t[y][e] = e.Conjugate(y)
		}
	}
	return t
}()

// toRep[e] lists the symmetries taking axis move e to its class's
// representative (classRep of its rank).
var toRep = func() (t [1 << 6][]cube.Sym) {
	for _, e := range cube.AxisMoves {
		rep := classRep(classRank[e])
		for y := range cube.Sym(cube.NSyms) {
			if conjAxis[y][e] == rep {
				t[e] = append(t[e], y)
			}
		}
	}
	return t
}()

// necklaceStep checks word w, whose last move has just been appended, in
// the tree of the given rank: tied are the candidates tied with w before
// that move. It appends to out the candidates tied after it, and reports
// false if a candidate is less than w (w is not the beginning of a
// canonical relation).
func necklaceStep(w cube.Word, rank int, tied, out []candidate) ([]candidate, bool) {
	m := len(w) - 1
	e := w[m]
	for _, c := range tied {
		switch x, y := conjAxis[c.sym][e], w[m-c.start]; {
		case x < y:
			return out, false
		case x == y:
			out = append(out, c)
		}
	}
	if classRank[e] != rank {
		return out, true
	}
	for _, y := range toRep[e] {
		if m > 0 || y != cube.SymIdentity {
			out = append(out, candidate{m, y})
		}
	}
	if m > 0 {
		inv := e.Inverse() // of the same class: its class holds (-p, -q)
		for _, y := range toRep[inv] {
			if inverseBeats(w, y) {
				return out, false
			}
		}
	}
	return out, true
}

// inverseBeats reports whether the inverse's rotation starting at w's last
// move, conjugated by y (which takes that move's inverse to the
// representative), is less than w, the first difference being within w.
func inverseBeats(w cube.Word, y cube.Sym) bool {
	m := len(w) - 1
	for t := 1; t <= m; t++ {
		switch x, z := conjAxis[y][w[m-t].Inverse()], w[t]; {
		case x < z:
			return true
		case x > z:
			return false
		}
	}
	return false
}

// necklaceOf replays necklaceStep along w: the candidates tied with all of
// w, and false if w is not the beginning of a canonical relation.
func necklaceOf(w cube.Word, rank int) ([]candidate, bool) {
	var tied []candidate
	for i := range w {
		next, ok := necklaceStep(w[:i+1], rank, tied, nil)
		if !ok {
			return nil, false
		}
		tied = next
	}
	return tied, true
}
