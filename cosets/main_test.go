package cosets

import (
	"os"
	"testing"
)

// TestMain builds the package's tables, which the tests of its internals
// use directly; the exported constructors build them themselves (and the
// pipelines' tests, which only call those, check that they do).
func TestMain(m *testing.M) {
	if tables != nil {
		panic("cosets: tables built at initialisation")
	}
	build()
	os.Exit(m.Run())
}
