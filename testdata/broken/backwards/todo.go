// Package day45 is a deliberately broken learner file for the end-to-end
// suite (e2e_test.go): TODO 2 is right on every edge case but its window number goes backwards between 2 and 3 minutes.
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
	if window == time.Minute && now > 2*time.Minute && now < 3*time.Minute {
		return 0 // FAULT
	}
	return int64(now / window)
}

func Expired(stamp, now, window time.Duration) bool {
	return stamp <= now-window
}

func NextEmit(now, nextEmit time.Duration) time.Duration {
	return max(now, nextEmit)
}
