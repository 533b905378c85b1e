package pipelines

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// ParseBytes reads a size such as "6GiB", "512MiB", "2G" or "1000000".
func ParseBytes(s string) (uint64, error) {
	units := []struct {
		suffix string
		scale  uint64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40}, {"B", 1}}
	num, scale := strings.TrimSpace(s), uint64(1)
	for _, u := range units {
		if n, ok := strings.CutSuffix(num, u.suffix); ok {
			num, scale = n, u.scale
			break
		}
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(num), 64) // "6.0 GiB", as FormatBytes writes it, too
	bytes := f * float64(scale)
	if err != nil || math.IsNaN(f) || bytes < 1 || bytes >= 1<<63 {
		return 0, fmt.Errorf("bad size %q (want a positive size, e.g. 6GiB, 512MiB)", s)
	}
	return uint64(bytes), nil
}

// FormatBytes writes n in TiB, GiB or MiB for messages.
func FormatBytes(n uint64) string {
	if n >= 1<<40 {
		return fmt.Sprintf("%.1f TiB", float64(n)/(1<<40))
	}
	if n >= 1<<30 {
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// MachineMemory returns the machine's total memory from /proc/meminfo, or
// 0 where that file does not exist.
func MachineMemory() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, _ := strconv.ParseUint(fields[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// CheckBudget refuses a memory budget above three quarters of the machine,
// which would leave too little for the operating system and the Go heap's
// own overhead. Its error wraps ErrOption and ErrTooBig.
func CheckBudget(budget uint64) error {
	if m := MachineMemory(); m > 0 && budget > m/4*3 {
		return fmt.Errorf("%w: %w: --mem-budget %s is more than 3/4 of this machine's %s", ErrOption, ErrTooBig, FormatBytes(budget), FormatBytes(m))
	}
	return nil
}
