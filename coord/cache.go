package coord

import (
	"embed"
	"encoding/binary"
	"fmt"
	"slices"
	"sync"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/tablecache"
)

// sources are the package's files that build tables: each cached table is
// versioned by a fingerprint of the declarations its builder uses
// (tablecache.Fingerprint), so that a change of that code rebuilds it and
// a change elsewhere does not. This file (the specs and the facts) and
// coord.go (loading) build nothing and are left out, so that adding a
// fact does not rebuild a table.
//
//go:embed bigtable.go cosetmoves.go cosettable.go h48.go h48cache.go h48k.go phase1steps.go phase2metric.go sliceorder.go symtables.go tables.go
var sources embed.FS

// spec returns a cached table's Spec: its name, its layout's version, and
// the fingerprint of the builder roots (computed once per root list).
func spec(name, version string, code func() string) tablecache.Spec {
	return tablecache.Spec{Name: name, Version: version, Code: code()}
}

// parsedSources are sources parsed, on first use, once for every table.
var parsedSources = sync.OnceValue(func() *tablecache.Sources { return tablecache.ParseSources(sources) })

// codeOf returns the fingerprint of roots, computed on first use.
func codeOf(roots ...string) func() string {
	return sync.OnceValue(func() string { return parsedSources().Fingerprint(roots...) })
}

// The builders of the cached tables: the roots of their code.
var (
	smallTablesRoots = []string{"buildSmallTables", "smallTables.encode"}
	symmetriesRoots  = []string{"cachedSymmetries", "encodeSymmetries", "newPhase1Table", "newCornerPermTable"}
	phase1Roots      = []string{"newPhase1Table", "buildSymTable", "encodeSymTable"}
	phase2Roots      = []string{"newPhase2Table", "buildSymTable", "encodeSymTable"}
	// Phase 2 in STM: its moves and their columns, then the same build.
	phase2STMRoots = []string{"newPhase2Metric", "newCornerPermTable", "buildSymTable", "encodeSymTable"}
	// The big tables and the coset moves are built from phase 1's table,
	// whose content its own cache entry versions (and its facts check):
	// they follow the code that fills it, not newPhase1Table's wiring.
	bigTableRoots   = []string{"newBigTable", "buildBigTable", "buildSymTable"}
	cosetMovesRoots = []string{"CosetTable.buildMoves", "buildSymTable"}
	// The phase-1 steps are read off phase 1's table, likewise.
	phase1StepsRoots = []string{"buildPhase1Steps", "axisDigit"}
)

// Their fingerprints.
var (
	smallTablesCode = codeOf(smallTablesRoots...)
	symmetriesCode  = codeOf(symmetriesRoots...)
	phase1Code      = codeOf(phase1Roots...)
	phase2Code      = codeOf(phase2Roots...)
	phase2STMCode   = codeOf(phase2STMRoots...)
	bigTableCode    = codeOf(bigTableRoots...)
	cosetMovesCode  = codeOf(cosetMovesRoots...)
	phase1StepsCode = codeOf(phase1StepsRoots...)
)

// The facts each cached table is checked against when it is loaded, and
// when it is built: the entries at each distance, the classes of a
// symmetry-reduced coordinate. The class counts are seed 000's ("Symmetry
// reduced coordinates"); the big HTM table's levels are nissy's for the
// same coordinate (its nxopt31 table, in its documentation); the others
// were counted by the builds the tests check (TestSymTablesAreDistances,
// TestCosetTable, TestBigTableSolver), and any table of the same layout
// built by correct code has them.
var (
	phase1Specs = map[cube.Metric]struct {
		name, version, desc string
		levels              []int64
	}{
		cube.HTM: {phase1Name, phase1Version, "phase-1 table", []int64{1, 1, 5, 44, 487, 5841, 68364, 776568, 7950748, 52098876, 76236234, 3771112, 129}},
		cube.QTM: {"solver-phase1-qtm", "flipudslice-twist-qtm-1", "phase-1 table in QTM", []int64{1, 1, 3, 24, 185, 1633, 14708, 130032, 1124165, 8868078, 48182278, 75087495, 7498528, 1279}},
		cube.STM: {"solver-phase1-stm", "flipudslice-twist-stm-1", "phase-1 table in STM", []int64{1, 2, 12, 106, 1349, 18893, 265651, 3554380, 35709936, 92773031, 8584691, 358}},
	}
	phase2Levels       = []int64{1, 3, 10, 52, 285, 1318, 5671, 26502, 115467, 470846, 1853056, 6535823, 18349792, 32843350, 34118883, 15974563, 1290346, 19777, 15}
	phase2STMLevels    = []int64{1, 6, 21, 111, 678, 3337, 16766, 81597, 371319, 1564669, 5841326, 16703155, 29505793, 31957030, 21557246, 3932082, 70611, 12}
	pruneCornersLevels = []int64{1, 10, 67, 404, 2023, 8504, 28545, 69734, 127540, 179700, 189120, 199200, 116112, 44416, 2304}
	bigLevels          = map[string]struct {
		base   int
		levels []int64
	}{
		"solver-optimal-htm": {9, []int64{1, 6, 29, 164, 1433, 16772, 205033, 2513871, 30329976, 342440769, 2815191126, 6147967200, 524922320}},
		"solver-optimal-qtm": {10, []int64{1, 2, 12, 68, 443, 3854, 34920, 317640, 2891255, 26081926, 226707676, 1655997427, 5681816836, 2269736640}},
		"solver-optimal-stm": {8, []int64{1, 9, 46, 355, 4007, 55846, 822951, 12184586, 171915018, 1899083888, 6647231124, 1132290869}},
	}
)

