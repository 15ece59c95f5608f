package tui

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/tui/common"
)

// The reference solutions' figures, for the scoreboard's comparison: read
// from the cache folder as a day opens, or played through the runner.

// refMsg carries the reference solutions' metrics, for comparison, or why
// they could not be had.
type refMsg struct {
	day     int
	metrics labs.Metrics
	err     error
	later   bool // not kept yet: to be played after the first run (refCachedCmd)
}

// refCmd plays the reference solutions through the runner's reference
// programs (worker.Runner.Reference): they are the course's own code,
// never the learner's, and the screens run none of a day's machinery.
func refCmd(d common.Deps, day labs.Day) tea.Cmd {
	return func() tea.Msg {
		m, err := d.RefMetrics(day)
		return refMsg{day: day.Number, metrics: m, err: err}
	}
}

// refCachedCmd is the day's first look at the reference: its figures when
// the cache folder keeps them for this version of the course's code (a
// second launch: no worker at all), or else a refMsg that puts the play
// off until the first run of the learner's code has finished. Built
// together, the reference programs and the learner's would compile the
// same packages twice over on an empty build cache, and the learner's
// first verdicts would wait for it; the scoreboard has nothing to judge
// before that run anyway.
func refCachedCmd(d common.Deps, day labs.Day) tea.Cmd {
	return func() tea.Msg {
		if m, ok := d.RefCached(day); ok {
			return refMsg{day: day.Number, metrics: m}
		}
		return refMsg{day: day.Number, later: true}
	}
}

// cachedReference reads the reference's figures as r's cache folder keeps
// them.
func cachedReference(r labs.Runner) func(labs.Day) (labs.Metrics, bool) {
	return func(day labs.Day) (labs.Metrics, bool) {
		o, ok := r.CachedReference(day)
		return o.Metrics(), ok
	}
}

// referenceMetricsWith plays the reference through r. Nothing plays it in
// this process: when r cannot play it, the rows that need it wait, with
// the reason.
func referenceMetricsWith(r labs.Runner) func(labs.Day) (labs.Metrics, error) {
	return func(day labs.Day) (labs.Metrics, error) {
		o, err := r.Reference(context.Background(), day)
		if err != nil {
			return nil, err
		}
		return o.Metrics(), nil
	}
}
