package labs

import "sync/atomic"

// The verdict first. A failing TODO's verdict is settled the moment one of
// its checks fails: what follows (shrinking the counterexample, reading
// the probes for a hint) only explains it, and can take most of a grade's
// time. A grader says FailFound then, once per failure it settles on; a
// worker process (runner/worker) passes it on to the runner as a line of
// its own on its answer pipe, so the screens can show "fail" at once. The
// grade the worker answers last is the one that counts: the early line
// can only ever say "fail", is never kept, and is replaced by the grade.
//
// A check that fails is never taken back: every caller of FailFound
// returns a failure afterwards (or a fault of the guard's, from the
// shrinking or the hint, which is no pass either).

// failFound is what FailFound calls: set in a worker process only.
var failFound atomic.Pointer[func()]

// OnFailFound sets what FailFound calls (nil: nothing). A worker process
// sets it for the one TODO it grades; a process grading several at once
// (tests, grade-class in process) leaves it unset.
func OnFailFound(f func()) {
	if f == nil {
		failFound.Store(nil)
		return
	}
	failFound.Store(&f)
}

// FailFound says that a check of the TODO being graded has failed: its
// verdict is Fail, whatever the shrinking and the hint that follow find.
func FailFound() {
	if f := failFound.Load(); f != nil {
		(*f)()
	}
}