// sameLevels checks a table's level counts against the known ones.
func sameLevels(table string, got, want []int64) error {
	if !slices.Equal(got, want) {
		return fmt.Errorf("%s has %v entries at each distance, want %v", table, got, want)
	}
	return nil
}

// symTableLevels returns the level counts kept after a SymTable's entries.
func symTableLevels(data []byte) []int64 {
	if len(data) < 8*maxLevels {
		return nil
	}
	trailer := data[len(data)-8*maxLevels:]
	var levels []int64
	for d := range maxLevels {
		levels = append(levels, int64(binary.LittleEndian.Uint64(trailer[8*d:])))
	}
	for len(levels) > 0 && levels[len(levels)-1] == 0 {
		levels = levels[:len(levels)-1]
	}
	return levels
}

// checkSymTable returns the check of a SymTable's file against its levels.
func checkSymTable(table string, want []int64) func([]byte) error {
	return func(data []byte) error { return sameLevels(table, symTableLevels(data), want) }
}

// checkClasses returns the check of a symmetry file's class count.
func checkClasses(table string, want int) func([]byte) error {
	return func(data []byte) error {
		if len(data) < 4 {
			return fmt.Errorf("%s has %d bytes", table, len(data))
		}
		if got := int(binary.LittleEndian.Uint32(data)); got != want {
			return fmt.Errorf("%s has %d classes, want %d", table, got, want)
		}
		return nil
	}
}

// check checks the small tables against their facts: every move table's
// column a permutation of its values (a move is invertible), and the
// corners-and-slice-order table's level counts.
func (t *smallTables) check() error {
	for k, table := range t.moves {
		seen := make([]uint64, (len(table)+63)/64) // a bit a value, in the first-level cache
		for m := range table[0] {
			clear(seen)
			for _, row := range table {
				v := int(row[m])
				if v >= len(table) || seen[v/64]>>(v%64)&1 != 0 {
					return fmt.Errorf("the small tables' move table %d: move %d is not a permutation", k, m)
				}
				seen[v/64] |= 1 << (v % 64)
			}
		}
	}
	levels := make([]int64, maxLevels)
	for _, d := range t.pruneCorners {
		if d < 0 || int(d) >= maxLevels {
			return fmt.Errorf("the small tables' corners-and-slice-order table holds %d", d)
		}
		levels[d]++
	}
	for len(levels) > 0 && levels[len(levels)-1] == 0 {
		levels = levels[:len(levels)-1]
	}
	return sameLevels("the corners-and-slice-order table", levels, pruneCornersLevels)
}

// checkBigTable returns the check of a big table's file: its base and level
// counts where they are known, else (the huge tables, which this machine
// has not built) that the levels count every one of its entries.
func checkBigTable(table string, entries int) func([]byte) error {
	return func(data []byte) error {
		nBytes := bigWords(entries) * 4
		if len(data) != nBytes+bigTrailer {
			return fmt.Errorf("%s has %d bytes, want %d", table, len(data), nBytes+bigTrailer)
		}
		base := int(binary.LittleEndian.Uint64(data[nBytes:]))
		var levels []int64
		var total int64
		for d := range maxLevels {
			if c := int64(binary.LittleEndian.Uint64(data[nBytes+8+8*d:])); c > 0 {
				levels, total = append(levels, c), total+c
			}
		}
		known, ok := bigLevels[table]
		switch {
		case ok && (base != known.base || !slices.Equal(levels, known.levels)):
			return fmt.Errorf("%s has base %d and %v entries at each distance, want %d and %v", table, base, levels, known.base, known.levels)
		case total != int64(entries):
			return fmt.Errorf("%s counts %d entries, has %d", table, total, entries)
		}
		return nil
	}
}
