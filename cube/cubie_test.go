package cube

import (
	"errors"
	"testing"
)

func TestGroupLaws(t *testing.T) {
	rng := newRand()
	for range 200 {
		a, b, c := randomCube(rng), randomCube(rng), randomCube(rng)
		if got, want := Times(Times(a, b), c), Times(a, Times(b, c)); got != want {
			t.Fatalf("(ab)c != a(bc) for a=%v", a)
		}
		if Times(a, Solved) != a || Times(Solved, a) != a {
			t.Fatalf("identity law fails for %v", a)
		}
		if Times(a, Inverse(a)) != Solved || Times(Inverse(a), a) != Solved {
			t.Fatalf("a * a^-1 != e for %v", a)
		}
		if err := a.Verify(); err != nil {
			t.Fatalf("scrambled cube invalid: %v", err)
		}
	}
}

// TestMulAliasing checks that z.Mul(z, y) and z.Inv(z) work in place.
func TestMulAliasing(t *testing.T) {
	rng := newRand()
	a, b := randomCube(rng), randomCube(rng)
	want := Times(a, b)
	z := a
	z.Mul(&z, &b)
	if z != want {
		t.Errorf("in-place Mul differs")
	}
	z.Inv(&z)
	if z != Inverse(want) {
		t.Errorf("in-place Inv differs")
	}
}

// TestSeedCubieTables checks F and R against the tables printed in seed 000
// ("The Cubie Level").
func TestSeedCubieTables(t *testing.T) {
	wantF := [8]struct {
		c Corner
		o uint8
	}{{UFL, 1}, {DLF, 2}, {ULB, 0}, {UBR, 0}, {URF, 2}, {DFR, 1}, {DBL, 0}, {DRB, 0}}
	wantR := [8]struct {
		c Corner
		o uint8
	}{{DFR, 2}, {UFL, 0}, {ULB, 0}, {URF, 1}, {DRB, 1}, {DLF, 0}, {DBL, 0}, {UBR, 2}}
	f, r := CubeOf(F1), CubeOf(R1)
	for i := range 8 {
		if f.CP[i] != wantF[i].c || f.CO[i] != wantF[i].o {
			t.Errorf("F(%v) = %v/%d, want %v/%d", Corner(i), f.CP[i], f.CO[i], wantF[i].c, wantF[i].o)
		}
		if r.CP[i] != wantR[i].c || r.CO[i] != wantR[i].o {
			t.Errorf("R(%v) = %v/%d, want %v/%d", Corner(i), r.CP[i], r.CO[i], wantR[i].c, wantR[i].o)
		}
	}
	// Seed 000's worked example of the product: (F*R)(UBR).c = UFL.
	fr := Times(f, r)
	if fr.CP[UBR] != UFL {
		t.Errorf("(F*R)(UBR).c = %v, want UFL", fr.CP[UBR])
	}
}

func TestOrder(t *testing.T) {
	for _, tc := range []struct {
		maneuver string
		want     int
	}{
		{"", 1}, {"U", 4}, {"U2", 2}, {"R U", 105}, {"R U'", 63}, {"R U2 D' B D'", 1260},
		{"U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", 2}, // superflip
	} {
		c := FromMoves(mustParse(tc.maneuver))
		if got := c.Order(); got != tc.want {
			t.Errorf("order of %q = %d, want %d", tc.maneuver, got, tc.want)
		}
		if got := naiveOrder(c); got != tc.want {
			t.Errorf("naive order of %q = %d, want %d", tc.maneuver, got, tc.want)
		}
	}
	rng := newRand()
	for range 100 {
		c := randomCube(rng)
		if c.Order() != naiveOrder(c) {
			t.Fatalf("Order() = %d, naive %d", c.Order(), naiveOrder(c))
		}
	}
}

func naiveOrder(c Cube) int {
	p := c
	for n := 1; ; n++ {
		if p == Solved {
			return n
		}
		p.Mul(&p, &c)
	}
}

