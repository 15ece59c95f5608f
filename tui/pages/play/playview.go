package play

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/tui/common"
	"termlab/tui/components/chart"
	"termlab/tui/components/textlayout"
)

// Drawing the Play screen: the chart (with the reference's key series
// beside the learner's), the knobs and the readouts, cut to fit.

// paired is the reference's frame beside the learner's on screen, when
// both answered the same request.
func (m *Model) paired() *labs.Frame {
	if m.Frame == nil || m.Frame.Impl != labs.Learner || m.beside == nil || m.besideGen != m.frameGen || m.beside.Error != "" {
		return nil
	}
	return m.beside
}

// prep lays out the chart on screen: the frame's, with the reference's
// key series (its first) drawn beside the learner's, and the y axis from
// zero so that heights compare.
func (m *Model) prep() chart.Fig {
	if m.Frame == nil {
		return chart.Fig{}
	}
	fig := m.Frame.Chart
	if ref := m.paired(); ref != nil && m.failed() {
		fig = ref.Chart // the learner's code failed here: the reference's stands in
		fig.Title += " (reference)"
	} else if ref != nil && len(ref.Chart.Series) > 0 && len(fig.Series) > 0 && !sameSeries(ref.Chart.Series[0], fig.Series[0]) {
		fig.Series = slices.Clone(fig.Series)
		theirs := ref.Chart.Series[0]
		if mine := fig.Series[0]; mine.Name == theirs.Name {
			mine.Name += " (yours)"
			fig.Series[0] = mine
		}
		theirs.Name += " (reference)"
		// Last, so it is drawn over the learner's series where they cross.
		fig.Series = append(fig.Series, theirs)
	}
	return chart.Prepare(fig).YFromZero()
}

// partialSaid says what of a frame was left out in one sentence, the
// pieces that failed for the same reason together ("left out, your code
// panicked (not done yet): the fixed window (WindowID), the sliding log
// (Expired)").
func partialSaid(partial []string) string {
	var order []string
	by := map[string][]string{}
	for _, p := range partial {
		what, why, ok := strings.Cut(p, " left out: ")
		if !ok {
			what, why = p, ""
		}
		if _, seen := by[why]; !seen {
			order = append(order, why)
		}
		by[why] = append(by[why], what)
	}
	var out []string
	for _, why := range order {
		head, detail, _ := strings.Cut(why, ": ")
		if detail != "" {
			head += " (" + detail + ")"
		}
		out = append(out, "left out, "+head+": "+strings.Join(by[why], ", "))
	}
	return strings.Join(out, "; ")
}

// failed reports whether the learner's frame on screen has nothing of
// theirs to show: it failed whole, or every piece of it was left out.
func (m *Model) failed() bool {
	return m.Frame != nil && (m.Frame.Error != "" || len(m.Frame.Partial) > 0 && len(m.Frame.Readouts) == 0)
}

// sameSeries reports whether two series are one line: the reference's
// drawn over the learner's would add nothing (and would read as events
// along it).
func sameSeries(a, b labs.Series) bool {
	return a.Name == b.Name && slices.Equal(a.X, b.X) && slices.Equal(a.Y, b.Y)
}

func (m *Model) span() float64 {
	_, xmax := m.fp.XRange()
	if m.Frame == nil || math.IsInf(xmax, 0) {
		return 0
	}
	return xmax
}

