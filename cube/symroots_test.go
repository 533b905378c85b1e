package cube

import "testing"

// TestSymmetricRootsAreOrbits: the superflip's roots are one sequence of
// runs per orbit of its 48 symmetries, as many as Burnside's lemma counts
// (the sequences each symmetry fixes, averaged), and every sequence of runs
// is a conjugate of a root.
func TestSymmetricRootsAreOrbits(t *testing.T) {
	moves, err := ParseManeuver("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2")
	if err != nil {
		t.Fatal(err)
	}
	superflip := FromMoves(moves)
	syms := SymmetriesOf(superflip)
	if len(syms) != NSyms {
		t.Fatalf("the superflip has %d symmetries, want %d", len(syms), NSyms)
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
		roots := symmetricRoots(HTM, syms, n)
		if fixed%len(syms) != 0 || len(roots) != fixed/len(syms) {
			t.Fatalf("%d runs: %d roots, Burnside counts %d/%d orbits", n, len(roots), fixed, len(syms))
		}
		rootSet := map[string]bool{}
		for _, r := range roots {
			rootSet[FormatManeuver(r)] = true
		}
		for _, seq := range sequences {
			found := false
			for _, s := range syms {
				var moves []Move
				for _, r := range seq {
					moves = append(moves, r.conjugate(s).moves(HTM)...)
				}
				found = found || rootSet[FormatManeuver(moves)]
			}
			if !found {
				t.Fatalf("%d runs: no conjugate of %v is a root", n, seq)
			}
		}
	}
}
