package tablecache

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/cubecensus/cubecensus/internal/atomicfile"
	"github.com/cubecensus/cubecensus/internal/hugepage"
	"github.com/cubecensus/cubecensus/internal/sealed"
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

// orDir returns dir, or Dir() for "": Get, GetStreamed and Has take ""
// for the user's cache folder.
func orDir(dir string) string {
	if dir == "" {
		return Dir()
	}
	return dir
}

// Spec names a cached table and says which kept copies are good.
type Spec struct {
	Name string
	// Version names the data's layout; change it when the layout changes.
	Version string
	// Code is the fingerprint of the code that builds the table
	// (Fingerprint): a copy built by other code is refused.
	Code string
}

// version is the one string the file's header keeps for both.
func (s Spec) version() string {
	if s.Code == "" {
		return s.Version
	}
	return s.Version + "+code-" + s.Code
}

// Table is what Get returns.
type Table struct {
	Data   []byte
	Loaded bool // read from the cache, not built
	// StoreErr is why a table built could not be stored (a read-only
	// folder, say): the table is good, only the next run builds it again.
	StoreErr error
	// Refused, if set, is why the kept copy was refused and the table
	// built again: damaged, of another version, built by other code, or
	// failing its facts.
	Refused error
}

// Get returns the table spec names: loaded from dir when a good copy is
// there, else built by build and stored there. check, if not nil, checks
// the data against the facts known of the table.
func Get(dir string, spec Spec, build func() ([]byte, error), check func([]byte) error) (Table, error) {
	var data []byte
	s := Streamed{
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
	}
	if check != nil {
		s.Check = func() error { return check(data) }
	}
	t, err := GetStreamed(dir, spec, s)
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
	// Check, if set, checks what Read or Build filled against the facts
	// known of the table.
	Check func() error
}

// GetStreamed is Get for a Streamed table: it loads the table from dir
// when a good copy is there, else builds it and stores it there.
func GetStreamed(dir string, spec Spec, s Streamed) (Table, error) {
	path := filepath.Join(orDir(dir), spec.Name+".table")
	// A killed build leaves its half-written file; none is being written
	// unless another live process builds the table now.
	atomicfile.RemoveStale(path)
	err := load(path, spec, s)
	if err == nil {
		return Table{Loaded: true}, nil
	}
	var t Table
	if !errors.Is(err, fs.ErrNotExist) {
		t.Refused = err
	}
	if errors.Is(err, errHalfRead) {
		runtime.GC() // what the read filled is garbage: free it before the build allocates as much again
	}
	if err := s.Build(); err != nil {
		return Table{}, err
	}
	if s.Check != nil {
		if err := s.Check(); err != nil {
			return Table{}, fmt.Errorf("tablecache: the table %s just built fails its facts: %w", spec.Name, err)
		}
	}
	t.StoreErr = sealed.Write(path, spec.Name, spec.version(), s.Write)
	return t, nil
}

// Has reports whether dir holds a file for the table called name (whether
// it is good, Get finds out).
func Has(dir, name string) bool {
	_, err := os.Stat(filepath.Join(orDir(dir), name+".table"))
	return err == nil
}

// errHalfRead marks a kept copy whose data were read, in part or whole,
// and refused.
var errHalfRead = errors.New("refused after reading")

func load(path string, spec Spec, s Streamed) error {
	f, err := sealed.Open(path, spec.Name, spec.version())
	if err != nil {
		return err
	}
	defer f.Close()
	mark := verifiedMark{f.Info.Size(), f.Info.ModTime().UnixNano(), f.SHA256}
	verified := mark.recorded(path)
	var r io.Reader = f
	if verified {
		r = f.Unhashed()
	}
	if err := s.Read(r, f.Bytes); err != nil {
		return fmt.Errorf("%w: %w", errHalfRead, err)
	}
	if !verified {
		if err := f.Verify(); err != nil {
			return fmt.Errorf("%w: %w", errHalfRead, err)
		}
	}
	if s.Check != nil {
		if err := s.Check(); err != nil {
			return fmt.Errorf("%w: %s fails its facts: %w", errHalfRead, path, err)
		}
	}
	if !verified {
		mark.record(path) // at worst, the next load hashes the data again
	}
	return nil
}

// verifiedMark remembers that a kept table's data were hashed and found
// good, so that later loads of the same file skip the hashing (a tenth of
// a second for the solver's two tables, every call of `cubecensus solve`):
// the file's size and modification time, and the checksum its header
// holds. It is kept beside the table as NAME.table.verified; a file
// rewritten (a new table, or a damaged copy written over it) changes its
// modification time and is hashed again.
type verifiedMark struct {
	Size    int64  `json:"size"`
	ModTime int64  `json:"mtime_ns"`
	SHA256  string `json:"sha256"`
}

const verifiedSuffix = ".verified"

// recorded says whether the mark kept for the table at path is m.
func (m verifiedMark) recorded(path string) bool {
	data, err := os.ReadFile(path + verifiedSuffix)
	var kept verifiedMark
	return err == nil && json.Unmarshal(data, &kept) == nil && kept == m
}

// record keeps m as the mark of the table at path.
func (m verifiedMark) record(path string) error {
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return atomicfile.Write(path+verifiedSuffix, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
