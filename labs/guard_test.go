package labs

import (
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestGuard(t *testing.T) {
	tests := []struct {
		name   string
		fn     func(tr *Tracker)
		status Status
		todo   int
		detail string
	}{
		{"returns", func(tr *Tracker) {}, "", 0, ""},
		{"not done", func(tr *Tracker) { tr.Enter(2); panic(NotDone) }, Unfinished, 2, "not done"},
		{"impossible", func(tr *Tracker) { panic(Invalid{TODO: 3, Reason: "NaN tokens"}) }, Fail, 3, "NaN tokens"},
		{"panics", func(tr *Tracker) { tr.Enter(1); var s []int; _ = s[len(s)] }, Crash, 1, "index out of range"},
		{"Goexit", func(tr *Tracker) { tr.Enter(4); runtime.Goexit() }, Crash, 4, "Goexit"},
		{"hangs", func(tr *Tracker) { tr.Enter(1); select {} }, Timeout, 1, "did not return"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tr Tracker
			f := Guard(100*time.Millisecond, "labs/day45", &tr, func() { tt.fn(&tr) })
			if f.Status != tt.status || f.TODO != tt.todo || !strings.Contains(f.Detail, tt.detail) {
				t.Fatalf("got %+v, want status %q TODO %d detail containing %q", f, tt.status, tt.todo, tt.detail)
			}
		})
	}
}

// GuardCPU counts the CPU time fn's thread uses: waiting costs none (up to
// the wall-clock backstop), spinning reaches the bound whatever the load.
func TestGuardCPU(t *testing.T) {
	t.Parallel() // beside TestGuardKeepsTheCallInProgress: see there
	tests := []struct {
		name   string
		fn     func(tr *Tracker, stop *atomic.Bool)
		status Status
		detail string
	}{
		{"sleeping three times the bound is no timeout", func(tr *Tracker, _ *atomic.Bool) { time.Sleep(300 * time.Millisecond) }, "", ""},
		{"spinning is a timeout on CPU time", func(tr *Tracker, stop *atomic.Bool) {
			tr.Enter(2)
			// Stopped once the guard has answered: a timed-out call keeps
			// running, and a spinner left behind would burn a core through
			// every later test of the package (the backstop's wait first).
			for !stop.Load() {
			}
		}, Timeout, "of CPU time"},
		{"waiting forever meets the backstop", func(tr *Tracker, _ *atomic.Bool) { tr.Enter(3); select {} }, Timeout, "stopped using CPU time"},
		{"a panic is still a crash", func(tr *Tracker, _ *atomic.Bool) { tr.Enter(1); panic("boom") }, Crash, "boom"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // each case has its own tracker, thread and CPU clock
			var tr Tracker
			stop := new(atomic.Bool)
			f := GuardCPU(100*time.Millisecond, "labs/day45", &tr, func() { tt.fn(&tr, stop) })
			stop.Store(true)
			// On a machine busy enough that the spinning thread waited on the
			// run queue for most of its time, "starved" is the true answer
			// (graded again, never the learner's): the test must not fail
			// because the machine is slow, but no other answer passes.
			if tt.status == Timeout && f.Status == Timeout && IsStarved(f.Detail) {
				t.Logf("starved on a busy machine (a true answer): %s", f.Detail)
				return
			}
			if f.Status != tt.status || !strings.Contains(f.Detail, tt.detail) {
				t.Fatalf("got %+v, want status %q detail containing %q", f, tt.status, tt.detail)
			}
		})
	}
}

func TestParseStatCPU(t *testing.T) {
	line := []byte("4242 (a (b) c) R 1 2 3 4 5 6 7 8 9 10 250 17 0 0 20 0 1 0")
	d, err := ParseStatCPU(line)
	if err != nil || d != 2670*time.Millisecond {
		t.Fatalf("got %v, %v; want 2.67s", d, err)
	}
	if _, err := ParseStatCPU([]byte("4242 (x) R 1")); err == nil {
		t.Fatal("a short line parsed")
	}
}

