package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/labs/report"
	"termlab/labs/results"
)

// resultsModel writes RESULTS.md from the lab, by the command line's rule:
// only the section between the day's markers is the lab's, the learner's
// own text is never touched. The report includes every actual, so writing
// it first plays out whatever is left of the run (revealing it).
type resultsModel struct {
	c      *common
	scroll int
	w, h   int
	// last is what the latest write did, or why it did not.
	last    string
	lastBad bool
}

func newResults(c *common) *resultsModel { return &resultsModel{c: c} }

func (m *resultsModel) title() string               { return "Results" }
func (m *resultsModel) typing() bool                { return false }
func (m *resultsModel) resize(_ *session, w, h int) { m.w, m.h = w, h }
func (m *resultsModel) enter(*session) tea.Cmd      { return nil }

// writeRequestMsg asks the day to finish the replay and write RESULTS.md.
type writeRequestMsg struct{}

// resultsMsg reports a write of RESULTS.md.
type resultsMsg struct {
	change results.Change
	err    error
}

func writeResultsCmd(d deps, day labs.Day, text string) tea.Cmd {
	return func() tea.Msg {
		change, err := results.Update(d.resultsPath(), day.Number, text, results.Skeleton(day))
		return resultsMsg{change: change, err: err}
	}
}

func (m *resultsModel) update(msg tea.Msg, s *session) tea.Cmd {
	switch msg := msg.(type) {
	case resultsMsg:
		if msg.err != nil {
			m.last, m.lastBad = "RESULTS.md was not updated: "+msg.err.Error(), true
		} else {
			m.last, m.lastBad = fmt.Sprintf("RESULTS.md: %s the Day %d report section; your own text is untouched.", msg.change, s.day.Number), false
		}
		s.setNote(m.last, m.lastBad)
	case tea.KeyMsg:
		if key.Matches(msg, m.c.keys.Write) {
			return func() tea.Msg { return writeRequestMsg{} }
		}
		m.scroll = scrollKey(m.c.keys.Scroll, msg, m.scroll, m.h, lineCount(m.content(s, m.w, allPlayed(s))))
	}
	return nil
}

// refuse explains why nothing can be written yet, or "".
func refuse(s *session) string {
	switch {
	case s.outcome == nil:
		return "Nothing has run yet: the report needs a run of your code (fix the build, or press r)."
	case !s.ready():
		return "Predict first (Predict, 2): the report shows the actuals, so it waits until each prediction is made or skipped."
	}
	return ""
}

func (m *resultsModel) content(s *session, w int, allPlayed bool) string {
	st := m.c.styles
	tw := max(min(w, maxText)-2, 8)
	var b []string
	b = append(b, trunc(st.Title.Render("RESULTS.md")+st.Dim.Render(" · "+m.c.deps.resultsPath()), w))
	b = append(b, styleLines(st.Dim, wrap("The lab keeps one section of the file up to date, between its markers. Everything else in it is yours and is never touched.", tw)))
	if s.day.Deliverable != "" {
		b = append(b, "", st.Subtitle.Render("Your one-line answer (write it in the file yourself)"))
		b = append(b, indent(wrap(s.day.Deliverable, tw-2), "  "))
	}
	b = append(b, "")
	if why := refuse(s); why != "" {
		b = append(b, styleLines(st.Warn, wrap(why, tw)))
	} else {
		line := st.Key.Render("w") + st.Dim.Render(" write the latest report into RESULTS.md")
		if !allPlayed {
			line += st.Dim.Render(" (plays out the rest of the run first)")
		}
		b = append(b, line)
	}
	if m.last != "" {
		style := st.Good
		if m.lastBad {
			style = st.Bad
		}
		b = append(b, styleLines(style, wrap(m.last, tw)))
	}
	if s.outcome != nil && s.ready() && allPlayed {
		b = append(b, "", st.Subtitle.Render("The report it writes"))
		b = append(b, styleLines(st.Code, wrap(strings.TrimRight(report.Text(s.day, *s.outcome, s.rows()), "\n"), w)))
	}
	return strings.Join(b, "\n")
}

func (m *resultsModel) view(s *session, w, h int) string {
	return scrolled(m.content(s, w, allPlayed(s)), m.scroll, h, m.c.styles)
}

// allPlayed reports whether every part of the latest outcome has finished
// playing, so the report reveals nothing the learner has not seen.
func allPlayed(s *session) bool {
	if s.outcome == nil {
		return false
	}
	for _, p := range s.outcome.Parts {
		if !s.isPlayed(p) {
			return false
		}
	}
	return true
}

func (m *resultsModel) help(*session) keyMap {
	wk, sk := m.c.keys.Write, m.c.keys.Scroll
	return keyMap{short: []key.Binding{wk, sk.Up}, full: [][]key.Binding{{wk}, {sk.Up, sk.PageUp, sk.Top}}}
}
