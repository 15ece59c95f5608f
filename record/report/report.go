// Package report writes a day's run as plain text: the report the command
// line prints and RESULTS.md keeps. The screens draw the same outcome with
// colour and motion; this is the version that works in any pipe or file.
package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"termlab/labs"
	"termlab/record/predictions"
)

const rule = "──────────────────────────────────────────────────────────────────────────"

// Text is the full report of one run: each part, the scoreboard and the
// number to carry.
func Text(day labs.Day, o labs.Outcome, rows []predictions.Row) string {
	var b strings.Builder
	who := "your code"
	if o.Impl == labs.Reference {
		who = "the reference solutions"
	}
	fmt.Fprintf(&b, "Day %d — %s (run on %s)\n", day.Number, day.Title, who)
	for _, p := range o.Parts {
		b.WriteString("\n" + Part(p))
	}
	b.WriteString("\n" + heading("Scoreboard") + ScoreboardFor(day, rows))
	b.WriteString("\n" + heading("The number to carry") + "  " + day.Carry(o.Metrics()) + "\n")
	return b.String()
}

func heading(title string) string {
	n := min(utf8.RuneCountInString(title), utf8.RuneCountInString(rule))
	return title + "\n" + string([]rune(rule)[:n]) + "\n"
}

// Part is one part's section: its sentences, figures drawn as sparklines,
// or what it waits for.
func Part(p labs.PartResult) string {
	var b strings.Builder
	b.WriteString(heading(fmt.Sprintf("Part %s: %s", p.ID, p.Title)))
	for _, l := range p.Lines {
		b.WriteString("  " + l + "\n")
	}
	for _, f := range p.Figures {
		if f.Kind == labs.Bars {
			b.WriteString(figure(f))
		}
	}
	if p.Status != labs.OK {
		b.WriteString("  " + Waiting(p) + "\n")
	}
	return b.String()
}

// figure is a bar figure as sparklines: its title and axes once, then a
// line per series with the names padded to the longest, so the sparklines
// start in one column whatever the names and units.
func figure(f labs.Figure) string {
	var b strings.Builder
	head := "  " + f.Title
	if axes := strings.TrimSpace(f.YLabel + " by " + f.XLabel); f.YLabel != "" && f.XLabel != "" {
		head += " (" + axes + ")"
	}
	b.WriteString(head + "\n")
	nameW := 0
	for _, s := range f.Series {
		nameW = max(nameW, utf8.RuneCountInString(s.Name))
	}
	for _, s := range f.Series {
		pad := strings.Repeat(" ", nameW-utf8.RuneCountInString(s.Name))
		b.WriteString(strings.TrimRight("    "+s.Name+pad+"  "+Sparkline(s.Y), " ") + "\n")
	}
	return b.String()
}

// Waiting says why a part (or the rest of it) did not run.
func Waiting(p labs.PartResult) string {
	var s string
	switch {
	case p.TODO == 0 && p.Status != labs.Unfinished:
		// A fault no TODO is to blame for (the file's init): its own words.
		s = "✗ stopped: " + p.Detail
	case p.Status == labs.Unfinished:
		s = fmt.Sprintf("⏳ waiting on TODO %d (%s)", p.TODO, p.Detail)
	case p.Status == labs.Fail:
		s = fmt.Sprintf("✗ stopped: TODO %d gave an impossible answer: %s", p.TODO, p.Detail)
	case p.Status == labs.Crash:
		s = fmt.Sprintf("✗ stopped: TODO %d crashed: %s", p.TODO, p.Detail)
	case p.Status == labs.Timeout:
		s = fmt.Sprintf("✗ stopped: TODO %d never returned: %s", p.TODO, p.Detail)
	default:
		s = fmt.Sprintf("%s: %s", p.Status, p.Detail)
	}
	if p.Where != "" {
		s += " at " + p.Where
	}
	return s
}

// Scoreboard is the prediction-against-actual table.
func Scoreboard(rows []predictions.Row) string { return ScoreboardFor(labs.Day{}, rows) }

// ScoreboardFor is Scoreboard naming day's functions where a TODO moved
// the learner's figure off the reference's. The actual is the reference's
// figure, what the system does; the distance is relative to it (in points
// for a percentage).
func ScoreboardFor(day labs.Day, rows []predictions.Row) string {
	var b strings.Builder
	b.WriteString("  (actual: what the reference does; distance: relative to it, in points for a %)\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "  %-3s you %-9s actual %-12s %s\n", r.ID, guess(r), withUnit(num(r.Actual), r.Unit), verdict(r))
		if r.Yours != nil && r.Actual != nil {
			b.WriteString("      " + Yours(day, r) + "\n")
		}
		if r.Explanation != "" && r.Revealed && r.Actual != nil {
			b.WriteString("      you said: " + r.Explanation + "\n")
			if p, ok := day.Prediction(r.ID); ok && p.Why != "" {
				b.WriteString("      the lab:  " + p.Why + "\n")
			}
		}
	}
	if line := predictions.Calibrate(rows).Line(); line != "" {
		b.WriteString("  How sure you were, and how often right: " + line + "\n")
	}
	return b.String()
}

