package tui

import (
	"errors"
	"os"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/record/atomicfile"
	"termlab/record/predictions"
	learner "termlab/record/session"
	"termlab/tui/common"
	"termlab/tui/pages/history"
	"termlab/watch"
)

// Saving. The screens hold no queue and write no file: each day's answers,
// the changes on their way to the file and the reveals of its latest run
// are the learner session's (record/session.Record), one Record per day
// for the life of the program. The screens ask it to change the answers
// (session.change) or reveal a run (revealReady), and a Cmd asks it to
// write (writeCmd) or read (readCmd); the message that comes back says
// only that it did, and what went wrong. The screens then take a snapshot
// of what the Record holds (session.sync) to draw from: a frame is always
// drawn from one state, taken on the screens' own goroutine.

// readMsg reports every day's answers read again: at the start (first), or
// after another program changed them.
type readMsg struct {
	first   bool
	lastDay int
	// notes are, per day, files that could not be used (they were kept
	// aside by predictions.Load, the answers put back when the lab had
	// any) and are worth telling the learner about.
	notes map[int]string
	other []string // not a day's
	// again is the days whose Record put answers back, to be written.
	again []int
}

// readAll reads every day's answers again, each into its Record.
func readAll(d common.Deps) readMsg {
	msg := readMsg{notes: map[int]string{}}
	for _, day := range d.Course {
		rec := d.Records.Of(day)
		if note := rec.Reload(); note != "" {
			msg.notes[day.Number] = note
		}
		if rec.Pending() {
			msg.again = append(msg.again, day.Number)
		}
	}
	return msg
}

// loadCmd reads the lab's state and every day's answers.
func loadCmd(d common.Deps) tea.Cmd {
	return func() tea.Msg {
		st, err := predictions.LoadLab(d.PredictionsDir())
		msg := readAll(d)
		msg.first, msg.lastDay = true, st.LastDay
		if err != nil {
			msg.other = append(msg.other, err.Error())
		}
		return msg
	}
}

func reloadCmd(d common.Deps) tea.Cmd {
	return func() tea.Msg { return readAll(d) }
}

// The watcher on predictions/: a save from another shell (predict, run)
// reloads the answers on screen. Like the learner's folder it is watched
// as a folder, since every save renames a new file into place; watch.Answers
// says which files are the answers.

func newStoreWatcher(d common.Deps) *watch.Watcher {
	return watch.New(d.PredictionsDir(), watch.Answers)
}

// startStoreWatch starts w. The folder may not exist before the first
// save; it is made, so a save from the shell is seen from the start.
func startStoreWatch(d common.Deps, w *watch.Watcher) error {
	if err := os.MkdirAll(d.PredictionsDir(), 0o755); err != nil {
		return err
	}
	return w.Start()
}

func startStoreWatchCmd(d common.Deps, w *watch.Watcher) tea.Cmd {
	return func() tea.Msg {
		if err := startStoreWatch(d, w); err != nil {
			return watchMsg{w: w, err: err}
		}
		return nextWatchCmd(w)()
	}
}

// storeChanged takes a message of the watcher on predictions/. Lost
// events reload too: an overflow loses events, not the file.
func (a *App) storeChanged(msg watchMsg) tea.Cmd {
	if msg.err != nil {
		if !errors.Is(msg.err, watch.ErrClosed) {
			a.warnings = append(a.warnings, "answers saved from another shell will show only after a restart: "+msg.err.Error())
		}
		return nil
	}
	if msg.ev.Lost == nil && msg.ev.Name != "" && atomicfile.Ours(msg.ev.Name) {
		// The lab's own write: what it wrote came back to the screens
		// with the write (savedMsg, historyMsg), so nothing is re-read.
		return nextWatchCmd(msg.w)
	}
	return tea.Batch(reloadCmd(a.c.Deps), history.LoadHistoriesCmd(a.c.Deps), nextWatchCmd(msg.w))
}

// labSavedMsg reports remembering the day; only a failure is shown.
type labSavedMsg struct{ err error }

func saveLabCmd(d common.Deps, day int) tea.Cmd {
	return func() tea.Msg {
		return labSavedMsg{err: learner.RememberDay(d.Root, day)}
	}
}
