package chart

import (
	"io"
	"math"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"termlab/labs"
	"termlab/tui/components/textlayout"
	"termlab/tui/styles"
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
	bars := func(series ...labs.Series) Fig {
		return Prepare(labs.Figure{Kind: labs.Bars, Title: "t", Series: series})
	}
	for _, tc := range []struct {
		name string
		fp   Fig
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
				tc.check(t, plotRows(Draw(tc.fp, 1e18, 60, h, plainStyles(), false)))
			}
		})
	}
}

// BenchmarkDay46Part1Bars draws Day 46 Part 1's bars (two series, five
// tenants) at 80 columns, 11 rows: the cost beside ntcharts' barchart
// drawing the same bars (see the note in chart.go).
func BenchmarkDay46Part1Bars(b *testing.B) {
	fp := Prepare(labs.Figure{Kind: labs.Bars, Title: "One FIFO", Series: []labs.Series{
		{Name: "offered", X: []float64{0, 1, 2, 3, 4}, Y: []float64{199.3, 9.7, 9.2, 10.7, 10}},
		{Name: "served", X: []float64{0, 1, 2, 3, 4}, Y: []float64{85, 4, 3.6, 4.65, 4.3}},
	}})
	st := plainStyles()
	for b.Loop() {
		_ = Draw(fp, 1e18, 80, 11, st, false)
	}
}

func TestDrawFigure(t *testing.T) {
	st := plainStyles()
	bars := labs.Figure{Title: "b", Kind: labs.Bars, XLabel: "second",
		Series: []labs.Series{{Name: "offered", X: []float64{0, 1, 2}, Y: []float64{4, 4, 4}}, {Name: "accepted", X: []float64{0, 1, 2}, Y: []float64{4, 2, 0}}},
		Marks:  []labs.Mark{{X: 1, Label: "m"}}}
	out := Draw(Prepare(bars), math.Inf(1), 40, 4, st, false)
	if !strings.Contains(out, "█") || !strings.Contains(out, "░") || !strings.Contains(out, "░ offered  █ accepted  ┊ m (1)") {
		t.Fatalf("bars:\n%s", out)
	}
	// Revealed up to x = 0: one bar only.
	part := Draw(Prepare(bars), 0, 40, 4, st, true)
	if strings.Count(part, "█") >= strings.Count(out, "█") {
		t.Fatalf("a partial reveal drew everything:\n%s", part)
	}

	line := labs.Figure{Title: "l", Kind: labs.Line, XLabel: "seconds",
		Series: []labs.Series{{Name: "level", X: []float64{0, 1, 2}, Y: []float64{2, 0, 1}}, {Name: "hit", X: []float64{1}, Y: []float64{0}, Events: true}}}
	fp := Prepare(line)
	if fp.Events(0) || !fp.Events(1) {
		t.Fatalf("events: %v", fp.events)
	}
	// A line that lies on the first one is still a line: only the figure
	// says which series are events (issue 45: under steady traffic the
	// sliding log and counter sat on the fixed window's line and were
	// drawn as strips labelled "sliding…").
	same := line
	same.Series = []labs.Series{line.Series[0], {Name: "twin", X: []float64{0, 1, 2}, Y: []float64{2, 0, 1}}}
	if Prepare(same).Events(1) {
		t.Fatal("a line on the first line was drawn as events")
	}
	out = Draw(fp, math.Inf(1), 30, 3, st, false)
	if !strings.ContainsAny(out, "⠁⠂⠄⡀⠈⠐⠠⢀⣀⠉⠒⠤") || !strings.Contains(out, "hit│") {
		t.Fatalf("line:\n%s", out)
	}

	pts := labs.Figure{Title: "p", Kind: labs.Points, Series: []labs.Series{{Name: "a", X: []float64{0, 1}, Y: []float64{0, 1}}, {Name: "b", X: []float64{2}, Y: []float64{2}}}}
	out = Draw(Prepare(pts), math.Inf(1), 30, 3, st, false)
	if !strings.Contains(out, "·") || !strings.Contains(out, "●") {
		t.Fatalf("points:\n%s", out)
	}

	// Odd data and odd sizes never panic and never overflow.
	nan := math.NaN()
	odd := []labs.Figure{
		{Kind: labs.Bars}, {Kind: labs.Line}, {Kind: "spiral"},
		{Kind: labs.Line, Series: []labs.Series{{X: []float64{1, 1}, Y: []float64{5, 5}}}},
		{Kind: labs.Points, Series: []labs.Series{{X: []float64{nan, 1}, Y: []float64{1, math.Inf(1)}}}},
		{Kind: labs.Bars, Series: []labs.Series{{X: []float64{0, 1, 2}, Y: []float64{1}}}},
		{Kind: labs.Bars, Series: []labs.Series{{X: make([]float64, 500), Y: make([]float64, 500)}}},
		bars, line, pts,
	}
	for _, f := range odd {
		for w := -2; w < 30; w += 3 {
			for h := -1; h < 5; h++ {
				out := Draw(Prepare(f), 0.5, w, h, st, true)
				for _, l := range strings.Split(out, "\n") {
					if textlayout.Width(l) > max(w, 0) && w > 0 {
						t.Fatalf("%q at %d×%d: line %q", f.Kind, w, h, l)
					}
				}
			}
		}
	}
}

// plainStyles draw no escape codes (a renderer on io.Discard has no colour
// profile), so a test reads the chart as text.
func plainStyles() styles.Styles { return styles.New(lipgloss.NewRenderer(io.Discard), true) }
