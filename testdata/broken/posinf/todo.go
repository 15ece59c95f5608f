// Package day45 is a deliberately broken learner file for the end-to-end
// suite (e2e_test.go): TODO 1 divides by zero: +Inf tokens.
package day45

import (
	"time"
)

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
	zero := 0.0
	return tokens / zero, true // FAULT: +Inf whenever tokens > 0
}

func WindowID(now, window time.Duration) int64 {
	return int64(now / window)
}

func Expired(stamp, now, window time.Duration) bool {
	return stamp <= now-window
}

func NextEmit(now, nextEmit time.Duration) time.Duration {
	return max(now, nextEmit)
}
