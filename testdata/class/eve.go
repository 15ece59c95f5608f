//go:build termlab

// A submission that reaches for the reference instead of writing its own.
package day45

import (
	"time"

	ref "termlab/solutions/day45"
)

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (float64, bool) {
	return ref.TakeToken(tokens, capacity, ratePerSec, elapsed)
}

func WindowID(now, window time.Duration) int64 { return ref.WindowID(now, window) }

func Expired(stamp, now, window time.Duration) bool { return ref.Expired(stamp, now, window) }

func NextEmit(now, nextEmit time.Duration) time.Duration { return ref.NextEmit(now, nextEmit) }
