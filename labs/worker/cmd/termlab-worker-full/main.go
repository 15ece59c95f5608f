// Command termlab-worker-full is the full worker: the lean worker's days
// and learner's code, plus the parts that need a Redis client or an HTTP
// server (Day 45's Parts 4 and 6, registered by their packages' init), and
// the commands that serve Day 45's door (`go run . serve 45`) and check a
// Redis URL (`--redis`). The runner builds it beside the lean worker, at a
// lower priority, and its parts follow the lean worker's.
//
// As in the lean worker, the learner's packages are imported by link.go
// only, which builds with -tags termlab (worker.BuildTag); without the tag
// this program refuses every command (worker.Unlinked).
package main

import (
	"os"

	day45 "termlab/labs/day45/course"
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	// First of all inits: the answer pipe is closed to what learner code starts.
	_ "termlab/labs/boxinit"
	"termlab/labs/registry"
	"termlab/labs/worker"
	solutions45 "termlab/solutions/day45"
)

// days is the course as the worker knows it: the generated registry that
// main.go's course and the lean worker read too.
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
	return worker.Main(days, args, map[string]func([]string) int{
		door.ServeCommand: func(args []string) int {
			return door.ServeMain(args, solutions45.Funcs, os.Stdout, os.Stderr)
		},
		day45.PingCommand: func(args []string) int { return fleet.PingMain(args, os.Stderr) },
	})
}
