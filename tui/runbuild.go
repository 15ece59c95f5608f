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
// word while it is quick, and once it is slow the time so far, then why
// (the second part, which a narrow status line leaves out before it wraps).
// Both are short: the status line is one line at 80 columns.
func (m *runModel) building(s *session) (what, why string) {
	secs := int(m.buildFor.Seconds())
	switch {
	case s.pending != nil && m.buildFor >= slowFirst:
		// The verdicts are in (the count follows); the parts are still
		// to come, from a worker that may itself still be building.
		return fmt.Sprintf("the experiments… %d s", secs), ""
	case s.pending != nil:
		return "grading…", ""
	case firstBuild(s) && m.buildFor >= slowFirst:
		return fmt.Sprintf("building… %d s", secs), "the first build takes about a minute"
	case !firstBuild(s) && m.buildFor >= slowSave:
		return fmt.Sprintf("building… %d s", secs), "slower than a save usually takes"
	}
	return "building…", ""
}
