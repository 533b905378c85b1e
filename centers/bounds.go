package centers

import "github.com/cubecensus/cubecensus/cube"

// firstOpen is the least distance a state not found by a search exhaustive
// through depth exhaustive can have: the next depth, the next even one in
// QTM, whose relations have even costs (searcher.oddEmpty).
func firstOpen(m cube.Metric, exhaustive int) int {
	if m == cube.QTM && exhaustive%2 == 0 {
		return exhaustive + 2
	}
	return exhaustive + 1
}

// bound gives every state the search did not reach its bounds: its distance
// exceeds the exhaustive depth (and is even in QTM), and is at most the cost of the cheapest sum
// of known relations (two relations one after the other form a relation
// whose state is the sum of theirs: d(s + t) <= d(s) + d(t)). Sums are
// taken until none improves, each kept as its word, so every upper bound
// has its maneuver.
func (r *Result) bound() {
	lower := firstOpen(r.Metric, r.Exhaustive)
	for i, u := range r.Upper {
		if u < 0 || u > r.Exhaustive {
			r.Lower[i] = lower
		}
	}
	for improved := true; improved; {
		improved = false
		for _, a := range States {
			ua := r.Upper[a.Index()]
			if ua <= 0 {
				continue
			}
			for _, b := range States {
				ub := r.Upper[b.Index()]
				if ub <= 0 || b < a {
					continue
				}
				sum := a.Add(b).Index()
				if r.Upper[sum] >= 0 && r.Upper[sum] <= ua+ub {
					continue
				}
				w := cube.Concat(r.Word[a.Index()], r.Word[b.Index()])
				if c := w.Cost(r.Metric); r.Upper[sum] < 0 || c < r.Upper[sum] {
					r.Upper[sum], r.Word[sum], improved = c, w, true
				}
			}
		}
		improved = r.joinRotations() || improved
		// A sum's word may cost less than the two bounds where its halves
		// merge at the junction, which depends on the words, not on the
		// class: carry each bound to the whole class.
		for _, s := range States {
			u := r.Upper[s.Index()]
			if u < 0 {
				continue
			}
			for _, g := range Images {
				i := g.Apply(s).Index()
				if r.Upper[i] < 0 || u < r.Upper[i] {
					r.Upper[i], r.Word[i], improved = u, g.Word(r.Word[s.Index()]), true
				}
			}
		}
	}
}

// joinRotations improves the bound of each state not known exactly by
// joining rotations of two known relations: a relation rotated cyclically
// is a relation with the same state, so any rotation of the word of s
// followed by any rotation of the word of t gives s + t, and where the two
// meet on one axis (at either junction: the result is itself rotated) their
// moves merge or cancel. It reports whether a bound improved.
func (r *Result) joinRotations() bool {
	improved := false
	for _, target := range States {
		i := target.Index()
		if r.Known(target) {
			continue
		}
		for _, a := range States {
			b := target.Add(a.Neg())
			ua, ub := r.Upper[a.Index()], r.Upper[b.Index()]
			// Two junctions save at most 4 (a quarter or half turn
			// cancelled on each) unless cancelling cascades; pairs that
			// far off are not tried.
			if ua <= 0 || ub <= 0 || b < a || r.Upper[i] >= 0 && ua+ub-4 >= r.Upper[i] {
				continue
			}
			if w := bestJoin(r.Word[a.Index()], r.Word[b.Index()], r.Metric); r.Upper[i] < 0 || w.Cost(r.Metric) < r.Upper[i] {
				r.Upper[i], r.Word[i], improved = w.Cost(r.Metric), w, true
			}
		}
	}
	return improved
}

// bestJoin returns the cheapest cyclically reduced join of a rotation of
// relation x and a rotation of relation y that meet on one axis, or their
// plain join.
func bestJoin(x, y cube.Word, m cube.Metric) cube.Word {
	best := cyclicallyReduced(cube.Concat(x, y))
	ys := make([]cube.Word, len(y))
	for j := range y {
		ys[j] = rotated(y, j)
	}
	for i := range x {
		rx := rotated(x, i)
		for _, ry := range ys {
			if rx[len(rx)-1].Axis() != ry[0].Axis() {
				continue
			}
			if w := cyclicallyReduced(cube.Concat(rx, ry)); w.Cost(m) < best.Cost(m) {
				best = w
			}
		}
	}
	return best
}

// rotated returns w rotated to begin at its i-th move.
func rotated(w cube.Word, i int) cube.Word {
	return append(w[i:len(w):len(w)], w[:i]...)
}

// cyclicallyReduced rotates relation w until its last and first moves lie
// on different axes, merging them meanwhile: a relation with the same state
// that costs no more.
func cyclicallyReduced(w cube.Word) cube.Word {
	for len(w) > 1 && w[0].Axis() == w[len(w)-1].Axis() {
		w = cube.Concat(w[1:], w[:1])
	}
	return w
}
