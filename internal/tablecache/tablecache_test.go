package tablecache

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestGet builds a table once, loads it after, and rebuilds it when its
// version changes or its file is damaged or truncated.
func TestGet(t *testing.T) {
	dir := t.TempDir()
	builds := 0
	build := func() ([]byte, error) {
		builds++
		return []byte{1, 2, 3, 4, 5}, nil
	}
	get := func(version string, wantLoaded bool) {
		t.Helper()
		tb, err := Get(dir, "t", version, build)
		if err != nil || tb.StoreErr != nil || !bytes.Equal(tb.Data, []byte{1, 2, 3, 4, 5}) || tb.Loaded != wantLoaded {
			t.Fatalf("version %s: %+v, %v (loaded want %v)", version, tb, err, wantLoaded)
		}
	}
	get("1", false)
	get("1", true)
	get("2", false)
	path := filepath.Join(dir, "t.table")
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	file[len(file)-1] ^= 1
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	// A killed build's half-written file goes with the next Get.
	leftover := path + ".tmp98765"
	if err := os.WriteFile(leftover, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	if tb, _ := Get(dir, "t", "2", build); tb.Damaged == nil {
		t.Error("a damaged copy was rebuilt without saying so")
	}
	if _, err := os.Stat(leftover); err == nil {
		t.Error("a dead build's temporary file was left")
	}
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	get("2", false)
	if err := os.WriteFile(path, file[:len(file)-2], 0o644); err != nil {
		t.Fatal(err)
	}
	get("2", false)
	get("2", true)
	if builds != 5 {
		t.Errorf("%d builds, want 5", builds)
	}
	ro := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(ro, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := Get(filepath.Join(ro, "sub"), "t", "1", build)
	if err != nil || tb.StoreErr == nil || len(tb.Data) != 5 {
		t.Errorf("a folder that cannot be made: %+v, %v", tb, err)
	}
}
