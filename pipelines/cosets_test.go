package pipelines

import (
	"errors"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/tables"
)

// seed001TableOneA is the "moves in A" column of seed 001's Table 1: the
// positions of H at each distance in moves of A. An oracle for the test,
// never an output.
var seed001TableOneA = []int64{1, 10, 67, 456, 3079, 19948, 123074, 736850, 4185118, 22630733, 116767872,
	552538680, 2176344160, 5627785188, 7172925794, 3608731814, 224058996, 1575608, 1352}

// TestCommittedHDistance checks the committed h_distance table against
// seed 001's Table 1, depth by depth, and its total against |H|.
func TestCommittedHDistance(t *testing.T) {
	tab, prov, err := tables.Read(committed.Path(t, "h_distance"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != len(seed001TableOneA) {
		t.Fatalf("%d depths, seed 001 has %d", len(tab.Rows), len(seed001TableOneA))
	}
	var total int64
	for d, row := range tab.Rows {
		depth, n := row[tab.Index("depth")].(int64), row[tab.Index("moves_in_a")].(int64)
		if depth != int64(d) || n != seed001TableOneA[d] {
			t.Errorf("row %d: depth %d, %d positions; seed 001: depth %d, %d", d, depth, n, d, seed001TableOneA[d])
		}
		total += n
	}
	if total != 19508428800 || prov.Params["positions"] != "19508428800" {
		t.Errorf("%d positions (provenance %q), |H| = 19,508,428,800", total, prov.Params["positions"])
	}
}

// The stage refuses a budget below its two bitmaps, naming the flag.
func TestCosetsMemoryCheck(t *testing.T) {
	env := &Env{MemBudget: 4 << 30}
	if err := checkCosets(env); !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "--mem-budget") {
		t.Fatalf("a 4 GiB budget for 4.5 GiB of bitmaps: %v", err)
	}
	env.MemBudget = 5 << 30
	if err := checkCosets(env); err != nil {
		t.Fatal(err)
	}
}

// TestCommittedCosetDistance checks the committed coset_distance table: in
// each metric every coset once, H alone at 0, and the four cosets one face
// turn from H (H·F, H·B, H·R, H·L: a quarter turn and its inverse differ by
// a half turn, which H holds) at 1.
func TestCommittedCosetDistance(t *testing.T) {
	tab, prov, err := tables.Read(committed.Path(t, "coset_distance"))
	if err != nil {
		t.Fatal(err)
	}
	totals := map[string]int64{}
	for _, row := range tab.Rows {
		m, d, n := row[tab.Index("metric")].(string), row[tab.Index("depth")].(int64), row[tab.Index("cosets")].(int64)
		if (d == 0 && n != 1) || (d == 1 && n != 4) {
			t.Errorf("%s: %d cosets at distance %d", m, n, d)
		}
		totals[m] += n
	}
	for _, m := range []string{"HTM", "QTM"} {
		if totals[m] != 2217093120 {
			t.Errorf("%s: %d cosets, want 2,217,093,120", m, totals[m])
		}
		if len(prov.Params["coset_table_sha256."+m]) != 64 {
			t.Errorf("%s: no hash of the coset table in the provenance", m)
		}
	}
}
