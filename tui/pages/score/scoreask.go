package score

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"termlab/labs"
	"termlab/record/predictions"
	learner "termlab/record/session"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/pages/results"
)

// The Scoreboard's two questions back to the learner, drawn in a panel
// pinned under its headings:
//
//   - After a miss, their own line on why it came out differently
//     (predictions.ToExplain), asked before the lab's why is shown
//     (predictions.WhyShown): e opens the box, enter records the line, esc
//     passes; either is recorded through the day's record, as the shell's
//     `explain` and `run` do.
//   - Practice: a revealed question with a figure asked again with new
//     numbers (record/session.Practice, the engine of the shell's
//     `practice`): n deals a variant (or shows the one open), the learner
//     types a guess, and only then is the figure played on the reference
//     at those numbers and the guess judged; the streak follows.

// askState is the Scoreboard's panel: the explain box and the practice.
type askState struct {
	why     textinput.Model
	whyOpen bool // the explain box has the keyboard

	pick     string // the question n practises
	POpen    bool   // the practice panel is on screen
	guess    textinput.Model
	guessing bool // the guess box has the keyboard
	judging  bool // the guess is in; the reference plays the variant
	pMsg     string
	last     *predictions.Tried // the variant just judged, with its answer
	// The record's change number of the variant dealt or answered, until
	// a write takes it, so a change that did not reach the file is told.
	saving               int
	savingID, savingWhat string
	ref                  common.RefFrames // the reference's player, made on first use
}

// PracticeMsg is a variant played on the reference after the learner's
// guess: what the guess is judged against.
type PracticeMsg struct {
	id    string
	open  labs.Values
	guess float64
	fr    labs.Frame
}

func newBox(c *common.Common, placeholder string, limit, w int) textinput.Model {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = placeholder
	in.CharLimit = limit
	in.Width = w
	in.Cursor.SetMode(cursor.CursorStatic) // idle means idle
	in.Cursor.Style = c.Styles.CursorBlock
	in.PlaceholderStyle = c.Styles.Faint
	in.TextStyle = c.Styles.Input
	return in
}

func newAsk(c *common.Common) askState {
	return askState{
		why:   newBox(c, "one line of your own", predictions.MaxExplanation, 30),
		guess: newBox(c, "a number", 40, 12),
	}
}

// ToExplain is the first row whose miss waits for the learner's line.
func ToExplain(s *common.Session) (predictions.Row, bool) {
	for _, r := range s.Rows() {
		if predictions.ToExplain(r, s.Answers.Predictions[r.ID]) {
			return r, true
		}
	}
	return predictions.Row{}, false
}

// practicable is the day's questions that can be practised now: revealed
// on record, with a figure to deal from.
func practicable(s *common.Session) []string {
	var out []string
	for _, id := range learner.Practicable(s.Day) {
		if s.Answers.Predictions[id].Revealed {
			out = append(out, id)
		}
	}
	return out
}

// pickOf is the question n practises: the one picked, while it may be.
func (m *Model) pickOf(s *common.Session) string {
	ids := practicable(s)
	if slices.Contains(ids, m.Ask.pick) {
		return m.Ask.pick
	}
	if len(ids) == 0 {
		return ""
	}
	return ids[0]
}

// askKey takes a key for the panel; false when it is not the panel's.
func (m *Model) askKey(k tea.KeyMsg, s *common.Session) (tea.Cmd, bool) {
	sk, a := m.c.Keys.Score, &m.Ask
	switch {
	case a.whyOpen:
		return m.whyKey(k, s), true
	case a.guessing:
		return m.guessKey(k, s), true
	case a.POpen && key.Matches(k, sk.Close):
		a.POpen, a.last, a.pMsg = false, nil, ""
		return nil, true
	case key.Matches(k, sk.Practice):
		return m.deal(s), true
	case key.Matches(k, sk.Pick):
		ids := practicable(s)
		if len(ids) < 2 {
			return nil, true
		}
		i := slices.Index(ids, m.pickOf(s))
		step := 1
		if k.String() == "left" || k.String() == "h" {
			step = -1
		}
		a.pick = ids[(i+step+len(ids))%len(ids)]
		a.POpen, a.last, a.pMsg = false, nil, ""
		return nil, true
	case !a.POpen && key.Matches(k, sk.Explain):
		if _, ok := ToExplain(s); !ok {
			return nil, false
		}
		a.whyOpen = true
		a.why.SetValue("")
		return a.why.Focus(), true
	}
	return nil, false
}

