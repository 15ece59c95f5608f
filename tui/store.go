package tui

import (
	"maps"
	"sync"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/predictions"
)

// Saving happens in tea.Cmds, which run concurrently. Update hands each Cmd
// a deep copy of the answers (Update keeps mutating its own), numbered in
// the order Update made them; the saver drops a copy older than one already
// written, so a slow save can never put back an older state.

type saver struct {
	mu   sync.Mutex
	seq  int // the last number handed out, Update side
	done int // the newest number written
}

// next numbers a new snapshot; called from Update only.
func (s *saver) next() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	return s.seq
}

func (s *saver) save(dir string, seq int, a predictions.Answers) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if seq < s.done {
		return nil
	}
	s.done = seq
	return predictions.Save(dir, a)
}

// savedMsg reports a save; only a failure is shown.
type savedMsg struct{ err error }

// saveCmd writes a snapshot of a.
func saveCmd(d deps, a predictions.Answers) tea.Cmd {
	snap := cloneAnswers(a)
	seq := d.saver.next()
	dir := d.predictionsDir()
	return func() tea.Msg {
		return savedMsg{err: d.saver.save(dir, seq, snap)}
	}
}

// cloneAnswers copies everything Update may change later.
func cloneAnswers(a predictions.Answers) predictions.Answers {
	b := a
	b.Predictions = make(map[string]predictions.Guess, len(a.Predictions))
	for id, g := range a.Predictions {
		g.Value, g.Scored = cloneFloat(g.Value), cloneFloat(g.Scored)
		b.Predictions[id] = g
	}
	b.Drills = make(map[string]predictions.DrillAnswer, len(a.Drills))
	for id, d := range a.Drills {
		d.Answers = append([]string(nil), d.Answers...)
		if d.Correct != nil {
			c := *d.Correct
			d.Correct = &c
		}
		b.Drills[id] = d
	}
	if a.LastRun != nil {
		b.LastRun = maps.Clone(a.LastRun)
	}
	return b
}

func cloneFloat(p *float64) *float64 {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// loadedMsg carries everything the day list needs at start.
type loadedMsg struct {
	lastDay int
	answers map[int]predictions.Answers
	// warnings are files that could not be used (they were kept aside by
	// predictions.Load) and are worth telling the learner about.
	warnings []string
}

// loadCmd reads the lab's state and every day's answers.
func loadCmd(d deps) tea.Cmd {
	return func() tea.Msg {
		msg := loadedMsg{answers: map[int]predictions.Answers{}}
		st, err := predictions.LoadLab(d.predictionsDir())
		if err != nil {
			msg.warnings = append(msg.warnings, err.Error())
		}
		msg.lastDay = st.LastDay
		for _, day := range d.course {
			a, err := predictions.Load(d.predictionsDir(), day.Number)
			if err != nil {
				msg.warnings = append(msg.warnings, err.Error())
			}
			msg.answers[day.Number] = a
		}
		return msg
	}
}

// labSavedMsg reports remembering the day; only a failure is shown.
type labSavedMsg struct{ err error }

func saveLabCmd(d deps, day int) tea.Cmd {
	return func() tea.Msg {
		return labSavedMsg{err: predictions.SaveLab(d.predictionsDir(), predictions.LabState{LastDay: day})}
	}
}

// progress is what the day list shows for a day.
type progress struct {
	predicted, total int
	passed, todos    int
	drills, drillsOf int
	rows             []predictions.Row // the last scoreboard, from LastRun
	carry            string
}

func dayProgress(day labs.Day, a predictions.Answers) progress {
	p := progress{total: len(day.Predictions), passed: a.TODOsPassed, todos: len(day.TODOs), drillsOf: len(day.Drills)}
	for _, pr := range day.Predictions {
		if g, ok := a.Predictions[pr.ID]; ok && (g.Value != nil || g.Skipped) {
			p.predicted++
		}
	}
	for _, d := range day.Drills {
		if a.Drills[d.ID].Attempted {
			p.drills++
		}
	}
	if len(a.LastRun) > 0 {
		p.rows = predictions.Score(day, a, a.LastRun)
		if day.Carry != nil {
			p.carry = day.Carry(a.LastRun)
		}
	}
	return p
}
