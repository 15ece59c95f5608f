//go:build termlab

// A clone of the lab whose todo.go does not compile.
package day45

import "time"

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
	return tokns, false
}

func WindowID(now, window time.Duration) int64 { return int64(now / window) }

func Expired(stamp, now, window time.Duration) bool { return stamp <= now-window }

func NextEmit(now, nextEmit time.Duration) time.Duration { return max(now, nextEmit) }