// whyKey is a key in the explain box: enter records the line, esc passes;
// both go on record, and only then does the lab's why show.
func (m *Model) whyKey(k tea.KeyMsg, s *common.Session) tea.Cmd {
	sk, a := m.c.Keys.Score, &m.Ask
	r, ok := ToExplain(s)
	if !ok { // answered meanwhile, from another shell
		a.whyOpen = false
		a.why.Blur()
		return nil
	}
	id := r.ID
	switch {
	case key.Matches(k, sk.Pass):
		a.whyOpen = false
		a.why.Blur()
		s.SetNote(id+": passed; the lab's why is below it", false)
		return s.Change(m.c.Deps, func(x *predictions.Answers) { _ = x.SkipExplain(id) })
	case key.Matches(k, sk.Record):
		text, err := predictions.CleanExplanation(a.why.Value())
		if err != nil {
			s.SetNote(id+": write one line of your own, or esc to pass", true)
			return nil
		}
		a.whyOpen = false
		a.why.Blur()
		s.SetNote(id+": your line is kept, the lab's why beside it", false)
		save := s.Change(m.c.Deps, func(x *predictions.Answers) { _ = x.Explain(id, text) })
		if results.Refuse(s) != "" {
			return save
		}
		// RESULTS.md's block keeps the line beside the lab's why, as the
		// shell's next run writes it.
		return tea.Batch(save, func() tea.Msg { return results.WriteRequestMsg{Auto: true} })
	}
	var cmd tea.Cmd
	a.why, cmd = a.why.Update(k)
	return cmd
}

// deal opens the practice panel on the picked question with a variant
// dealt (or the one still open: dealing again until a friendly one comes
// up is not practice), its guess box open.
func (m *Model) deal(s *common.Session) tea.Cmd {
	a := &m.Ask
	id := m.pickOf(s)
	if id == "" {
		s.SetNote("nothing to practise yet: a question with a figure gets new numbers once its answer is revealed", false)
		return nil
	}
	px, err := learner.PracticeOf(s.Day, id)
	if err != nil {
		s.SetNote(err.Error(), true)
		return nil
	}
	a.pick, a.POpen, a.last, a.pMsg, a.judging = id, true, nil, "", false
	n, err := s.Rec.Try(px.Deal(px.Fresh()))
	if err != nil {
		a.POpen = false
		s.SetNote(err.Error(), true)
		return nil
	}
	a.saving, a.savingID, a.savingWhat = n, id, "the new variant"
	s.Sync()
	a.guessing = true
	a.guess.SetValue("")
	return tea.Batch(common.WriteCmd(s.Rec), a.guess.Focus())
}

// guessKey is a key in the guess box: enter parses the guess and, once it
// is in, plays the variant on the reference; esc closes the panel (the
// variant stays open on record, and n shows it again).
func (m *Model) guessKey(k tea.KeyMsg, s *common.Session) tea.Cmd {
	sk, a := m.c.Keys.Score, &m.Ask
	switch {
	case key.Matches(k, sk.Close):
		a.guessing, a.POpen, a.pMsg = false, false, ""
		a.guess.Blur()
		return nil
	case key.Matches(k, sk.Guess):
		px, err := learner.PracticeOf(s.Day, a.pick)
		open := s.Answers.Practice[a.pick].Open
		if err != nil || open == nil {
			a.pMsg = "no variant is open: n deals one"
			return nil
		}
		v, err := predictions.Parse(a.guess.Value(), px.P)
		if err != nil {
			a.pMsg = err.Error()
			return nil
		}
		a.guessing, a.judging, a.pMsg = false, true, ""
		a.guess.Blur()
		if a.ref == nil {
			a.ref = m.c.Deps.RefFrames(m.c.Deps, s.Day)
		}
		ref, id := a.ref, a.pick
		return func() tea.Msg {
			return PracticeMsg{id: id, open: open, guess: v, fr: ref.Play(px.F, open)}
		}
	}
	var cmd tea.Cmd
	a.guess, cmd = a.guess.Update(k)
	a.pMsg = ""
	return cmd
}

// practiced judges the guess on the variant as the reference played it,
// and records it (the streak moves).
func (m *Model) practiced(msg PracticeMsg, s *common.Session) tea.Cmd {
	a := &m.Ask
	px, err := learner.PracticeOf(s.Day, msg.id)
	if err != nil {
		return nil
	}
	a.judging = false
	actual, err := px.Actual(msg.fr)
	if err != nil {
		// Nothing recorded: the variant stays open, the guess box too.
		a.pMsg = err.Error() + "; nothing was saved, enter tries again"
		if a.POpen && a.pick == msg.id {
			a.guessing = true
			return a.guess.Focus()
		}
		return nil
	}
	id, open, guess := msg.id, msg.open, msg.guess
	n, err := s.Rec.Try(func(x *predictions.Answers) error { _, err := x.Answer(id, open, guess, actual); return err })
	if err != nil {
		// Refused by the answers as they stand (the variant was answered
		// or dealt anew from another shell): nothing is recorded, and the
		// verdict is not shown, since it would be a verdict the record
		// does not hold. The guess stays in its box.
		return m.unsaved(id, "your answer to the variant", err, s)
	}
	t := predictions.Tried{Values: open, Guess: guess, Actual: actual, Verdict: predictions.Judge(guess, actual).Kind}
	if a.pick == id {
		a.last = &t
	}
	a.saving, a.savingID, a.savingWhat = n, id, "your answer to the variant"
	s.Sync()
	return common.WriteCmd(s.Rec)
}

