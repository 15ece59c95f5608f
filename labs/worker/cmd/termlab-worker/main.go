// Command termlab-worker is the lab's worker process and nothing else: the
// days, the learner's code and worker.Serve.
//
// The lab's own binary answers the same hidden command when built with the
// labworker tag, but it links the screens too (bubbletea, lipgloss, fsnotify
// …), and its days link the learner's code from inside their course
// packages, so every save would recompile those (Day 45's pulls in the Redis
// client, whose types alone cost seconds to compile). This program links
// the learner's packages itself, below, so a save recompiles only the
// learner's package and this one, then links. worker.Runner builds it
// (without tags) when the module has it.
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"termlab/labs"
	learner45 "termlab/labs/day45"
	day45 "termlab/labs/day45/course"
	"termlab/labs/worker"
	solutions45 "termlab/solutions/day45"
)

// days is the course as the worker knows it. It must list the same days as
// main.go's course; a day missing here is reported as such by every task.
var days = labs.Course{
	day45.New(solutions45.Funcs),
}

// The learner's code, one value per day, as the day's learner.go links it
// in the lab's own worker build.
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
	os.Exit(run(os.Args[1:]))
}

// run answers `_worker day part|grade id answer-file` with the exit codes of
// the lab's own `_worker` command: 0 answered, 1 failed, 2 usage.
func run(args []string) int {
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
