package worker

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// A part starts only on a core no grade holds, in the order given, and is
// told whether a grade still ran as it started (tasks.go): beside a lone
// grade, never beside the last of several.
func TestTasksGiveGradesTheCores(t *testing.T) {
	type run struct {
		pool    *tasks
		mu      sync.Mutex
		started []string
		finish  map[string]chan struct{}
	}
	newRun := func() *run {
		r := &run{pool: newTasks(), finish: map[string]chan struct{}{}}
		r.pool.idle = func(int) bool { return true }
		return r
	}
	part := func(r *run, name string) {
		finish := make(chan struct{})
		r.finish[name] = finish
		r.pool.Go(func(beside bool) {
			r.mu.Lock()
			r.started = append(r.started, name+map[bool]string{true: " beside", false: ""}[beside])
			r.mu.Unlock()
			<-finish
		})
	}
	startedNow := func(r *run) []string {
		r.mu.Lock()
		defer r.mu.Unlock()
		return slices.Clone(r.started)
	}
	settle := func() { time.Sleep(20 * time.Millisecond) } // for a start that must not come

	// Two grades: no part until both are in.
	r := newRun()
	grade1, grade2 := r.pool.Hold(), r.pool.Hold()
	part(r, "a")
	part(r, "b")
	part(r, "c")
	grade1()
	grade1() // a second release gives back nothing more
	settle()
	if s := startedNow(r); len(s) != 0 {
		t.Fatalf("started %v beside the last of two grades", s)
	}
	grade2()
	waitFor(t, func() bool { return len(startedNow(r)) == 2 })
	if s := startedNow(r); !slices.Contains(s, "a") || !slices.Contains(s, "b") { // started together: either may note first
		t.Fatalf("started %v, want a and b once the grades are in", s)
	}
	close(r.finish["a"])
	waitFor(t, func() bool { return len(startedNow(r)) == 3 })
	close(r.finish["b"])
	close(r.finish["c"])
	r.pool.Wait()
	if s := startedNow(r); s[2] != "c" {
		t.Fatalf("started %v, want c last", s)
	}

	// A lone grade: one part beside it, the next once a core is free.
	r = newRun()
	grade := r.pool.Hold()
	part(r, "a")
	part(r, "b")
	waitFor(t, func() bool { return len(startedNow(r)) == 1 })
	settle()
	if s := startedNow(r); !slices.Equal(s, []string{"a beside"}) {
		t.Fatalf("started %v, want a alone, beside the grade", s)
	}
	grade()
	waitFor(t, func() bool { return len(startedNow(r)) == 2 })
	if s := startedNow(r); !slices.Equal(s, []string{"a beside", "b"}) {
		t.Fatalf("started %v, want b once the grade is in", s)
	}
	close(r.finish["a"])
	close(r.finish["b"])
	r.pool.Wait()
}

// waitFor waits until cond holds (the pool starts parts on goroutines).
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for !cond() {
		time.Sleep(time.Millisecond)
	}
}

// On a machine with no idle core, no part starts beside a grade: it waits
// for the grade's core.
func TestTasksWaitForGradesOnABusyMachine(t *testing.T) {
	pool := newTasks()
	pool.idle = func(int) bool { return false }
	started := make(chan bool, 1)
	release := pool.Hold()
	pool.Go(func(beside bool) { started <- beside })
	select {
	case <-started:
		t.Fatal("a part started beside a grade with no idle core")
	case <-time.After(50 * time.Millisecond):
	}
	release()
	if beside := <-started; beside {
		t.Error("the part was told a grade ran beside it")
	}
	pool.Wait()
}
