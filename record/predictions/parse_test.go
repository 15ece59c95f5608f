package predictions

import (
	"errors"
	"math"
	"strings"
	"testing"

	"termlab/labs"
)

var (
	countP = labs.Prediction{ID: "P1", Unit: "requests", Count: true}
	rateP  = labs.Prediction{ID: "P2", Unit: "/s"}
	oddP   = labs.Prediction{ID: "PX", Unit: "tokens"}
	pctP   = labs.Prediction{ID: "PP", Unit: "%"}
)

func TestParseAccepts(t *testing.T) {
	tests := []struct {
		in   string
		p    labs.Prediction
		want float64
	}{
		{"20", countP, 20},
		{"-0", countP, 0}, // zero, not below it
		{"−0.0", rateP, 0},
		// Fractions, wherever a number is: a/b.
		{"1/2", rateP, 0.5},
		{"1 / 4 /s", rateP, 0.25},
		{"120/1", countP, 120},
		// Asked in %: a fraction is a share, turned into a percentage.
		{"1/120", pctP, 100.0 / 120},
		{"0.83%", pctP, 0.83},
		{"0.83 %", pctP, 0.83},
		{"0.83", pctP, 0.83},
		// A plain number or a ratio: a percentage is a share of one.
		{"50%", labs.Prediction{}, 0.5},
		{"150 %", labs.Prediction{Unit: "times"}, 1.5},
		{" 20 ", countP, 20},
		{"\t20\n", countP, 20},
		{"0", countP, 0},
		{"10.3", rateP, 10.3},
		{".5", rateP, 0.5},
		{"5.", rateP, 5},
		{"1e3", countP, 1000},
		{"1E3", countP, 1000},
		{"2.5e-1", rateP, 0.25},
		{"1_000", countP, 1000},
		{"1_000_000", countP, 1e6},
		{"1,000", countP, 1000},
		{"12,345", countP, 12345},
		{"1,234,567.5", rateP, 1234567.5},
		{"+20", countP, 20},
		{"10/s", rateP, 10},
		// A ratio: 20x and 20× as well as 20 times.
		{"20x", labs.Prediction{Unit: "times"}, 20},
		{"20 ×", labs.Prediction{Unit: "times"}, 20},
		{"2.5X", labs.Prediction{Unit: "times"}, 2.5},
		{"20 times", labs.Prediction{Unit: "times"}, 20},
		{"10 /s", rateP, 10},
		{"10 / s", rateP, 10},
		{"10/S", rateP, 10},
		{"10 per second", rateP, 10},
		{"10 per  second", rateP, 10},
		{"10 rps", rateP, 10},
		{"10rps", rateP, 10},
		{"10 RPS", rateP, 10},
		{"10 req/s", rateP, 10},
		{"10 requests per second", rateP, 10},
		{"20 requests", countP, 20},
		{"20requests", countP, 20},
		{"1 request", countP, 1},
		{"~10", rateP, 10},
		{"~ 10", rateP, 10},
		{"≈10", rateP, 10},
		{"≈ 10.3/s", rateP, 10.3},
		{"about 20", countP, 20},
		{"About 20", countP, 20},
		{"7 tokens", oddP, 7},     // the prediction's own unit
		{"7 Tokens", oddP, 7},     // in any case
		{"20.0", countP, 20},      // whole, however written
		{"1e9", countP, MaxValue}, // the largest accepted
		{"1,000,000,000", countP, MaxValue},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in, tt.p)
		if err != nil {
			t.Errorf("Parse(%q) refused: %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("Parse(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	tests := []struct {
		in string
		p  labs.Prediction
		// words must all appear in the message: what was wrong, and what
		// would be accepted.
		words []string
	}{
		{"", countP, []string{"nothing typed", "like 42"}},
		{"   ", countP, []string{"nothing typed"}},
		{"ten", countP, []string{`"ten" is not a number`, "type digits", "like 42"}},
		{"twenty requests", countP, []string{"not a number", "digits"}},
		{"NaN", rateP, []string{`"NaN" is not a number`, "digits"}},
		{"nan", rateP, []string{"not a number"}},
		{"Inf", rateP, []string{"not a finite number", "digits"}},
		{"+Inf", rateP, []string{"not a finite number"}},
		{"infinity", rateP, []string{"not a finite number"}},
		{"∞", rateP, []string{"not a finite number"}},
		{"0x10", countP, []string{"after the number", "requests"}},
		{"20 apples", countP, []string{`"20 apples"`, "after the number", "requests"}},
		{"20%", countP, []string{"is a percentage", "asks for requests"}},
		{"1/0", rateP, []string{"divides by zero"}},
		{"1/2", countP, []string{"not a whole number"}},
		{"-5", countP, []string{"below zero"}},
		{"10 s", rateP, []string{"after the number", "/s"}},
		{"20 requests!", countP, []string{"after the number"}},
		{"7 tokens", countP, []string{"after the number"}}, // not this prediction's unit
		{"-5", countP, []string{"below zero", "zero or more"}},
		{"- 5", countP, []string{"below zero"}},
		{"−5", countP, []string{"below zero"}}, // Unicode minus
		{"-0.1", rateP, []string{"below zero"}},
		{"-x", countP, []string{"not a number"}},
		{"1e10", countP, []string{"too large", "1,000,000,000"}},
		{"1000000001", countP, []string{"too large"}},
		{"1e400", rateP, []string{"too large"}},
		{"10.5", countP, []string{`"10.5" is not a whole number`, "a count of requests is a whole number"}},
		{"1e-3", countP, []string{"whole number"}},
		{"1,00", countP, []string{"comma", "2,500"}},
		{"10,3", rateP, []string{"comma", "dot", "7.5"}},
		{"1,0000", countP, []string{"comma"}},
		{"1000,000", countP, []string{"comma"}},
		{",5", rateP, []string{"not a number"}},
		{"1__000", countP, []string{"not a number"}},
		{"1000_", countP, []string{"not a number"}},
		{"_1000", countP, []string{"not a number"}},
		{"1.2.3", rateP, []string{"not a number"}},
		{"1e", rateP, []string{"not a number"}},
		{".", rateP, []string{"not a number"}},
		{"1 000", countP, []string{"one number", "2500"}},
		{"10 20", countP, []string{"one number"}},
		{"10-20", countP, []string{"range", "one number"}},
		{"10 to 20", countP, []string{"range"}},
		{"~", rateP, []string{"not a number"}},
		{"about", rateP, []string{"not a number"}},
	}
	for _, tt := range tests {
		v, err := Parse(tt.in, tt.p)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want a refusal", tt.in, v)
			continue
		}
		var ie *InputError
		if !errors.As(err, &ie) || ie.Input != tt.in {
			t.Errorf("Parse(%q): error %T %v is not an *InputError for the input", tt.in, err, err)
		}
		msg := err.Error()
		for _, w := range tt.words {
			if !strings.Contains(msg, w) {
				t.Errorf("Parse(%q) = %q, want it to mention %q", tt.in, msg, w)
			}
		}
		if len([]rune(msg)) > 140 {
			t.Errorf("Parse(%q): message is %d characters, too long for one line: %q", tt.in, len([]rune(msg)), msg)
		}
	}
}

// A pasted paragraph must not come back whole in the message, and control
// characters must not reach the terminal.
func TestParseEchoIsShortAndSafe(t *testing.T) {
	_, err := Parse(strings.Repeat("blah ", 50), countP)
	if err == nil || len(err.Error()) > 160 {
		t.Fatalf("long input: got %v", err)
	}
	_, err = Parse("1\x1b[2J", countP)
	if err == nil || strings.ContainsRune(err.Error(), 0x1b) {
		t.Fatalf("escape sequence reached the message: %q", err)
	}
}

// Whatever the scoreboard prints, the learner can type back.
func TestParseReadsFormatValue(t *testing.T) {
	for _, p := range []labs.Prediction{countP, rateP, oddP} {
		for _, v := range []float64{0, 1, 20, 1000, 123456, MaxValue} {
			s := FormatValue(v, p.Unit)
			got, err := Parse(s, p)
			if err != nil || got != v {
				t.Errorf("Parse(FormatValue(%v, %q) = %q) = %v, %v", v, p.Unit, s, got, err)
			}
		}
	}
	got, err := Parse(FormatValue(10.3, "/s"), rateP)
	if err != nil || got != 10.3 {
		t.Errorf("10.3/s: got %v, %v", got, err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"20", " 20 ", "10.3", "1e3", "1_000", "1,000", "10/s", "10 /s", "10 per second",
		"10 rps", "10 req/s", "20 requests", "~10", "≈10", "ten", "-5", "NaN", "Inf",
		"1e400", "1,00", "10,3", "1 000", "10-20", "0x1p3", "1e-400", "about 5", "\xff",
	} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, in string, count bool) {
		p := labs.Prediction{ID: "P", Unit: "requests", Count: count}
		v, err := Parse(in, p)
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) || err.Error() == "" {
				t.Fatalf("Parse(%q): unexpected error %T %v", in, err, err)
			}
			return
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > MaxValue || math.Signbit(v) {
			t.Fatalf("Parse(%q) = %v: out of range", in, v)
		}
		if count && v != math.Trunc(v) {
			t.Fatalf("Parse(%q) = %v: a count must be whole", in, v)
		}
	})
}
