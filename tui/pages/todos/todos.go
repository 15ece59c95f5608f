package todos

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/reset"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/keymap"
	"termlab/tui/styles"
)

// todoModel is the grader's verdict on each TODO, with where the function
// is in the learner's file, the smallest counterexample the grader found,
// the day's hints one step at a time, and the reference solution only on
// an explicit request: at once when the TODO passes, after a confirmation
// when it does not. A TODO or the whole day can be reset to the shipped
// stub, after a confirmation, with the learner's version kept aside.
type Model struct {
	c         *common.Common
	sel       int
	hints     map[int]int // TODO number → hints shown
	solutions map[int]SolutionMsg
	ask       *question // a pending yes/no question
	scroll    int
	w, h      int
}

// question is a yes/no the learner must answer before something is done.
type question struct {
	text string
	kind string // "solution", "reset", "reset-day"
	todo int
}

func New(c *common.Common) *Model {
	return &Model{c: c, hints: map[int]int{}, solutions: map[int]SolutionMsg{}}
}

func (m *Model) Title() string                      { return "TODOs" }
func (m *Model) Typing() bool                       { return false }
func (m *Model) Resize(_ *common.Session, w, h int) { m.w, m.h = w, h }
func (m *Model) Enter(*common.Session) tea.Cmd      { return nil }

// Modal reports a pending question: it takes every key until answered.
func (m *Model) Modal() bool { return m.ask != nil }

func (m *Model) selected(s *common.Session) (labs.TODO, bool) {
	if len(s.Day.TODOs) == 0 {
		return labs.TODO{}, false
	}
	return s.Day.TODOs[textlayout.Clamp(m.sel, 0, len(s.Day.TODOs)-1)], true
}

// ResetMsg reports a reset.
type ResetMsg struct {
	What string
	Kept []string
	Err  error
}

// ResetRequestMsg asks the shell to put the shipped stub back: one TODO,
// or the whole day when TODO is 0. The screen writes no file.
type ResetRequestMsg struct {
	TODO int
	Func string
}

func (m *Model) Update(msg tea.Msg, s *common.Session) tea.Cmd {
	switch msg := msg.(type) {
	case SolutionMsg:
		m.solutions[msg.todo] = msg
		if t, ok := m.selected(s); ok && t.Number == msg.todo {
			// Bring what was just opened into view.
			_, sp := m.detailSpans(s, m.w)
			m.reveal(s, sp.solution[0], sp.solution[1])
		}
		return nil
	case tea.KeyMsg:
		if m.ask != nil {
			return m.answer(msg, s)
		}
		return m.key(msg, s)
	}
	return nil
}

func (m *Model) answer(k tea.KeyMsg, s *common.Session) tea.Cmd {
	ck := m.c.Keys.Confirm
	switch {
	case key.Matches(k, ck.Yes):
		q := *m.ask
		m.ask = nil
		t, _ := s.Day.TODO(q.todo)
		switch q.kind {
		case "solution":
			return solutionCmd(m.c.Deps, s.Day, t)
		case "reset":
			s.SetNote("resetting "+t.Func+"…", false)
			return func() tea.Msg { return ResetRequestMsg{TODO: t.Number, Func: t.Func} }
		case "reset-day":
			s.SetNote(fmt.Sprintf("resetting Day %d…", s.Day.Number), false)
			return func() tea.Msg { return ResetRequestMsg{} }
		}
	case key.Matches(k, ck.No):
		m.ask = nil
		s.SetNote("nothing was changed", false)
	}
	return nil
}

func (m *Model) key(k tea.KeyMsg, s *common.Session) tea.Cmd {
	lk, tk := m.c.Keys.List, m.c.Keys.TODO
	t, ok := m.selected(s)
	if !ok {
		return nil
	}
	switch {
	case key.Matches(k, lk.Up):
		m.sel, m.scroll = max(m.sel-1, 0), 0
	case key.Matches(k, lk.Down):
		m.sel, m.scroll = min(m.sel+1, len(s.Day.TODOs)-1), 0
	case key.Matches(k, tk.Hint):
		if m.hints[t.Number] < len(t.Hints) {
			m.hints[t.Number]++
		}
		// Bring the hint just opened (or the last, when all are out) into view.
		if _, sp := m.detailSpans(s, m.w); len(sp.hints) > 0 {
			last := sp.hints[len(sp.hints)-1]
			m.reveal(s, last[0], last[1])
		}
	case key.Matches(k, tk.Solution):
		if _, shown := m.solutions[t.Number]; shown {
			delete(m.solutions, t.Number) // v again hides it
			return nil
		}
		if g, ok := s.Grade(t.Number); ok && g.Status == labs.Pass {
			return solutionCmd(m.c.Deps, s.Day, t)
		}
		m.ask = &question{kind: "solution", todo: t.Number,
			text: fmt.Sprintf("TODO %d does not pass yet. Show the reference %s anyway? Working it out teaches more; the hints (h) go step by step.", t.Number, t.Func)}
	case key.Matches(k, tk.Reset):
		m.ask = &question{kind: "reset", todo: t.Number,
			text: fmt.Sprintf("Put %s (TODO %d) back to the shipped stub? Your version is kept first in %s/%s/.", t.Func, t.Number, s.Day.LearnerDir, reset.KeptDir)}
	case key.Matches(k, tk.ResetDay):
		m.ask = &question{kind: "reset-day",
			text: fmt.Sprintf("Put every TODO of Day %d back to the shipped stubs? Your files are kept first in %s/%s/.", s.Day.Number, s.Day.LearnerDir, reset.KeptDir)}
	default:
		m.scroll = common.ScrollKey(m.c.Keys.Scroll, k, m.scroll, m.detailHeight(s), textlayout.LineCount(m.details(s, m.w)))
	}
	return nil
}

