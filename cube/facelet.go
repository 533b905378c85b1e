package cube

import (
	"errors"
	"fmt"
	"strings"
)

// NFacelets is the number of stickers: 6 faces of 9.
const NFacelets = 54

// faceLetters are the faces in facelet-string order (Kociemba: U R F D L B).
const faceLetters = "URFDLB"

// cornerFacelet[c] lists the stickers of corner position c, starting with
// its U or D sticker and going clockwise; edgeFacelet[e] lists the stickers
// of edge position e, the reference sticker first (Kociemba's facelet
// numbering: U1..U9 are 0..8, R1..R9 are 9..17, and so on).
var cornerFacelet = [NCorners][3]int{
	{8, 9, 20},   // URF: U9 R1 F3
	{6, 18, 38},  // UFL: U7 F1 L3
	{0, 36, 47},  // ULB: U1 L1 B3
	{2, 45, 11},  // UBR: U3 B1 R3
	{29, 26, 15}, // DFR: D3 F9 R7
	{27, 44, 24}, // DLF: D1 L9 F7
	{33, 53, 42}, // DBL: D7 B9 L7
	{35, 17, 51}, // DRB: D9 R9 B7
}

var edgeFacelet = [NEdges][2]int{
	{5, 10},  // UR: U6 R2
	{7, 19},  // UF: U8 F2
	{3, 37},  // UL: U4 L2
	{1, 46},  // UB: U2 B2
	{32, 16}, // DR: D6 R8
	{28, 25}, // DF: D2 F8
	{30, 43}, // DL: D4 L8
	{34, 52}, // DB: D8 B8
	{23, 12}, // FR: F6 R4
	{21, 41}, // FL: F4 L6
	{50, 39}, // BL: B6 L4
	{48, 14}, // BR: B4 R6
}

// cornerColor and edgeColor are the faces (0..5 as in faceLetters) a
// corner or edge cubie shows, in the order of cornerFacelet and edgeFacelet.
var cornerColor = [NCorners][3]uint8{
	{0, 1, 2}, {0, 2, 4}, {0, 4, 5}, {0, 5, 1},
	{3, 2, 1}, {3, 4, 2}, {3, 5, 4}, {3, 1, 5},
}

var edgeColor = [NEdges][2]uint8{
	{0, 1}, {0, 2}, {0, 4}, {0, 5}, {3, 1}, {3, 2},
	{3, 4}, {3, 5}, {2, 1}, {2, 4}, {5, 4}, {5, 1},
}

// Errors of the facelet parser, beside those of Verify (ErrTwist, ErrFlip,
// ErrParity), which it also returns.
var (
	ErrFaceletLength = errors.New("a facelet string has 54 stickers")
	ErrCenters       = errors.New("the six centers must show six different colours")
	ErrColorCount    = errors.New("each colour must appear on exactly 9 stickers")
	ErrNoSuchPiece   = errors.New("no cubie has these colours")
	ErrDuplicate     = errors.New("a cubie appears twice")
)

// Facelets returns the 54-character facelet string of a position, each
// sticker named by the face whose colour it shows. It panics for a
// reflection.
func (c *Cube) Facelets() string {
	var f [NFacelets]byte
	for face := range 6 {
		f[9*face+4] = faceLetters[face]
	}
	for i := range NCorners {
		o := int(c.CO[i])
		if o >= 3 {
			panic("cube: Facelets of a reflection")
		}
		for k := range 3 {
			f[cornerFacelet[i][(k+o)%3]] = faceLetters[cornerColor[c.CP[i]][k]]
		}
	}
	for i := range NEdges {
		o := int(c.EO[i])
		for k := range 2 {
			f[edgeFacelet[i][(k+o)%2]] = faceLetters[edgeColor[c.EP[i]][k]]
		}
	}
	return string(f[:])
}

