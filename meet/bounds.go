package meet

import "github.com/cubecensus/cubecensus/cube"

// Bounds are a search's bounds on the distances of the states of a
// problem, indexed by the problem's numbering of its states.
type Bounds struct {
	Metric cube.Metric
	// Lower and Upper bound each state's distance; they are equal where it
	// is known. Word[i] has cost Upper[i]; Upper is -1 and Word nil where
	// no maneuver is known yet.
	Lower, Upper []int
	Word         []cube.Word
	// Exhaustive is the depth through which every distance is known.
	Exhaustive int
}

// NewBounds returns the bounds of n states in metric m before a search:
// every lower bound 0, no upper bound.
func NewBounds(m cube.Metric, n int) Bounds {
	b := Bounds{Metric: m, Lower: make([]int, n), Upper: make([]int, n), Word: make([]cube.Word, n)}
	for i := range b.Upper {
		b.Upper[i] = -1
	}
	return b
}

// Exact reports whether the distance of state i is known.
func (b *Bounds) Exact(i int) bool { return b.Lower[i] == b.Upper[i] }

// Reached counts the states with an upper bound: during a search, those
// whose distance it found.
func (b *Bounds) Reached() int {
	n := 0
	for _, u := range b.Upper {
		if u >= 0 {
			n++
		}
	}
	return n
}

// Unresolved counts the states whose distance is not known.
func (b *Bounds) Unresolved() int {
	n := 0
	for i := range b.Lower {
		if !b.Exact(i) {
			n++
		}
	}
	return n
}

// Level is one depth of the distribution of the bounds.
type Level struct {
	Depth int
	// Exact counts the states proven to be at exactly this distance,
	// Within those proven within it (their upper bound is at most Depth),
	// Possible those that may be within it (their lower bound is at most
	// Depth).
	Exact, Within, Possible int64
	// Complete: Exact is the full count, as the search was exhaustive
	// through this depth or every distance is known.
	Complete bool
}

// Levels returns the distribution from depth 0 to the largest bound.
func (b *Bounds) Levels() []Level {
	top := 0
	for i := range b.Lower {
		top = max(top, b.Lower[i], b.Upper[i])
	}
	levels := make([]Level, top+1)
	for d := range levels {
		levels[d] = Level{Depth: d, Complete: d <= b.Exhaustive}
	}
	for i, lower := range b.Lower {
		upper := b.Upper[i]
		if lower == upper {
			levels[upper].Exact++
		}
		if upper >= 0 { // -1: no upper bound
			levels[upper].Within++
		}
		levels[lower].Possible++
	}
	allKnown := b.Unresolved() == 0
	for d := range levels {
		if d > 0 {
			levels[d].Within += levels[d-1].Within
			levels[d].Possible += levels[d-1].Possible
		}
		levels[d].Complete = levels[d].Complete || allKnown
	}
	return levels
}
