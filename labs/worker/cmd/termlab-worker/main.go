// Command termlab-worker is the one program that links the learner's code:
// the days, the learner's packages, worker.Serve for the runner's tasks, and
// Day 45's HTTP door for `go run . serve 45`.
//
// The lab's own binary never imports the learner's packages, so it opens
// while they do not compile. This program imports them here, in its main
// package, and hands them to their days (course.UseLearner), so that a save
// recompiles only the learner's package and this one before the link; the
// day's course package, which pulls in the Redis client, stays cached.
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

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
	os.Exit(run(os.Args[1:]))
}

// run answers `_worker day part|grade id answer-file` (0 answered, 1
// failed, 2 usage), or `_serve --addr=HOST:PORT`, which serves Day 45's door
// with the learner's TakeToken until interrupted.
func run(args []string) int {
	if len(args) > 0 && args[0] == day45.ServeCommand {
		return day45.ServeMain(args, os.Stdout, os.Stderr)
	}
	if len(args) != 5 || args[0] != worker.Command {
		fmt.Fprintf(os.Stderr, "usage: termlab-worker %s day part|grade id answer-file\n", worker.Command)
		return 2
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(args[1]), "day"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "%q is not a day number\n", args[1])
		return 2
	}
	day, err := days.Find(n)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if err := worker.Serve(day, args[2], args[3], args[4]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
