// Package chart draws a lab's figures (labs.Figure) in a terminal's cells:
// bars, lines and points, told apart by shape as well as colour, revealed
// up to a point on the X axis so a replay can grow them. Prepare works a
// figure out once; Draw, Title and Legend are pure, so a screen's View can
// call them every frame.
package chart

import (
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/tui/components/textlayout"
	"termlab/tui/styles"
)

// Figures are data (labs.Figure); this file draws any of them by its Kind,
// revealed up to a cut on its X axis so a replay can grow it along the
// virtual clock. Nothing here knows which day or part a figure comes from.
//
//   - Bars: one bar per X; several series stand side by side when they fit,
//     else overlay with the last in front. The last series is solid eighth
//     blocks; the others are shaded (░ ▒ ▓) in every cell they fill, the
//     top one included, which a shade cannot split into eighths, so theirs
//     round to whole cells. A value that rounds to nothing draws nothing.
//     When each bar is wide enough, its value stands on top of it, so a
//     short bar beside a tall one still reads (Day 46 Part 1: 9.7 offered,
//     4 served) without colour and without squinting at an eighth block.
//   - Line: the first series is a line in braille dots, the others lines of
//     their own glyph (• × + ◆ o #), so they part without colour. A series
//     the figure marks as events (labs.Series.Events) is events along the
//     first line, such as accepts and rejects, drawn as a strip under
//     the plot showing where and how densely they happened, each kind of
//     event with a shape of its own (● accepted, ✕ rejected: small where
//     sparse, large where dense).
//   - Points: every point is a glyph, one glyph per series (· ● ✕ + ◆ #).
//
// Every series has a shape of its own, named in the legend, so a chart
// reads in NO_COLOR and for a learner who does not tell red from green.
//
// Marks are dotted vertical lines (┊), named in the legend.
//
// Why not NimbleMarkets/ntcharts (v0.5.1, the Bubble Tea v1 line), read and
// measured for issue 18: its barchart and linechart tell series apart by
// lipgloss style alone. Every bar is the same █ and ▁…▇ whatever its
// series (graph.DrawColumnBottomToTop), and every line the same braille,
// so under NO_COLOR or to a learner who does not tell red from green two
// series are one; it has no values on bars, and it draws a value of 2e-8
// against 100 as nothing only by luck of its rounding. Drawing Day 46
// Part 1's ten bars at 75×11 cost 1.45 ms a view with ntcharts against
// 0.41 ms here (go test -bench Day46Part1Bars beside the same bars pushed
// into barchart.New, same run, 2 shared cores), and a replay redraws a
// part's charts every frame. So this file keeps its own renderer.

// Fig is a figure with what drawing needs worked out once per run
// rather than once per frame. The zero Fig draws an empty frame.
type Fig struct {
	fig        labs.Figure
	timeAxis   bool // X is virtual time, so a replay reveals X ≤ now
	xmin, xmax float64
	ymin, ymax float64
	events     []bool    // Line: series drawn as an event strip
	bars       []float64 // Bars: the distinct X positions, ascending
}

// timeLabels are the X labels that mean virtual seconds.
var timeLabels = []string{"s", "sec", "second", "seconds", "time", "t", "time (s)", "t (s)", "virtual seconds"}

