package score

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/record/report"
	learner "termlab/record/session"
	"termlab/runner/worker"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/keymap"
	"termlab/tui/styles"
)

// scoreModel is the scoreboard: each prediction against the actual the
// learner has seen played, with a coloured verdict (and a glyph, for
// NO_COLOR), the reason for every miss, and the day's number to carry. It
// stays on screen, unchanged, while a new build is under way or fails.
type Model struct {
	c      *common.Common
	scroll int
	w, h   int
	Ask    askState // the learner's line on a miss, and practice (scoreask.go)
	// across is the other days' calibration, read as the Scoreboard is
	// entered (AcrossMsg); the day's own is added live.
	across AcrossMsg
}

// AcrossMsg is how often each confidence level was right on the course's
// other days (session.Elsewhere), and how many days counted.
type AcrossMsg struct {
	Day  int // the day whose Scoreboard asked
	Cal  predictions.Calibration
	Days int
}

// acrossCmd reads the other days' answers and judges their revealed,
// confident guesses against each day's reference as the cache keeps it
// (never playing one for this line; tests without a cache use RefMetrics).
func acrossCmd(d common.Deps, day int) tea.Cmd {
	ref := func(x labs.Day) labs.Metrics {
		if d.RefCached != nil {
			m, _ := d.RefCached(x)
			return m
		}
		if d.RefMetrics != nil {
			if m, err := d.RefMetrics(x); err == nil {
				return m
			}
		}
		return nil
	}
	return func() tea.Msg {
		cal, n := learner.Elsewhere(d.Root, d.Course, day, ref)
		return AcrossMsg{Day: day, Cal: cal, Days: n}
	}
}

func New(c *common.Common) *Model { return &Model{c: c, Ask: newAsk(c)} }

func (m *Model) Title() string      { return "Scoreboard" }
func (m *Model) BriefTitle() string { return "Score" }

// Typing: a box of the panel has the keyboard, or the practice panel is
// open (its esc closes it rather than leaving the day).
func (m *Model) Typing() bool { return m.Ask.whyOpen || m.Ask.guessing || m.Ask.POpen }
func (m *Model) Resize(_ *common.Session, w, h int) {
	m.w, m.h = w, h
	// The boxes' widths follow the screen here, so View stays pure.
	m.Ask.why.Width, m.Ask.guess.Width = max(w-4, 4), max(min(w-14, 14), 4)
}
func (m *Model) Enter(s *common.Session) tea.Cmd { return acrossCmd(m.c.Deps, s.Day.Number) }

func (m *Model) Update(msg tea.Msg, s *common.Session) tea.Cmd {
	switch msg := msg.(type) {
	case PracticeMsg:
		return m.practiced(msg, s)
	case AcrossMsg:
		if msg.Day == s.Day.Number {
			m.across = msg
		}
		return nil
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil
	}
	if cmd, took := m.askKey(k, s); took {
		return cmd
	}
	panel := m.panel(s, m.w, m.h)
	head := m.head(m.w, m.h-len(panel))
	m.scroll = common.ScrollKey(m.c.Keys.Scroll, k, m.scroll, max(m.h-len(head)-len(panel), 1), textlayout.LineCount(m.content(s, m.w)))
	return nil
}

// View keeps the title and the column headings on top while the rows
// scroll under them, so a row read at the bottom still says which column
// is the guess and which the actual.
func (m *Model) View(s *common.Session, w, h int) string {
	panel := m.panel(s, w, h)
	head := append(m.head(w, h-len(panel)), panel...)
	if h <= len(head) {
		return m.c.Fit(strings.Join(head, "\n"), w, h)
	}
	return strings.Join(head, "\n") + "\n" + textlayout.Scrolled(m.content(s, w), m.scroll, h-len(head), m.c.Styles.Dim)
}

