package upperface

import "github.com/cubecensus/cubecensus/cube"

// generatingDepth[m] is the least depth d such that the positions at
// distance <= d in metric m generate all 62,208 upper-face positions. A
// search must finish depth d before Compose can give every position it did
// not reach an upper bound; TestGeneratingDepth derives these values again
// from searches.
var generatingDepth = [cube.NMetrics]int{cube.HTM: 7, cube.QTM: 7, cube.STM: 7}

// PlannedProbes is the number of probes a search of metric m with stored
// depth k makes at depth n: fixed by the chunks, before any search.
func PlannedProbes(m cube.Metric, k, n int) int64 {
	s := newSearcher(Config{Metric: m, StoredDepth: k})
	var probes int64
	for _, c := range s.chunks(n) {
		probes += c.probes
	}
	return probes
}

// MinBudget is the least probe budget (Config.Budget) with which a search
// of metric m with stored depth k yields bounds for every position: the
// probes of its depths 1 through generatingDepth[m]. It also returns that
// depth. With a smaller budget the search may end before its positions
// generate the group, and the positions it did not reach cannot be bounded.
func MinBudget(m cube.Metric, k int) (probes int64, depth int) {
	depth = generatingDepth[m]
	for n := 1; n <= depth; n++ {
		probes += PlannedProbes(m, k, n)
	}
	return probes, depth
}
