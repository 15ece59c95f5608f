package worker

import (
	"os"
	"path/filepath"
	"testing"
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
