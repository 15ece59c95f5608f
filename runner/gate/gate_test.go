package gate_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/runner/gate"
)

var day = labs.Day{Number: 45, LearnerDir: "labs/day45", Imports: append(append([]string{}, labs.Computing...), "time"),
	Shipped: map[string]string{"todo.go": "//go:build termlab\n\npackage day45\n", "notdone.go": "package day45\n\nimport \"termlab/labs\"\n\nvar notDone = labs.NotDone\n"}}

func TestFiles(t *testing.T) {
	for _, tc := range []struct {
		name, src, refused string // refused: the import named, "" when let through
	}{
		{"none", "package day45\n", ""},
		{"allowed", "package day45\nimport (\n\t\"time\"\n\t\"math\"\n\tsl \"slices\"\n)\n", ""},
		{"raw string", "package day45\nimport `os`\n", "os"},
		{"one-line block", "package day45\nimport ( \"math\"; \"os\" )\n", "os"},
		{"renamed", "package day45\nimport m \"os/exec\"\n", "os/exec"},
		{"blank", "package day45\nimport _ \"net/http\"\n", "net/http"},
		{"dot", "package day45\nimport . \"net\"\n", "net"},
		{"comment inside", "package day45\nimport /* math */ \"unsafe\"\n", "unsafe"},
		{"solutions", "package day45\nimport \"termlab/solutions/day45\"\n", "termlab/solutions/day45"},
		{"lab", "package day45\nimport \"termlab/labs\"\n", "termlab/labs"},
		{"testing", "package day45\nimport \"testing\"\n", "testing"},
		{"text/template", "package day45\nimport \"text/template\"\n", "text/template"},
		{"html/template", "package day45\nimport \"html/template\"\n", "html/template"},
		{"cgo", "package day45\nimport \"C\"\n", "C"},
		{"relative", "package day45\nimport \"./x\"\n", "./x"},
		{"outside", "package day45\nimport \"example.com/x\"\n", "example.com/x"},
		{"escaped", "package day45\nimport \"\\x6fs\"\n", "os"},
		{"second import decl", "package day45\nimport \"math\"\nimport \"os\"\n", "os"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := gate.Files(day, map[string][]byte{"todo.go": []byte(tc.src)})
			var r *gate.Refusal
			switch {
			case tc.refused == "" && err != nil:
				t.Fatalf("refused %q: %v", tc.src, err)
			case tc.refused == "":
			case !errors.As(err, &r):
				t.Fatalf("let %q through (%v)", tc.src, err)
			case r.Import != tc.refused || r.File != "todo.go" || !strings.Contains(err.Error(), "todo.go") || !strings.Contains(err.Error(), tc.refused):
				t.Fatalf("refusal %+v (%v) does not name todo.go and %q", r, err, tc.refused)
			case r.Line < 2 || !strings.HasPrefix(err.Error(), fmt.Sprintf("todo.go:%d imports ", r.Line)):
				t.Fatalf("refusal %v does not give the import's line (%d)", err, r.Line)
			}
		})
	}
}

func TestFilesUnparsable(t *testing.T) {
	if err := gate.Files(day, map[string][]byte{"todo.go": []byte("package day45\nimport \"os\n")}); err == nil {
		t.Fatal("an import that does not parse was let through")
	}
	if err := gate.Files(day, map[string][]byte{"x.s": []byte("TEXT ·f(SB),0,$0\n")}); err == nil {
		t.Fatal("an assembly file was let through")
	}
}

// A lab with the Imports of a day listing one of its own packages still
// refuses it.
func TestLabNeverAllowed(t *testing.T) {
	d := day
	d.Imports = []string{"termlab/solutions/day45"}
	if gate.Allowed(d, "termlab/solutions/day45") {
		t.Fatal("the lab's solutions were allowed")
	}
}

func TestFolder(t *testing.T) {
	dir := t.TempDir()
	write := func(n, s string) {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("todo.go", "//go:build termlab\n\npackage day45\n\nimport \"time\"\n")
	write("notdone.go", day.Shipped["notdone.go"])
	write("todo_test.go", "package day45\nimport \"os\"\n")
	if err := gate.Folder(day, dir, "termlab"); err != nil {
		t.Fatalf("the shipped notdone.go and an allowed todo.go: %v", err)
	}
	// The lab's own file, changed by the student, is checked like theirs.
	write("notdone.go", "package day45\n\nimport \"termlab/solutions/day45\"\n\nvar notDone = day45.X\n")
	if err := gate.Folder(day, dir, "termlab"); err == nil || !strings.Contains(err.Error(), "labs/day45/notdone.go") {
		t.Fatalf("a changed notdone.go importing the solutions: %v", err)
	}
	write("notdone.go", day.Shipped["notdone.go"])
	write("fast.s", "TEXT ·f(SB),0,$0\n")
	if err := gate.Folder(day, dir, "termlab"); err == nil || !strings.Contains(err.Error(), "fast.s") {
		t.Fatalf("an assembly file beside todo.go: %v", err)
	}
}

// Every refused import is said in one wording: the file and line, the
// import, and where the day's allow-list is, never the list itself.
func TestOneWording(t *testing.T) {
	src := map[string]string{
		"termlab/solutions/day45": "package day45\n\nimport \"termlab/solutions/day45\"\n",
		"os":                      "package day45\n\nimport (\n\t\"math\"\n\t\"os\"\n)\n",
		"syscall":                 "package day45\n\nimport \"syscall\"\n",
	}
	line := map[string]int{"termlab/solutions/day45": 3, "os": 5, "syscall": 3}
	for imp, text := range src {
		err := gate.Files(day, map[string][]byte{"todo.go": []byte(text)})
		want := fmt.Sprintf("todo.go:%d imports %q: not on Day 45's allow-list (its Imports, in labs/day45/course)", line[imp], imp)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v, want %q", imp, err, want)
		}
		if err != nil && (strings.Contains(err.Error(), "bytes") || len(err.Error()) > 160) {
			t.Errorf("%s: the refusal prints the list: %v", imp, err)
		}
	}
}
