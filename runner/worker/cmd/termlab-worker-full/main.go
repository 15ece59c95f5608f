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
	_ "termlab/runner/boxinit"
	"termlab/runner/worker"
)

// The days' link files (linkNN.go) hand the worker package the days they
// link (worker.Link), with the learner's code. The program imports no
// registry: it knows the days it links, and a build for one day links that
// day's course alone.

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int { return worker.Program(args) }
