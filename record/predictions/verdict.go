package predictions

import (
	"math"
	"strconv"
	"strings"
)

// Kind is how a guess fared. Its value is the short phrase the learner sees
// and the word course tooling reads in JSONRow.Verdict, so the strings are
// part of the contract.
type Kind string

// The three outcomes of Judge, best first.
const (
	Spot  Kind = "spot on"
	Close Kind = "close enough"
	Off   Kind = "off"
)

// Verdict is the comparison of one guess with its actual value.
type Verdict struct {
	Kind Kind
	// Diff is predicted − actual: positive when the guess was too high.
	Diff float64
	// Pct is Diff as a percentage of |actual|. It is 0 when the actual is
	// zero, where a percentage means nothing; Words then speaks in units.
	Pct float64
}

// Thresholds of the tolerance rule; the rule itself is in the package doc.
const (
	spotShare  = 0.005 // spot on: within 0.5% of the actual
	closeShare = 0.10  // close enough: within 10% of the actual…
	closeFloor = 0.5   // …or within 0.5, whichever is wider
	zero       = 1e-9  // below this, a value counts as zero
)

// Judge compares a guess with the measured value. A value that is not a
// finite number cannot be matched, so either one being NaN or infinite is
// Off with a NaN difference.
func Judge(predicted, actual float64) Verdict {
	if !finite(predicted) || !finite(actual) {
		return Verdict{Kind: Off, Diff: math.NaN(), Pct: math.NaN()}
	}
	diff := predicted - actual
	scale := math.Abs(actual)
	v := Verdict{Diff: diff}
	if scale > zero {
		v.Pct = diff / scale * 100
	}
	// Without the slack, 5.61 against 5.1 lands a hair outside 10%
	// because neither number is exact in binary.
	slack := math.Max(scale, 1) * 1e-9
	d := math.Abs(diff)
	switch {
	case d <= spotShare*scale+slack || (scale <= zero && math.Abs(predicted) <= zero):
		v.Kind = Spot
	case d <= math.Max(closeShare*scale, closeFloor)+slack:
		v.Kind = Close
	default:
		v.Kind = Off
	}
	return v
}

// String is the outcome's short phrase: "spot on", "close enough" or "off".
func (v Verdict) String() string { return string(v.Kind) }

// Words is the verdict with its distance, in the one form the scoreboard
// uses for every row: the relative error of the guess, (guess − actual) /
// actual, as a percentage and a direction, for example "close enough (3.1%
// under)" or "off (200% over)". Where the quantity is itself a percentage
// (unit "%"), a share of it would read as a second percentage, so the gap
// is in percentage points, labelled as such: "close enough (0.2 points
// under)". Where the actual is zero no share exists, and the gap is in the
// unit. unit is the prediction's unit, as in labs.Prediction.Unit.
func (v Verdict) Words(unit string) string {
	switch v.Kind {
	case Spot, Close, Off:
		if !finite(v.Diff) {
			return string(v.Kind) + " (there is no number to compare with)"
		}
		return string(v.Kind) + " (" + v.Distance(unit) + ")"
	}
	return "not judged"
}

// Distance is how far the guess was from the actual, in the form Words
// describes: "3.1% under", "0.2 points over", "exact".
func (v Verdict) Distance(unit string) string {
	switch {
	case !finite(v.Diff):
		return "?"
	case v.Diff == 0:
		return "exact"
	case strings.TrimSpace(unit) == "%":
		return figure(math.Abs(v.Diff)) + " points " + side(v.Diff, "over", "under")
	case v.Pct == 0:
		return FormatValue(math.Abs(v.Diff), unit) + " " + side(v.Diff, "over", "under")
	}
	return percent(v.Pct) + " " + side(v.Diff, "over", "under")
}

// percent writes |pct| with one decimal below 20% (where 10.4% against the
// 10% limit matters), whole above, and with two decimals below 0.1% (so a
// spot-on guess a hair off does not read "0%").
func percent(pct float64) string {
	a := math.Abs(pct)
	if a < 0.1 {
		if r := strconv.FormatFloat(math.Round(a*100)/100, 'f', -1, 64); r != "0" {
			return r + "%"
		}
		return "<0.01%"
	}
	if a >= 20 {
		return figure(math.Round(a)) + "%"
	}
	return strconv.FormatFloat(math.Round(a*10)/10, 'f', -1, 64) + "%"
}

func side(diff float64, above, below string) string {
	if diff > 0 {
		return above
	}
	return below
}

// FormatValue writes a value with its unit the way the scoreboard shows it:
// "20 requests", "10.3/s", "1,000,000 requests", "1 request". Parse reads
// its output back, so a learner may copy it.
func FormatValue(v float64, unit string) string {
	f := figure(v)
	unit = strings.TrimSpace(unit)
	switch {
	case unit == "":
		return f
	case strings.HasPrefix(unit, "/"):
		return f + unit
	case f == "1" && strings.HasSuffix(unit, "s") && !strings.ContainsAny(unit, "/ "):
		return f + " " + strings.TrimSuffix(unit, "s")
	}
	return f + " " + unit
}

// FormatPair writes two figures that differ as FormatValue does, with
// more decimals where FormatValue would print them the same (10.3/s and
// 10.3/s for 10.28 and 10.32): a difference the screen mentions is a
// difference the learner can see.
func FormatPair(a, b float64, unit string) (string, string) {
	fa, fb := FormatValue(a, unit), FormatValue(b, unit)
	for d := 1; fa == fb && d <= 6 && finite(a) && finite(b); d++ {
		more := func(v float64) string {
			return withUnit(group(strconv.FormatFloat(v, 'f', d+decimalsOf(v), 64)), unit)
		}
		fa, fb = more(a), more(b)
	}
	return fa, fb
}

// decimalsOf is how many decimals figure shows for v.
func decimalsOf(v float64) int {
	switch a := math.Abs(v); {
	case a >= 100:
		return 0
	case a >= 1:
		return 1
	}
	return 2
}

// withUnit puts unit after a number already written, as FormatValue does.
func withUnit(f, unit string) string {
	unit = strings.TrimSpace(unit)
	switch {
	case unit == "":
		return f
	case strings.HasPrefix(unit, "/"):
		return f + unit
	}
	return f + " " + unit
}

// figure writes a number with as many decimals as a person needs to compare
// it: none from 100 up, one from 1, two below that, and commas between
// thousands.
func figure(v float64) string {
	if !finite(v) {
		return "?"
	}
	a := math.Abs(v)
	decimals := 2
	switch {
	case a >= 100:
		decimals = 0
	case a >= 1:
		decimals = 1
	case a > 0 && a < 0.005:
		// Rounding would say 0 for a difference that is not zero.
		return strconv.FormatFloat(v, 'g', 1, 64)
	}
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return group(s)
}

// group puts commas between the thousands of s's integer part.
func group(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if hasFrac {
		return sign + b.String() + "." + frac
	}
	return sign + b.String()
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
