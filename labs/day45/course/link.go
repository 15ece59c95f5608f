package course

// UseLearner links the learner's four functions into this process as
// labs.Learner. Only the worker program (labs/worker/cmd/termlab-worker)
// calls it, from init: this package never imports the learner's, so the lab
// opens while the learner's code does not compile, and a save recompiles
// only the learner's package and the worker's main, never this one.
func UseLearner(f Funcs) { learner = &f }
