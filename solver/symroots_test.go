package solver

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestSymmetricRootsAreOrbits: the superflip's roots are one sequence of
// runs per orbit of its 48 symmetries, as many as Burnside's lemma counts
// (the sequences each symmetry fixes, averaged), and every sequence of runs
// is a conjugate of a root.
func TestSymmetricRootsAreOrbits(t *testing.T) {
	moves, err := cube.ParseManeuver("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2")
	if err != nil {
		t.Fatal(err)
	}
	superflip := cube.FromMoves(moves)
	syms := symmetriesOf(superflip)
	if len(syms) != cube.NSyms {
		t.Fatalf("the superflip has %d symmetries, want %d", len(syms), cube.NSyms)
	}
	for _, n := range []int{2, 3} {
		var sequences [][]axisRun
		var extend func(seq []axisRun)
		extend = func(seq []axisRun) {
			if len(seq) == n {
				sequences = append(sequences, seq)
				return
			}
			for _, r := range allAxisRuns {
				if len(seq) == 0 || r.axis() != seq[len(seq)-1].axis() {
					extend(append(seq[:len(seq):len(seq)], r))
				}
			}
		}
		extend(nil)
		fixed := 0
		for _, s := range syms {
			for _, seq := range sequences {
				same := true
				for _, r := range seq {
					same = same && r.conjugate(s) == r
				}
				if same {
					fixed++
				}
			}
		}
		roots := symmetricRoots(cube.HTM, syms, n)
		if fixed%len(syms) != 0 || len(roots) != fixed/len(syms) {
			t.Fatalf("%d runs: %d roots, Burnside counts %d/%d orbits", n, len(roots), fixed, len(syms))
		}
		rootSet := map[string]bool{}
		for _, r := range roots {
			rootSet[cube.FormatManeuver(r)] = true
		}
		for _, seq := range sequences {
			found := false
			for _, s := range syms {
				var moves []cube.Move
				for _, r := range seq {
					moves = append(moves, r.conjugate(s).moves(cube.HTM)...)
				}
				found = found || rootSet[cube.FormatManeuver(moves)]
			}
			if !found {
				t.Fatalf("%d runs: no conjugate of %v is a root", n, seq)
			}
		}
	}
}

// TestSymmetricSearch: on cubes with symmetries the search that uses them
// finds solutions exactly as short, and proves the same bounds, as the
// search of every sequence, with fewer nodes. The cubes are the symmetric
// positions of a breadth-first search and products of them sharing a
// symmetry (such products keep it: the positions a symmetry fixes form a
// group), up to 10 face turns and 14 quarter turns away.
func TestSymmetricSearch(t *testing.T) {
	levels := breadthFirst(cube.HTM, 5)
	bySym := map[cube.Sym][]cube.Cube{}
	var cubes []cube.Cube
	for d, level := range levels {
		for _, c := range level {
			syms := symmetriesOf(c)
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
		for _, m := range []cube.Metric{cube.HTM, cube.QTM} {
			if m == cube.QTM && i%4 != 0 {
				continue // QTM's deeper searches take longer: a quarter of the cubes
			}
			syms := symmetriesOf(c)
			if len(syms) < 2 {
				t.Fatalf("cube %d has lost its symmetries", i)
			}
			plain, err := shared.optimal(context.Background(), c, m, 2, syms[:1])
			if err != nil {
				t.Fatal(err)
			}
			sym, err := shared.optimal(context.Background(), c, m, 2, syms)
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
