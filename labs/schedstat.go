package labs

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// Why a run that did not finish did not: Linux's schedstat tells, for a
// thread, how long it has run on a CPU and how long it has waited on the
// run queue, ready to run but not given a CPU (a busy machine, a CPU
// quota). A thread off the CPU and off the run queue waits for something
// of its own (a channel, a lock, a sleep). So a bound can tell a busy
// loop (on the CPU), code that waits (neither) and a machine that starved
// the code (queued), at any load. Where schedstat cannot be read (not
// Linux, a kernel without it) the queue is unknown and CPUBound judges
// from the CPU clock alone, as it did before.

// ParseSchedstat reads a schedstat line: nanoseconds on a CPU, nanoseconds
// waiting on the run queue, timeslices run.
func ParseSchedstat(b []byte) (onCPU, queued time.Duration, ok bool) {
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0, 0, false
	}
	run, err1 := strconv.ParseInt(string(f[0]), 10, 64)
	wait, err2 := strconv.ParseInt(string(f[1]), 10, 64)
	if err1 != nil || err2 != nil || run < 0 || wait < 0 {
		return 0, 0, false
	}
	return time.Duration(run), time.Duration(wait), true
}

// threadQueue opens the calling thread's schedstat and stat and returns a
// reader of its run-queue wait and whether it is ready to run now, usable
// from any thread (an open /proc file stays the thread's), and a closer;
// nil where they cannot be read. /proc/thread-self names the caller in
// /proc's own pid numbers, which a sandbox's may not share with ours (see
// threadClock).
//
// Both are needed: the kernel adds a wait to schedstat only when the
// thread at last gets a CPU, so a thread kept off the CPU for seconds
// shows no wait until it runs; meanwhile its state is R (ready), where a
// thread that waits for something of its own sleeps (S).
func threadQueue() (read func() (queued time.Duration, ready, ok bool), done func()) {
	sched, err := os.Open("/proc/thread-self/schedstat")
	if err != nil {
		return nil, func() {}
	}
	stat, err := os.Open("/proc/thread-self/stat")
	if err != nil {
		sched.Close()
		return nil, func() {}
	}
	buf := make([]byte, 512)
	read = func() (time.Duration, bool, bool) {
		n, _ := sched.ReadAt(buf, 0)
		_, q, ok := ParseSchedstat(buf[:n])
		n, _ = stat.ReadAt(buf, 0)
		return q, statState(buf[:n]) == 'R', ok
	}
	closeBoth := func() { sched.Close(); stat.Close() }
	if _, _, ok := read(); !ok {
		closeBoth()
		return nil, func() {}
	}
	return read, closeBoth
}

// statState is the state letter of a /proc stat line, or 0.
func statState(stat []byte) byte {
	if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		return stat[i+2]
	}
	return 0
}

// ProcessQueue is the run-queue wait of every thread of the process whose
// /proc folder is dir, summed; whether one of its threads is ready to run
// now (see threadQueue); and whether it is stopped (SIGSTOP, a debugger):
// a stopped process waits for whoever stopped it, not for its own code.
// ok is false when dir cannot be read.
func ProcessQueue(dir string) (queued time.Duration, ready, stopped, ok bool) {
	tasks, err := os.ReadDir(filepath.Join(dir, "task"))
	if err != nil {
		return 0, false, false, false
	}
	for _, t := range tasks {
		b, err := os.ReadFile(filepath.Join(dir, "task", t.Name(), "schedstat"))
		if err != nil {
			continue // a thread that ended while we read
		}
		if _, q, good := ParseSchedstat(b); good {
			queued += q
			ok = true
		}
		if stat, err := os.ReadFile(filepath.Join(dir, "task", t.Name(), "stat")); err == nil {
			switch statState(stat) {
			case 'R':
				ready = true
			case 'T', 't':
				stopped = true
			}
		}
	}
	return queued, ready, stopped, ok
}
