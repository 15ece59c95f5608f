package tui

import (
	"fmt"
	"time"
)

// A build's clock on the Run screen and the status line: a tick a second
// while the learner's code builds (none otherwise), so a slow build says
// how long it has been going and why.

// buildTick is how often a build's progress is redrawn.
const buildTick = time.Second

// newBuild starts a build's clock from zero. A build tick of the run
// before may still be on its way; it kept that run's start and counted its
// time as this one's (a save right after a run read "slower than a save
// usually takes"). Such a tick now starts the count a second early at most.
func (m *runModel) newBuild() { m.buildStart, m.buildFor = time.Time{}, 0 }

// buildTicked moves the build's clock on; kick sends the next tick while
// the build lasts.
func (m *runModel) buildTicked(t time.Time, s *session) {
	m.buildTicking = false
	if !s.building {
		m.buildStart, m.buildFor = time.Time{}, 0
		return
	}
	if m.buildStart.IsZero() {
		m.buildStart = t.Add(-buildTick)
	}
	m.buildFor = t.Sub(m.buildStart)
}

// slowFirst and slowSave are how long a build runs before the screens
// explain it: the first build of a session may compile the workers (about
// a minute on a fresh machine), a save's takes a second or two, so it is
// explained only once it is well past that.
const (
	slowFirst = 2 * time.Second
	slowSave  = 6 * time.Second
)

// firstBuild reports whether nothing has been built yet this session.
func firstBuild(s *session) bool { return s.outcome == nil && s.runErr == nil }

// building says what is going on while the code builds and runs: a plain
// word while it is quick, an explanation only once it is slow.
func (m *runModel) building(s *session) string {
	secs := int(m.buildFor.Seconds())
	switch {
	case s.pending != nil && m.buildFor >= slowFirst:
		// Built: the verdicts are in and the experiments are running.
		return fmt.Sprintf("running… %d s: your TODOs are graded, the experiments are still running", secs)
	case s.pending != nil:
		return "grading…"
	case firstBuild(s) && m.buildFor >= slowFirst:
		return fmt.Sprintf("building… %d s: compiling your code and the lab's worker (the first build takes about a minute on a fresh machine, later saves a second or two)", secs)
	case !firstBuild(s) && m.buildFor >= slowSave:
		return fmt.Sprintf("building… %d s: slower than a save usually takes; the machine may be busy", secs)
	}
	return "building…"
}
