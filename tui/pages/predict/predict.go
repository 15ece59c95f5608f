package predict

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/keymap"
)

// predictModel is the predict-first form: one text box per prediction of
// the day, checked as the learner types with predictions.Parse (its message
// shown as it is). It asks for the predictions of the parts about to play
// (the course day's first, then each later part's just before it); a part
// plays once its own are recorded or skipped. After a part has revealed
// its actual the learner may still change a row; predictions.Answers keeps
// the first guess on record and the scoreboard says the row was revised.
//
// A box never passes off an edit as saved: what differs from the stored
// guess is marked unsaved until enter records it, and leaving the row puts
// the stored guess back.
type Model struct {
	c      *common.Common
	Inputs []textinput.Model
	msgs   []string // the latest refusal per row, "" when none
	Focus  int
	active bool // a text box has the focus
	// Peek scrolls the focused prediction's lines past what fits under its
	// box (how to think about it, a note), with pgdn and pgup; it is the
	// focused row's own, so moving to another row resets it.
	Peek int
	W, H int
	s    *common.Session // the day's, for putting stored guesses back
}

func New(c *common.Common, s *common.Session) *Model {
	m := &Model{c: c, s: s}
	for _, p := range s.Day.Predictions {
		in := textinput.New()
		in.Prompt = ""
		in.Placeholder = "a number"
		in.CharLimit = 40
		in.Width = 14
		// A blinking cursor ticks forever; idle means idle.
		in.Cursor.SetMode(cursor.CursorStatic)
		in.Cursor.Style = c.Styles.CursorBlock
		in.PlaceholderStyle = c.Styles.Faint
		in.TextStyle = c.Styles.Input
		if v, ok := s.Answers.Value(p.ID); ok {
			in.SetValue(plain(v))
		}
		m.Inputs = append(m.Inputs, in)
		m.msgs = append(m.msgs, "")
	}
	return m
}

func (m *Model) Title() string { return "Predict" }
func (m *Model) Typing() bool  { return m.active }

func (m *Model) Resize(s *common.Session, w, h int) { m.W, m.H = w, h }

// Enter puts the cursor on the first row still open of the parts about to
// play, without opening its box: the number keys change screens until the
// learner opens it (enter or e), so a learner passing through to screen 5
// never types "5" into a guess.
func (m *Model) Enter(s *common.Session) tea.Cmd {
	if len(m.Inputs) == 0 {
		return nil
	}
	if _, ok := s.Due(); ok {
		m.Focus = m.firstOpen(s, 0)
	}
	return m.SetActive(false)
}

func (m *Model) SetActive(on bool) tea.Cmd {
	m.active = on
	for i := range m.Inputs {
		m.Inputs[i].Blur()
	}
	if !on {
		m.revert(m.Focus)
	}
	if on && len(m.Inputs) > 0 {
		return m.Inputs[m.Focus].Focus()
	}
	return nil
}

// firstOpen is the first row from i on (wrapping) with neither a guess nor
// a skip among the predictions due now (the parts about to play); i itself
// when they are all done.
func (m *Model) firstOpen(s *common.Session, from int) int {
	n := len(s.Day.Predictions)
	g, ok := s.Due()
	if !ok {
		return textlayout.Clamp(from, 0, n-1)
	}
	due := map[string]bool{}
	for _, pr := range g.Preds {
		due[pr.ID] = true
	}
	for k := range n {
		i := (from + k) % n
		if id := s.Day.Predictions[i].ID; due[id] && !s.Answered(id) {
			return i
		}
	}
	return textlayout.Clamp(from, 0, n-1)
}

func (m *Model) move(to int) tea.Cmd {
	if len(m.Inputs) == 0 {
		return nil
	}
	m.revert(m.Focus)
	m.Focus, m.Peek = textlayout.Clamp(to, 0, len(m.Inputs)-1), 0
	return m.SetActive(m.active)
}

// stored is row i's guess on record as its box writes it ("" for none).
func (m *Model) stored(s *common.Session, i int) string {
	if v, ok := s.Answers.Value(s.Day.Predictions[i].ID); ok {
		return plain(v)
	}
	return ""
}

// dirty reports an edit in row i's box that is not recorded.
func (m *Model) dirty(s *common.Session, i int) bool {
	return strings.TrimSpace(m.Inputs[i].Value()) != m.stored(s, i)
}

