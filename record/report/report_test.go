package report

import (
	"strings"
	"testing"

	"termlab/labs"
	"termlab/record/predictions"
)

func TestSparkline(t *testing.T) {
	tests := []struct {
		in   []float64
		want string
	}{
		{nil, ""},
		{[]float64{0, 0}, "  "},
		{[]float64{20, 0, 0, 20}, "█  █"},
		{[]float64{10, 10, 1}, "██▂"},
		{[]float64{100, 1}, "█▁"}, // anything above zero shows
	}
	for _, tt := range tests {
		if got := Sparkline(tt.in); got != tt.want {
			t.Errorf("Sparkline(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestScoreboardRows(t *testing.T) {
	v := func(x float64) *float64 { return &x }
	close := predictions.Judge(10, 619.0/60)
	off := predictions.Judge(150, 200)
	spot := predictions.Judge(60, 60)
	tests := []struct {
		row  predictions.Row
		want []string
	}{
		{predictions.Row{ID: "P2", Unit: "/s", Predicted: v(10), Actual: v(619.0 / 60), Verdict: &close}, []string{"you 10", "actual 10.3/s", "close enough"}},
		{predictions.Row{ID: "P3", Unit: "requests", Predicted: v(150), Actual: v(200), Verdict: &off}, []string{"actual 200", "off (25% under)"}},
		{predictions.Row{ID: "P4", Unit: "requests", Actual: nil}, []string{"you —", "(part not run yet)"}},
		{predictions.Row{ID: "P5", Unit: "/s", Actual: v(10)}, []string{"actual 10.0/s", "(no prediction)"}},
		{predictions.Row{ID: "P6", Unit: "requests", Skipped: true, Actual: v(20)}, []string{"you skipped"}},
		{predictions.Row{ID: "P1", Unit: "requests", Predicted: v(20), Revised: true, Actual: v(20)}, []string{"guessed only after the actual was shown"}},
		// A broken TODO: judged on the reference, the code's figure beside it.
		{predictions.Row{ID: "P7", Unit: "/s", Predicted: v(60), Actual: v(60), Yours: v(20), Moved: []int{1}, Verdict: &spot},
			[]string{"actual 60.0/s", "spot on (exact)", "your TakeToken (TODO 1) gives 20/s here; the reference gives 60/s"}},
		{predictions.Row{ID: "P8", Unit: "/s", Predicted: v(20), Awaiting: true}, []string{"(judged once the reference has run)"}},
	}
	day := labs.Day{TODOs: []labs.TODO{{Number: 1, Func: "TakeToken"}}}
	for _, tt := range tests {
		got := ScoreboardFor(day, []predictions.Row{tt.row})
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", tt.row.ID, got, w)
			}
		}
	}
}

func TestWaitingNamesTheTODOAndTheLine(t *testing.T) {
	tests := []struct {
		p    labs.PartResult
		want string
	}{
		{labs.PartResult{Status: labs.Unfinished, TODO: 4, Detail: "not done yet"}, "waiting on TODO 4"},
		{labs.PartResult{Status: labs.Crash, TODO: 3, Detail: "panicked: boom", Where: "labs/day45/todo.go:38"}, "TODO 3 crashed: panicked: boom at labs/day45/todo.go:38"},
		{labs.PartResult{Status: labs.Timeout, TODO: 2, Detail: "did not return"}, "TODO 2 never returned"},
		{labs.PartResult{Status: labs.Fail, TODO: 1, Detail: "NaN tokens"}, "TODO 1 gave an impossible answer: NaN tokens"},
	}
	for _, tt := range tests {
		if got := Waiting(tt.p); !strings.Contains(got, tt.want) {
			t.Errorf("Waiting(%s) = %q, want it to contain %q", tt.p.Status, got, tt.want)
		}
	}
}

// Issue 12 item 16: within a figure the sparklines start in one column,
// whatever the series' names and the figure's units.
func TestSparklinesLineUp(t *testing.T) {
	ys := []float64{1, 5, 2, 8}
	tests := []struct {
		name string
		fig  labs.Figure
	}{
		{"odd unit", labs.Figure{Title: "Memory per key", Kind: labs.Bars, XLabel: "limit", YLabel: "bytes",
			Series: []labs.Series{{Name: "sliding log", Y: ys}, {Name: "sliding counter", Y: ys}}}},
		{"long names", labs.Figure{Title: "Refused", Kind: labs.Bars, XLabel: "second", YLabel: "refused",
			Series: []labs.Series{{Name: "throttle: heavy", Y: ys}, {Name: "throttle: others", Y: ys}, {Name: "x", Y: ys}}}},
		{"non-ASCII names", labs.Figure{Title: "Ω", Kind: labs.Bars, XLabel: "s",
			Series: []labs.Series{{Name: "naïve—one", Y: ys}, {Name: "plain", Y: ys}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := Part(labs.PartResult{ID: "9", Title: "t", Status: labs.OK, Figures: []labs.Figure{tt.fig}})
			col := -1
			for _, l := range strings.Split(out, "\n") {
				i := strings.Index(l, Sparkline(ys))
				if i < 0 {
					continue
				}
				c := len([]rune(l[:i]))
				if col >= 0 && c != col {
					t.Fatalf("sparklines start at columns %d and %d:\n%s", col, c, out)
				}
				col = c
			}
			if col < 0 {
				t.Fatalf("no sparkline drawn:\n%s", out)
			}
			if strings.Contains(out, "(per ") {
				t.Fatalf("the unit still reads \"per …\":\n%s", out)
			}
		})
	}
}
