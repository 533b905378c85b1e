package pipelines

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/tables"
)

// TestDamagedCheckpoints flips bytes of a real checkpoint (an upperface
// search's, kept by a run whose table write failed), one at a time, over
// its header and across its data: every flip must be named in a warning
// and set aside, never resumed from, never a panic. Runs from a few of the
// damaged checkpoints, and one from the good checkpoint, must write the
// tables an uninterrupted run writes. (Before checkpoints were sealed, 4 of
// 65 flips resumed into impossible tables and 15 panicked.)
func TestDamagedCheckpoints(t *testing.T) {
	newEnv := func(ck string, logs *strings.Builder) *Env {
		env := testEnv(400 << 20)
		env.Options.UpperfaceBudget = 2e5
		env.Options.UpperfaceMetrics = MetricList{cube.HTM}
		env.CheckpointDir = ck
		if logs != nil {
			env.Log = slog.New(slog.NewTextHandler(logs, nil))
		}
		return env
	}
	want := t.TempDir()
	if _, err := Run(context.Background(), upperfaceStage, newEnv(filepath.Join(t.TempDir(), "ck"), nil), want); err != nil {
		t.Fatal(err)
	}
	wantTables := tableRows(t, want)

	// A checkpoint of the whole search: the run's first table cannot be
	// written, so its checkpoint stays.
	ck := filepath.Join(t.TempDir(), "ck")
	blocked := t.TempDir()
	if err := os.Mkdir(filepath.Join(blocked, "upperface_positions.arrow"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), upperfaceStage, newEnv(ck, nil), blocked); err == nil {
		t.Fatal("a run that cannot write its table succeeded")
	}
	path := filepath.Join(ck, "upperface-HTM.checkpoint")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	build, err := tables.BuildID()
	if err != nil {
		t.Fatal(err)
	}

	header := strings.IndexByte(string(good), '\n') + 1
	var offsets []int
	for i := range header {
		offsets = append(offsets, i)
	}
	for i := header; i < len(good); i += max(1, (len(good)-header)/300) {
		offsets = append(offsets, i)
	}
	offsets = append(offsets, len(good)-1)
	for n, at := range offsets {
		damaged := append([]byte(nil), good...)
		damaged[at] ^= byte(1 << (n % 8))
		if err := os.WriteFile(path, damaged, 0o644); err != nil {
			t.Fatal(err)
		}
		var logs strings.Builder
		env := newEnv(ck, &logs)
		env.stage = upperfaceStage.Name
		c, reason := upperfaceCheckpoints.read(path, build)
		if c != nil || reason == "" {
			t.Fatalf("byte %d of %d flipped: the checkpoint was accepted", at, len(good))
		}
		setAside(env, path, reason)
		if _, err := os.Stat(path); err == nil || !strings.Contains(logs.String(), "set a checkpoint aside") || !strings.Contains(logs.String(), path) {
			t.Fatalf("byte %d flipped: not set aside with a warning naming it:\n%s", at, logs.String())
		}
	}
	asides, _ := filepath.Glob(path + setAsideSuffix + "*")
	if len(asides) != len(offsets) {
		t.Errorf("%d checkpoints set aside for %d flips", len(asides), len(offsets))
	}

	for _, at := range []int{header / 2, (header + len(good)) / 2, len(good) - 1, -1} {
		t.Run(fmt.Sprintf("resume-after-flip-%d", at), func(t *testing.T) {
			file := append([]byte(nil), good...)
			if at >= 0 {
				file[at] ^= 0x40
			}
			if err := os.WriteFile(path, file, 0o644); err != nil {
				t.Fatal(err)
			}
			var logs strings.Builder
			out := t.TempDir()
			if _, err := Run(context.Background(), upperfaceStage, newEnv(ck, &logs), out); err != nil {
				t.Fatal(err)
			}
			resumed := strings.Contains(logs.String(), "upperface: resuming")
			if resumed != (at < 0) {
				t.Errorf("resumed = %v from a checkpoint with byte %d flipped:\n%s", resumed, at, logs.String())
			}
			got := tableRows(t, out)
			for name, rows := range wantTables {
				if got[name] != rows {
					t.Errorf("%s differs from an uninterrupted run's", name)
				}
			}
		})
	}
}

// tableRows reads every table in dir, as text, by name.
func tableRows(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*"+tables.Extension))
	if err != nil || len(files) == 0 {
		t.Fatalf("no tables in %s: %v", dir, err)
	}
	rows := map[string]string{}
	for _, f := range files {
		tab, _, err := tables.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		rows[tab.Name] = fmt.Sprint(tab.Columns, tab.Rows)
	}
	return rows
}
