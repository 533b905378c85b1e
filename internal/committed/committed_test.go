package committed

import (
	"os"
	"testing"
)

func TestPathFindsACommittedTable(t *testing.T) {
	if _, err := os.Stat(Path(t, "canonical_sequences")); err != nil {
		t.Errorf("the committed canonical table: %v", err)
	}
}

func TestEnvVarOverrides(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvVar, dir)
	if got := Dir(t); got != dir {
		t.Errorf("Dir = %s with %s=%s", got, EnvVar, dir)
	}
}
