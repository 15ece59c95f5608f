//go:build termlab

// A correct submission for grade-class's end-to-end test: a folder with a
// todo.go.
package day45

import "time"

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
	t := tokens + elapsed.Seconds()*ratePerSec
	if t > capacity {
		t = capacity
	}
	if t >= 1 {
		return t - 1, true
	}
	return t, false
}

func WindowID(now, window time.Duration) int64 { return int64(now / window) }

func Expired(stamp, now, window time.Duration) bool { return now-stamp >= window }

func NextEmit(now, nextEmit time.Duration) time.Duration {
	if nextEmit > now {
		return nextEmit
	}
	return now
}