// ParseFacelets reads a 54-character facelet string in the order U R F D L
// B. Any six characters may serve as colours: the centers fix which is
// which. Whitespace is ignored, so a pasted net works too.
func ParseFacelets(s string) (Cube, error) {
	s = strings.Join(strings.Fields(s), "")
	if len(s) != NFacelets {
		return Cube{}, fmt.Errorf("%w: got %d", ErrFaceletLength, len(s))
	}
	var faceOf [256]int8
	for i := range faceOf {
		faceOf[i] = -1
	}
	for face := range 6 {
		ch := s[9*face+4]
		if faceOf[ch] >= 0 {
			return Cube{}, fmt.Errorf("%w: %q is the center of %c and %c", ErrCenters, ch, faceLetters[faceOf[ch]], faceLetters[face])
		}
		faceOf[ch] = int8(face)
	}
	var counts [6]int
	var f [NFacelets]uint8
	for i := range NFacelets {
		face := faceOf[s[i]]
		if face < 0 {
			return Cube{}, fmt.Errorf("%w: %q at position %d is no center's colour", ErrColorCount, s[i], i+1)
		}
		f[i] = uint8(face)
		counts[face]++
	}
	for face, n := range counts {
		if n != 9 {
			return Cube{}, fmt.Errorf("%w: %c's colour appears %d times", ErrColorCount, faceLetters[face], n)
		}
	}
	c, err := decodePieces(&f)
	if err != nil {
		return Cube{}, err
	}
	if err := c.Verify(); err != nil {
		return Cube{}, err
	}
	return c, nil
}

// decodePieces finds the cubie and orientation at every position from the
// stickers' faces (0..5), without checking the laws of the group.
func decodePieces(f *[NFacelets]uint8) (Cube, error) {
	var c Cube
	var seenC [NCorners]bool
	for i := range NCorners {
		o := 0
		for o < 3 && f[cornerFacelet[i][o]] != 0 && f[cornerFacelet[i][o]] != 3 {
			o++
		}
		if o == 3 {
			return Cube{}, fmt.Errorf("%w: corner at %v shows neither U nor D", ErrNoSuchPiece, Corner(i))
		}
		c1, c2 := f[cornerFacelet[i][(o+1)%3]], f[cornerFacelet[i][(o+2)%3]]
		found := false
		for j := range NCorners {
			if cornerColor[j][1] == c1 && cornerColor[j][2] == c2 && cornerColor[j][0] == f[cornerFacelet[i][o]] {
				if seenC[j] {
					return Cube{}, fmt.Errorf("%w: corner %v", ErrDuplicate, Corner(j))
				}
				seenC[j] = true
				c.CP[i], c.CO[i], found = Corner(j), uint8(o), true
				break
			}
		}
		if !found {
			return Cube{}, fmt.Errorf("%w: corner at %v shows %c%c%c", ErrNoSuchPiece, Corner(i),
				faceLetters[f[cornerFacelet[i][0]]], faceLetters[f[cornerFacelet[i][1]]], faceLetters[f[cornerFacelet[i][2]]])
		}
	}
	var seenE [NEdges]bool
	for i := range NEdges {
		a, b := f[edgeFacelet[i][0]], f[edgeFacelet[i][1]]
		found := false
		for j := range NEdges {
			var o uint8
			switch {
			case edgeColor[j][0] == a && edgeColor[j][1] == b:
				o = 0
			case edgeColor[j][0] == b && edgeColor[j][1] == a:
				o = 1
			default:
				continue
			}
			if seenE[j] {
				return Cube{}, fmt.Errorf("%w: edge %v", ErrDuplicate, Edge(j))
			}
			seenE[j] = true
			c.EP[i], c.EO[i], found = Edge(j), o, true
			break
		}
		if !found {
			return Cube{}, fmt.Errorf("%w: edge at %v shows %c%c", ErrNoSuchPiece, Edge(i), faceLetters[a], faceLetters[b])
		}
	}
	return c, nil
}

// Net draws a position as the unfolded cube: U on top, then L F R B, then
// D, each sticker by the face letter of its colour.
func (c *Cube) Net() string {
	f := c.Facelets()
	row := func(face byte, r int) string {
		base := 9*strings.IndexByte(faceLetters, face) + 3*r
		return strings.Join(strings.Split(f[base:base+3], ""), " ")
	}
	var b strings.Builder
	for r := range 3 {
		fmt.Fprintf(&b, "      %s\n", row('U', r))
	}
	for r := range 3 {
		fmt.Fprintf(&b, "%s %s %s %s\n", row('L', r), row('F', r), row('R', r), row('B', r))
	}
	for r := range 3 {
		fmt.Fprintf(&b, "      %s\n", row('D', r))
	}
	return b.String()
}
