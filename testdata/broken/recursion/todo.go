// Package day45 is a deliberately broken learner file for the end-to-end
// suite (e2e_test.go): TODO 3 calls itself without end: a stack overflow, which no recover catches.
package day45

import (
	"time"
)

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
	tokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)
	if tokens >= 1 {
		return tokens - 1, true
	}
	return tokens, false
}

func WindowID(now, window time.Duration) int64 {
	return int64(now / window)
}

func Expired(stamp, now, window time.Duration) bool { // FAULT: a stack overflow points at the function it overflows in
	return Expired(stamp, now, window)
}

func NextEmit(now, nextEmit time.Duration) time.Duration {
	return max(now, nextEmit)
}
