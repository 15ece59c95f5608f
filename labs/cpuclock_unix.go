//go:build unix

package labs

import (
	"syscall"
	"time"
)

// processClock is the process's CPU time (user + system), for systems
// without a per-thread clock in /proc.
func processClock() func() time.Duration {
	return func() time.Duration {
		var ru syscall.Rusage
		if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
			return 0
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
}
