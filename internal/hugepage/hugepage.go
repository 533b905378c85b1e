package hugepage

import "unsafe"

// minBytes is the smallest table worth advising: a few huge pages.
const minBytes = 16 << 20

// Advise asks for huge pages under s's memory, before it is first written
// (the pages are chosen when they are first touched). It is advice: an
// error or an unsupported system changes only the speed.
func Advise[T any](s []T) {
	if len(s) == 0 {
		return
	}
	n := len(s) * int(unsafe.Sizeof(s[0]))
	if n < minBytes {
		return
	}
	advise(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), n))
}

// unsafeAddr is the address of b's first byte.
func unsafeAddr(b []byte) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(b)) }