// Yours says what the learner's code gave where it differs from the
// reference, and which TODO moved it: the row's verdict is not about it.
func Yours(day labs.Day, r predictions.Row) string {
	if r.Yours == nil || r.Actual == nil {
		return ""
	}
	yours, ref := predictions.FormatPair(*r.Yours, *r.Actual, r.Unit)
	return fmt.Sprintf("%s gives %s here; the reference gives %s, and the guess is judged on that", whose(day, r.Moved), yours, ref)
}

// whose names the learner's code that moved a figure: "your TakeToken (TODO
// 1)", or "your code" when no failing TODO is known.
func whose(day labs.Day, moved []int) string {
	var names []string
	for _, n := range moved {
		if t, ok := day.TODO(n); ok && t.Func != "" {
			names = append(names, fmt.Sprintf("%s (TODO %d)", t.Func, n))
		} else {
			names = append(names, fmt.Sprintf("TODO %d", n))
		}
	}
	if len(names) == 0 {
		return "your code"
	}
	return "your " + strings.Join(names, " and ")
}

func guess(r predictions.Row) string {
	switch {
	case r.Skipped:
		return "skipped"
	case r.First != nil:
		return num(r.First) + "*"
	case r.Predicted == nil:
		return "—"
	}
	return num(r.Predicted)
}

func verdict(r predictions.Row) string {
	switch {
	case r.Awaiting:
		return "(judged once the reference has run)"
	case r.Held:
		return "(held back until you guess)"
	case r.Actual == nil:
		return "(part not run yet)"
	case r.Verdict == nil && r.Revised:
		return "(guessed only after the actual was shown: not scored)"
	case r.Verdict == nil:
		return "(no prediction)"
	}
	s := r.Verdict.Words(r.Unit)
	if r.Confidence != "" {
		s += " · you said " + string(r.Confidence)
	}
	if r.Revised {
		s += fmt.Sprintf("  *first guess; revised to %s after the reveal", num(r.Predicted))
	}
	return s
}

func num(v *float64) string {
	if v == nil {
		return "—"
	}
	if *v == math.Trunc(*v) && math.Abs(*v) < 1e15 {
		return strconv.FormatFloat(*v, 'f', 0, 64)
	}
	return strconv.FormatFloat(*v, 'f', 1, 64)
}

// withUnit writes a rate with its unit and one decimal, as the course does
// ("10.3/s"), and leaves counts as they are.
func withUnit(n, unit string) string {
	if unit != "/s" || n == "—" {
		return n
	}
	if !strings.Contains(n, ".") {
		n += ".0"
	}
	return n + "/s"
}

// Sparkline draws values as a row of block characters, tallest = max.
func Sparkline(ys []float64) string {
	blocks := []rune(" ▁▂▃▄▅▆▇█")
	top := 0.0
	for _, y := range ys {
		top = math.Max(top, y)
	}
	var b strings.Builder
	for _, y := range ys {
		i := 0
		if top > 0 && y > 0 {
			i = 1 + int(math.Round(y/top*float64(len(blocks)-2)))
		}
		b.WriteRune(blocks[min(i, len(blocks)-1)])
	}
	return b.String()
}

// Grades is the grader's verdict on every TODO.
func Grades(day labs.Day, grades []labs.Grade) string {
	var b strings.Builder
	passed := 0
	fmt.Fprintf(&b, "Day %d — %s: your TODOs\n\n", day.Number, day.Title)
	for _, g := range grades {
		if g.Status == labs.Pass {
			passed++
		}
		fmt.Fprintf(&b, "  %s TODO %d  %-10s %s\n", mark(g.Status), g.TODO, g.Func, g.Status)
		fmt.Fprintf(&b, "             %s\n", g.Detail)
		if g.Where != "" {
			fmt.Fprintf(&b, "             at %s\n", g.Where)
		}
		if ce := g.Counterexample; ce != nil {
			fmt.Fprintf(&b, "             input: %s\n             got:   %s\n             want:  %s\n", ce.Input, ce.Got, ce.Want)
		}
		if g.Hint != "" {
			fmt.Fprintf(&b, "             hint:  %s\n", g.Hint)
		}
	}
	fmt.Fprintf(&b, "\n  %d of %d TODOs pass.\n", passed, len(grades))
	return b.String()
}

func mark(s labs.Status) string {
	switch s {
	case labs.Pass, labs.OK:
		return "✓"
	case labs.Unfinished:
		return "·"
	}
	return "✗"
}
