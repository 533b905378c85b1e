//go:build amd64 || arm64

package cosets

import "unsafe"

// loadRow returns row r of the page whose first byte is at page: a 32-bit
// load at an unaligned address, whose high byte (the next row's first, or
// the page's padding) it masks off. The prepass reads rows this way, not
// through binary.LittleEndian on a slice, because its bounds checks took a
// third of the time of its loop (the page has pageStride bytes and every
// row number the move tables hold is below nRows, so the load stays
// inside the page). Only little-endian processors that load unaligned
// words get this version (row_portable.go has the others').
func loadRow(page unsafe.Pointer, r uint16) uint32 {
	return *(*uint32)(unsafe.Add(page, int(r)*rowBytes)) & rowMask
}

// loadWord returns the 32 bits at byte offset off of the page whose first
// byte is at page, as loadRow reads them: a row and the next row's first
// byte, which the callers drop (extendRows, which saves loadRow's mask).
func loadWord(page unsafe.Pointer, off uint16) uint32 {
	return *(*uint32)(unsafe.Add(page, int(off)))
}

// storeRow writes v, a row, as row r of the page whose first byte is at
// page; its fourth byte, zero, lands on the next row's first (written
// after it) or the page's padding.
func storeRow(page unsafe.Pointer, r int, v uint32) {
	*(*uint32)(unsafe.Add(page, r*rowBytes)) = v
}
