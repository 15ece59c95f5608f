// Package limit is Day 45's model: the four rate limiters (token bucket,
// fixed window, sliding log, leaky queue), each built on one of the day's
// TODOs, on a virtual clock. It knows nothing of parts, grades or the lab:
// the experiments (course) drive these limiters and report what they did.
package limit

import "time"

// The four TODOs' signatures: the learner-facing contract.
type (
	TakeTokenFunc func(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool)
	WindowIDFunc  func(now, window time.Duration) int64
	ExpiredFunc   func(stamp, now, window time.Duration) bool
	NextEmitFunc  func(now, nextEmit time.Duration) time.Duration
)
