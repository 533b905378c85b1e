package parallel

import (
	"context"
	"sync"
	"sync/atomic"
)

// For runs task(i) for i = 0..n-1 on workers goroutines (at least one),
// each taking the next i as it finishes one, and returns when all are done.
// newWorker is called once per goroutine, before it starts, with its number,
// and returns that goroutine's task function: the place for scratch space
// that the tasks of one goroutine share.
func For(n, workers int, newWorker func(worker int) (task func(i int))) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range max(1, workers) {
		task := newWorker(w)
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				task(i)
			}
		})
	}
	wg.Wait()
}

// Ordered runs task(i) for i = first..n-1 on workers goroutines and hands
// each result to merge in the order of i, as soon as it and those before it
// are done: the shape of a search whose units of work run in any order but
// whose results must not depend on that order. newWorker is called once per
// goroutine, as in For. Workers run at most 256 tasks each ahead of the
// merge (so one long task does not idle the others, and results do not pile
// up without bound). merge returning false or an error
// stops the run: tasks not begun are skipped, and Ordered returns once
// those under way have ended, with merge's error, or ctx's if ctx ended
// first. It returns the index of the first task not merged (n when all
// were).
func Ordered[R any](ctx context.Context, first, n, workers int, newWorker func(worker int) (task func(i int) R), merge func(i int, r R) (bool, error)) (int, error) {
	workers = max(1, workers)
	results := make([]chan R, n)
	for i := range results[first:] {
		results[first+i] = make(chan R, 1)
	}
	ahead := make(chan struct{}, 256*workers) // a token per task taken and not yet merged
	quit := make(chan struct{})
	var next atomic.Int64
	next.Store(int64(first))
	var wg sync.WaitGroup
	for w := range workers {
		task := newWorker(w)
		wg.Go(func() {
			for {
				select {
				case ahead <- struct{}{}:
				case <-quit:
					return
				}
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				select {
				case <-quit:
					return
				default:
				}
				results[i] <- task(i)
			}
		})
	}
	defer wg.Wait()
	defer close(quit)
	for i := first; i < n; i++ {
		select {
		case r := <-results[i]:
			<-ahead
			more, err := merge(i, r)
			if err != nil {
				return i, err
			}
			if !more {
				return i + 1, nil
			}
		case <-ctx.Done():
			return i, ctx.Err()
		}
	}
	return n, nil
}
