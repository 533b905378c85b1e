package solver

import (
	"context"
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestBigTableAgreesWithPlainSearch builds the big table's kind of table on
// smaller coordinates (the slice edges' places for FlipUDSlice; without
// and with the twist) by the symmetry-reduced, parallel push-pull build,
// and checks every raw state's entry against a plain breadth-first search
// over the raw states, which knows nothing of symmetry.
func TestBigTableAgreesWithPlainSearch(t *testing.T) {
	coordCube := func(set func(*cube.Cube, int)) func(int) cube.Cube {
		return func(x int) cube.Cube { c := cube.Solved; set(&c, x); return c }
	}
	sliceMove := buildMoveTable(cube.NSlice, allMoves, (*cube.Cube).SetSlice, (*cube.Cube).Slice)
	for _, withTwist := range []bool{false, true} {
		if withTwist && testing.Short() {
			continue
		}
		sp := &bigSpace{
			a:             newSymClasses(cube.NSlice, coordCube((*cube.Cube).SetSlice), (*cube.Cube).Slice),
			flipSliceMove: func(x, m int) int { return int(sliceMove[x][m]) },
			twistMove:     moveTable{make([]uint16, cube.NFaceMoves)},
			twistConj:     conjTable{{}},
			layerMove:     buildMoveTable(cube.NCornerLayer, allMoves, (*cube.Cube).SetCornerLayer, (*cube.Cube).CornerLayer),
			layerConj:     newConjTable(cube.NCornerLayer, coordCube((*cube.Cube).SetCornerLayer), (*cube.Cube).CornerLayer),
		}
		if withTwist {
			sp.twistMove = buildMoveTable(cube.NTwist, allMoves, (*cube.Cube).SetTwist, (*cube.Cube).Twist)
			sp.twistConj = newConjTable(cube.NTwist, coordCube((*cube.Cube).SetTwist), (*cube.Cube).Twist)
		}
		for m := range allMoves {
			sp.moves = append(sp.moves, m)
		}
		var lastReached int64
		nib := buildBigTable(sp, 2, func(reached, _ int64) { lastReached = reached })
		rows, nt := len(sp.a.rep), len(sp.twistMove)
		if want := int64(rows * sp.cols()); lastReached != want {
			t.Fatalf("twist %v: the build reached %d entries, want %d", withTwist, lastReached, want)
		}

		// The plain search: state (slice*nt + twist)*70 + layer.
		n := cube.NSlice * nt * cube.NCornerLayer
		dist := make([]int8, n)
		for i := range dist {
			dist[i] = -1
		}
		dist[0] = 0
		for frontier, d := []int{0}, int8(0); len(frontier) > 0; d++ {
			var next []int
			for _, x := range frontier {
				sl, tw, ly := x/(nt*cube.NCornerLayer), x/cube.NCornerLayer%nt, x%cube.NCornerLayer
				for m := range cube.NFaceMoves {
					y := (int(sliceMove[sl][m])*nt+int(sp.twistMove[tw][m]))*cube.NCornerLayer + int(sp.layerMove[ly][m])
					if dist[y] < 0 {
						dist[y] = d + 1
						next = append(next, y)
					}
				}
			}
			frontier = next
		}
		for x, want := range dist {
			sl, col := x/(nt*cube.NCornerLayer), x%(nt*cube.NCornerLayer)
			cs := sp.a.classSym[sl]
			i := int(cs/nPhase1Syms)*sp.cols() + sp.colConj(col, int(cs%nPhase1Syms))
			if got := int8(nib[i>>1] >> (4 * (i & 1)) & 0xf); got != want {
				t.Fatalf("twist %v: state %d (slice %d, column %d): table %d, plain search %d", withTwist, x, sl, col, got, want)
			}
		}
	}
}

// bigSolver returns a solver with the big table in metric m, or skips
// the test when the table is not in the cache (make run builds it, in
// about ten minutes; make test does not).
func bigSolver(t *testing.T, m cube.Metric) *Solver {
	if !BigTableCached("", m) {
		t.Skipf("the optimal solver's %v table is not in the cache (make run builds it)", m)
	}
	s, err := NewWith(Config{BigTable: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBigTableLevels compares the HTM table's level counts with nissy's
// for the same coordinate (its table nxopt31 in its documentation,
// 9,863,588,700 entries): an independent build agrees at every level.
func TestBigTableLevels(t *testing.T) {
	s := bigSolver(t, cube.HTM)
	table, err := s.optimalTable(cube.HTM)
	if err != nil {
		t.Fatal(err)
	}
	nissy := []int64{1, 6, 29, 164, 1433, 16772, 205033, 2513871, 30329976, 342440769, 2815191126, 6147967200, 524918774, 3546}
	if !slices.Equal(table.big.levels, nissy) {
		t.Errorf("levels %v, nissy's %v", table.big.levels, nissy)
	}
}

// TestBigTableSolver runs the optimal solver's checks with the big table
// in each metric, one table in memory at a time: the breadth-first
// positions, and upper-face positions (every distance up to 16 face turns
// and 18 quarter turns, and 1,000 drawn from all 62,208).
func TestBigTableSolver(t *testing.T) {
	for m, deepest := range map[cube.Metric]int{cube.HTM: 16, cube.QTM: 18} {
		t.Run(m.String(), func(t *testing.T) {
			s := bigSolver(t, m)
			checkAgainstBreadthFirst(t, s, m)
			checkAgainstUpperface(t, s, map[cube.Metric]int{m: deepest}, 3, 1000)
		})
		debug.FreeOSMemory() // the next metric's table takes this one's place
	}
}

// BenchmarkOptimalRandom times the optimal solver with the big table on
// uniformly random cubes (the same draw every run), both cores on each.
func BenchmarkOptimalRandom(b *testing.B) {
	for _, m := range []cube.Metric{cube.HTM, cube.QTM} {
		b.Run(m.String(), func(b *testing.B) {
			if !BigTableCached("", m) {
				b.Skipf("the optimal solver's %v table is not in the cache (make run builds it)", m)
			}
			s, err := NewWith(Config{BigTable: true})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := s.Optimal(context.Background(), cube.Solved, m, 2); err != nil { // loads the table
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(27, 28))
			var nodes, length int64
			for b.Loop() {
				o, err := s.Optimal(context.Background(), cube.Random(rng), m, 2)
				if err != nil {
					b.Fatal(err)
				}
				nodes, length = nodes+o.Nodes, length+int64(o.Lower)
			}
			b.ReportMetric(float64(length)/float64(b.N), "turns/cube")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/cube")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			s = nil
			debug.FreeOSMemory()
		})
	}
}
