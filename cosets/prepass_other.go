//go:build !amd64

package cosets

import "unsafe"

// udRows is extendRows's pass of the U and D turns: udRowsGo (amd64's is
// assembly, prepass_amd64.go).
func udRows(acc *[nRows]uint32, offsets *[nRows][nUDMoves / 2]uint32, u1, u2, u3, d1, d2, d3 unsafe.Pointer) {
	udRowsGo(acc, offsets, u1, u2, u3, d1, d2, d3)
}

// halfRows is extendRows's pass of the four half turns: halfRowsGo
// (amd64's is assembly, prepass_amd64.go).
func halfRows(to unsafe.Pointer, acc *[nRows]uint32, offsets *[nRows]uint64, r2 *halfTurn, f2, b2, r2p, l2 unsafe.Pointer) (full int, positions int64) {
	return halfRowsGo(to, acc, offsets, r2, f2, b2, r2p, l2)
}
