package drills

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/record/session"
	"termlab/tui/common"
	"termlab/tui/components/editor"
	"termlab/tui/components/textlayout"
	"termlab/tui/keymap"
	"termlab/tui/styles"
)

// drillModel is the day's paper exercises, checked: numbers against
// DrillField.Want within its tolerance, a choice against the right one, and
// free text (in an editor box that wraps and shows all of it) judged by the
// learner against the model answer with a mark. The model answer shows
// only after an attempt, and from then on the attempt is the record: a
// checked drill cannot be answered again with the answer in view. Every
// attempt and mark is saved with Answers.SetDrill.
type Model struct {
	c      *common.Common
	sel    int
	active bool // the selected drill has the keyboard
	field  int  // the focused box (numbers) or option (choice)
	scroll int  // extra lines scrolled past the selected drill's boxes
	inputs map[string][]textinput.Model
	texts  map[string]*editor.Editor // the free-text drills' answers
	msg    map[string]string         // why the last check was refused
	w, h   int
}

func New(c *common.Common, s *common.Session) *Model {
	m := &Model{c: c, inputs: map[string][]textinput.Model{}, texts: map[string]*editor.Editor{}, msg: map[string]string{}}
	for _, d := range s.Day.Drills {
		saved := s.Answers.Drills[d.ID]
		if d.Kind == labs.DrillSelf {
			ta := newAnswerArea(c.Styles)
			if len(saved.Answers) > 0 {
				ta.SetValue(saved.Answers[0])
			}
			m.texts[d.ID] = ta
			continue
		}
		var ins []textinput.Model
		for i := range len(d.Fields) {
			in := textinput.New()
			in.Prompt = ""
			in.Cursor.SetMode(cursor.CursorStatic)
			in.Cursor.Style = c.Styles.CursorBlock
			in.TextStyle = c.Styles.Input
			in.Cursor.Style = c.Styles.CursorBlock
			in.PlaceholderStyle = c.Styles.Faint
			in.Width = 12
			in.CharLimit = 40
			in.Placeholder = "a number"
			if i < len(saved.Answers) {
				in.SetValue(saved.Answers[i])
			}
			ins = append(ins, in)
		}
		m.inputs[d.ID] = ins
	}
	return m
}

// newAnswerArea is a free-text answer box (components/editor): several lines,
// wrapped, a steady cursor (idle means idle); enter checks the answer,
// alt+enter (or ctrl+j) starts a new line.
func newAnswerArea(st styles.Styles) *editor.Editor {
	ta := editor.New(editor.DefaultKeys(), editor.Styles{Text: st.Input, Placeholder: st.Faint, Cursor: st.CursorBlock},
		"your answer, in a sentence or two", 800)
	fitArea(ta, 72)
	return ta
}

// fitArea sizes a free-text box to w columns and to as many rows as its
// text takes once wrapped, so all of it is in view up to 16 rows (then it
// scrolls with the cursor).
func fitArea(ta *editor.Editor, w int) {
	ta.SetWidth(max(w, 8))
	rows := ta.Rows()
	if ta.Focused() {
		rows++ // a spare row for the next words
	}
	ta.SetHeight(textlayout.Clamp(rows, 1, 16))
}

func (m *Model) Title() string { return "Drills" }
func (m *Model) Typing() bool {
	return m.active
}
func (m *Model) Resize(_ *common.Session, w, h int) {
	m.w, m.h = w, h
	for _, ta := range m.texts {
		fitArea(ta, m.areaWidth())
	}
}

// areaWidth is the free-text box's width: the line, less its indent.
func (m *Model) areaWidth() int                { return max(m.w-8, 8) }
func (m *Model) Enter(*common.Session) tea.Cmd { return nil }

func (m *Model) current(s *common.Session) (labs.Drill, bool) {
	if len(s.Day.Drills) == 0 {
		return labs.Drill{}, false
	}
	return s.Day.Drills[textlayout.Clamp(m.sel, 0, len(s.Day.Drills)-1)], true
}

