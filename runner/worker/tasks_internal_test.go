package worker

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// A part starts only on a core no grade holds, in the order given, and is
// told whether a grade still ran as it started (tasks.go).
func TestTasksGiveGradesTheCores(t *testing.T) {
	pool := newTasks()
	pool.idle = func(int) bool { return true }
	var mu sync.Mutex
	var started []string
	running := map[string]chan struct{}{}
	part := func(name string) {
		finish := make(chan struct{})
		running[name] = finish
		pool.Go(func(beside bool) {
			mu.Lock()
			started = append(started, name+map[bool]string{true: " beside", false: ""}[beside])
			mu.Unlock()
			<-finish
		})
	}
	startedNow := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(started)
	}
	grade1, grade2 := pool.Hold(), pool.Hold()
	part("a")
	part("b")
	part("c")
	if s := startedNow(); len(s) != 0 {
		t.Fatalf("started %v while two grades held both cores", s)
	}
	grade1()
	grade1() // a second release gives back nothing more
	waitFor(t, func() bool { return len(startedNow()) == 1 })
	if s := startedNow(); !slices.Equal(s, []string{"a beside"}) {
		t.Fatalf("started %v, want a alone, beside the grade left", s)
	}
	grade2()
	waitFor(t, func() bool { return len(startedNow()) == 2 })
	if s := startedNow(); !slices.Equal(s, []string{"a beside", "b"}) {
		t.Fatalf("started %v, want b next, with no grade running", s)
	}
	close(running["a"])
	waitFor(t, func() bool { return len(startedNow()) == 3 })
	close(running["b"])
	close(running["c"])
	pool.Wait()
	if s := startedNow(); !slices.Equal(s, []string{"a beside", "b", "c"}) {
		t.Fatalf("started %v", s)
	}
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
