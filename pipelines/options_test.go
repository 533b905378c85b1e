package pipelines

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

func TestOptionValues(t *testing.T) {
	for _, tc := range []struct {
		value Value
		input string
		ok    bool
		want  string // String() after a good Set
	}{
		{new(Probes), "8.5e9", true, "8500000000"},
		{new(Probes), "1", true, "1"},
		{new(Probes), "lots", false, ""},
		{new(Probes), "NaN", false, ""},
		{new(Probes), "Inf", false, ""},
		{new(Probes), "-5", false, ""},
		{new(Probes), "0", false, ""},
		{new(Probes), "2.5", false, ""},
		{new(Probes), "1e19", false, ""},
		{new(Depth), "-1", true, "-1"},
		{new(Depth), "7", true, "7"},
		{new(Depth), "-2", false, ""},
		{new(Depth), "x", false, ""},
		{new(MetricList), "stm, htm", true, "STM,HTM"},
		{new(MetricList), "HTM,XTM", false, ""},
		{new(MetricList), "HTM,htm", false, ""},
		{new(MetricList), "", false, ""},
		{new(Bytes), "6GiB", true, "6.0 GiB"},
		{new(Bytes), "NaN", false, ""},
		{new(Bytes), "Inf", false, ""},
		{new(Bytes), "-1GiB", false, ""},
		{new(Bytes), "0", false, ""},
		{new(Bytes), "1e30", false, ""},
		{new(MetricProbes), "2.5e9", true, "2500000000"},
		{new(MetricProbes), "htm=3e10, STM=1e9", true, "HTM=30000000000,QTM=0,STM=1000000000"},
		{new(MetricProbes), "HTM=3e10,HTM=1", false, ""},
		{new(MetricProbes), "HTM:3e10", false, ""},
		{new(MetricProbes), "XTM=5", false, ""},
		{new(MetricDepths), "18", true, "18"},
		{new(MetricDepths), "HTM=19,stm=16", true, "HTM=19,QTM=0,STM=16"},
		{new(MetricDepths), "HTM=x", false, ""},
		{new(MetricDepths), "-1", false, ""},
		{new(MetricDepths), "100", false, ""},
		{new(MetricDepths), "QTM=2,QTM=3", false, ""},
		{new(MoveCount), "20", true, "20"},
		{new(MoveCount), "0", true, "0"},
		{new(MoveCount), "41", false, ""},
		{new(MoveCount), "-1", false, ""},
		{new(MoveCount), "x", false, ""},
		{new(CosetRange), "0:10", true, "0:10"},
		{new(CosetRange), "138639779:1", true, "138639779:1"},
		{new(CosetRange), "138639779:2", false, ""},
		{new(CosetRange), "5", true, "5"}, // a list of one class
		{new(CosetRange), "7,5,2e3", true, "7,5,2000"},
		{new(CosetRange), "5,x", false, ""},
		{new(CosetRange), "-1", false, ""},
		{new(CosetRange), "138639780", false, ""},
		{new(CosetRange), "5:-1", false, ""},
		{new(CosetRange), "a:1", false, ""},
		{new(Shard), "3/10", true, "3/10"},
		{new(Shard), "0/1", true, "0/1"},
		{new(Shard), "10/10", false, ""},
		{new(Shard), "-1/3", false, ""},
		{new(Shard), "3", false, ""},
		{new(Shard), "a/b", false, ""},
		{new(Shard), "0/0", false, ""},
	} {
		err := tc.value.Set(tc.input)
		if (err == nil) != tc.ok || tc.ok && tc.value.String() != tc.want {
			t.Errorf("%s.Set(%q) = %v, String %q; want ok %v, %q", tc.value.Type(), tc.input, err, tc.value.String(), tc.ok, tc.want)
		}
	}
}

// TestCheckOptions: every option is checked before any stage, and one for a
// stage that is not run is an error (it used to be ignored, exit 0).
func TestCheckOptions(t *testing.T) {
	canonical, _ := Lookup([]string{"canonical"})
	all, _ := Lookup(nil)
	env := testEnv(6 << 30)
	if err := CheckOptions(canonical, env, []string{"upperface-metrics"}); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "--upperface-metrics is an option of the upperface stage") {
		t.Errorf("an upperface option for canonical: %v", err)
	}
	if err := CheckOptions(all, env, []string{"upperface-metrics", "bruteforce-depth"}); err != nil {
		t.Errorf("defaults for every stage: %v", err)
	}
	env.Options.BruteforceDepth = 12
	env.MemBudget = 1 << 30
	if err := CheckOptions(all, env, nil); !errors.Is(err, ErrOption) || !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "--bruteforce-depth 12") {
		t.Errorf("a brute force over the budget: %v", err)
	}
	env = testEnv(6 << 30)
	env.Options.UpperfaceBudget = 10
	env.Options.UpperfaceMetrics = MetricList{cube.QTM}
	if err := CheckOptions(all, env, nil); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "--upperface-budget 10") {
		t.Errorf("a tiny probe budget: %v", err)
	}
}

func TestPrepareOutput(t *testing.T) {
	dir := t.TempDir()
	if err := PrepareOutput(dir + "/made/here"); err != nil {
		t.Errorf("a new folder: %v", err)
	}
	file := dir + "/file"
	if err := PrepareOutput(dir); err != nil {
		t.Fatal(err)
	}
	writeFile(t, file)
	if err := PrepareOutput(file + "/sub"); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "--out "+file+"/sub") {
		t.Errorf("a folder under a file: %v", err)
	}
}

func writeFile(t *testing.T, path string) {
	t.Helper()
	if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCheckpointDir: checkpoints go into the output folder only when the
// user named it (a run with the default folder used to write them into the
// source checkout's results/).
func TestCheckpointDir(t *testing.T) {
	for _, tc := range []struct {
		named, out string
		outNamed   bool
		want       string
	}{
		{"/ck", "results", true, "/ck"},
		{"", "/data/r", true, "/data/r/.checkpoints"},
		{"", "results", false, DefaultCheckpointDir()},
	} {
		if got := CheckpointDir(tc.named, tc.out, tc.outNamed); got != tc.want {
			t.Errorf("CheckpointDir(%q, %q, %v) = %s, want %s", tc.named, tc.out, tc.outNamed, got, tc.want)
		}
	}
}