// Saved takes a write of the answers: when it did not put the variant's
// answer on file (the write failed, or the file as reloaded refused it),
// the verdict shown goes, the learner is told why, and their guess waits
// in its box to be tried again.
func (m *Model) Saved(sv learner.Saved, s *common.Session) tea.Cmd {
	a := &m.Ask
	if a.saving == 0 || !slices.Contains(sv.Changed, a.saving) {
		return nil
	}
	err, id, what := sv.Lost(a.saving), a.savingID, a.savingWhat
	a.saving, a.savingID = 0, ""
	if err == nil {
		return nil
	}
	return m.unsaved(id, what, err, s)
}

// unsaved says what of a variant (its deal, or the learner's answer) is
// not on record, and why; the panel shows the variant as the record now
// has it, with the guess still typed.
func (m *Model) unsaved(id, what string, err error, s *common.Session) tea.Cmd {
	a := &m.Ask
	why := id + ": " + what + " was not saved (" + err.Error() + ")"
	s.SetNote(why, true)
	if a.pick != id || !a.POpen {
		return nil
	}
	a.last = nil
	if s.Answers.Practice[id].Open == nil {
		a.pMsg = why + "; n deals a new variant"
		return nil
	}
	a.pMsg = why + "; enter tries again"
	a.guessing = true
	return a.guess.Focus()
}

// Close ends the reference's player (the day is closing).
func (m *Model) Close() {
	if m.Ask.ref != nil {
		go m.Ask.ref.Close()
		m.Ask.ref = nil
	}
}

// panel is the lines pinned under the headings: the practice, or else the
// miss waiting for the learner's line; none when neither is asked.
func (m *Model) panel(s *common.Session, w, h int) []string {
	st, a := m.c.Styles, &m.Ask
	var b []string
	if a.POpen {
		id := a.pick
		px, err := learner.PracticeOf(s.Day, id)
		if err != nil {
			return nil
		}
		pr := s.Answers.Practice[id]
		head := []string{textlayout.Trunc(st.Title.Render(id+" again, new numbers")+st.Dim.Render(fmt.Sprintf(" · streak %d", pr.Streak)), w)}
		lines := func(style lipgloss.Style, text string) []string {
			return strings.Split(textlayout.StyleLines(style, textlayout.Wrap(text, w)), "\n")
		}
		var ask, body []string
		switch {
		case a.last != nil:
			ask = lines(st.Dim, px.Ask(a.last.Values))
			words := predictions.Judge(a.last.Guess, a.last.Actual).Words(px.P.Unit)
			line := fmt.Sprintf("you %s, the reference %s: %s", predictions.FormatValue(a.last.Guess, px.P.Unit), predictions.FormatValue(a.last.Actual, px.P.Unit), words)
			style := st.Bad
			if a.last.Verdict != predictions.Off {
				style = st.Good
			}
			body = lines(style, line)
		case pr.Open != nil:
			ask = lines(st.Accent, px.Ask(pr.Open))
			if a.judging {
				body = []string{st.Dim.Render(textlayout.Trunc("playing it on the reference…", w))}
			} else {
				body = []string{textlayout.Trunc("your guess: "+a.guess.View(), w)}
			}
		}
		if a.pMsg != "" {
			body = append(body, lines(st.Bad, a.pMsg)...)
		}
		// On a short screen the panel gives up its heading, then (once
		// judged) the question, before anything of the verdict is cut.
		switch n := len(ask) + len(body); {
		case 1+n <= h:
			return slices.Concat(head, ask, body)
		case n <= h || a.last == nil:
			return slices.Concat(ask, body)
		}
		return slices.Concat(head, body)
	}
	r, ok := ToExplain(s)
	if !ok {
		return nil
	}
	if a.whyOpen {
		b = append(b, strings.Split(textlayout.StyleLines(st.Warn, textlayout.Wrap("Why did "+r.ID+" come out differently from your guess? One line of your own; the lab's why shows after it.", w)), "\n")...)
		b = append(b, textlayout.Trunc("> "+a.why.View(), w))
		return b
	}
	// Closed, one line, so the rows keep their room: e opens the box.
	ask := "Why did " + r.ID + " come out differently from your guess? e: your line, then the lab's"
	if textlayout.Width(ask) > w {
		ask = "Why did " + r.ID + " differ? e: say why first"
	}
	b = append(b, strings.Split(textlayout.StyleLines(st.Warn, textlayout.Wrap(ask, w)), "\n")...)
	return b
}

// GuessTyped is what the practice guess box holds (kept when a guess
// could not be saved).
func (m *Model) GuessTyped() string { return m.Ask.guess.Value() }
