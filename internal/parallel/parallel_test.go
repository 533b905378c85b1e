package parallel

import (
	"sync/atomic"
	"testing"
)

func TestForRunsEachTaskOnce(t *testing.T) {
	for _, workers := range []int{0, 1, 3} {
		runs := make([]atomic.Int32, 1000)
		var started atomic.Int32
		For(len(runs), workers, func(int) func(int) {
			started.Add(1)
			return func(i int) { runs[i].Add(1) }
		})
		for i := range runs {
			if runs[i].Load() != 1 {
				t.Fatalf("workers=%d: task %d ran %d times", workers, i, runs[i].Load())
			}
		}
		if want := max(1, int32(workers)); started.Load() != want {
			t.Errorf("workers=%d: %d goroutines made their task, want %d", workers, started.Load(), want)
		}
	}
}
