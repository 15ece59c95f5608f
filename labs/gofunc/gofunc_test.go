package gofunc

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// parsed is what go/parser says of src's top-level functions.
func parsed(t *testing.T, src []byte) []Func {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []Func
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil {
			continue
		}
		from := fd.Pos()
		if fd.Doc != nil {
			from = fd.Doc.Pos()
		}
		fn := Func{Name: fd.Name.Name, Line: fset.Position(fd.Pos()).Line, Start: fset.Position(from).Offset, End: fset.Position(fd.End()).Offset, Body: [2]int{-1, -1}}
		if fd.Body != nil {
			fn.Body = [2]int{fset.Position(fd.Body.Pos()).Offset, fset.Position(fd.Body.End()).Offset}
		}
		out = append(out, fn)
	}
	return out
}

func same(t *testing.T, what string, src []byte, want []Func) {
	t.Helper()
	got, err := Funcs(src)
	if err != nil {
		t.Errorf("%s: %v", what, err)
	}
	if len(got) != len(want) {
		t.Errorf("%s: %d functions, go/parser finds %d", what, len(got), len(want))
		return
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: %+v, go/parser says %+v", what, got[i], want[i])
		}
	}
}

// learnerDir matches a learner's folder (labs/day45): whatever the learner
// has typed there is theirs, half-written or not compiling; the shipped
// stubs are read instead (course/shipped/*.go.txt).
var learnerDir = regexp.MustCompile(`(^|/)labs/day[0-9]+$`)

// moduleGoFiles lists every Go file of the module (the shipped stubs, the
// solutions, the lab's own code and tests), never a learner's.
func moduleGoFiles(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..")
	var paths []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != root || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		shipped := strings.HasSuffix(path, ".go.txt") && filepath.Base(filepath.Dir(path)) == "shipped"
		if d.IsDir() || !strings.HasSuffix(path, ".go") && !shipped || learnerDir.MatchString(filepath.ToSlash(filepath.Dir(path))) {
			return nil
		}
		paths = append(paths, path)
		return nil
	})
	if len(paths) < 50 {
		t.Fatalf("only %d Go files found under %s", len(paths), root)
	}
	return paths
}

// Every Go file of the module, as go/parser reads it.
func TestFuncsAgreeWithGoParserOnTheModule(t *testing.T) {
	for _, path := range moduleGoFiles(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		same(t, path, src, parsed(t, src))
	}
}

// The shapes a hand-written file takes that the module may not hold.
var oddShapes = []string{
	"package p\n\nfunc A() {}\n",
	"package p\n\n// A is.\n//\n// More.\nfunc A() {}\n",
	"package p\n\n// not A's: a blank line between.\n\nfunc A() {}\n",
	"package p\n\nvar x = 1 // x's, not A's\nfunc A() {}\n",
	"package p\n\nvar x = 1 // x's\n// A's\nfunc A() {}\n",
	"package p\n\n/* A's\n   doc */\nfunc A() {}\n",
	"package p\n\n/* one */ /* two */\nfunc A() {}\n",
	"package p\n\nfunc A() struct{ x int } { return struct{ x int }{} }\n",
	"package p\n\nfunc A() interface{ M() } { return nil }\n",
	"package p\n\nfunc A[T any, U ~[]T](x T, u U) (T, error) { return x, nil }\n",
	"package p\n\nfunc A() func() { return func() {} }\n",
	"package p\n\nvar f = func() {}\n\nfunc A() { f() }\n",
	"package p\n\ntype T struct{}\n\nfunc (T) M() {}\n\nfunc A() { { }; _ = map[string][]int{\"}\": {1}} }\n",
	"package p\n\nfunc A() int\n\nfunc B() { _ = `}` + \"{\" + string('}') }\n",
	"package p\n\nfunc A() { /* } */ } // }\nfunc B() {}",
	"package p\n\nfunc A() chan struct{} { return nil }\n",
}

func TestFuncsAgreeWithGoParserOnOddShapes(t *testing.T) {
	for _, src := range oddShapes {
		same(t, src, []byte(src), parsed(t, []byte(src)))
	}
}

// A file that does not read as Go: an error, and the functions whole
// before the fault.
var brokenFiles = []struct {
	src   string
	funcs []string
}{
	{"package p\n\nfunc A() {}\n\nfunc oops( {\n", []string{"A"}},
	{"package p\n\nfunc A() {}\nfunc B() { x := \"unclosed }\n", []string{"A"}},
	{"package p\n\nfunc A() {}\n}\nfunc B() {}\n", []string{"A"}},
	{"package p\n\nfunc A() { ( }\n", nil},
	{"package p\n\nfunc A() {}\n/* open\n", []string{"A"}},
}

func TestFuncsSaysWhatIsWrong(t *testing.T) {
	for _, c := range brokenFiles {
		funcs, err := Funcs([]byte(c.src))
		if err == nil {
			t.Errorf("%q: no error", c.src)
		}
		var names []string
		for _, f := range funcs {
			names = append(names, f.Name)
		}
		if strings.Join(names, ",") != strings.Join(c.funcs, ",") {
			t.Errorf("%q: %v, want %v", c.src, names, c.funcs)
		}
	}
}
