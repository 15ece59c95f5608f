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

// Leak is a prediction's reference figure found in text a learner can see
// before that prediction is recorded.
type Leak struct {
	Prediction string // "P4"
	Figure     string // the figure as found: "60", "1,010", "1009.9"
	In         string // the place: "lesson: Part 2 — …", "P3 question", "P7 why"
	Excerpt    string // the sentence around it
}

func (l Leak) String() string {
	return fmt.Sprintf("%s's answer %s is in %s: …%s…", l.Prediction, l.Figure, l.In, l.Excerpt)
}

// Seen is one piece of text a learner can read, and where it is.
type Seen struct{ In, Text string }

// Hindsight checks that no text a learner can see before a prediction is
// recorded holds that prediction's answer: its figure in ref (the
// reference's metrics), in every form it would be printed, to the
// precision the scoreboard shows (FormatValue: 20, 10.3, 1,010) and the
// near forms a text would use (1010, 60.0, 1009.9). Day.Allowed lists the
// reviewed exceptions. A prediction whose metric ref lacks is not checked;
// the caller should make sure ref is complete (check says so).
//
// What is visible before a prediction of stage k (the course day's parts
// are one stage, each later part its own, as the screens ask them): the
// day's title and summary (the day list), the whole lesson, every part's title, every TODO's screen text and hints,
// every prediction's question, span and "how to think about it", every
// drill with its model answer (shown once attempted, which may come first)
// unless the drill waits for that prediction (Drill.After),
// and the "why" of every prediction of an earlier stage (the scoreboard
// shows it once its part is revealed).
func Hindsight(day labs.Day, ref labs.Metrics) []Leak {
	return hindsight(day, ref, true, func(id string) []Seen { return VisibleBefore(day, id) })
}

// ReadFirst is the module's files a learner reads before any prediction,
// from the module root: the README, the guides it points to, and the page
// it sends learners to for speed. FindIn over them must find no day's
// answer (labs/registry's TestReadmeHoldsNoAnswer, which also reads any
// other guide in docs/), and new-day picks its skeleton's answer so.
var ReadFirst = []string{"README.md", "labs/BENCHMARKS.md",
	"docs/STAFF.md", "docs/AUTHORING.md", "docs/JSON.md", "docs/ARCHITECTURE.md"}

// FindIn is Hindsight over texts a learner can read before any prediction
// (the README, the guides in docs/, a file they point learners to): the
// answer of every prediction of day that they hold. Only day.Allowed's exceptions that
// name such a place apply: one for a setting "anywhere" is about the day's
// own text, where the setting is stated, and a README that prints an
// answer gives it away whatever the lesson says.
func FindIn(day labs.Day, ref labs.Metrics, texts ...Seen) []Leak {
	day.Allowed = slices.DeleteFunc(slices.Clone(day.Allowed), func(a labs.Allowed) bool { return a.In == "" })
	return hindsight(day, ref, false, func(string) []Seen { return texts })
}

// FindInOwn is FindIn over a day's own pages outside the screens, such as
// its CONTRACT.md, which sits beside the learner's todo.go: there, as in
// the lesson, a setting the day states is one of its reviewed exceptions
// anywhere (an Allowed with no In), and the others apply where they name
// the page.
func FindInOwn(day labs.Day, ref labs.Metrics, texts ...Seen) []Leak {
	return hindsight(day, ref, false, func(string) []Seen { return texts })
}

// hindsight finds the answers in visible's texts; ownWords also reads
// spans of time in another unit and answers stated in words (words.go),
// which only the day's own words are held to (a guide's measured timings
// are seconds of the machine, and its "2×" a speed-up, not answers).
func hindsight(day labs.Day, ref labs.Metrics, ownWords bool, visible func(id string) []Seen) []Leak {
	var leaks []Leak
	for _, p := range day.Predictions {
		v, ok := ref[p.Metric]
		if !ok || !finite(v) {
			continue
		}
		for _, seen := range visible(p.ID) {
			for _, f := range printedForms(v) {
				for _, at := range findFigure(seen.Text, f) {
					if allowed(day.Allowed, p.ID, f, seen.In) {
						continue
					}
					leaks = append(leaks, Leak{Prediction: p.ID, Figure: f, In: seen.In, Excerpt: excerpt(seen.Text, at, len(f))})
				}
			}
			// The same answer in another unit: "about a second" states a
			// 1,010 ms answer as surely as "1,010 ms" does.
			if !ownWords {
				continue
			}
			leaks = append(leaks, wordLeaks(day, p, v, seen)...)
			for _, d := range otherUnitDurations(seen.Text, p.Unit) {
				// Within 10% is close enough on the scoreboard.
				if math.Abs(d.value-v) <= 0.1*math.Abs(v) && !allowed(day.Allowed, p.ID, d.text, seen.In) {
					leaks = append(leaks, Leak{Prediction: p.ID, Figure: d.text, In: seen.In, Excerpt: excerpt(seen.Text, d.at, len(d.text))})
				}
			}
		}
	}
	return leaks
}

