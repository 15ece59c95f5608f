package picker

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/record/history"
	"termlab/record/predictions"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/keymap"
	historypage "termlab/tui/pages/history"
)

// pickerModel is the list of registered days with the learner's progress
// in each, from its history and answers (record/history.Progress): not
// started, or TODOs passing, predictions made, drills tried and whether
// the RESULTS.md answer is written, then the last scoreboard; and which
// day is next. The cursor starts on the day used last.
type Model struct {
	c    *common.Common
	Sel  int
	hist map[int]historypage.HistoryMsg // per day: its history as last read or written
}

// Took keeps a day's history for its progress line.
func (m *Model) Took(msg historypage.HistoryMsg) {
	if m.hist == nil {
		m.hist = map[int]historypage.HistoryMsg{}
	}
	old, ok := m.hist[msg.Day]
	if ok && historypage.Older(msg, old.Recs) {
		return // a read begun before the latest write
	}
	if ok && msg.Recs == nil && msg.Err != nil {
		msg.Recs = old.Recs // a failed write keeps what was read
	}
	m.hist[msg.Day] = msg
}

// progress is each day's progress, in the course's order.
func (m *Model) progress(answers map[int]predictions.Answers) []history.Progress {
	var ps []history.Progress
	for _, day := range m.c.Deps.Course {
		h := m.hist[day.Number]
		ps = append(ps, history.Of(day, h.Recs, answers[day.Number], h.Answered))
	}
	return ps
}

// OpenDayMsg asks the app to open the day at index i of the course.
type OpenDayMsg struct{ Index int }

func New(c *common.Common) *Model { return &Model{c: c} }

func (m *Model) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyMsg)
	n := len(m.c.Deps.Course)
	if !ok || n == 0 {
		return nil
	}
	lk := m.c.Keys.List
	switch {
	case key.Matches(k, lk.Up):
		m.Sel = max(m.Sel-1, 0)
	case key.Matches(k, lk.Down):
		m.Sel = min(m.Sel+1, n-1)
	case key.Matches(k, lk.Open):
		i := m.Sel
		return func() tea.Msg { return OpenDayMsg{Index: i} }
	}
	return nil
}

// View lists the days; answers holds each day's latest answers.
func (m *Model) View(answers map[int]predictions.Answers, warnings []string, w, h int) string {
	st := m.c.Styles
	course := m.c.Deps.Course
	if len(course) == 0 {
		return st.Dim.Render("No days are registered in this course.")
	}
	var lines []string
	top, end := 0, 0
	ps := m.progress(answers)
	next, open := history.Next(ps)
	for i, day := range course {
		p := dayProgress(day, answers[day.Number])
		name := fmt.Sprintf("Day %d  %s", day.Number, day.Title)
		cur, title := "  ", st.Title.Render(name)
		if i == m.Sel {
			cur, title = st.Cursor.Render("› "), st.Cursor.Render(name)
			top = len(lines)
		}
		if open && i == next {
			title += st.Accent.Render("  · next")
		}
		lines = append(lines, textlayout.Trunc(cur+title, w))
		sub := func(s string) {
			for _, l := range strings.Split(textlayout.Wrap(s, max(w-4, 8)), "\n") {
				lines = append(lines, "    "+l)
			}
		}
		if day.Summary != "" {
			sub(st.Dim.Render(day.Summary))
		}
		state := st.Body
		switch {
		case ps[i].Done():
			state = st.Good
		case !ps[i].Started():
			state = st.Dim
		}
		line := ps[i].State()
		if ps[i].Done() {
			line = "✓ " + line
		}
		if ps[i].Runs > 0 {
			line += fmt.Sprintf(" · %d runs", ps[i].Runs)
		}
		sub(state.Render(line))
		if sum := scoreSummary(p.rows, m.hist[day.Number].Recs, ps[i]); sum != "" {
			sub(st.Dim.Render(sum))
		}
		if p.carry != "" {
			sub(textlayout.StyleLines(st.Accent, textlayout.Wrap(p.carry, max(w-4, 8))))
		}
		if i == m.Sel {
			end = len(lines)
		}
		lines = append(lines, "")
	}
	switch {
	case !open:
		lines = append(lines, textlayout.StyleLines(st.Good, textlayout.Wrap("Every day is done.", w)))
	case next > 0 && ps[next-1].Done():
		lines = append(lines, textlayout.StyleLines(st.Accent, textlayout.Wrap(fmt.Sprintf("Day %d done — Day %d is next.", course[next-1].Number, course[next].Number), w)))
	default:
		lines = append(lines, textlayout.StyleLines(st.Accent, textlayout.Wrap(fmt.Sprintf("Next: Day %d, with %s.", course[next].Number, ps[next].Missing()), w)))
	}
	for _, warn := range warnings {
		lines = append(lines, textlayout.StyleLines(st.Warn, textlayout.Wrap("! "+m.c.Relative(warn), w)))
	}
	for _, day := range course {
		if err := m.hist[day.Number].Err; err != nil {
			lines = append(lines, textlayout.StyleLines(st.Warn, textlayout.Wrap("! "+m.c.Relative(err.Error()), w)))
		}
	}
	off := 0
	if end > h {
		off = end - h
	}
	if top < off {
		off = top
	}
	out, _ := textlayout.Window(strings.Join(lines, "\n"), off, h)
	return out
}

// scoreSummary is a day's last scoreboard in a line: how many predictions
// are made and how the judged ones came out ("8 of 13 predicted · 3 spot
// on · 5 close enough"). The verdicts are those of the saved answers
// against the last run's figures (rows) when they judge any; otherwise
// those the history kept of the latest run that judged some: the rows
// judge nothing while a TODO a prediction needs fails, since the day list
// has no reference figures to judge against, though the day's Score screen
// did. "" before anything is predicted.
func scoreSummary(rows []predictions.Row, recs []history.Record, p history.Progress) string {
	if p.Predicted == 0 {
		return ""
	}
	count := map[predictions.Kind]int{}
	for _, r := range rows {
		if r.Verdict != nil {
			count[r.Verdict.Kind]++
		}
	}
	if len(count) == 0 {
		for i := len(recs) - 1; i >= 0; i-- {
			if len(recs[i].Scores) > 0 {
				for _, k := range recs[i].Scores {
					count[k]++
				}
				break
			}
		}
	}
	parts := []string{fmt.Sprintf("last scoreboard: %d of %d predicted", p.Predicted, p.Predictions)}
	for _, k := range []predictions.Kind{predictions.Spot, predictions.Close, predictions.Off} {
		if count[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", count[k], k))
		}
	}
	if len(parts) == 1 {
		parts = append(parts, "none judged yet")
	}
	return strings.Join(parts, " · ")
}

func (m *Model) Help() keymap.KeyMap {
	lk := m.c.Keys.List
	return keymap.KeyMap{Short: []key.Binding{lk.Up, lk.Down, lk.Open}, Full: [][]key.Binding{{lk.Up, lk.Down, lk.Open}}}
}
