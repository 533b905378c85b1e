package cosets

import (
	"math/bits"
	"sync"

	"github.com/cubecensus/cubecensus/internal/hugepage"
	"github.com/cubecensus/cubecensus/internal/parallel"
)

// The passes over a whole bitmap rewrite it in place (seed 002, section
// 6.4: "we allocate portions of the new bitmap only as they are needed, and
// we free portions of the old bitmap upon their last use ... we evaluate
// the corner positions ... in a different order that ... minimizes the
// maximum amount of memory allocated at once"). A pass computes each new
// page from a few old pages (its sources: itself and, for the prepass, the
// pages one move of A away). The targets are computed in a fixed order;
// a new page is held apart until every target that reads the old one is
// done, then takes its place, and the old page goes back to the pool. In
// breadth-first order over the corner permutations' graph at most about
// 6,300 new pages (16%) wait at once, so the bitmap and its spare pages
// take 2.8 GB, not the two bitmaps' 4.8.

// pagePool hands out pages: those of one allocation (newDensePool), or
// new ones from the heap when it has none. It keeps apart the pages known
// to be empty, which the search writes into, from the others, which the
// passes overwrite whole.
type pagePool struct {
	mu           sync.Mutex
	dirty, clean [][]byte
	dense        bool
}

// newDensePool allocates n empty pages at once and touches them on
// workers goroutines, so that the operating system maps and zeroes the
// memory now, in parallel, and not page by page later, inside the
// search's lock or a pass (a coset's first search and prepasses took a
// few seconds more than the next coset's).
func newDensePool(n, workers int) *pagePool {
	region := make([]byte, n*pageStride)
	hugepage.Advise(region)
	const chunk = 64 << 20
	parallel.For((len(region)+chunk-1)/chunk, workers, func(int) func(int) {
		return func(i int) {
			for b := i * chunk; b < min((i+1)*chunk, len(region)); b += 4096 {
				region[b] = 0
			}
		}
	})
	pool := &pagePool{clean: make([][]byte, 0, n), dense: true}
	for i := range n {
		pool.clean = append(pool.clean, region[i*pageStride:(i+1)*pageStride:(i+1)*pageStride])
	}
	return pool
}

// get returns a page whose rows hold anything.
func (pool *pagePool) get() []byte {
	pool.mu.Lock()
	defer pool.mu.Unlock()
	if page := pop(&pool.dirty); page != nil {
		return page
	}
	if page := pop(&pool.clean); page != nil {
		return page
	}
	return pool.fresh()
}

// getEmpty returns a page with no position.
func (pool *pagePool) getEmpty() []byte {
	pool.mu.Lock()
	defer pool.mu.Unlock()
	if page := pop(&pool.clean); page != nil {
		return page
	}
	if page := pop(&pool.dirty); page != nil {
		clear(page)
		return page
	}
	return pool.fresh()
}

// fresh makes an empty page where the pool is not dense; pool.mu is held.
func (pool *pagePool) fresh() []byte {
	if pool.dense { // its size is a bound the passes keep
		panic("cosets: the bitmap's page pool is exhausted")
	}
	return make([]byte, pageStride)
}

// put gives back a page; clean says it is empty.
func (pool *pagePool) put(page []byte, clean bool) {
	pool.mu.Lock()
	defer pool.mu.Unlock()
	switch {
	case !pool.dense:
	case clean:
		pool.clean = append(pool.clean, page)
	default:
		pool.dirty = append(pool.dirty, page)
	}
}

// pop removes and returns the last page of a list, nil when empty.
func pop(pages *[][]byte) []byte {
	n := len(*pages)
	if n == 0 {
		return nil
	}
	page := (*pages)[n-1]
	*pages = (*pages)[:n-1]
	return page
}

// passPlan is the order of a pass's targets and when old pages retire.
type passPlan struct {
	order []uint16
	// retire[i] lists the pages that no target after order[i] reads.
	retire [][]uint16
	// spare is the most new pages held apart at once in order.
	spare int
}

