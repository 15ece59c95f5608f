package predictions

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"termlab/labs"
)

// An answer can be given away without its figure. "Local limits multiply"
// over a part whose question asks what four servers of 10/s let through
// states 40/s as surely as "40/s" does; "one shared counter keeps the
// promise" states 10/s. The figure check (hindsight) cannot see either, so
// two more are run over the same texts:
//
//   - a multiple: when the answer is the product of two figures its own
//     question states, one of them a count n from 2 to 10 (within 5%), the
//     words for "n times" and "multiply" are looked for ("4×", "four
//     times", "quadruple");
//   - a prediction's Tells: phrases its author lists as stating the answer
//     in words. A prediction whose answer is one of its own question's
//     settings (what it asks is whether the setting carries through) must
//     list some, since a sentence can say "it carries through" with no
//     figure at all (Untold).
//
// Day.Allowed excuses a phrase as it excuses a figure: its Figure is the
// phrase as found.

// spokenCount is the words for 2 to 10.
var spokenCount = []string{2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}

// multipleWords are the words that say "n times" for n.
func multipleWords(n int) []string {
	w := []string{
		spokenCount[n] + " times", spokenCount[n] + "-fold", spokenCount[n] + "fold",
		strconv.Itoa(n) + "×", strconv.Itoa(n) + " ×", strconv.Itoa(n) + "x ", strconv.Itoa(n) + " times",
		"multiply", "multiplies", "multiplied",
	}
	switch n {
	case 2:
		w = append(w, "twice", "double", "doubles", "doubled")
	case 3:
		w = append(w, "triple", "triples", "tripled", "thrice")
	case 4:
		w = append(w, "quadruple", "quadruples", "quadrupled")
	}
	return w
}

// statedFigure is a number as a question writes it: digits (with thousands
// commas and a decimal part) or a count in words.
var statedFigure = regexp.MustCompile(`(?i)\b(?:[0-9][0-9,]*(?:\.[0-9]+)?|two|three|four|five|six|seven|eight|nine|ten)\b`)

// stated is every figure p's question states.
func stated(p labs.Prediction) []float64 {
	var out []float64
	for _, s := range statedFigure.FindAllString(p.Question, -1) {
		if i := indexOf(spokenCount, strings.ToLower(s)); i > 0 {
			out = append(out, float64(i))
			continue
		}
		if v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64); err == nil && v > 0 {
			out = append(out, v)
		}
	}
	return out
}

func indexOf(list []string, s string) int {
	for i, w := range list {
		if w != "" && w == s {
			return i
		}
	}
	return -1
}

// near is whether a is within 5% of b.
func near(a, b float64) bool { return b != 0 && math.Abs(a-b) <= 0.05*math.Abs(b) }

// multiples is the n (2 to 10) for which v is n times x, where n and x
// are two figures p's question states ("four servers", "10 requests/s":
// the answer 40 is the product the words "four times" or "multiply" give
// away). An n the question does not state is a coincidence of the numbers
// (20 is twice 10), not something a sentence could tell.
func multiples(p labs.Prediction, v float64) []int {
	figs := stated(p)
	var out []int
	for i, n := range figs {
		if n != math.Trunc(n) || n < 2 || n > 10 || slices.Contains(out, int(n)) {
			continue
		}
		for j, x := range figs {
			if i != j && near(v, n*x) {
				out = append(out, int(n))
				break
			}
		}
	}
	return out
}

// wordLeaks is the multiples and Tells of p's answer v found in seen.
func wordLeaks(day labs.Day, p labs.Prediction, v float64, seen Seen) []Leak {
	type phrase struct{ text, why string }
	var phrases []phrase
	seen1 := map[string]bool{}
	for _, n := range multiples(p, v) {
		for _, w := range multipleWords(n) {
			if !seen1[w] { // "multiply" once, whichever n it is for
				seen1[w] = true
				phrases = append(phrases, phrase{w, fmt.Sprintf(" (the answer is %d times a figure its question states)", n)})
			}
		}
	}
	for _, t := range p.Tells {
		phrases = append(phrases, phrase{t, ""})
	}
	var leaks []Leak
	lower := strings.ToLower(seen.Text)
	for _, ph := range phrases {
		for _, at := range findWords(lower, strings.ToLower(ph.text)) {
			found := seen.Text[at : at+len(ph.text)]
			if allowed(day.Allowed, p.ID, strings.ToLower(ph.text), seen.In) {
				continue
			}
			leaks = append(leaks, Leak{Prediction: p.ID, Figure: "“" + found + "”" + ph.why, In: seen.In, Excerpt: excerpt(seen.Text, at, len(ph.text))})
		}
	}
	return leaks
}

// findWords is where w stands in text as words of their own (not inside
// a longer word: "double" is not in "doubleton").
func findWords(text, w string) []int {
	return occurrences(text, w, func(j, end int) bool {
		return (j == 0 || !isWordByte(text[j-1])) && (end == len(text) || !isWordByte(text[end]))
	})
}

func isWordByte(b byte) bool { return isLetter(b) || isDigit(b) }

// Untold is the predictions of day that must list Tells and list none:
// those whose answer in ref is a setting their own question states (within
// 5%), so that what they ask is whether it carries through.
func Untold(day labs.Day, ref labs.Metrics) []string {
	var out []string
	for _, p := range day.Predictions {
		v, ok := ref[p.Metric]
		if !ok || !finite(v) || len(p.Tells) > 0 {
			continue
		}
		for _, x := range stated(p) {
			if near(v, x) {
				out = append(out, fmt.Sprintf("%s's answer (%s) is a setting its question states, %s: list the words that would say it carries through (Prediction.Tells)", p.ID, figure(v), figure(x)))
				break
			}
		}
	}
	return out
}