// head is the lines that stay put: the title, what the columns compare,
// and the column headings; the title alone when a panel leaves fewer than
// four lines of h for the rows.
func (m *Model) head(w, h int) []string {
	switch {
	case h < 2 && h < m.h:
		return nil // the panel takes the screen
	case h < 3+4 && h < m.h:
		return m.head(w, m.h)[:1]
	}
	st := m.c.Styles
	title := st.Title.Render("Scoreboard") + st.Dim.Render(" · each guess judged as it stood when its actual was revealed")
	note := "actual: what the reference does · distance: relative to it (points for a %)"
	if w < narrowScore {
		title = st.Title.Render("Scoreboard") + st.Dim.Render(" · guesses as first made")
		// Each verdict says its own unit ("% under", "points under").
		note = "actual: what the reference does"
	}
	col := scoreCol(w)
	headings := fmt.Sprintf("%-4s %-*s %-*s %s", "", col, "you", col, "actual", "verdict (distance)")
	if w < stackScore {
		headings = fmt.Sprintf("%-4s %-*s %s", "", col, "you", "actual (verdict below)")
	}
	return []string{textlayout.Trunc(title, w), st.Dim.Render(textlayout.Trunc(note, w)), st.Dim.Render(textlayout.Trunc(headings, w))}
}

// narrowScore is the width under which the scoreboard's rows go short: the
// numbers without their units (the question has them), the reasons in
// fewer words, so a 40-column screen reads every verdict instead of "…".
const narrowScore = 60

// stackScore is the width below which a row's verdict goes on a line of
// its own: the three columns take 41, the longest verdict some 33.
const stackScore = 74

// scoreCol is the width of the guess and actual columns.
func scoreCol(w int) int {
	if w < narrowScore {
		return 8
	}
	return 17
}

func (m *Model) content(s *common.Session, w int) string {
	st := m.c.Styles
	rows := s.Rows()
	revealed := 0
	for _, r := range rows {
		if r.Actual != nil {
			revealed++
		}
	}
	var b []string
	if revealed == 0 {
		b = append(b, textlayout.StyleLines(st.Dim, textlayout.Wrap("Nothing revealed yet: the actuals land here as soon as a run finishes, for each part whose predictions are made or skipped.", w)), "")
	}
	tw := max(w-5, 8)
	if id := m.pickOf(s); id != "" && !m.Ask.POpen {
		// Practice is offered where the learner reads, not only in the
		// help line (which a 40-column screen cuts to the global keys).
		hint := "n: new numbers for " + id
		if len(practicable(s)) > 1 {
			hint += " · ←/→ another question"
			if textlayout.Width(hint) > w {
				hint = "n: new numbers for " + id + " · ←/→ other"
			}
		}
		b = append(b, textlayout.StyleLines(st.Accent, textlayout.Wrap(hint, w)))
	}
	if s.RefErr != nil && slices.ContainsFunc(rows, func(r predictions.Row) bool { return r.Awaiting }) {
		// The rows that need the reference wait for it; why it is missing
		// is the lab's problem, and said so, never put on the learner.
		b = append(b, textlayout.StyleLines(st.Warn, textlayout.Wrap(refFailure(s.RefErr), w)), "")
	}
	for _, r := range rows {
		pr, _ := s.Day.Prediction(r.ID)
		b = append(b, ScoreLine(r, pr, s, st, w))
		if r.Yours != nil && r.Actual != nil {
			b = append(b, textlayout.Indent(textlayout.StyleLines(st.Warn, textlayout.Wrap(report.Yours(s.Day, r), tw)), "     "))
		}
		if r.Revised {
			now := "no guess"
			if r.Predicted != nil {
				now = predictions.FormatValue(*r.Predicted, r.Unit)
			}
			b = append(b, textlayout.Indent(textlayout.StyleLines(st.Warn, textlayout.Wrap("* first guess, judged; revised to "+now+" after the reveal", tw)), "     "))
		}
		if r.Explanation != "" && r.Revealed {
			b = append(b, textlayout.Indent(textlayout.StyleLines(st.Accent, textlayout.Wrap("you said: "+r.Explanation, tw)), "     "))
		}
		// The lab's why only once the learner has said theirs or passed
		// (the panel asks): never before.
		if g := s.Answers.Predictions[r.ID]; predictions.WhyShown(r, g) && pr.Why != "" {
			b = append(b, textlayout.Indent(textlayout.StyleLines(st.Dim, textlayout.Wrap("the lab's why: "+pr.Why, tw)), "     "))
		} else if predictions.ToExplain(r, g) {
			b = append(b, textlayout.Indent(textlayout.StyleLines(st.Warn, textlayout.Wrap("why did it differ? your line first (e), then the lab's", tw)), "     "))
		}
		if p := s.Answers.Practice[r.ID]; len(p.Done) > 0 {
			b = append(b, textlayout.Indent(textlayout.StyleLines(st.Dim, textlayout.Wrap(fmt.Sprintf("practice: %d right in a row, %d variants answered", p.Streak, len(p.Done)), tw)), "     "))
		}
	}
	own := predictions.Calibrate(rows)
	if line := own.Line(); line != "" {
		// Revealed guesses only: the line says nothing of an open one.
		b = append(b, "", textlayout.Indent(textlayout.StyleLines(st.Dim, textlayout.Wrap("How sure you were, and how often right: "+line, tw)), "  "))
	}
	if line, n := learner.AcrossDays(own, m.across.Cal, m.across.Days); line != "" && n > 1 {
		b = append(b, textlayout.Indent(textlayout.StyleLines(st.Dim, textlayout.Wrap(fmt.Sprintf("Across %d days: %s", n, line), tw)), "  "))
	}
	if s.Day.Carry != nil {
		b = append(b, "", st.Title.Render("The number to carry"))
		b = append(b, textlayout.Indent(textlayout.StyleLines(st.Accent, textlayout.Wrap(s.Day.Carry(s.Shown()), tw)), "  "))
	}
	if s.Outcome != nil {
		b = append(b, "", st.Dim.Render(fmt.Sprintf("TODOs passing: %d of %d (TODOs, 5)", s.Passed(), len(s.Day.TODOs))))
	}
	return strings.Join(b, "\n")
}

