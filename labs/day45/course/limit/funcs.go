// Package limit is Day 45's model: the four rate limiters (token bucket,
// fixed window, sliding log, leaky queue), each built on one of the day's
// TODOs, on a virtual clock, and Funcs, one implementation of the four
// TODOs. It knows nothing of parts or grades: the experiments (parts/)
// drive these limiters and the grader (grade/) judges the functions.
package limit

import (
	"fmt"
	"math"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/words"
)

// The four TODOs' signatures: the learner-facing contract.
type (
	TakeTokenFunc func(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool)
	WindowIDFunc  func(now, window time.Duration) int64
	ExpiredFunc   func(stamp, now, window time.Duration) bool
	NextEmitFunc  func(now, nextEmit time.Duration) time.Duration
)

// Funcs is one implementation of the four TODOs. It never holds the
// learner's package itself: the worker program fills it from labs/day45
// (see course.UseLearner), the tests and the lab from solutions/day45.
type Funcs struct {
	TakeToken TakeTokenFunc
	WindowID  WindowIDFunc
	Expired   ExpiredFunc
	NextEmit  NextEmitFunc
}

// LearnerDir is where the learner's package lives, for pointing at lines.
const LearnerDir = words.LearnerDir

// TokenTol is TakeToken's tolerance, relative to max(1, capacity).
const TokenTol = 1e-9

// TokenTolerance is how far a correct level may sit from the reference's.
func TokenTolerance(capacity float64) float64 { return TokenTol * max(1, math.Abs(capacity)) }

// slot is one TODO's function in a Funcs: how to take it from another
// implementation and how to wrap it. With, Tracked and Checked read this
// table instead of switching on the TODO number, so a TODO is added here.
type slot struct {
	// take sets this TODO's function of f to other's.
	take func(f *Funcs, other Funcs)
	// track wraps it so that t knows this TODO is running, and on what
	// input (a crash or a hang is blamed on it and shown with the call),
	// judging nothing.
	track func(f *Funcs, t *labs.Tracker)
	// check wraps it as track does, and stops the caller when an answer is
	// impossible whatever the input (see labs.Invalid).
	check func(f *Funcs, t *labs.Tracker)
}

// slots are the four TODOs, by number.
var slots = map[int]slot{
	1: {
		take: func(f *Funcs, other Funcs) { f.TakeToken = other.TakeToken },
		track: func(f *Funcs, t *labs.Tracker) {
			take := f.TakeToken
			f.TakeToken = func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
				t.Call(1, func() string { return FormatTakeToken(tokens, capacity, rate, elapsed) })
				left, ok := take(tokens, capacity, rate, elapsed)
				t.Leave()
				return left, ok
			}
		},
		check: func(f *Funcs, t *labs.Tracker) {
			take := f.TakeToken
			f.TakeToken = func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
				t.Call(1, func() string { return FormatTakeToken(tokens, capacity, rate, elapsed) })
				left, ok := take(tokens, capacity, rate, elapsed)
				t.Leave()
				if reason, hint := ImpossibleTokens(left, capacity); reason != "" {
					panic(labs.Invalid{TODO: 1, Reason: reason, Hint: hint, Counterexample: &labs.Counterexample{
						Input: FormatTakeToken(tokens, capacity, rate, elapsed),
						Got:   fmt.Sprintf("left=%g, ok=%v", left, ok),
						Want:  "a level from 0 to capacity",
					}})
				}
				return left, ok
			}
		},
	},
	2: {
		take: func(f *Funcs, other Funcs) { f.WindowID = other.WindowID },
		track: func(f *Funcs, t *labs.Tracker) {
			id := f.WindowID
			f.WindowID = func(now, window time.Duration) int64 {
				t.Call(2, func() string { return FormatWindowID(now, window) })
				n := id(now, window)
				t.Leave()
				return n
			}
		},
		check: func(f *Funcs, t *labs.Tracker) {
			windowID := f.WindowID
			f.WindowID = func(now, window time.Duration) int64 {
				t.Call(2, func() string { return FormatWindowID(now, window) })
				id := windowID(now, window)
				t.Leave()
				if id < 0 {
					panic(labs.Invalid{TODO: 2, Reason: "a window number is never negative", Hint: "windows are numbered 0, 1, 2… from time zero", Counterexample: &labs.Counterexample{
						Input: FormatWindowID(now, window), Got: fmt.Sprint(id), Want: "0 or more",
					}})
				}
				return id
			}
		},
	},
	3: {
		take: func(f *Funcs, other Funcs) { f.Expired = other.Expired },
		track: func(f *Funcs, t *labs.Tracker) {
			expired := f.Expired
			f.Expired = func(stamp, now, window time.Duration) bool {
				t.Call(3, func() string { return FormatExpired(stamp, now, window) })
				e := expired(stamp, now, window)
				t.Leave()
				return e
			}
		},
		check: func(f *Funcs, t *labs.Tracker) {
			expired := f.Expired
			f.Expired = func(stamp, now, window time.Duration) bool {
				t.Call(3, func() string { return FormatExpired(stamp, now, window) })
				e := expired(stamp, now, window)
				t.Leave()
				return e
			}
		},
	},
	4: {
		take: func(f *Funcs, other Funcs) { f.NextEmit = other.NextEmit },
		track: func(f *Funcs, t *labs.Tracker) {
			next := f.NextEmit
			f.NextEmit = func(now, nextEmit time.Duration) time.Duration {
				t.Call(4, func() string { return FormatNextEmit(now, nextEmit) })
				at := next(now, nextEmit)
				t.Leave()
				return at
			}
		},
		check: func(f *Funcs, t *labs.Tracker) {
			next := f.NextEmit
			f.NextEmit = func(now, nextEmit time.Duration) time.Duration {
				t.Call(4, func() string { return FormatNextEmit(now, nextEmit) })
				at := next(now, nextEmit)
				t.Leave()
				if at < now {
					panic(labs.Invalid{TODO: 4, Reason: "the emit time is in the past, before the request even arrived", Hint: "a request cannot leave before now", Counterexample: &labs.Counterexample{
						Input: FormatNextEmit(now, nextEmit), Got: at.String(), Want: fmt.Sprintf("%v or later", now),
					}})
				}
				return at
			}
		},
	},
}

