package labs

import "time"

// Explain gives f the hint its Diagnose reads off the probes, and returns
// f. A grader calls it once its checks are done and their guard has
// returned, so the verdict is theirs alone: the reading runs after them,
// under a bound of its own (limit of CPU time, GuardCPU), and whatever it
// does, f stays the same failure with the same counterexample. When the
// reading does not finish within limit (a learner's function slow on every
// one of the probes, or one that never returns on a probe no check asked),
// stops in a panic, or names nothing, f keeps the hint its check gave: the
// plain statement of what came back and what was wanted. A hint is never
// taken from a reading that did not finish.
//
// A reading stopped at its bound leaves its goroutine running, as any
// guarded call does (a worker process answers and exits).
func (f *Failure) Explain(limit time.Duration, learnerDir string, track *Tracker) *Failure {
	if f == nil {
		return f
	}
	FailFound() // the verdict before the reading (a worker says it once)
	if f.Diagnose == nil {
		return f
	}
	read := f.Diagnose
	f.Diagnose = nil
	if hint, id, ok := Read(limit, learnerDir, track, read); ok {
		f.Hint, f.HintID = hint, id
	}
	return f
}

// Read is read's hint, run under a bound of its own (limit of CPU time,
// GuardCPU), and whether it finished within it and gave one.
func Read(limit time.Duration, learnerDir string, track *Tracker, read func() (hint, id string)) (string, string, bool) {
	// Set by the reading's goroutine and read here only once the guard
	// saw it return: one stopped at its bound may still write them.
	var hint, id string
	if fault := GuardCPU(limit, learnerDir, track, func() { hint, id = read() }); !fault.OK() || id == "" {
		return "", "", false
	}
	return hint, id, true
}
