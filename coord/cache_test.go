package coord

import (
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cubecensus/cubecensus/internal/sealed"
	"github.com/cubecensus/cubecensus/internal/tablecache"
)

// TestSourcesEmbedded: the sources fingerprinted are every file of the
// package but its tests and the three that build nothing (the specs and
// facts, loading, the package's doc), so that builder code in a new file
// is not missed.
func TestSourcesEmbedded(t *testing.T) {
	embedded, err := fs.Glob(sources, "*.go")
	if err != nil {
		t.Fatal(err)
	}
	onDisk, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	onDisk = slices.DeleteFunc(onDisk, func(f string) bool {
		return strings.HasSuffix(f, "_test.go") || f == "doc.go" || f == "cache.go" || f == "coord.go"
	})
	if !slices.Equal(embedded, onDisk) {
		t.Errorf("embedded %v, the package's files %v", embedded, onDisk)
	}
}

// editedSources returns the sources with old replaced by new in file.
func editedSources(t *testing.T, file, old, new string) fs.FS {
	t.Helper()
	edited := fstest.MapFS{}
	names, _ := fs.Glob(sources, "*.go")
	for _, name := range names {
		data, err := fs.ReadFile(sources, name)
		if err != nil {
			t.Fatal(err)
		}
		if name == file {
			if !strings.Contains(string(data), old) {
				t.Fatalf("%s has no %q", file, old)
			}
			data = []byte(strings.Replace(string(data), old, new, 1))
		}
		edited[name] = &fstest.MapFile{Data: data}
	}
	return edited
}

// TestFingerprintsFollowTheBuilders: editing code a table's builder uses
// changes that table's fingerprint; a comment, or code it does not use,
// does not.
func TestFingerprintsFollowTheBuilders(t *testing.T) {
	for _, tc := range []struct {
		what, file, old, new string
		roots                []string
		changes              bool
	}{
		{"the pair table's breadth-first search", "tables.go", "dist[0] = 0", "dist[0] = 0 + 0", smallTablesRoots, true},
		{"a comment in it", "tables.go", "// pruneTable[a*nb + b] is", "// pruneTable[a*nb+b] is", smallTablesRoots, false},
		{"the coset classes' numbering", "cosettable.go", "n := int64(cube.NTwist)", "n := int64(cube.NTwist) + 0", smallTablesRoots, false},
		{"the coset classes' numbering", "cosettable.go", "n := int64(cube.NTwist)", "n := int64(cube.NTwist) + 0", bigTableRoots, false},
		{"the slice order's classes", "sliceorder.go", "class[i] = 0xff", "class[i] = 0xfe", bigTableRoots, true},
		{"the symmetry tables' layout", "symtables.go", "out := binary.LittleEndian.AppendUint32(nil, uint32(len(a.rep)))", "out := binary.BigEndian.AppendUint32(nil, uint32(len(a.rep)))", symmetriesRoots, true},
		{"the coset move masks", "cosetmoves.go", "case n - 1:", "case n - 1, n - 2:", cosetMovesRoots, true},
		{"the coset move masks", "cosetmoves.go", "case n - 1:", "case n - 1, n - 2:", phase1Roots, false},
		{"phase 2's table", "symtables.go", "return int(corners[x][m])", "return int(corners[x][m]) + 0", phase2Roots, true},
		{"phase 2's table", "symtables.go", "return int(corners[x][m])", "return int(corners[x][m]) + 0", phase1Roots, false},
	} {
		before := tablecache.ParseSources(sources).Fingerprint(tc.roots...)
		after := tablecache.ParseSources(editedSources(t, tc.file, tc.old, tc.new)).Fingerprint(tc.roots...)
		if (before != after) != tc.changes {
			t.Errorf("%s edited (%s): fingerprint of %v %s -> %s, want a change: %v", tc.what, tc.file, tc.roots, before, after, tc.changes)
		}
	}
}

// TestCostlyFingerprintsPinned: the fingerprints of the tables that take
// minutes to an hour of both cores to build (the big and huge tables, the
// coset moves, the phase-1 steps, H48's h0 and h7) are pinned here, so that
// a change to code their builders use, which makes every machine build its
// cached copies again, is made knowingly (7d03249 changed the big tables'
// by adding a constant beside theirs): such a change updates the pin.
func TestCostlyFingerprintsPinned(t *testing.T) {
	for _, tc := range []struct {
		tables, pinned string
		code           func() string
	}{
		{"the big and huge tables (minutes to an hour)", "2ecd08ecc60cb50a", bigTableCode},
		{"the coset moves (minutes)", "1981d090538bef70", cosetMovesCode},
		{"the phase-1 steps (minutes)", "9f813ec856dabb70", phase1StepsCode},
		{"H48's h0 (a minute)", "a76e68ea77b21606", h0Code},
		{"H48's hK (h7: 20 minutes)", "20743d8b4bfeacad", hkCode},
	} {
		if got := tc.code(); got != tc.pinned {
			t.Errorf("the fingerprint of %s is %s, pinned %s: their cached copies will be built again; if that is meant, pin the new one", tc.tables, got, tc.pinned)
		}
	}
}

// TestStaleOrWrongTablesAreRefused: a kept table built by other code (its
// header names another fingerprint), or one that fails its facts, is
// refused, said so, and built again; the rebuilt table is then loaded.
func TestStaleOrWrongTablesAreRefused(t *testing.T) {
	cfg := Config{CacheDir: t.TempDir()}
	good, c, err := loadSmallTables(cfg)
	if err != nil || c.Loaded {
		t.Fatalf("first build: %+v, %v", c, err)
	}
	path := filepath.Join(cfg.CacheDir, "solver-small-tables.table")
	data := good.encode()
	rewrite := func(version string, data []byte) {
		if err := sealed.Write(path, "solver-small-tables", version, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			t.Fatal(err)
		}
	}
	wrong := slices.Clone(data)
	wrong[len(wrong)-1]++ // the pair table's last entry one deeper: its levels are not the known ones
	for _, tc := range []struct {
		what    string
		version string
		data    []byte
	}{
		{"built by other code", smallTablesVersion + "+code-0123456789abcdef", data},
		{"failing its facts", smallTablesVersion + "+code-" + smallTablesCode(), wrong},
	} {
		rewrite(tc.version, tc.data)
		got, c, err := loadSmallTables(cfg)
		if err != nil || c.Loaded || c.Refused == nil {
			t.Fatalf("%s: %+v, %v; want it refused and built again", tc.what, c, err)
		}
		if !slices.Equal(got.pruneCorners, good.pruneCorners) {
			t.Fatalf("%s: the rebuilt table differs", tc.what)
		}
		t.Logf("%s: %v", tc.what, c.Refused)
		if _, c, err := loadSmallTables(cfg); err != nil || !c.Loaded {
			t.Fatalf("%s: the rebuilt table was not loaded after: %+v, %v", tc.what, c, err)
		}
	}
}
