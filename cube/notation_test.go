package cube

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseManeuverForms(t *testing.T) {
	want := []Move{U1, U3, U2, U3, U3, U1, U2}
	for _, s := range []string{
		"U U' U2 U3 U- U1 U2'",
		"UU'U2U3U-U1U2'",
		"U U’ U2 U3 U- U1 U2’",
	} {
		got, err := ParseManeuver(s)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ParseManeuver(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for s, w := range map[string]string{
		"Ra":                "R L",
		"Rs":                "R L'",
		"Ra'":               "R' L'",
		"Rs'":               "R' L",
		"Ua2 Fs":            "U2 D2 F B'",
		"M E' S2 x y z'":    "M E' S2 x y z'",
		"D F2 D' . R B2 R'": "D F2 D' R B2 R'",
	} {
		got, err := ParseManeuver(s)
		if err != nil || FormatManeuver(got) != w {
			t.Errorf("ParseManeuver(%q) = %q, %v; want %q", s, FormatManeuver(got), err, w)
		}
	}
}

func TestParseManeuverErrors(t *testing.T) {
	for _, tc := range []struct{ in, token string }{
		{"R U Q", "column 5"},
		{"R'a", "column 1"},
		{"U22", "column 1"},
		{"R u", "column 3"},
	} {
		_, err := ParseManeuver(tc.in)
		if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tc.token) {
			t.Errorf("ParseManeuver(%q) error = %v, want ErrSyntax at %s", tc.in, err, tc.token)
		}
	}
}

func TestFormatParseRoundTrip(t *testing.T) {
	rng := newRand()
	for range 200 {
		moves := make([]Move, rng.IntN(30))
		for i := range moves {
			moves[i] = Move(rng.IntN(NMoves))
		}
		got, err := ParseManeuver(FormatManeuver(moves))
		if err != nil || !slices.Equal(got, moves) {
			t.Fatalf("round trip of %v: %v, %v", moves, got, err)
		}
		faces := moves[:0:0]
		for _, m := range moves {
			if m.IsFace() {
				faces = append(faces, m)
			}
		}
		got, err = ParseLetterCodes(FormatLetterCodes(faces))
		if err != nil || !slices.Equal(got, faces) {
			t.Fatalf("letter-code round trip of %v: %v, %v", faces, got, err)
		}
	}
}

func TestParseGenerator(t *testing.T) {
	g, err := ParseGenerator("D F2 D' . R B2 R' D F2 D' R B2 R' (12) <Meson>")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 12 || g.Length != 12 || g.Name != "Meson" || g.Optimal {
		t.Errorf("ParseGenerator = %+v", g)
	}
	g, err = ParseGenerator("R U R' U' (4*)")
	if err != nil || !g.Optimal || g.Length != 4 {
		t.Errorf("optimal marker: %+v, %v", g, err)
	}
	if _, err := ParseGenerator("R U (3)"); !errors.Is(err, ErrSyntax) {
		t.Errorf("length mismatch not reported: %v", err)
	}
	g, err = ParseGenerator("R2 U (3q)")
	if err != nil || g.Length != 3 {
		t.Errorf("quarter-turn length: %+v, %v", g, err)
	}
	// A slice turn is two face turns and one slice turn; a rotation none.
	for line, ok := range map[string]bool{"M U (3f)": true, "M U (3)": true, "M U (2s)": true, "M U (2)": false, "x R (1)": true, "M2 (4q)": true} {
		if _, err := ParseGenerator(line); (err == nil) != ok {
			t.Errorf("%q: %v", line, err)
		}
	}
}

// TestSeed004LetterCodes checks the table of seed 004: A = U ... R = B'.
func TestSeed004LetterCodes(t *testing.T) {
	got, err := ParseLetterCodes("ABCDEFGHIJKLMNOPQR")
	if err != nil {
		t.Fatal(err)
	}
	if s := FormatManeuver(got); s != "U U2 U' L L2 L' F F2 F' D D2 D' R R2 R' B B2 B'" {
		t.Errorf("letter codes read as %s", s)
	}
	if _, err := ParseLetterCodes("AZ"); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "column 2") {
		t.Errorf("bad letter code: %v", err)
	}
}

func FuzzParseManeuver(f *testing.F) {
	for _, s := range []string{"R U R' U'", "Ra2 Us'", "M2 E S' x y2 z'", "D F2 D' . R B2 R' (12) <Meson>", "U2'U-U3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseManeuver(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q is not a one-line ErrSyntax", err)
			}
			return
		}
		again, err := ParseManeuver(FormatManeuver(moves))
		if err != nil || !slices.Equal(again, moves) {
			t.Fatalf("printed form of %q does not parse back: %v", s, err)
		}
		_, _ = ParseGenerator(s)
	})
}

func FuzzParseFacelets(f *testing.F) {
	f.Add(solvedFacelets)
	f.Add(Solved.Facelets()[:40])
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseFacelets(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if c.Verify() != nil {
			t.Fatalf("accepted an invalid cube from %q", s)
		}
	})
}

func TestSimplify(t *testing.T) {
	for in, want := range map[string]string{
		"R R":         "R2",
		"R R'":        "",
		"R L R":       "R2 L",
		"U D U' D'":   "",
		"R U R' U'":   "R U R' U'",
		"R2 L2 R2":    "L2",
		"F B F' B' F": "F",
	} {
		if got := FormatManeuver(Simplify(mustParse(in))); got != want {
			t.Errorf("Simplify(%q) = %q, want %q", in, got, want)
		}
	}
	rng := newRand()
	for range 300 {
		moves := make([]Move, rng.IntN(12))
		for i := range moves {
			moves[i] = Move(rng.IntN(NFaceMoves))
		}
		if FromMoves(Simplify(slices.Clone(moves))) != FromMoves(moves) {
			t.Fatalf("Simplify changes what %s does", FormatManeuver(moves))
		}
	}
}
