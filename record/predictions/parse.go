package predictions

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"termlab/labs"
)

// MaxValue is the largest guess Parse accepts. No figure of a course day
// comes near it; a bigger number is a slip of the keyboard, and refusing it
// also keeps every stored guess comfortably inside float64's exact integers.
const MaxValue = 1e9

// InputError is why Parse refused what the learner typed. Its message is
// meant to be shown as it is, next to the input box.
type InputError struct {
	Input string // what was typed, untouched
	msg   string
}

func (e *InputError) Error() string { return e.msg }

// number is the part of the input that must be a number: an integer part,
// either with valid comma grouping or with underscores between digits, then
// an optional fraction and exponent. It is deliberately narrower than
// strconv.ParseFloat, which would also take "Inf", "NaN" and hex floats.
var number = regexp.MustCompile(`^(?:\d{1,3}(?:,\d{3})+|\d+(?:_\d+)*)?(?:\.\d*)?(?:[eE][+-]?\d+)?`)

// units are the words understood after the number, already normalised (see
// normUnit). They only make the input read naturally: the value is the
// number either way.
var units = map[string]bool{
	"/s": true, "/sec": true, "/second": true,
	"per s": true, "per sec": true, "per second": true, "a second": true,
	"rps": true, "r/s": true, "req/s": true, "reqs/s": true,
	"request/s": true, "requests/s": true,
	"req per second": true, "reqs per second": true,
	"request per second": true, "requests per second": true,
	"req": true, "reqs": true, "request": true, "requests": true,
}

// Parse reads the learner's guess for p. The forms it accepts and refuses
// are listed in the package documentation; a refusal is an *InputError.
func Parse(text string, p labs.Prediction) (float64, error) {
	s := strings.TrimSpace(text)
	refuse := func(format string, args ...any) (float64, error) {
		return 0, &InputError{Input: text, msg: fmt.Sprintf(format, args...)}
	}
	if s == "" {
		return refuse("nothing typed yet: type a number, like 42 or 7.5")
	}
	shown := echo(s)

	// "Roughly" is how every guess is meant, so saying it is harmless.
	for _, approx := range []string{"~", "≈", "about "} {
		if len(s) >= len(approx) && strings.EqualFold(s[:len(approx)], approx) {
			s = strings.TrimSpace(s[len(approx):])
			break
		}
	}
	// Look for a sign only to explain the refusal: nothing here is negative.
	if rest, ok := cutAny(s, "-", "−"); ok {
		m := number.FindString(strings.TrimSpace(rest))
		switch {
		case !hasDigit(m):
			return refuse("%s is not a number: type digits, like 42 or 7.5", shown)
		case !isZero(m):
			return refuse("%s is below zero: a prediction here is zero or more, like 42", shown)
		}
		// -0 is zero: nothing below zero about it.
		s = strings.TrimSpace(rest)
	}
	s = strings.TrimPrefix(s, "+")

	switch normUnit(s) {
	case "inf", "infinity", "infinite", "∞":
		return refuse("%s is not a finite number: type digits, like 42 or 7.5", shown)
	}
	num := number.FindString(s)
	if !hasDigit(num) {
		return refuse("%s is not a number: type digits, like 42 or 7.5", shown)
	}
	rest := s[len(num):]
	v, err := strconv.ParseFloat(strings.NewReplacer(",", "", "_", "").Replace(num), 64)
	// A fraction, 1/120: a slash with a number after it (10/s is a unit).
	fraction := false
	if after, ok := strings.CutPrefix(strings.TrimLeft(rest, " "), "/"); ok && err == nil {
		after = strings.TrimLeft(after, " ")
		if den := number.FindString(after); hasDigit(den) {
			d, derr := strconv.ParseFloat(strings.NewReplacer(",", "", "_", "").Replace(den), 64)
			if derr != nil || d == 0 {
				return refuse("%s divides by zero: write the fraction with a number below the line, like 1/120", shown)
			}
			v, rest, fraction = v/d, after[len(den):], true
		}
	}
	// A percentage: the number itself where the answer is in %, a share of
	// one where it is a plain number or a ratio.
	own := normUnit(p.Unit)
	if after, ok := strings.CutPrefix(strings.TrimSpace(rest), "%"); ok && own != "%" {
		if own != "" && own != "times" {
			return refuse("%s is a percentage: this asks for %s, so type it as a number, like 42", shown, strings.TrimSpace(p.Unit))
		}
		v, rest = v/100, after
	} else if fraction && own == "%" && !ok {
		// 1/120 of something, asked in %: 0.83%.
		v *= 100
	}
	if problem := afterNumber(rest, p); problem != "" {
		return refuse("%s %s", shown, problem)
	}
	if err != nil || v > MaxValue {
		// ParseFloat only fails here on overflow: the syntax was checked above.
		return refuse("%s is far too large: no answer here is above 1,000,000,000", shown)
	}
	if p.Count && v != math.Trunc(v) {
		return refuse("%s is not a whole number: %s is a whole number, like 42", shown, countOf(p.Unit))
	}
	return v, nil
}

