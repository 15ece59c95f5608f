package labs

import (
	"bytes"
	"fmt"
	"strconv"
	"time"
)

// ParseStatCPU is utime + stime of a /proc/<pid>/stat line: fields 14 and
// 15, counted after the command name's closing parenthesis (the name itself
// may hold spaces and parentheses).
func ParseStatCPU(stat []byte) (time.Duration, error) {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, fmt.Errorf("no command name in %q", stat)
	}
	f := bytes.Fields(stat[i+1:])
	// f[0] is field 3 (state): utime is field 14, f[11]; stime f[12].
	if len(f) < 13 {
		return 0, fmt.Errorf("too few fields in %q", stat)
	}
	u, err1 := strconv.ParseInt(string(f[11]), 10, 64)
	s, err2 := strconv.ParseInt(string(f[12]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("bad utime/stime in %q", stat)
	}
	return time.Duration(u+s) * (time.Second / 100), nil
}

// CPUBound judges a run against a bound of CPU time from readings of its
// clocks (a thread's, a process's) taken every so often. It is spent
// ("cpu") when the run has used the bound, whatever the wall clock says:
// the run's own code kept a CPU busy. The wall clock only stops a run in
// two other ways, each counted in time of one kind, never in time on the
// clock (which a busy machine stretches):
//
//   - "idle": the run waited for something of its own (off the CPU and
//     off the run queue, see schedstat.go) for WallBackstop × the bound,
//     and its CPU time has stood still (moved less than idleMove) for
//     idleFor: code that waits for what never comes;
//   - "starved": the run was ready but not given a CPU (on the run queue,
//     stopped from outside, or its watcher itself not run) for
//     StarveBackstop × the bound: the machine's doing, never the code's
//     verdict; whoever asked runs it again.
//
// Where the run queue cannot be read, every moment off the CPU counts as
// waiting, and only the CPU clock still moving tells a starved run apart.
type CPUBound struct {
	Limit time.Duration
	// Tick is how often the readings are meant to come; a reading far
	// later than that says the watcher was not run either, and that
	// stretch is counted as starved. Zero: no such check.
	Tick time.Duration

	prev, lastMoved     time.Time
	startCPU, prevCPU   time.Duration
	lastCPU, prevQueued time.Duration
	waited, starved     time.Duration
}

// A Reading is one look at a run's clocks.
type Reading struct {
	CPU time.Duration // time on a CPU so far
	// Queued is the time spent ready on the run queue so far, and
	// QueueKnown whether it could be read.
	Queued     time.Duration
	QueueKnown bool
	// Ready: the run is ready to run, or running, right now (state R),
	// so what of the last stretch it spent off the CPU it spent queued
	// (the kernel adds a wait to Queued only once the run gets a CPU
	// again). A run that waits for something of its own sleeps (S).
	Ready bool
	// Stopped: the run is stopped from outside (SIGSTOP) right now.
	Stopped bool
}

// idleFor and idleMove say when a run's CPU clock stands still: less than
// two of /proc's ticks in a second is waiting, not work.
const (
	idleFor  = time.Second
	idleMove = 20 * time.Millisecond
)

// StarveBackstop is how many times its CPU bound a run may be kept from a
// CPU before it is given up as starved. Generous: at a load of 40 on two
// cores a run waits some 20 times as long as it runs, and a correct run
// still finishes.
const StarveBackstop = 30

// lateTicks is how many ticks late a reading must be before the watcher
// counts itself as not run.
const lateTicks = 10

// NewCPUBound starts judging a run whose clocks now read r.
func NewCPUBound(limit time.Duration, now time.Time, r Reading) *CPUBound {
	return &CPUBound{Limit: limit, prev: now, lastMoved: now,
		startCPU: r.CPU, prevCPU: r.CPU, lastCPU: r.CPU, prevQueued: r.Queued}
}

// Spent is Observe with the CPU clock alone (the run queue unknown).
func (b *CPUBound) Spent(now time.Time, cpu time.Duration) string {
	return b.Observe(now, Reading{CPU: cpu})
}

// Observe says whether the bound is spent at wall time now with the
// clocks at r: "cpu", "idle", "starved" (see CPUBound), or "" (go on).
func (b *CPUBound) Observe(now time.Time, r Reading) string {
	wall := now.Sub(b.prev)
	off := max(0, wall-max(0, r.CPU-b.prevCPU))
	queued := time.Duration(0)
	if r.QueueKnown {
		queued = min(off, max(0, r.Queued-b.prevQueued))
		if r.Ready {
			queued = off
		}
		b.prevQueued = r.Queued
	}
	late := b.Tick > 0 && wall > lateTicks*b.Tick
	switch {
	case r.Stopped || late:
		b.starved += off
	default:
		b.starved += queued
		b.waited += off - queued
	}
	b.prev, b.prevCPU = now, r.CPU
	if r.CPU-b.startCPU >= b.Limit {
		return "cpu"
	}
	if r.CPU-b.lastCPU >= idleMove {
		b.lastCPU, b.lastMoved = r.CPU, now
	}
	if b.waited >= WallBackstop*b.Limit && now.Sub(b.lastMoved) >= idleFor {
		return "idle"
	}
	if b.starved >= StarveBackstop*b.Limit {
		return "starved"
	}
	return ""
}
