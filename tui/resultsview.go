package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/results"
	learner "termlab/record/session"
	"termlab/tui/keymap"
)

// resultsModel shows what the lab writes into RESULTS.md, by the command
// line's rule: only the section between the day's markers is the lab's, the
// learner's own text is never touched. The section is refreshed whenever a
// run lands (and when a part's predictions are in), as the command line's
// run does; w refreshes it on request. It holds only what the scoreboard
// shows: a part whose predictions are still open is listed as waiting.
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

// writeRequestMsg asks the day to write RESULTS.md now.
type writeRequestMsg struct{}

// resultsMsg reports a write of RESULTS.md.
type resultsMsg struct {
	change results.Change
	err    error
	auto   bool // a run or a reveal asked for it, not the learner
}

// writeResultsCmd refreshes the day's block of RESULTS.md with the report
// as the learner has seen it. The record writes the block last asked for
// (record/session.Record.Results), so a slow write can never put back an
// older report; nil when a later Cmd's text was written already.
func writeResultsCmd(s *session, auto bool) tea.Cmd {
	rec := s.rec
	rec.Results(reportText(s))
	return func() tea.Msg {
		change, ok, err := rec.WriteResults()
		if !ok {
			return nil
		}
		return resultsMsg{change: change, err: err, auto: auto}
	}
}

// reportText is the day's report as the learner has seen it: the parts on
// the scoreboard in full, the others held back as every front end holds
// them (record/session), so the screens and `run` write the same block.
func reportText(s *session) string {
	o := *s.outcome
	o.Parts = make([]labs.PartResult, len(s.outcome.Parts))
	var held []learner.Hold
	for i, p := range s.outcome.Parts {
		if s.isRevealed(p) {
			o.Parts[i] = p
			continue
		}
		w := learner.Waiting(s.day, s.answers, p.ID)
		held = append(held, learner.Hold{Part: p.ID, Waiting: w})
		o.Parts[i] = learner.HeldPart(s.day, p, w)
	}
	return learner.ResultsText(s.day, o, learner.MarkHeld(s.rows(), held), s.answers)
}

func (m *resultsModel) update(msg tea.Msg, s *session) tea.Cmd {
	switch msg := msg.(type) {
	case resultsMsg:
		switch {
		case msg.err != nil:
			m.last, m.lastBad = "RESULTS.md was not updated: "+msg.err.Error(), true
		case msg.auto && msg.change == results.Same:
			return nil // nothing was written: nothing to say
		case msg.change == results.Same:
			m.last, m.lastBad = fmt.Sprintf("RESULTS.md: the Day %d report section already says this; nothing was written.", s.day.Number), false
		case msg.auto:
			// A refresh the learner did not ask for never hides a
			// problem on the status line (a damaged answers file put
			// back, a save that failed), unless the problem was an
			// earlier write of RESULTS.md's.
			keep := s.noteBad && s.note != "" && s.note != m.last
			m.last, m.lastBad = resultsUpdatedNote, false
			if keep {
				return nil
			}
		default:
			m.last, m.lastBad = fmt.Sprintf("RESULTS.md: %s the Day %d report section; your own text is untouched.", msg.change, s.day.Number), false
		}
		s.setNote(m.last, m.lastBad)
	case tea.KeyMsg:
		if key.Matches(msg, m.c.keys.Write) {
			return func() tea.Msg { return writeRequestMsg{} }
		}
		m.scroll = scrollKey(m.c.keys.Scroll, msg, m.scroll, m.h, lineCount(m.content(s, m.w)))
	}
	return nil
}

// refuse explains why nothing can be written yet, or "".
func refuse(s *session) string {
	switch {
	case s.outcome == nil:
		return "Nothing has run yet: the report needs a run of your code (fix the build, or press r)."
	case !s.anyRevealed():
		g, _ := s.due()
		return "Predict first (Predict, 2): the report shows the actuals, so it waits until " + made(g.preds) + "."
	}
	return ""
}

func (m *resultsModel) content(s *session, w int) string {
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
		b = append(b, styleLines(st.Dim, wrap("Refreshed after every run; w writes it again now.", tw)))
	}
	if m.last != "" {
		style := st.Good
		if m.lastBad {
			style = st.Bad
		}
		b = append(b, styleLines(style, wrap(m.last, tw)))
	}
	if refuse(s) == "" {
		b = append(b, "", st.Subtitle.Render("The report it writes"))
		b = append(b, styleLines(st.Code, wrap(strings.TrimRight(reportText(s), "\n"), w)))
	}
	return strings.Join(b, "\n")
}

func (m *resultsModel) view(s *session, w, h int) string {
	return scrolled(m.content(s, w), m.scroll, h, m.c.styles)
}

func (m *resultsModel) help(*session) keymap.KeyMap {
	wk, sk := m.c.keys.Write, m.c.keys.Scroll
	return keymap.KeyMap{Short: []key.Binding{wk, sk.Up}, Full: [][]key.Binding{{wk}, {sk.Up, sk.PageUp, sk.Top}}}
}
