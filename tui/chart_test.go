package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"termlab/labs"
	"termlab/record/predictions"
)

// plotRows is the plot of a drawn figure: the rows between the title and
// the X axis, without the Y labels.
func plotRows(drawn string) []string {
	var rows []string
	for _, l := range strings.Split(ansi.Strip(drawn), "\n") {
		if strings.Contains(l, "└") {
			break
		}
		if _, plot, ok := strings.Cut(l, "│"); ok {
			rows = append(rows, plot)
		}
	}
	return rows
}

const eighthGlyphs = "▁▂▃▄▅▆▇█"

// Issue 18 item 4: each series is told apart in every cell it fills, its
// partial top cell included, and a value that rounds to nothing draws
// nothing.
func TestBarsTellSeriesApartInEveryCell(t *testing.T) {
	bars := func(series ...labs.Series) figPrep {
		return prepFigure(labs.Figure{Kind: labs.Bars, Title: "t", Series: series})
	}
	for _, tc := range []struct {
		name string
		fp   figPrep
		// check looks at the plot rows
		check func(t *testing.T, rows []string)
	}{
		{"a shaded series' partial top cell is shaded, never an eighth block",
			bars(labs.Series{Name: "behind", X: []float64{0, 1}, Y: []float64{7.3, 2.6}}, labs.Series{Name: "front", X: []float64{0, 1}, Y: []float64{0, 0}}),
			func(t *testing.T, rows []string) {
				all := strings.Join(rows, "")
				if strings.ContainsAny(all, eighthGlyphs) {
					t.Fatalf("the shaded series draws eighth blocks, the front series' glyph:\n%s", strings.Join(rows, "\n"))
				}
				if !strings.Contains(all, "░") {
					t.Fatal("the shaded series draws nothing")
				}
			}},
		{"a value that rounds to nothing draws nothing",
			bars(labs.Series{Name: "one", X: []float64{0, 1}, Y: []float64{2e-8, 100}}),
			func(t *testing.T, rows []string) {
				bottom := []rune(rows[len(rows)-1])
				left := string(bottom[:len(bottom)/2])
				if strings.ContainsAny(left, eighthGlyphs+"░▒▓") {
					t.Fatalf("2e-8 against 100 draws a bar: %q", left)
				}
			}},
		{"a bar's value stands on top of it",
			bars(labs.Series{Name: "offered", X: []float64{0, 1}, Y: []float64{199.3, 9.7}}, labs.Series{Name: "served", X: []float64{0, 1}, Y: []float64{85, 4.02}}),
			func(t *testing.T, rows []string) {
				all := strings.Join(rows, "\n")
				for _, want := range []string{"199", "9.7", "85", "4"} {
					if !strings.Contains(all, want) {
						t.Fatalf("the plot lacks the value %s:\n%s", want, all)
					}
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, h := range []int{3, 6, 10} {
				tc.check(t, plotRows(drawFigure(tc.fp, 1e18, 60, h, plainStyles(), false)))
			}
		})
	}
}

// Issue 18: Day 46 Part 1's key result, the quiet tenants refused 58% of
// what they offered, reads at a glance without colour at 80×24: each quiet
// tenant's offered and served stand as numbers on its bars.
func TestDay46Part1ReadsWithoutColour(t *testing.T) {
	t.Parallel()
	day := theDay46
	o := day46Reference()
	o.Impl = labs.Learner
	c := testCommon(t, labs.Course{day}, labRoot(t, day), newFake(fakeAnswer{o: o}))
	c.styles = plainStyles()
	d := newDriver(t, c, 80, 24)
	d.keys("enter")
	d.predictDue(nil)
	d.tab(tabRun)
	d.keys("S")
	for range d.day().run.parts {
		d.keys("left")
	}
	var fig labs.Figure
	for _, f := range o.Parts[0].Figures {
		if f.Kind == labs.Bars {
			fig = f
		}
	}
	var pages strings.Builder
	for range 4 {
		checkFits(t, d.app.View(), 80, 24)
		pages.WriteString(d.view() + "\n")
		d.keys("pgdown")
	}
	for _, s := range fig.Series {
		for i := 1; i < len(s.Y); i++ { // the quiet tenants
			if v := predictions.FormatValue(s.Y[i], ""); !strings.Contains(pages.String(), " "+v+" ") {
				t.Errorf("tenant %v's %s (%s) is not on its bar:\n%s", s.X[i], s.Name, v, pages.String())
			}
		}
	}
}

// BenchmarkDay46Part1Bars draws Day 46 Part 1's bars (two series, five
// tenants) at 80 columns, 11 rows: the cost beside ntcharts' barchart
// drawing the same bars (see the note in chart.go).
func BenchmarkDay46Part1Bars(b *testing.B) {
	fp := prepFigure(labs.Figure{Kind: labs.Bars, Title: "One FIFO", Series: []labs.Series{
		{Name: "offered", X: []float64{0, 1, 2, 3, 4}, Y: []float64{199.3, 9.7, 9.2, 10.7, 10}},
		{Name: "served", X: []float64{0, 1, 2, 3, 4}, Y: []float64{85, 4, 3.6, 4.65, 4.3}},
	}})
	st := plainStyles()
	for b.Loop() {
		_ = drawFigure(fp, 1e18, 80, 11, st, false)
	}
}
