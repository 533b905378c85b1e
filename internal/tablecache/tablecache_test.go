package tablecache

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cubecensus/cubecensus/internal/sealed"
)

// TestGet builds a table once, loads it after, and rebuilds it when its
// version changes or its file is damaged or truncated.
func TestGet(t *testing.T) {
	dir := t.TempDir()
	builds := 0
	build := func() ([]byte, error) {
		builds++
		return []byte{1, 2, 3, 4, 5}, nil
	}
	get := func(version string, wantLoaded bool) {
		t.Helper()
		tb, err := Get(dir, Spec{Name: "t", Version: version}, build, nil)
		if err != nil || tb.StoreErr != nil || !bytes.Equal(tb.Data, []byte{1, 2, 3, 4, 5}) || tb.Loaded != wantLoaded {
			t.Fatalf("version %s: %+v, %v (loaded want %v)", version, tb, err, wantLoaded)
		}
	}
	get("1", false)
	get("1", true)
	get("2", false)
	path := filepath.Join(dir, "t.table")
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	file[len(file)-1] ^= 1
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	// A killed build's half-written file goes with the next Get.
	leftover := path + ".tmp98765"
	if err := os.WriteFile(leftover, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	if tb, _ := Get(dir, Spec{Name: "t", Version: "2"}, build, nil); tb.Refused == nil {
		t.Error("a damaged copy was rebuilt without saying so")
	}
	if _, err := os.Stat(leftover); err == nil {
		t.Error("a dead build's temporary file was left")
	}
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	get("2", false)
	if err := os.WriteFile(path, file[:len(file)-2], 0o644); err != nil {
		t.Fatal(err)
	}
	get("2", false)
	get("2", true)
	if builds != 5 {
		t.Errorf("%d builds, want 5", builds)
	}
	ro := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(ro, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := Get(filepath.Join(ro, "sub"), Spec{Name: "t", Version: "1"}, build, nil)
	if err != nil || tb.StoreErr == nil || len(tb.Data) != 5 {
		t.Errorf("a folder that cannot be made: %+v, %v", tb, err)
	}
}

// TestCodeAndFacts: a kept copy built by other code (another fingerprint)
// is refused and rebuilt, saying so; so is one that fails its facts; a
// table just built that fails them is an error, never stored.
func TestCodeAndFacts(t *testing.T) {
	dir := t.TempDir()
	content := []byte{1, 2, 3}
	build := func() ([]byte, error) { return slices.Clone(content), nil }
	spec := Spec{Name: "t", Version: "1", Code: "aaaa"}
	if tb, err := Get(dir, spec, build, nil); err != nil || tb.Loaded {
		t.Fatalf("first build: %+v, %v", tb, err)
	}
	if tb, err := Get(dir, spec, build, nil); err != nil || !tb.Loaded {
		t.Fatalf("the same code: %+v, %v", tb, err)
	}
	spec.Code = "bbbb"
	tb, err := Get(dir, spec, build, nil)
	if err != nil || tb.Loaded || !errors.Is(tb.Refused, sealed.ErrForeign) {
		t.Fatalf("a copy built by other code: %+v, %v; want it refused and rebuilt", tb, err)
	}
	firstIsOne := func(data []byte) error {
		if data[0] != 1 {
			return fmt.Errorf("entry 0 is %d, want 1", data[0])
		}
		return nil
	}
	if tb, err := Get(dir, spec, build, firstIsOne); err != nil || !tb.Loaded {
		t.Fatalf("a copy with its facts: %+v, %v", tb, err)
	}
	// A copy stored by the same code, as if by a build that went wrong:
	// refused on load whether or not its checksum was verified before.
	content = []byte{9, 2, 3}
	path := filepath.Join(dir, "t.table")
	if err := sealed.Write(path, "t", spec.version(), func(w io.Writer) error { _, err := w.Write(content); return err }); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		content = []byte{1, 2, 3}
		tb, err = Get(dir, spec, build, firstIsOne)
		if err != nil || tb.Loaded || tb.Refused == nil || !strings.Contains(tb.Refused.Error(), "fails its facts") {
			t.Fatalf("a copy failing its facts: %+v, %v; want it refused and rebuilt", tb, err)
		}
		if err := sealed.Write(path, "t", spec.version(), func(w io.Writer) error { _, err := w.Write([]byte{9, 2, 3}); return err }); err != nil {
			t.Fatal(err)
		}
	}
	content = []byte{7, 7, 7}
	os.Remove(path)
	if _, err := Get(dir, spec, build, firstIsOne); err == nil || !strings.Contains(err.Error(), "just built fails its facts") {
		t.Fatalf("a build failing its facts: %v", err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("a table failing its facts was stored")
	}
}

// TestFingerprint: the fingerprint follows the code of the declarations
// named and of those they use, and nothing else: not comments or blank
// lines, not declarations they do not use; a name not declared panics.
func TestFingerprint(t *testing.T) {
	src := func(build, helper, other string) fstest.MapFS {
		return fstest.MapFS{"a.go": {Data: []byte("package p\n\n" + build +
			"\n\nfunc helper() int { " + helper + " }\n\nfunc other() int { " + other + " }\n\ntype T struct{}\n\nfunc (t *T) m() int { return 1 }\n")}}
	}
	base := ParseSources(src("func build() int {\n\tx := helper()\n\treturn x + new(T).m()\n}", "return 1", "return 1")).Fingerprint("build")
	for _, tc := range []struct {
		build, helper, other string
		same                 bool
	}{
		{"func build() int {\n\tx := helper()\n\treturn x + new(T).m()\n}", "return 1", "return 2", true},
		{"// build builds.\nfunc build() int {\n\tx := helper() // one\n\n\t// then\n\treturn x + new(T).m()\n}", "return 1", "return 1", true},
		{"func build() int {\n\tx := helper()\n\treturn x + new(T).m()\n}", "return 2", "return 1", false},
		{"func build() int {\n\tx := helper()\n\treturn x - new(T).m()\n}", "return 1", "return 1", false},
	} {
		if got := ParseSources(src(tc.build, tc.helper, tc.other)).Fingerprint("build"); (got == base) != tc.same {
			t.Errorf("%q, helper %q, other %q: fingerprint %s, base %s; want the same: %v", tc.build, tc.helper, tc.other, got, base, tc.same)
		}
	}
	two := ParseSources(src("func build() int { return helper() }", "return 1", "return 1"))
	if two.Fingerprint("T.m") == two.Fingerprint("build") {
		t.Error("two roots with different code share a fingerprint")
	}
	// A method of another type of the same name is not the builder's.
	withU := func(um string) *Sources {
		return ParseSources(fstest.MapFS{"a.go": {Data: []byte("package p\n\ntype T struct{}\n\nfunc (t *T) m() int { return 1 }\n\ntype U struct{}\n\nfunc (u *U) m() int { " + um + " }\n\nfunc build() int { return new(T).m() }\n\nfunc other() int { return new(U).m() }\n")}})
	}
	if withU("return 1").Fingerprint("build") != withU("return 2").Fingerprint("build") {
		t.Error("a method of a type the builder never names changed its fingerprint")
	}
	if withU("return 1").Fingerprint("other") == withU("return 2").Fingerprint("other") {
		t.Error("a method the code uses did not change its fingerprint")
	}
	defer func() {
		if recover() == nil {
			t.Error("a name not declared did not panic")
		}
	}()
	ParseSources(src("func build() int { return 1 }", "return 1", "return 1")).Fingerprint("missing")
}