func TestVerifyErrors(t *testing.T) {
	twist := Solved
	twist.CO[URF] = 1
	flip := Solved
	flip.EO[UF] = 1
	parity := Solved
	parity.EP[UR], parity.EP[UF] = UF, UR
	notPerm := Solved
	notPerm.CP[URF] = UFL
	orient := Solved
	orient.EO[UR] = 2
	for _, tc := range []struct {
		name string
		c    Cube
		want error
	}{
		{"twist", twist, ErrTwist}, {"flip", flip, ErrFlip}, {"parity", parity, ErrParity},
		{"not a permutation", notPerm, ErrNotPermutation}, {"orientation", orient, ErrOrientation},
	} {
		if err := tc.c.Verify(); !errors.Is(err, tc.want) {
			t.Errorf("%s: Verify() = %v, want %v", tc.name, err, tc.want)
		}
	}
	if err := Solved.Verify(); err != nil {
		t.Errorf("solved: %v", err)
	}
}

func TestD3(t *testing.T) {
	// D3 has 6 elements; check associativity and inverses exhaustively.
	for a := range uint8(6) {
		if d3Mul(a, d3Inv(a)) != 0 || d3Mul(d3Inv(a), a) != 0 {
			t.Errorf("d3 inverse of %d wrong", a)
		}
		for b := range uint8(6) {
			for c := range uint8(6) {
				if d3Mul(d3Mul(a, b), c) != d3Mul(a, d3Mul(b, c)) {
					t.Errorf("d3 not associative at %d %d %d", a, b, c)
				}
			}
		}
	}
}

func BenchmarkMul(b *testing.B) {
	rng := newRand()
	x, y := randomCube(rng), randomCube(rng)
	var z Cube
	for b.Loop() {
		z.Mul(&x, &y)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mmul/s")
}

func BenchmarkMove(b *testing.B) {
	c := randomCube(newRand())
	m := Move(0)
	for b.Loop() {
		c.Move(&c, m)
		m = (m + 7) % NFaceMoves
	}
}

func TestHotPathsDoNotAllocate(t *testing.T) {
	rng := newRand()
	x, y := randomCube(rng), randomCube(rng)
	var z Cube
	p := NewPosition()
	if n := testing.AllocsPerRun(100, func() {
		z.Mul(&x, &y)
		z.Move(&z, R2)
		p.Apply(M1)
		_ = z.Key()
	}); n != 0 {
		t.Errorf("Mul, Move, Position.Apply and Key allocate %v times per run", n)
	}
}

// MulCorners is Mul on the corners and leaves the edges alone, reflections
// (orientations 3..5) included.
func TestMulCorners(t *testing.T) {
	rng := newRand()
	for range 1000 {
		x, y, z := randomCube(rng), Sym(rng.IntN(NSyms)).Cube(), randomCube(rng)
		want := Times(x, y)
		got := z
		got.MulCorners(&x, &y)
		if got.CP != want.CP || got.CO != want.CO || got.EP != z.EP || got.EO != z.EO {
			t.Fatalf("MulCorners(%v, %v) = %v, want corners of %v and edges of %v", x, y, got, want, z)
		}
	}
}

// TestRandom: random cubes are cubes of the group, of both parities, with
// twists and flips spread over their ranges.
func TestRandom(t *testing.T) {
	rng := newRand()
	parities := [2]int{}
	var twists, flips [3]int
	for range 3000 {
		c := Random(rng)
		if err := c.Verify(); err != nil {
			t.Fatal(err)
		}
		parities[c.CornerParity()]++
		twists[c.Twist()*3/NTwist]++
		flips[c.Flip()*3/NFlip]++
	}
	for i := range 3 {
		if twists[i] < 800 || flips[i] < 800 || i < 2 && parities[i] < 1300 {
			t.Fatalf("parities %v, twists by thirds %v, flips by thirds %v", parities, twists, flips)
		}
	}
}