// duration is a span of time a text states, converted to a prediction's
// unit.
type duration struct {
	value float64
	text  string
	at    int
}

// spokenDuration is a span of time: a number and a unit ("1.5 s", "20
// milliseconds"), or a hedged word ("about a second": "a second" alone is
// more often a rate, "100 requests a second").
var spokenDuration = regexp.MustCompile(`(?i)\b(?:([0-9]+(?:\.[0-9]+)?)\s*(ms|s|min)|(?:(?:about|around|roughly|nearly|almost|some|under|over) (a|an|one|half a)|([0-9]+(?:\.[0-9]+)?))\s+(milliseconds?|seconds?|minutes?))\b`)

// otherUnitDurations is every span of time in text written in a unit other
// than unit (ms or s), as a value in unit; nil for another kind of unit.
func otherUnitDurations(text, unit string) []duration {
	perUnit := map[string]float64{"ms": 1e-3, "s": 1}[unit]
	if perUnit == 0 {
		return nil
	}
	var out []duration
	for _, m := range spokenDuration.FindAllStringSubmatchIndex(text, -1) {
		num, u := "", ""
		if m[2] >= 0 {
			num, u = text[m[2]:m[3]], text[m[4]:m[5]]
		} else if m[6] >= 0 {
			num, u = text[m[6]:m[7]], text[m[10]:m[11]]
		} else {
			num, u = text[m[8]:m[9]], text[m[10]:m[11]]
		}
		num, u = strings.ToLower(num), strings.ToLower(u)
		var secs float64
		switch {
		case strings.HasPrefix(u, "ms") || strings.HasPrefix(u, "milli"):
			if unit == "ms" {
				continue // the prediction's own unit: the figure check covers it
			}
			secs = 1e-3
		case strings.HasPrefix(u, "min"):
			secs = 60
		default:
			if unit == "s" {
				continue
			}
			secs = 1
		}
		n := 1.0
		switch num {
		case "a", "an", "one":
		case "half a":
			n = 0.5
		default:
			n, _ = strconv.ParseFloat(num, 64)
		}
		out = append(out, duration{value: n * secs / perUnit, text: text[m[0]:m[1]], at: m[0]})
	}
	return out
}

// VisibleBefore is the text a learner can see before prediction id is
// recorded (see Hindsight).
func VisibleBefore(day labs.Day, id string) []Seen {
	out := []Seen{{"day title", day.Title + "\n" + day.Summary}}
	for _, s := range day.Lesson {
		out = append(out, Seen{"lesson: " + s.Title, s.Title + "\n" + s.Body})
	}
	for _, p := range day.Parts {
		out = append(out, Seen{"part " + p.ID + " title", p.Title})
	}
	for _, t := range day.TODOs {
		text := t.Title + "\n" + t.Goal + "\n" + t.Checked + "\n" + strings.Join(t.Hints, "\n")
		out = append(out, Seen{fmt.Sprintf("TODO %d screen", t.Number), text})
	}
	for _, p := range day.Predictions {
		out = append(out, Seen{p.ID + " question", p.Question + "\n" + p.Span + "\n" + p.Unit})
		if p.Think != "" {
			out = append(out, Seen{p.ID + " how to think", p.Think})
		}
	}
	for _, d := range day.Drills {
		text := d.Question + "\n" + strings.Join(d.Choices, "\n")
		// A drill that waits for id (After) cannot be tried before it, so
		// its model answer is not seen before it either.
		if !slices.Contains(d.After, id) {
			text += "\n" + d.Model
		}
		for _, f := range d.Fields {
			text += "\n" + f.Label + " " + f.Unit
		}
		out = append(out, Seen{"drill " + d.ID, text})
	}
	stage := stages(day)
	for _, p := range day.Predictions {
		if stage[p.Part] < stage[partOf(day, id)] {
			out = append(out, Seen{p.ID + " why", p.Why})
		}
	}
	return out
}

// stages numbers the parts as the screens ask their predictions: the course
// day's parts together first, then each part beyond it on its own.
func stages(day labs.Day) map[string]int {
	out := map[string]int{}
	n := 0
	for _, p := range day.Parts {
		if p.Beyond {
			n++
			out[p.ID] = n
		} else {
			out[p.ID] = 0
		}
	}
	return out
}

func partOf(day labs.Day, id string) string {
	p, _ := day.Prediction(id)
	return p.Part
}

