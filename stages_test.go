package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/runner/testrun"
	"termlab/runner/worker"
)

// The learner's stages, end to end (the whole suite, TERMLAB_TEST_ALL=1:
// a worker build at each stage was the default run's dearest test): in one
// copy of the lab, labs/day45/todo.go goes through the four stages the
// README promises (the shipped stubs, TODOs 1-2 done, all four done, a
// compile error in a body), and at each the lab grades it as that stage
// (grade --json, the lean worker), while the suite itself leaves the
// learner's package out of every test build (go list -deps -test: the tag
// keeps it out, so go test ./... passes whatever state it is in).
//
// One lab, one worker rebuilt per stage: the compact form of what
// .ci/stages checks at length (the whole suite at each stage)
// and TestBrokenLearnerCode checks fault by fault.
func TestTheLearnersStages(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker at four stages")
	t.Parallel()
	day, err := course.Find(45)
	if err != nil {
		t.Fatal(err)
	}
	l := newLab(t, "")
	stubs := day.Shipped["todo.go"]
	ref, err := os.ReadFile(filepath.Join("solutions", "day45", "solutions.go"))
	if err != nil {
		t.Fatal(err)
	}
	half := withBodies(t, stubs, string(ref), day.TODOs[0].Func, day.TODOs[1].Func)
	whole := withBodies(t, stubs, string(ref), funcsOf(day)...)
	broken := strings.Replace(half, "panic(notDone) // TODO 3", "return stamp <= nowe-window", 1)
	if broken == half {
		t.Fatal("the shipped stubs have no TODO 3 stub")
	}
	brokenLine := 1 + strings.Count(broken[:strings.Index(broken, "nowe-window")], "\n")

	for _, c := range []struct {
		name   string
		src    string
		passed int // TODOs that pass; -1: the package does not compile
	}{
		{"the shipped stubs", stubs, 0},
		{"TODOs 1-2 done", half, 2},
		{"every TODO done", whole, len(day.TODOs)},
		{"a compile error in a body", broken, -1},
	} {
		l.write("labs/day45/todo.go", c.src)
		r := l.run("grade", "45", "--json")
		wantCode := exitNotOK
		if c.passed == len(day.TODOs) {
			wantCode = exitOK
		}
		l.want(r, wantCode)
		if c.passed < 0 {
			var out struct {
				Error       string            `json:"error"`
				BuildErrors []worker.Location `json:"build_errors"`
			}
			l.decode(r, &out)
			if !strings.Contains(out.Error, "does not compile") || len(out.BuildErrors) == 0 ||
				out.BuildErrors[0].File != "labs/day45/todo.go" || out.BuildErrors[0].Line != brokenLine {
				t.Errorf("%s: %+v, want the compiler's labs/day45/todo.go:%d", c.name, out, brokenLine)
			}
		} else {
			var g gradeOutput
			l.decode(r, &g)
			if g.Passed != c.passed || len(g.TODOs) != len(day.TODOs) {
				t.Errorf("%s: %d of %d TODOs pass, want %d of %d\n%s", c.name, g.Passed, len(g.TODOs), c.passed, len(day.TODOs), r)
			}
			for _, got := range g.TODOs {
				want := labs.Unfinished
				if got.TODO <= c.passed {
					want = labs.Pass
				}
				if got.Status != want {
					t.Errorf("%s: TODO %d is %s (%s), want %s", c.name, got.TODO, got.Status, got.Detail, want)
				}
			}
		}
		if got := l.read("labs/day45/todo.go"); got != c.src {
			t.Errorf("%s: grading changed the learner's file", c.name)
		}
		// The suite's side of the promise: the go tool reads the whole
		// module without an error, and no test build holds a learner's
		// todo.go (the tag keeps it out: only the lab's notdone.go is
		// built there), so a compile error in a body is never seen.
		list := exec.Command("go", "list", "-e", "-deps", "-test", "-f", "{{.ImportPath}}|{{join .GoFiles \" \"}}|{{with .Error}}{{.}}{{end}}", "./...")
		list.Dir, list.Env = l.root, childEnv()
		out, err := list.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: go list ./... in the copy: %v\n%s", c.name, err, out)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			f := strings.SplitN(line, "|", 3)
			if len(f) != 3 || f[2] != "" {
				t.Errorf("%s: go list ./... in the copy: %s", c.name, line)
				continue
			}
			if slices.ContainsFunc(course, func(d labs.Day) bool { return f[0] == "termlab/"+strings.Trim(d.LearnerDir, "/") }) &&
				slices.Contains(strings.Fields(f[1]), "todo.go") {
				t.Errorf("%s: go test ./... would compile %s's todo.go", c.name, f[0])
			}
		}
	}
}

func funcsOf(day labs.Day) []string {
	var out []string
	for _, td := range day.TODOs {
		out = append(out, td.Func)
	}
	return out
}

// withBodies is the learner's file src with the bodies of the named
// functions replaced by those in ref, as a learner would type them.
func withBodies(t *testing.T, src, ref string, names ...string) string {
	t.Helper()
	bodies := func(name, text string) map[string][2]int {
		f, err := parser.ParseFile(token.NewFileSet(), name, text, 0)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][2]int{}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil {
				out[fn.Name.Name] = [2]int{int(fn.Body.Lbrace), int(fn.Body.Rbrace) - 1} // inside the braces (a Pos is its offset + 1)
			}
		}
		return out
	}
	have, want := bodies("todo.go", src), bodies("solutions.go", ref)
	// Last first, so that the offsets of the earlier ones stay valid.
	slices.SortFunc(names, func(a, b string) int { return have[b][0] - have[a][0] })
	for _, n := range names {
		h, ok1 := have[n]
		w, ok2 := want[n]
		if !ok1 || !ok2 {
			t.Fatalf("%s is not in both the stubs and the reference", n)
		}
		src = src[:h[0]] + ref[w[0]:w[1]] + src[h[1]:]
	}
	return src
}
