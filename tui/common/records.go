package common

import (
	"sync"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/predictions"
	learner "termlab/record/session"
)

// Records is the Record of every day the screens have known.
type Records struct {
	Root string
	mu   sync.Mutex
	days map[int]*learner.Record
}

// Of is day's Record, made (empty, until read) the first time.
func (r *Records) Of(day labs.Day) *learner.Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.days == nil {
		r.days = map[int]*learner.Record{}
	}
	rec, ok := r.days[day.Number]
	if !ok {
		rec = learner.NewRecord(learner.Open(r.Root, day), predictions.Answers{})
		r.days[day.Number] = rec
	}
	return rec
}

// SavedMsg reports a write of a day's queued changes.
type SavedMsg struct {
	Day int
	learner.Saved
}

// WriteCmd writes whatever changes of rec are queued; nil when an earlier
// Cmd wrote them.
func WriteCmd(rec *learner.Record) tea.Cmd {
	day := rec.Session().Day.Number
	return func() tea.Msg {
		sv := rec.Write()
		if !sv.Took {
			return nil
		}
		return SavedMsg{Day: day, Saved: sv}
	}
}

// Change applies fn to the day's answers at once and queues it for the
// file.
func (s *Session) Change(_ Deps, fn func(*predictions.Answers)) tea.Cmd {
	s.Rec.Change(fn)
	s.Sync()
	return WriteCmd(s.Rec)
}
