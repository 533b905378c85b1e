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
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"

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
	var data []byte
	t, err := GetStreamed(dir, name, version, Streamed{
		Read: func(r io.Reader, n int64) error {
			data = make([]byte, n)
			hugepage.Advise(data) // before the pages are first touched
			_, err := io.ReadFull(r, data)
			return err
		},
		Build: func() (err error) {
			data, err = build()
			return err
		},
		Write: func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		},
	})
	t.Data = data
	return t, err
}

// Streamed is a table held in structures of its own, too large to be
// copied into one slice of bytes (a search's stored side of 12 GiB): its
// data is streamed to and from the file.
type Streamed struct {
	// Read fills the table from n bytes of data of a kept copy; what it
	// filled is dropped if it fails or the data's checksum does not agree.
	Read  func(r io.Reader, n int64) error
	Build func() error
	// Write writes the table's data, the same bytes each time it is called
	// (twice to store it: for the checksum, then to the file).
	Write func(w io.Writer) error
}

// GetStreamed is Get for a Streamed table: it loads the table from dir
// when a good copy is there, else builds it and stores it there.
func GetStreamed(dir, name, version string, s Streamed) (Table, error) {
	path := filepath.Join(dir, name+".table")
	err := load(path, name, version, s.Read)
	if err == nil {
		return Table{Loaded: true}, nil
	}
	if errors.Is(err, errHalfRead) {
		runtime.GC() // what the read filled is garbage: free it before the build allocates as much again
	}
	if err := s.Build(); err != nil {
		return Table{}, err
	}
	return Table{StoreErr: store(path, name, version, s.Write)}, nil
}

// Has reports whether dir holds a file for the table called name (whether
// it is good, Get finds out).
func Has(dir, name string) bool {
	_, err := os.Stat(filepath.Join(dir, name+".table"))
	return err == nil
}

// errStale marks a cached file that is not the table asked for, and
// errHalfRead one whose data was read, in part or whole, and refused.
var (
	errStale    = errors.New("stale")
	errHalfRead = errors.New("refused after reading")
)

func load(path, name, version string, read func(io.Reader, int64) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	line, err := r.ReadBytes('\n')
	if err != nil {
		return err
	}
	var h header
	if err := json.Unmarshal(line, &h); err != nil {
		return err
	}
	if h.Name != name || h.Version != version || h.Bytes < 0 {
		return errStale
	}
	sum := sha256.New()
	data := io.TeeReader(io.LimitReader(r, int64(h.Bytes)), sum)
	if err := read(data, int64(h.Bytes)); err != nil {
		return fmt.Errorf("%s: %w: %w", path, errHalfRead, err)
	}
	if left, err := io.Copy(io.Discard, data); err != nil || left > 0 {
		return fmt.Errorf("%s: %w: %d bytes of data not read", path, errHalfRead, left)
	}
	if hex.EncodeToString(sum.Sum(nil)) != h.SHA256 {
		return fmt.Errorf("%s: %w: checksum mismatch", path, errHalfRead)
	}
	return nil
}

func store(path, name, version string, write func(io.Writer) error) error {
	sum, size := sha256.New(), &counter{}
	if err := write(io.MultiWriter(sum, size)); err != nil {
		return err
	}
	line, err := json.Marshal(header{name, version, size.n, hex.EncodeToString(sum.Sum(nil))})
	if err != nil {
		return err
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		if _, err := w.Write(append(line, '\n')); err != nil {
			return err
		}
		return write(w)
	})
}

// counter counts the bytes written to it.
type counter struct{ n int }

func (c *counter) Write(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}
