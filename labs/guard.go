package labs

import (
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"time"
)

// NotDone is what a shipped stub panics with (through the learner's
// package's notDone, in the lab's notdone.go beside their todo.go, so that
// their file imports nothing of the lab's). The runner reads it as "this
// TODO is not written yet": neither a wrong answer nor a crash.
var NotDone = notDone{}

type notDone struct{}

func (notDone) Error() string { return "not done yet" }

// Invalid is what a day panics with when learner code returns something that
// cannot be right (NaN tokens, a window index going backwards, an emit time in
// the past). The runner reports it as a fail of that TODO, with Reason.
type Invalid struct {
	TODO   int
	Reason string
	// Counterexample is the call that produced the impossible answer.
	Counterexample *Counterexample
	Hint           string
}

func (e Invalid) Error() string { return fmt.Sprintf("TODO %d: %s", e.TODO, e.Reason) }

// Tracker remembers which TODO is executing, and on what input, so that a
// crash or a hang anywhere inside an experiment can be blamed on the right
// TODO and shown with the call that caused it. It costs a few atomic
// stores per call, and the input is written out only when a fault needs
// it.
type Tracker struct {
	cur atomic.Int32
	in  atomic.Value // an Input: the call in progress
}

// Input writes out a call as the learner would type it
// ("WindowID(now=0s, window=0s)"). It captures the call's arguments, and
// runs only after a fault, perhaps on another goroutine while the
// learner's code still runs: it reads only what the caller passed (never
// the copies the learner's function was handed, which it may be changing).
type Input func() string

// noInput is the Input of no call: atomic.Value keeps one type, never nil.
var noInput Input = func() string { return "" }

// Enter marks TODO n as executing; Leave marks it done.
func (t *Tracker) Enter(n int) { t.Call(n, nil) }

// Call marks TODO n as executing on the input in (nil when unknown).
func (t *Tracker) Call(n int, in Input) {
	if in == nil {
		in = noInput
	}
	t.in.Store(in)
	t.cur.Store(int32(n))
}

// Leave marks that no TODO is executing. A wrapper calls it after the
// learner's function returns, never deferred: a panic leaves the TODO and
// its input in place for the guard to report.
func (t *Tracker) Leave() {
	t.cur.Store(0)
	t.in.Store(noInput)
}

// Current is the TODO executing now, or 0.
func (t *Tracker) Current() int { return int(t.cur.Load()) }

// Input is the call in progress as the learner would type it, or "" when
// none (or its input is unknown).
func (t *Tracker) Input() string {
	if t.Current() == 0 {
		return ""
	}
	in, _ := t.in.Load().(Input)
	if in == nil {
		return ""
	}
	return in()
}

// Fault is what went wrong in a guarded call. The zero Fault means all went well.
type Fault struct {
	Status Status // Unfinished, Fail, Crash or Timeout; "" when nothing went wrong
	TODO   int    // the TODO at fault, when known
	Detail string
	Where  string // file:line in the learner's code, for a crash
	// File marks a fault of the learner's file as a whole, outside any
	// TODO (its init, a package variable): no TODO is to blame for it.
	File bool
	// Counterexample is the call behind a Fail, when known, and Hint what
	// to look at.
	Counterexample *Counterexample
	Hint           string
	// Input is, for a Crash or a Timeout, the call in progress as the
	// learner would type it (the tracker's), when known.
	Input string
}

// Stopped is a crash's or a timeout's counterexample: the call in
// progress when it happened, with what came of it, or nil when the
// input is not known (or the fault is neither).
func (f Fault) Stopped() *Counterexample {
	if f.Input == "" {
		return nil
	}
	switch f.Status {
	case Crash:
		return &Counterexample{Input: f.Input, Got: "a panic, not an answer", Want: "an answer"}
	case Timeout:
		return &Counterexample{Input: f.Input, Got: "no answer: still running when it was stopped", Want: "an answer"}
	}
	return nil
}

