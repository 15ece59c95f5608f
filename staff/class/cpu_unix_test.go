//go:build unix

package class

import (
	"syscall"
	"time"
)

// childCPU is the CPU time (user and system) of this process's children
// that have ended and been waited for: the go builds and the workers.
func childCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
