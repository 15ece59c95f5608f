//go:build unix

package grade_test

import (
	"syscall"
	"time"
)

// cpuNow is the process's CPU time so far, user and system.
func cpuNow() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
