package sealed

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func write(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := Write(path, "t", "1", func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

// TestReadAll: a file reads back as written; one of another name or
// version is foreign; a missing one is fs.ErrNotExist; a truncated,
// extended or altered one, or one that is not a regular file, is damaged.
func TestReadAll(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	data := []byte("the data\nof a sealed file")
	write(t, path, data)
	if got, err := ReadAll(path, "t", "1"); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("ReadAll = %q, %v; want %q", got, err, data)
	}
	for _, nv := range [][2]string{{"u", "1"}, {"t", "2"}} {
		if _, err := ReadAll(path, nv[0], nv[1]); !errors.Is(err, ErrForeign) {
			t.Errorf("ReadAll as %s version %s: %v, want ErrForeign", nv[0], nv[1], err)
		}
	}
	if _, err := ReadAll(filepath.Join(dir, "none"), "t", "1"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	file, _ := os.ReadFile(path)
	for name, bad := range map[string][]byte{
		"truncated":  file[:len(file)-1],
		"extended":   append(append([]byte(nil), file...), 0),
		"altered":    append(append([]byte(nil), file[:len(file)-1]...), 'X'),
		"no header":  []byte("no newline at all"),
		"key's case": bytes.Replace(file, []byte(`"name"`), []byte(`"Name"`), 1),
	} {
		os.WriteFile(path, bad, 0o644)
		if _, err := ReadAll(path, "t", "1"); !errors.Is(err, ErrDamaged) {
			t.Errorf("%s: %v, want ErrDamaged", name, err)
		}
	}
	if _, err := ReadAll(dir, "t", "1"); err == nil {
		t.Error("a folder was read as a sealed file")
	}
}

// FuzzReadAll: whatever a sealed file's bytes become, ReadAll never
// panics, and what it accepts is what was written.
func FuzzReadAll(f *testing.F) {
	dir := f.TempDir()
	data := bytes.Repeat([]byte("checkpoint "), 20)
	good := filepath.Join(dir, "good")
	write(f, good, data)
	file, err := os.ReadFile(good)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(file)
	f.Add(file[:10])
	f.Fuzz(func(t *testing.T, file []byte) {
		sf, err := open(bytes.NewReader(file), int64(len(file)), "f", "t", "1")
		if err != nil {
			return
		}
		if got, err := sf.readAll(); err == nil && !bytes.Equal(got, data) {
			t.Errorf("accepted data %q that were never written", got)
		}
	})
}
