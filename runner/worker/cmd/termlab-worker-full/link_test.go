//go:build termlab && !termlab_oneday

package main

import (
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"termlab/runner/worker"
)

// learnerPackage is a learner's package's import path.
var learnerPackage = regexp.MustCompile(`^termlab/labs/day[0-9]+$`)

// The full worker links every day but no learner's code: it is built once
// per version of the course and a save never relinks it; the learner's
// functions its heavy parts call are answered across the call pipe by a
// lean worker. A link file that imported a learner's package would bring
// the relink back on every save.
func TestTheFullWorkerLinksNoLearnerCode(t *testing.T) {
	ents, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), e.Name(), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if learnerPackage.MatchString(path) {
				t.Errorf("%s imports the learner's package %s", e.Name(), path)
			}
		}
	}
	if len(worker.Linked()) != 2 {
		t.Fatalf("the worker links %d days, want 2 (45 and 46)", len(worker.Linked()))
	}
}
