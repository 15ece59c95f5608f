package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The lab's own binary never runs a day's machinery in its process: the
// learner's code and the reference are played by worker programs
// (runner/worker), the reference by programs built with the shipped stubs
// (refbuild.go), so that the lab's binary need not link a day's graders,
// parts or solutions, and a day's code that hangs or crashes never takes
// the screens down. This reads the non-test code of every package of the
// module that binary links (as `go run .` builds it) and fails on any use
// of a Day's RunPart, GradeTODO, Run, Grade or Execute, or of a
// PlayFigure's Play, outside the worker's own side.
//
// The day packages and solutions are left out: they are the machinery
// itself, of which the lab's binary is to link only the words.
func TestLabBinaryRunsNoDayMachinery(t *testing.T) {
	// The worker's side: the files that answer a task inside a worker
	// program, where the day is linked in.
	allowed := map[string]bool{
		"runner/worker/child.go": true, // Serve: a part, a grade
		"runner/worker/play.go":  true, // servePlay: a playground frame
	}
	skip := regexp.MustCompile(`^termlab/(labs/day\d+|author/kit|labs/registry|solutions)(/|$)`)
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \" \"}}{{end}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := map[string]*types.Package{}
	// Packages outside the module are stand-ins with nothing in them:
	// the uses looked for are of the module's own types, and checking the
	// standard library and the charm libraries from source would cost
	// seconds for nothing. The type errors that follow are ignored.
	imp := importerFunc(func(path string) (*types.Package, error) {
		if p, ok := checked[path]; ok {
			return p, nil
		}
		p := types.NewPackage(path, filepath.Base(path))
		p.MarkComplete()
		return p, nil
	})
	var found []string
	hits := map[string]int{}
	var scanned []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 || !strings.HasPrefix(f[0], "termlab") {
			continue
		}
		path, dir := f[0], f[1]
		var files []*ast.File
		for _, name := range strings.Fields(f[2]) {
			file, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, file)
		}
		info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
		conf := types.Config{Importer: imp, Error: func(error) {}}
		pkg, _ := conf.Check(path, fset, files, info)
		checked[path] = pkg
		if skip.MatchString(path) {
			continue
		}
		scanned = append(scanned, path)
		for _, file := range files {
			rel, _ := filepath.Rel(root, fset.File(file.Pos()).Name())
			rel = filepath.ToSlash(rel)
			for _, decl := range file.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok && path == "termlab/labs" && fd.Recv != nil && recvName(fd) == "Day" {
					continue // the engine's own Run, Grade and Execute, which call RunPart
				}
				ast.Inspect(decl, func(n ast.Node) bool {
					sel, ok := n.(*ast.SelectorExpr)
					if !ok {
						return true
					}
					s, ok := info.Selections[sel]
					if !ok || !machinery(s) {
						return true
					}
					hits[rel]++
					if !allowed[rel] {
						found = append(found, fmt.Sprintf("%s: %s.%s", fset.Position(sel.Pos()), typeName(s.Recv()), sel.Sel.Name))
					}
					return true
				})
			}
		}
	}
	for _, want := range []string{"termlab", "termlab/tui", "termlab/runner/worker", "termlab/labs"} {
		if !slices.Contains(scanned, want) {
			t.Fatalf("the lab's binary no longer links %s, or go list changed: scanned %v", want, scanned)
		}
	}
	// The worker's side does play the day: if the scan does not see it
	// there, it would see nothing anywhere.
	for file := range allowed {
		if hits[file] == 0 {
			t.Errorf("%s plays no part, grade or figure any more, or the scan misses them: update the allowed list", file)
		}
	}
	for _, f := range found {
		t.Errorf("%s: the lab's binary runs a day's machinery in its own process; play it in a worker (worker.Runner.Run, Reference, PlaySession)", f)
	}
}

// machinery reports whether s is a use of what runs a day's code: a Day's
// RunPart, GradeTODO, Run, Grade or Execute, or a PlayFigure's Play.
func machinery(s *types.Selection) bool {
	name := s.Obj().Name()
	switch typeName(s.Recv()) {
	case "termlab/labs.Day":
		return slices.Contains([]string{"RunPart", "GradeTODO", "Run", "Grade", "Execute"}, name)
	case "termlab/labs.PlayFigure":
		return name == "Play"
	}
	return false
}

func typeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path() + "." + n.Obj().Name()
	}
	return t.String()
}

func recvName(fd *ast.FuncDecl) string {
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
