// Command termlab-worker is the lean worker: the days, the learner's
// packages and the parts that need only the virtual clock, answering the
// runner's tasks (worker.Main). It leaves out the heavy parts (a Redis
// client, an HTTP server: termlab-worker-full), so it links in a fraction
// of the time and a save's TODO verdicts land first.
//
// The lab's own binary never imports the learner's packages, so it opens
// while they do not compile. This program imports them here, in its main
// package, and hands them to their days (course.UseLearner), so that a save
// recompiles only the learner's package and this one before the link.
package main

import (
	"os"

	"termlab/labs"
	learner45 "termlab/labs/day45"
	day45 "termlab/labs/day45/course"
	learner46 "termlab/labs/day46"
	day46 "termlab/labs/day46/course"
	"termlab/labs/worker"
	solutions45 "termlab/solutions/day45"
	solutions46 "termlab/solutions/day46"
)

// days is the course as the worker knows it. It must list the same days as
// main.go's course; a day missing here is reported as such by every task.
var days = labs.Course{
	day45.New(solutions45.Funcs),
	day46.New(solutions46.Funcs),
}

// The learner's code, one value per day.
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
	os.Exit(worker.Main(days, os.Args[1:], nil))
}
