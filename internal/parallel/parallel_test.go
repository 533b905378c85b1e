package parallel

import (
	"context"
	"errors"
	"slices"
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

func TestOrderedMergesInOrder(t *testing.T) {
	for _, workers := range []int{1, 2, 5} {
		var merged []int
		done, err := Ordered(context.Background(), 3, 200, workers, func(int) func(int) int {
			return func(i int) int { return i * i }
		}, func(i, r int) (bool, error) {
			if r != i*i {
				t.Fatalf("task %d gave %d", i, r)
			}
			merged = append(merged, i)
			return true, nil
		})
		if err != nil || done != 200 || len(merged) != 197 || !slices.IsSorted(merged) || merged[0] != 3 {
			t.Fatalf("workers=%d: done %d, %v, merged %d tasks from %v", workers, done, err, len(merged), merged[:1])
		}
	}
}

func TestOrderedStops(t *testing.T) {
	var ran atomic.Int32
	done, err := Ordered(context.Background(), 0, 10000, 2, func(int) func(int) int {
		return func(i int) int { ran.Add(1); return i }
	}, func(i, r int) (bool, error) { return i < 9, nil })
	if err != nil || done != 10 || ran.Load() > 2*256+10 {
		t.Errorf("stopped after task 9: done %d, %v, %d tasks ran", done, err, ran.Load())
	}
	boom := errors.New("boom")
	if _, err := Ordered(context.Background(), 0, 10, 2, func(int) func(int) int {
		return func(i int) int { return i }
	}, func(i, r int) (bool, error) { return true, boom }); err != boom {
		t.Errorf("merge's error: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Ordered(ctx, 0, 10, 2, func(int) func(int) int {
		return func(i int) int { return i }
	}, func(i, r int) (bool, error) { return true, nil }); err != context.Canceled {
		t.Errorf("a cancelled context: %v", err)
	}
}
