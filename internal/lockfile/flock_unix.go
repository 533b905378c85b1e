//go:build unix

package lockfile

import (
	"errors"
	"os"
	"syscall"
)

// TryLock takes an exclusive advisory lock on f without waiting: false if
// another open file description holds it. The lock lasts until f is
// closed or its process ends.
func TryLock(f *os.File) (bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}
