// Package sealed keeps files that say what they hold and carry a checksum
// of it, so that a reader refuses a damaged or foreign file before any of
// its bytes are trusted: cached tables (internal/tablecache), checkpoints
// and the files kept beside them.
//
// A sealed file is a header line of JSON, then the data:
//
//	{"name":"solver-phase2","version":"3","bytes":55803168,"sha256":"9f86d0..."}\n
//	<bytes of data>
//
// name and version say what the data are (a reader asks for both: another
// name or version is foreign, not damaged); bytes and sha256 (hex) cover
// the data exactly, so a truncated, extended or altered file is refused.
// Files are written through internal/atomicfile, so a reader sees the old
// file or the new one, never a part.
package sealed