// revert puts the stored guess back in row i's box: an edit left without
// enter was never recorded, so the box must not keep showing it.
func (m *Model) revert(i int) {
	if i < 0 || i >= len(m.Inputs) || m.s == nil {
		return
	}
	if m.dirty(m.s, i) {
		m.Inputs[i].SetValue(m.stored(m.s, i))
		m.msgs[i] = ""
	}
}

func (m *Model) Update(msg tea.Msg, s *common.Session) tea.Cmd {
	k, isKey := msg.(tea.KeyMsg)
	if !isKey || len(m.Inputs) == 0 {
		return nil
	}
	fk, lk, sk := m.c.Keys.Form, m.c.Keys.List, m.c.Keys.Scroll
	p := s.Day.Predictions[m.Focus]
	// pgdn and pgup only (not space or f, which type into an open box).
	switch k.Type {
	case tea.KeyPgDown:
		_, _, room, _ := m.Layout(s, m.W, m.H)
		m.Peek = min(m.Peek+max(m.H/2, 1), room)
		return nil
	case tea.KeyPgUp:
		m.Peek = max(m.Peek-max(m.H/2, 1), 0)
		return nil
	}
	_ = sk
	if key.Matches(k, fk.Think) && p.Think != "" {
		// Shown on request only, box open or not, and the request is
		// recorded, so the scoreboard's record says which guesses had help.
		id := p.ID
		return s.Change(m.c.Deps, func(a *predictions.Answers) { a.AskHow(id) })
	}
	if key.Matches(k, fk.Sure) {
		return m.cycleSure(s, p)
	}
	if !m.active {
		switch {
		case key.Matches(k, lk.Up):
			return m.move(m.Focus - 1)
		case key.Matches(k, lk.Down):
			return m.move(m.Focus + 1)
		case key.Matches(k, fk.Type):
			return m.SetActive(true)
		}
		return nil
	}
	switch {
	case key.Matches(k, fk.StopTyping):
		return m.SetActive(false)
	case key.Matches(k, fk.Prev):
		return m.move(m.Focus - 1)
	case key.Matches(k, fk.Next):
		return m.move(m.Focus + 1)
	case key.Matches(k, fk.Skip):
		before, hadDue := s.Due()
		id := p.ID
		save := s.Change(m.c.Deps, func(a *predictions.Answers) { a.Skip(id) })
		m.Inputs[m.Focus].SetValue("")
		m.msgs[m.Focus] = ""
		s.SetNote(p.ID+" skipped: it will show on the scoreboard without a verdict", false)
		return tea.Batch(save, m.afterRecord(s, p, before, hadDue, true))
	case key.Matches(k, fk.Submit):
		return m.submit(s, p)
	}
	var cmd tea.Cmd
	m.Inputs[m.Focus], cmd = m.Inputs[m.Focus].Update(msg)
	// Inline validation: say what is wrong while typing, but not about an
	// empty box, which is only a problem once the learner presses enter.
	m.msgs[m.Focus] = ""
	if v := m.Inputs[m.Focus].Value(); strings.TrimSpace(v) != "" {
		if _, err := predictions.Parse(v, p); err != nil {
			m.msgs[m.Focus] = err.Error()
		}
	}
	return cmd
}

// cycleSure moves the focused guess's confidence on (sure, likely, guess,
// not said). Once the answer is out it stays as it was: a level chosen
// with the answer in view would be hindsight (predictions.SetConfidence
// refuses it too, should the reveal land on disk first).
func (m *Model) cycleSure(s *common.Session, p labs.Prediction) tea.Cmd {
	g := s.Answers.Predictions[p.ID]
	if g.Revealed {
		s.SetNote(p.ID+"'s answer is out: how sure you were stays as it was when you guessed", false)
		return nil
	}
	next, id := g.Confidence.Next(), p.ID
	save := s.Change(m.c.Deps, func(a *predictions.Answers) { _ = a.SetConfidence(id, next) })
	if next == "" {
		s.SetNote(p.ID+": how sure, not said", false)
	} else {
		s.SetNote(fmt.Sprintf("%s: %s (ctrl+g again to change it)", p.ID, next), false)
	}
	return save
}

