// Package day45 is a deliberately broken learner file for the end-to-end
// suite (e2e_test.go): TODO 2 returns an int, not the int64 the lab calls it
// for. It compiles on its own; the lab's call to it does not.
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

func WindowID(now, window time.Duration) int { // FAULT
	return int(now / window)
}

func Expired(stamp, now, window time.Duration) bool {
	return stamp <= now-window
}

func NextEmit(now, nextEmit time.Duration) time.Duration {
	return max(now, nextEmit)
}