// With returns f with TODO n's function taken from other.
func (f Funcs) With(n int, other Funcs) Funcs {
	if s, ok := slots[n]; ok {
		s.take(&f, other)
	}
	return f
}

// Tracked wraps each function so the tracker knows which TODO is executing
// (a crash or a hang is blamed on it), without judging the answer: the
// grader's per-call checks judge it themselves, so that an impossible
// answer can be shrunk like any other wrong one.
func (f Funcs) Tracked(t *labs.Tracker) Funcs {
	for n := 1; n <= len(slots); n++ {
		slots[n].track(&f, t)
	}
	return f
}

// Checked wraps each function so that the tracker knows which TODO is
// executing and an impossible answer stops the experiment with a clear
// reason instead of silently producing nonsense figures.
func (f Funcs) Checked(t *labs.Tracker) Funcs {
	for n := 1; n <= len(slots); n++ {
		slots[n].check(&f, t)
	}
	return f
}

// ImpossibleTokens says what cannot be right about a bucket level, and
// what to look at, or "". A level a float rounding away from 0 or from
// capacity (TokenTolerance) is possible: a correct TakeToken computed in
// another order can land there.
func ImpossibleTokens(left, capacity float64) (reason, hint string) {
	tol := TokenTolerance(capacity)
	switch {
	case math.IsNaN(left):
		return "NaN tokens: some arithmetic produced not-a-number", "look for 0/0 or Inf−Inf"
	case math.IsInf(left, 0):
		return fmt.Sprintf("%v tokens: a bucket can never hold infinitely many", left), "look for a division by zero"
	case left < -tol:
		return fmt.Sprintf("%g tokens: a bucket can never hold fewer than zero", left), "only spend a token that is there"
	case left > capacity+tol:
		return fmt.Sprintf("%g tokens in a bucket that holds %g: it overflowed its capacity", left, capacity), "the bucket never holds more than its capacity: cap the refill"
	}
	return "", ""
}

// The calls, written as a learner would type them: a counterexample's
// input, and the call in progress when a TODO crashed or hung.

func FormatTakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) string {
	return fmt.Sprintf("TakeToken(tokens=%g, capacity=%g, ratePerSec=%g, elapsed=%v)", tokens, capacity, ratePerSec, elapsed)
}

func FormatWindowID(now, window time.Duration) string {
	return fmt.Sprintf("WindowID(now=%v, window=%v)", now, window)
}

func FormatExpired(stamp, now, window time.Duration) string {
	return fmt.Sprintf("Expired(stamp=%v, now=%v, window=%v)", stamp, now, window)
}

func FormatNextEmit(now, nextEmit time.Duration) string {
	return fmt.Sprintf("NextEmit(now=%v, nextEmit=%v)", now, nextEmit)
}