// submit records the focused row when it parses.
func (m *Model) submit(s *common.Session, p labs.Prediction) tea.Cmd {
	text := m.Inputs[m.Focus].Value()
	v, err := predictions.Parse(text, p)
	if err != nil {
		msg := err.Error()
		if strings.TrimSpace(text) == "" {
			msg += " (or ctrl+x to skip it)"
		}
		m.msgs[m.Focus] = msg
		return nil
	}
	m.msgs[m.Focus] = ""
	before, hadDue := s.Due()
	old, had := s.Answers.Value(p.ID)
	if had && old == v {
		// Enter on a row already recorded: move on, or run when its part
		// can play.
		m.Inputs[m.Focus].SetValue(plain(v))
		return m.afterRecord(s, p, before, hadDue, false)
	}
	id := p.ID
	save := s.Change(m.c.Deps, func(a *predictions.Answers) { a.Set(id, v) })
	m.Inputs[m.Focus].SetValue(plain(v))
	g := s.Answers.Predictions[p.ID]
	switch {
	case g.Revised:
		first := "no guess"
		if g.Scored != nil {
			first = predictions.FormatValue(*g.Scored, p.Unit)
		}
		s.SetNote(fmt.Sprintf("%s revised to %s; the scoreboard still judges the guess on record at the reveal (%s)", p.ID, predictions.FormatValue(v, p.Unit), first), false)
	default:
		s.SetNote(fmt.Sprintf("%s = %s recorded", p.ID, predictions.FormatValue(v, p.Unit)), false)
	}
	return tea.Batch(save, m.afterRecord(s, p, before, hadDue, true))
}

// Refresh shows answers that changed under the form (saved from another
// shell): a row whose stored guess moved gets the new number in its box.
// A row whose guess went away keeps what is typed in it.
func (m *Model) Refresh(old, now predictions.Answers, s *common.Session) {
	for i, p := range s.Day.Predictions {
		if i >= len(m.Inputs) {
			break
		}
		v, ok := now.Value(p.ID)
		was, had := old.Value(p.ID)
		switch {
		case ok && (!had || v != was):
			m.Inputs[i].SetValue(plain(v))
			m.msgs[i] = ""
		case now.Predictions[p.ID].Skipped && !old.Predictions[p.ID].Skipped:
			m.Inputs[i].SetValue("")
			m.msgs[i] = ""
		}
	}
}

// afterRecord moves to the next open row of the parts about to play. The
// record that completes them goes to the run, where they play; so does
// enter on a recorded row whose parts can play.
func (m *Model) afterRecord(s *common.Session, p labs.Prediction, before common.Stage, hadDue, changed bool) tea.Cmd {
	now, ok := s.Due()
	completed := hadDue && (!ok || now.Preds[0].ID != before.Preds[0].ID)
	own := s.StageOf(p.ID)
	if completed || (!changed && s.StageAnswered(own)) {
		part := ""
		if len(own.Parts) > 0 {
			part = own.Parts[0].ID
		}
		return func() tea.Msg { return common.SwitchTabMsg{Tab: common.TabRun, Part: part} }
	}
	if ok {
		return m.move(m.firstOpen(s, m.Focus+1))
	}
	return m.move(m.Focus + 1)
}

func (m *Model) View(s *common.Session, w, h int) string {
	lines, off, room, focusEnd := m.Layout(s, w, h)
	off += min(m.Peek, room) // pgdn clamps it; a resize may leave less room
	out, _ := textlayout.Window(strings.Join(lines, "\n"), off, h)
	if off+h < focusEnd && h >= 3 {
		out = strings.Join(append(strings.Split(out, "\n")[:h-1], m.c.Styles.Dim.Render("↓ pgdn: the rest of "+s.Day.Predictions[m.Focus].ID)), "\n")
	}
	return out
}

