package tui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/record/predictions"
)

// The day's files: the answers as saved or reloaded (store.go writes and
// reads them), the reveals that land once on record, and the other files
// a day's screens write.

// handleFiles takes what the day's files answered: a save of the answers,
// a run's history, the lab's state, a reset of the learner's file,
// RESULTS.md and a reference solution read for the TODOs screen.
func (m *dayModel) handleFiles(msg tea.Msg) tea.Cmd {
	d := m.c.deps
	switch msg := msg.(type) {
	case savedMsg:
		return m.saved(msg)
	case historyMsg:
		return m.history.took(msg, &m.s)
	case labSavedMsg:
		if msg.err != nil {
			m.s.setNote("the lab could not remember this day: "+msg.err.Error(), true)
		}
	case resetMsg:
		return m.reset(msg)
	case writeRequestMsg:
		if why := refuse(&m.s); why != "" {
			m.s.setNote(why, true)
			return nil
		}
		return writeResultsCmd(d, m.s.day, reportText(&m.s), false)
	case resultsMsg:
		return m.results.update(msg, &m.s)
	case solutionMsg:
		return m.todos.update(msg, &m.s)
	}
	return nil
}

// reset says what a reset of the learner's file did; the run of the file
// as reset follows.
func (m *dayModel) reset(msg resetMsg) tea.Cmd {
	if msg.err != nil {
		m.s.setNote(msg.what+" was not reset: "+msg.err.Error(), true)
		return nil
	}
	note := msg.what + " is back to the shipped stub"
	if len(msg.kept) > 0 {
		note += "; your version is kept as " + strings.Join(msg.kept, ", ")
	}
	m.s.setNote(note, false)
	m.s.noteLife = 1 // it outlives the run the reset starts
	// The watcher sees the change too; both land in the same debounce.
	m.s.building = true
	return tea.Batch(m.debounce(), locsCmd(m.c.deps, m.s.day))
}

// saved takes the answers as a write left them (or why it failed): the
// screens show the file with what is still on its way on top, and the
// parts whose reveal is now on record show their actuals (and refresh
// RESULTS.md, as a landing run does).
func (m *dayModel) saved(msg savedMsg) tea.Cmd {
	old, prev := m.s.answers, m.s.disk
	if msg.err == nil {
		m.s.fromDisk(msg.a, msg.ioSeq, msg.upTo)
	} else {
		m.s.dropPending(msg.upTo)
		m.s.setNote("your answers could not be saved: "+msg.err.Error(), true)
	}
	var cmds []tea.Cmd
	if lost := lostFile(msg.warn); lost != nil {
		// The save found the file unusable and wrote its changes on an
		// empty one: the rest goes back in.
		cmds = append(cmds, m.putBack(prev, lost))
	} else if msg.warn != nil && !(restoredOnly(msg.warn) && m.s.noteBad && m.s.note != "") {
		// (A reveal put back from the day's reveals file does not push a
		// problem off the status line: putting back a lost file's answers
		// meets one on the way, and that note says more.)
		m.s.setNote(msg.warn.Error(), true)
	}
	landed := m.s.settle(msg.a, msg.upTo, msg.err)
	m.refreshForms(old)
	if landed {
		cmds = append(cmds, writeResultsCmd(m.c.deps, m.s.day, reportText(&m.s), true))
	}
	// A save that worked after a failed reveal: the parts still waiting
	// are recorded now (revealReady does nothing while a reveal fails, so
	// this never loops).
	return tea.Batch(append(cmds, m.s.revealReady(m.c.deps))...)
}

// reloaded takes the answers as read after another program changed them.
// When the file could not be used at all (lost), the answers the day last
// read from it are put back (see lostFile).
func (m *dayModel) reloaded(a predictions.Answers, ioSeq, upTo int, lost *predictions.CorruptError) tea.Cmd {
	old, prev := m.s.answers, m.s.disk
	m.s.fromDisk(a, ioSeq, upTo)
	cmd := m.putBack(prev, lost)
	m.refreshForms(old)
	return cmd
}

// putBack queues prev's answers as a change when lost says the file
// started empty, and says what happened.
func (m *dayModel) putBack(prev predictions.Answers, lost *predictions.CorruptError) tea.Cmd {
	if lost == nil {
		return nil
	}
	if !hasAnswers(prev) {
		m.s.setNote(lost.Error(), true)
		return nil
	}
	m.s.setNote(putBackNote(lost), true)
	return m.s.change(m.c.deps, fillFrom(prev))
}

// refreshForms puts answers that changed under the screens in their boxes.
func (m *dayModel) refreshForms(old predictions.Answers) {
	m.predict.refresh(old, m.s.answers, &m.s)
	if dm, ok := m.screens[tabDrills].(*drillModel); ok {
		dm.refresh(old, m.s.answers, &m.s)
	}
}

// landReady records the reveal of the parts of the latest run whose
// predictions are all in; they land (and RESULTS.md is refreshed) once it
// is on record, in saved.
func (m *dayModel) landReady() tea.Cmd {
	return m.s.revealReady(m.c.deps)
}