// focusField gives the keyboard to box i of the selected drill.
func (m *Model) focusField(d labs.Drill, i int) tea.Cmd {
	if ta, ok := m.texts[d.ID]; ok {
		m.field = 0
		ta.Focus()
		fitArea(ta, m.areaWidth())
		return nil
	}
	ins := m.inputs[d.ID]
	for j := range ins {
		ins[j].Blur()
	}
	if d.Kind == labs.DrillChoice {
		m.field = textlayout.Clamp(i, 0, len(d.Choices)-1)
		return nil
	}
	if len(ins) == 0 {
		return nil
	}
	m.field = textlayout.Clamp(i, 0, len(ins)-1)
	return ins[m.field].Focus()
}

func (m *Model) stop(d labs.Drill) {
	m.active = false
	for j := range m.inputs[d.ID] {
		m.inputs[d.ID][j].Blur()
	}
	if ta, ok := m.texts[d.ID]; ok {
		ta.Blur()
		fitArea(ta, m.areaWidth())
	}
}

func (m *Model) Update(msg tea.Msg, s *common.Session) tea.Cmd {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil
	}
	d, ok := m.current(s)
	if !ok {
		return nil
	}
	lk, fk, dk := m.c.Keys.List, m.c.Keys.Form, m.c.Keys.Drill
	if !m.active {
		switch {
		case key.Matches(k, lk.Up):
			m.sel, m.scroll = max(m.sel-1, 0), 0
		case key.Matches(k, lk.Down):
			m.sel, m.scroll = min(m.sel+1, len(s.Day.Drills)-1), 0
		case key.Matches(k, m.c.Keys.Scroll.PageDown) && k.String() != "f":
			m.scroll = min(m.scroll+max(m.h/2, 1), textlayout.LineCount(m.View(s, m.w, 1<<16)))
		case key.Matches(k, m.c.Keys.Scroll.PageUp) && k.String() != "b":
			m.scroll = max(m.scroll-max(m.h/2, 1), 0)
		case key.Matches(k, lk.Open):
			if s.Answers.Drills[d.ID].Attempted {
				// The model answer is in view: another try would be
				// copied, not worked out, so the first attempt stands.
				s.SetNote(d.ID+": the first attempt stands", false)
				return nil
			}
			if waiting := session.DrillWaiting(d, s.Answers); len(waiting) > 0 {
				// Its model answer shows the moment it is tried, and would
				// give those guesses away: the session keeps it shut.
				s.SetNote(fmt.Sprintf("%s opens once %s %s in: predict first", d.ID, session.Names(waiting), isAre(len(waiting))), false)
				return nil
			}
			m.active = true
			start := 0
			if d.Kind == labs.DrillChoice {
				start = chosen(d, s.Answers.Drills[d.ID])
			}
			return m.focusField(d, start)
		case d.Kind == labs.DrillSelf && s.Answers.Drills[d.ID].Attempted:
			mark := predictions.SelfMark("")
			switch {
			case key.Matches(k, dk.Got):
				mark = predictions.MarkGot
			case key.Matches(k, dk.Partly):
				mark = predictions.MarkPartly
			case key.Matches(k, dk.Missed):
				mark = predictions.MarkMissed
			}
			if mark != "" {
				id, got := d.ID, mark == predictions.MarkGot
				s.SetNote(fmt.Sprintf("%s marked %q", d.ID, mark), false)
				// Only the mark changes: the answer is whatever the file
				// holds when the mark is written.
				return s.Change(m.c.Deps, func(a *predictions.Answers) {
					da := session.CloneDrill(a.Drills[id])
					da.Mark = mark
					ok := got
					da.Correct = &ok
					a.SetDrill(id, da)
				})
			}
		}
		return nil
	}
	switch {
	case key.Matches(k, fk.StopTyping):
		m.stop(d)
		return nil
	case key.Matches(k, fk.Submit):
		return m.check(d, s)
	case key.Matches(k, fk.Prev) && d.Kind != labs.DrillSelf:
		return m.focusField(d, m.field-1)
	case key.Matches(k, fk.Next) && d.Kind != labs.DrillSelf:
		// A free-text drill has one box: up and down move in its lines.
		return m.focusField(d, m.field+1)
	}
	if d.Kind == labs.DrillChoice {
		return nil
	}
	if ta, ok := m.texts[d.ID]; ok {
		ta.Update(msg)
		fitArea(ta, m.areaWidth())
		m.msg[d.ID] = ""
		return nil
	}
	ins := m.inputs[d.ID]
	var cmd tea.Cmd
	ins[m.field], cmd = ins[m.field].Update(msg)
	m.msg[d.ID] = ""
	return cmd
}

