package chart

import (
	"math"
	"slices"

	"termlab/record/predictions"

	"termlab/tui/components/textlayout"
)

// Bar charts (labs.Bars): how chart.go's bars stand side by side or
// overlay, and when each carries its value.

// drawBars fills grid with fp's bars and returns where an X falls, for marks.
func (fp Fig) drawBars(grid [][]cell, cut float64, pw, plotH int) func(float64) int {
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
		return textlayout.Clamp(i, 0, n-1)
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
			if s.X[i] > cut || !Finite(s.Y[i]) {
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
					grid[row][c] = cell{r: eighths[textlayout.Clamp(int(math.Round(fill)), 1, 8)], style: k}
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
			w := textlayout.Width(l.text)
			c := l.c0 + (l.c1-l.c0-w)/2
			for j, r := range []rune(l.text) {
				if cc := c + j; cc >= 0 && cc < pw && grid[row][cc].style == styleNone {
					grid[row][cc] = cell{r: r, style: k}
				}
			}
		}
	}
	return func(x float64) int { c, _ := barCols(index(x), 0); return textlayout.Clamp(c, 0, pw-1) }
}

// labelled reports whether every bar is wide enough to carry its value on
// top: side by side (or one series), and each value fits its bar.
func (fp Fig) labelled(pw, plotH int) bool {
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
			if Finite(y) && textlayout.Width(predictions.FormatValue(y, "")) > cols {
				return false
			}
		}
	}
	return true
}

// barTop is the value at the top of a bar chart's plot: the data's top,
// raised by a row when the bars carry their values, so the tallest has
// room for its label.
func (fp Fig) barTop(pw, plotH int) float64 {
	if !fp.labelled(pw, plotH) {
		return fp.ymax
	}
	return fp.ymin + (fp.ymax-fp.ymin)*float64(plotH)/float64(plotH-1)
}
