package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/runner/testrun"
)

// End to end, on the learner's code: with the TODOs passing, the figure
// plays in the worker and says so.
func TestPlayRunsTheLearnersCode(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel()
	l := newLab(t, "")
	src, err := os.ReadFile(filepath.Join("solutions", "day45", "solutions.go"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	// The answers without the bundle the runner links, nor its imports of
	// the lab (whichever package the bundle's type is in).
	s = s[:strings.Index(s, "// Funcs bundles")]
	var kept []string
	for _, line := range strings.Split(s, "\n") {
		if !strings.Contains(line, `"termlab/`) {
			kept = append(kept, line)
		}
	}
	l.write("labs/day45/todo.go", "//go:build termlab\n\n"+strings.Join(kept, "\n"))
	l.run("predict", "45", "P1=1", "P2=1", "P3=1", "P4=1", "P5=1", "P6=1", "P7=1", "P8=1", "P9=1", "P10=1", "P12=1") // the loan figure reveals Parts 4, 5, 6 and 8 too
	r := l.run("play", "45", "--figure", "loan", "--traffic", "flood", "--reveal", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"impl": "learner"`) || !strings.Contains(r.stdout, `"whose": "your TakeToken, NextEmit"`) {
		t.Fatalf("%s", r)
	}
}
