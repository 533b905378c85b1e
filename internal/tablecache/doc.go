// Package tablecache keeps large computed tables (pruning tables, symmetry
// tables) on disk between runs, so that a table that takes seconds or
// minutes to build is built once per machine and loaded after.
//
// A cached table is one sealed file (internal/sealed), NAME.table, in the
// cache folder: a header line (name, version, length and the SHA-256 of
// the data) and the data. The version is the table's Spec: the layout's
// name, changed by hand when the layout changes, and the fingerprint of the
// code that builds it (Fingerprint), which changes by itself when that code
// does. A kept copy is used only if its header names the same table and
// version, its data's hash agrees, and the data pass the facts the table's
// Check knows of it (its level counts, the published ones where
// published); anything else (another version, built by other code, a
// damaged or truncated file, a table failing its facts) is refused, said
// so in Table.Refused, and rebuilt and rewritten, atomically, so that a
// reader never sees half a table. A table just built that fails its facts
// is an error: the code that built it is wrong.
//
// The folder is $CUBECENSUS_CACHE when set, else cubecensus/tables under
// the user's cache folder (on Linux ~/.cache/cubecensus/tables).
package tablecache
