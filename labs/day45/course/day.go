// Package course is Day 45 as the runner teaches it: the lesson, the
// predictions, the drills and the number to carry. The limiters and the
// TODOs' Funcs are in limit/, the experiments in parts/ (Parts 4 and 6,
// which need Redis or HTTP, in fleet/ and door/), the grader in grade/,
// the playground in play/.
//
// It never imports the learner's package, so the lab opens even while the
// learner's code does not compile. The learner's four functions reach the
// experiments as a Funcs value: from labs/day45 inside the worker program
// (see UseLearner), or from solutions/day45.
package course

import (
	_ "embed"
	"fmt"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/grade"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/parts"
	"termlab/labs/day45/course/play"
)

//go:embed shipped/todo.go.txt
var shippedTODO string

// shippedNotDone is labs/day45/notdone.go, the lab's file beside the
// learner's: the marker the stubs panic with. It ships (and reset restores
// it) with todo.go.
//
//go:embed shipped/notdone.go.txt
var shippedNotDone string

// partLimit bounds one piece of an experiment; the reference takes
// microseconds, so a learner's piece that needs this long is stuck.
const partLimit = 2 * time.Second

// New returns Day 45, graded against ref (the reference solutions). heavy
// are the heavy packages' pieces (fleet.Pieces, door.Pieces), which only
// the full worker links and hands over (its generated link file); without
// them Parts 4 and 6 answer that this program does not link them.
func New(ref Funcs, heavy ...[]parts.Piece) labs.Day {
	impl := learner.Bind(ref)
	linked := parts.Heavy(heavy...)
	return labs.Day{
		Number:      45,
		Title:       "Rate limiting",
		Summary:     "token bucket, the fixed-window trap, sliding window, leaky bucket",
		LearnerDir:  limit.LearnerDir,
		Shipped:     map[string]string{"todo.go": shippedTODO, "notdone.go": shippedNotDone},
		Door:        &labs.Door{Addr: parts.ServeAddr, Command: parts.ServeCommand},
		Store:       &labs.Store{Env: parts.RedisEnv, Ping: parts.PingCommand},
		Lesson:      lesson,
		TODOs:       grade.TODOs,
		Parts:       parts.Parts(),
		Predictions: predictions,
		Drills:      drills,
		Figures: play.Figures(func(w labs.Impl) (play.Funcs, bool) {
			f, ok := impl(w)
			return play.Funcs{TakeToken: f.TakeToken, WindowID: f.WindowID, Expired: f.Expired, NextEmit: f.NextEmit}, ok
		}),
		Allowed:     allowed,
		Carry:       carry,
		Deliverable: "How many did the fixed window let through at the boundary against the sliding window, and would you put a token bucket or a leaky bucket in front of a database that falls over above 50 writes per second? Why?",
		RunPart:     labs.RunPartOf(impl, func(id string, f Funcs) labs.PartResult { return parts.Run(id, f, partLimit, linked) }),
		GradeTODO:   labs.GradeTODOOf(impl, len(grade.TODOs), func(n int, f Funcs) labs.Grade { return grade.TODO(n, f, ref) }),
	}
}

// carry is the number to carry out of the day.
func carry(m labs.Metrics) string {
	fixed, okF := m["fixed_boundary_accepted"]
	sliding, okS := m["sliding_boundary_accepted"]
	switch {
	case okF && okS:
		return fmt.Sprintf("Across one boundary the fixed window let %.0f through a limit of %d (%.1f×); the sliding window held the same stream to %.0f.",
			fixed, parts.WindowLimit, fixed/parts.WindowLimit, sliding)
	case okF:
		return fmt.Sprintf("The fixed window let %.0f through a limit of %d at the boundary; finish TODO 3 to see what the sliding window holds it to.", fixed, parts.WindowLimit)
	default:
		return "Finish TODOs 2 and 3 to measure the fixed window's boundary against the sliding window's."
	}
}