func (m *Model) list(s *common.Session, w int) []string {
	st := m.c.Styles
	head := st.Title.Render("TODOs") + st.Dim.Render(fmt.Sprintf(" · %d of %d passing", s.Passed(), len(s.Day.TODOs)))
	if s.Building {
		head += st.Dim.Render(" · grading…")
	}
	lines := []string{textlayout.Trunc(head, w)}
	for i, t := range s.Day.TODOs {
		g, graded := s.Grade(t.Number)
		cur := "  "
		name := textlayout.Pad(t.Func, 10)
		if i == m.sel {
			cur = st.Cursor.Render("› ")
			name = st.Cursor.Render(name)
		}
		where := s.Locs[t.Func]
		line := fmt.Sprintf("%sTODO %d  %s %s  %s", cur, t.Number, name, textlayout.Pad(common.Status(g, graded, st), 16), st.Dim.Render(where))
		if textlayout.Width(line) > w {
			// Narrow: the file:line goes (the details below name it), and
			// the row reads whole rather than ending in "…".
			line = fmt.Sprintf("%s%d %s %s", cur, t.Number, name, common.Status(g, graded, st))
		}
		lines = append(lines, textlayout.Trunc(line, w))
	}
	return lines
}

// detailHeight is what is left for the selected TODO's details.
func (m *Model) detailHeight(s *common.Session) int {
	h := m.h - len(s.Day.TODOs) - 2
	if m.ask != nil {
		h -= 4
	}
	return max(h, 1)
}

// spans are where parts of the details start and end, in lines, so what
// the learner just opened can be scrolled into view.
type spans struct {
	hints    [][2]int // each hint shown: first line, line after
	solution [2]int
}

func (m *Model) details(s *common.Session, w int) string {
	text, _ := m.detailSpans(s, w)
	return text
}

func (m *Model) detailSpans(s *common.Session, w int) (string, spans) {
	st := m.c.Styles
	var sp spans
	t, ok := m.selected(s)
	if !ok {
		return st.Dim.Render("This day has no TODOs."), sp
	}
	tw := max(w-2, 8)
	g, graded := s.Grade(t.Number)
	var b []string
	b = append(b, textlayout.StyleLines(st.Subtitle, textlayout.Wrap(fmt.Sprintf("TODO %d — %s", t.Number, t.Title), tw)))
	b = append(b, textlayout.Wrap(t.Goal, tw))
	if t.Checked != "" {
		b = append(b, textlayout.StyleLines(st.Dim, textlayout.Wrap("Checked: "+t.Checked, tw)))
	}
	if where := s.Locs[t.Func]; where != "" {
		b = append(b, textlayout.StyleLines(st.Dim, textlayout.Wrap("func "+t.Func+" is at "+where, tw)))
	}
	if graded {
		b = append(b, "")
		detail := g.Detail
		if g.Where != "" {
			detail += " (at " + g.Where + ")"
		}
		style := st.Body
		switch g.Status {
		case labs.Pass:
			style = st.Good
		case labs.Fail, labs.Crash, labs.Timeout:
			style = st.Bad
		}
		b = append(b, textlayout.StyleLines(style, textlayout.Wrap("Grader: "+detail, tw)))
		if ce := g.Counterexample; ce != nil {
			b = append(b, textlayout.Indent(textlayout.Wrap("input: "+ce.Input, tw-2), "  "))
			b = append(b, textlayout.Indent(textlayout.StyleLines(st.Bad, textlayout.Wrap("got:   "+ce.Got, tw-2)), "  "))
			b = append(b, textlayout.Indent(textlayout.StyleLines(st.Good, textlayout.Wrap("want:  "+ce.Want, tw-2)), "  "))
		}
		if g.Hint != "" {
			b = append(b, textlayout.StyleLines(st.Warn, textlayout.Wrap("Grader's hint: "+g.Hint, tw)))
		}
	}
	if n := len(t.Hints); n > 0 {
		shown := m.hints[t.Number]
		b = append(b, "")
		label := fmt.Sprintf("Hints: %d of %d shown", shown, n)
		if shown < n {
			label += " · h for the next"
		}
		b = append(b, st.Title.Render(label))
		for i := range shown {
			start := textlayout.LineCount(strings.Join(b, "\n"))
			b = append(b, common.Hanging(fmt.Sprintf("%d. %s", i+1, t.Hints[i]), "  ", "     ", tw))
			sp.hints = append(sp.hints, [2]int{start, textlayout.LineCount(strings.Join(b, "\n"))})
		}
	}
	b = append(b, "")
	if sol, ok := m.solutions[t.Number]; ok {
		start := textlayout.LineCount(strings.Join(b, "\n"))
		if sol.err != nil {
			b = append(b, textlayout.StyleLines(st.Bad, textlayout.Wrap(sol.err.Error(), tw)))
		} else {
			b = append(b, textlayout.StyleLines(st.Dim, textlayout.Wrap(st.Title.Render("Reference solution")+" · "+sol.where+" · v hides it", tw)))
			b = append(b, textlayout.StyleLines(st.Code, wrapCode(sol.text, tw)))
		}
		sp.solution = [2]int{start, textlayout.LineCount(strings.Join(b, "\n"))}
	} else if graded && g.Status == labs.Pass {
		b = append(b, textlayout.StyleLines(st.Dim, textlayout.Wrap("It passes: v shows the reference solution to compare with yours.", tw)))
	} else {
		b = append(b, textlayout.StyleLines(st.Dim, textlayout.Wrap("The reference solution stays hidden until this passes (v asks first).", tw)))
	}
	return strings.Join(b, "\n"), sp
}

