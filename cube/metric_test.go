package cube

import (
	"errors"
	"testing"
)

func TestMetricCost(t *testing.T) {
	for _, tc := range []struct {
		moves         string
		htm, qtm, stm int
	}{
		{"R", 1, 1, 1},
		{"R2", 1, 2, 1},
		{"R'", 1, 1, 1},
		{"M", 2, 2, 1},
		{"M2", 2, 4, 1},
		{"x y2 z'", 0, 0, 0},
		{"R U R' U'", 4, 4, 4},
		{"M2 U M2 U2 M2 U M2", 11, 20, 7},
	} {
		moves, err := ParseManeuver(tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		for m, want := range map[Metric]int{HTM: tc.htm, QTM: tc.qtm, STM: tc.stm} {
			if got := m.Length(moves); got != want {
				t.Errorf("%v.Length(%s) = %d, want %d", m, tc.moves, got, want)
			}
		}
	}
}

// TestSliceCostIsRelativeToCenters checks the slice costs against the face
// turns a slice equals relative to the centers: M = R L' (then x', free).
func TestSliceCostIsRelativeToCenters(t *testing.T) {
	for p := 1; p <= 3; p++ {
		slice := []Move{MoveOf(LayerM, p)}
		faces := []Move{MoveOf(LayerR, p), MoveOf(LayerL, 4-p)}
		if FromMoves(slice) != FromMoves(faces) {
			t.Fatalf("M^%d is not R^%d L^%d relative to the centers", p, p, 4-p)
		}
		for _, m := range []Metric{HTM, QTM} {
			if m.Length(slice) != m.Length(faces) {
				t.Errorf("%v: M^%d costs %d, its face turns %d", m, p, m.Length(slice), m.Length(faces))
			}
		}
	}
}

func TestParseMetric(t *testing.T) {
	for _, m := range Metrics {
		if got, err := ParseMetric(m.String()); err != nil || got != m {
			t.Errorf("ParseMetric(%q) = %v, %v", m.String(), got, err)
		}
	}
	if got, err := ParseMetric("qtm"); err != nil || got != QTM {
		t.Errorf("ParseMetric(qtm) = %v, %v", got, err)
	}
	if _, err := ParseMetric("XTM"); !errors.Is(err, ErrMetric) {
		t.Errorf("ParseMetric(XTM) = %v, want ErrMetric", err)
	}
}
