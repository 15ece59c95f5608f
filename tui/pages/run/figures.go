package run

import (
	"termlab/labs"
	"termlab/tui/components/chart"
	"termlab/tui/styles"
)

// figPrep is chart.Fig under the names the run screen's files still use
// (run.go, runview.go, being edited on another branch this round): phase 2
// of the screens' house (docs/ARCHITECTURE.md) has them call the chart
// package directly, and this file goes.
type figPrep struct {
	chart.Fig
	timeAxis   bool
	xmin, xmax float64
	events     []bool
}

func prepFigure(f labs.Figure) figPrep {
	c := chart.Prepare(f)
	fp := figPrep{Fig: c, timeAxis: c.TimeAxis(), events: make([]bool, len(f.Series))}
	fp.xmin, fp.xmax = c.XRange()
	for k := range fp.events {
		fp.events[k] = c.Events(k)
	}
	return fp
}

func (fp figPrep) cut(now, start, end float64, done bool) float64 {
	return fp.Cut(now, start, end, done)
}

func drawFigure(fp figPrep, cut float64, w, plotH int, st styles.Styles, playhead bool) string {
	return chart.Draw(fp.Fig, cut, w, plotH, st, playhead)
}

func figTitle(fp figPrep, w int, st styles.Styles) string { return chart.Title(fp.Fig, w, st) }

func legend(fp figPrep, st styles.Styles, w int) []string { return chart.Legend(fp.Fig, st, w) }

func finite(x float64) bool { return chart.Finite(x) }