// refFailure says why the reference is missing, as the lab's fault.
func refFailure(err error) string {
	why := err.Error()
	var lab *worker.LabError
	if !errors.As(err, &lab) {
		why = "this is a problem with the lab, not with your code: " + why
	}
	// LabError's words start a sentence of their own here.
	return "The reference solutions could not be played, so the rows that need them wait (each finished run tries again). " + strings.ToUpper(why[:1]) + why[1:]
}

// ScoreLine is one prediction on one line: the judged guess, the actual
// (the reference's figure) and the verdict with its distance.
func ScoreLine(r predictions.Row, pr labs.Prediction, s *common.Session, st styles.Styles, w int) string {
	narrow := w < narrowScore
	unit := r.Unit
	if narrow {
		r.Unit = "" // the question names it; the columns have no room
	}
	guess := st.Dim.Render("—")
	switch j := r.Judged(); {
	case r.Skipped && !r.Revised:
		guess = st.Warn.Render("skipped")
	case j != nil:
		guess = predictions.FormatValue(*j, r.Unit)
		if r.Revised {
			guess += "*"
		}
	}
	actual := st.Dim.Render("—")
	if r.Actual != nil {
		actual = st.Title.Render(predictions.FormatValue(*r.Actual, r.Unit))
	}
	var verdict string
	switch {
	case r.Awaiting && s.RefErr != nil:
		verdict = st.Warn.Render("reference failed: not your code")
	case r.Awaiting:
		verdict = st.Dim.Render("judged once the reference has run")
	case r.Actual == nil && narrow:
		verdict = st.Dim.Render(shortMissing(Missing(s, pr)))
	case r.Actual == nil:
		verdict = st.Dim.Render(Missing(s, pr))
	case r.Verdict == nil:
		verdict = st.Dim.Render("no prediction")
	default:
		words := r.Verdict.Words(unit)
		switch r.Verdict.Kind {
		case predictions.Spot:
			verdict = st.Good.Render("✓ " + words)
		case predictions.Close:
			verdict = st.Good.Render("≈ " + words)
		default:
			verdict = st.Bad.Render("✗ " + words)
		}
	}
	if r.Confidence != "" {
		// Beside the verdict, or alone while the actual is not out: how
		// sure the learner said they were is theirs, never an answer.
		verdict += st.Dim.Render(" · " + string(r.Confidence))
	}
	col := scoreCol(w)
	if w < stackScore {
		// Too narrow for three columns and a verdict: the verdict goes
		// under the figures, so it is never the part cut off.
		line := fmt.Sprintf("%s %s %s", st.Title.Render(textlayout.Pad(r.ID, 4)), textlayout.Pad(guess, col), actual)
		return textlayout.Trunc(line, w) + "\n" + textlayout.Trunc("     "+verdict, w)
	}
	line := fmt.Sprintf("%s %s %s %s", st.Title.Render(textlayout.Pad(r.ID, 4)), textlayout.Pad(guess, col), textlayout.Pad(actual, col), verdict)
	return textlayout.Trunc(line, w)
}

