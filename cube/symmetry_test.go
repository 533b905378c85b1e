package cube

import "testing"

func TestSymmetriesFormAGroup(t *testing.T) {
	seen := map[Cube]bool{}
	for s := range Sym(NSyms) {
		c := s.Cube()
		if seen[c] {
			t.Errorf("S(%d) repeats an earlier symmetry", s)
		}
		seen[c] = true
		if s.Mul(s.Inverse()) != SymIdentity {
			t.Errorf("S(%d) * S(%d)^-1 != e", s, s)
		}
		reflect := false
		for _, o := range c.CO {
			reflect = reflect || o >= 3
		}
		if reflect != s.IsReflection() {
			t.Errorf("S(%d): IsReflection %v, orientations %v", s, s.IsReflection(), c.CO)
		}
	}
	if len(seen) != NSyms {
		t.Fatalf("%d distinct symmetries, want 48", len(seen))
	}
}

// TestSymmetriesMatchGeometry compares conjugation by each of the 48
// symmetries with the same conjugation done on stickers in space, for every
// face turn (the face turns generate the group, so this pins the action).
func TestSymmetriesMatchGeometry(t *testing.T) {
	for s := range NSyms {
		g := geometricSym(s)
		for m := range Move(NFaceMoves) {
			want, err := relativeToCenters(thenPerm(thenPerm(invPerm(g), geometricMove(m)), g))
			if err != nil {
				t.Fatalf("S(%d) %v: %v", s, m, err)
			}
			if got := Conjugate(CubeOf(m), Sym(s)); got != want {
				t.Errorf("S(%d)^-1 %v S(%d) = %v, geometry %v", s, m, s, got, want)
			}
		}
		if !Sym(s).IsReflection() {
			if got, want := Sym(s).Cube(), geometricCube(g); got != want {
				t.Errorf("S(%d) = %v, geometry %v", s, got, want)
			}
		}
	}
}

func TestSymmetriesPermuteMoves(t *testing.T) {
	for s := range Sym(NSyms) {
		var hit [NFaceMoves]bool
		for m := range Move(NFaceMoves) {
			c := ConjugateMove(m, s)
			if Conjugate(CubeOf(m), s) != CubeOf(c) {
				t.Errorf("S(%d): conjugate of %v is not %v", s, m, c)
			}
			hit[c] = true
			if c.Power() == 2 && m.Power() != 2 || s.IsReflection() == (c.Power() == m.Power()) && m.Power() != 2 {
				t.Errorf("S(%d) maps %v to %v: reflections reverse the sense, rotations keep it", s, m, c)
			}
		}
		for m, ok := range hit {
			if !ok {
				t.Errorf("S(%d) misses move %v", s, Move(m))
			}
		}
	}
}

func TestRotationsAreSymmetries(t *testing.T) {
	if rotationSyms[1] != 2 { // y is S_U4 = S(2)
		t.Errorf("y = S(%d), want S_U4 = S(2)", rotationSyms[1])
	}
	if symPower(rotationSyms[2], 2) != 8 { // z2 is S_F2 = S(8)
		t.Errorf("z2 = S(%d), want S_F2 = S(8)", symPower(rotationSyms[2], 2))
	}
}

func TestSuperflipIsCentral(t *testing.T) {
	sf := FromMoves(mustParse("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"))
	want := Solved
	for i := range want.EO {
		want.EO[i] = 1
	}
	if sf != want {
		t.Fatalf("superflip maneuver gives %v", sf)
	}
	if Inverse(sf) != sf {
		t.Error("superflip is not its own inverse")
	}
	for s := range Sym(NSyms) {
		if Conjugate(sf, s) != sf {
			t.Errorf("S(%d) does not fix the superflip", s)
		}
	}
}

func TestMC2Action(t *testing.T) {
	rng := newRand()
	y := randomCube(rng)
	for a := range Sym(NSyms) {
		for _, ia := range []bool{false, true} {
			g := MC2{a, ia}
			h := MC2{Sym((int(a) * 7) % NSyms), !ia}
			if g.Mul(h).Act(y) != g.Act(h.Act(y)) {
				t.Fatalf("(g*h).y != g.(h.y) for g=%v h=%v", g, h)
			}
		}
	}
	if (MC2{SymIdentity, true}).Act(y) != Inverse(y) {
		t.Error("inversion does not invert")
	}
}
