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
