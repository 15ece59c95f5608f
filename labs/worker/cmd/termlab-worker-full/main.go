// Command termlab-worker-full is the full worker: the lean worker's days
// and learner's code, plus each day's heavy packages (its course's
// FullWorker list, imported by the generated link files): the parts that
// need a Redis client or an HTTP server, and the commands that serve a
// day's door (`go run . serve N`) and check a store's URL (`--redis`),
// which those packages register themselves. The runner builds it beside
// the lean worker, at a lower priority, and its parts follow the lean
// worker's.
//
// As in the lean worker, the learner's packages are imported by the link
// files only, which build with -tags termlab (worker.BuildTag); without the
// tag this program refuses every command (worker.Unlinked).
package main

import (
	"os"

	// First of all inits: the answer pipe is closed to what learner code starts.
	_ "termlab/labs/boxinit"
	"termlab/labs/registry"
	"termlab/labs/worker"
)

// days is the course as the worker knows it: the generated registry that
// main.go's course and the lean worker read too.
var days = registry.Days

// linked is set by the days' link files (linkNN.go), which also tell the
// worker package which days they link (worker.Link): this build holds the
// learner's code.
var linked bool

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int { return worker.Program(days, args) }
