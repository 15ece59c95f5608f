package labs_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"termlab/labs"
)

// reachTODOs are the TODO functions of reachSrc: C calls A.
var reachTODOs = []string{"A", "B", "C", "D"}

const reachSrc = `//go:build termlab

package day99

import "strings"

var scale = 2

func init() { scale = 2 }

func helper(x int) int { return x * scale }

// A is TODO 1.
func A(x int) int { return helper(x) }

// B is TODO 2.
func B(x int) int {
	// the second TODO
	return x + 1
}

// C is TODO 3: it calls A.
func C(x int) int { return A(x) + 1 }

// D is TODO 4.
func D(x int) int { return len(strings.Repeat("x", x)) - 1 }

type pair struct{ a, b int }

func (p pair) D() int { return p.a }
`

func reachFiles(src string, more ...labs.SourceFile) []labs.SourceFile {
	return append([]labs.SourceFile{{Name: "todo.go", Data: []byte(src)}, {Name: "notdone.go", Data: []byte("package day99\n\nconst notDone = \"not done\"\n")}}, more...)
}

// The source a task's key covers changes with everything it can reach,
// and with nothing else: each row edits the package, and names the TODOs
// whose source must change (every other TODO's must not).
func TestLearnerSourceChangesWithWhatATaskReaches(t *testing.T) {
	edit := func(old, new string) func([]labs.SourceFile) []labs.SourceFile {
		return func(fs []labs.SourceFile) []labs.SourceFile {
			src := string(fs[0].Data)
			if !strings.Contains(src, old) {
				t.Fatalf("the source has no %q", old)
			}
			fs[0].Data = []byte(strings.Replace(src, old, new, 1))
			return fs
		}
	}
	all := []string{"A", "B", "C", "D"}
	for _, tc := range []struct {
		name    string
		base    []labs.SourceFile
		edit    func([]labs.SourceFile) []labs.SourceFile
		changed []string
	}{
		{"its own body", nil, edit("return x + 1", "return 1 + x"), []string{"B"}},
		{"a comment in its body", nil, edit("// the second TODO", "// TODO 2"), []string{"B"}},
		{"a TODO that names it: C calls A", nil, edit("return helper(x)", "return helper(x) + 0"), []string{"A", "C"}},
		{"a helper it calls", nil, edit("return x * scale", "return scale * x"), all},
		{"a package variable", nil, edit("var scale = 2", "var scale = 3"), all},
		{"an init function", nil, edit("func init() { scale = 2 }", "func init() { scale = 1 + 1 }"), all},
		{"an import", nil, edit(`import "strings"`, `import strings "strings"`), all},
		{"a method named like a TODO is not the TODO", nil, edit("return p.a", "return p.b"), all},
		{"a TODO's signature", nil, edit("func D(x int) int", "func D(y int) int"), all},
		{"a comment outside every body", nil, edit("// B is TODO 2.", "// B is the second TODO."), all},
		{"a file that is not Go (an embed)", reachFiles(reachSrc, labs.SourceFile{Name: "table.txt", Data: []byte("1 2 3")}),
			func(fs []labs.SourceFile) []labs.SourceFile { fs[2].Data = []byte("1 2 4"); return fs }, all},
		{"a file added", nil,
			func(fs []labs.SourceFile) []labs.SourceFile {
				return append(fs, labs.SourceFile{Name: "more.go", Data: []byte("package day99\n")})
			}, all},
		{"a TODO a helper names is in every task", reachFiles(reachSrc + "\nvar table = []func(int) int{D}\n"),
			edit("return len(strings.Repeat(\"x\", x)) - 1", "return x - 1"), all},
		{"a TODO a directive names is in every task", reachFiles("//go:linkname b termlab/labs/day99.B\n" + reachSrc),
			edit("return x + 1", "return 1 + x"), all},
		{"a TODO an //export directive names is in every task", reachFiles(reachSrc + "\n//export B\nvar _ = 0\n"),
			edit("return x + 1", "return 1 + x"), all},
		{"a TODO named in a comment, or as a method or a selector, is not", reachFiles(reachSrc + "\n// see D\nvar _ = pair{}.D\n"),
			edit("return len(strings.Repeat(\"x\", x)) - 1", "return x - 1"), []string{"D"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := tc.base
			if base == nil {
				base = reachFiles(reachSrc)
			}
			before, err := labs.ParseLearner(base, reachTODOs)
			if err != nil {
				t.Fatal(err)
			}
			edited := tc.edit(slices.Clone(base))
			after, err := labs.ParseLearner(edited, reachTODOs)
			if err != nil {
				t.Fatal(err)
			}
			for _, todo := range reachTODOs {
				roots := []string{todo}
				got := !bytes.Equal(before.Source(roots), after.Source(roots))
				if want := slices.Contains(tc.changed, todo); got != want {
					t.Errorf("%s's source changed: %v, want %v", todo, got, want)
				}
			}
		})
	}
}

// What a task reaches: its roots and the TODOs they name, to a fixpoint.
func TestReach(t *testing.T) {
	src, err := labs.ParseLearner(reachFiles(reachSrc+"\nfunc helper2() int { return 0 }\n"), reachTODOs)
	if err != nil {
		t.Fatal(err)
	}
	chain, err := labs.ParseLearner(reachFiles(strings.Replace(reachSrc, "return x + 1", "return C(x)", 1)), reachTODOs)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		src   *labs.LearnerSource
		roots []string
		want  []string
	}{
		{src, []string{"A"}, []string{"A"}},
		{src, []string{"C"}, []string{"A", "C"}},
		{src, []string{"B", "D"}, []string{"B", "D"}},
		{src, nil, []string{}},
		{chain, []string{"B"}, []string{"A", "B", "C"}}, // B calls C calls A
		{src, []string{"NoSuchFunc"}, []string{}},
	} {
		if got := tc.src.Reach(tc.roots); !slices.Equal(got, tc.want) {
			t.Errorf("Reach(%v) = %v, want %v", tc.roots, got, tc.want)
		}
	}
}

// A Go file that does not parse leaves nothing to key on.
func TestParseLearnerRefusesWhatDoesNotParse(t *testing.T) {
	if _, err := labs.ParseLearner(reachFiles(reachSrc+"\nfunc broken( {\n"), reachTODOs); err == nil {
		t.Error("a file that does not parse was parsed")
	}
	// A file that is not Go is never parsed.
	if _, err := labs.ParseLearner(reachFiles(reachSrc, labs.SourceFile{Name: "notes.md", Data: []byte("func (")}), reachTODOs); err != nil {
		t.Error(err)
	}
}
