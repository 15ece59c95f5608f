package worker

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"termlab/labs"
)

// InitHang is the detail of every TODO of a file whose package never
// finished loading: found on the first worker stopped before its main ran
// (it writes loadedLine once it does), it settles the whole run, one
// finding for the file and one bound's cost, the same words at any load.
const InitHang = "your file never finished loading: an init function or a package variable does not return, so no TODO could be called"

// gradeAll starts grading every TODO of day at once, each grade holding a
// core of pool (tasks) while it runs, and hands each grade to set; the
// returned wait waits for them and reports whether the learner's file
// never finished loading: the first worker stopped in its init (InitHang)
// stops the others, which would each wait out a bound on the same init,
// and calls hang (which stops the parts) before its core is given back.
// noteLab takes a fault that is the lab's, not the learner's (runBuilt).
// early, when not nil, hears a failing TODO's verdict before its grade
// (verdict.go).
func (r *Runner) gradeAll(ctx context.Context, bin string, day labs.Day, pool *tasks, hang func(), noteLab func(*labs.Fault, string) bool, set, early func(i int, g labs.Grade)) (wait func() bool) {
	ctx, stop := context.WithCancel(ctx)
	var hung atomic.Bool
	var verdicts sync.WaitGroup
	for i, t := range day.TODOs {
		if _, kept := r.keep.grade(i); kept { // in the outcome already (reuse)
			continue
		}
		release := pool.Hold() // before any part is given a core
		verdicts.Go(func() {
			defer release()
			var said func(labs.Grade)
			if early != nil {
				said = func(g labs.Grade) { early(i, g) }
			}
			g, fault := r.grade(ctx, bin, day, t, labs.Learner, said)
			if noteLab(fault, bin) {
				return
			}
			r.keep.noteGrade(i, g, fault)
			if fault != nil && fault.Status == labs.Timeout && fault.File && fault.Detail == InitHang && hung.CompareAndSwap(false, true) {
				stop()
				hang()
			}
			set(i, g)
		})
	}
	return func() bool {
		defer stop()
		verdicts.Wait()
		return hung.Load()
	}
}

// initHangOutcome settles every TODO and part of out with InitHang: no
// TODO is to blame, and no part's worker is started to wait out its own
// bound on the same init.
func initHangOutcome(out *labs.Outcome, day labs.Day, parts []labs.Part, fileFault []bool) {
	for i, t := range day.TODOs {
		out.Grades[i] = labs.Grade{TODO: t.Number, Func: t.Func, Status: labs.Timeout, Detail: InitHang,
			Hint: fmt.Sprintf("not %s's own fault: the file never got as far as calling it", t.Func)}
	}
	for i, p := range parts {
		out.Parts[i] = labs.PartResult{ID: p.ID, Title: p.Title, Status: labs.Timeout, Detail: InitHang}
		fileFault[i] = true
	}
}
