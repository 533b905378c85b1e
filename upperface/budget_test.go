package upperface

import (
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// generated counts the positions that products of gens reach.
func generated(g *groupTables, gens []int32) int {
	seen := make([]bool, NPositions)
	seen[0] = true
	queue := []int32{0}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, t := range gens {
			if y := g.mul(x, t); !seen[y] {
				seen[y] = true
				queue = append(queue, y)
			}
		}
	}
	n := 0
	for _, s := range seen {
		if s {
			n++
		}
	}
	return n
}

// TestGeneratingDepth derives generatingDepth from searches: the positions
// within it generate the group, those within one less do not.
func TestGeneratingDepth(t *testing.T) {
	g := group()
	for _, m := range cube.Metrics {
		d := generatingDepth[m]
		for _, depth := range []int{d - 1, d} {
			r := search(t, m, 5, depth, 2, 0)
			var gens []int32
			for un, u := range r.Upper {
				if u >= 0 && u <= depth {
					gens = append(gens, int32(un))
				}
			}
			n := generated(g, gens)
			t.Logf("%v: the %d positions within %d generate %d", m, len(gens), depth, n)
			if (n == NPositions) != (depth == d) {
				t.Errorf("%v: the positions within %d generate %d of %d; generatingDepth says %d", m, depth, n, NPositions, d)
			}
		}
	}
}

// TestMinBudget runs each metric's search with its least budget: it must
// finish the generating depth, and Compose must then bound every position.
func TestMinBudget(t *testing.T) {
	for _, m := range cube.Metrics {
		budget, depth := MinBudget(m, 5)
		r := search(t, m, 5, 0, 2, budget)
		if r.Exhaustive < depth {
			t.Fatalf("%v: with the least budget %d the search is exhaustive through %d, want %d", m, budget, r.Exhaustive, depth)
		}
		if err := r.Compose(2); err != nil {
			t.Errorf("%v: with the least budget %d: %v", m, budget, err)
		}
	}
}
