package cube

import (
	"errors"
	"strings"
	"testing"
)

const solvedFacelets = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"

func TestFaceletRoundTrip(t *testing.T) {
	if got := Solved.Facelets(); got != solvedFacelets {
		t.Fatalf("solved facelets = %s", got)
	}
	rng := newRand()
	for range 200 {
		c := randomCube(rng)
		got, err := ParseFacelets(c.Facelets())
		if err != nil || got != c {
			t.Fatalf("ParseFacelets(Facelets(c)) = %v, %v", got, err)
		}
	}
	// Colours are free: the centers say which is which.
	recolor := strings.NewReplacer("U", "w", "R", "r", "F", "g", "D", "y", "L", "o", "B", "b")
	c := FromMoves(mustParse("R U R' U'"))
	got, err := ParseFacelets(recolor.Replace(c.Facelets()))
	if err != nil || got != c {
		t.Errorf("recoloured facelets: %v, %v", got, err)
	}
}

func TestFaceletErrors(t *testing.T) {
	swap := func(s string, i, j int) string {
		b := []byte(s)
		b[i-1], b[j-1] = b[j-1], b[i-1]
		return string(b)
	}
	set := func(s string, i int, ch byte) string {
		b := []byte(s)
		b[i-1] = ch
		return string(b)
	}
	for _, tc := range []struct {
		name, s string
		want    error
	}{
		{"short", solvedFacelets[:53], ErrFaceletLength},
		{"centers", set(solvedFacelets, 14, 'U'), ErrCenters},
		{"unknown colour", set(solvedFacelets, 1, 'X'), ErrColorCount},
		{"colour count", set(solvedFacelets, 1, 'R'), ErrColorCount},
		{"no such corner", swap(solvedFacelets, 9, 10), ErrNoSuchPiece},         // U9<->R1: URF shows U F R, a mirror image
		{"no such edge", swap(solvedFacelets, 6, 20), ErrNoSuchPiece},           // U6 and F2: UR shows F R
		{"duplicate", set(set(solvedFacelets, 20, 'R'), 17, 'F'), ErrDuplicate}, // UF shows U R like UR; DR shows D F
		{"twist", twistURF(), ErrTwist},
		{"flip", swap(solvedFacelets, 6, 11), ErrFlip}, // U6<->R2 flips UR
		{"parity", swapEdges(UR, UF), ErrParity},
	} {
		_, err := ParseFacelets(tc.s)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: ParseFacelets = %v, want %v", tc.name, err, tc.want)
		}
	}
}

// twistURF returns the solved cube's facelets with URF twisted clockwise.
func twistURF() string {
	c := Solved
	c.CO[URF] = 1
	return c.Facelets()
}

func swapEdges(a, b Edge) string {
	c := Solved
	c.EP[a], c.EP[b] = c.EP[b], c.EP[a]
	return c.Facelets()
}

func TestNet(t *testing.T) {
	r := FromMoves(mustParse("R"))
	net := r.Net()
	lines := strings.Split(strings.TrimRight(net, "\n"), "\n")
	if len(lines) != 9 {
		t.Fatalf("net has %d lines:\n%s", len(lines), net)
	}
	if lines[0] != "      U U F" || lines[3] != "L L L F F D R R R U B B" {
		t.Errorf("net of R:\n%s", net)
	}
}