// afterNumber says what is wrong with the text after the number, or "" when
// it is nothing or a unit. The problem is phrased to follow the echoed input.
func afterNumber(rest string, p labs.Prediction) string {
	if rest == "" {
		return ""
	}
	trimmed := strings.TrimSpace(rest)
	first, _ := utf8.DecodeRuneInString(rest)
	switch {
	case first == ',' || isDigit(rest[0]):
		// A digit straight after the match can only follow a comma group
		// that went wrong, as in 1,0000.
		return "has a misplaced comma: commas only group thousands (2,500); for a fraction use a dot (7.5)"
	case first == '_' || first == '.' || first == 'e' || first == 'E':
		return "is not a number: type digits, like 42 or 7.5"
	case trimmed != "" && isDigit(trimmed[0]):
		return "has a space inside or holds two numbers: type one number, like 2500 or 2,500"
	case startsRange(trimmed):
		return "looks like a range: pick one number, like 15"
	}
	u, own := normUnit(trimmed), normUnit(p.Unit)
	// The prediction's own unit is accepted in the singular too ("1 token"),
	// as FormatValue writes it.
	if units[u] || (own != "" && (u == own || u+"s" == own)) {
		return ""
	}
	// A ratio is written 20x or 20× as often as "20 times".
	if own == "times" && (u == "x" || u == "×") {
		return ""
	}
	if p.Unit != "" {
		return fmt.Sprintf("has something after the number: type just the number, or add a unit like %s", strings.TrimSpace(p.Unit))
	}
	return "has something after the number: type just the number, or add a unit like /s or requests"
}

// normUnit lowers case and squeezes spaces, and drops them around a slash,
// so "Req / S" and "req/s" are the same unit.
func normUnit(u string) string {
	u = strings.Join(strings.Fields(strings.ToLower(u)), " ")
	return strings.ReplaceAll(strings.ReplaceAll(u, " /", "/"), "/ ", "/")
}

// startsRange spots "10-20", "10 – 20" and "10 to 20".
func startsRange(s string) bool {
	rest, ok := cutAny(s, "-", "–", "—", "to ")
	rest = strings.TrimSpace(rest)
	return ok && rest != "" && isDigit(rest[0])
}

// countOf names what a counted prediction counts, for the whole-number refusal.
func countOf(unit string) string {
	unit = strings.TrimSpace(unit)
	if unit == "" || strings.ContainsAny(unit, "/") {
		return "a count"
	}
	return "a count of " + unit
}

// echo quotes the input for a message, shortened so a pasted paragraph
// cannot swamp the screen, and with control characters escaped so it cannot
// disturb the terminal.
func echo(s string) string {
	const keep = 24
	if utf8.RuneCountInString(s) > keep {
		s = string([]rune(s)[:keep-4]) + "…"
	}
	return strconv.Quote(s)
}

func cutAny(s string, prefixes ...string) (string, bool) {
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(s, p); ok {
			return rest, true
		}
	}
	return s, false
}

// isZero reports whether a matched number is zero (0, 0.0, 0e5).
func isZero(m string) bool {
	v, err := strconv.ParseFloat(strings.NewReplacer(",", "", "_", "").Replace(m), 64)
	return err == nil && v == 0
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
