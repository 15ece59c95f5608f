package course

import (
	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/parts"
)

// Funcs is one implementation of Day 45's four TODOs (see limit.Funcs).
type Funcs = limit.Funcs

// learner is the learner's four functions, set only in the worker program
// (UseLearner); the screens' own process never links the learner's code.
var learner labs.Linked[Funcs]

// UseLearner links the learner's four functions into this process as
// labs.Learner. Only the worker programs (runner/worker/cmd/...) call it, from
// init: this package never imports the learner's, so the lab opens while the
// learner's code does not compile, and a save recompiles only the learner's
// package and the worker's main, never this one.
func UseLearner(f Funcs) { learner.Use(f) }

// FullWorker is the packages under this one that only the full worker
// links: the heavy parts, which need a Redis client (fleet, Part 4) or an
// HTTP server (door, Part 6), and register the commands that ping a store
// and serve the door. The generator (author/kit) reads this list: the full
// worker's link file for this day imports them and hands each one's
// Pieces to New, after the reference.
var FullWorker = []string{"fleet", "door"}

// RedisEnv and Stopwatch are the parts' (words.RedisEnv, parts.Stopwatch),
// for the command line's tests: the variable that points Part 4 at a real
// Redis, and the mark of a line that reports a wall-clock measurement.
const (
	RedisEnv  = parts.RedisEnv
	Stopwatch = parts.Stopwatch
)
