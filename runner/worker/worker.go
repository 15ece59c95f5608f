// Package worker runs the learner's code out of process.
//
// The runner itself is built without the learner's package, so it starts and
// draws even while that package does not compile. To run or grade the
// learner's code it builds two worker programs and runs one process per part
// and per TODO:
//
//   - the lean worker (LeanMain): the learner's package, the course and the
//     parts that need only the virtual clock. It links in about a tenth of
//     the time of the full one, so TODO verdicts and most parts land first;
//   - the full worker (FullMain): the same plus the parts marked Heavy (a
//     Redis client and embedded Redis, an HTTP server), built alongside the
//     lean one at a lower priority; its parts follow. It also serves
//     `go run . serve` (ServeMain, StartServe).
//
// Whatever learner code does there (panic, loop forever, exhaust the stack
// or memory, call os.Exit, print to stdout, delete files in its working
// folder) it cannot take the runner down, and it is blamed on the part or
// TODO that was running. Each process runs in a box (box.go): its own
// process group, killed with the runner, a memory bound, a scratch folder,
// and an answer read over a pipe with a bound.
//
// One worker process is stopped after 15 s; the environment variable
// TERMLAB_WORKER_LIMIT (LimitEnv) sets another bound, such as 300ms, so that
// tests of a worker that never answers stay quick.
package worker

import (
	"os"
	"time"
)

// Command is the hidden subcommand the worker binary answers.
const Command = "_worker"

// processLimit bounds one worker process. Guarded learner calls give up
// after a couple of seconds inside the worker; this catches what a guard
// cannot (a process that will not die, learner code that loops forever
// before any guard runs, in an init function or a package variable).
// LimitEnv overrides it.
const processLimit = 15 * time.Second

// LimitEnv names an environment variable that overrides processLimit with a
// Go duration ("3s", "500ms"). Tests and CI set it so that a worker that
// never answers costs seconds rather than processLimit per process; an
// empty, unparsable or non-positive value is ignored.
const LimitEnv = "TERMLAB_WORKER_LIMIT"

// maxStack bounds the worker's goroutine stacks (Go's default is 1 GB).
// Endless recursion then dies as a stack overflow in a fraction of a second,
// reported as a crash with the learner's line, instead of spending seconds
// and a gigabyte per process growing a stack until a guard times it out
// (and on a busy machine, even 64 MB took long enough to be reported as a
// timeout). 16 MB is still a few hundred thousand frames.
const maxStack = 16 << 20

// stderrKeep is how much of a worker's standard error is kept: the end of
// it, where the runtime writes why a process died. A learner's debug prints
// in a loop cannot fill the runner's memory.
const stderrKeep = 256 << 10

func limit() time.Duration {
	if d, err := time.ParseDuration(os.Getenv(LimitEnv)); err == nil && d > 0 {
		return d
	}
	return processLimit
}