func (m *Model) View(s *common.Session, w, h int) string {
	st := m.c.Styles
	if len(s.Day.Figures) == 0 {
		return textlayout.StyleLines(st.Dim, textlayout.Wrap(fmt.Sprintf("Day %d has no playground yet.", s.Day.Number), w))
	}
	f := m.figure(s)
	var b []string
	b = append(b, textlayout.Trunc(st.Title.Render(fmt.Sprintf("Figure %d of %d · %s", m.Fig+1, len(s.Day.Figures), f.Title)), w))
	if g := m.gate(s); !g.Open() {
		b = append(b, "", m.shut(s, g, w))
		return m.c.Fit(strings.Join(b, "\n"), w, h)
	}
	b = append(b, m.whoseLine(f, w))
	knobs := m.knobLines(s, f, w)
	errLines := m.errorLines(w)
	// The rows go to the chart first (at least minPlot rows of plot), then
	// to every readout, wrapped rather than cut; a short terminal keeps
	// only the knob being turned, then only each readout group's key
	// figure (its first, and any that differs from the reference's), then
	// drops the chart so those figures stay in view.
	const minPlot = 6
	chartRows := 0
	if m.Frame != nil && len(m.fp.Figure().Series) > 0 {
		chartRows = textlayout.LineCount(chart.Draw(m.fp, m.Head, w, 1, st, false)) - 1 + minPlot
	}
	reads := m.readouts(w, false)
	rows := func() int { return len(b) + len(errLines) + len(knobs) + len(reads) + chartRows }
	if rows() > h {
		knobs = knobs[m.knob : m.knob+1]
	}
	if rows() > h {
		reads = m.readouts(w, true)
	}
	if rows() > h && chartRows > 0 {
		chartRows -= minPlot - 3 // a lower chart before none
	}
	// Still too short for both: the readouts stay, or (c) the chart does;
	// a line says which key brings the other.
	short := rows() > h && chartRows > 0
	if short && m.chartFirst {
		// The chart alone, under one line that says how to get back.
		hint := st.Dim.Render(textlayout.Trunc("c: the knobs and figures", w))
		overhead := textlayout.LineCount(chart.Draw(m.fp, m.Head, w, 1, st, false)) - 1
		plot := chart.Draw(m.fp, m.Head, w, max(h-1-overhead, 1), st, !m.Paused && m.state() == "playing")
		return m.c.Fit(hint+"\n"+plot, w, h)
	}
	if rows() > h && !m.chartFirst {
		chartRows = 0
		if short {
			reads = append([]string{st.Dim.Render(textlayout.Trunc("c: the chart", w))}, reads...)
		}
	}
	if len(errLines) > 0 {
		b = append(b, textlayout.StyleLines(st.Bad, strings.Join(errLines, "\n")))
	}
	if chartRows > 0 {
		used := len(b) + len(knobs) + len(reads)
		overhead := textlayout.LineCount(chart.Draw(m.fp, m.Head, w, 1, st, false)) - 1
		plotH := min(h-used-overhead, 12)
		b = append(b, chart.Draw(m.fp, m.Head, w, plotH, st, !m.Paused && m.state() == "playing"))
	}
	b = append(b, knobs...)
	b = append(b, reads...)
	return m.c.Fit(strings.Join(b, "\n"), w, h)
}

// state is the replay's: playing, paused or done.
func (m *Model) state() string {
	switch {
	case m.Paused:
		return "paused"
	case m.span() > 0 && m.Head >= m.span():
		return "done"
	}
	return "playing"
}

// whoseLine says whose code the frame is of, where the playhead is and on
// what clock.
func (m *Model) whoseLine(f labs.PlayFigure, w int) string {
	st := m.c.Styles
	whose := "…"
	switch {
	case m.starting:
		whose = "reference: starting its worker…"
	case m.Frame != nil:
		whose = m.Frame.Whose
	}
	whoseStyle := st.Dim
	if m.Frame != nil && m.Frame.Impl == labs.Learner {
		whoseStyle = st.Good
	}
	return textlayout.Trunc(whoseStyle.Render(whose)+st.Dim.Render(fmt.Sprintf(" · t = %s s · %s · %s", predictions.FormatValue(m.Head, ""), m.state(), f.TimeScale)), w)
}

// knobLines are the figure's knobs at their setting, the one being turned
// marked with its range.
func (m *Model) knobLines(s *common.Session, f labs.PlayFigure, w int) []string {
	st := m.c.Styles
	v := m.setting(s)
	var knobs []string
	for i, kn := range f.Knobs {
		mark := "  "
		line := fmt.Sprintf("%-20s %s", kn.Label, kn.Show(v[kn.Name]))
		if i == m.knob {
			mark = st.Cursor.Render("› ")
			line = st.Cursor.Render(line) + st.Dim.Render("  "+kn.Range())
		}
		knobs = append(knobs, textlayout.Trunc(mark+line, w))
	}
	return knobs
}

// errorLines say, in two lines at most, that the learner's code panicked
// or ran too long on this setting; the reference's chart stands under them
// (or, when only a piece of the figure failed, the rest of theirs).
func (m *Model) errorLines(w int) []string {
	if m.Frame == nil || (m.Frame.Error == "" && len(m.Frame.Partial) == 0) {
		return nil
	}
	said := m.Frame.Error
	if said == "" {
		said = partialSaid(m.Frame.Partial)
	}
	lines := strings.Split(textlayout.Wrap(said, w), "\n")
	if len(lines) > 2 {
		lines = append(lines[:1], textlayout.Trunc(lines[1], w-1)+"…")
	}
	return lines
}