// printedForms is how v may be written: as the scoreboard prints it, that
// without commas, a whole number with ".0", one decimal for a figure the
// scoreboard rounds to a whole one (1009.9 for 1,010), and from 20 up a
// fraction rounded to a whole number (58 for 58.07).
func printedForms(v float64) []string {
	shown := figure(v)
	forms := []string{shown, strings.ReplaceAll(shown, ",", "")}
	if a := math.Abs(v); a >= 20 && a != math.Trunc(a) {
		// "about 58%" gives 58.07 away as surely as "58.1" does. Below 20
		// a rounded figure (10 for 10.3) is too often a setting to tell.
		whole := strconv.FormatFloat(math.Round(a), 'f', 0, 64)
		forms = append(forms, whole, group(whole))
	}
	if !strings.Contains(shown, ".") {
		forms = append(forms, forms[1]+".0")
		if one := strconv.FormatFloat(math.Abs(v), 'f', 1, 64); !strings.HasSuffix(one, ".0") {
			forms = append(forms, one, group(one))
		}
	}
	slices.Sort(forms)
	return slices.Compact(forms)
}

// findFigure is where f stands in text as a number of its own: not a piece
// of a longer number (20 in 200, 1,020 or 20.5, 10 in 0.10), of a name or
// digest (P20, 9c20c4) or of a clock time (14:40:39).
func findFigure(text, f string) []int {
	return occurrences(text, f, func(j, end int) bool {
		before := j > 0 && (isDigit(text[j-1]) || isLetter(text[j-1]) || text[j-1] == '.' || text[j-1] == ':' || (text[j-1] == ',' && j > 1 && isDigit(text[j-2])))
		after := end < len(text) && (isDigit(text[end]) || ((text[end] == '.' || text[end] == ',' || text[end] == ':') && end+1 < len(text) && isDigit(text[end+1])))
		return !before && !after && !isName(text[:j])
	})
}

// occurrences is where f stands in text, not overlapping, wherever
// stands(start, end) says the match at text[start:end] is one of its own.
func occurrences(text, f string, stands func(start, end int) bool) []int {
	var at []int
	for i := 0; ; {
		j := strings.Index(text[i:], f)
		if j < 0 {
			return at
		}
		j += i
		end := j + len(f)
		if stands(j, end) {
			at = append(at, j)
		}
		i = end
	}
}

func isLetter(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }

// isName reports whether the number that follows text is the number of a
// part, TODO or day ("Part 5", "TODO 4"), not a figure.
func isName(text string) bool {
	for _, w := range []string{"Part ", "part ", "Parts ", "parts ", "TODO ", "TODOs ", "Day ", "day ", "day"} {
		if strings.HasSuffix(text, w) {
			return true
		}
	}
	return false
}

func allowed(list []labs.Allowed, id, f, in string) bool {
	for _, a := range list {
		if a.Prediction == id && a.Figure == f && strings.HasPrefix(in, a.In) {
			return true
		}
	}
	return false
}

// excerpt is some forty characters either side of text[at:at+n], on one line.
func excerpt(text string, at, n int) string {
	from, to := max(at-40, 0), min(at+n+40, len(text))
	for from > 0 && !utf8Start(text[from]) {
		from--
	}
	for to < len(text) && !utf8Start(text[to]) {
		to++
	}
	return strings.Join(strings.Fields(text[from:to]), " ")
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// InGrades is Hindsight over TODO verdicts. A learner may grade a TODO
// before any guess, so no verdict may hold any prediction's answer: not
// its detail, its hint, nor its counterexample. The day's exceptions for a
// setting apply (a call's arguments, TakeToken(20, 20, …), and a figure's
// label, "(t ≥ 10 s)", are settings), but not to the answer's figure with
// the answer's unit: "the reference 20 requests" states P1's answer
// whatever the question says of 20.
func InGrades(day labs.Day, ref labs.Metrics, grades ...labs.Grade) []Leak {
	var leaks []Leak
	for _, g := range grades {
		where := fmt.Sprintf("TODO %d's verdict", g.TODO)
		texts := []Seen{{where, g.Detail + "\n" + g.Hint}}
		if ce := g.Counterexample; ce != nil {
			texts = append(texts, Seen{where + " (counterexample)", ce.Input + "\n" + ce.Got + "\n" + ce.Want})
		}
		leaks = append(leaks, hindsight(day, ref, false, func(string) []Seen { return texts })...)
		// The answer with its unit, exceptions or not.
		for _, p := range day.Predictions {
			v, ok := ref[p.Metric]
			if !ok || !finite(v) || p.Unit == "" {
				continue
			}
			for _, seen := range texts {
				for _, f := range printedForms(v) {
					for _, at := range findFigure(seen.Text, f) {
						rest := seen.Text[at+len(f):]
						if strings.HasPrefix(rest, " "+p.Unit) || strings.HasPrefix(rest, p.Unit) {
							if !allowed(day.Allowed, p.ID, f, seen.In) {
								continue // hindsight found it already
							}
							leaks = append(leaks, Leak{Prediction: p.ID, Figure: f + " " + p.Unit, In: seen.In, Excerpt: excerpt(seen.Text, at, len(f))})
						}
					}
				}
			}
		}
	}
	return leaks
}
