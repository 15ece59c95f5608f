package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/predictions"
)

// pickerModel is the list of registered days with the learner's progress
// in each: predictions made, TODOs passing, drills tried, and the last
// scoreboard. The cursor starts on the day used last.
type pickerModel struct {
	c   *common
	sel int
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
	for i, day := range course {
		p := dayProgress(day, answers[day.Number])
		cur, title := "  ", st.Title.Render(fmt.Sprintf("Day %d  %s", day.Number, day.Title))
		if i == m.sel {
			cur, title = st.Cursor.Render("› "), st.Cursor.Render(fmt.Sprintf("Day %d  %s", day.Number, day.Title))
			top = len(lines)
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
		todo := st.Dim
		if p.todos > 0 && p.passed == p.todos {
			todo = st.Good
		}
		sub(fmt.Sprintf("%s · %s · %s",
			st.Body.Render(fmt.Sprintf("predictions %d/%d", p.predicted, p.total)),
			todo.Render(fmt.Sprintf("TODOs passing %d/%d", p.passed, p.todos)),
			st.Body.Render(fmt.Sprintf("drills %d/%d", p.drills, p.drillsOf))))
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
	for _, warn := range warnings {
		lines = append(lines, styleLines(st.Warn, wrap("! "+warn, w)))
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
	return keyMap{short: []key.Binding{lk.Up, lk.Open}, full: [][]key.Binding{{lk.Up, lk.Down, lk.Open}}}
}
