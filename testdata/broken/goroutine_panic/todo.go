// Package day45 is a deliberately broken learner file for the end-to-end
// suite (e2e_test.go): TODO 1 panics in a goroutine it started, where no recover can reach.
package day45

import (
	"time"
)

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
	done := make(chan bool)
	go func() {
		var m map[string]float64
		m["tokens"] = tokens // FAULT
		done <- true
	}()
	<-done
	return tokens, false
}

func WindowID(now, window time.Duration) int64 {
	return int64(now / window)
}

func Expired(stamp, now, window time.Duration) bool {
	return stamp <= now-window
}

func NextEmit(now, nextEmit time.Duration) time.Duration {
	return max(now, nextEmit)
}
