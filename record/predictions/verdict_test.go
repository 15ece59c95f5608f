package predictions

import (
	"math"
	"testing"
)

func TestJudge(t *testing.T) {
	tests := []struct {
		name              string
		predicted, actual float64
		want              Kind
	}{
		{"exact", 20, 20, Spot},
		{"within 0.5%", 100.5, 100, Spot},
		{"just past 0.5%", 100.51, 100, Close},
		{"0.5% under", 99.5, 100, Spot},
		{"rounding: 10.3 against 619/60, shown as 10.3", 10.3, 619.0 / 60, Spot},
		{"10% over, on the limit", 22, 20, Close},
		{"10% under, on the limit", 18, 20, Close},
		{"on the 10% limit in decimal", 11.33, 10.3, Close},
		{"on the 10% limit in decimal, past it in binary", 5.61, 5.1, Close},
		{"on the 10% limit under, past it in binary", 5.22, 5.8, Close},
		{"on the 0.5% limit in decimal, past it in binary", 1.206, 1.2, Spot},
		{"just past 10% over", 11.34, 10.3, Off},
		{"just past 10% under", 17.99, 20, Off},
		{"floor: 0.5 from a small actual", 1.5, 1, Close},
		{"floor: past 0.5 from a small actual", 1.51, 1, Off},
		{"floor wins below 5", 4.5, 4, Close},
		{"10% wins above 5", 6.6, 6, Close},
		{"10% wins above 5, past it", 6.61, 6, Off},
		{"zero actual, zero guess", 0, 0, Spot},
		{"zero actual, tiny guess", 1e-10, 0, Spot},
		{"both zero within 1e-9, either side", 1e-9, -1e-9, Spot},
		{"not both zero", 2e-9, -1e-9, Close},
		{"zero actual, guess within floor", 0.5, 0, Close},
		{"zero actual, guess past floor", 0.6, 0, Off},
		{"zero guess, small actual", 0, 0.4, Close},
		{"twice too high", 40, 20, Off},
		{"half", 10, 20, Off},
		{"negative actual uses |actual|", -10.5, -10, Close},
		{"NaN actual", 20, math.NaN(), Off},
		{"infinite actual", 20, math.Inf(1), Off},
	}
	for _, tt := range tests {
		v := Judge(tt.predicted, tt.actual)
		if v.Kind != tt.want {
			t.Errorf("%s: Judge(%v, %v) = %q (diff %v), want %q", tt.name, tt.predicted, tt.actual, v.Kind, v.Diff, tt.want)
		}
	}
}

func TestJudgeDiffAndPct(t *testing.T) {
	v := Judge(15, 20)
	if v.Diff != -5 || v.Pct != -25 {
		t.Errorf("Judge(15, 20) = %+v, want Diff -5, Pct -25", v)
	}
	v = Judge(0.3, 0)
	if v.Diff != 0.3 || v.Pct != 0 {
		t.Errorf("Judge(0.3, 0) = %+v, want Diff 0.3 and Pct 0 (no percentage of zero)", v)
	}
}

func TestWords(t *testing.T) {
	// One form for every row: the relative error and its direction, or
	// percentage points where the quantity is a percentage.
	tests := []struct {
		predicted, actual float64
		unit, want        string
	}{
		{20, 20, "requests", "spot on (exact)"},
		{100.4, 100, "requests", "spot on (0.4% over)"},
		{10.3, 619.0 / 60, "/s", "spot on (0.2% under)"},
		{9.7, 10, "/s", "close enough (3% under)"},
		{21, 20, "requests", "close enough (5% over)"},
		{10.9, 10.3, "/s", "close enough (5.8% over)"},
		// The 0.5 floor decides the verdict; the distance is still relative.
		{2.4, 2, "/s", "close enough (20% over)"},
		{0.3, 0, "requests", "close enough (0.3 requests over)"},
		{200, 100, "", "off (100% over)"},
		{50, 100, "requests", "off (50% under)"},
		{30, 20, "/s", "off (50% over)"},
		{0, 20, "requests", "off (100% under)"},
		{21, 20.5, "", "close enough (2.4% over)"},
		{1000, 20, "requests", "off (4,900% over)"},
		{5, 0, "requests", "off (5 requests over)"},
		{18, 20, "requests", "close enough (10% under)"},
		{17, 20, "requests", "off (15% under)"},
		// A unit of %: the gap in percentage points, labelled, never a
		// share of a share.
		{25.8, 50, "%", "off (24.2 points under)"},
		{3.6, 3.8, "%", "close enough (0.2 points under)"},
		{98, 98.2333, "%", "spot on (0.23 points under)"},
	}
	for _, tt := range tests {
		got := Judge(tt.predicted, tt.actual).Words(tt.unit)
		if got != tt.want {
			t.Errorf("Judge(%v, %v).Words(%q) = %q, want %q", tt.predicted, tt.actual, tt.unit, got, tt.want)
		}
	}
	if got := Judge(1, math.NaN()).Words("/s"); got == "" || got == "off by ?/s" {
		t.Errorf("NaN actual: Words = %q", got)
	}
}

func TestVerdictString(t *testing.T) {
	for v, want := range map[Verdict]string{
		Judge(20, 20): "spot on",
		Judge(21, 20): "close enough",
		Judge(40, 20): "off",
	} {
		if v.String() != want {
			t.Errorf("%+v.String() = %q, want %q", v, v.String(), want)
		}
	}
}

func TestFormatValue(t *testing.T) {
	tests := []struct {
		v    float64
		unit string
		want string
	}{
		{20, "requests", "20 requests"},
		{1, "requests", "1 request"},
		{619.0 / 60, "/s", "10.3/s"},
		{10, "/s", "10/s"},
		{1234567, "", "1,234,567"},
		{0.25, "", "0.25"},
		{0.001, "", "0.001"},
		{0, "requests", "0 requests"},
		{-1500, "", "-1,500"},
		{math.NaN(), "", "?"},
	}
	for _, tt := range tests {
		if got := FormatValue(tt.v, tt.unit); got != tt.want {
			t.Errorf("FormatValue(%v, %q) = %q, want %q", tt.v, tt.unit, got, tt.want)
		}
	}
}

func TestFormatPair(t *testing.T) {
	tests := []struct {
		a, b   float64
		unit   string
		wa, wb string
	}{
		{18, 20, "requests", "18 requests", "20 requests"},
		{10.28, 10.32, "/s", "10.28/s", "10.32/s"},
		{619.4, 619.0, "", "619.4", "619.0"},
		{1, 1 + 1e-12, "/s", "1.0000000/s", "1.0000000/s"}, // gives up after six more
	}
	for _, tt := range tests {
		if a, b := FormatPair(tt.a, tt.b, tt.unit); a != tt.wa || b != tt.wb {
			t.Errorf("FormatPair(%v, %v, %q) = %q, %q; want %q, %q", tt.a, tt.b, tt.unit, a, b, tt.wa, tt.wb)
		}
	}
}
