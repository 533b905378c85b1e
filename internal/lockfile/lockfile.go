package lockfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Name is the lock file's name in a folder.
const Name = ".cubecensus.lock"

// ErrHeld is wrapped by Acquire's error when another live process holds
// the lock.
var ErrHeld = errors.New("in use by another run")

// Lock is a held folder lock.
type Lock struct {
	f *os.File
	// TookOver is the pid of a dead run whose lock this one took over (0
	// if the lock was free).
	TookOver int
}

// Acquire locks the folder dir (made if need be) for this process's
// life, or until Release. A folder another live process holds is refused
// with an error wrapping ErrHeld that names its pid.
func Acquire(dir string) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, Name)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	ok, err := TryLock(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	before, _ := os.ReadFile(path)
	pid, _ := strconv.Atoi(strings.TrimSpace(string(before)))
	if !ok {
		f.Close()
		return nil, fmt.Errorf("%w: %s is locked by process %d (%s); wait for it to end, or use another folder", ErrHeld, dir, pid, path)
	}
	l := &Lock{f: f}
	if pid != 0 && pid != os.Getpid() {
		l.TookOver = pid
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0); err != nil {
		f.Close()
		return nil, err
	}
	return l, nil
}

// Release removes the lock file and drops the lock.
func (l *Lock) Release() error {
	err := os.Remove(l.f.Name())
	return errors.Join(err, l.f.Close())
}
