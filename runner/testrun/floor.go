package testrun

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Floor is the floor of a save loop, measured beside it in the same run:
// what any compiled-Go exercise runner (golings, for one) must do at
// least after a save. A module of a main and a one-function learner
// package; each Save writes a new body, builds the main and runs it. The
// save-loop benchmarks (the root package's SaveToScreen) and
// author/savetime (the same loop in tmux) take their ratios against it.
type Floor struct {
	dir, bin, learner string
	// Env is the environment of its go build and run; nil is this
	// process's.
	Env []string
}

// NewFloor writes the floor's module into dir, which must exist.
func NewFloor(dir string) (*Floor, error) {
	f := &Floor{dir: dir, bin: filepath.Join(dir, "exercise"), learner: filepath.Join(dir, "learner", "learner.go")}
	files := map[string]string{
		"go.mod":  "module floor\n\ngo 1.26\n",
		"main.go": "package main\n\nimport (\n\t\"fmt\"\n\n\t\"floor/learner\"\n)\n\nfunc main() { fmt.Println(learner.Add(2, 3) == 5) }\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(filepath.Dir(f.learner), 0o755); err != nil {
		return nil, err
	}
	return f, nil
}

// Save writes the exercise as save n (a body no earlier save had, so the
// build cache has not seen it), builds it and runs it, as the watch loop
// of a compiled-Go exercise runner does, and returns how long that took
// from the write.
func (f *Floor) Save(n int) (time.Duration, error) {
	src := fmt.Sprintf("package learner\n\n// Add is the exercise.\nfunc Add(a, b int) int {\n\tif a == -%d {\n\t\treturn 0\n\t}\n\treturn a + b\n}\n", n+1)
	start := time.Now()
	if err := os.WriteFile(f.learner, []byte(src), 0o644); err != nil {
		return 0, err
	}
	build := exec.Command("go", "build", "-o", f.bin, ".")
	build.Dir, build.Env = f.dir, f.Env
	if out, err := build.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("the floor's exercise does not build: %v\n%s", err, out)
	}
	run := exec.Command(f.bin)
	run.Env = f.Env
	out, err := run.Output()
	if err != nil || strings.TrimSpace(string(out)) != "true" {
		return 0, fmt.Errorf("the floor's exercise answered %q, %v", out, err)
	}
	return time.Since(start), nil
}
