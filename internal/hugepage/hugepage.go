// Package hugepage asks the operating system to back large tables with
// huge pages. The searches read tables of gigabytes at random; with 4 KB
// pages nearly every read also misses the TLB and walks the page tables,
// with 2 MB pages almost none does (measured once here, outside make
// bench: a random read of a 2 GiB table 30 ns with 4 KB pages, 18 ns with
// 2 MB ones). Linux gives them on request when transparent huge pages are
// in "madvise" mode, as they are on this machine and on most
// distributions; elsewhere Advise does nothing.
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
