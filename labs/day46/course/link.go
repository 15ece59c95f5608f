package course

import (
	"termlab/labs"
	"termlab/labs/day46/course/fair"
)

// Funcs is one implementation of Day 46's four TODOs (see fair.Funcs).
type Funcs = fair.Funcs

// learner is the learner's four functions, set only in the worker program
// (UseLearner); the screens' own process never links the learner's code.
var learner labs.Linked[Funcs]

// UseLearner links the learner's four functions into this process as
// labs.Learner. Only the worker program (runner/worker/cmd/termlab-worker)
// calls it, from init: this package never imports the learner's, so the lab
// opens while the learner's code does not compile.
func UseLearner(f Funcs) { learner.Use(f) }
