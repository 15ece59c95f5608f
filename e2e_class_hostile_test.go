package main

import (
	"encoding/base64"
	"strings"
	"testing"

	"termlab/labs/testrun"
)

// The class grader against hostile submissions (issue 30): each attack
// class as a test, each failing on the lab before the guard.

// grade --format (GitHub Classroom, Gradescope) had no import gate: a
// todo.go that called the reference solutions scored full marks. Now it
// goes through the lab's one gate, which names the file and the import,
// and grades nothing.
func TestGradeFormatGate(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	l := newLab(t, "")
	alice := classFixture(t, "alice/todo.go")
	notdone := l.read("labs/day45/notdone.go")
	// Classroom's answer is base64 of its JSON (autograde.Classroom).
	text := func(f string, r result) string {
		if f != "classroom" {
			return r.stdout
		}
		data, err := base64.StdEncoding.DecodeString(strings.TrimSpace(r.stdout))
		if err != nil {
			t.Fatalf("classroom's answer is not base64: %v\n%s", err, r)
		}
		return string(data)
	}
	for _, tc := range []struct{ name, imports, refused string }{
		{"the solutions", `import ( "time"; _ "termlab/solutions/day45" )`, "termlab/solutions/day45"},
		{"a raw string", "import (\n\t\"time\"\n\t_ `os`\n)", "os"},
		{"text/template", "import (\n\t\"time\"\n\t_ \"text/template\"\n)", "text/template"},
	} {
		l.write("labs/day45/todo.go", strings.Replace(alice, `import "time"`, tc.imports, 1))
		for _, f := range []string{"classroom", "gradescope"} {
			r := l.run("grade", "45", "--format", f)
			if out := text(f, r); !strings.Contains(out, `labs/day45/todo.go imports \"`+tc.refused+`\"`) || strings.Contains(out, `"status":"pass"`) {
				t.Errorf("%s, %s: not refused by name\n%s", tc.name, f, r)
			}
		}
	}
	// The lab's own notdone.go, changed to reach the solutions, is gated
	// like the student's file.
	l.write("labs/day45/todo.go", alice)
	l.write("labs/day45/notdone.go", "package day45\n\nimport \"termlab/solutions/day45\"\n\nvar notDone = day45.TakeToken\n")
	if r := l.run("grade", "45", "--format", "classroom"); !strings.Contains(text("classroom", r), `notdone.go imports \"termlab/solutions/day45\"`) {
		t.Errorf("a changed notdone.go: not refused\n%s", r)
	}
	// An allowed submission is graded as before.
	l.write("labs/day45/notdone.go", notdone)
	if r := l.run("grade", "45", "--format", "classroom"); strings.Contains(text("classroom", r), "refused") || !strings.Contains(text("classroom", r), `"status":"pass"`) {
		t.Errorf("alice's file was not graded\n%s", r)
	}
}