// OK reports whether the call finished without a fault.
func (f Fault) OK() bool { return f.Status == "" }

// Guard runs fn and turns anything learner code can do wrong into a Fault:
// the NotDone marker, an Invalid result, any other panic, or not returning
// within limit on the wall clock. learnerDir (such as "labs/day45") picks
// the learner's frame out of a crash's stack. Guard is for a bound someone
// waits on (a live request in the door); a verdict uses GuardCPU.
//
// On a timeout fn's goroutine cannot be stopped; it is left running and the
// caller is expected to finish up and exit. That is why learner code always
// runs in a worker process of its own, never in the screen's process.
func Guard(limit time.Duration, learnerDir string, track *Tracker, fn func()) Fault {
	return guard(limit, false, learnerDir, track, fn)
}

// GuardCPU is Guard with limit counted in CPU time: the time fn's own
// thread spent running (see threadClock), so that a verdict is a property of
// the code, not of how busy the machine is. A correct TODO takes the same
// CPU time on an idle machine and on one whose cores are all taken, where
// the wall clock can run many times slower. Code that waits without
// running (a channel nobody sends on, a sleep) is stopped past a backstop
// on the wall clock once its CPU clock stands still (CPUBound).
func GuardCPU(limit time.Duration, learnerDir string, track *Tracker, fn func()) Fault {
	return guard(limit, true, learnerDir, track, fn)
}

// WallBackstop is how many times the CPU bound the wall clock runs before
// a run whose CPU clock stands still is stopped: waiting forever is a hang
// at any speed.
const WallBackstop = 5

// cpuTick is how often GuardCPU reads the CPU clock: /proc counts in
// hundredths of a second.
const cpuTick = 20 * time.Millisecond

func guard(limit time.Duration, cpu bool, learnerDir string, track *Tracker, fn func()) Fault {
	done := make(chan Fault, 1)
	type clocks struct {
		used  func() time.Duration
		queue func() (time.Duration, bool, bool)
	}
	clock := make(chan clocks, 1)
	go func() {
		returned := false
		if cpu {
			// fn's thread is its own for the whole call, so the
			// thread's CPU clock is fn's (plus its share of the
			// collector's assists, which its allocations cause), and
			// so is its time on the run queue.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			queue, closeQueue := threadQueue()
			defer closeQueue()
			// Plus the CPU time of the calls fn asks another process
			// to run (callpipe.go): its own code's time, wherever it runs.
			own, base := threadClock(), RemoteCPU()
			clock <- clocks{func() time.Duration { return own() + RemoteCPU() - base }, queue}
		}
		defer func() {
			r := recover()
			todo := 0
			if track != nil {
				todo = track.Current()
			}
			switch {
			case returned:
				done <- Fault{}
			case r == nil: // runtime.Goexit: the deferred calls run, but fn never finished
				done <- Fault{Status: Crash, TODO: todo, Detail: "stopped its goroutine (runtime.Goexit) instead of returning", Where: learnerFrame(learnerDir), Input: track.input()}
			default:
				f := classify(r, todo, learnerDir)
				if f.Status == Crash || (f.Status == Timeout && !IsStarved(f.Detail)) {
					f.Input = track.input()
				}
				done <- f
			}
		}()
		fn()
		returned = true
	}()
	timeout := func(why string) Fault {
		todo := 0
		if track != nil {
			todo = track.Current()
		}
		return Fault{Status: Timeout, TODO: todo, Input: track.input(), Detail: TimeoutDetail(why, limit, cpu)}
	}
	if !cpu {
		timer := time.NewTimer(limit)
		defer timer.Stop()
		select {
		case f := <-done:
			return f
		case <-timer.C:
			return timeout("")
		}
	}
	c := <-clock
	read := func() Reading {
		r := Reading{CPU: c.used()}
		if c.queue != nil {
			r.Queued, r.Ready, r.QueueKnown = c.queue()
		}
		return r
	}
	bound := NewCPUBound(limit, time.Now(), read())
	bound.Tick = cpuTick
	tick := time.NewTicker(cpuTick)
	defer tick.Stop()
	for {
		select {
		case f := <-done:
			return f
		case now := <-tick.C:
			if why := bound.Observe(now, read()); why != "" {
				f := timeout(why)
				if why == "starved" {
					// Not the code's: no call of it to blame.
					f.TODO, f.Input = 0, ""
				}
				return f
			}
		}
	}
}

