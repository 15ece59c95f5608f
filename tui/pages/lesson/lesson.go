package lesson

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/keymap"
)

// lessonModel is the day's lesson in a scrollable viewport: every section
// the day defines, then what the learner will write.
type Model struct {
	c        *common.Common
	Vp       viewport.Model
	W, h     int
	rendered bool

	// The lesson wrapped at width wrappedW: the body's height changes
	// (the help line under it takes one line or two, screen by screen)
	// more often than the width, and wrapping the whole lesson again was
	// most of a resize. The lesson itself is the day's, fixed.
	wrapped  string
	wrappedW int
}

func New(c *common.Common) *Model {
	vp := viewport.New(0, 0)
	return &Model{c: c, Vp: vp}
}

func (m *Model) Resize(s *common.Session, w, h int) {
	if w == m.W && h == m.h && m.rendered {
		return
	}
	if !m.rendered || w != m.wrappedW {
		m.wrapped, m.wrappedW = m.Content(s, w), w
	}
	m.W, m.h, m.rendered = w, h, true
	content := m.wrapped
	// A lesson taller than the screen keeps its last line for "↓ more":
	// drawing that over the viewport's last line would hide a line of the
	// lesson on every page.
	m.Vp.Width, m.Vp.Height = max(w, 0), max(h, 0)
	if textlayout.LineCount(content) > h && h > 2 {
		m.Vp.Height = h - 1
	}
	m.Vp.SetContent(content)
}

func (m *Model) Content(s *common.Session, w int) string {
	st := m.c.Styles
	tw := min(max(w-2, 10), common.MaxText)
	var b strings.Builder
	if s.Day.Summary != "" {
		b.WriteString(textlayout.StyleLines(st.Dim, textlayout.Wrap(s.Day.Summary, tw)) + "\n\n")
	}
	for _, sec := range s.Day.Lesson {
		b.WriteString(textlayout.StyleLines(st.Subtitle, textlayout.Wrap(sec.Title, tw)) + "\n")
		for _, para := range strings.Split(strings.TrimSpace(sec.Body), "\n\n") {
			b.WriteString(textlayout.Wrap(strings.Join(strings.Fields(para), " "), tw) + "\n\n")
		}
	}
	if len(s.Day.TODOs) > 0 {
		b.WriteString(st.Subtitle.Render("What you write") + "\n")
		for _, t := range s.Day.TODOs {
			b.WriteString(common.Hanging(fmt.Sprintf("TODO %d  %s — %s", t.Number, t.Func, t.Goal), "", "        ", tw) + "\n")
		}
		b.WriteString("\n" + textlayout.StyleLines(st.Dim, textlayout.Wrap(fmt.Sprintf("Your file is in %s/. Next: predict before anything runs (tab).", s.Day.LearnerDir), tw)) + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

func (m *Model) Enter(*common.Session) tea.Cmd { return nil }
func (m *Model) Typing() bool                  { return false }
func (m *Model) Title() string                 { return "Lesson" }

func (m *Model) Update(msg tea.Msg, s *common.Session) tea.Cmd {
	var cmd tea.Cmd
	if k, ok := msg.(tea.KeyMsg); ok {
		sk := m.c.Keys.Scroll
		switch {
		case key.Matches(k, sk.Top):
			m.Vp.GotoTop()
			return nil
		case key.Matches(k, sk.Bottom):
			m.Vp.GotoBottom()
			return nil
		}
	}
	m.Vp, cmd = m.Vp.Update(msg)
	return cmd
}

func (m *Model) View(s *common.Session, w, h int) string {
	out := m.Vp.View()
	if m.Vp.Height < m.h {
		// Say there is more; the learner may not know the lesson scrolls.
		more := m.c.Styles.Dim.Render("end of the lesson · tab: predict")
		if !m.Vp.AtBottom() {
			more = m.c.Styles.Dim.Render(fmt.Sprintf("↓ more (%d%%) · pgdn", int(m.Vp.ScrollPercent()*100)))
		}
		out += "\n" + more
	}
	return out
}

func (m *Model) Help(*common.Session) keymap.KeyMap {
	sk := m.c.Keys.Scroll
	return keymap.KeyMap{Short: []key.Binding{sk.Up, sk.PageUp}, Full: [][]key.Binding{{sk.Up, sk.PageUp, sk.Top}}}
}
