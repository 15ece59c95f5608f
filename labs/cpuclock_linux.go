package labs

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

// threadClock is the CPU time (user + system) of the calling goroutine's OS
// thread, read from /proc (in clock ticks of 1/100 s, Linux's USER_HZ on
// every architecture). The caller has locked its goroutine to the thread,
// so that thread's time is the learner's code's: no other goroutine runs on
// it, and neither the machine's other processes nor this process's other
// goroutines (parallel grades in a test, the collector's workers) add to it.
// Without /proc it falls back to the process's CPU time.
func threadClock() func() time.Duration {
	path := fmt.Sprintf("/proc/self/task/%d/stat", syscall.Gettid())
	if _, err := procTicks(path); err != nil {
		return processClock()
	}
	return func() time.Duration {
		d, _ := procTicks(path)
		return d
	}
}

// procTicks reads utime + stime from a /proc stat file.
func procTicks(path string) (time.Duration, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	return ParseStatCPU(data)
}
