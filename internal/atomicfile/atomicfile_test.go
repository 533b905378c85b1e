package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/cubecensus/cubecensus/internal/lockfile"
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

// TestRemoveStale: a temporary file no live writer holds is removed; one
// being written (locked) and other files are not.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.table")
	stale, live, other := path+TempSuffix+"123", path+TempSuffix+"456", path+".notes"
	for _, f := range []string{stale, live, other} {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writer, err := os.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	defer writer.Close()
	if ok, err := lockfile.TryLock(writer); !ok || err != nil {
		t.Fatalf("TryLock = %v, %v", ok, err)
	}
	removed, err := RemoveStale(path)
	if err != nil || len(removed) != 1 || removed[0] != stale {
		t.Errorf("RemoveStale = %v, %v; want only %s", removed, err, stale)
	}
	for _, f := range []string{live, other} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s was removed", f)
		}
	}
}
