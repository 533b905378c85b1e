package tablecache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"slices"
	"strings"
)

// Sources are a package's Go files, parsed once, whose declarations
// fingerprint the code that builds its tables (Fingerprint).
type Sources struct {
	fset *token.FileSet
	// byName holds the declarations of top-level names, and of methods as
	// "Type.Method"; methods[m] the methods named m, by receiver type.
	byName  map[string][]ast.Decl
	methods map[string]map[string]ast.Decl
}

// ParseSources parses the Go files of src (a package's sources, embedded).
// It panics if they do not parse: they are the program's own.
func ParseSources(src fs.FS) *Sources {
	files, err := fs.Glob(src, "*.go")
	if err != nil || len(files) == 0 {
		panic(fmt.Sprintf("tablecache: no Go files to fingerprint (%v)", err))
	}
	s := &Sources{fset: token.NewFileSet(), byName: map[string][]ast.Decl{}, methods: map[string]map[string]ast.Decl{}}
	for _, name := range files {
		data, err := fs.ReadFile(src, name)
		if err != nil {
			panic(err)
		}
		f, err := parser.ParseFile(s.fset, name, data, parser.SkipObjectResolution) // comments dropped
		if err != nil {
			panic(err)
		}
		for _, decl := range f.Decls {
			for _, key := range declNames(decl) {
				s.byName[key] = append(s.byName[key], decl)
				if typ, method, ok := strings.Cut(key, "."); ok && typ != "" {
					if s.methods[method] == nil {
						s.methods[method] = map[string]ast.Decl{}
					}
					s.methods[method][typ] = decl
				}
			}
		}
	}
	return s
}

// Fingerprint returns a short hash of the code that builds a table: the
// declarations named as roots and every declaration of the sources they
// use, directly or through others, so that a kept copy built by other code
// is refused (Spec.Code). A root is a function, a type, a constant or a
// variable, or a method as "Type.Method". Without types to resolve a
// selector, a method T.m is taken as used once both T is named and a
// selector .m is written in the code taken (a value of T is made or
// passed somewhere that names T), so the fingerprint may cover a little
// more than the builder, never less. The declarations are hashed as gofmt
// prints them without their comments and blank lines, so that a comment or
// layout change does not rebuild a table of gigabytes, nor does a change
// anywhere else in the program (code of other packages a table depends on
// is covered by the facts its Check knows). It panics if a root is not
// declared in the sources: the roots are the program's, and a test loads
// every table.
func (s *Sources) Fingerprint(roots ...string) string {
	used := map[ast.Decl]bool{}
	named, selected := map[string]bool{}, map[string]bool{}
	var queue []ast.Decl
	take := func(d ast.Decl) {
		if d != nil && !used[d] {
			used[d] = true
			queue = append(queue, d)
		}
	}
	for _, root := range roots {
		if len(s.byName[root]) == 0 {
			panic(fmt.Sprintf("tablecache: %q is not declared in the sources fingerprinted", root))
		}
		for _, d := range s.byName[root] {
			take(d)
		}
	}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if !named[n.Name] {
					named[n.Name] = true
					for _, d := range s.byName[n.Name] {
						take(d)
					}
					for m := range selected { // the methods of a type newly named
						take(s.methods[m][n.Name])
					}
				}
			case *ast.SelectorExpr:
				if m := n.Sel.Name; !selected[m] {
					selected[m] = true
					for typ, d := range s.methods[m] {
						if named[typ] {
							take(d)
						}
					}
				}
			}
			return true
		})
	}
	var printed []string
	for d := range used {
		var b bytes.Buffer
		if err := printer.Fprint(&b, s.fset, d); err != nil {
			panic(err)
		}
		printed = append(printed, string(withoutBlankLines(b.Bytes())))
	}
	slices.Sort(printed)
	h := sha256.New()
	for _, p := range printed {
		fmt.Fprintf(h, "%s\n", p)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// withoutBlankLines drops the empty lines of printed code: the printer
// keeps a blank line where a comment line was dropped.
func withoutBlankLines(code []byte) []byte {
	var out []byte
	for line := range bytes.Lines(code) {
		if len(bytes.TrimSpace(line)) > 0 {
			out = append(out, line...)
		}
	}
	return out
}

// declNames lists the names a top-level declaration declares, methods as
// "Type.Method".
func declNames(decl ast.Decl) []string {
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil || len(d.Recv.List) == 0 {
			return []string{d.Name.Name}
		}
		return []string{receiverType(d.Recv.List[0].Type) + "." + d.Name.Name}
	case *ast.GenDecl:
		var names []string
		for _, spec := range d.Specs {
			switch s := spec.(type) {
			case *ast.TypeSpec:
				names = append(names, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					names = append(names, n.Name)
				}
			}
		}
		return names
	}
	return nil
}

// receiverType is the name of a method's receiver type, without its
// pointer or type parameters.
func receiverType(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}
