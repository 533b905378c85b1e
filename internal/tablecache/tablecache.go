// Package tablecache keeps large computed tables (pruning tables, symmetry
// tables) on disk between runs, so that a table that takes seconds or
// minutes to build is built once per machine and loaded after.
//
// A cached table is one file, NAME.table, in the cache folder: a header
// line of JSON (name, version, length and the SHA-256 of the data) and the
// data. Load reads it only if the header names the same table and version
// and the data's hash agrees; anything else (a missing file, another
// version, a damaged or truncated file) is rebuilt and rewritten,
// atomically, so that a reader never sees half a table. The version is the
// builder's: change it whenever the table's content would change.
//
// The folder is $CUBECENSUS_CACHE when set, else cubecensus/tables under
// the user's cache folder (on Linux ~/.cache/cubecensus/tables).
package tablecache

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/cubecensus/cubecensus/internal/hugepage"

	"github.com/cubecensus/cubecensus/internal/atomicfile"
)

// Dir is the cache folder (see the package doc).
func Dir() string {
	if d := os.Getenv("CUBECENSUS_CACHE"); d != "" {
		return d
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	return filepath.Join(base, "cubecensus", "tables")
}

// header is the first line of a cached table.
type header struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Bytes   int    `json:"bytes"`
	SHA256  string `json:"sha256"`
}

// Table is what Get returns.
type Table struct {
	Data   []byte
	Loaded bool // read from the cache, not built
	// StoreErr is why a table built could not be stored (a read-only
	// folder, say): the table is good, only the next run builds it again.
	StoreErr error
}

// Get returns the table called name at version: loaded from dir when a
// good copy is there, else built by build and stored there.
func Get(dir, name, version string, build func() ([]byte, error)) (Table, error) {
	path := filepath.Join(dir, name+".table")
	if data, err := load(path, name, version); err == nil {
		return Table{Data: data, Loaded: true}, nil
	}
	data, err := build()
	if err != nil {
		return Table{}, err
	}
	return Table{Data: data, StoreErr: store(path, name, version, data)}, nil
}

// Has reports whether dir holds a file for the table called name (whether
// it is good, Get finds out).
func Has(dir, name string) bool {
	_, err := os.Stat(filepath.Join(dir, name+".table"))
	return err == nil
}

// errStale marks a cached file that is not the table asked for.
var errStale = errors.New("stale")

func load(path, name, version string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	line, err := r.ReadBytes('\n')
	if err != nil {
		return nil, err
	}
	var h header
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, err
	}
	if h.Name != name || h.Version != version || h.Bytes < 0 {
		return nil, errStale
	}
	data := make([]byte, h.Bytes)
	hugepage.Advise(data) // before the pages are first touched
	if _, err := io.ReadFull(r, data); err != nil {
		return nil, err
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != h.SHA256 {
		return nil, fmt.Errorf("%s: checksum mismatch", path)
	}
	return data, nil
}

func store(path, name, version string, data []byte) error {
	sum := sha256.Sum256(data)
	line, err := json.Marshal(header{name, version, len(data), hex.EncodeToString(sum[:])})
	if err != nil {
		return err
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		_, err := io.Copy(w, io.MultiReader(bytes.NewReader(append(line, '\n')), bytes.NewReader(data)))
		return err
	})
}
