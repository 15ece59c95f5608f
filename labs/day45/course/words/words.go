// Package words is Day 45 as the lab shows it, without its machinery: the
// lesson, the predictions, the drills, the TODO cards, the parts and the
// playground's figures as lists, the door and the store as addresses and
// names, the number to carry, and the learner's files as shipped. It
// imports only the engine's types (and the shipped texts), so the lab's own
// binary, which draws the screens and plays nothing itself, links the day's
// words and none of its limiters, parts, grader or playground (the workers
// run those: course.New puts the whole day together).
package words

import (
	"fmt"
	"slices"

	"termlab/labs"
	"termlab/labs/day45/course/shipped"
)

// LearnerDir is where the learner's package lives, for pointing at lines.
const LearnerDir = "labs/day45"

// WindowLimit is Part 2's limit per window (the carry names it).
const WindowLimit = 100

// The network parts as the lab's own binary knows them, without linking
// them: Part 4's store and Part 6's door (see labs.Day's Door and Store).
const (
	// RedisEnv names the environment variable that points Part 4 at a
	// real Redis ("redis://127.0.0.1:6379/0" or "127.0.0.1:6379"). Empty
	// means the embedded one. Worker processes inherit it from the runner.
	RedisEnv = "TERMLAB_REDIS"
	// ServeAddr is where `go run . serve 45` listens unless told otherwise.
	ServeAddr = "127.0.0.1:8045"
	// ServeCommand is the full worker's command that serves the door
	// (door.ServeMain); PingCommand checks a Redis URL (fleet.PingMain).
	ServeCommand = "_serve"
	PingCommand  = "_ping"
)

// Day is Day 45's words: everything of the labs.Day but the functions that
// run it (RunPart and GradeTODO nil, each figure's Play nil).
func Day() labs.Day {
	return labs.Day{
		Number:      45,
		Title:       "Rate limiting",
		Summary:     "token bucket, fixed and sliding windows, leaky bucket",
		LearnerDir:  LearnerDir,
		Shipped:     map[string]string{"todo.go": shipped.TODO, "notdone.go": shipped.NotDone},
		Door:        &labs.Door{Addr: ServeAddr, Command: ServeCommand},
		Store:       &labs.Store{Env: RedisEnv, Ping: PingCommand},
		Lesson:      lesson,
		TODOs:       TODOs,
		Parts:       Parts(),
		Predictions: predictions,
		Questions:   Questions(),
		Drills:      drills,
		Figures:     Figures(),
		Allowed:     allowed,
		Imports:     append(slices.Clone(labs.Computing), "time"),
		Carry:       carry,
		Deliverable: "How many did the fixed window let through at the boundary against the sliding window, and would you put a token bucket or a leaky bucket in front of a database that falls over above 50 writes per second? Why?",
	}
}

// carry is the number to carry out of the day.
func carry(m labs.Metrics) string {
	fixed, okF := m["fixed_boundary_accepted"]
	sliding, okS := m["sliding_boundary_accepted"]
	switch {
	case okF && okS:
		return fmt.Sprintf("Across one boundary the fixed window let %.0f through a limit of %d (%.1f×); the sliding window held the same stream to %.0f.",
			fixed, WindowLimit, fixed/WindowLimit, sliding)
	case okF:
		return fmt.Sprintf("The fixed window let %.0f through a limit of %d at the boundary; finish TODO 3 to see what the sliding window holds it to.", fixed, WindowLimit)
	default:
		return "Finish TODOs 2 and 3 to measure the fixed window's boundary against the sliding window's."
	}
}
