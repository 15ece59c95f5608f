package course

import "time"

// todoSlot is one TODO as the grader handles it. Each step of the grader
// (taking a TODO's function from the learner, recording the calls an
// experiment makes to it, checking them) reads this table instead of
// switching on the TODO number, so a TODO is added in one place.
type todoSlot struct {
	// take sets this TODO's function of f to other's.
	take func(f *Funcs, other Funcs)
	// record wraps this TODO's function of f so that r keeps the calls
	// (up to maxRecorded).
	record func(r *recorder, f *Funcs)
	// checks are the TODO's per-call checks; recorded searches the calls
	// r kept with them.
	checks   func(g *grading) checker
	recorded func(g *grading, r *recorder) *failure
}

var todoSlots = map[int]todoSlot{
	1: {
		take: func(f *Funcs, other Funcs) { f.TakeToken = other.TakeToken },
		record: func(r *recorder, f *Funcs) {
			take := f.TakeToken
			f.TakeToken = func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
				if len(r.tokens) < maxRecorded {
					r.tokens = append(r.tokens, tokenCase{tokens: tokens, capacity: capacity, rate: rate, elapsed: elapsed})
				}
				return take(tokens, capacity, rate, elapsed)
			}
		},
		checks:   (*grading).tokenChecks,
		recorded: func(g *grading, r *recorder) *failure { return g.tokenChecks().(caseSet[tokenCase]).search(r.tokens) },
	},
	2: {
		take: func(f *Funcs, other Funcs) { f.WindowID = other.WindowID },
		record: func(r *recorder, f *Funcs) {
			id := f.WindowID
			f.WindowID = func(now, window time.Duration) int64 {
				if len(r.windows) < maxRecorded {
					r.windows = append(r.windows, windowCase{now: now, window: window})
				}
				return id(now, window)
			}
		},
		checks: (*grading).windowChecks,
		recorded: func(g *grading, r *recorder) *failure {
			return g.windowChecks().(caseSet[windowCase]).search(r.windows)
		},
	},
	3: {
		take: func(f *Funcs, other Funcs) { f.Expired = other.Expired },
		record: func(r *recorder, f *Funcs) {
			expired := f.Expired
			f.Expired = func(stamp, now, window time.Duration) bool {
				if len(r.expired) < maxRecorded {
					r.expired = append(r.expired, expiredCase{stamp: stamp, now: now, window: window})
				}
				return expired(stamp, now, window)
			}
		},
		checks: (*grading).expiredChecks,
		recorded: func(g *grading, r *recorder) *failure {
			return g.expiredChecks().(caseSet[expiredCase]).search(r.expired)
		},
	},
	4: {
		take: func(f *Funcs, other Funcs) { f.NextEmit = other.NextEmit },
		record: func(r *recorder, f *Funcs) {
			next := f.NextEmit
			f.NextEmit = func(now, nextEmit time.Duration) time.Duration {
				if len(r.emits) < maxRecorded {
					r.emits = append(r.emits, emitCase{now: now, nextEmit: nextEmit})
				}
				return next(now, nextEmit)
			}
		},
		checks:   (*grading).emitChecks,
		recorded: func(g *grading, r *recorder) *failure { return g.emitChecks().(caseSet[emitCase]).search(r.emits) },
	},
}
