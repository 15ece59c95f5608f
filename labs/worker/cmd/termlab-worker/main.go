// Command termlab-worker is the lean worker: the days, the learner's
// packages and the parts that need only the virtual clock, answering the
// runner's tasks (worker.Main). It leaves out the heavy parts (a Redis
// client, an HTTP server: termlab-worker-full), so it links in a fraction
// of the time and a save's TODO verdicts land first.
//
// The lab's own binary never imports the learner's packages, so it opens
// while they do not compile. This program imports them in link.go, in its
// main package, and hands them to their days (course.UseLearner), so that a
// save recompiles only the learner's package and this one before the link.
//
// link.go, like the learner's todo.go, builds only with -tags termlab
// (worker.BuildTag), which the runner's build sets. Without the tag, as
// under `go test ./...` and `go vet ./...`, this program builds without the
// learner's code, so those commands pass while the learner's code does not
// compile; such a build refuses every command (worker.Unlinked).
package main

import (
	"os"

	// First of all inits: the answer pipe is closed to what learner code starts.
	_ "termlab/labs/boxinit"
	"termlab/labs/registry"
	"termlab/labs/worker"
)

// days is the course as the worker knows it: the generated registry that
// main.go's course reads too, so the two cannot disagree.
var days = registry.Days

// linked is set by link.go: this build holds the learner's code.
var linked bool

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if !linked {
		return worker.Unlinked()
	}
	return worker.Main(days, args, nil)
}
