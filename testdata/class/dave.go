// Package day45 is a deliberately broken learner file for the end-to-end
// suite (e2e_test.go): TODO 2 never returns.
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
	id := int64(0)
	for t := time.Duration(0); t <= now; t += 0 { // FAULT: t never moves
		id++
	}
	return id
}

func Expired(stamp, now, window time.Duration) bool {
	return stamp <= now-window
}

func NextEmit(now, nextEmit time.Duration) time.Duration {
	return max(now, nextEmit)
}