// Layout is the screen's lines at w×h, one element per screen line; off
// is the first line shown before any pgdn, room how much further pgdn
// goes (to the focused row's last line), focusEnd the line after that row.
func (m *Model) Layout(s *common.Session, w, h int) (lines []string, off, room, focusEnd int) {
	lines = append(strings.Split(m.header(s, w), "\n"), "")
	later := laterStages(s)
	focusTop, focusLen, inputEnd := 0, 0, 0
	for i, p := range s.Day.Predictions {
		if i != m.Focus {
			lines = append(lines, m.row(s, p, later, w))
			continue
		}
		focused, boxEnd := m.focused(s, i, p, w)
		focusTop, focusLen, inputEnd = len(lines), len(focused), len(lines)+boxEnd
		lines = append(lines, focused...)
	}
	// Keep the focused row in view, whole when it fits: its question, its
	// box and message, then how to think about it and any note. On a short
	// screen the box wins over the question's start, and pgdn shows what
	// is left of the row under it.
	focusEnd = focusTop + focusLen
	if focusEnd > h {
		off = min(focusTop, focusEnd-h)
	}
	if inputEnd-off > h {
		off = inputEnd - h
	}
	room = max(max(focusEnd-h, off)-off, 0)
	return lines, off, room, focusEnd
}

// header says what the screen asks for now: the stage due, or that every
// prediction is made.
func (m *Model) header(s *common.Session, w int) string {
	st := m.c.Styles
	_, total := s.Predicted()
	due, open := s.Due()
	if !open {
		return textlayout.StyleLines(st.Good, textlayout.Wrap(fmt.Sprintf("All %d predictions made. Enter opens a row's box; enter in a box goes to the run.", total), w))
	}
	done := 0
	for _, pr := range due.Preds {
		if s.Answered(pr.ID) {
			done++
		}
	}
	// The run has happened (the status line may say so); what waits is
	// the replay and the reveal of these parts.
	head := st.Title.Render("Predict first") + st.Dim.Render(fmt.Sprintf(" · %d of %d made", done, len(due.Preds)))
	verb := "play"
	if len(due.Parts) == 1 {
		verb = "plays"
	}
	return head + "\n" + textlayout.StyleLines(st.Dim, textlayout.Wrap(fmt.Sprintf("%s %s once %s; later parts ask for theirs just before they play.", common.PartNames(due.Parts), verb, common.Made(due.Preds)), w))
}

// laterStages is, per prediction of a stage after the one due, when it is
// asked for ("before Part 4").
func laterStages(s *common.Session) map[string]string {
	later := map[string]string{}
	due, open := s.Due()
	if !open {
		return later
	}
	past := false
	for _, g := range s.Stages() {
		if len(g.Preds) > 0 && g.Preds[0].ID == due.Preds[0].ID {
			past = true
			continue
		}
		if past {
			for _, pr := range g.Preds {
				later[pr.ID] = "before " + common.PartNames(g.Parts)
			}
		}
	}
	return later
}

// mark is a prediction's state in one glyph.
func (m *Model) mark(g predictions.Guess) string {
	st := m.c.Styles
	switch {
	case g.Skipped:
		return st.Warn.Render("↷")
	case g.Value != nil:
		// Recorded, not judged: a ✓ here read as "correct" before any
		// actual was out.
		return st.Accent.Render("●")
	}
	return st.Dim.Render("·")
}

// row is a prediction not in focus, on one line.
func (m *Model) row(s *common.Session, p labs.Prediction, later map[string]string, w int) string {
	st := m.c.Styles
	g := s.Answers.Predictions[p.ID]
	val := st.Dim.Render("—")
	if when, ok := later[p.ID]; ok && !s.Answered(p.ID) {
		val = st.Faint.Render(when)
	}
	if g.Skipped {
		val = st.Warn.Render("skipped")
	} else if g.Value != nil {
		val = predictions.FormatValue(*g.Value, p.Unit)
	}
	if g.Revised {
		val += st.Warn.Render("*") // judged on the first guess
	}
	return textlayout.Trunc(fmt.Sprintf("  %s %s %s  %s", st.Dim.Render(textlayout.Pad(p.ID, 3)), m.mark(g), textlayout.Pad(val, 14), st.Dim.Render(p.Question)), w)
}

