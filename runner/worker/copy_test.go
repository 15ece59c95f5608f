package worker

import (
	"os"
	"path/filepath"
	"testing"

	"termlab/labs"
)

func TestCopyModuleTakesWhatABuildNeeds(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	files := map[string]bool{ // path → copied
		"go.mod":                          true,
		"go.sum":                          true,
		"main.go":                         true,
		"main_test.go":                    false,
		"labs/day45/todo.go":              true,
		"labs/day45/course/shipped/a.txt": true,
		"labs/day45/.kept/todo-1.go":      false,
		"testdata/broken/x/todo.go":       false,
		"_scratch/x.go":                   false,
		"nested/go.mod":                   false,
		"nested/x.go":                     false,
		"predictions/day45.json":          false,
		"RESULTS.md":                      false,
	}
	for p := range files {
		full := filepath.Join(src, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(p), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := CopyModule(src, dst); err != nil {
		t.Fatal(err)
	}
	for p, want := range files {
		data, err := os.ReadFile(filepath.Join(dst, p))
		if got := err == nil; got != want {
			t.Errorf("%s copied: %v, want %v", p, got, want)
		} else if got && string(data) != p {
			t.Errorf("%s: content %q", p, data)
		}
	}
}

// CopyLab leaves the learner's work behind, whatever state it is in, and
// puts the shipped files in its place; the rest is CopyModule's.
func TestCopyLabShipsTheLearnersFolder(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	day := labs.Day{LearnerDir: "labs/day45", Shipped: map[string]string{"todo.go": "shipped todo", "notdone.go": "shipped notdone"}}
	for p, text := range map[string]string{
		"go.mod":                 "module termlab\n",
		"labs/day45/todo.go":     "mine, not compiling",
		"labs/day45/helper.go":   "mine too",
		"labs/day45/course/x.go": "the course",
	} {
		full := filepath.Join(src, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := CopyLab(src, dst, labs.Course{day}); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{ // "" for absent
		"go.mod":                 "module termlab\n",
		"labs/day45/todo.go":     "shipped todo",
		"labs/day45/notdone.go":  "shipped notdone",
		"labs/day45/helper.go":   "",
		"labs/day45/course/x.go": "the course",
	} {
		data, err := os.ReadFile(filepath.Join(dst, p))
		if got := string(data); got != want || (want == "") != (err != nil) {
			t.Errorf("%s: %q (%v), want %q", p, got, err, want)
		}
	}
}
