//go:build !termlab

package main

import (
	"testing"

	"termlab/runner/worker"
)

// Built without the tag (as `go test ./...` builds it), the worker holds no
// learner code, so it must refuse every task rather than report each TODO
// as unfinished: an unfinished grade from such a build would be a lie.
func TestWithoutTheTagTheWorkerRefuses(t *testing.T) {
	if len(worker.Linked()) > 0 {
		t.Fatal("the learner's code is linked without the build tag")
	}
	for _, args := range [][]string{
		{worker.Command, "45", "grade", "1"},
		{worker.Command, "46", "part", "1", "reference"},
		{"nonsense"},
	} {
		if code := run(args); code != 2 {
			t.Errorf("run %v = %d, want 2 (refused)", args, code)
		}
	}
}
