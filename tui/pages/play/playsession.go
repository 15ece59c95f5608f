package play

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"termlab/labs"
	"termlab/runner/worker"
	"termlab/tui/common"
)

// The Play screen's players, out of process: the learner's day worker and
// the reference program, each a worker.PlaySession built on the first
// request through the lab's runner (labs.Runner), never in this process.

// learnerSession is the production learnerFrames: a worker.PlaySession on
// the learner's day worker, built on the first request.
type learnerSession struct {
	d    common.Deps
	day  labs.Day
	mu   sync.Mutex
	sess *worker.PlaySession
}

func NewLearnerSession(d common.Deps, day labs.Day) common.LearnerFrames {
	return &learnerSession{d: d, day: day}
}

func (l *learnerSession) Play(f labs.PlayFigure, v labs.Values) (labs.Frame, bool, error) {
	l.mu.Lock()
	if l.sess == nil {
		bin, busy, err := buildWorker(l.d, l.day)
		if busy || err != nil {
			l.mu.Unlock()
			return labs.Frame{}, busy, err
		}
		l.sess = &worker.PlaySession{Bin: bin, Day: l.day}
	}
	sess := l.sess
	l.mu.Unlock()
	return sess.Play(f, v), false, nil
}

func (l *learnerSession) Warm() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.sess == nil {
		bin, busy, err := buildWorker(l.d, l.day)
		if busy || err != nil {
			return // the first request tries again, and says why
		}
		l.sess = &worker.PlaySession{Bin: bin, Day: l.day}
	}
	l.sess.Start()
}

func (l *learnerSession) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.sess != nil {
		l.sess.Close()
	}
}

// RefSession is the production refFrames: a worker.PlaySession on the
// reference program (labs.Runner.ReferenceBuild), built on the first
// request.
type RefSession struct {
	runner labs.Runner
	day    labs.Day
	ctx    context.Context
	cancel context.CancelFunc
	ready  atomic.Bool

	mu   sync.Mutex
	sess *worker.PlaySession
}

func NewRefSession(d common.Deps, day labs.Day) common.RefFrames {
	ctx, cancel := context.WithCancel(context.Background())
	return &RefSession{runner: d.Runner, day: day, ctx: ctx, cancel: cancel}
}

func (r *RefSession) Ready() bool { return r.ready.Load() }

func (r *RefSession) Play(f labs.PlayFigure, v labs.Values) labs.Frame {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sess == nil {
		bin, err := r.runner.ReferenceBuild(r.ctx, r.day)
		if err != nil {
			// Tried again on the next request: a build stopped by a busy
			// machine or a full disk may work then.
			why := err.Error()
			var lab *worker.LabError
			if !errors.As(err, &lab) {
				why = "this is a problem with the lab, not with your code: " + why
			}
			return labs.Frame{Figure: f.ID, Impl: labs.Reference, Values: f.Settle(v), Error: "the reference's worker did not start. " + why}
		}
		r.sess = &worker.PlaySession{Bin: bin, Day: r.day, Impl: labs.Reference}
		r.ready.Store(true)
	}
	return r.sess.Play(f, v)
}

// Close stops a build under way and ends the session's worker.
func (r *RefSession) Close() {
	r.cancel()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sess != nil {
		r.sess.Close()
	}
}

// buildWorker builds (or finds up to date) the day's own lean worker, as
// its runs use (another day's broken file never stops this day's
// playground), one build at a time with the runs; busy when a run holds
// the gate.
func buildWorker(d common.Deps, day labs.Day) (bin string, busy bool, err error) {
	if d.RunGate != nil {
		if !d.RunGate.TryLock() {
			return "", true, nil
		}
		defer d.RunGate.Unlock()
	}
	bin, err = d.Runner.BuildDay(context.Background(), day)
	return bin, false, err
}
