package labs

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// Issue 43, finding 5, against the real scheduler: the learner's thread
// is held to a sliver of a CPU (SCHED_IDLE: it runs only when nothing else
// on its core wants to) beside processes spinning on every core. Correct
// code that needs a little CPU is never a timeout, only a pass or "the
// machine was too busy"; a busy loop is never called waiting; a receive
// nobody sends on is waiting, never starved. Before the run queue was
// read, the starved thread's CPU clock moving less than 20 ms a second
// read as "stopped using CPU time … waits for something that never
// comes", for correct code and for busy loops alike.
func TestGuardCPUStarved(t *testing.T) {
	if testing.Short() || os.Getenv("TERMLAB_TEST_ALL") == "" { // testrun.Slow, which labs cannot import
		t.Skip("spins processes on every core for some seconds: runs with TERMLAB_TEST_ALL=1 (.ci/run)")
	}
	if read, done := threadQueue(); read == nil {
		t.Skip("no schedstat on this kernel: the run queue cannot be read")
	} else {
		done()
	}
	spin(t, 2*runtime.NumCPU())
	var stop atomic.Bool
	t.Cleanup(func() { stop.Store(true) })
	starve := func() {
		// SCHED_IDLE (5) for this thread alone: the guard locked fn to it.
		var param struct{ prio int32 }
		if _, _, e := syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, 0, 5, uintptr(unsafe.Pointer(&param))); e != 0 {
			t.Skipf("cannot set SCHED_IDLE: %v", e)
		}
	}
	const limit = 100 * time.Millisecond
	tests := []struct {
		name string
		fn   func()
		ok   []string // what the detail may say ("" for no fault)
	}{
		{"correct code that needs 20ms of CPU", func() {
			starve()
			clock := threadClock()
			for start := clock(); clock()-start < 20*time.Millisecond; {
			}
		}, []string{"", Starved}},
		{"a busy loop", func() {
			starve()
			for !stop.Load() {
			}
		}, []string{"busy on the CPU", Starved}},
		// The guard's own watcher shares the cores with the spinners (and,
		// in CI, with the other packages' tests): when it is itself not run
		// for the backstop it cannot tell waiting from starved, and says
		// the machine was too busy, which blames nobody. Busy it never is.
		{"a receive nobody sends on", func() {
			starve()
			<-make(chan int)
		}, []string{"stopped using CPU time", Starved}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := GuardCPU(limit, "labs/day45", nil, tt.fn)
			for _, want := range tt.ok {
				if want == "" && f.OK() || want != "" && f.Status == Timeout && strings.Contains(f.Detail, want) {
					return
				}
			}
			t.Fatalf("got %s %q, want one of %q", f.Status, f.Detail, tt.ok)
		})
	}
}

// spin starts n processes that spin on a CPU until t ends.
func spin(t *testing.T, n int) {
	for range n {
		cmd := exec.Command("sh", "-c", "while :; do :; done")
		if err := cmd.Start(); err != nil {
			t.Skipf("cannot start a spinning process: %v", err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	}
}
