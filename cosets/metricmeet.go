package cosets

import (
	"slices"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// The last depths of H in QTM and STM leave few positions after their
// prepass (QTM's lower bounds: at most 597 beyond 23), and the search of
// such a depth still makes every word of its cost: it is the HTM solver's
// case for meeting in the middle (meet.go), in a metric whose steps cost
// 1 to 4. The positions cost c before a position left, for each tail of
// cost c from 1 to k (canonical: no two steps in a row on one axis; the
// last outside H, as the search's words end), go in a hash table keyed by
// the position and c. The search looks a node with k or less to go up
// there, by its cost to go, instead of searching on from it: every word
// the whole search makes passes through a first node with k or less to
// go, its tail of that cost. A node that a tail of another axis than its
// last step's begins a word the search would not make, of the depth's
// cost all the same: its position left is within the depth, and, not in
// the bitmap, exactly that far. So the depth finds exactly what the whole
// search finds among the positions left.

// metricMeetMinCost is the least cost to go a search meets at: with less,
// the nodes saved are not worth the look-ups.
const metricMeetMinCost = 3

// metricMeet holds the positions cost 1 to k before the positions left.
type metricMeet struct {
	k     int
	left  []perm
	table meetTable
}

// metricTails returns the number of tails of each cost 0 to k in census's
// metric: canonical words of steps, the last outside H.
func metricTails(c *Census, k int) []int64 {
	// ways[cost][axis][outside]: the words of that cost whose last step
	// is on that axis, outside H or not.
	ways := make([][3][2]int64, k+1)
	for cost := 1; cost <= k; cost++ {
		for _, s := range c.steps {
			if s.cost > cost {
				continue
			}
			out := 0
			if !s.inH {
				out = 1
			}
			if s.cost == cost {
				ways[cost][s.axis][out]++
			}
			for a := range cube.Axis(3) {
				if a != s.axis {
					ways[cost][s.axis][out] += ways[cost-s.cost][a][0] + ways[cost-s.cost][a][1]
				}
			}
		}
	}
	tails := make([]int64, k+1)
	for cost := range ways {
		for a := range ways[cost] {
			tails[cost] += ways[cost][a][1]
		}
	}
	return tails
}

// metricMeetCost returns the cost to go at which a search of depth d
// meets left positions left, or 0 when it should search whole: the most
// that keeps the entries (tails of cost 1 to k for each) within
// maxEntries, less than d.
func metricMeetCost(c *Census, left int64, d int, maxEntries int64) int {
	tails := metricTails(c, max(d-1, 0))
	k, entries := 0, int64(0)
	for k+1 < d {
		entries += left * tails[k+1]
		if entries > maxEntries {
			break
		}
		k++
	}
	if k < metricMeetMinCost {
		return 0
	}
	return k
}

// costKey packs a position's twist and flip with a cost: twist·NFlip +
// flip is less than 1<<23.
func costKey(twistFlip uint32, cost int) uint32 { return twistFlip | uint32(cost)<<23 }

// newMetricMeet returns the positions cost 1 to k before those of left in
// census's metric, walking every tail back from each by the steps'
// inverses. An entry a tail of another order makes again (the same
// position and cost, the same position left) is not added twice.
func newMetricMeet(c *Census, left []Coord, k int) *metricMeet {
	var entries int64
	for _, n := range metricTails(c, k) {
		entries += n * int64(len(left))
	}
	m := &metricMeet{k: k, table: newMeetTable(entries)}
	inverse := make([]censusStep, len(c.steps))
	for i, s := range c.steps {
		inverse[i] = c.steps[slices.Index(cube.AxisMoves, cube.AxisMoves[s.col].Inverse())]
	}
	var back func(p perm, x coord.Coset, next cube.Axis, cost int, i uint32)
	back = func(p perm, x coord.Coset, next cube.Axis, cost int, i uint32) {
		for j, s := range c.steps {
			if s.cost > k-cost || s.axis == next || next == 3 && s.inH {
				continue // the tail's last step is outside H
			}
			q, y := stepPerm(p, inverse[j]), c.move(x, &inverse[j])
			m.add(q, y, cost+s.cost, i)
			back(q, y, s.axis, cost+s.cost, i)
		}
	}
	for i, h := range left {
		hc := h.Cube()
		m.left = append(m.left, permOf(&hc))
		back(m.left[i], coord.Coset{}, 3, 0, uint32(i)+1)
	}
	return m
}

// add enters the position p, x, cost before left position i-1, once.
func (m *metricMeet) add(p perm, x coord.Coset, cost int, i uint32) {
	perm, tf := keyOf(p, x)
	tf = costKey(tf, cost)
	var hits [8]uint32
	if !slices.Contains(m.table.lookUp(perm, tf, hits[:0]), i) {
		m.table.add(perm, tf, i)
	}
}

// find appends to out the positions left that the position p, in coset
// x, is cost before.
func (m *metricMeet) find(p perm, x coord.Coset, cost int, out []perm) []perm {
	perm, tf := keyOf(p, x)
	var hits [8]uint32
	for _, i := range m.table.lookUp(perm, costKey(tf, cost), hits[:0]) {
		out = append(out, m.left[i-1])
	}
	return out
}
