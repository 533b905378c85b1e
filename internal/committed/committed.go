package committed

import (
	"os"
	"path/filepath"
	"testing"
)

// EnvVar overrides the folder, as it does for the notebooks.
const EnvVar = "CUBECENSUS_RESULTS"

// Dir returns the folder of the committed tables: $CUBECENSUS_RESULTS if
// set, else results/ beside the go.mod found by walking up from the working
// directory (a test's working directory is its package's folder). It fails
// tb when there is no such folder.
func Dir(tb testing.TB) string {
	tb.Helper()
	if dir := os.Getenv(EnvVar); dir != "" {
		return dir
	}
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			results := filepath.Join(dir, "results")
			if _, err := os.Stat(results); err != nil {
				tb.Fatalf("committed tables: %v", err)
			}
			return results
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("committed tables: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Path returns the path of the committed table name (without extension).
func Path(tb testing.TB, name string) string {
	tb.Helper()
	return filepath.Join(Dir(tb), name+".arrow")
}
