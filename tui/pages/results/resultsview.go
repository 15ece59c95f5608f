package results

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/results"
	learner "termlab/record/session"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/keymap"
	"termlab/tui/pages/history"
)

// resultsModel shows what the lab writes into RESULTS.md, by the command
// line's rule: only the section between the day's markers is the lab's, the
// learner's own text is never touched. The section is refreshed whenever a
// run lands (and when a part's predictions are in), as the command line's
// run does; w refreshes it on request. It holds only what the scoreboard
// shows: a part whose predictions are still open is listed as waiting.
type Model struct {
	c      *common.Common
	scroll int
	w, h   int
	// last is what the latest write did, or why it did not.
	last    string
	lastBad bool
}

func New(c *common.Common) *Model { return &Model{c: c} }

func (m *Model) Title() string                      { return "Results" }
func (m *Model) Typing() bool                       { return false }
func (m *Model) Resize(_ *common.Session, w, h int) { m.w, m.h = w, h }
func (m *Model) Enter(*common.Session) tea.Cmd      { return nil }

// WriteRequestMsg asks the day to write RESULTS.md now. The shell writes
// it, through the day's record (no screen writes a file); Auto is a refresh
// a landing or an answer asked for, not the learner's key.
type WriteRequestMsg struct{ Auto bool }

// ResultsMsg reports a write of RESULTS.md.
type ResultsMsg struct {
	Change results.Change
	Err    error
	Auto   bool // a run or a reveal asked for it, not the learner
}

// ReportText is the day's report as the learner has seen it: the parts on
// the scoreboard in full, the others held back as every front end holds
// them (record/session), so the screens and `run` write the same block.
func ReportText(s *common.Session) string {
	o := *s.Outcome
	o.Parts = make([]labs.PartResult, len(s.Outcome.Parts))
	var held []learner.Hold
	for i, p := range s.Outcome.Parts {
		if s.IsRevealed(p) {
			o.Parts[i] = p
			continue
		}
		w := learner.Waiting(s.Day, s.Answers, p.ID)
		held = append(held, learner.Hold{Part: p.ID, Waiting: w})
		o.Parts[i] = learner.HeldPart(s.Day, p, w)
	}
	return learner.ResultsText(s.Day, o, learner.MarkHeld(s.Rows(), held), s.Answers)
}

func (m *Model) Update(msg tea.Msg, s *common.Session) tea.Cmd {
	switch msg := msg.(type) {
	case ResultsMsg:
		switch {
		case msg.Err != nil:
			m.last, m.lastBad = "RESULTS.md was not updated: "+msg.Err.Error(), true
		case msg.Auto && msg.Change == results.Same:
			return nil // nothing was written: nothing to say
		case msg.Change == results.Same:
			m.last, m.lastBad = fmt.Sprintf("RESULTS.md: the Day %d report section already says this; nothing was written.", s.Day.Number), false
		case msg.Auto:
			// A refresh the learner did not ask for never hides a
			// problem on the status line (a damaged answers file put
			// back, a save that failed), unless the problem was an
			// earlier write of RESULTS.md's.
			keep := s.NoteBad && s.Note != "" && s.Note != m.last
			m.last, m.lastBad = history.ResultsUpdatedNote, false
			if keep {
				return nil
			}
		default:
			m.last, m.lastBad = fmt.Sprintf("RESULTS.md: %s the Day %d report section; your own text is untouched.", msg.Change, s.Day.Number), false
		}
		s.SetNote(m.last, m.lastBad)
	case tea.KeyMsg:
		if key.Matches(msg, m.c.Keys.Write) {
			return func() tea.Msg { return WriteRequestMsg{} }
		}
		m.scroll = common.ScrollKey(m.c.Keys.Scroll, msg, m.scroll, m.h, textlayout.LineCount(m.content(s, m.w)))
	}
	return nil
}

// Refuse explains why nothing can be written yet, or "".
func Refuse(s *common.Session) string {
	switch {
	case s.Outcome == nil:
		return "Nothing has run yet: the report needs a run of your code (fix the build, or press r)."
	case !s.AnyRevealed():
		g, _ := s.Due()
		return "Predict first (Predict, 2): the report shows the actuals, so it waits until " + common.Made(g.Preds) + "."
	}
	return ""
}

func (m *Model) content(s *common.Session, w int) string {
	st := m.c.Styles
	tw := max(min(w, common.MaxText)-2, 8)
	var b []string
	b = append(b, textlayout.Trunc(st.Title.Render("RESULTS.md")+st.Dim.Render(" · "+m.c.Deps.ResultsPath()), w))
	b = append(b, textlayout.StyleLines(st.Dim, textlayout.Wrap("The lab keeps one section of the file up to date, between its markers. Everything else in it is yours and is never touched.", tw)))
	if s.Day.Deliverable != "" {
		b = append(b, "", st.Subtitle.Render("Your one-line answer (write it in the file yourself)"))
		b = append(b, textlayout.Indent(textlayout.Wrap(s.Day.Deliverable, tw-2), "  "))
	}
	b = append(b, "")
	if why := Refuse(s); why != "" {
		b = append(b, textlayout.StyleLines(st.Warn, textlayout.Wrap(why, tw)))
	} else {
		b = append(b, textlayout.StyleLines(st.Dim, textlayout.Wrap("Refreshed after every run; w writes it again now.", tw)))
	}
	if m.last != "" {
		style := st.Good
		if m.lastBad {
			style = st.Bad
		}
		b = append(b, textlayout.StyleLines(style, textlayout.Wrap(m.last, tw)))
	}
	if Refuse(s) == "" {
		b = append(b, "", st.Subtitle.Render("The report it writes"))
		b = append(b, textlayout.StyleLines(st.Code, textlayout.Wrap(strings.TrimRight(ReportText(s), "\n"), w)))
	}
	return strings.Join(b, "\n")
}

func (m *Model) View(s *common.Session, w, h int) string {
	return textlayout.Scrolled(m.content(s, w), m.scroll, h, m.c.Styles.Dim)
}

func (m *Model) Help(*common.Session) keymap.KeyMap {
	wk, sk := m.c.Keys.Write, m.c.Keys.Scroll
	return keymap.KeyMap{Short: []key.Binding{wk, sk.Up}, Full: [][]key.Binding{{wk}, {sk.Up, sk.PageUp, sk.Top}}}
}