// chosen is the option a saved answer picked, or 0.
func chosen(d labs.Drill, a predictions.DrillAnswer) int {
	if len(a.Answers) > 0 {
		for i, c := range d.Choices {
			if c == a.Answers[0] {
				return i
			}
		}
	}
	return 0
}

// within is the numbers check: exact when tol is zero, relative otherwise,
// with a hair of slack for decimal answers that binary cannot hold.
func within(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Abs(want)+1e-9*math.Max(1, math.Abs(want))
}

// check judges the selected drill and saves the attempt. A drill already
// checked keeps its record: its model answer is out.
func (m *Model) check(d labs.Drill, s *common.Session) tea.Cmd {
	if s.Answers.Drills[d.ID].Attempted {
		m.stop(d)
		s.SetNote(d.ID+": the first attempt stands", false)
		return nil
	}
	a := predictions.DrillAnswer{Attempted: true}
	switch d.Kind {
	case labs.DrillNumbers:
		ok := true
		for i, f := range d.Fields {
			text := m.inputs[d.ID][i].Value()
			v, err := predictions.Parse(text, labs.Prediction{Unit: f.Unit})
			if err != nil {
				m.msg[d.ID] = f.Label + ": " + err.Error()
				return m.focusField(d, i)
			}
			a.Answers = append(a.Answers, strings.TrimSpace(text))
			ok = ok && within(v, f.Want, f.Tolerance)
		}
		a.Correct = &ok
	case labs.DrillChoice:
		if len(d.Choices) == 0 {
			return nil
		}
		ok := m.field == d.Correct
		a.Answers, a.Correct = []string{d.Choices[m.field]}, &ok
	case labs.DrillSelf:
		text := strings.TrimSpace(m.texts[d.ID].Value())
		if text == "" {
			m.msg[d.ID] = "write your answer first, even a rough one: the model answer shows after an attempt"
			return nil
		}
		a.Answers = []string{text}
		a.Mark = s.Answers.Drills[d.ID].Mark
	}
	m.msg[d.ID] = ""
	id, self := d.ID, d.Kind == labs.DrillSelf
	save := s.Change(m.c.Deps, func(x *predictions.Answers) {
		da := session.CloneDrill(a)
		if self {
			da.Mark = x.Drills[id].Mark // a mark made meanwhile stays
		}
		x.SetDrill(id, da)
	})
	m.stop(d)
	switch {
	case a.Correct == nil:
		s.SetNote(d.ID+" answered: compare with the model answer, then mark it (g/p/m)", false)
	case *a.Correct:
		s.SetNote(d.ID+" is right", false)
	case drillState(d, a) == drillPartly:
		s.SetNote(d.ID+" is partly right: read the model answer", true)
	default:
		s.SetNote(d.ID+" is not right yet: read the model answer", true)
	}
	return save
}

// Refresh puts answers that changed under the screen (saved from another
// shell) in the drills' boxes.
func (m *Model) Refresh(old, now predictions.Answers, s *common.Session) {
	for _, d := range s.Day.Drills {
		a := now.Drills[d.ID]
		if slices.Equal(a.Answers, old.Drills[d.ID].Answers) || len(a.Answers) == 0 {
			continue
		}
		for i := range m.inputs[d.ID] {
			if i < len(a.Answers) {
				m.inputs[d.ID][i].SetValue(a.Answers[i])
			}
		}
	}
}