// CPUBound: a run starved by a busy machine (its CPU clock moving slowly)
// is never stopped by the wall clock; one whose clock stands still is, past
// the backstop; one that used its CPU time is, at any wall time. With the
// run queue known, a run that was ready but got no CPU is "starved", never
// "idle", however still its CPU clock stood, and a stopped run or a
// watcher that was not run itself counts as starved too.
func TestCPUBound(t *testing.T) {
	t0 := time.Unix(1000, 0)
	limit := time.Second
	const tick = 100 * time.Millisecond
	tests := []struct {
		name  string
		step  time.Duration // CPU used per second of wall time
		queue time.Duration // run-queue wait per second of wall time (-1: unknown)
		stop  bool          // stopped from outside
		late  bool          // one reading a second, ten ticks late
		secs  int
		want  string
	}{
		{"starved at 3%: 30s on the clock, no verdict", 30 * time.Millisecond, -1, false, false, 30, ""},
		{"spinning: its CPU second is spent", time.Second, -1, false, false, 2, "cpu"},
		{"spinning at 6% of a CPU, queued the rest: busy, not waiting", 60 * time.Millisecond, 940 * time.Millisecond, false, false, 30, "cpu"},
		{"waiting: idle past the backstop", 0, -1, false, false, WallBackstop + 1, "idle"},
		{"waiting, queue known: idle past the backstop", 0, 0, false, false, WallBackstop + 1, "idle"},
		{"waiting, before the backstop: no verdict", 0, -1, false, false, WallBackstop - 1, ""},
		{"at 1% of a CPU, queued the rest: never idle", 10 * time.Millisecond, 990 * time.Millisecond, false, false, StarveBackstop - 1, ""},
		{"at 1% of a CPU for long: starved", 10 * time.Millisecond, 990 * time.Millisecond, false, false, StarveBackstop + 2, "starved"},
		{"no CPU at all, all of it queued: starved, not idle", 0, time.Second, false, false, StarveBackstop + 1, "starved"},
		{"stopped from outside (SIGSTOP): starved, not idle", 0, 0, true, false, StarveBackstop + 1, "starved"},
		{"its watcher not run either: starved, not idle", 0, 0, false, true, StarveBackstop + 1, "starved"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Reading{CPU: 5 * time.Second, Queued: 7 * time.Second, QueueKnown: tt.queue >= 0}
			b := NewCPUBound(limit, t0, r)
			if !tt.late {
				b.Tick = tick
			} else {
				b.Tick = tick / 10
			}
			got := ""
			for s := 1; s <= tt.secs && got == ""; s++ {
				used := 5*time.Second + time.Duration(s)*tt.step
				if tt.step > 0 && used-5*time.Second > limit {
					used = 5*time.Second + limit
				}
				r := Reading{CPU: used, Stopped: tt.stop, QueueKnown: tt.queue >= 0,
					Queued: 7*time.Second + time.Duration(s)*max(0, tt.queue)}
				got = b.Observe(t0.Add(time.Duration(s)*time.Second), r)
			}
			if got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseSchedstat(t *testing.T) {
	run, q, ok := ParseSchedstat([]byte("123456789 987654321 42\n"))
	if !ok || run != 123456789 || q != 987654321 {
		t.Fatalf("got %v %v %v", run, q, ok)
	}
	for _, bad := range []string{"", "12", "x 1 2", "1 -2 3"} {
		if _, _, ok := ParseSchedstat([]byte(bad)); ok {
			t.Errorf("%q parsed", bad)
		}
	}
}

// The words of a timeout hold no figure the load changes, and say which
// of busy, waiting and starved it was.
func TestTimeoutDetail(t *testing.T) {
	for why, want := range map[string]string{"cpu": "busy on the CPU", "idle": "waited 5×", "starved": Starved} {
		d := TimeoutDetail(why, 2*time.Second, true)
		if !strings.Contains(d, want) || IsStarved(d) != (why == "starved") {
			t.Errorf("%s: %q", why, d)
		}
	}
}
