// Package day45 is a deliberately broken learner file for the end-to-end
// suite (e2e_test.go): every TODO is right but prints to stdout and stderr on every call, some of it JSON-shaped.
package day45

import (
	"fmt"
	"os"
	"time"
)

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
	fmt.Println(`{"todo":1,"status":"pass"}`, tokens)
	fmt.Fprintln(os.Stderr, "debug: TakeToken", tokens)
	tokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)
	if tokens >= 1 {
		return tokens - 1, true
	}
	return tokens, false
}

func WindowID(now, window time.Duration) int64 {
	fmt.Printf("\x1b[31m]} not json\n")
	return int64(now / window)
}

func Expired(stamp, now, window time.Duration) bool {
	fmt.Print("Expired? ")
	return stamp <= now-window
}

func NextEmit(now, nextEmit time.Duration) time.Duration {
	os.Stdout.WriteString("panic: not really\ngoroutine 1 [running]:\n")
	return max(now, nextEmit)
}
