package upperface

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// Where a search stops before every position is found, the others keep
// honest bounds: lower bounds from what the search proved, upper bounds from
// maneuvers that reach them. The two meet where the distance is known.

// boundUnfound gives the positions the search did not reach the lower bound
// it proved: more than the depth it searched exhaustively.
func (r *Result) boundUnfound() {
	for un := range NPositions {
		if r.Upper[un] < 0 {
			_ = r.raiseLower(un, r.Exhaustive+1) // no maneuver to contradict
		}
	}
}

// raiseLower sets a lower bound of un if it is higher than the one known.
// In the quarter-turn metric every quarter turn is an odd permutation of
// the corners, so a distance has the parity of the corner permutation and
// a bound of the other parity rises by one. A bound above a known maneuver's
// length would mean a wrong proof: an error.
func (r *Result) raiseLower(un, lb int) error {
	if r.Metric == cube.QTM {
		p, _ := FromUn(un)
		if lb%2 != cube.PermParity(p.CP[:]) {
			lb++
		}
	}
	if r.Upper[un] >= 0 && lb > r.Upper[un] {
		return fmt.Errorf("upperface: self-check failed: un %d has a %s maneuver of length %d, below a proven bound %d", un, r.Metric, r.Upper[un], lb)
	}
	r.Lower[un] = max(r.Lower[un], lb)
	return nil
}

// Offer records w as a maneuver of un if it is shorter in r's metric than
// the best known. It returns an error if w does not reach un, or if it is
// shorter than a lower bound, which would mean a wrong proof.
func (r *Result) Offer(un int, w cube.Word) error {
	if got := unOf(w.Cube()); got != int32(un) {
		return fmt.Errorf("upperface: a maneuver offered for un %d reaches un %d", un, got)
	}
	c := w.Cost(r.Metric)
	if c < r.Lower[un] {
		return fmt.Errorf("upperface: self-check failed: %v reaches un %d in %d %s, below the proven %d", w, un, c, r.Metric, r.Lower[un])
	}
	if r.Upper[un] < 0 || c < r.Upper[un] {
		r.Upper[un], r.Word[un] = c, w
	}
	return nil
}

// BoundBy tightens r with another metric's result o: its maneuvers are
// maneuvers here (costed in r's metric), and its lower bounds bound r's
// through the least ratio of costs between the metrics (a word costing c in
// o's metric costs at least ceil(rho*c) in r's).
func (r *Result) BoundBy(o *Result) error {
	num, den := costRatio(r.Metric, o.Metric)
	for un := range NPositions {
		if err := r.raiseLower(un, (o.Lower[un]*num+den-1)/den); err != nil {
			return err
		}
		if o.Word[un] != nil {
			if err := r.Offer(un, o.Word[un]); err != nil {
				return err
			}
		}
	}
	return nil
}

// costRatio returns rho = num/den, the least cost_a(e)/cost_b(e) over the
// axis moves e: for every word, cost_a >= rho * cost_b.
func costRatio(a, b cube.Metric) (num, den int) {
	num, den = 1<<30, 1
	for _, e := range cube.AxisMoves {
		ca, cb := e.Cost(a), e.Cost(b)
		if ca*den < num*cb {
			num, den = ca, cb
		}
	}
	return num, den
}

