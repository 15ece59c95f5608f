package grade

import (
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
)

// slot is one TODO as the grader handles it. Each step of the grader
// (the per-call checks, recording the calls an experiment makes to the
// TODO and searching them) reads the table below instead of switching on
// the TODO number, so a TODO is added in one place.
type slot interface {
	// check runs the TODO's per-call checks, counting them in g.
	check(g *grading) *labs.Failure
	// record wraps the TODO's function of f so that it keeps the calls
	// made to it (up to maxRecorded), and returns the search of those
	// calls with the per-call checks: the first wrong one, shrunk.
	record(g *grading, f *limit.Funcs) (search func() *labs.Failure)
}

// slotOf is a TODO over its case type C.
type slotOf[C any] struct {
	// cases are the TODO's per-call checks on g's functions.
	cases func(g *grading) labs.Cases[C]
	// wrap sets the TODO's function of f to one that hands keep each
	// call, as a case, before answering.
	wrap func(f *limit.Funcs, keep func(C))
}

func (s slotOf[C]) check(g *grading) *labs.Failure {
	cs := s.cases(g)
	if sweep := cs.Sweep; sweep != nil {
		cs.Sweep = func() (*labs.Failure, int) {
			f, n := sweep()
			g.sweeps += n
			return f, n
		}
	}
	before := g.sweeps
	f, n := cs.First()
	g.checks += n
	g.cases += n - (g.sweeps - before)
	return f
}

func (s slotOf[C]) record(g *grading, f *limit.Funcs) func() *labs.Failure {
	var calls []C
	s.wrap(f, func(c C) {
		if len(calls) < maxRecorded {
			calls = append(calls, c)
		}
	})
	return func() *labs.Failure { return s.cases(g).Search(calls) }
}

// madeByExperiment is what a recorded call is about, in a failure.
const madeByExperiment = "a call the experiment made"

var slots = map[int]slot{
	1: slotOf[tokenCase]{
		cases: (*grading).tokenChecks,
		wrap: func(f *limit.Funcs, keep func(tokenCase)) {
			take := f.TakeToken
			f.TakeToken = func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
				keep(tokenCase{tokens: tokens, capacity: capacity, rate: rate, elapsed: elapsed, what: madeByExperiment})
				return take(tokens, capacity, rate, elapsed)
			}
		},
	},
	2: slotOf[windowCase]{
		cases: (*grading).windowChecks,
		wrap: func(f *limit.Funcs, keep func(windowCase)) {
			id := f.WindowID
			f.WindowID = func(now, window time.Duration) int64 {
				keep(windowCase{now: now, window: window, what: madeByExperiment})
				return id(now, window)
			}
		},
	},
	3: slotOf[expiredCase]{
		cases: (*grading).expiredChecks,
		wrap: func(f *limit.Funcs, keep func(expiredCase)) {
			expired := f.Expired
			f.Expired = func(stamp, now, window time.Duration) bool {
				keep(expiredCase{stamp: stamp, now: now, window: window, what: madeByExperiment})
				return expired(stamp, now, window)
			}
		},
	},
	4: slotOf[emitCase]{
		cases: (*grading).emitChecks,
		wrap: func(f *limit.Funcs, keep func(emitCase)) {
			next := f.NextEmit
			f.NextEmit = func(now, nextEmit time.Duration) time.Duration {
				keep(emitCase{now: now, nextEmit: nextEmit, what: madeByExperiment})
				return next(now, nextEmit)
			}
		},
	},
}
