//go:build !amd64

package cosets

import "unsafe"

// movedRows writes into the page whose first byte is at to the rows the
// ten moves of A bring from their sources, from (in prepassOrder), and
// returns the page's full rows and positions: movedRowsGo (amd64's is
// assembly, prepass_amd64.go).
func movedRows(to unsafe.Pointer, acc *[nRows]uint32, offsets *prepassOffsets, from *[NMoves]unsafe.Pointer) (full int, positions int64) {
	return movedRowsGo(to, acc, offsets, from)
}
