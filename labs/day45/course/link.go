package course

// UseLearner links the learner's four functions into this process as
// labs.Learner. The dedicated worker program (labs/worker/cmd/termlab-worker)
// calls it from init, so this package need not import the learner's: a save
// then recompiles only the learner's package and the worker's main, never
// this one (see labs/BENCHMARKS.md). The lab's own main, built with the
// labworker tag, links them through learner.go instead.
func UseLearner(f Funcs) { learner = &f }
