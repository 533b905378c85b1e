// Package tables is how every cubecensus stage publishes its tables: typed
// columns, Apache Arrow IPC files with provenance in the schema metadata and
// a checksum over every byte, atomic writes, one reader that checks the
// checksum before Arrow parses the file, and printing for people and
// scripts.
//
// It is the only package that imports Arrow. Stages build a Table of typed
// rows (string, int64, uint64, float64, bool and *big.Int, nil for null);
// exact counts beyond 2^64 are stored as decimal128(38,0), which every Arrow
// reader (pyarrow, polars) loads as exact decimals. Files are uncompressed
// Arrow IPC ("Feather v2") so that any Arrow reader opens them; checksum.go
// says how any reader can check one.
//
// The committed tables themselves live in results/ at the top of the
// repository, which holds data only.
package tables
