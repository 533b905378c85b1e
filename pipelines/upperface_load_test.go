package pipelines

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/upperface"
)

// The committed upperface tables load back as search results: every
// maneuver kept reaches its position at its distance, only distances
// within the exhaustive depth are kept, and they agree with a fresh search
// of the first depths (STM to 11, with another stored depth, so other
// maneuvers).
func TestLoadUpperface(t *testing.T) {
	found, err := loadUpperface(filepath.Dir(committed.Path(t, "upperface_positions")))
	if err != nil {
		t.Fatal(err)
	}
	for m, r := range found {
		for un := range upperface.NPositions {
			switch {
			case r.Upper[un] < 0:
				if r.Lower[un] != r.Exhaustive+1 {
					t.Fatalf("%s: un %d unfound with lower bound %d, exhaustive through %d", m, un, r.Lower[un], r.Exhaustive)
				}
			case r.Upper[un] > r.Exhaustive || r.Lower[un] != r.Upper[un]:
				t.Fatalf("%s: un %d kept at [%d, %d], exhaustive through %d", m, un, r.Lower[un], r.Upper[un], r.Exhaustive)
			default:
				p, err := upperface.FromCube(r.Word[un].Cube())
				if err != nil || p.Un() != un || r.Word[un].Cost(m) != r.Upper[un] {
					t.Fatalf("%s: un %d's maneuver %v does not reach it at cost %d", m, un, r.Word[un], r.Upper[un])
				}
			}
		}
	}
	stm, ok := found[cube.STM]
	if !ok || stm.Exhaustive < 11 {
		t.Fatalf("no STM result exhaustive through 11")
	}
	fresh, err := upperface.Search(context.Background(), upperface.Config{Metric: cube.STM, StoredDepth: 5, MaxDepth: 11, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for un := range upperface.NPositions {
		if (fresh.Upper[un] >= 0) != (stm.Upper[un] >= 0 && stm.Upper[un] <= 11) || fresh.Upper[un] >= 0 && fresh.Upper[un] != stm.Upper[un] {
			t.Fatalf("STM un %d: loaded %d, a fresh search to 11 %d", un, stm.Upper[un], fresh.Upper[un])
		}
	}
}
