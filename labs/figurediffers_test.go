package labs

import (
	"math"
	"strings"
	"testing"
)

// FigureDiffers names the figure and the way, never a number: not the
// reference's (an answer), nor the learner's (a rounding away, it prints
// the same; beside "higher" it bounds the answer).
func TestFigureDiffers(t *testing.T) {
	want := NewMetric("token_burst_accepted", "burst accepted", 20, "requests", 0)
	tests := []struct {
		got *Metric
		way string
	}{
		{nil, "missing from"},
		{&Metric{Value: 19.6}, "lower than"},
		{&Metric{Value: 20.4}, "higher than"},
		{&Metric{Value: math.NaN()}, "not a number"},
	}
	for _, tt := range tests {
		how, ce := FigureDiffers("1", tt.got, want)
		all := how + "|" + ce.Input + "|" + ce.Got + "|" + ce.Want
		if !strings.Contains(how, "burst accepted") || !strings.Contains(how, tt.way) || ce.Input != "Part 1 (burst accepted)" {
			t.Errorf("FigureDiffers(%v) = %q, %+v; want the label and %q", tt.got, how, ce, tt.way)
		}
		if strings.ContainsAny(strings.ReplaceAll(all, "Part 1", ""), "0123456789") {
			t.Errorf("FigureDiffers(%v) prints a number: %s", tt.got, all)
		}
	}
}
