package solver

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestSymmetricSearch: on cubes with symmetries the search that uses them
// finds solutions exactly as short, and proves the same bounds, as the
// search of every sequence, with fewer nodes. The cubes are the symmetric
// positions of a breadth-first search and products of them sharing a
// symmetry (such products keep it: the positions a symmetry fixes form a
// group), up to 10 face turns and 14 quarter turns away; a quarter of
// them in STM too.
func TestSymmetricSearch(t *testing.T) {
	levels := breadthFirst(cube.HTM, 5)
	bySym := map[cube.Sym][]cube.Cube{}
	var cubes []cube.Cube
	for d, level := range levels {
		for _, c := range level {
			syms := cube.SymmetriesOf(c)
			if len(syms) == 1 {
				continue
			}
			for _, s := range syms[1:] {
				bySym[s] = append(bySym[s], c)
			}
			if d == 5 {
				cubes = append(cubes, c)
			}
		}
	}
	rng := rand.New(rand.NewPCG(27, 28))
	rng.Shuffle(len(cubes), func(i, j int) { cubes[i], cubes[j] = cubes[j], cubes[i] })
	cubes = cubes[:100]
	for s := range cube.Sym(cube.NSyms) {
		if len(bySym[s]) == 0 {
			continue
		}
		for range 2 {
			c := cube.Solved
			for range 2 {
				c = cube.Times(c, bySym[s][rng.IntN(len(bySym[s]))])
			}
			cubes = append(cubes, c)
		}
	}
	var nodes [2]int64
	deepest := map[cube.Metric]int{}
	for i, c := range cubes {
		for _, m := range cube.Metrics {
			if m == cube.QTM && i%4 != 0 || m == cube.STM && i%4 != 1 {
				continue // QTM's deeper searches and STM's wider ones take longer: a quarter of the cubes each
			}
			syms := cube.SymmetriesOf(c)
			if len(syms) < 2 {
				t.Fatalf("cube %d has lost its symmetries", i)
			}
			plain, err := shared.optimal(context.Background(), c, m, 2, syms[:1], noMaxDepth)
			if err != nil {
				t.Fatal(err)
			}
			sym, err := shared.optimal(context.Background(), c, m, 2, syms, noMaxDepth)
			if err != nil {
				t.Fatal(err)
			}
			if sym.Lower != plain.Lower || m.Length(sym.Moves) != m.Length(plain.Moves) || cube.Times(c, cube.FromMoves(sym.Moves)) != cube.Solved {
				t.Fatalf("%v, %d symmetries: %s (lower %d) using them, %s (lower %d) without", m, len(syms), cube.FormatManeuver(sym.Moves), sym.Lower, cube.FormatManeuver(plain.Moves), plain.Lower)
			}
			deepest[m] = max(deepest[m], plain.Lower)
			nodes[0] += plain.Nodes
			nodes[1] += sym.Nodes
		}
	}
	if nodes[1] >= nodes[0] {
		t.Errorf("the symmetric search took %d nodes, the plain one %d", nodes[1], nodes[0])
	}
	t.Logf("%d cubes (deepest %v): %d nodes with their symmetries, %d without", len(cubes), deepest, nodes[1], nodes[0])
}
