// Package day45 holds the reference answers to Day 45's four TODOs.
//
// Open it after you have tried: the lab only shows these on request.
package day45

import (
	"time"

	"termlab/labs/day45/course/limit"
)

// TakeToken refills first, caps at capacity, then spends one whole token.
func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
	tokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)
	if tokens >= 1 {
		return tokens - 1, true
	}
	return tokens, false
}

// WindowID is integer division: the window boundaries sit on the clock.
func WindowID(now, window time.Duration) int64 {
	return int64(now / window)
}

// Expired: a stamp exactly one window old is already outside the window.
func Expired(stamp, now, window time.Duration) bool {
	return stamp <= now-window
}

// NextEmit: never before now, never before the slot the queue has reached.
func NextEmit(now, nextEmit time.Duration) time.Duration {
	return max(now, nextEmit)
}

// Funcs bundles the four for the runner.
var Funcs = limit.Funcs{
	TakeToken: TakeToken,
	WindowID:  WindowID,
	Expired:   Expired,
	NextEmit:  NextEmit,
}
