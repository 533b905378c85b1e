package upperface

import (
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
)

// clone copies a result, so that tests may bound and compose cached ones.
func clone(r *Result) *Result {
	c := *r
	c.Lower = append([]int(nil), r.Lower...)
	c.Upper = append([]int(nil), r.Upper...)
	c.Word = append([]cube.Word(nil), r.Word...)
	return &c
}

// TestBounds bounds a QTM search cut at depth 10 with an HTM search and
// composes the rest, then checks every bound against a search exhaustive
// through 13: lower <= distance <= upper, with a maneuver of length upper.
func TestBounds(t *testing.T) {
	q := clone(search(t, cube.QTM, 5, 10, 2, 0))
	h := search(t, cube.HTM, 5, 11, 2, 0)
	if err := q.BoundBy(h); err != nil {
		t.Fatal(err)
	}
	for un := range NPositions {
		if q.Lower[un] < h.Lower[un] {
			t.Fatalf("un %d: QTM lower bound %d below the HTM bound %d", un, q.Lower[un], h.Lower[un])
		}
	}
	if err := q.Compose(2); err != nil {
		t.Fatal(err)
	}
	checkWords(t, q)
	deep := search(t, cube.QTM, 5, 13, 2, 0)
	improved := 0
	for un := range NPositions {
		if q.Word[un] == nil {
			t.Fatalf("un %d has no maneuver after Compose", un)
		}
		if deep.Exact(un) && (deep.Upper[un] < q.Lower[un] || deep.Upper[un] > q.Upper[un]) {
			t.Fatalf("un %d is at %d, outside the bounds [%d, %d]", un, deep.Upper[un], q.Lower[un], q.Upper[un])
		}
		if !q.Exact(un) && q.Upper[un] < h.Word[un].Cost(cube.QTM) {
			improved++
		}
	}
	if improved == 0 {
		t.Error("Compose improved no bound on the HTM maneuvers")
	}
}

// TestBoundsCatchContradiction: a lower bound above a known maneuver is a
// wrong proof, and BoundBy says so.
func TestBoundsCatchContradiction(t *testing.T) {
	q := clone(search(t, cube.QTM, 5, 10, 2, 0))
	h := clone(search(t, cube.HTM, 5, 11, 2, 0))
	h.Lower[9387] = 10 // F R U R' U' F' is 6 in both metrics
	if err := q.BoundBy(h); err == nil || !strings.Contains(err.Error(), "un 9387") {
		t.Errorf("BoundBy with a contradicting bound: %v", err)
	}
}
