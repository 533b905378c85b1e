package hugepage

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// A large slice advised before it is written is backed by huge pages where
// the system gives them on request.
func TestAdvise(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if runtime.GOOS != "linux" || err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("no transparent huge pages here")
	}
	before := anonHugeKB(t)
	s := make([]uint64, 64<<20/8)
	Advise(s)
	for i := range s {
		s[i] = uint64(i)
	}
	if got := anonHugeKB(t) - before; got < 16<<10 {
		t.Errorf("a 64 MiB advised slice got %d kB of huge pages", got)
	}
	Advise(s[:0]) // nothing to advise
	Advise(make([]byte, 100))
	runtime.KeepAlive(s)
}

func anonHugeKB(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/smaps_rollup")
	if err != nil {
		t.Skip(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "AnonHugePages:" {
			kb, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatal(err)
			}
			return kb
		}
	}
	t.Skip("no AnonHugePages in smaps_rollup")
	return 0
}
