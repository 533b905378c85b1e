package pipelines

import (
	"context"
	"io"
	"log/slog"
	"math/big"
	"testing"

	"github.com/cubecensus/cubecensus/burnside"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/tables"
)

// TestSymmetryStage runs the stage and checks its tables as a reader
// would: row counts, the seed's totals, and every witness re-built from its
// maneuver and its stabilizer recomputed from the facelets.
func TestSymmetryStage(t *testing.T) {
	env := &Env{Workers: 2, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Stderr: io.Discard}
	out, err := runSymmetry(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*tables.Table{}
	for _, tab := range out.Tables {
		byName[tab.Name] = tab
	}
	if n := len(byName["symmetry_types_m"].Rows); n != 33 {
		t.Errorf("symmetry_types_m has %d rows, want 33", n)
	}
	if n := len(byName["symmetry_types_mc2"].Rows); n != 131 {
		t.Errorf("symmetry_types_mc2 has %d rows, want 131", n)
	}
	totals := byName["symmetry_totals"]
	for _, row := range totals.Rows {
		if row[0] == "M x C2 (symmetry and inversion)" && row[2].(*big.Int).String() != "450541810590509978" {
			t.Errorf("M x C2 orbits = %v, want 450,541,810,590,509,978 (seed 000)", row[2])
		}
		if row[0] == "M (48 symmetries)" && row[4].(*big.Int).String() != "164604041664" {
			t.Errorf("symmetric cubes = %v, want 164,604,041,664 (seed 000)", row[4])
		}
	}
	for _, tc := range []struct {
		table string
		group burnside.Set
	}{{"symmetry_types_m", burnside.GroupM}, {"symmetry_types_mc2", burnside.GroupMC2}} {
		tab := byName[tc.table]
		fi, mi, oi := tab.Index("witness_facelets"), tab.Index("witness_maneuver"), tab.Index("order")
		exact := tab.Index("cubes_exactly")
		for _, row := range tab.Rows {
			if row[fi] == nil {
				if row[exact].(*big.Int).Sign() != 0 {
					t.Errorf("%s: a type with cubes has no witness", tc.table)
				}
				continue
			}
			y, err := cube.ParseFacelets(row[fi].(string))
			if err != nil {
				t.Fatal(err)
			}
			moves, err := cube.ParseManeuver(row[mi].(string))
			if err != nil || cube.FromMoves(moves) != y {
				t.Errorf("%s: maneuver %v does not generate its witness", tc.table, row[mi])
			}
			if got := burnside.Stabilizer(y, tc.group).Len(); int64(got) != row[oi].(int64) {
				t.Errorf("%s: witness has a stabilizer of order %d, row says %d", tc.table, got, row[oi])
			}
		}
	}
}
