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
	learner46 "termlab/labs/day46"
	day46 "termlab/labs/day46/course"
	"termlab/labs/worker"
	solutions45 "termlab/solutions/day45"
	solutions46 "termlab/solutions/day46"
)

// days is the course as the worker knows it: the same days as main.go's
// course and the lean worker's.
var days = labs.Course{
	day45.New(solutions45.Funcs),
	day46.New(solutions46.Funcs),
}

var linked45 = day45.Funcs{
	TakeToken: learner45.TakeToken,
	WindowID:  learner45.WindowID,
	Expired:   learner45.Expired,
	NextEmit:  learner45.NextEmit,
}

var linked46 = day46.Funcs{
	FairShare: learner46.FairShare,
	DRRVisit:  learner46.DRRVisit,
	ShardOf:   learner46.ShardOf,
	Overlap:   learner46.Overlap,
}

func init() {
	day45.UseLearner(linked45)
	day46.UseLearner(linked46)
}

func main() {
	os.Exit(worker.Main(days, os.Args[1:], map[string]func([]string) int{
		door.ServeCommand: func(args []string) int {
			return door.ServeMain(args, solutions45.Funcs, os.Stdout, os.Stderr)
		},
		day45.PingCommand: func(args []string) int { return fleet.PingMain(args, os.Stderr) },
	}))
}
