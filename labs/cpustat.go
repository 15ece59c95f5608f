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
// CPU clock (a thread's, a process's) taken every so often. It is spent
// when the run has used the bound, whatever the wall clock says; the wall
// clock only stops a run that waits without running: one past
// WallBackstop × the bound on the clock whose CPU time has stood still
// (moved less than idleMove) for idleFor. A run starved by a busy machine
// still moves, so it is never stopped for the machine's load.
type CPUBound struct {
	Limit     time.Duration
	start     time.Time
	startCPU  time.Duration
	lastCPU   time.Duration
	lastMoved time.Time
}

// idleFor and idleMove say when a run's CPU clock stands still: less than
// two of /proc's ticks in a second is waiting, not work.
const (
	idleFor  = time.Second
	idleMove = 20 * time.Millisecond
)

// NewCPUBound starts judging a run whose clock now reads cpu.
func NewCPUBound(limit time.Duration, now time.Time, cpu time.Duration) *CPUBound {
	return &CPUBound{Limit: limit, start: now, startCPU: cpu, lastCPU: cpu, lastMoved: now}
}

// Spent says whether the bound is spent at wall time now with the clock at
// cpu: "cpu" (it used its CPU time), "idle" (past the backstop, waiting) or
// "" (go on).
func (b *CPUBound) Spent(now time.Time, cpu time.Duration) string {
	if cpu-b.startCPU >= b.Limit {
		return "cpu"
	}
	if cpu-b.lastCPU >= idleMove {
		b.lastCPU, b.lastMoved = cpu, now
	}
	if now.Sub(b.start) >= WallBackstop*b.Limit && now.Sub(b.lastMoved) >= idleFor {
		return "idle"
	}
	return ""
}
