package tui

import (
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"termlab/labs"
	"termlab/record/predictions"
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
//     whose points all sit on the first series (same X, same Y) is events
//     along the line, such as accepts and rejects, drawn as a strip under
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

// figPrep is a figure with what drawing needs worked out once per run
// rather than once per frame.
type figPrep struct {
	fig        labs.Figure
	timeAxis   bool // X is virtual time, so a replay reveals X ≤ now
	xmin, xmax float64
	ymin, ymax float64
	events     []bool    // Line: series drawn as an event strip
	bars       []float64 // Bars: the distinct X positions, ascending
}

// timeLabels are the X labels that mean virtual seconds.
var timeLabels = []string{"s", "sec", "second", "seconds", "time", "t", "time (s)", "t (s)", "virtual seconds"}

func prepFigure(f labs.Figure) figPrep {
	fp := figPrep{fig: f, timeAxis: slices.Contains(timeLabels, strings.ToLower(strings.TrimSpace(f.XLabel)))}
	fp.xmin, fp.xmax = math.Inf(1), math.Inf(-1)
	fp.ymin, fp.ymax = math.Inf(1), math.Inf(-1)
	for _, s := range f.Series {
		for i, x := range s.X {
			if i >= len(s.Y) || !finite(x) || !finite(s.Y[i]) {
				continue
			}
			fp.xmin, fp.xmax = math.Min(fp.xmin, x), math.Max(fp.xmax, x)
			fp.ymin, fp.ymax = math.Min(fp.ymin, s.Y[i]), math.Max(fp.ymax, s.Y[i])
		}
	}
	for _, m := range f.Marks {
		if finite(m.X) {
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
	if f.Kind == labs.Line && len(f.Series) > 1 {
		on := map[[2]float64]bool{}
		s0 := f.Series[0]
		for i := range min(len(s0.X), len(s0.Y)) {
			on[[2]float64{s0.X[i], s0.Y[i]}] = true
		}
		for k := 1; k < len(f.Series); k++ {
			s := f.Series[k]
			all := len(s.X) > 0
			for i := range min(len(s.X), len(s.Y)) {
				if !on[[2]float64{s.X[i], s.Y[i]}] {
					all = false
					break
				}
			}
			fp.events[k] = all
		}
	}
	if f.Kind == labs.Bars {
		seen := map[float64]bool{}
		for _, s := range f.Series {
			for _, x := range s.X {
				if finite(x) && !seen[x] {
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

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// cut is how far along its X axis the figure is revealed when the part's
// replay stands at now, inside the part's window [start, end]. A figure
// whose X is not time (requests, servers…) grows in step with the replay's
// progress instead.
func (fp figPrep) cut(now, start, end float64, done bool) float64 {
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

// eventIndex is which event strip series k is (0 for the first), for its
// glyphs.
func (fp figPrep) eventIndex(k int) int {
	n := 0
	for i := range k {
		if fp.events[i] {
			n++
		}
	}
	return n
}

// lineIndex is which line series k is among the lines that are not event
// strips (0 is drawn in braille).
func (fp figPrep) lineIndex(k int) int {
	n := 0
	for i := range k {
		if !fp.events[i] {
			n++
		}
	}
	return n
}

const (
	styleNone = -1
	styleMark = -2
	styleHead = -3
)

// drawFigure draws fp in w columns with a plot plotH rows tall, revealing
// X ≤ cut; playhead marks cut when the replay is running.
func drawFigure(fp figPrep, cut float64, w, plotH int, st Styles, playhead bool) string {
	f := fp.fig
	var out []string
	out = append(out, figTitle(fp, w, st))

	ytop, ybot := predictions.FormatValue(fp.ymax, ""), predictions.FormatValue(fp.ymin, "")
	lw := max(width(ytop), width(ybot))
	for k, ev := range fp.events {
		if ev {
			lw = max(lw, width(f.Series[k].Name)) // event strips are named in the gutter
		}
	}
	lw = min(lw, 8, max(w/4, 1))
	pw := w - lw - 1
	if pw < 4 || plotH < 1 {
		out = append(out, st.Dim.Render(trunc("(too small to draw: widen the window)", w)))
		return strings.Join(out, "\n")
	}

	grid := make([][]cell, plotH)
	for i := range grid {
		grid[i] = make([]cell, pw)
		for j := range grid[i] {
			grid[i][j] = cell{r: ' ', style: styleNone}
		}
	}
	colOf := func(x float64) int {
		return clamp(int(math.Round((x-fp.xmin)/(fp.xmax-fp.xmin)*float64(pw-1))), 0, pw-1)
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
		for k, s := range f.Series {
			g := pointGlyphs[k%len(pointGlyphs)]
			for i := range min(len(s.X), len(s.Y)) {
				if s.X[i] > cut || !finite(s.Y[i]) {
					continue
				}
				row := plotH - 1 - clamp(int(math.Round((s.Y[i]-fp.ymin)/(fp.ymax-fp.ymin)*float64(plotH-1))), 0, plotH-1)
				grid[row][colOf(s.X[i])] = cell{r: g, style: k}
			}
		}
	default: // labs.Line, and any kind this version does not know
		bits := make([][]uint8, plotH)
		owner := make([][]int, plotH)
		for i := range bits {
			bits[i] = make([]uint8, pw)
			owner[i] = make([]int, pw)
		}
		var glyphs []func() // the lines after the first, drawn over the braille
		for k, s := range f.Series {
			if fp.events[k] {
				rugs = append(rugs, fp.rug(k, cut, pw, lw, st, colOf))
				continue
			}
			if li := fp.lineIndex(k); li > 0 {
				g := lineGlyphs[(li-1)%len(lineGlyphs)]
				glyphs = append(glyphs, func() {
					fp.drawLine(s, k, cut, pw, plotH, func(row, col int, _ uint8) {
						grid[row][col] = cell{r: g, style: k}
					})
				})
				continue
			}
			fp.drawLine(s, k, cut, pw, plotH, func(row, col int, mask uint8) {
				bits[row][col] |= mask
				owner[row][col] = k
			})
		}
		for i := range bits {
			for j := range bits[i] {
				if bits[i][j] != 0 {
					grid[i][j] = cell{r: rune(0x2800 + int(bits[i][j])), style: owner[i][j]}
				}
			}
		}
		for _, draw := range glyphs {
			draw()
		}
	}

	// Marks and the playhead go only where nothing is drawn, behind the data.
	behind := func(col int, r rune, style int) {
		for i := range grid {
			if grid[i][col].style == styleNone {
				grid[i][col] = cell{r: r, style: style}
			}
		}
	}
	for _, m := range f.Marks {
		if finite(m.X) {
			behind(colOf(m.X), '┊', styleMark)
		}
	}
	if playhead && f.Kind != labs.Bars && cut >= fp.xmin && cut <= fp.xmax {
		behind(colOf(cut), '│', styleHead)
	}

	for i, row := range grid {
		label := ""
		switch i {
		case topRow:
			label = ytop
		case plotH - 1:
			label = ybot
		}
		out = append(out, st.Dim.Render(pad(trunc(label, lw), lw)+"│")+renderCells(row, st))
	}
	out = append(out, rugs...)
	out = append(out, st.Dim.Render(repeat(" ", lw)+"└"+axisLabels(fp, pw)))
	out = append(out, legend(fp, st, w)...)
	return strings.Join(out, "\n")
}

// figTitle is the figure's title and what its axes are, wrapped to w.
func figTitle(fp figPrep, w int, st Styles) string {
	f := fp.fig
	title := st.Title.Render(f.Title)
	if f.YLabel != "" || f.XLabel != "" {
		title += st.Dim.Render(" · " + strings.TrimSpace(f.YLabel+" by "+f.XLabel))
	}
	return wrap(title, w)
}

// drawBars fills grid with fp's bars and returns where an X falls, for marks.
func (fp figPrep) drawBars(grid [][]cell, cut float64, pw, plotH int) func(float64) int {
	n := len(fp.bars)
	if n == 0 {
		return func(float64) int { return 0 }
	}
	// barCols is the columns of series k's bar at index i. Bars share the
	// width out evenly (give or take a column), with a gap when they are
	// wide enough to spare one. When every series fits side by side they
	// stand in groups; otherwise they overlay, the last in front. When bars
	// outnumber columns, several share a column and the tallest shows.
	nk := max(len(fp.fig.Series), 1)
	grouped := nk > 1 && n*nk <= pw
	barCols := func(i, k int) (int, int) {
		c0, c1 := i*pw/n, (i+1)*pw/n
		if c1 <= c0 {
			c1 = c0 + 1
		}
		gap := 0
		if n <= pw && c1-c0 >= 3 || grouped && c1-c0 > nk {
			gap = 1
		}
		if grouped {
			sw := max((c1-c0-gap)/nk, 1)
			return c0 + k*sw, c0 + (k+1)*sw
		}
		return c0, c1 - gap
	}
	index := func(x float64) int {
		i, _ := slices.BinarySearch(fp.bars, x)
		return clamp(i, 0, n-1)
	}
	last := len(fp.fig.Series) - 1
	top := fp.barTop(pw, plotH)
	labelled := fp.labelled(pw, plotH)
	for k, s := range fp.fig.Series {
		height := make([]float64, pw) // per column, in eighths of a row
		type label struct {
			c0, c1 int
			e      float64
			text   string
		}
		var labels []label
		for i := range min(len(s.X), len(s.Y)) {
			if s.X[i] > cut || !finite(s.Y[i]) {
				continue
			}
			e := (s.Y[i] - fp.ymin) / (top - fp.ymin) * float64(plotH*8)
			c0, c1 := barCols(index(s.X[i]), k)
			for c := c0; c < min(c1, pw); c++ {
				height[c] = math.Max(height[c], e)
			}
			if labelled {
				labels = append(labels, label{c0, min(c1, pw), e, predictions.FormatValue(s.Y[i], "")})
			}
		}
		for c, e := range height {
			for r := range plotH {
				fill := e - float64(r*8)
				row := plotH - 1 - r
				switch {
				case k != last && fill >= 4:
					// The series behind the front one: every cell it fills
					// shaded, its top rounded to a whole cell, so it stays
					// apart from the front one without colour.
					grid[row][c] = cell{r: shadeGlyphs[k%len(shadeGlyphs)], style: k}
				case k == last && fill >= 0.5:
					grid[row][c] = cell{r: eighths[clamp(int(math.Round(fill)), 1, 8)], style: k}
				}
			}
		}
		// Each value on top of its bar, in the row above it (barTop keeps
		// one free above the tallest), centred over the bar.
		for _, l := range labels {
			drawn := math.Round(l.e) // the eighths the front series draws
			if k != last {
				drawn = math.Floor((l.e+4)/8) * 8 // whole shaded cells
			}
			row := plotH - 1 - int(math.Ceil(drawn/8-1e-9))
			if row < 0 || row >= plotH {
				continue
			}
			w := width(l.text)
			c := l.c0 + (l.c1-l.c0-w)/2
			for j, r := range []rune(l.text) {
				if cc := c + j; cc >= 0 && cc < pw && grid[row][cc].style == styleNone {
					grid[row][cc] = cell{r: r, style: k}
				}
			}
		}
	}
	return func(x float64) int { c, _ := barCols(index(x), 0); return clamp(c, 0, pw-1) }
}

// labelled reports whether every bar is wide enough to carry its value on
// top: side by side (or one series), and each value fits its bar.
func (fp figPrep) labelled(pw, plotH int) bool {
	n, nk := len(fp.bars), max(len(fp.fig.Series), 1)
	if n == 0 || plotH < 3 || nk > 1 && n*nk > pw {
		return false
	}
	cols := pw / n
	if nk > 1 {
		cols = (cols - 1) / nk
	}
	for _, s := range fp.fig.Series {
		for _, y := range s.Y {
			if finite(y) && width(predictions.FormatValue(y, "")) > cols {
				return false
			}
		}
	}
	return true
}

// barTop is the value at the top of a bar chart's plot: the data's top,
// raised by a row when the bars carry their values, so the tallest has
// room for its label.
func (fp figPrep) barTop(pw, plotH int) float64 {
	if !fp.labelled(pw, plotH) {
		return fp.ymax
	}
	return fp.ymin + (fp.ymax-fp.ymin)*float64(plotH)/float64(plotH-1)
}

// drawLine calls set for every braille dot of one series, joining its
// points: the cell's row and column and the dot's bit in the cell.
func (fp figPrep) drawLine(s labs.Series, k int, cut float64, pw, plotH int, set0 func(row, col int, mask uint8)) {
	W, H := pw*2, plotH*4
	dot := func(x, y float64) (int, int) {
		dx := int(math.Round((x - fp.xmin) / (fp.xmax - fp.xmin) * float64(W-1)))
		dy := int(math.Round((1 - (y-fp.ymin)/(fp.ymax-fp.ymin)) * float64(H-1)))
		return clamp(dx, 0, W-1), clamp(dy, 0, H-1)
	}
	set := func(dx, dy int) {
		// Braille dot numbering: left column 1 2 3 7, right column 4 5 6 8.
		masks := [2][4]uint8{{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}}
		set0(dy/4, dx/2, masks[dx%2][dy%4])
	}
	px, py, have := 0, 0, false
	for i := range min(len(s.X), len(s.Y)) {
		if s.X[i] > cut || !finite(s.Y[i]) || !finite(s.X[i]) {
			continue
		}
		x, y := dot(s.X[i], s.Y[i])
		if !have {
			set(x, y)
		} else {
			line(px, py, x, y, set)
		}
		px, py, have = x, y, true
	}
}

// line calls set for every dot from (x0, y0) to (x1, y1) (Bresenham).
func line(x0, y0, x1, y1 int, set func(int, int)) {
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := sign(x1-x0), sign(y1-y0)
	e := dx + dy
	for {
		set(x0, y0)
		if x0 == x1 && y0 == y1 {
			return
		}
		if e2 := 2 * e; e2 >= dy {
			e += dy
			x0 += sx
		} else {
			e += dx
			y0 += sy
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// rug is one strip of events under a line plot: where they happened, shaded
// by how many fell in each column.
func (fp figPrep) rug(k int, cut float64, pw, lw int, st Styles, colOf func(float64) int) string {
	s := fp.fig.Series[k]
	all := make([]int, pw)
	shown := make([]int, pw)
	for _, x := range s.X {
		if !finite(x) {
			continue
		}
		c := colOf(x)
		all[c]++
		if x <= cut {
			shown[c]++
		}
	}
	top := slices.Max(all)
	glyphs := eventGlyphs[fp.eventIndex(k)%len(eventGlyphs)]
	var b strings.Builder
	for _, n := range shown {
		g := ' '
		switch {
		case n == 0 || top == 0:
		case 4*n >= 3*top: // the busiest columns
			g = glyphs[1]
		default:
			g = glyphs[0]
		}
		b.WriteRune(g)
	}
	return st.Dim.Render(pad(trunc(s.Name, lw), lw)+"│") + st.series(k).Render(b.String())
}

// renderCells styles a row, one Render per run of equal style.
func renderCells(row []cell, st Styles) string {
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

func cellStyle(i int, st Styles) lipgloss.Style {
	switch i {
	case styleNone:
		return st.Body
	case styleMark:
		return st.Warn
	case styleHead:
		return st.Faint
	}
	return st.series(i)
}

// axisLabels is the X axis line: the first and last X at its ends and the
// X label in the middle, drawn into the axis itself to save a line.
func axisLabels(fp figPrep, pw int) string {
	lo, hi := predictions.FormatValue(fp.xmin, ""), predictions.FormatValue(fp.xmax, "")
	mid := fp.fig.XLabel
	if mid != "" {
		mid = " " + mid + " "
	}
	gap := pw - width(lo) - width(hi)
	if gap < width(mid)+2 {
		mid = ""
	}
	if gap < 1 {
		return trunc(lo+repeat("─", pw), pw)
	}
	left := (gap - width(mid)) / 2
	return lo + repeat("─", left) + mid + repeat("─", gap-left-width(mid)) + hi
}

// legend names each series with the glyph it is drawn with, then the
// marks, wrapped at the entries to w columns. A figure of one series and
// no marks needs none.
func legend(fp figPrep, st Styles, w int) []string {
	if len(fp.fig.Series) < 2 && len(fp.fig.Marks) == 0 {
		return nil
	}
	var parts []string
	last := len(fp.fig.Series) - 1
	for k, s := range fp.fig.Series {
		parts = append(parts, st.series(k).Render(seriesGlyph(fp, k, last))+" "+st.Dim.Render(s.Name))
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
		case width(cur)+2+width(p) <= w:
			cur += "  " + p
		default:
			lines = append(lines, cur)
			cur = p
		}
	}
	lines = append(lines, cur)
	for i, l := range lines {
		if width(l) > w {
			lines[i] = wrap(l, w) // one entry wider than the screen
		}
	}
	return strings.Split(strings.Join(lines, "\n"), "\n")
}

// seriesGlyph is what series k is drawn with, for the legend.
func seriesGlyph(fp figPrep, k, last int) string {
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