// Prepare works out f's axes and how each series is drawn.
func Prepare(f labs.Figure) Fig {
	fp := Fig{fig: f, timeAxis: slices.Contains(timeLabels, strings.ToLower(strings.TrimSpace(f.XLabel)))}
	fp.xmin, fp.xmax = math.Inf(1), math.Inf(-1)
	fp.ymin, fp.ymax = math.Inf(1), math.Inf(-1)
	for _, s := range f.Series {
		for i, x := range s.X {
			if i >= len(s.Y) || !Finite(x) || !Finite(s.Y[i]) {
				continue
			}
			fp.xmin, fp.xmax = math.Min(fp.xmin, x), math.Max(fp.xmax, x)
			fp.ymin, fp.ymax = math.Min(fp.ymin, s.Y[i]), math.Max(fp.ymax, s.Y[i])
		}
	}
	for _, m := range f.Marks {
		if Finite(m.X) {
			fp.xmin, fp.xmax = math.Min(fp.xmin, m.X), math.Max(fp.xmax, m.X)
		}
	}
	if math.IsInf(fp.xmin, 0) { // no data at all
		fp.xmin, fp.xmax = 0, 1
	}
	if fp.timeAxis && fp.xmin > 0 && fp.xmin < 0.05*fp.xmax {
		fp.xmin = 0 // a clock reads from zero
	}
	if math.IsInf(fp.ymin, 0) {
		fp.ymin, fp.ymax = 0, 1
	}
	if f.Kind == labs.Bars || fp.ymin > 0 && fp.ymin < fp.ymax/2 {
		// Bars stand on zero; so does a line whose low point is near it, so
		// the eye reads heights as amounts.
		fp.ymin = math.Min(fp.ymin, 0)
	}
	if fp.xmax <= fp.xmin {
		fp.xmax = fp.xmin + 1
	}
	if fp.ymax <= fp.ymin {
		fp.ymax = fp.ymin + 1
	}
	fp.events = make([]bool, len(f.Series))
	if f.Kind == labs.Line {
		for k, s := range f.Series {
			fp.events[k] = k > 0 && s.Events
		}
	}
	if f.Kind == labs.Bars {
		seen := map[float64]bool{}
		for _, s := range f.Series {
			for _, x := range s.X {
				if Finite(x) && !seen[x] {
					seen[x] = true
					fp.bars = append(fp.bars, x)
				}
			}
		}
		slices.Sort(fp.bars)
		if len(fp.bars) > 0 {
			fp.xmin, fp.xmax = fp.bars[0], fp.bars[len(fp.bars)-1]
		}
	}
	return fp
}

// Finite reports whether x is a number a chart can place (not NaN, not ±Inf).
func Finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Figure is the figure prepared.
func (fp Fig) Figure() labs.Figure { return fp.fig }

// TimeAxis reports whether X is virtual time, so a replay reveals X ≤ now.
func (fp Fig) TimeAxis() bool { return fp.timeAxis }

// XRange is the X axis's ends.
func (fp Fig) XRange() (lo, hi float64) { return fp.xmin, fp.xmax }

// Events reports whether series k is drawn as an event strip under the
// plot (a Line's events along its first series), which takes a row of
// its own.
func (fp Fig) Events(k int) bool { return k >= 0 && k < len(fp.events) && fp.events[k] }

// YFromZero is fp with its Y axis from zero when all its values are
// above it, so heights compare.
func (fp Fig) YFromZero() Fig {
	if fp.ymin > 0 && !math.IsInf(fp.ymin, 0) {
		fp.ymin = 0
	}
	return fp
}

// Cut is how far along its X axis the figure is revealed when the part's
// replay stands at now, inside the part's window [start, end]. A figure
// whose X is not time (requests, servers…) grows in step with the replay's
// progress instead.
func (fp Fig) Cut(now, start, end float64, done bool) float64 {
	if done {
		return math.Inf(1)
	}
	if fp.timeAxis {
		return now
	}
	if end <= start {
		return math.Inf(1)
	}
	frac := math.Max(0, math.Min(1, (now-start)/(end-start)))
	return fp.xmin + frac*(fp.xmax-fp.xmin)
}

// cell is one character of a plot.
type cell struct {
	r     rune
	style int // series index; -1 for none, -2 for marks and the playhead
}

var (
	pointGlyphs = []rune("·●✕+◆#")
	lineGlyphs  = []rune("•×+◆o#") // the lines after the first (braille)
	shadeGlyphs = []rune("░▒▓")
	eighths     = []rune(" ▁▂▃▄▅▆▇█")
	// eventGlyphs are the event strips' marks, one pair per kind of event
	// in the order the figure lists them: sparse, then dense.
	eventGlyphs = [][2]rune{{'•', '●'}, {'x', '✕'}, {'▵', '▲'}, {'◇', '◆'}}
)

const (
	styleNone = -1
	styleMark = -2
	styleHead = -3
)

