package sealed

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"

	"github.com/cubecensus/cubecensus/internal/atomicfile"
)

// Errors of Open and ReadAll, wrapped with the file's path and the reason:
// ErrForeign for a good file of another name or version, ErrDamaged for
// one that is not a sealed file or whose data do not match its header.
var (
	ErrForeign = errors.New("holds something else")
	ErrDamaged = errors.New("damaged")
)

// maxHeader bounds the header line, so a file of garbage is refused
// without reading it all.
const maxHeader = 4096

// Header is a sealed file's first line.
type Header struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Bytes   int64  `json:"bytes"`
	SHA256  string `json:"sha256"`
}

// Write stores at path, atomically, the data write writes, sealed as name
// at version. write is called twice and must write the same bytes each
// time: once for the checksum and length, once into the file (so a table
// of gigabytes need not be held twice).
func Write(path, name, version string, write func(io.Writer) error) error {
	sum, size := sha256.New(), &counter{}
	if err := write(io.MultiWriter(sum, size)); err != nil {
		return err
	}
	line, err := json.Marshal(Header{name, version, size.n, hex.EncodeToString(sum.Sum(nil))})
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

// File is an open sealed file whose header was read and checked against
// the file's size. Its data are checked as they are read (Verify).
type File struct {
	Header
	io.Closer
	// Info is the file's, as Open found it (its size and modification
	// time tell a file rewritten since).
	Info os.FileInfo
	data io.Reader // the data
	r    io.Reader // the data, hashed as read
	sum  hash.Hash // of the data read
	n    counter   // bytes of data read
	path string
}

// Open opens the sealed file at path and checks that it is name at
// version and as long as its header says. Errors wrap ErrForeign or
// ErrDamaged (or the os error: fs.ErrNotExist for a missing file).
func Open(path, name, version string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = fmt.Errorf("%s: %w: not a regular file", path, ErrDamaged)
	}
	var sf *File
	if err == nil {
		sf, err = open(f, st.Size(), path, name, version)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	sf.Closer, sf.Info = f, st
	return sf, nil
}

// open reads the header of a sealed file of size bytes from r and leaves
// r at the data.
func open(r io.ReadSeeker, size int64, path, name, version string) (*File, error) {
	br := bufio.NewReaderSize(io.LimitReader(r, maxHeader), maxHeader)
	line, err := br.ReadSlice('\n')
	if err != nil {
		return nil, fmt.Errorf("%s: %w: no header line", path, ErrDamaged)
	}
	var h Header
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, fmt.Errorf("%s: %w: its header: %v", path, ErrDamaged, err)
	}
	// Only the header Write writes: JSON's reader forgives a key's case,
	// spaces and more, which a damaged byte may have changed.
	if canonical, err := json.Marshal(h); err != nil || string(canonical)+"\n" != string(line) {
		return nil, fmt.Errorf("%s: %w: its header is not as written", path, ErrDamaged)
	}
	if h.Name != name || h.Version != version {
		return nil, fmt.Errorf("%s: %w: %s version %q, not %s version %q", path, ErrForeign, h.Name, h.Version, name, version)
	}
	offset := int64(len(line))
	if h.Bytes < 0 || offset+h.Bytes != size {
		return nil, fmt.Errorf("%s: %w: its header says %d bytes of data, the file holds %d", path, ErrDamaged, h.Bytes, size-offset)
	}
	if _, err := r.Seek(offset, io.SeekStart); err != nil {
		return nil, err
	}
	sf := &File{Header: h, path: path, sum: sha256.New()}
	sf.data = io.LimitReader(r, h.Bytes)
	sf.r = io.TeeReader(sf.data, io.MultiWriter(sf.sum, &sf.n))
	return sf, nil
}

// Read reads the data, hashing them for Verify.
func (f *File) Read(p []byte) (int, error) { return f.r.Read(p) }

// Unhashed returns the data to read without hashing them, for a caller
// that checked this very file before (internal/tablecache remembers the
// size and modification time of the files it verified); Verify then
// fails.
func (f *File) Unhashed() io.Reader { return f.data }

// Verify checks that every byte of data was read and that they hash to
// the header's checksum; its error wraps ErrDamaged.
func (f *File) Verify() error {
	if f.n.n != f.Bytes {
		return fmt.Errorf("%s: %w: %d of %d bytes of data read", f.path, ErrDamaged, f.n.n, f.Bytes)
	}
	if got := hex.EncodeToString(f.sum.Sum(nil)); got != f.SHA256 {
		return fmt.Errorf("%s: %w: its data hash to %.12s..., its header says %.12s...", f.path, ErrDamaged, got, f.SHA256)
	}
	return nil
}

// ReadAll returns the data of the sealed file at path, checked: a file
// that is not name at version, or whose data do not match its header, is
// refused (errors as Open's) before the caller sees a byte.
func ReadAll(path, name, version string) ([]byte, error) {
	f, err := Open(path, name, version)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.readAll()
}

// readAll reads and checks the data of an open sealed file.
func (f *File) readAll() ([]byte, error) {
	data := make([]byte, f.Bytes)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", f.path, ErrDamaged, err)
	}
	if err := f.Verify(); err != nil {
		return nil, err
	}
	return data, nil
}

// counter counts the bytes written to it.
type counter struct{ n int64 }

func (c *counter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}
