package worker

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// Issue 43, finding 5, on the worker's own bound (watchCPU): a worker
// stopped from outside, or let run in slivers, is starved, never "waiting
// for something that never came"; a worker that sleeps is waiting; one that
// spins is busy. Before the bound read the process's state and run queue, a
// worker stopped (SIGSTOP, as a CPU quota or a debugger holds it) was
// stopped as "waiting" past the backstop and graded as the student's
// timeout.
func TestWatchCPUTellsStarvedFromWaiting(t *testing.T) {
	if testing.Short() || os.Getenv("TERMLAB_TEST_ALL") == "" { // testrun.Slow, which this package's own tests cannot import
		t.Skip("stops and starts real processes for some seconds: runs with TERMLAB_TEST_ALL=1 (.ci/run)")
	}
	const bound = 20 * time.Millisecond
	tests := []struct {
		name  string
		shell string
		hold  func(pid int, done <-chan struct{}) // what the test does to it meanwhile
		want  []string
	}{
		{"sleeps: waiting", "exec sleep 1000", nil, []string{"idle"}},
		{"spins: busy", "while :; do :; done", nil, []string{"cpu"}},
		{"held stopped (SIGSTOP): starved", "exec sleep 1000", func(pid int, done <-chan struct{}) {
			syscall.Kill(pid, syscall.SIGSTOP)
		}, []string{"starved"}},
		{"spins in slivers (SIGSTOP 200ms, SIGCONT 2ms): busy or starved, never waiting", "while :; do :; done", func(pid int, done <-chan struct{}) {
			for {
				syscall.Kill(pid, syscall.SIGSTOP)
				select {
				case <-done:
					return
				case <-time.After(200 * time.Millisecond):
				}
				syscall.Kill(pid, syscall.SIGCONT)
				time.Sleep(2 * time.Millisecond)
			}
		}, []string{"cpu", "starved"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command("sh", "-c", tt.shell)
			if err := cmd.Start(); err != nil {
				t.Skipf("cannot start sh: %v", err)
			}
			pid := cmd.Process.Pid
			done := make(chan struct{})
			held := make(chan struct{})
			defer func() {
				close(done)
				<-held
				cmd.Process.Kill()
				syscall.Kill(pid, syscall.SIGCONT)
				cmd.Wait()
			}()
			go func() {
				defer close(held)
				if tt.hold != nil {
					tt.hold(pid, done)
				}
			}()
			why := make(chan string, 1)
			go watchCPU(pid, bound, done, func(w string) { why <- w })
			got := <-why
			for _, w := range tt.want {
				if got == w {
					return
				}
			}
			t.Fatalf("watchCPU said %q, want one of %q", got, tt.want)
		})
	}
}
