package class

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"termlab/labs/registry/full"
	"termlab/runner/proc"
	"termlab/runner/testrun"
	"termlab/runner/worker"
)

// Issue 43, finding 4: a worker killed from outside (as the kernel's OOM
// killer kills) was sealed into the cache as the student's crash, and a
// correct student read "3/4 (cached)" on the re-run. Here a killer kills
// this test's workers by their pid, as the OOM killer would: once, and the
// submission is graded again, 4/4; every time, and it is the lab's fault,
// never cached, never the student's grade.
func TestWorkerKilledFromOutside(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	root, err := worker.FindRoot(".", "termlab")
	if err != nil {
		t.Fatal(err)
	}
	alice, err := os.ReadFile(filepath.Join(root, "testdata", "class", "alice", "todo.go"))
	if err != nil {
		t.Fatal(err)
	}
	day := day45(t)
	for _, tc := range []struct {
		name  string
		kills int64 // how many workers the killer kills (-1: all)
		want  Status
	}{{"once", 1, Graded}, {"always", -1, LabFault}} {
		t.Run(tc.name, func(t *testing.T) {
			cacheDir := t.TempDir()
			g := Grader{Root: root, Day: day, Course: full.Days, Jobs: 1, CacheDir: cacheDir}
			ctx, stop := context.WithCancel(context.Background())
			var killed atomic.Int64
			done := make(chan struct{})
			go func() {
				defer close(done)
				for ctx.Err() == nil && (tc.kills < 0 || killed.Load() < tc.kills) {
					for _, pid := range workers() {
						syscall.Kill(pid, syscall.SIGKILL)
						killed.Add(1)
					}
					time.Sleep(5 * time.Millisecond)
				}
			}()
			subs := []Submission{{Who: "alice", Files: map[string][]byte{"todo.go": alice}}}
			results, err := g.Run(ctx, subs)
			stop()
			<-done
			if err != nil {
				t.Fatal(err)
			}
			r := results[0]
			if killed.Load() == 0 {
				t.Fatal("the killer found no worker to kill")
			}
			if r.Status != tc.want || (tc.want == Graded && r.Points != r.Max) {
				t.Errorf("status %s, %g/%g (%s), want %s with every point\n%+v", r.Status, r.Points, r.Max, r.Error, tc.want, r.Grades)
			}
			if tc.want == LabFault {
				entries, _ := filepath.Glob(filepath.Join(cacheDir, "*", "*.json"))
				if len(entries) != 0 {
					t.Errorf("a result the machine spoiled was cached: %v", entries)
				}
			}
		})
	}
}

// workers are the pids of this process's worker programs (termlab-worker
// grading a TODO): the processes whose parent chain leads here and whose
// command line is the class's worker, in this process's own pid numbers
// (runner/proc: /proc may be another pid namespace's, as under a CI
// sandbox that unshares the pid namespace but keeps the host's /proc).
func workers() []int {
	self := os.Getpid()
	list := proc.List()
	var out []int
	for _, p := range list {
		cmd, err := os.ReadFile(filepath.Join(p.Dir, "cmdline"))
		prog, _, _ := bytes.Cut(cmd, []byte{0})
		if err != nil || !bytes.HasSuffix(prog, []byte("/.bin/worker")) {
			continue
		}
		if descends(list, p.Pid, self) {
			out = append(out, p.Pid)
		}
	}
	return out
}

// descends reports whether pid's parent chain in list reaches ancestor.
func descends(list []proc.Proc, pid, ancestor int) bool {
	for range 32 {
		p, ok := proc.Find(list, pid)
		if !ok {
			return false
		}
		if pid = p.Ppid; pid == ancestor {
			return true
		} else if pid <= 1 {
			return false
		}
	}
	return false
}
