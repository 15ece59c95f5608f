package report

import (
	"strings"
	"testing"

	"termlab/labs"
	"termlab/predictions"
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
	tests := []struct {
		row  predictions.Row
		want []string
	}{
		{predictions.Row{ID: "P2", Unit: "/s", Predicted: v(10), Actual: v(619.0 / 60), Verdict: &close}, []string{"you 10", "actual 10.3/s", "close enough"}},
		{predictions.Row{ID: "P3", Unit: "requests", Predicted: v(150), Actual: v(200), Verdict: &off}, []string{"actual 200", "off by 50"}},
		{predictions.Row{ID: "P4", Unit: "requests", Actual: nil}, []string{"you —", "(part not run yet)"}},
		{predictions.Row{ID: "P5", Unit: "/s", Actual: v(10)}, []string{"actual 10.0/s", "(no prediction)"}},
		{predictions.Row{ID: "P6", Unit: "requests", Skipped: true, Actual: v(20)}, []string{"you skipped"}},
		{predictions.Row{ID: "P1", Unit: "requests", Predicted: v(20), Revised: true, Actual: v(20)}, []string{"guessed only after the actual was shown"}},
	}
	for _, tt := range tests {
		got := Scoreboard([]predictions.Row{tt.row})
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
