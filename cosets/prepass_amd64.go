package cosets

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// hasPopcnt says whether the processor has POPCNT, which movedRowsAsm
// counts with (every amd64 one since about 2010, but not the
// architecture's baseline).
var hasPopcnt = cpu.X86.HasPOPCNT

// movedRows writes into the page whose first byte is at to the rows the
// ten moves of A bring from their sources, from (in prepassOrder), and
// returns the page's full rows and positions; offsets is prepassRows. On
// amd64 it is one loop of assembly (movedRowsAsm), which leaves acc alone.
func movedRows(to unsafe.Pointer, acc *[nRows]uint32, offsets *prepassOffsets, from *[NMoves]unsafe.Pointer) (full int, positions int64) {
	if !hasPopcnt {
		return movedRowsGo(to, acc, offsets, from)
	}
	return movedRowsAsm(to, unsafe.Add(to, pageBytes), offsets, r2Row,
		from[0], from[1], from[2], from[3], from[4], from[5], from[6], from[7], from[8], from[9])
}

// movedRowsAsm is movedRowsGo in one loop of assembly (prepass_amd64.s)
// over the rows of the page from to up to end, with the sources u1..l2
// (U, U2, U', D, D2, D', F2, B2, R2, L2; R2's bits moved by r2).
//
//go:noescape
func movedRowsAsm(to, end unsafe.Pointer, offsets *prepassOffsets, r2 *halfTurn, u1, u2, u3, d1, d2, d3, f2, b2, r2p, l2 unsafe.Pointer) (full int, positions int64)
