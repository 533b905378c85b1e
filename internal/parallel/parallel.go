// Package parallel runs independent tasks on a fixed number of goroutines.
package parallel

import (
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
