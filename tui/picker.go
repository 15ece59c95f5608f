package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/record/history"
	"termlab/record/predictions"
)

// pickerModel is the list of registered days with the learner's progress
// in each, from its history and answers (record/history.Progress): not
// started, or TODOs passing, predictions made, drills tried and whether
// the RESULTS.md answer is written, then the last scoreboard; and which
// day is next. The cursor starts on the day used last.
type pickerModel struct {
	c    *common
	sel  int
	hist map[int]historyMsg // per day: its history as last read or written
}

// took keeps a day's history for its progress line.
func (m *pickerModel) took(msg historyMsg) {
	if m.hist == nil {
		m.hist = map[int]historyMsg{}
	}
	old, ok := m.hist[msg.day]
	if ok && older(msg, old.recs) {
		return // a read begun before the latest write
	}
	if ok && msg.recs == nil && msg.err != nil {
		msg.recs = old.recs // a failed write keeps what was read
	}
	m.hist[msg.day] = msg
}

// progress is each day's progress, in the course's order.
func (m *pickerModel) progress(answers map[int]predictions.Answers) []history.Progress {
	var ps []history.Progress
	for _, day := range m.c.deps.course {
		h := m.hist[day.Number]
		ps = append(ps, history.Of(day, h.recs, answers[day.Number], h.answered))
	}
	return ps
}

// openDayMsg asks the app to open the day at index i of the course.
type openDayMsg struct{ index int }

func newPicker(c *common) *pickerModel { return &pickerModel{c: c} }

func (m *pickerModel) update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyMsg)
	n := len(m.c.deps.course)
	if !ok || n == 0 {
		return nil
	}
	lk := m.c.keys.List
	switch {
	case key.Matches(k, lk.Up):
		m.sel = max(m.sel-1, 0)
	case key.Matches(k, lk.Down):
		m.sel = min(m.sel+1, n-1)
	case key.Matches(k, lk.Open):
		i := m.sel
		return func() tea.Msg { return openDayMsg{index: i} }
	}
	return nil
}

// view lists the days; answers holds each day's latest answers.
func (m *pickerModel) view(answers map[int]predictions.Answers, warnings []string, w, h int) string {
	st := m.c.styles
	course := m.c.deps.course
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
		if i == m.sel {
			cur, title = st.Cursor.Render("› "), st.Cursor.Render(name)
			top = len(lines)
		}
		if open && i == next {
			title += st.Accent.Render("  · next")
		}
		lines = append(lines, trunc(cur+title, w))
		sub := func(s string) {
			for _, l := range strings.Split(wrap(s, max(w-4, 8)), "\n") {
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
		if len(p.rows) > 0 {
			// Wrapped between predictions, never inside one.
			line := st.Dim.Render("last scoreboard")
			for _, d := range scoreDots(p.rows, st) {
				if width(line)+2+width(d) > max(w-4, 8) {
					sub(line)
					line = d
					continue
				}
				line += "  " + d
			}
			sub(line)
		}
		if p.carry != "" {
			sub(styleLines(st.Accent, wrap(p.carry, max(w-4, 8))))
		}
		if i == m.sel {
			end = len(lines)
		}
		lines = append(lines, "")
	}
	switch {
	case !open:
		lines = append(lines, styleLines(st.Good, wrap("Every day is done.", w)))
	case next > 0 && ps[next-1].Done():
		lines = append(lines, styleLines(st.Accent, wrap(fmt.Sprintf("Day %d done — Day %d is next.", course[next-1].Number, course[next].Number), w)))
	default:
		lines = append(lines, styleLines(st.Accent, wrap(fmt.Sprintf("Next: Day %d, with %s.", course[next].Number, ps[next].Missing()), w)))
	}
	for _, warn := range warnings {
		lines = append(lines, styleLines(st.Warn, wrap("! "+m.c.relative(warn), w)))
	}
	for _, day := range course {
		if err := m.hist[day.Number].err; err != nil {
			lines = append(lines, styleLines(st.Warn, wrap("! "+m.c.relative(err.Error()), w)))
		}
	}
	off := 0
	if end > h {
		off = end - h
	}
	if top < off {
		off = top
	}
	out, _ := window(strings.Join(lines, "\n"), off, h)
	return out
}

// scoreDots sums a scoreboard up in one glyph per prediction ("P1 ✓").
func scoreDots(rows []predictions.Row, st Styles) []string {
	var parts []string
	for _, r := range rows {
		g := st.Dim.Render("·")
		switch {
		case r.Verdict == nil && r.Actual != nil:
			g = st.Dim.Render("—")
		case r.Verdict == nil:
		case r.Verdict.Kind == predictions.Spot:
			g = st.Good.Render("✓")
		case r.Verdict.Kind == predictions.Close:
			g = st.Good.Render("≈")
		default:
			g = st.Bad.Render("✗")
		}
		parts = append(parts, r.ID+" "+g)
	}
	return parts
}

func (m *pickerModel) help() keyMap {
	lk := m.c.keys.List
	return keyMap{short: []key.Binding{lk.Up, lk.Down, lk.Open}, full: [][]key.Binding{{lk.Up, lk.Down, lk.Open}}}
}
