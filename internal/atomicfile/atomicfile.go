package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/cubecensus/cubecensus/internal/lockfile"
)

// TempSuffix follows the name of the file Write writes in the
// name of its temporary file (then a random number): a run that was killed
// during a write leaves such a file, and the next run removes it.
const TempSuffix = ".tmp"

// Write writes path through write: to a temporary file in the same
// folder (made if need be), synced and renamed over path, so that a reader
// sees the old file or the new one, never a part.
func Write(path string, write func(io.Writer) error) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+TempSuffix+"*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	// Locked while written: RemoveStale tells it from one a dead
	// process left.
	if _, err := lockfile.TryLock(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := write(tmp); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// RemoveStale removes the temporary files of path (path + TempSuffix +
// digits) that no live process is writing: those a killed writer left.
// It returns the files it removed.
func RemoveStale(path string) ([]string, error) {
	temps, err := filepath.Glob(path + TempSuffix + "*")
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, name := range temps {
		f, err := os.Open(name)
		if err != nil {
			continue // renamed or removed by its writer meanwhile
		}
		free, err := lockfile.TryLock(f)
		if err == nil && free {
			err = os.Remove(name)
			if err == nil {
				removed = append(removed, name)
			}
		}
		f.Close()
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, err
		}
	}
	return removed, nil
}
