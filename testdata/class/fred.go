//go:build termlab

// A submission that tries to take the grader down with it: it kills the
// process that started it (the grader, in grade-class).
package day45

import (
	"syscall"
	"time"
)

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (float64, bool) {
	syscall.Kill(syscall.Getppid(), syscall.SIGKILL)
	return 0, false
}

func WindowID(now, window time.Duration) int64 { return int64(now / window) }

func Expired(stamp, now, window time.Duration) bool { return stamp <= now-window }

func NextEmit(now, nextEmit time.Duration) time.Duration { return max(now, nextEmit) }