// Starved starts the detail of a run the machine starved of CPU (see
// CPUBound): not a verdict on the code, and never kept as one. Whoever
// reads it runs the code again, and says so if that starves too.
const Starved = "the machine was too busy to grade this"

// IsStarved reports whether a timeout's detail says the machine starved
// the run rather than the code running too long.
func IsStarved(detail string) bool { return strings.HasPrefix(detail, Starved) }

// TimeoutDetail says why a run bounded by limit was stopped: what
// CPUBound said (why), or the wall clock (why "", or cpu false). The words
// hold no figure the load changes: the same code reads the same on an idle
// machine and a busy one.
func TimeoutDetail(why string, limit time.Duration, cpu bool) string {
	switch {
	case !cpu:
		return fmt.Sprintf("did not return within %v: a loop that never ends, or one that takes far too many steps (one per nanosecond of a long clock, say)", limit)
	case why == "idle":
		return fmt.Sprintf("did not return, and stopped using CPU time: it waited %d× its CPU bound of %v for something that never comes (a channel, a lock, a sleep)", WallBackstop, limit)
	case why == "starved":
		return fmt.Sprintf("%s: the code was ready to run but the machine gave it no CPU for %d× its CPU bound of %v (other programs, or a CPU quota). This is not the code's result; grade it again", Starved, StarveBackstop, limit)
	}
	return fmt.Sprintf("did not return within %v of CPU time, its own code busy on the CPU all along: a loop that never ends, or one that takes far too many steps (one per nanosecond of a long clock, say)", limit)
}

// input is the call in progress, or "" without a tracker.
func (t *Tracker) input() string {
	if t == nil {
		return ""
	}
	return t.Input()
}

// classify runs inside the deferred recover, so the panicking frames are
// still on the stack and runtime.Callers can find the learner's line.
func classify(r any, todo int, learnerDir string) Fault {
	switch v := r.(type) {
	case notDone:
		return Fault{Status: Unfinished, TODO: todo, Detail: "not done yet"}
	case Invalid:
		return Fault{Status: Fail, TODO: v.TODO, Detail: v.Reason, Counterexample: v.Counterexample, Hint: v.Hint}
	case RemoteFault:
		// The learner's code failed in the process that answers its calls
		// (callpipe.go): that side's guard made the fault, with the line
		// in the learner's file; this side knows the TODO it called.
		f := v.Fault
		if f.TODO == 0 && !IsStarved(f.Detail) {
			f.TODO = todo
		}
		f.Input = ""
		return f
	}
	where := learnerFrame(learnerDir)
	detail := fmt.Sprintf("panicked: %v", r)
	if err, ok := r.(runtime.Error); ok {
		detail = "panicked: " + err.Error()
	}
	return Fault{Status: Crash, TODO: todo, Detail: detail, Where: where}
}

// learnerFrame finds the innermost stack frame in the learner's package and
// returns it as "labs/day45/todo.go:12".
func learnerFrame(learnerDir string) string {
	if learnerDir == "" {
		return ""
	}
	pcs := make([]uintptr, 64)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	marker := "/" + strings.Trim(learnerDir, "/") + "/"
	for {
		f, more := frames.Next()
		if i := strings.LastIndex(f.File, marker); i >= 0 {
			rest := f.File[i+len(marker):]
			if !strings.Contains(rest, "/") { // not a subpackage such as course/
				return fmt.Sprintf("%s%s:%d", marker[1:], rest, f.Line)
			}
		}
		if !more {
			return ""
		}
	}
}
