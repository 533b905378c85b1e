// Package hugepage asks the operating system to back large tables with
// huge pages. The searches read tables of gigabytes at random; with 4 KB
// pages nearly every read also misses the TLB and walks the page tables,
// with 2 MB pages almost none does (measured once here, outside make
// bench: a random read of a 2 GiB table 30 ns with 4 KB pages, 18 ns with
// 2 MB ones). Linux gives them on request when transparent huge pages are
// in "madvise" mode, as they are on this machine and on most
// distributions; elsewhere Advise does nothing.
package hugepage
