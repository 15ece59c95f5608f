package worker

import "sync"

// tasks runs a run's worker processes two at a time and waits for them.
// Two: the machines this lab runs on have two cores or more, and the full
// worker builds beside these tasks at a lower priority, so a third process
// would only queue on a core.
type tasks struct {
	slots chan struct{}
	wg    sync.WaitGroup
}

func newTasks() *tasks { return &tasks{slots: make(chan struct{}, 2)} }

// Go runs f on its own goroutine once a slot is free.
func (t *tasks) Go(f func()) {
	t.wg.Go(func() {
		t.slots <- struct{}{}
		defer func() { <-t.slots }()
		f()
	})
}

// Wait waits for every f given to Go.
func (t *tasks) Wait() { t.wg.Wait() }
