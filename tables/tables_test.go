package tables

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/cubecensus/cubecensus/internal/committed"
)

func sampleTable() *Table {
	t := NewTable("sample",
		Column{Name: "name", Kind: String, Doc: "a name"},
		Column{Name: "depth", Kind: Int64},
		Column{Name: "count", Kind: BigInt, Doc: "an exact count"},
		Column{Name: "positions", Kind: Uint64, Nullable: true},
		Column{Name: "ratio", Kind: Float64, Nullable: true},
		Column{Name: "exact", Kind: Bool},
	)
	big20, _ := new(big.Int).SetString("43946585901564160587264", 10)
	t.Append("S", int64(20), big20, nil, nil, true)
	t.Append("Q", int64(1), big.NewInt(12), uint64(12), 1.0, false)
	max38, _ := new(big.Int).SetString(strings.Repeat("9", 38), 10)
	t.Append("max", int64(-1), max38, uint64(1<<63), 0.5, true)
	return t
}

func sampleProvenance() Provenance {
	p := NewProvenance("test", 2)
	p.Start = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	p.End = p.Start.Add(1500 * time.Millisecond)
	p.Params["depth"] = "20"
	return p
}

// TestRoundTripNoLeaks encodes and decodes through Arrow with a checked
// allocator and asserts every buffer was released.
func TestRoundTripNoLeaks(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	in, p := sampleTable(), sampleProvenance()
	file, err := encode(in, p, mem)
	if err != nil {
		t.Fatal(err)
	}
	out, q, err := decode(file, mem)
	if err != nil {
		t.Fatal(err)
	}
	if out.Name != "sample" || len(out.Rows) != len(in.Rows) {
		t.Fatalf("decoded %q with %d rows", out.Name, len(out.Rows))
	}
	for r := range in.Rows {
		for c := range in.Rows[r] {
			if cell(in.Rows[r][c]) != cell(out.Rows[r][c]) || (in.Rows[r][c] == nil) != (out.Rows[r][c] == nil) {
				t.Errorf("row %d col %s: wrote %v, read %v", r, in.Columns[c].Name, in.Rows[r][c], out.Rows[r][c])
			}
		}
	}
	for i, c := range in.Columns {
		if out.Columns[i] != c {
			t.Errorf("column %d: wrote %+v, read %+v", i, c, out.Columns[i])
		}
	}
	if q.Stage != "test" || q.Params["depth"] != "20" || !q.Start.Equal(p.Start) || q.WallSeconds() != 1.5 || q.Workers != 2 {
		t.Errorf("provenance read back as %+v", q)
	}
}

func TestWriteIsAtomicAndReadable(t *testing.T) {
	dir := t.TempDir()
	path, err := Write(dir, sampleTable(), sampleProvenance())
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(path) != "sample.arrow" {
		t.Errorf("wrote %s", path)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory holds %d files after Write, want 1 (no temporary left)", len(entries))
	}
	if _, _, err := Read(path); err != nil {
		t.Fatal(err)
	}
}

// TestReadRejectsOtherFiles: a file that is not a table is refused with an
// error naming it: garbage, a file that ends as Arrow's do but is not
// sealed, a device that never ends (read only after its size and ending
// are checked), a folder.
func TestReadRejectsOtherFiles(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		data []byte
		want error
	}{
		{"garbage", []byte("not arrow at all"), ErrFormat},
		{"an Arrow ending", []byte("ARROW1\x00\x00 some bytes \x04\x00\x00\x00ARROW1"), ErrChecksum},
	} {
		path := filepath.Join(dir, "x.arrow")
		os.WriteFile(path, c.data, 0o644)
		if _, _, err := Read(path); !errors.Is(err, c.want) || !strings.HasPrefix(err.Error(), path+": ") {
			t.Errorf("Read(%s) = %v, want %v naming the file", c.name, err, c.want)
		}
	}
	for _, path := range []string{"/dev/zero", dir} {
		if _, _, err := Read(path); !errors.Is(err, ErrFormat) {
			t.Errorf("Read(%s) = %v, want ErrFormat", path, err)
		}
	}
}

func TestFormats(t *testing.T) {
	tab := sampleTable()
	var csv, js, text bytes.Buffer
	for _, f := range []struct {
		name string
		buf  *bytes.Buffer
	}{{"csv", &csv}, {"json", &js}, {"table", &text}} {
		if err := Format(f.buf, tab, f.name); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(csv.String(), "S,20,43946585901564160587264,,,true\n") {
		t.Errorf("csv:\n%s", csv.String())
	}
	if !strings.Contains(js.String(), `"count": "43946585901564160587264"`) || !strings.Contains(js.String(), `"positions": null`) {
		t.Errorf("json:\n%s", js.String())
	}
	if !strings.HasPrefix(text.String(), "name  depth") {
		t.Errorf("table:\n%s", text.String())
	}
	if err := Format(&text, tab, "xml"); err == nil || !strings.Contains(err.Error(), `"xml"`) {
		t.Errorf("bad format error = %v", err)
	}
}

func TestAppendChecksKinds(t *testing.T) {
	for _, row := range [][]any{
		{"S", 20, big.NewInt(1), nil, nil, true},                               // int, not int64
		{"S", int64(20), nil, nil, nil, true},                                  // null in a non-nullable column
		{"S", int64(20), new(big.Int).Lsh(big.NewInt(1), 127), nil, nil, true}, // beyond 10^38
		{"S"},
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.HasPrefix(r.(string), "tables:") {
					t.Errorf("Append(%v) did not panic with a tables: message (%v)", row, r)
				}
			}()
			sampleTable().Append(row...)
		}()
	}
}

// TestBuildIDWithoutACommit: a test binary, like a build made with
// -buildvcs=false, knows no commit, so its build is identified by the hash
// of its executable (such builds used to share the ID "unknown", and one
// would resume another's checkpoints).
func TestBuildIDWithoutACommit(t *testing.T) {
	if c := buildCommit(); c != "unknown" {
		t.Skipf("this binary knows its commit %s", c)
	}
	id, err := BuildID()
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(file); id != "sha256:"+hex.EncodeToString(sum[:]) {
		t.Errorf("BuildID = %s, want the executable's hash", id)
	}
	if p := NewProvenance("test", 1); p.Build != id || p.Commit != "unknown" {
		t.Errorf("provenance build %q, commit %q", p.Build, p.Commit)
	}
}

// BenchmarkRead reads the largest committed table: checksum, Arrow and the
// copy into Go values.
func BenchmarkRead(b *testing.B) {
	path := committed.Path(b, "upperface_positions")
	info, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(info.Size())
	for b.Loop() {
		if _, _, err := Read(path); err != nil {
			b.Fatal(err)
		}
	}
}
