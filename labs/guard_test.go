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
	var stop atomic.Bool
	t.Cleanup(func() { stop.Store(true) })
	tests := []struct {
		name   string
		fn     func(tr *Tracker)
		status Status
		detail string
	}{
		{"sleeping three times the bound is no timeout", func(tr *Tracker) { time.Sleep(300 * time.Millisecond) }, "", ""},
		{"spinning is a timeout on CPU time", func(tr *Tracker) {
			tr.Enter(2)
			for !stop.Load() { // stopped when the test ends: a timed-out call keeps running
			}
		}, Timeout, "of CPU time"},
		{"waiting forever meets the backstop", func(tr *Tracker) { tr.Enter(3); select {} }, Timeout, "stopped using CPU time"},
		{"a panic is still a crash", func(tr *Tracker) { tr.Enter(1); panic("boom") }, Crash, "boom"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tr Tracker
			f := GuardCPU(100*time.Millisecond, "labs/day45", &tr, func() { tt.fn(&tr) })
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
// the backstop; one that used its CPU time is, at any wall time.
func TestCPUBound(t *testing.T) {
	t0 := time.Unix(1000, 0)
	limit := time.Second
	tests := []struct {
		name string
		step time.Duration // CPU used per second of wall time
		secs int
		want string
	}{
		{"starved at 3%: 30s on the clock, no verdict", 30 * time.Millisecond, 30, ""},
		{"spinning: its CPU second is spent", time.Second, 2, "cpu"},
		{"waiting: idle past the backstop", 0, WallBackstop + 1, "idle"},
		{"waiting, before the backstop: no verdict", 0, WallBackstop - 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewCPUBound(limit, t0, 5*time.Second)
			got := ""
			for s := 1; s <= tt.secs && got == ""; s++ {
				used := 5*time.Second + time.Duration(s)*tt.step
				if tt.step > 0 && used-5*time.Second > limit {
					used = 5*time.Second + limit
				}
				got = b.Spent(t0.Add(time.Duration(s)*time.Second), used)
			}
			if got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}