func (m *Model) View(s *common.Session, w, h int) string {
	st := m.c.Styles
	if len(s.Day.Drills) == 0 {
		return st.Dim.Render("This day has no drills.")
	}
	attempted := 0
	for _, d := range s.Day.Drills {
		if s.Answers.Drills[d.ID].Attempted {
			attempted++
		}
	}
	var lines []string
	add := func(s string) { lines = append(lines, strings.Split(s, "\n")...) }
	add(textlayout.Trunc(st.Title.Render("Drills")+st.Dim.Render(fmt.Sprintf(" · %d of %d attempted · work them on paper, then check", attempted, len(s.Day.Drills))), w))
	add("")
	tw := max(w-6, 8)
	top, ansEnd, cursor := 0, 0, -1
	for i, d := range s.Day.Drills {
		a := s.Answers.Drills[d.ID]
		mark := drillMark(d, a, st)
		if i != textlayout.Clamp(m.sel, 0, len(s.Day.Drills)-1) {
			add(textlayout.Trunc(fmt.Sprintf("  %s %s  %s", st.Dim.Render(textlayout.Pad(d.ID, 3)), mark, st.Dim.Render(d.Question)), w))
			continue
		}
		top = len(lines)
		// The first line's prefix ("› D3  · ") is 8 wide: wrap to what is
		// left, or its last word runs past the edge and is cut.
		for j, q := range strings.Split(textlayout.Wrap(d.Question, max(w-8, 8)), "\n") {
			if j == 0 {
				add(fmt.Sprintf("%s %s %s %s", st.Cursor.Render("›"), st.Cursor.Render(textlayout.Pad(d.ID, 3)), mark, q))
			} else {
				add("        " + q)
			}
		}
		if ta, ok := m.texts[d.ID]; ok && m.active {
			cursor = len(lines) + ta.CursorLine()
		}
		for _, l := range m.answerLines(d, a, s, tw) {
			add(l)
		}
		if msg := m.msg[d.ID]; msg != "" {
			add(textlayout.Indent(textlayout.StyleLines(st.InputErr, textlayout.Wrap("✗ "+msg, tw)), "      "))
		}
		ansEnd = len(lines)
		if a.Attempted {
			add(textlayout.Indent(st.Title.Render("Model answer")+st.Dim.Render(" · checked: your first attempt stays on record"), "      "))
			add(textlayout.Indent(textlayout.StyleLines(st.Dim, textlayout.Wrap(d.Model, tw)), "      "))
			if d.Kind == labs.DrillSelf {
				label := "How did you do? g got it · p partly · m missed it"
				if a.Mark != "" {
					label = fmt.Sprintf("You marked it %q (g/p/m to change)", a.Mark)
				}
				add(textlayout.Indent(textlayout.StyleLines(st.Accent, textlayout.Wrap(label, tw)), "      "))
			}
		} else if waiting := session.DrillWaiting(d, s.Answers); len(waiting) > 0 {
			add(textlayout.Indent(textlayout.StyleLines(st.Dim, textlayout.Wrap(fmt.Sprintf("opens once %s %s in: its model answer would give %s away", session.Names(waiting), isAre(len(waiting)), itThem(len(waiting))), tw)), "      "))
		} else if !m.active {
			add(textlayout.Indent(st.Dim.Render("enter to answer; the model answer shows after your attempt"), "      "))
		}
	}
	// The selected drill's answer boxes stay in view, above the "↓ more"
	// line when there is more below, and the cursor's row in a box taller
	// than the screen; pgup/pgdn read on.
	room := h
	if ansEnd < len(lines) && h >= 3 {
		room = h - 1
	}
	off := 0
	if ansEnd > room {
		off = top
	}
	if ansEnd-off > room {
		off = ansEnd - room
	}
	if cursor >= 0 && cursor < off {
		off = cursor
	}
	return textlayout.Scrolled(strings.Join(lines, "\n"), off+m.scroll, h, st.Dim)
}

// drillMark is a drill's state in one glyph, each of the three outcomes its
// own shape so they differ without colour (NO_COLOR): ✓ right, ◐ partly
// (a self-marked "partly", or some of a drill's numbers right), ✗ missed;
// ? waits for a self-mark, · not attempted.
func drillMark(d labs.Drill, a predictions.DrillAnswer, st styles.Styles) string {
	switch drillState(d, a) {
	case drillRight:
		return st.Good.Render("✓")
	case drillPartly:
		return st.Warn.Render("◐")
	case drillMissed:
		return st.Bad.Render("✗")
	case drillUnmarked:
		return st.Warn.Render("?")
	}
	return st.Dim.Render("·")
}

// The states of a drill, as drillMark shows them.
const (
	drillOpen = iota
	drillUnmarked
	drillRight
	drillPartly
	drillMissed
)