// reveal scrolls the details so lines [from, to) are on screen, their
// start first when they are taller than the room. The last row of the
// room may be the "more below" line, so it does not count.
func (m *Model) reveal(s *common.Session, from, to int) {
	h := m.detailHeight(s)
	room := h
	if h >= 3 {
		room = h - 1
	}
	off := max(to-room, 0)
	off = min(off, from)
	m.scroll = textlayout.Clamp(off, 0, textlayout.LineCount(m.details(s, m.w))-h)
}

// wrapCode wraps each line of source wider than w at its spaces, the rest
// of it indented a step more than the line itself, so a long signature is
// read whole instead of cut at the edge.
func wrapCode(src string, w int) string {
	var out []string
	for _, l := range strings.Split(src, "\n") {
		if textlayout.Width(l) <= w {
			out = append(out, l)
			continue
		}
		body := strings.TrimLeft(l, " ")
		lead := l[:len(l)-len(body)]
		if textlayout.Width(lead)+4 >= w/2 {
			lead = "" // a deep indent would leave no room for the code
		}
		// Code is not prose: it breaks at any space, as Wrap's formulas
		// (which keep a parenthesis whole) would push a signature down a line.
		rest := lead + "    "
		for i, piece := range textlayout.WrapAtSpaces(body, max(w-textlayout.Width(rest), 8)) {
			if i == 0 {
				out = append(out, lead+piece)
			} else {
				out = append(out, rest+piece)
			}
		}
	}
	return strings.Join(out, "\n")
}

func (m *Model) View(s *common.Session, w, h int) string {
	lines := m.list(s, w)
	lines = append(lines, m.c.Styles.Faint.Render(textlayout.Repeat("─", w)))
	dh := max(h-len(lines), 0)
	var box string
	if m.ask != nil {
		box = confirmBox(m.ask.text, m.c.Styles, w)
		dh = max(dh-textlayout.LineCount(box), 0)
	}
	details := textlayout.Scrolled(m.details(s, w), m.scroll, dh, m.c.Styles.Dim)
	if dh > 0 {
		lines = append(lines, details)
	}
	if box != "" {
		lines = append(lines, box)
	}
	return strings.Join(lines, "\n")
}

// confirmBox asks a yes/no question in a box.
func confirmBox(text string, st styles.Styles, w int) string {
	inner := max(w-4, 8)
	body := textlayout.Wrap(text, inner) + "\n" + st.Key.Render("y") + st.Dim.Render(" yes   ") + st.Key.Render("n") + st.Dim.Render(" no")
	return st.Box.Width(max(w-2, 1)).Render(body)
}

func (m *Model) Help(*common.Session) keymap.KeyMap {
	ck, tk, lk, sk := m.c.Keys.Confirm, m.c.Keys.TODO, m.c.Keys.List, m.c.Keys.Scroll
	if m.ask != nil {
		return keymap.KeyMap{Short: []key.Binding{ck.Yes, ck.No}, Full: [][]key.Binding{{ck.Yes, ck.No}}}
	}
	return keymap.KeyMap{
		Short: []key.Binding{lk.Up, lk.Down, tk.Hint, tk.Solution, tk.Reset},
		Full:  [][]key.Binding{{lk.Up, lk.Down}, {tk.Hint, tk.Solution}, {tk.Reset, tk.ResetDay}, {sk.PageUp}},
	}
}
