package tui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// No screen writes a file (issue 45): the pages, the widgets and the shared
// context ask; the learner's record is written by record/session, and the
// shell (tui/*.go) runs the few writes that are not the record's (a reset
// of the learner's code, through record/reset). Checked on the parsed code:
// a page that calls one of the os package's or atomicfile's writes, or the
// record's writers (reset, history, results) directly, fails here.
func TestNoScreenWritesAFile(t *testing.T) {
	t.Parallel()
	forbiddenCalls := map[string]map[string]bool{
		"os": {"WriteFile": true, "Create": true, "OpenFile": true, "Remove": true, "RemoveAll": true,
			"Rename": true, "Mkdir": true, "MkdirAll": true, "Truncate": true, "Symlink": true, "Link": true},
		"atomicfile": {"Write": true, "WriteWithin": true, "SweepDir": true},
		"ioutil":     {"WriteFile": true},
		"reset":      {"TODO": true, "Day": true},
		"history":    {"Append": true, "AppendNew": true},
		"results":    {"Update": true},
	}
	checked := 0
	for _, dir := range []string{"pages", "components", "common", "keymap", "styles"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			checked++
			names := map[string]string{} // local name → import path
			for _, im := range f.Imports {
				p, _ := strconv.Unquote(im.Path.Value)
				local := p[strings.LastIndex(p, "/")+1:]
				if im.Name != nil {
					local = im.Name.Name
				}
				names[local] = local
				if canon, ok := map[string]string{"os": "os", "io/ioutil": "ioutil", "termlab/record/atomicfile": "atomicfile",
					"termlab/record/reset": "reset", "termlab/record/history": "history", "termlab/record/results": "results"}[p]; ok {
					names[local] = canon
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if id, ok := sel.X.(*ast.Ident); ok && forbiddenCalls[names[id.Name]][sel.Sel.Name] {
					t.Errorf("%s uses %s.%s: no screen writes a file", path, id.Name, sel.Sel.Name)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 20 {
		t.Fatalf("checked %d files: the screens' folders have moved, and this test no longer sees them", checked)
	}
}