// Compose improves the upper bounds of the unresolved positions with
// products of positions whose maneuvers are known, concatenated. First a
// shortest-path search over L from the solved position, whose steps are the
// cheapest known positions (at most composeGenerators of them), gives every
// position some maneuver: the positions a search finds generate L, and
// Compose returns an error if some position is still without one. Then
// rounds improve each unresolved s by the best product s = t * u of two
// positions, until none improves. A product cheaper than s's bound B has a
// factor c of cost at most (B-1)/2, so a round tries, for each s, only
// those cheap c, as t (u = c^-1 s) and as u (t = s c^-1). Workers share a
// round, each reading the bounds of the round before, so the result does
// not depend on their number.
func (r *Result) Compose(workers int) error {
	g := group()
	if err := r.composePaths(g); err != nil {
		return err
	}
	var open []int32
	for un := range int32(NPositions) {
		if !r.Exact(int(un)) {
			open = append(open, un)
		}
	}
	byCost := make([]int32, NPositions)
	for i := range byCost {
		byCost[i] = int32(i)
	}
	type product struct{ t, u int32 }
	best := make([]product, len(open))
	for improved := true; improved; {
		improved = false
		slices.SortStableFunc(byCost, func(a, b int32) int { return cmp.Compare(r.Upper[a], r.Upper[b]) })
		parallel.For(len(open), workers, func(int) func(int) {
			return func(i int) {
				s := open[i]
				cost, p := r.Upper[s], product{-1, -1}
				for _, c := range byCost {
					if 2*r.Upper[c] > cost-1 {
						break
					}
					u := g.mul(g.inverse[c], s) // s = c * u
					if x := r.Upper[c] + r.Upper[u]; x < cost {
						cost, p = x, product{c, u}
					}
					t := g.mul(s, g.inverse[c]) // s = t * c
					if x := r.Upper[t] + r.Upper[c]; x < cost {
						cost, p = x, product{t, c}
					}
				}
				best[i] = p
			}
		})
		words := make([]cube.Word, len(open))
		for i, p := range best {
			if p.t >= 0 {
				words[i] = cube.Concat(r.Word[p.t], r.Word[p.u])
			}
		}
		for i, s := range open {
			if words[i] == nil {
				continue
			}
			if err := r.Offer(int(s), words[i]); err != nil {
				return err
			}
			improved = true
		}
	}
	return nil
}

// composeGenerators bounds the steps of Compose's shortest-path search,
// which costs 62,208 times their number.
const composeGenerators = 1024

// composePaths offers every position the cheapest product of the cheapest
// known positions that reaches it (Dijkstra's algorithm over L, with a
// queue bucketed by cost).
func (r *Result) composePaths(g *groupTables) error {
	var steps []int32
	for un := int32(1); un < NPositions; un++ {
		if r.Word[un] != nil {
			steps = append(steps, un)
		}
	}
	slices.SortStableFunc(steps, func(a, b int32) int { return cmp.Compare(r.Upper[a], r.Upper[b]) })
	steps = steps[:min(len(steps), composeGenerators)]
	dist := make([]int, NPositions)
	via := make([]int32, NPositions) // the last step of the best product
	for i := range dist {
		dist[i] = -1
	}
	dist[0] = 0
	buckets := [][]int32{{0}}
	for d := 0; d < len(buckets); d++ {
		for _, x := range buckets[d] {
			if dist[x] != d {
				continue // reached more cheaply since
			}
			for _, t := range steps {
				y, nd := g.mul(x, t), d+r.Upper[t]
				if dist[y] >= 0 && dist[y] <= nd {
					continue
				}
				dist[y], via[y] = nd, t
				for len(buckets) <= nd {
					buckets = append(buckets, nil)
				}
				buckets[nd] = append(buckets[nd], y)
			}
		}
	}
	words := make([]cube.Word, NPositions) // the product's word, built on demand
	var wordOf func(x int32) cube.Word
	wordOf = func(x int32) cube.Word {
		if x == 0 {
			return cube.Word{}
		}
		if words[x] == nil {
			t := via[x]
			words[x] = cube.Concat(wordOf(g.mul(x, g.inverse[t])), r.Word[t])
		}
		return words[x]
	}
	for un := range int32(NPositions) {
		if dist[un] < 0 {
			return fmt.Errorf("upperface: no product of known maneuvers reaches un %d", un)
		}
		if r.Upper[un] < 0 || dist[un] < r.Upper[un] {
			if err := r.Offer(int(un), wordOf(un)); err != nil {
				return err
			}
		}
	}
	return nil
}
