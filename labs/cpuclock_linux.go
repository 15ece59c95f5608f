package labs

import (
	"syscall"
	"time"
	"unsafe"
)

// Linux names the CPU-time clock of a thread or a process by its id in
// the caller's own pid namespace (the kernel's MAKE_THREAD_CPUCLOCK and
// MAKE_PROCESS_CPUCLOCK, behind pthread_getcpuclockid(3) and
// clock_getcpuclockid(3)). /proc would not do: it numbers tasks in the pid
// namespace of whoever mounted it, and a sandbox that unshares the pid
// namespace but keeps the host's /proc (CI runners, some containers; see
// runner/proc) then files this thread under another number. The clock also
// counts in nanoseconds, where /proc counts hundredths of a second.
const (
	cpuClockSched     = 2 // CPUCLOCK_SCHED: user + system time
	cpuClockPerThread = 4 // CPUCLOCK_PERTHREAD_MASK
)

func cpuClock(id int32) (time.Duration, bool) {
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, uintptr(id), uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

// threadClock is the CPU time (user + system) of the calling goroutine's OS
// thread. The caller has locked its goroutine to the thread, so that
// thread's time is the learner's code's: no other goroutine runs on it, and
// neither the machine's other processes nor this process's other goroutines
// (parallel grades in a test, the collector's workers) add to it. The clock
// can be read from any thread of the process. Where it cannot be read at
// all, it falls back to the process's CPU time.
func threadClock() func() time.Duration {
	id := ^int32(syscall.Gettid())<<3 | cpuClockSched | cpuClockPerThread
	if _, ok := cpuClock(id); !ok {
		return processClock()
	}
	return func() time.Duration {
		d, _ := cpuClock(id)
		return d
	}
}

// ProcessCPU is the CPU time (user + system, every thread) of process pid,
// in this process's pid numbers; ok is false when it cannot be read (the
// process is gone).
func ProcessCPU(pid int) (time.Duration, bool) {
	return cpuClock(^int32(pid)<<3 | cpuClockSched)
}
