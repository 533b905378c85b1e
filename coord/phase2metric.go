package coord

import (
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/tablecache"
)

// Phase2Metric is phase 2 in a metric: the moves of that metric that keep
// H, what each costs, the phase-2 coordinates' move tables for them, and
// three pruning tables (seed 000, "The Two-Phase Algorithm", with the moves
// of QTM or STM in place of the face turns). In QTM the moves are U, U',
// D, D' (1) and R2, L2, F2, B2 (2): U2 is U twice. In STM they are A's ten
// and E, E2, E', M2, S2, each of cost 1 (cube.AxisMove: E is U D', M2 is
// R2 L2 relative to the centers).
type Phase2Metric struct {
	Metric cube.Metric
	Moves  []cube.Move
	Cost   []int8 // Cost[i] is Moves[i]'s
	// Corners, UDEdges and SliceOrder have a column for each of Moves.
	Corners, UDEdges, SliceOrder MoveTable
	// PruneCorners[corners*NSliceOrder + sliceOrder] and
	// PruneEdges[udEdges*NSliceOrder + sliceOrder] are exact distances in
	// H in the metric of the two pairs.
	PruneCorners, PruneEdges []int8
	// cornersEdges bounds the distance in H of the corners and the U and
	// D edges together: in STM its own exact table ("solver-phase2-stm",
	// 55 MB, cached), else phase 2's HTM table, exact in HTM and a bound in
	// QTM, where each of Moves costs at least its face turns.
	cornersEdges *SymTable
}

// Phase2In returns phase 2 in metric m, built on first use (a tenth of a
// second: two pruning tables have a million entries each; in STM the
// corners-and-edges table is loaded from the cache, or built in about 40
// seconds and kept).
func (t *Tables) Phase2In(m cube.Metric) (*Phase2Metric, error) {
	return t.phase2[m].get(func() (*Phase2Metric, error) {
		p, c, err := newPhase2Metric(t, m)
		t.note(c)
		return p, err
	})
}

func newPhase2Metric(t *Tables, m cube.Metric) (*Phase2Metric, tablecache.Table, error) {
	p := &Phase2Metric{Metric: m, cornersEdges: t.Phase2}
	inH := func(mv cube.Move) bool {
		c := cube.CubeOf(mv)
		return CosetOf(&c) == Coset{}
	}
	set := cube.MoveSetOf(m)
	for _, mv := range set.Moves {
		quarter := cube.MoveOf(mv.Layer(), 1)
		if !inH(mv) || set.Cost(mv) > 1 && set.Contains(quarter) && set.Cost(quarter) == 1 && inH(quarter) {
			continue // outside H, or a quarter turn of H made twice
		}
		p.Moves = append(p.Moves, mv)
		p.Cost = append(p.Cost, int8(set.Cost(mv)))
	}
	// A move's column composes the columns of its face turns, all in H.
	column := map[cube.Move]int{}
	for i, mv := range Phase2Moves {
		column[mv] = i
	}
	compose := func(table MoveTable) MoveTable {
		out := make(MoveTable, len(table))
		for x := range table {
			out[x] = make([]uint16, len(p.Moves))
			for i, mv := range p.Moves {
				y := x
				for _, f := range faceTurnsOf(mv) {
					y = int(table[y][column[f]])
				}
				out[x][i] = uint16(y)
			}
		}
		return out
	}
	p.Corners, p.UDEdges, p.SliceOrder = compose(t.Corners), compose(t.UDEdges), compose(t.SliceOrder)
	p.PruneCorners = buildCostPruneTable(p.Corners, p.SliceOrder, p.Cost)
	p.PruneEdges = buildCostPruneTable(p.UDEdges, p.SliceOrder, p.Cost)
	if m != cube.STM {
		return p, tablecache.Table{}, nil
	}
	table, c, err := newCornerPermTable(t.cfg, "solver-phase2-stm", "cornerperm-udedges-stm-1", phase2STMCode(),
		"phase-2 table in STM", phase2STMLevels, p.Corners, p.UDEdges)
	p.cornersEdges = table
	return p, c, err
}

// Bound is a lower bound on the metric's distance in H of the position
// with these phase-2 coordinates, from the two pruning tables.
func (p *Phase2Metric) Bound(corners, udEdges, sliceOrder int) int {
	return max(int(p.PruneCorners[corners*NSliceOrder+sliceOrder]), int(p.PruneEdges[udEdges*NSliceOrder+sliceOrder]))
}

// BoundCornersEdges is a lower bound on the metric's distance in H of the
// position with these corners and U and D edges: a cache miss that Bound
// avoids, so a search asks it second.
func (p *Phase2Metric) BoundCornersEdges(corners, udEdges int) int {
	return p.cornersEdges.Distance(corners, udEdges)
}

// buildCostPruneTable is buildPruneTable with moves of unequal costs: a
// breadth-first search by distance, level d settling every entry first
// reached at d (a move of cost c from level d reaches d+c at most, and no
// later level can improve on what an earlier one set).
func buildCostPruneTable(ta, tb MoveTable, cost []int8) []int8 {
	nb := len(tb)
	dist := make([]int8, len(ta)*nb)
	for i := range dist {
		dist[i] = -1
	}
	dist[0] = 0
	deepest := int8(0)
	for d := int8(0); d <= deepest; d++ {
		for i, di := range dist {
			if di != d {
				continue
			}
			a, b := i/nb, i%nb
			for m, c := range cost {
				j := int(ta[a][m])*nb + int(tb[b][m])
				if dist[j] < 0 || dist[j] > d+c {
					dist[j] = d + c
					deepest = max(deepest, d+c)
				}
			}
		}
	}
	return dist
}
