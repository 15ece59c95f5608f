package course_test

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"termlab/runner/testrun"
	"termlab/runner/worker"
)

// The shipped stubs, read from the copy embedded in the lab (what reset
// writes back and the check compares with), never from labs/day45: that
// folder is the learner's.

// funcBodies maps each top-level function of src to its body's byte range.
func funcBodies(t *testing.T, name, src string) map[string][2]int {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		t.Fatalf("%s does not parse: %v", name, err)
	}
	out := map[string][2]int{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Body != nil {
			out[fd.Name.Name] = [2]int{fset.Position(fd.Body.Lbrace).Offset, fset.Position(fd.Body.Rbrace).Offset + 1}
		}
	}
	return out
}

// Each stub is one line, the marker from the lab's notdone.go, and todo.go
// imports nothing of the lab's: so the learner's finished file has no
// import left over ("imported and not used" at the moment of success).
func TestShippedStubs(t *testing.T) {
	todo, ok := day.Shipped["todo.go"]
	if !ok {
		t.Fatal("no shipped todo.go")
	}
	if _, ok := day.Shipped["notdone.go"]; !ok {
		t.Fatal("no shipped notdone.go: the stubs' marker would be undefined")
	}
	// todo.go carries the tag that keeps it out of go test ./...;
	// notdone.go does not, so it compiles alone and the stubs still find
	// their marker should a learner drop todo.go's tag line.
	for name, tagged := range map[string]bool{"todo.go": true, "notdone.go": false} {
		first, _, _ := strings.Cut(day.Shipped[name], "\n")
		if got := first == "//go:build "+worker.BuildTag; got != tagged {
			t.Errorf("%s starts with %q: tagged %v, want %v", name, first, got, tagged)
		}
	}
	f, err := parser.ParseFile(token.NewFileSet(), "todo.go", todo, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p != "time" {
			t.Errorf("todo.go imports %s: a finished file would leave it unused", p)
		}
	}
	bodies := funcBodies(t, "todo.go", todo)
	for _, td := range day.TODOs {
		r, ok := bodies[td.Func]
		if !ok {
			t.Errorf("TODO %d: no %s in the shipped todo.go", td.Number, td.Func)
			continue
		}
		want := fmt.Sprintf("{\n\tpanic(notDone) // TODO %d\n}", td.Number)
		if got := todo[r[0]:r[1]]; got != want {
			t.Errorf("TODO %d: the stub's body is %q, want %q", td.Number, got, want)
		}
	}
}

// Replacing stubs with working code compiles: each stub alone, then all
// four, replaced by the reference's body (solutions/day45), built as the
// lab builds the learner's package. The last replacement is the one that
// used to leave an import unused.
func TestReplacingTheStubsCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("six go builds")
	}
	root := filepath.Join("..", "..", "..")
	ref, err := os.ReadFile(filepath.Join(root, "solutions", "day45", "solutions.go"))
	if err != nil {
		t.Fatal(err)
	}
	refBodies := funcBodies(t, "solutions.go", string(ref))
	body := func(name string) string {
		r, ok := refBodies[name]
		if !ok {
			t.Fatalf("solutions/day45 has no %s", name)
		}
		return string(ref[r[0]:r[1]])
	}
	// replace gives the shipped todo.go with the named stubs' bodies
	// swapped for the reference's, last first so offsets stay valid.
	todo := day.Shipped["todo.go"]
	stubs := funcBodies(t, "todo.go", todo)
	replace := func(names ...string) string {
		slices.SortFunc(names, func(a, b string) int { return stubs[b][0] - stubs[a][0] })
		out := todo
		for _, n := range names {
			out = out[:stubs[n][0]] + body(n) + out[stubs[n][1]:]
		}
		return out
	}

	// The learner's package is built where it lives, with the go command's
	// -overlay standing in for its folder: the shipped files (todo.go as
	// the case has it) in place of the learner's, and every other file of
	// the learner's hidden, so none of the learner's work is built. In a
	// copy of the module (worker.CopyLab), the module's packages it imports
	// were compiled again under the copy's path on every run, most of the
	// test's CPU; here they come from the build cache go test just filled.
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	learner := filepath.Join(abs, filepath.FromSlash(strings.Trim(day.LearnerDir, "/")))
	entries, err := os.ReadDir(learner)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	overlay := map[string]string{}
	for _, e := range entries {
		if !e.IsDir() {
			overlay[filepath.Join(learner, e.Name())] = ""
		}
	}
	for name, text := range day.Shipped {
		to := filepath.Join(tmp, name)
		if err := os.WriteFile(to, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		overlay[filepath.Join(learner, name)] = to
	}
	overlayJSON, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		t.Fatal(err)
	}
	overlayFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlayFile, overlayJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, td := range day.TODOs {
		all = append(all, td.Func)
	}
	// The stubs and the finished file first: the default run builds those
	// two, the whole suite each TODO done alone as well (testrun.Sampled;
	// each is a go build).
	cases := []struct{ name, src string }{{"the stubs", todo}, {"every TODO done", replace(all...)}}
	for _, td := range day.TODOs {
		cases = append(cases, struct{ name, src string }{fmt.Sprintf("TODO %d done", td.Number), replace(td.Func)})
	}
	for i, c := range cases {
		if c.src == todo && c.name != "the stubs" {
			t.Fatalf("%s: nothing was replaced", c.name)
		}
		if !testrun.Sampled(i+1, 2) {
			continue
		}
		if err := os.WriteFile(filepath.Join(tmp, "todo.go"), []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("go", "build", "-overlay="+overlayFile, "-tags="+worker.BuildTag, "./"+strings.Trim(day.LearnerDir, "/"))
		cmd.Dir = abs
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: does not compile: %v\n%s\n%s", c.name, err, out, c.src)
		}
	}
}