// Draw draws fp in w columns with a plot plotH rows tall, revealing
// X ≤ cut; playhead marks cut when the replay is running.
func Draw(fp Fig, cut float64, w, plotH int, st styles.Styles, playhead bool) string {
	f := fp.fig
	var out []string
	out = append(out, Title(fp, w, st))

	ytop, ybot := predictions.FormatValue(fp.ymax, ""), predictions.FormatValue(fp.ymin, "")
	lw := fp.gutter(ytop, ybot, w)
	pw := w - lw - 1
	if pw < 4 || plotH < 1 {
		out = append(out, st.Dim.Render(textlayout.Trunc("(too small to draw: widen the window)", w)))
		return strings.Join(out, "\n")
	}

	grid := newGrid(pw, plotH)
	colOf := func(x float64) int {
		return textlayout.Clamp(int(math.Round((x-fp.xmin)/(fp.xmax-fp.xmin)*float64(pw-1))), 0, pw-1)
	}
	var rugs []string
	topRow := 0 // the plot row the top of the scale is at

	switch f.Kind {
	case labs.Bars:
		colOf = fp.drawBars(grid, cut, pw, plotH)
		if fp.labelled(pw, plotH) {
			topRow = 1 // the row above is for the tallest bar's value
		}
	case labs.Points:
		fp.drawPoints(grid, cut, plotH, colOf)
	default: // labs.Line, and any kind this version does not know
		rugs = fp.drawLines(grid, cut, pw, plotH, lw, st, colOf)
	}
	fp.drawMarks(grid, cut, playhead, colOf)

	for i, row := range grid {
		label := ""
		switch i {
		case topRow:
			label = ytop
		case plotH - 1:
			label = ybot
		}
		out = append(out, st.Dim.Render(textlayout.Pad(textlayout.Trunc(label, lw), lw)+"│")+renderCells(row, st))
	}
	out = append(out, rugs...)
	out = append(out, st.Dim.Render(textlayout.Repeat(" ", lw)+"└"+axisLabels(fp, pw)))
	out = append(out, Legend(fp, st, w)...)
	return strings.Join(out, "\n")
}

// gutter is the width of the labels left of the plot: the scale's ends,
// and the names of event strips, within a quarter of w.
func (fp Fig) gutter(ytop, ybot string, w int) int {
	lw := max(textlayout.Width(ytop), textlayout.Width(ybot))
	for k, ev := range fp.events {
		if ev {
			lw = max(lw, textlayout.Width(fp.fig.Series[k].Name)) // event strips are named in the gutter
		}
	}
	return min(lw, 8, max(w/4, 1))
}

// newGrid is an empty plot.
func newGrid(pw, plotH int) [][]cell {
	grid := make([][]cell, plotH)
	for i := range grid {
		grid[i] = make([]cell, pw)
		for j := range grid[i] {
			grid[i][j] = cell{r: ' ', style: styleNone}
		}
	}
	return grid
}

// drawPoints puts a glyph at every point revealed, one glyph per series.
func (fp Fig) drawPoints(grid [][]cell, cut float64, plotH int, colOf func(float64) int) {
	for k, s := range fp.fig.Series {
		g := pointGlyphs[k%len(pointGlyphs)]
		for i := range min(len(s.X), len(s.Y)) {
			if s.X[i] > cut || !Finite(s.Y[i]) {
				continue
			}
			row := plotH - 1 - textlayout.Clamp(int(math.Round((s.Y[i]-fp.ymin)/(fp.ymax-fp.ymin)*float64(plotH-1))), 0, plotH-1)
			grid[row][colOf(s.X[i])] = cell{r: g, style: k}
		}
	}
}

// drawMarks puts the marks and the playhead only where nothing is drawn,
// behind the data.
func (fp Fig) drawMarks(grid [][]cell, cut float64, playhead bool, colOf func(float64) int) {
	behind := func(col int, r rune, style int) {
		for i := range grid {
			if grid[i][col].style == styleNone {
				grid[i][col] = cell{r: r, style: style}
			}
		}
	}
	for _, m := range fp.fig.Marks {
		if Finite(m.X) {
			behind(colOf(m.X), '┊', styleMark)
		}
	}
	if playhead && fp.fig.Kind != labs.Bars && cut >= fp.xmin && cut <= fp.xmax {
		behind(colOf(cut), '│', styleHead)
	}
}

// Title is the figure's title and what its axes are, wrapped to w.
func Title(fp Fig, w int, st styles.Styles) string {
	f := fp.fig
	title := st.Title.Render(f.Title)
	if f.YLabel != "" || f.XLabel != "" {
		title += st.Dim.Render(" · " + strings.TrimSpace(f.YLabel+" by "+f.XLabel))
	}
	return textlayout.Wrap(title, w)
}

