// Package course is Day 45 as the runner teaches it: the lesson, the
// predictions and drills, the experiments (Parts 1–8) and the grader.
//
// It never imports the learner's package, so the lab opens even while the
// learner's code does not compile. The learner's four functions reach the
// experiments as a Funcs value: from labs/day45 inside the worker program
// (see UseLearner), or from solutions/day45.
package course

import (
	"fmt"
	"math"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
)

// The four TODOs' signatures: the learner-facing contract (limit's).
type (
	TakeTokenFunc = limit.TakeTokenFunc
	WindowIDFunc  = limit.WindowIDFunc
	ExpiredFunc   = limit.ExpiredFunc
	NextEmitFunc  = limit.NextEmitFunc
)

// Funcs is one implementation of the four TODOs.
type Funcs struct {
	TakeToken TakeTokenFunc
	WindowID  WindowIDFunc
	Expired   ExpiredFunc
	NextEmit  NextEmitFunc
}

// learnerDir is where the learner's package lives, for pointing at lines.
const learnerDir = "labs/day45"

// checked wraps each function so that the tracker knows which TODO is
// executing and an impossible answer stops the experiment with a clear
// reason instead of silently producing nonsense figures.
func (f Funcs) checked(t *labs.Tracker) Funcs {
	return Funcs{
		TakeToken: func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
			t.Enter(1)
			left, ok := f.TakeToken(tokens, capacity, rate, elapsed)
			t.Leave()
			if reason, hint := impossibleTokens(left, capacity); reason != "" {
				panic(labs.Invalid{TODO: 1, Reason: reason, Hint: hint, Counterexample: &labs.Counterexample{
					Input: fmt.Sprintf("TakeToken(tokens=%g, capacity=%g, ratePerSec=%g, elapsed=%v)", tokens, capacity, rate, elapsed),
					Got:   fmt.Sprintf("left=%g, ok=%v", left, ok),
					Want:  "a level from 0 to capacity",
				}})
			}
			return left, ok
		},
		WindowID: func(now, window time.Duration) int64 {
			t.Enter(2)
			id := f.WindowID(now, window)
			t.Leave()
			if id < 0 {
				panic(labs.Invalid{TODO: 2, Reason: "a window number is never negative", Hint: "windows are numbered 0, 1, 2… from time zero", Counterexample: &labs.Counterexample{
					Input: fmt.Sprintf("WindowID(now=%v, window=%v)", now, window), Got: fmt.Sprint(id), Want: "0 or more",
				}})
			}
			return id
		},
		Expired: func(stamp, now, window time.Duration) bool {
			t.Enter(3)
			e := f.Expired(stamp, now, window)
			t.Leave()
			return e
		},
		NextEmit: func(now, nextEmit time.Duration) time.Duration {
			t.Enter(4)
			at := f.NextEmit(now, nextEmit)
			t.Leave()
			if at < now {
				panic(labs.Invalid{TODO: 4, Reason: "the emit time is in the past, before the request even arrived", Hint: "a request cannot leave before now", Counterexample: &labs.Counterexample{
					Input: fmt.Sprintf("NextEmit(now=%v, nextEmit=%v)", now, nextEmit), Got: at.String(), Want: fmt.Sprintf("%v or later", now),
				}})
			}
			return at
		},
	}
}

// impossibleTokens says what cannot be right about a bucket level, and
// what to look at, or "". A level a float rounding away from 0 or from
// capacity (tokenTolerance) is possible: a correct TakeToken computed in
// another order can land there.
func impossibleTokens(left, capacity float64) (reason, hint string) {
	tol := tokenTolerance(capacity)
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
