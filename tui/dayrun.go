package tui

import (
	"context"
	"errors"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/tui/pages/run"
	"termlab/tui/pages/todos"
	"termlab/watch"
)

// The day's run of the learner's code: started as the day opens, on the
// re-run key, and once a burst of saves is over; stopped by a newer save.
// runGen is the day's one generation for it: a run, or the timer of a
// burst, that answers with an older one has been overtaken, and is
// dropped.

// handleRun takes the messages of the run of the learner's code: a save,
// the end of a burst of saves, the run's pieces and outcome, and what a
// run needs beside it (the reference's figures, the functions' places).
func (m *dayModel) handleRun(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case watchMsg:
		labs.Step("tui: watch %s", msg.ev.Name)
		return m.watched(msg)
	case debounceMsg:
		labs.Step("tui: debounce over")
		if msg.gen != m.runGen {
			return nil // a newer save, or a run started since
		}
		return tea.Batch(m.startRun(), todos.LocsCmd(m.c.Deps, m.s.Day))
	case run.PartialMsg:
		labs.Step("tui: partial")
		if msg.Gen != m.runGen {
			return nil // cancelled by a newer save
		}
		m.s.Partial(msg.O)
		return msg.Next
	case run.OutcomeMsg:
		labs.Step("tui: outcome")
		if msg.Gen != m.runGen {
			return nil // cancelled by a newer save
		}
		return m.ran(msg)
	case refMsg:
		return m.gotRef(msg)
	case todos.LocsMsg:
		m.s.Locs = msg.Locs
	}
	return nil
}

// ran takes a finished run: its outcome, or why there is none.
func (m *dayModel) ran(msg run.OutcomeMsg) tea.Cmd {
	d := m.c.Deps
	m.s.Pending = nil
	m.cancel = nil
	m.s.Building = false
	if msg.Err != nil {
		if errors.Is(msg.Err, context.Canceled) {
			return nil
		}
		m.s.RanAgain()
		m.s.RunErr = msg.Err
		return tea.Batch(todos.LocsCmd(d, m.s.Day), m.refAgain())
	}
	o := msg.O
	m.s.RanAgain()
	m.s.RunErr = nil
	prev := m.s.Outcome
	m.s.Outcome, m.s.OutcomeAt = &o, msg.At
	passed := o.Passed()
	save := m.s.Change(d, func(a *predictions.Answers) { a.TODOsPassed = passed })
	m.run.Load(prev, &o, m.s.Day)
	cmds := []tea.Cmd{save, todos.LocsCmd(d, m.s.Day), m.history.Record(d, &m.s, o), m.s.RevealReady()}
	cmds = append(cmds, m.refAgain())
	// As the command line's run does, every finished run refreshes the
	// lab's section of RESULTS.md with what the learner may see: the
	// parts whose reveal is on record. Those being recorded follow once
	// they are (see saved).
	if m.s.AnyRevealed() {
		cmds = append(cmds, writeResultsCmd(&m.s, true))
	}
	return tea.Batch(cmds...)
}

// gotRef takes the reference's figures, or word that they are to be
// played after the first run.
func (m *dayModel) gotRef(msg refMsg) tea.Cmd {
	if msg.day != m.s.Day.Number {
		return nil
	}
	m.s.RefBusy = false
	if msg.later {
		m.s.RefLater = true
		if !m.s.Building {
			return m.refAgain() // the first run is already over
		}
		return nil
	}
	m.s.Ref, m.s.RefErr = msg.metrics, msg.err
	return nil
}

// watched takes a message of the day's watcher: a change stops the run in
// flight, and the next starts once the burst of saves is over.
func (m *dayModel) watched(msg watchMsg) tea.Cmd {
	if msg.w == nil || msg.w != m.watcher {
		return nil // a closed day's watcher
	}
	switch {
	case errors.Is(msg.err, watch.ErrClosed):
		return nil
	case msg.err != nil:
		m.s.SetNote("cannot watch your folder for saves ("+msg.err.Error()+"): press r to re-run by hand", true)
		return nil
	case msg.ev.Lost != nil:
		m.s.SetNote("the file watcher reported: "+msg.ev.Lost.Error(), true)
		return nextWatchCmd(m.watcher)
	}
	m.s.Building = true
	return tea.Batch(nextWatchCmd(m.watcher), m.debounce())
}

// debounce starts the timer at the end of which the run starts. It makes
// the run in flight pointless (its code has changed since: it is stopped
// now), and a timer set before stale: one generation, runGen, says what is
// current for both.
func (m *dayModel) debounce() tea.Cmd {
	m.stopRun()
	return debounceCmd(m.c.Deps, m.runGen)
}

// rerun is the manual re-run key.
func (m *dayModel) rerun() tea.Cmd {
	return tea.Batch(m.startRun(), todos.LocsCmd(m.c.Deps, m.s.Day))
}

// startRun cancels any run in flight and starts a new one.
func (m *dayModel) startRun() tea.Cmd {
	m.stopRun()
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel = cancel
	m.s.Building = true
	m.run.NewBuild()
	return run.RunCmd(m.c.Deps, ctx, m.runGen, m.s.Day)
}

// stopRun cancels the run in flight; its outcome, when it comes, is stale.
func (m *dayModel) stopRun() {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.runGen++
	m.s.Pending = nil // its verdicts were about code that has changed
}

// refAgain plays the reference after a finished run when it is still to
// be played: put off at the start (refCachedCmd), or failed before, since
// what stopped it (a busy machine, a cache folder) may have passed.
func (m *dayModel) refAgain() tea.Cmd {
	if m.s.RefBusy || !(m.s.RefLater || m.s.RefErr != nil) {
		return nil
	}
	m.s.RefBusy, m.s.RefLater = true, false
	return refCmd(m.c.Deps, m.s.Day)
}

// built takes a build's progress, unless a newer save has overtaken its run.
func (m *dayModel) built(msg run.BuildMsg) tea.Cmd {
	if msg.Gen != m.runGen {
		return nil
	}
	m.run.Progressed(msg.P)
	return msg.Next
}
