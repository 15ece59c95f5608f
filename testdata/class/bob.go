//go:build termlab

// A wrong submission: a single .go file. The cap comes after the spend,
// and a stamp exactly one window old still counts.
package day45

import "time"

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
	t := tokens + elapsed.Seconds()*ratePerSec
	if t >= 1 {
		return min(capacity, t-1), true
	}
	return min(capacity, t), false
}

func WindowID(now, window time.Duration) int64 { return int64(now / window) }

func Expired(stamp, now, window time.Duration) bool { return stamp < now-window }

func NextEmit(now, nextEmit time.Duration) time.Duration { return max(now, nextEmit) }
