package pipelines

import (
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestHColumnParity: in a group with the parity of H in QTM, <U, R2> with
// U of cost 1 and R2 of cost 2 (every word's cost has the parity of its
// corners' permutation, and U is odd), a column exact to a depth, then
// found whole by later depths, gives the count of a depth that is the
// only one of its parity beyond the exact ones, equal to the group's
// breadth-first count, and no count for the other depths.
func TestHColumnParity(t *testing.T) {
	// The group's distances by a search in order of cost (costs 1 and 2).
	dist := map[cube.Cube]int{cube.Solved: 0}
	levels := [][]cube.Cube{{cube.Solved}}
	steps := []struct {
		move cube.Move
		cost int
	}{{cube.U1, 1}, {cube.U3, 1}, {cube.R2, 2}}
	for d := 1; ; d++ {
		var level []cube.Cube
		for _, s := range steps {
			if d-s.cost < 0 {
				continue
			}
			for _, c := range levels[d-s.cost] {
				next := cube.Times(c, cube.CubeOf(s.move))
				if _, seen := dist[next]; !seen {
					dist[next] = d
					level = append(level, next)
				}
			}
		}
		if len(level) == 0 && len(levels[d-1]) == 0 {
			break
		}
		levels = append(levels, level)
	}
	for len(levels[len(levels)-1]) == 0 {
		levels = levels[:len(levels)-1]
	}
	counts := make([]int64, len(levels))
	for c, d := range dist {
		if c.CornerParity() != d%2 {
			t.Fatalf("a position at %d with corners of parity %d", d, c.CornerParity())
		}
		counts[d]++
	}
	last := len(counts) - 1
	if last < 4 {
		t.Fatalf("the group's greatest distance is %d", last)
	}
	// Exact to last-3, the levels after found by "prepasses": the last
	// three depths' positions, all lumped into the last but one.
	exactTo := last - 3
	found := append([]int64{}, counts[:exactTo+1]...)
	found = append(found, 0, counts[last-2]+counts[last-1]+counts[last], 0)
	h := hColumn{levels: found, exactTo: exactTo, parity: true}
	for d := range found {
		at, _ := h.at(d)
		switch {
		case d <= exactTo || d == last-1:
			if at != counts[d] {
				t.Errorf("depth %d: %v positions, want %d", d, at, counts[d])
			}
		case at != nil:
			t.Errorf("depth %d: %v positions, want none (not exact)", d, at)
		}
	}
	h.parity = false
	if at, _ := h.at(last - 1); at != nil {
		t.Errorf("without the parity, depth %d: %v positions", last-1, at)
	}
}
