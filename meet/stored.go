package meet

import (
	"fmt"

	"github.com/cubecensus/cubecensus/cube"
)

// StoredSide describes a problem's stored side to the search: the entries
// the words of cost at most k make, the bytes that many entries take, and
// the deepest side an entry can describe.
type StoredSide struct {
	Entries  func(m cube.Metric, k int) uint64
	Bytes    func(entries uint64) uint64
	MaxDepth int
	// MaxEntries bounds the entries of a side (its table's index).
	MaxEntries uint64
}

// minStoredDepth is the shallowest stored side worth a search.
const minStoredDepth = 3

// ChooseDepth returns the deepest k, at least 3, whose stored side in
// metric m fits budget bytes and is worth building (worth nil: every one
// is), or an error naming what the smallest needs.
func (s StoredSide) ChooseDepth(m cube.Metric, budget uint64, worth func(k int) bool) (int, error) {
	bytes := func(k int) uint64 { return s.Bytes(s.Entries(m, k)) }
	if bytes(minStoredDepth) > budget {
		return 0, fmt.Errorf("the %s search's smallest table needs %d bytes, more than the budget %d", m, bytes(minStoredDepth), budget)
	}
	k := minStoredDepth
	for k < s.MaxDepth && bytes(k+1) <= budget && s.Entries(m, k+1) <= s.MaxEntries && (worth == nil || worth(k+1)) {
		k++
	}
	return k, nil
}
