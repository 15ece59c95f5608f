package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/record/reset"
	"termlab/tui/common"
	"termlab/tui/pages/drills"
	"termlab/tui/pages/history"
	"termlab/tui/pages/results"
	"termlab/tui/pages/todos"
)

// The day's files: the answers as saved or reloaded (store.go writes and
// reads them), the reveals that land once on record, and the other files
// a day's screens write.

// handleFiles takes what the day's files answered: a save of the answers,
// a run's history, the lab's state, a reset of the learner's file,
// RESULTS.md and a reference solution read for the TODOs screen.
func (m *dayModel) handleFiles(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case common.SavedMsg:
		return m.saved(msg)
	case history.HistoryMsg:
		return m.history.Took(msg, &m.s)
	case labSavedMsg:
		if msg.err != nil {
			m.s.SetNote("the lab could not remember this day: "+msg.err.Error(), true)
		}
	case todos.ResetMsg:
		return m.reset(msg)
	case results.WriteRequestMsg:
		if why := results.Refuse(&m.s); why != "" && !msg.Auto {
			m.s.SetNote(why, true)
			return nil
		}
		return writeResultsCmd(&m.s, msg.Auto)
	case todos.ResetRequestMsg:
		return resetCmd(m.c.Deps, m.s.Day, msg)
	case results.ResultsMsg:
		return m.results.Update(msg, &m.s)
	case todos.SolutionMsg:
		return m.todos.Update(msg, &m.s)
	}
	return nil
}

// reset says what a reset of the learner's file did; the run of the file
// as reset follows.
func (m *dayModel) reset(msg todos.ResetMsg) tea.Cmd {
	if msg.Err != nil {
		m.s.SetNote(msg.What+" was not reset: "+msg.Err.Error(), true)
		return nil
	}
	note := msg.What + " is back to the shipped stub"
	if len(msg.Kept) > 0 {
		note += "; your version is kept as " + strings.Join(msg.Kept, ", ")
	}
	m.s.SetNote(note, false)
	m.s.NoteLife = 1 // it outlives the run the reset starts
	// The watcher sees the change too; both land in the same debounce.
	m.s.Building = true
	return tea.Batch(m.debounce(), todos.LocsCmd(m.c.Deps, m.s.Day))
}

// saved takes what a write of the answers did: the screens draw the
// record as it now stands, and the parts whose reveal is now on record show
// their actuals (and refresh RESULTS.md, as a landing run does).
func (m *dayModel) saved(msg common.SavedMsg) tea.Cmd {
	old := m.s.Answers
	m.s.Sync()
	if msg.Err != nil {
		m.s.SetNote("your answers could not be saved: "+msg.Err.Error(), true)
	}
	// (A reveal put back from the day's reveals file does not push a
	// problem off the status line: putting back a lost file's answers
	// meets one on the way, and that note says more.)
	if msg.Note != "" && !(msg.Restored && m.s.NoteBad && m.s.Note != "") {
		m.s.SetNote(msg.Note, true)
	}
	m.refreshForms(old)
	cmds := []tea.Cmd{m.score.Saved(msg.Saved, &m.s)}
	if msg.Landed {
		cmds = append(cmds, writeResultsCmd(&m.s, true))
	}
	if m.s.Rec.Pending() {
		// What is still queued is written: the answers the record put
		// back when the save found the file unusable and wrote on an empty
		// one, or a change made meanwhile (whose own Cmd then finds
		// nothing left).
		cmds = append(cmds, common.WriteCmd(m.s.Rec))
	}
	// A save that worked after a failed reveal: the parts still waiting
	// are recorded now (revealReady does nothing while a reveal fails, so
	// this never loops).
	return tea.Batch(append(cmds, m.s.RevealReady())...)
}

// reloaded takes the answers as read after another program changed them;
// note is what the read found wrong (a file that could not be used at all
// has its answers put back by the record, and is written again).
func (m *dayModel) reloaded(note string) tea.Cmd {
	old := m.s.Answers
	m.s.Sync()
	if note != "" {
		m.s.SetNote(note, true)
	}
	m.refreshForms(old)
	if m.s.Rec.Pending() {
		return common.WriteCmd(m.s.Rec)
	}
	return nil
}

// refreshForms puts answers that changed under the screens in their boxes.
func (m *dayModel) refreshForms(old predictions.Answers) {
	m.predict.Refresh(old, m.s.Answers, &m.s)
	if dm, ok := m.screens[common.TabDrills].(*drills.Model); ok {
		dm.Refresh(old, m.s.Answers, &m.s)
	}
}

// landReady records the reveal of the parts of the latest run whose
// predictions are all in; they land (and RESULTS.md is refreshed) once it
// is on record, in saved.
func (m *dayModel) landReady() tea.Cmd {
	return m.s.RevealReady()
}

// writeResultsCmd refreshes the day's block of RESULTS.md with the report
// as the learner has seen it. The record writes the block last asked for
// (record/session.Record.Results), so a slow write can never put back an
// older report; nil when a later Cmd's text was written already. It is the
// shell's, as every write is: the Results screen and the Scoreboard only ask
// (results.WriteRequestMsg).
func writeResultsCmd(s *common.Session, auto bool) tea.Cmd {
	rec := s.Rec
	rec.Results(results.ReportText(s))
	return func() tea.Msg {
		change, ok, err := rec.WriteResults()
		if !ok {
			return nil
		}
		return results.ResultsMsg{Change: change, Err: err, Auto: auto}
	}
}

// resetCmd puts the shipped stub back for one TODO, or the whole day, when
// the TODOs screen asks (todos.ResetRequestMsg); the learner's version is
// kept beside it (record/reset).
func resetCmd(d common.Deps, day labs.Day, req todos.ResetRequestMsg) tea.Cmd {
	return func() tea.Msg {
		if req.TODO == 0 {
			kept, err := reset.Day(d.Root, day, d.Now())
			return todos.ResetMsg{What: fmt.Sprintf("Day %d", day.Number), Kept: kept, Err: err}
		}
		kept, err := reset.TODO(d.Root, day, req.TODO, d.Now())
		msg := todos.ResetMsg{What: fmt.Sprintf("TODO %d (%s)", req.TODO, req.Func), Err: err}
		if kept != "" {
			msg.Kept = []string{kept}
		}
		return msg
	}
}
