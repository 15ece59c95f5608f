package run

import (
	"fmt"
	"strings"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/record/report"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/pages/score"
	"termlab/tui/styles"
)

// Drawing the Run screen: the strip of parts, the clock, and the part on
// screen (its figures as far as the replay has come, or, while its actuals
// are hidden, only the day's words).

// MaxScroll is the furthest the part on screen scrolls: its last line at
// the bottom of the screen.
func (m *Model) MaxScroll(s *common.Session) int {
	if m.Shown >= len(m.Parts) {
		return 0
	}
	bodyH := m.bodyHeight(s)
	return max(textlayout.LineCount(m.partView(s, m.Shown, m.w, bodyH))-bodyH, 0)
}

// bodyHeight is the lines under the head that the part on screen has.
func (m *Model) bodyHeight(s *common.Session) int { return max(m.h-len(m.head(s, m.w)), 1) }

func (m *Model) View(s *common.Session, w, h int) string {
	st := m.C.Styles
	if s.Outcome == nil {
		switch {
		case s.Building:
			return m.buildingView(s, w, h)
		case s.RunErr != nil:
			return textlayout.StyleLines(st.Dim, textlayout.Wrap("Nothing has run yet: fix what is shown above and save, or press r to try again.", w))
		}
		return textlayout.StyleLines(st.Dim, textlayout.Wrap("Nothing has run yet. Press r to run.", w))
	}
	if len(m.Parts) > 0 && !m.ready(0, s) {
		g, _ := s.Due()
		done := 0
		for _, pr := range g.Preds {
			if s.Answered(pr.ID) {
				done++
			}
		}
		msg := fmt.Sprintf("Predict first. Your code has run; %s play once %s, and their numbers stay hidden until then: %d of %d so far.", common.PartNames(g.Parts), common.Made(g.Preds), done, len(g.Preds))
		return textlayout.Wrap(msg, min(w, common.MaxText)) + "\n\n" + st.Key.Render("enter") + st.Dim.Render(" go to the predictions")
	}
	if len(m.Parts) == 0 {
		return st.Dim.Render("This day has no experiments to run.")
	}
	head := m.head(s, w)
	body := m.partView(s, m.Shown, w, max(h-len(head), 1))
	out := textlayout.Scrolled(body, m.Scroll, max(h-len(head), 0), st.Dim)
	return strings.Join(append(head, out), "\n")
}

// strip is the row of parts with their state.
func (m *Model) strip(s *common.Session, w int) string {
	st := m.C.Styles
	var parts []string
	long := w >= 14*len(m.Parts)
	for i, p := range m.Parts {
		mark, style := "·", st.Dim
		switch {
		case p.Done && p.Res.Status == labs.OK:
			mark, style = "✓", st.Good
		case p.Done && p.Res.Status == labs.Unfinished:
			mark, style = "⏳", st.Warn
		case p.Done:
			mark, style = "✗", st.Bad
		case i == m.Shown && !m.canPlay(i, s):
			mark, style = "⏸", st.Warn // waits for its predictions or its reveal
		case i == m.Shown:
			mark, style = "▶", st.Accent
		}
		label := p.Res.ID + " " + mark
		if long {
			label = "Part " + label
		}
		if i == m.Shown {
			label = "[" + label + "]"
			parts = append(parts, st.Cursor.Render(label))
		} else {
			parts = append(parts, style.Render(label))
		}
	}
	return strings.Join(parts, " ")
}