// shortMissing is missing's reason in the few words a narrow row holds.
func shortMissing(why string) string {
	switch {
	case why == "plays once predicted":
		return "not predicted"
	case why == "not revealed yet":
		return "hidden yet"
	case strings.HasPrefix(why, "waiting on "):
		return "needs " + strings.TrimPrefix(why, "waiting on ")
	case strings.HasSuffix(why, " stopped the part"):
		return strings.TrimSuffix(why, " the part")
	}
	return why
}

func (m *Model) Help(s *common.Session) keymap.KeyMap {
	sk, k, a := m.c.Keys.Scroll, m.c.Keys.Score, &m.Ask
	switch {
	case a.whyOpen:
		return keymap.KeyMap{Short: []key.Binding{k.Record, k.Pass}, Full: [][]key.Binding{{k.Record, k.Pass}}}
	case a.guessing:
		return keymap.KeyMap{Short: []key.Binding{k.Guess, k.Close}, Full: [][]key.Binding{{k.Guess, k.Close}}}
	}
	var own []key.Binding
	if _, ok := ToExplain(s); ok && !a.POpen {
		own = append(own, k.Explain)
	}
	if id := m.pickOf(s); id != "" {
		n := k.Practice
		n.SetHelp("n", "new numbers: "+id)
		own = append(own, n)
		if len(practicable(s)) > 1 {
			own = append(own, k.Pick)
		}
	}
	if a.POpen {
		own = append(own, k.Close)
	}
	return keymap.KeyMap{Short: append(own, sk.Up), Full: [][]key.Binding{own, {sk.Up, sk.PageUp, sk.Top}}}
}

// Missing says why a prediction has no actual: its part has not been
// revealed (its predictions are still open), or it ran without reaching the
// figure (predictions.Blame names the TODO, as the part's header does).
func Missing(s *common.Session, pr labs.Prediction) string {
	p, ok := s.Revealed[pr.Part]
	if !ok {
		if !s.PartReady(pr.Part) {
			return "plays once predicted"
		}
		return "not revealed yet"
	}
	if p.TODO == 0 && p.Status != labs.OK && p.Status != labs.Unfinished && p.Status != "" {
		// The worker's verdict: the file's own code (its init), no TODO.
		return "your file stopped the part"
	}
	var grades []labs.Grade
	if s.Outcome != nil {
		grades = s.Outcome.Grades
	}
	todo, status := predictions.Blame(pr, p, grades)
	switch {
	case todo == 0:
		return "not revealed yet"
	case status == labs.Unfinished:
		return fmt.Sprintf("waiting on TODO %d", todo)
	}
	return fmt.Sprintf("TODO %d stopped the part", todo)
}
