//go:build !(amd64 || arm64)

package cosets

import (
	"encoding/binary"
	"unsafe"
)

// loadRow returns row r of the page whose first byte is at page (see
// row_fast.go).
func loadRow(page unsafe.Pointer, r uint16) uint32 {
	return binary.LittleEndian.Uint32(unsafe.Slice((*byte)(unsafe.Add(page, int(r)*rowBytes)), 4)) & rowMask
}

// loadWord returns the 32 bits at byte offset off of the page whose first
// byte is at page (see row_fast.go).
func loadWord(page unsafe.Pointer, off uint16) uint32 {
	return binary.LittleEndian.Uint32(unsafe.Slice((*byte)(unsafe.Add(page, int(off))), 4))
}

// storeRow writes v as row r of the page whose first byte is at page (see
// row_fast.go).
func storeRow(page unsafe.Pointer, r int, v uint32) {
	binary.LittleEndian.PutUint32(unsafe.Slice((*byte)(unsafe.Add(page, r*rowBytes)), 4), v)
}
