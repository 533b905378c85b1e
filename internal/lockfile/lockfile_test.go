package lockfile

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestAcquire: a held folder is refused naming the holder; a released one
// is free again; a lock file a dead run left (unlocked) is taken over and
// its pid reported.
func TestAcquire(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	l, err := Acquire(dir)
	if err != nil || l.TookOver != 0 {
		t.Fatalf("Acquire = %+v, %v", l, err)
	}
	pid := strconv.Itoa(os.Getpid())
	if _, err := Acquire(dir); !errors.Is(err, ErrHeld) || !strings.Contains(err.Error(), "process "+pid) {
		t.Errorf("a second Acquire: %v, want ErrHeld naming process %s", err, pid)
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, Name)); err == nil {
		t.Error("the lock file is left after Release")
	}
	if err := os.WriteFile(filepath.Join(dir, Name), []byte("999999\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err = Acquire(dir)
	if err != nil || l.TookOver != 999999 {
		t.Fatalf("a dead run's lock: %+v, %v; want it taken over from 999999", l, err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, Name)); string(got) != pid+"\n" {
		t.Errorf("the lock file holds %q, want this pid", got)
	}
	l.Release()
}
