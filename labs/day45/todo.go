//go:build termlab

// Package day45 is your lab for Day 45: rate limiting.
//
// Four small functions, one idea each. Replace each panic(notDone) with
// your code and save: the lab (go run .) rebuilds, grades and re-runs the
// experiments on every save. Time here is virtual: a time.Duration counted
// from the start of an experiment, so nothing ever sleeps.
//
// Keep the first line: only the lab builds this folder, so `go test ./...`
// passes whatever state your code is in.
package day45

import "time"

// TakeToken is the token bucket. The bucket held tokens (never more than
// capacity) when it was last asked, elapsed ago; it refills at ratePerSec.
// Top it up for the time that passed, then spend one whole token if there is
// one. Return what is left and whether the request gets in.
func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
	panic(notDone) // TODO 1
}

// WindowID is the fixed window. Windows are window long and start at zero,
// window, 2×window, … Return the number of the window that now falls in.
func WindowID(now, window time.Duration) int64 {
	panic(notDone) // TODO 2
}

// Expired is the sliding-window log. A request stamped at stamp counts
// against the limit while it is inside the trailing window that ends at now.
// Return true once it no longer counts.
func Expired(stamp, now, window time.Duration) bool {
	panic(notDone) // TODO 3
}

// NextEmit is the leaky bucket as a queue. nextEmit is the earliest moment
// the next request may leave. Return when a request accepted at now leaves.
func NextEmit(now, nextEmit time.Duration) time.Duration {
	panic(notDone) // TODO 4
}
