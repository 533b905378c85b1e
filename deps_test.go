package cubecensus_test

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// allowed lists, for each package of the module, the module packages it may
// import: lower layers never import higher ones, stages do not import each
// other, and only tables imports Arrow (as go/build deps_test.go keeps Go's
// own layering).
var allowed = map[string][]string{
	"cube":                {},
	"enumerate":           {"cube"},
	"burnside":            {"cube"},
	"coord":               {"cube", "internal/hugepage", "internal/openhash", "internal/parallel", "internal/tablecache"},
	"solver":              {"cube", "coord", "internal/parallel"},
	"meet":                {"cube", "internal/parallel"},
	"upperface":           {"cube", "meet", "internal/hashjoin", "internal/parallel"},
	"centers":             {"cube", "meet", "internal/hashjoin", "internal/parallel", "internal/hugepage", "internal/tablecache"},
	"cosets":              {"cube", "coord", "solver", "internal/openhash", "internal/parallel", "internal/hugepage"},
	"tables":              {"internal/atomicfile"},
	"internal/progress":   {},
	"internal/hashjoin":   {"internal/parallel", "internal/hugepage"},
	"internal/openhash":   {},
	"internal/hugepage":   {},
	"internal/parallel":   {},
	"internal/committed":  {},
	"internal/atomicfile": {"internal/lockfile"},
	"internal/tablecache": {"internal/atomicfile", "internal/hugepage", "internal/sealed"},
	"internal/sealed":     {"internal/atomicfile"},
	"internal/lockfile":   {},
	"pipelines":           {"cube", "enumerate", "burnside", "coord", "solver", "meet", "upperface", "centers", "cosets", "tables", "internal/progress", "internal/parallel", "internal/atomicfile", "internal/sealed", "internal/lockfile"},
	"cmd/cubecensus":      {"cube", "pipelines", "tables", "internal/progress"},
	"scripts/randomcubes": {"cube", "pipelines", "solver"},
	"scripts/peers":       {"cube", "solver"},
	"scripts/hsample":     {"cube", "pipelines"},
}

const module = "github.com/cubecensus/cubecensus/"

func TestDependencyDirection(t *testing.T) {
	for pkg, ok := range allowed {
		p, err := build.ImportDir(filepath.FromSlash(pkg), 0)
		if err != nil {
			t.Fatalf("%s: %v", pkg, err)
		}
		for _, imp := range p.Imports {
			if strings.Contains(imp, "apache/arrow") && pkg != "tables" {
				t.Errorf("%s imports Arrow; only tables may", pkg)
			}
			dep, inModule := strings.CutPrefix(imp, module)
			if !inModule {
				continue
			}
			if !contains(ok, dep) {
				t.Errorf("%s imports %s, which its layer may not", pkg, dep)
			}
		}
	}
}

// TestEveryPackageIsListed makes a new package declare its layer above.
func TestEveryPackageIsListed(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || path == "." {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") || d.Name() == "notebooks" || d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if p, err := build.ImportDir(path, 0); err == nil && len(p.GoFiles) > 0 {
			if _, ok := allowed[filepath.ToSlash(path)]; !ok {
				t.Errorf("package %s is not in deps_test.go's allowed map", path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestResultsHoldsOnlyData: results/ is the committed tables' folder, with
// no Go package in it (the Arrow code lived there once): tables only, in
// it and in its folders (the merged shard tables a stage settles from).
func TestResultsHoldsOnlyData(t *testing.T) {
	err := filepath.WalkDir("results", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if filepath.Ext(path) != ".arrow" {
			t.Errorf("%s is not a table", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestTestsFindDataThroughOneHelper: no test reads the committed tables by a
// relative path; internal/committed says where they are.
func TestTestsFindDataThroughOneHelper(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "notebooks") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") || path == "deps_test.go" {
			return nil // this file names the paths it looks for
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, bad := range []string{`"../results`, `"../../results`, `"..", "results"`} {
			if strings.Contains(string(src), bad) {
				t.Errorf("%s reads the committed tables by a relative path (%s); use internal/committed", path, bad)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