// renderCells styles a row, one Render per run of equal style.
func renderCells(row []cell, st styles.Styles) string {
	var b, run strings.Builder
	cur := styleNone
	flush := func() {
		if run.Len() == 0 {
			return
		}
		b.WriteString(cellStyle(cur, st).Render(run.String()))
		run.Reset()
	}
	for _, c := range row {
		if c.style != cur {
			flush()
			cur = c.style
		}
		run.WriteRune(c.r)
	}
	flush()
	return b.String()
}

func cellStyle(i int, st styles.Styles) lipgloss.Style {
	switch i {
	case styleNone:
		return st.Body
	case styleMark:
		return st.Warn
	case styleHead:
		return st.Faint
	}
	return st.SeriesStyle(i)
}

// axisLabels is the X axis line: the first and last X at its ends and the
// X label in the middle, drawn into the axis itself to save a line.
func axisLabels(fp Fig, pw int) string {
	lo, hi := predictions.FormatValue(fp.xmin, ""), predictions.FormatValue(fp.xmax, "")
	mid := fp.fig.XLabel
	if mid != "" {
		mid = " " + mid + " "
	}
	gap := pw - textlayout.Width(lo) - textlayout.Width(hi)
	if gap < textlayout.Width(mid)+2 {
		mid = ""
	}
	if gap < 1 {
		return textlayout.Trunc(lo+textlayout.Repeat("─", pw), pw)
	}
	left := (gap - textlayout.Width(mid)) / 2
	return lo + textlayout.Repeat("─", left) + mid + textlayout.Repeat("─", gap-left-textlayout.Width(mid)) + hi
}

// Legend names each series with the glyph it is drawn with, then the
// marks, wrapped at the entries to w columns. A figure of one series and
// no marks needs none.
func Legend(fp Fig, st styles.Styles, w int) []string {
	if len(fp.fig.Series) < 2 && len(fp.fig.Marks) == 0 {
		return nil
	}
	var parts []string
	last := len(fp.fig.Series) - 1
	for k, s := range fp.fig.Series {
		name := s.Name
		if v, ok := flatAt(s); ok && fp.fig.Kind == labs.Line && !fp.events[k] {
			// A level (a promise, a limit) names its value: near the
			// bottom of a tall axis it sits on the row labelled 0.
			name += " = " + predictions.FormatValue(v, "")
		}
		parts = append(parts, st.SeriesStyle(k).Render(SeriesGlyph(fp, k, last))+" "+st.Dim.Render(name))
	}
	for _, m := range fp.fig.Marks {
		parts = append(parts, st.Warn.Render("┊")+" "+st.Dim.Render(m.Label+" ("+predictions.FormatValue(m.X, "")+")"))
	}
	var lines []string
	cur := ""
	for _, p := range parts {
		switch {
		case cur == "":
			cur = p
		case textlayout.Width(cur)+2+textlayout.Width(p) <= w:
			cur += "  " + p
		default:
			lines = append(lines, cur)
			cur = p
		}
	}
	lines = append(lines, cur)
	for i, l := range lines {
		if textlayout.Width(l) > w {
			lines[i] = textlayout.Wrap(l, w) // one entry wider than the screen
		}
	}
	return strings.Split(strings.Join(lines, "\n"), "\n")
}

// flatAt reports the one value a series holds at every point, if it holds
// one (two points at least).
func flatAt(s labs.Series) (float64, bool) {
	if len(s.Y) < 2 {
		return 0, false
	}
	for _, y := range s.Y[1:] {
		if y != s.Y[0] {
			return 0, false
		}
	}
	return s.Y[0], true
}

// SeriesGlyph is what series k is drawn with, for the legend.
func SeriesGlyph(fp Fig, k, last int) string {
	switch {
	case fp.fig.Kind == labs.Bars && k == last:
		return "█"
	case fp.fig.Kind == labs.Bars:
		return string(shadeGlyphs[k%len(shadeGlyphs)])
	case fp.fig.Kind == labs.Points:
		return string(pointGlyphs[k%len(pointGlyphs)])
	case fp.events[k]:
		return string(eventGlyphs[fp.eventIndex(k)%len(eventGlyphs)][1])
	case fp.lineIndex(k) > 0:
		return string(lineGlyphs[(fp.lineIndex(k)-1)%len(lineGlyphs)])
	}
	return "⠤"
}