// shut says why the figure on screen does not play yet, and what opens it.
func (m *Model) shut(s *common.Session, g labs.PlayGate, w int) string {
	st := m.c.Styles
	if len(g.Waiting) > 0 {
		return textlayout.StyleLines(st.Dim, textlayout.Wrap(fmt.Sprintf("This figure opens once your predictions are in (%s still open): some setting of it reads out their answers. Make or skip them on the Predict screen first; a knob setting is never taken as a guess.", strings.Join(g.Waiting, ", ")), w))
	}
	recording := true
	var guesses []string
	for _, id := range g.Reveal {
		recording = recording && s.Answers.Predictions[id].Revealed
		if v, ok := s.Answers.Value(id); ok {
			guesses = append(guesses, id+" = "+predictions.FormatValue(v, ""))
		} else {
			guesses = append(guesses, id+" skipped")
		}
	}
	if recording {
		return textlayout.StyleLines(st.Dim, textlayout.Wrap("Recording the reveal of "+strings.Join(g.Reveal, ", ")+"…", w))
	}
	answers, them, guess := "the answers to", "them", "your guesses as they stand (%s) are judged"
	if len(g.Reveal) == 1 {
		answers, them, guess = "the answer to", "it", "your guess as it stands (%s) is judged"
	}
	guess = fmt.Sprintf(guess, strings.Join(guesses, ", "))
	// What to press comes first, so that a short terminal, which cuts
	// the end off, still shows it.
	return textlayout.StyleLines(st.Dim, textlayout.Wrap(fmt.Sprintf("Press enter to open this figure, or f for another. Some setting of it reads out %s %s, not revealed yet. Opening it reveals %s: %s, as when a run shows %s, and a change after reads as revised.", answers, strings.Join(g.Reveal, ", "), them, guess, them), w))
}

// readouts groups a frame's readouts by what they measure ("fixed window:
// accepted", "fixed window: refused" → one line), so a figure's three
// limiters fit under its chart.
func (m *Model) readouts(w int, compact bool) []string {
	if m.Frame == nil {
		return nil
	}
	shown, mine := m.Frame.Readouts, true
	if m.failed() {
		// The learner's code failed here: the reference's readouts, said
		// to be the reference's, stand under its chart.
		ref := m.paired()
		if ref == nil {
			return nil
		}
		shown, mine = ref.Readouts, false
	}
	st := m.c.Styles
	var order []string
	groups, solo := map[string][]string{}, map[string]bool{}
	if !mine {
		order, solo["reference's readouts:"] = append(order, "reference's readouts:"), true
		groups["reference's readouts:"] = nil
	}
	for _, r := range shown {
		name, what, ok := strings.Cut(r.Label, ": ")
		if !ok {
			name, what = r.Label, "" // a readout of its own: a line of its own
			solo[name] = true
		}
		if _, seen := groups[name]; !seen {
			order = append(order, name)
		}
		val := predictions.FormatValue(r.Value, "")
		if r.Unit != "" && r.Unit != "requests" {
			val += " " + r.Unit
		}
		differs := false
		if ref := m.paired(); ref != nil && mine {
			if rr, ok := ref.Readout(r.Name); ok && !predictions.Same(rr.Value, r.Value) {
				val += " [ref " + predictions.FormatValue(rr.Value, "") + "]"
				differs = true
			}
		}
		if compact && len(groups[name]) > 0 && !differs {
			continue
		}
		if r.Against != "" {
			val += " (" + r.Against + ")"
		}
		groups[name] = append(groups[name], strings.TrimSpace(what+" "+val))
	}
	var out []string
	for _, name := range order {
		line := strings.Join(groups[name], " · ")
		if solo[name] {
			out = append(out, strings.Split(textlayout.Wrap(name+" "+line, w), "\n")...)
			continue
		}
		// Wrapped as plain text, the group's name styled on its first line.
		lines := strings.Split(textlayout.Wrap(name+"  "+line, w), "\n")
		if first, rest, ok := strings.Cut(lines[0], name); ok && first == "" {
			lines[0] = st.Subtitle.Render(name) + rest
		}
		out = append(out, lines...)
	}
	return out
}