// Clock says where the replay of the part on screen stands; once it is
// played, what is next and which key goes there.
func (m *Model) Clock(s *common.Session, w int) string {
	st := m.C.Styles
	speed := fmt.Sprintf("×%g", Speeds[m.Speed])
	p := m.Parts[m.Shown]
	if p.Done {
		played := m.playedLine(p.Res)
		n := m.next()
		switch {
		case n < 0 && m.allPlayedOK():
			return st.Good.Render("✓ all parts played") + st.Dim.Render(" · space plays Part "+p.Res.ID+" again · ←/→ other parts")
		case n < 0:
			return played + st.Dim.Render(" · every part is through; those that wait on a TODO play once it passes · ←/→ other parts")
		case !m.ready(n, s):
			g := s.StageOf(firstPrediction(s, m.Parts[n].Res.ID))
			return played + st.Dim.Render(" · next: Part "+m.Parts[n].Res.ID+" waits for "+common.IDs(g.Preds)+" · ") + st.Key.Render("enter") + st.Dim.Render(" predicts")
		}
		// → and ← move one part; the hint names the keys that get there.
		key, steps := "→", n-m.Shown
		if n < m.Shown {
			key, steps = "←", m.Shown-n
		}
		if steps > 1 {
			return played + st.Dim.Render(fmt.Sprintf(" · next to play: Part %s · ", m.Parts[n].Res.ID)) + st.Key.Render(key) + st.Dim.Render(fmt.Sprintf(" %d times gets there", steps))
		}
		return played + st.Dim.Render(" · next: Part "+m.Parts[n].Res.ID+" · ") + st.Key.Render(key) + st.Dim.Render(" plays it")
	}
	if m.ready(m.Shown, s) && !m.canPlay(m.Shown, s) {
		return st.Warn.Render("⏸ Part " + p.Res.ID + ": its reveal is not on record yet")
	}
	if !m.canPlay(m.Shown, s) {
		g := s.StageOf(firstPrediction(s, p.Res.ID))
		return st.Warn.Render("⏸ Part "+p.Res.ID+" waits for "+common.IDs(g.Preds)) + st.Dim.Render(" · ") + st.Key.Render("enter") + st.Dim.Render(" predicts")
	}
	state := st.Accent.Render("▶ playing")
	if m.paused {
		state = st.Warn.Render("⏸ paused")
	}
	where := ""
	if p.timed {
		where = fmt.Sprintf("t = %.1f s of %s s", p.Now, trimFloat(p.End))
	} else if p.End > p.Start {
		where = fmt.Sprintf("%.0f%%", (p.Now-p.Start)/(p.End-p.Start)*100)
	}
	line := fmt.Sprintf("%s %s · Part %s · %s", state, st.Dim.Render(speed), p.Res.ID, where)
	if textlayout.Width(line) > w {
		// The strip above names the part: a narrow screen keeps the clock
		// on one line ("t = 0.6 s of 60 s" wrapped at 40 columns).
		line = fmt.Sprintf("%s %s · %s", state, st.Dim.Render(speed), where)
	}
	return line
}

// allPlayedOK reports whether every part played its experiment.
func (m *Model) allPlayedOK() bool {
	for _, p := range m.Parts {
		if !p.Done || p.Res.Status != labs.OK {
			return false
		}
	}
	return true
}

// playedLine is what a played part's clock says of it, with the strip's
// mark: a part that waited on an unfinished TODO or failed did not play its
// experiment, and "✓ played" above "waiting on TODO 1" read as a success.
func (m *Model) playedLine(p labs.PartResult) string {
	st := m.C.Styles
	switch p.Status {
	case labs.OK:
		return st.Good.Render("✓ Part " + p.ID + " played")
	case labs.Unfinished:
		return st.Warn.Render("⏳ Part " + p.ID + " did not play")
	}
	return st.Bad.Render("✗ Part " + p.ID + " failed")
}

