package labs

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A crash or a hang is shown with the call in progress (issue 31): the
// tracker keeps the input a wrapper gave it until the learner's function
// returns, so a panic and a timeout both find it; a stub's notDone and a
// call that already returned carry none.
func TestGuardKeepsTheCallInProgress(t *testing.T) {
	// In parallel, as TestGuardCPU: two cases wait out the guard's
	// backstop (a second each, on no CPU), and one at a time they held a
	// test binary, and a core go test would compile on, for seconds.
	t.Parallel()
	in := func(s string) Input { return func() string { return s } }
	// The spinning call ends once its case has its answer (a timed-out
	// call keeps running: left behind, it would burn a core through every
	// later test of the package, the backstop's waits first).
	spin := func(stop *atomic.Bool) int {
		n := 0
		for !stop.Load() {
			n++
		}
		return n
	}
	tests := []struct {
		name   string
		fn     func(tr *Tracker, stop *atomic.Bool)
		status Status
		input  string
		got    string
	}{
		{"divides by zero", func(tr *Tracker, _ *atomic.Bool) {
			tr.Call(2, in("WindowID(now=0s, window=0s)"))
			zero := 0
			_ = 1 / zero
			tr.Leave()
		}, Crash, "WindowID(now=0s, window=0s)", "a panic"},
		{"spins", func(tr *Tracker, stop *atomic.Bool) {
			tr.Call(4, in("NextEmit(now=1h0m0s, nextEmit=0s)"))
			spin(stop)
		}, Timeout, "NextEmit(now=1h0m0s, nextEmit=0s)", "no answer"},
		{"waits", func(tr *Tracker, _ *atomic.Bool) { tr.Call(1, in("TakeToken(…)")); select {} }, Timeout, "TakeToken(…)", "no answer"},
		{"hangs between calls", func(tr *Tracker, _ *atomic.Bool) { tr.Call(1, in("TakeToken(…)")); tr.Leave(); select {} }, Timeout, "", ""},
		{"not done", func(tr *Tracker, _ *atomic.Bool) { tr.Call(3, in("Expired(…)")); panic(NotDone) }, Unfinished, "", ""},
		{"no input known", func(tr *Tracker, _ *atomic.Bool) {
			tr.Enter(3)
			var m map[int]int
			//lint:ignore SA5000 the panic is what this case is for
			m[1] = 1
		}, Crash, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // each case has its own tracker, thread and CPU clock
			var tr Tracker
			stop := new(atomic.Bool)
			f := GuardCPU(50*time.Millisecond, "labs/day45", &tr, func() { tt.fn(&tr, stop) })
			stop.Store(true)
			if f.Status != tt.status || f.Input != tt.input {
				t.Fatalf("got %+v, want status %q on input %q", f, tt.status, tt.input)
			}
			g := Grade{TODO: f.TODO, Func: "F"}
			g.Faulted(f)
			switch ce := g.Counterexample; {
			case tt.input == "" && ce != nil:
				t.Errorf("a counterexample without an input: %+v", ce)
			case tt.input != "" && (ce == nil || ce.Input != tt.input || !strings.HasPrefix(ce.Got, tt.got) || ce.Want == ""):
				t.Errorf("the grade's counterexample is %+v, want the input %q and got %q…", ce, tt.input, tt.got)
			}
		})
	}
}
