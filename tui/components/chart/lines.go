package chart

import (
	"math"
	"slices"
	"strings"

	"termlab/labs"

	"termlab/tui/components/textlayout"
	"termlab/tui/styles"
)

// Line charts (labs.Line): the first series in braille, the others in
// glyphs of their own, and the series that are events along the first
// drawn as strips under the plot (chart.go says why).

// eventIndex is which event strip series k is (0 for the first), for its
// glyphs.
func (fp Fig) eventIndex(k int) int {
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
func (fp Fig) lineIndex(k int) int {
	n := 0
	for i := range k {
		if !fp.events[i] {
			n++
		}
	}
	return n
}

// drawLines draws the first line series in braille and the others in
// glyphs over it, and returns the event strips to go under the plot.
func (fp Fig) drawLines(grid [][]cell, cut float64, pw, plotH, lw int, st styles.Styles, colOf func(float64) int) (rugs []string) {
	bits := make([][]uint8, plotH)
	owner := make([][]int, plotH)
	for i := range bits {
		bits[i] = make([]uint8, pw)
		owner[i] = make([]int, pw)
	}
	var glyphs []func() // the lines after the first, drawn over the braille
	for k, s := range fp.fig.Series {
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
	return rugs
}

// drawLine calls set for every braille dot of one series, joining its
// points: the cell's row and column and the dot's bit in the cell.
func (fp Fig) drawLine(s labs.Series, k int, cut float64, pw, plotH int, set0 func(row, col int, mask uint8)) {
	W, H := pw*2, plotH*4
	dot := func(x, y float64) (int, int) {
		dx := int(math.Round((x - fp.xmin) / (fp.xmax - fp.xmin) * float64(W-1)))
		dy := int(math.Round((1 - (y-fp.ymin)/(fp.ymax-fp.ymin)) * float64(H-1)))
		return textlayout.Clamp(dx, 0, W-1), textlayout.Clamp(dy, 0, H-1)
	}
	set := func(dx, dy int) {
		// Braille dot numbering: left column 1 2 3 7, right column 4 5 6 8.
		masks := [2][4]uint8{{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}}
		set0(dy/4, dx/2, masks[dx%2][dy%4])
	}
	px, py, have := 0, 0, false
	for i := range min(len(s.X), len(s.Y)) {
		if s.X[i] > cut || !Finite(s.Y[i]) || !Finite(s.X[i]) {
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
func (fp Fig) rug(k int, cut float64, pw, lw int, st styles.Styles, colOf func(float64) int) string {
	s := fp.fig.Series[k]
	all := make([]int, pw)
	shown := make([]int, pw)
	for _, x := range s.X {
		if !Finite(x) {
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
	return st.Dim.Render(textlayout.Pad(textlayout.Trunc(s.Name, lw), lw)+"│") + st.SeriesStyle(k).Render(b.String())
}
