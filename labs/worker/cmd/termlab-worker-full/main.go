// Command termlab-worker-full is the full worker: the lean worker's days
// and learner's code, plus the parts that need a Redis client or an HTTP
// server (Day 45's Parts 4 and 6, registered by their packages' init), and
// the commands that serve Day 45's door (`go run . serve 45`) and check a
// Redis URL (`--redis`). The runner builds it beside the lean worker, at a
// lower priority, and its parts follow the lean worker's.
package main

import (
	"os"

	"termlab/labs"
	learner45 "termlab/labs/day45"
	day45 "termlab/labs/day45/course"
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	"termlab/labs/worker"
	solutions45 "termlab/solutions/day45"
)

var days = labs.Course{
	day45.New(solutions45.Funcs),
}

var linked45 = day45.Funcs{
	TakeToken: learner45.TakeToken,
	WindowID:  learner45.WindowID,
	Expired:   learner45.Expired,
	NextEmit:  learner45.NextEmit,
}

func init() {
	day45.UseLearner(linked45)
}

func main() {
	os.Exit(worker.Main(days, os.Args[1:], map[string]func([]string) int{
		door.ServeCommand: func(args []string) int {
			return door.ServeMain(args, solutions45.Funcs, os.Stdout, os.Stderr)
		},
		day45.PingCommand: func(args []string) int { return fleet.PingMain(args, os.Stderr) },
	}))
}
