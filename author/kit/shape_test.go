package kit

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// shape is a day's tree as packages: its folders (the model package
// under the name "<model>", since each day names it after its idea), the
// folders whose package has tests beside it, and the imports between the
// day's own packages.
type shape struct {
	dirs, tested, imports []string
}

// modelName is the folder under the course whose package declares the
// day's Funcs (the one course.Funcs aliases): the day's model package.
func modelName(t *testing.T, course string) string {
	t.Helper()
	ents, err := os.ReadDir(course)
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, e := range ents {
		if _, err := funcsFieldsIn("", filepath.Join(course, e.Name()), "Funcs", 0); e.IsDir() && err == nil {
			found = append(found, e.Name())
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s: want one package under it declaring Funcs, found %v", course, found)
	}
	return found[0]
}

// shapeOf reads the shape of the day in dir (labs/dayNN) of module root.
func shapeOf(t *testing.T, dir string) shape {
	t.Helper()
	model := modelName(t, filepath.Join(dir, "course"))
	name := func(rel string) string {
		rel = filepath.ToSlash(rel)
		if rel == "course/"+model || strings.HasPrefix(rel, "course/"+model+"/") {
			return "course/<model>" + strings.TrimPrefix(rel, "course/"+model)
		}
		return rel
	}
	prefix := "termlab/" + filepath.ToSlash(filepath.Join("labs", filepath.Base(dir))) + "/"
	var s shape
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() {
			if rel != "." {
				s.dirs = append(s.dirs, name(rel))
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || rel == filepath.Base(rel) { // the learner's folder is no package of the course
			return nil
		}
		pkg := name(filepath.Dir(rel))
		if strings.HasSuffix(path, "_test.go") {
			s.tested = append(s.tested, pkg)
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if to, ok := strings.CutPrefix(p, prefix); ok {
				s.imports = append(s.imports, pkg+" → "+name(to))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []*[]string{&s.dirs, &s.tested, &s.imports} {
		slices.Sort(*l)
		*l = slices.Compact(*l)
	}
	return s
}

// diff says how shape got differs from want, in lines; none when the same.
func (want shape) diff(got shape) []string {
	var out []string
	for _, c := range []struct {
		what      string
		want, got []string
	}{{"folder", want.dirs, got.dirs}, {"package with tests", want.tested, got.tested}, {"import", want.imports, got.imports}} {
		for _, x := range c.want {
			if !slices.Contains(c.got, x) {
				out = append(out, fmt.Sprintf("missing %s %s", c.what, x))
			}
		}
		for _, x := range c.got {
			if !slices.Contains(c.want, x) {
				out = append(out, fmt.Sprintf("extra %s %s", c.what, x))
			}
		}
	}
	return out
}

// A new day has Day 46's tree: the same folders (course, the model, parts,
// grade, play, shipped), tests beside each package, and the same imports
// between them (course → parts, grade, play → the model; grade → parts).
// Day 46 is read from this repository as the shape every day must have;
// the test reads its folders and imports, never the learner's files.
func TestNewDayHasDay46sShape(t *testing.T) {
	root := t.TempDir()
	if _, err := NewDay(root, 47, "Throwaway", ""); err != nil {
		t.Fatal(err)
	}
	want := shapeOf(t, filepath.Join("..", "..", "labs", "day46"))
	got := shapeOf(t, filepath.Join(root, "labs", "day47"))
	for _, d := range got.diff(want) {
		t.Error(d)
	}
	t.Logf("the shape: folders %v; tested %v; imports %v", want.dirs, want.tested, want.imports)
	// The comparison can fail: a skeleton without its playground is
	// another shape.
	if err := os.RemoveAll(filepath.Join(root, "labs", "day47", "course", "play")); err != nil {
		t.Fatal(err)
	}
	if d := want.diff(shapeOf(t, filepath.Join(root, "labs", "day47"))); !slices.Contains(d, "missing folder course/play") {
		t.Errorf("without play/: %v", d)
	}
}

// The skeleton's grader is one file per TODO beside grade.go, and builds
// on the engine's cases, failures and tolerance: no private copy of them.
func TestNewDayGraderUsesTheEngine(t *testing.T) {
	root := t.TempDir()
	if _, err := NewDay(root, 47, "Throwaway", ""); err != nil {
		t.Fatal(err)
	}
	days, err := Scan(root)
	if err != nil || len(days) != 1 {
		t.Fatalf("Scan = %v, %v", days, err)
	}
	dir := filepath.Join(root, "labs", "day47", "course", "grade")
	want := []string{"grade.go"}
	for _, f := range days[0].Funcs {
		want = append(want, strings.ToLower(f)+".go")
	}
	var got []string
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
			got = append(got, e.Name())
		}
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("grade/ holds %v, want grade.go and one file per TODO: %v", got, want)
	}
	files, err := parseDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "labs" {
					used[n.Sel.Name] = true
				}
			case *ast.TypeSpec:
				if name := strings.ToLower(n.Name.Name); name == "failure" || name == "cases" {
					t.Errorf("grade/ declares its own type %s", n.Name.Name)
				}
			case *ast.FuncDecl:
				if name := strings.ToLower(n.Name.Name); name == "near" || strings.HasPrefix(name, "shrink") {
					t.Errorf("grade/ declares its own %s", n.Name.Name)
				}
			}
			return true
		})
	}
	for _, name := range []string{"Cases", "Failure", "Near", "FigureDiffers"} {
		if !used[name] {
			t.Errorf("grade/ does not use labs.%s", name)
		}
	}
}
