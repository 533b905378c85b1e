package hugepage

import "syscall"

// advise applies MADV_HUGEPAGE to the whole pages inside b.
func advise(b []byte) {
	const page = 4096
	start := (page - int(uintptr(unsafeAddr(b))%page)) % page
	if start >= len(b) {
		return
	}
	b = b[start:]
	_ = syscall.Madvise(b[:len(b)/page*page], syscall.MADV_HUGEPAGE)
}