// focused is the prediction in focus: its whole question, its box and
// what it says, then how to think about it and the note on a revealed
// guess. boxEnd is how many of its lines run to the end of the box and
// its message, which a short screen keeps in view first.
func (m *Model) focused(s *common.Session, i int, p labs.Prediction, w int) (lines []string, boxEnd int) {
	st := m.c.Styles
	g := s.Answers.Predictions[p.ID]
	tw := max(w-6, 8)
	cur := st.Cursor.Render("›")
	question := p.Question
	if p.Span != "" {
		question += " (" + p.Span + ")"
	}
	for j, ql := range strings.Split(textlayout.Wrap(question, tw), "\n") {
		if j == 0 {
			lines = append(lines, fmt.Sprintf("%s %s %s", cur, st.Cursor.Render(textlayout.Pad(p.ID, 3)), ql))
		} else {
			lines = append(lines, "      "+ql)
		}
	}
	box := m.Inputs[i].View()
	if !m.active {
		box = m.stored(s, i)
		if box == "" {
			box = st.Faint.Render("a number")
		}
	}
	status := m.boxStatus(s, i, g)
	boxLine := "      " + st.Dim.Render("[") + textlayout.Pad(box, 15) + st.Dim.Render("]") + " " + p.Unit
	if textlayout.Width(boxLine+"  "+status) <= w || status == "" {
		lines = append(lines, boxLine+"  "+status)
	} else {
		// A narrow screen: the state under the box, whole, not cut.
		lines = append(lines, boxLine, "      "+status)
	}
	if msg := m.msgs[i]; msg != "" {
		for _, l := range strings.Split(textlayout.Wrap("✗ "+msg, tw), "\n") {
			lines = append(lines, "      "+st.InputErr.Render(l))
		}
	}
	boxEnd = len(lines)
	// After the box, which a short screen keeps in view first.
	switch {
	case p.Think != "" && g.AskedHow:
		lines = append(lines, strings.Split(textlayout.Indent(textlayout.StyleLines(st.Accent, textlayout.Wrap("how to think about it: "+p.Think, tw)), "      "), "\n")...)
	case p.Think != "":
		lines = append(lines, "      "+st.Faint.Render(textlayout.Trunc("ctrl+t: how to think about it · ctrl+g: how sure", tw)))
	}
	if g.Revealed {
		note := "the actual is out: a change now is marked revised, and the scoreboard keeps judging "
		if g.Scored != nil {
			note += "your first guess, " + predictions.FormatValue(*g.Scored, p.Unit)
		} else {
			note += "the empty guess on record"
		}
		for _, l := range strings.Split(textlayout.Wrap(note, tw), "\n") {
			lines = append(lines, "      "+st.Dim.Render(l))
		}
	}
	return lines, boxEnd
}

// boxStatus says what is in the focused box: typed and not saved,
// revised, skipped or recorded, and how to open it while it is closed.
func (m *Model) boxStatus(s *common.Session, i int, g predictions.Guess) string {
	st := m.c.Styles
	status := ""
	switch {
	case m.active && m.dirty(s, i) && strings.TrimSpace(m.Inputs[i].Value()) != "":
		// Typed after a record (or before the first): not on file until
		// enter.
		status = st.Warn.Render("✎ not saved: enter records it")
	case g.Revised:
		status = st.Warn.Render("revised after the reveal")
	case g.Skipped:
		status = st.Warn.Render("skipped")
	case g.Value != nil:
		status = st.Accent.Render("● recorded")
	}
	if g.Confidence != "" {
		if status != "" {
			status += st.Dim.Render(" · ")
		}
		status += st.Accent.Render(string(g.Confidence))
	}
	if m.active {
		return status
	}
	// The box is closed, and digits do not go in until it is opened: say
	// how, so a learner does not type into nothing.
	open := st.Key.Render("enter") + st.Dim.Render(" or ") + st.Key.Render("e") + st.Dim.Render(" to type")
	if status == "" {
		return open
	}
	return status + st.Dim.Render(" · ") + open
}

func (m *Model) Help(s *common.Session) keymap.KeyMap {
	fk, lk := m.c.Keys.Form, m.c.Keys.List
	if !m.active {
		return keymap.KeyMap{Short: []key.Binding{lk.Up, lk.Down, fk.Type}, Full: [][]key.Binding{{lk.Up, lk.Down, fk.Type, fk.Think, fk.Sure}}}
	}
	submit := fk.Submit
	if _, open := s.Due(); !open {
		submit = key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "record / run"))
	}
	return keymap.KeyMap{
		Short: []key.Binding{submit, fk.Skip, fk.Next, fk.StopTyping},
		Full:  [][]key.Binding{{submit, fk.Skip, fk.Think, fk.Sure}, {fk.Next, fk.Prev, fk.StopTyping}},
	}
}

// plain writes a stored guess back into its box exactly, so pressing enter
// on it records the same number (FormatValue rounds for display).
func plain(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
