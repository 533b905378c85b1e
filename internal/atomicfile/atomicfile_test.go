package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestWrite: a write replaces the file whole; a failed one leaves the old
// file and no temporary file behind.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "f")
	write := func(text string, err error) error {
		return Write(path, func(w io.Writer) error {
			if _, werr := io.WriteString(w, text); werr != nil {
				return werr
			}
			return err
		})
	}
	if err := write("one", nil); err != nil {
		t.Fatal(err)
	}
	if err := write("two, half written", errors.New("disk full")); err == nil {
		t.Fatal("a failed write reported no error")
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != "one" {
		t.Fatalf("after a failed write: %q, %v", got, err)
	}
	left, err := filepath.Glob(filepath.Join(dir, "sub", "*"+TempSuffix+"*"))
	if err != nil || len(left) != 0 {
		t.Fatalf("temporary files left: %v (%v)", left, err)
	}
}
