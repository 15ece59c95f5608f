package worker

import "sync"

// tasks runs a run's worker processes two at a time, in the order they
// were given, and waits for them. Two: the machines this lab runs on have
// two cores or more, and the full worker builds beside these tasks at a
// lower priority, so a third process would only queue on a core.
//
// A grade does not queue: it takes a core at once (Hold), over the two if
// it must, since a verdict is what a save is for; a part starts only on a
// core no grade and no other part holds, and while a grade runs only when
// the run grades that one TODO alone (a save of one function) and the
// other core is idle (coreIdle): a run of several grades waits for its
// last verdict, which the screens count, and on a busy machine the grade
// would share its core's time with the part. A part started while a grade
// runs is told so (beside), and runs at a lower priority than the grade.
type tasks struct {
	mu      sync.Mutex
	busy    int                 // processes running: held grades and started parts
	held    int                 // grades holding a core
	grades  int                 // grades that held one, in all
	waiting []func(beside bool) // parts given to Go and not started, in order
	wg      sync.WaitGroup
	// idle reports whether a core is free beside grades held (coreIdle).
	idle func(grades int) bool
}

// slots is how many processes a run's tasks keep running at once.
const slots = 2

func newTasks() *tasks { return &tasks{idle: coreIdle} }

// Go runs f on its own goroutine once a core is free, after every f given
// before it; beside says whether a grade held a core when it started.
func (t *tasks) Go(f func(beside bool)) {
	t.wg.Add(1)
	t.mu.Lock()
	t.waiting = append(t.waiting, f)
	t.mu.Unlock()
	t.start()
}

// Hold takes a core at once, however many are taken, until release is
// called: a grade's.
func (t *tasks) Hold() (release func()) {
	t.mu.Lock()
	t.busy++
	t.held++
	t.grades++
	t.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			t.mu.Lock()
			t.held--
			t.mu.Unlock()
			t.done()
		})
	}
}

// done gives a core back and starts what waits for one.
func (t *tasks) done() {
	t.mu.Lock()
	t.busy--
	t.mu.Unlock()
	t.start()
}

// start starts waiting tasks while a core is free.
func (t *tasks) start() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for t.busy < slots && len(t.waiting) > 0 && (t.held == 0 || t.grades == 1 && t.idle(t.held)) {
		f := t.waiting[0]
		t.waiting = t.waiting[1:]
		t.busy++
		beside := t.held > 0
		go func() {
			defer t.wg.Done()
			defer t.done()
			f(beside)
		}()
	}
}

// Wait waits for every f given to Go.
func (t *tasks) Wait() { t.wg.Wait() }