// drillState reads a saved attempt: a self-assessed drill by its mark, a
// numeric one by how many of its numbers are right, a choice by Correct.
func drillState(d labs.Drill, a predictions.DrillAnswer) int {
	switch {
	case !a.Attempted:
		return drillOpen
	case d.Kind == labs.DrillSelf || a.Mark != "":
		switch a.Mark {
		case predictions.MarkGot:
			return drillRight
		case predictions.MarkPartly:
			return drillPartly
		case predictions.MarkMissed:
			return drillMissed
		}
		return drillUnmarked
	case d.Kind == labs.DrillNumbers && len(d.Fields) > 1:
		right := 0
		for i, f := range d.Fields {
			if i < len(a.Answers) && fieldRight(a.Answers[i], f) {
				right++
			}
		}
		switch right {
		case len(d.Fields):
			return drillRight
		case 0:
			return drillMissed
		}
		return drillPartly
	case a.Correct == nil:
		return drillUnmarked
	case *a.Correct:
		return drillRight
	}
	return drillMissed
}

// fieldRight reports whether a saved answer to one number of a drill is
// right.
func fieldRight(text string, f labs.DrillField) bool {
	v, err := predictions.Parse(text, labs.Prediction{Unit: f.Unit})
	return err == nil && within(v, f.Want, f.Tolerance)
}

// answerLines are the selected drill's boxes or options, with the checked
// result beside each once attempted.
func (m *Model) answerLines(d labs.Drill, a predictions.DrillAnswer, s *common.Session, tw int) []string {
	st := m.c.Styles
	var out []string
	switch d.Kind {
	case labs.DrillNumbers:
		lw := 0
		for _, f := range d.Fields {
			lw = max(lw, textlayout.Width(f.Label))
		}
		for i, f := range d.Fields {
			box := m.inputs[d.ID][i].View()
			result := ""
			if a.Attempted && i < len(a.Answers) {
				if fieldRight(a.Answers[i], f) {
					result = st.Good.Render("✓")
				} else {
					result = st.Bad.Render("✗ want " + predictions.FormatValue(f.Want, f.Unit))
				}
				if f.Tolerance > 0 {
					result += st.Dim.Render(fmt.Sprintf(" (±%g%%)", f.Tolerance*100))
				}
			}
			out = append(out, fmt.Sprintf("      %s %s%s%s %s  %s", textlayout.Pad(f.Label, lw), st.Dim.Render("["), textlayout.Pad(box, 13), st.Dim.Render("]"), f.Unit, result))
		}
	case labs.DrillChoice:
		pick := chosen(d, a)
		for i, c := range d.Choices {
			cur := "  "
			if m.active && i == m.field {
				cur = st.Cursor.Render("› ")
			}
			box := "( )"
			if a.Attempted && i == pick {
				box = "(•)"
			}
			text := c
			if a.Attempted && i == d.Correct {
				text = st.Good.Render(c + "  ✓")
			} else if a.Attempted && i == pick {
				text = st.Bad.Render(c + "  ✗")
			}
			out = append(out, textlayout.Indent(textlayout.Wrap(cur+box+" "+text, tw), "    "))
		}
	case labs.DrillSelf:
		ta := m.texts[d.ID]
		for i, l := range strings.Split(ta.View(), "\n") {
			lead := "        "
			if i == 0 {
				lead = "      " + st.Dim.Render("› ")
			}
			out = append(out, lead+strings.TrimRight(l, " "))
		}
	}
	return out
}

func (m *Model) Help(s *common.Session) keymap.KeyMap {
	lk, fk, dk := m.c.Keys.List, m.c.Keys.Form, m.c.Keys.Drill
	if m.active {
		check := key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "check"))
		if d, ok := m.current(s); ok && d.Kind == labs.DrillSelf {
			nl := key.NewBinding(key.WithKeys("alt+enter"), key.WithHelp("alt+enter", "new line"))
			return keymap.KeyMap{Short: []key.Binding{check, nl, fk.StopTyping}, Full: [][]key.Binding{{check, nl, fk.StopTyping}}}
		}
		return keymap.KeyMap{Short: []key.Binding{check, fk.Next, fk.StopTyping}, Full: [][]key.Binding{{check, fk.Next, fk.Prev, fk.StopTyping}}}
	}
	answer := key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "answer"))
	short := []key.Binding{lk.Up, lk.Down, answer}
	if d, ok := m.current(s); ok && s.Answers.Drills[d.ID].Attempted {
		short = short[:2] // checked: the first attempt stands
		if d.Kind == labs.DrillSelf {
			short = append(short, dk.Got)
		}
	}
	return keymap.KeyMap{Short: short, Full: [][]key.Binding{{lk.Up, lk.Down, answer}, {dk.Got}}}
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func itThem(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
