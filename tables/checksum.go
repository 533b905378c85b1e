package tables

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
)

// A table's checksum covers every byte of its file, so that a reader can
// check a file before the Arrow reader parses any of it: a damaged file is
// refused with one line, never handed to code that would panic or print
// wrong numbers.
//
// The checksum is SHA-256, stored in the schema metadata as
//
//	cubecensus.checksum = cubecensus-sha256:<64 hex digits>
//
// of the file's bytes with those 64 digits read as '0'. An Arrow IPC file
// holds its schema twice (the stream's first message and the footer), so the
// value occurs twice, and both occurrences are read as '0'. Writing is two
// steps: encode with the zeros, hash, then overwrite the zeros with the
// digits, which changes no length or offset. Any reader can check a file
// the same way with a few lines (notebooks/cubecensus_tables.py does).

// ErrChecksum is wrapped by Read's errors when a file's checksum is missing
// or does not match its bytes.
var ErrChecksum = errors.New("bad checksum")

const (
	checksumKey = metaPrefix + "checksum"
	checksumTag = "cubecensus-sha256:"
	// checksumCopies is how many times an Arrow IPC file stores its schema.
	checksumCopies = 2
)

var (
	checksumPattern     = regexp.MustCompile(checksumTag + "[0-9a-f]{64}")
	checksumPlaceholder = checksumTag + string(bytes.Repeat([]byte("0"), 64))
)

// fileChecksum hashes file with the digits of every checksum value read as
// '0', and returns the positions of those values.
func fileChecksum(file []byte) (sum string, values [][]int) {
	values = checksumPattern.FindAllIndex(file, -1)
	h := sha256.New()
	zeros := []byte(checksumPlaceholder)
	prev := 0
	for _, v := range values {
		h.Write(file[prev:v[0]])
		h.Write(zeros)
		prev = v[1]
	}
	h.Write(file[prev:])
	return hex.EncodeToString(h.Sum(nil)), values
}

// seal writes the checksum into an encoded file whose checksum values are
// the placeholder.
func seal(file []byte) error {
	sum, values := fileChecksum(file)
	if len(values) != checksumCopies {
		// Only a cell holding the checksum's own pattern could do this.
		return fmt.Errorf("tables: the encoded file holds %d checksum values, want %d", len(values), checksumCopies)
	}
	for _, v := range values {
		copy(file[v[0]+len(checksumTag):v[1]], sum)
	}
	return nil
}

// verify checks a file's checksum and returns it.
func verify(file []byte) (string, error) {
	sum, values := fileChecksum(file)
	switch {
	case len(values) == 0:
		return "", fmt.Errorf("%w: no %s in the file (damaged, written before cubecensus had checksums, or not a cubecensus table)", ErrChecksum, checksumKey)
	case len(values) != checksumCopies:
		return "", fmt.Errorf("%w: %d copies of %s, want %d (the file is damaged)", ErrChecksum, len(values), checksumKey, checksumCopies)
	}
	first := string(file[values[0][0]:values[0][1]])
	if second := string(file[values[1][0]:values[1][1]]); second != first {
		return "", fmt.Errorf("%w: the file's two copies of %s differ (the file is damaged)", ErrChecksum, checksumKey)
	}
	if want := checksumTag + sum; first != want {
		return "", fmt.Errorf("%w: the file's bytes hash to %s, its metadata says %s (the file is damaged)", ErrChecksum, shortSum(want), shortSum(first))
	}
	return first, nil
}

// shortSum abbreviates a checksum value for messages.
func shortSum(v string) string {
	return v[:len(checksumTag)+12] + "..."
}