func trimFloat(v float64) string { return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0") }

// partView is one part: what it waits on, its figures as far as the clock
// has gone, and once played its actuals and its report.
func (m *Model) partView(s *common.Session, i, w, h int) string {
	st := m.C.Styles
	p := m.Parts[i]
	var b []string
	if !p.Done && !m.canPlay(i, s) {
		return m.hiddenView(s, i, w)
	}
	b = append(b, textlayout.StyleLines(st.Subtitle, textlayout.Wrap(fmt.Sprintf("Part %s: %s", p.Res.ID, p.Res.Title), w)))
	if p.Res.Status != labs.OK {
		style := st.Warn
		if p.Res.Status != labs.Unfinished {
			style = st.Bad
		}
		b = append(b, textlayout.StyleLines(style, textlayout.Wrap(report.Waiting(p.Res), w)))
	}
	playing := i == m.Shown && !p.Done
	if len(p.figs) > 0 {
		overhead := 0
		for _, fp := range p.figs {
			overhead += figOverhead(fp, w, st)
		}
		b = append(b, m.figures(s, p, w, h-len(b), overhead, playing)...)
	}
	if !p.Done {
		return strings.Join(b, "\n")
	}
	var rows []string
	for _, r := range partPredictions(s, p.Res.ID) {
		pr, _ := s.Day.Prediction(r.ID)
		rows = append(rows, score.ScoreLine(r, pr, s, st, w))
	}
	if len(rows) > 0 {
		b = append(b, "", st.Title.Render("Your predictions"))
		b = append(b, rows...)
	}
	if len(p.Res.Lines) > 0 {
		b = append(b, "")
		for _, l := range p.Res.Lines {
			b = append(b, textlayout.Wrap(l, w))
		}
	}
	return strings.Join(b, "\n")
}

// figures draws a part's figures in h lines. When they all fit at a
// readable height (and leave room under them for the part's actuals, so
// those show without scrolling when it finishes), they share the screen;
// otherwise each gets nearly the whole of it and the part scrolls, a chart
// a page, rather than squeezing every chart to three rows.
func (m *Model) figures(s *common.Session, p PartPlay, w, h, overhead int, playing bool) []string {
	st := m.C.Styles
	reserve := 0
	if n := len(partPredictions(s, p.Res.ID)); n > 0 {
		reserve = min(n+2, h/3)
	}
	plotH := (h - overhead - reserve) / len(p.figs)
	if plotH < minPlot {
		most := 0
		for _, fp := range p.figs {
			most = max(most, figOverhead(fp, w, st))
		}
		plotH = h - most - 1 // a page: the chart and a line of what follows
	}
	plotH = textlayout.Clamp(plotH, 3, maxPlot)
	var out []string
	for _, fp := range p.figs {
		out = append(out, drawFigure(fp, fp.cut(p.Now, p.Start, p.End, p.Done), w, plotH, st, playing))
	}
	return out
}

// hiddenView is a part whose actuals are not revealed: its predictions are
// open, or its reveal is not on record yet. Nothing here comes from its
// result (no figure, no axis, no scale, no title): only the day's own
// words and what the part waits for, so nothing gives a guess away.
func (m *Model) hiddenView(s *common.Session, i, w int) string {
	st := m.C.Styles
	p := m.Parts[i]
	title := p.Res.ID
	for _, dp := range s.Day.Parts {
		if dp.ID == p.Res.ID {
			title = dp.Title
		}
	}
	b := []string{textlayout.StyleLines(st.Subtitle, textlayout.Wrap(fmt.Sprintf("Part %s: %s", p.Res.ID, title), w))}
	if p.Res.Status != labs.OK {
		style := st.Warn
		if p.Res.Status != labs.Unfinished {
			style = st.Bad
		}
		b = append(b, textlayout.StyleLines(style, textlayout.Wrap(report.Waiting(p.Res), w)))
	}
	b = append(b, "")
	if m.ready(i, s) {
		// Its reveal is being recorded, or could not be: its actuals stay
		// hidden until it is on record.
		b = append(b, textlayout.StyleLines(st.Dim, textlayout.Wrap(s.RevealState(p.Res.ID)+" Its charts are drawn then.", w)))
	} else {
		g := s.StageOf(firstPrediction(s, p.Res.ID))
		b = append(b, textlayout.StyleLines(st.Warn, textlayout.Wrap("Its charts are drawn once "+common.Made(g.Preds)+": enter goes to them.", w)))
	}
	return strings.Join(b, "\n")
}

// firstPrediction is the ID of a part's first prediction, or "".
func firstPrediction(s *common.Session, part string) string {
	for _, pr := range s.Day.Predictions {
		if pr.Part == part {
			return pr.ID
		}
	}
	return ""
}

// partPredictions is the scoreboard rows of the predictions a part answers.
func partPredictions(s *common.Session, id string) []predictions.Row {
	var out []predictions.Row
	for _, r := range s.Rows() {
		if pr, ok := s.Day.Prediction(r.ID); ok && pr.Part == id {
			out = append(out, r)
		}
	}
	return out
}

// head is the lines above the part: the parts, the clock, what the last
// save changed. (What a part's replay revealed shows in the part itself,
// which stays on screen once played.)
func (m *Model) head(s *common.Session, w int) []string {
	// The strip shortens itself to fit; the clock and what landed wrap.
	head := []string{textlayout.Trunc(m.strip(s, w), w)}
	head = append(head, strings.Split(textlayout.Wrap(m.Clock(s, w), w), "\n")...)
	if len(m.changed) > 0 {
		line := strings.Join(m.changed, " · ") + " · the other parts are as they were"
		head = append(head, strings.Split(textlayout.StyleLines(m.C.Styles.Accent, textlayout.Wrap(line, w)), "\n")...)
	}
	return head
}

// figOverhead is the lines a figure takes besides its plot rows, at w
// columns.
func figOverhead(fp figPrep, w int, st styles.Styles) int {
	n := textlayout.LineCount(figTitle(fp, w, st)) + 1 // title, axis
	n += len(legend(fp, st, w))
	for _, e := range fp.events {
		if e {
			n++
		}
	}
	return n
}

// A plot shorter than minPlot rows hides too much to share the screen;
// taller than maxPlot adds nothing a learner reads.
const (
	minPlot = 6
	maxPlot = 10
)
