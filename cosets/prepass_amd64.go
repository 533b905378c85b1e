package cosets

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// udRows is extendRows's pass of the U and D turns, whose sources u1..d3
// (U, U2, U', D, D2, D') keep a row's bits: it sets the rows of acc to
// theirs. offsets[t] holds the byte offsets of target row t's rows in
// them, two to a word (prepassOffsets). Assembly (prepass_amd64.s);
// udRowsGo is the same in Go.
//
//go:noescape
func udRows(acc *[nRows]uint32, offsets *[nRows][nUDMoves / 2]uint32, u1, u2, u3, d1, d2, d3 unsafe.Pointer)

// halfRowsAsm is halfRowsGo's two passes in one loop of assembly
// (prepass_amd64.s), which counts the positions with POPCNT.
//
//go:noescape
func halfRowsAsm(to unsafe.Pointer, acc *[nRows]uint32, offsets *[nRows]uint64, r2 *halfTurn, f2, b2, r2p, l2 unsafe.Pointer) (full int, positions int64)

// hasPopcnt says whether the processor has POPCNT (every amd64 one since
// about 2010, but not the architecture's baseline).
var hasPopcnt = cpu.X86.HasPOPCNT

// halfRows is extendRows's pass of the four half turns, F2, B2, R2 and
// L2, from their sources f2..l2: it writes the rows of acc ORed with
// theirs, each moved as its turn moves the middle edges (R2's by r2),
// into the page whose first byte is at to, and returns the page's full
// rows and its positions. offsets[t] holds the byte offsets of target row
// t's rows in the four sources, in one word (prepassOffsets).
func halfRows(to unsafe.Pointer, acc *[nRows]uint32, offsets *[nRows]uint64, r2 *halfTurn, f2, b2, r2p, l2 unsafe.Pointer) (full int, positions int64) {
	if hasPopcnt {
		return halfRowsAsm(to, acc, offsets, r2, f2, b2, r2p, l2)
	}
	return halfRowsGo(to, acc, offsets, r2, f2, b2, r2p, l2)
}
