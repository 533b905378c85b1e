package meet

import (
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// TestChooseDepth: the deepest side that fits the budget, the entries'
// bound, the deepest describable and the worth asked, never below 3; a
// budget below the side of 3 is refused naming its bytes.
func TestChooseDepth(t *testing.T) {
	side := StoredSide{
		Entries:    func(_ cube.Metric, k int) uint64 { return 1 << (2 * k) }, // 4^k
		Bytes:      func(n uint64) uint64 { return 8 * n },
		MaxDepth:   9,
		MaxEntries: 1 << 16, // k <= 8
	}
	for _, tc := range []struct {
		budget uint64
		worth  func(int) bool
		want   int
	}{
		{8 << 6, nil, 3},
		{8<<8 - 1, nil, 3},
		{8 << 8, nil, 4},
		{8 << 14, nil, 7},
		{1 << 40, nil, 8},
		{1 << 40, func(k int) bool { return k <= 5 }, 5},
	} {
		if got, err := side.ChooseDepth(cube.HTM, tc.budget, tc.worth); err != nil || got != tc.want {
			t.Errorf("budget %d: %d, %v; want %d", tc.budget, got, err, tc.want)
		}
	}
	side.MaxEntries = 1 << 62
	if got, _ := side.ChooseDepth(cube.HTM, 1<<40, nil); got != 9 {
		t.Errorf("no entries bound: %d, want 9, the deepest describable", got)
	}
	if _, err := side.ChooseDepth(cube.QTM, 8<<6-1, nil); err == nil || !strings.Contains(err.Error(), "512 bytes") {
		t.Errorf("a budget below the smallest side: %v", err)
	}
}
