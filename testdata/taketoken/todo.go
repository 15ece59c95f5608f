package day45

import (
	"time"

	"termlab/labs"
)

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
	tokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)
	if tokens >= 1 {
		return tokens - 1, true
	}
	return tokens, false
}

func WindowID(now, window time.Duration) int64           { panic(labs.NotDone) }
func Expired(stamp, now, window time.Duration) bool      { panic(labs.NotDone) }
func NextEmit(now, nextEmit time.Duration) time.Duration { panic(labs.NotDone) }