// newPassPlan plans a pass computing the targets in order, target p
// reading the pages sources(p) (p among them).
func newPassPlan(order []uint16, sources func(p int) []int) *passPlan {
	at := make([]int, NCornerPerms)
	for i, p := range order {
		at[p] = i
	}
	last := make([]int, NCornerPerms)
	for q := range last {
		last[q] = -1 // read by no target: not part of the pass
	}
	for i, p := range order {
		for _, q := range sources(int(p)) {
			last[q] = max(last[q], i)
		}
	}
	plan := &passPlan{order: order, retire: make([][]uint16, len(order))}
	for q, i := range last {
		if i < 0 {
			continue
		}
		if i < at[q] {
			panic("cosets: a pass's target does not read its own page")
		}
		plan.retire[i] = append(plan.retire[i], uint16(q))
	}
	held := 0
	for i := range order {
		held += 1 - len(plan.retire[i])
		plan.spare = max(plan.spare, held)
	}
	return plan
}

// rewriteWindow bounds how far the workers run ahead of the first target
// not done: the pages held apart exceed the plan's spare by at most that.
const rewriteWindow = 64

// pageOut is a rewrite worker's scratch for its target pages: the rows
// a compute builds before it stores them, and the pool of the new pages.
type pageOut struct {
	acc  [nRows]uint32
	pool *pagePool
}

// newPage is what a pass's compute made of a target page: page nil when
// it is empty, else the page, its positions and its full rows.
type newPage struct {
	page      []byte
	positions int64
	full      int
}

// store writes the rows of acc into a new page.
func (o *pageOut) store() newPage {
	page := o.pool.get()
	n, full := storeRows(page, &o.acc)
	return newPage{page: page, positions: n, full: full}
}

// rewrite replaces every page of b, in plan's order, by what compute makes
// of it (reading b's old pages), records each new page's full rows in
// b.fullRows, and returns the positions now in b. newCompute makes each
// worker's compute.
func (b *Bitmap) rewrite(plan *passPlan, workers int, newCompute func() func(p int, out *pageOut) newPage) int64 {
	held := make([][]byte, NCornerPerms)
	done := make([]bool, len(plan.order))
	var (
		mu          sync.Mutex
		moved       = sync.NewCond(&mu)
		claimed, ok int // the next target to claim; every one before ok is done
		total       int64
		wg          sync.WaitGroup
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			compute, out := newCompute(), &pageOut{pool: b.pool}
			for {
				mu.Lock()
				for claimed < len(plan.order) && claimed >= ok+rewriteWindow {
					moved.Wait()
				}
				if claimed == len(plan.order) {
					mu.Unlock()
					return
				}
				i := claimed
				claimed++
				mu.Unlock()
				p := int(plan.order[i])
				np := compute(p, out)
				mu.Lock()
				held[p], done[i] = np.page, true
				b.fullRows[p] = uint16(np.full)
				total += np.positions
				for ; ok < len(plan.order) && done[ok]; ok++ {
					for _, q := range plan.retire[ok] {
						if b.pages[q] != nil {
							b.pool.put(b.pages[q], false)
						}
						b.pages[q] = held[q]
					}
				}
				moved.Broadcast()
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return total
}

// storeRows writes acc into page and returns its positions and full rows.
func storeRows(page []byte, acc *[nRows]uint32) (positions int64, full int) {
	var n int
	to := pageStart(page)
	for r, v := range acc {
		storeRow(to, r, v)
		n += bits.OnesCount32(v)
		if v == rowMask {
			full++
		}
	}
	return int64(n), full
}

// loadPage sets acc to the rows of page and returns how many are full.
func loadPage(acc *[nRows]uint32, page []byte) (full int) {
	from := pageStart(page)
	for r := range acc {
		v := loadRow(from, uint16(r))
		acc[r] = v
		if v == rowMask {
			full++
		}
	}
	return full
}
