package class

import (
	"context"
	"slices"

	"termlab/labs"
)

// Timeouts are the one verdict the machine can cause: a worker starved of
// CPU by a loaded machine (the class's own other jobs among them) can
// look like code that waits for ever. So, in a batch graded several at
// a time, a submission with a timeout is graded once more at the end,
// alone, with nothing else of the batch running; only what times out
// then is the student's. And a
// file that never finishes loading (an init, or a package variable, that
// never returns) times out on every TODO without any TODO being called:
// that is one finding for the submission, not one per TODO, and not the
// same misconception as another student's endless loop.

// neverLoaded is the error of a submission whose file never loaded.
const neverLoaded = "its file never finished loading: an init function or a package variable never returns, so no TODO could run"

// hasTimeout reports whether a graded result has a TODO that timed out,
// or the machine was too busy to grade it (tooBusy).
func hasTimeout(r Result) bool {
	return r.Status == LabFault && r.Error == tooBusy ||
		r.Status == Graded && slices.ContainsFunc(r.Grades, func(g labs.Grade) bool { return g.Status == labs.Timeout })
}

// initHang reports whether every TODO timed out with no call of it in
// progress: the worker never got past loading the student's package.
func initHang(r Result) bool {
	if r.Status != Graded || len(r.Grades) == 0 {
		return false
	}
	for _, g := range r.Grades {
		if g.Status != labs.Timeout || g.Counterexample != nil && g.Counterexample.Input != "" {
			return false
		}
	}
	return true
}

// regradeTimeouts grades once more, one at a time, the submissions whose
// results have a timeout, and keeps what that says.
func (g *Grader) regradeTimeouts(ctx context.Context, template, version string, c *cache, subs []Submission, out []Result, points map[int]float64) {
	for i, r := range out {
		if ctx.Err() != nil {
			return
		}
		// An init that never returns was found before any TODO ran
		// (worker.InitHang): the load did not cause it, and grading it
		// again would cost its bound once more.
		if !hasTimeout(r) || r.Error == neverLoaded {
			continue
		}
		again := g.one(ctx, template, version, c, subs[i], points)
		if ctx.Err() != nil {
			return
		}
		again.Seconds += r.Seconds
		out[i] = again
	}
}
