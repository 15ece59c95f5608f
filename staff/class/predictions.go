package class

import (
	"cmp"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"termlab/labs"
	"termlab/record/atomicfile"
	"termlab/record/predictions"
)

// The class's predictions, for the staff. A submission that is a clone of
// the lab (or a folder) may carry the learner's answers file,
// predictions/dayNN.json; for each question the section gathers the
// spread of the class's guesses, how many were off and which way, the
// most common wrong values, calibration by confidence and the learners'
// own explanations. It grades nothing: a prediction counts as made, not
// as right, so no point in the gradebook depends on it.

// ClassPredictions is the predictions section of a class.
type ClassPredictions struct {
	// WithAnswers is how many submissions carried an answers file.
	WithAnswers int              `json:"with_answers"`
	Questions   []QuestionSpread `json:"questions"`
}

// QuestionSpread is one question across the class.
type QuestionSpread struct {
	ID       string   `json:"id"`
	Question string   `json:"question"`
	Unit     string   `json:"unit"`
	Actual   *float64 `json:"actual"` // the reference's figure; nil when it could not be had
	Made     int      `json:"made"`   // guesses on record (the one judged, once revealed)
	Skipped  int      `json:"skipped"`
	NotMade  int      `json:"not_made"`
	Right    int      `json:"right"` // spot on or close enough
	Over     int      `json:"off_over"`
	Under    int      `json:"off_under"`
	// CommonWrong is the wrong values more than one learner gave, the
	// most common first.
	CommonWrong []ValueCount `json:"common_wrong"`
	Histogram   []Bin        `json:"histogram"`
	// Calibration is how often each confidence level was right.
	Calibration  predictions.Calibration `json:"calibration"`
	Explanations []Explanation           `json:"explanations"`
}

// ValueCount is a value and how many gave it.
type ValueCount struct {
	Value float64 `json:"value"`
	Count int     `json:"count"`
}

// Bin is one bar of a question's histogram: the guesses from From up to
// To (the last bin includes To); Actual marks the bin the answer falls in.
type Bin struct {
	From   float64 `json:"from"`
	To     float64 `json:"to"`
	Count  int     `json:"count"`
	Actual bool    `json:"actual,omitempty"`
}

// Explanation is one line the learners wrote, with who wrote it and which
// way their guess was off; identical lines are grouped.
type Explanation struct {
	Text string   `json:"text"`
	Way  string   `json:"way"` // "over", "under" or "" (not off)
	Who  []string `json:"who"`
}

// maxAnswersFile bounds a submitted answers file: a day's is a few kB.
const maxAnswersFile = 1 << 20

// histogramBins is how many bars a question's spread is drawn with.
const histogramBins = 8

// SubmittedAnswers reads the answers file a submission carries, if any:
// predictions/dayNN.json in the folder (a clone of the lab) or dayNN.json
// beside its todo.go. A file that is a link, too big or not answers to
// this day is passed over: nothing in it is trusted, and nothing is
// written back (no file of a submission is ever moved or changed).
func SubmittedAnswers(s Submission, day labs.Day) (predictions.Answers, bool) {
	name := fmt.Sprintf("day%d.json", day.Number)
	for _, rel := range []string{"predictions/" + name, name} {
		if noLinks(s.Path, filepath.Dir(rel)) != "" {
			continue
		}
		path := filepath.Join(s.Path, filepath.FromSlash(rel))
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink != 0 || !fi.Mode().IsRegular() {
			continue
		}
		data, err := atomicfile.ReadBounded(path, maxAnswersFile)
		if err != nil {
			continue
		}
		var a predictions.Answers
		if json.Unmarshal(data, &a) != nil || a.Day != day.Number {
			continue
		}
		return a, true
	}
	return predictions.Answers{}, false
}

// judged is a learner's guess as the section counts it: the one on record
// at the reveal once revealed, the current one before.
func judged(g predictions.Guess) (float64, bool) {
	v := g.Value
	if g.Revealed {
		v = g.Scored
	}
	if v == nil || g.Skipped && !g.Revealed || math.IsNaN(*v) || math.IsInf(*v, 0) || *v < 0 {
		return 0, false
	}
	return *v, true
}

// Predictions gathers the section from each submission's answers (by
// who), against the reference's figures ref (nil: no verdicts, spreads
// only).
func Predictions(day labs.Day, answers map[string]predictions.Answers, ref labs.Metrics) ClassPredictions {
	out := ClassPredictions{WithAnswers: len(answers)}
	whos := make([]string, 0, len(answers))
	for w := range answers {
		whos = append(whos, w)
	}
	slices.Sort(whos)
	for _, p := range day.Predictions {
		q := QuestionSpread{ID: p.ID, Question: p.Question, Unit: p.Unit, Calibration: predictions.Calibration{},
			CommonWrong: []ValueCount{}, Histogram: []Bin{}, Explanations: []Explanation{}}
		if v, ok := ref[p.Metric]; ok && !math.IsNaN(v) && !math.IsInf(v, 0) {
			q.Actual = &v
		}
		var values []float64
		wrong := map[float64]int{}
		said := map[string]*Explanation{}
		for _, who := range whos {
			g := answers[who].Predictions[p.ID]
			v, ok := judged(g)
			switch {
			case !ok && g.Skipped:
				q.Skipped++
				continue
			case !ok:
				q.NotMade++
				continue
			}
			q.Made++
			values = append(values, v)
			way := ""
			if q.Actual != nil {
				verdict := predictions.Judge(v, *q.Actual)
				right := predictions.Right(verdict)
				if right {
					q.Right++
				} else {
					wrong[v]++
					if way = "under"; v > *q.Actual {
						way, q.Over = "over", q.Over+1
					} else {
						q.Under++
					}
				}
				if c, err := predictions.ParseConfidence(string(g.Confidence)); err == nil {
					t := q.Calibration[c]
					t.Judged++
					if right {
						t.Right++
					}
					q.Calibration[c] = t
				}
			}
			if text := Clean(g.Explanation); strings.TrimSpace(text) != "" && len(text) <= 4*predictions.MaxExplanation {
				key := way + "\x00" + strings.ToLower(strings.Trim(strings.Join(strings.Fields(text), " "), " .!"))
				if e, ok := said[key]; ok {
					e.Who = append(e.Who, who)
				} else {
					said[key] = &Explanation{Text: text, Way: way, Who: []string{who}}
				}
			}
		}
		for v, n := range wrong {
			if n > 1 {
				q.CommonWrong = append(q.CommonWrong, ValueCount{v, n})
			}
		}
		slices.SortFunc(q.CommonWrong, func(a, b ValueCount) int {
			return cmp.Or(b.Count-a.Count, cmp.Compare(a.Value, b.Value))
		})
		q.Histogram = histogram(values, q.Actual)
		for _, e := range said {
			q.Explanations = append(q.Explanations, *e)
		}
		slices.SortFunc(q.Explanations, func(a, b Explanation) int {
			return cmp.Or(len(b.Who)-len(a.Who), strings.Compare(a.Way, b.Way), strings.Compare(a.Text, b.Text))
		})
		out.Questions = append(out.Questions, q)
	}
	return out
}

// histogram bins values linearly between the smallest and largest of them
// and the actual; one bin when they are all the same.
func histogram(values []float64, actual *float64) []Bin {
	if len(values) == 0 {
		return []Bin{}
	}
	lo, hi := slices.Min(values), slices.Max(values)
	if actual != nil {
		lo, hi = min(lo, *actual), max(hi, *actual)
	}
	n := histogramBins
	if hi == lo {
		n = 1
	}
	bins := make([]Bin, n)
	width := (hi - lo) / float64(n)
	for i := range bins {
		bins[i] = Bin{From: lo + float64(i)*width, To: lo + float64(i+1)*width}
	}
	bins[n-1].To = hi
	at := func(v float64) int {
		if n == 1 {
			return 0
		}
		return min(int((v-lo)/width), n-1)
	}
	for _, v := range values {
		bins[at(v)].Count++
	}
	if actual != nil {
		bins[at(*actual)].Actual = true
	}
	return bins
}

// Peak is the largest bin's count, for drawing bars to scale.
func (q QuestionSpread) Peak() int {
	peak := 0
	for _, b := range q.Histogram {
		peak = max(peak, b.Count)
	}
	return peak
}

// Bar is a bin's bar as a percentage of the question's peak.
func (q QuestionSpread) Bar(b Bin) int {
	if p := q.Peak(); p > 0 {
		return 100 * b.Count / p
	}
	return 0
}

// Num writes a figure for the section: whole, or with what decimals it has
// (up to three).
func Num(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(v, 'f', 3, 64), "0"), ".")
}

// Summary is a question's one line: made, right, off and which way, and
// what most of the wrong ones said.
func (q QuestionSpread) Summary() string {
	s := fmt.Sprintf("%d made", q.Made)
	if q.Skipped > 0 {
		s += fmt.Sprintf(", %d skipped", q.Skipped)
	}
	if q.NotMade > 0 {
		s += fmt.Sprintf(", %d not made", q.NotMade)
	}
	if q.Actual == nil {
		return s + "; the reference's figure could not be had, so none is judged"
	}
	s += fmt.Sprintf("; actual %s: %d right, %d off (%d over, %d under)", Num(*q.Actual), q.Right, q.Over+q.Under, q.Over, q.Under)
	if len(q.CommonWrong) > 0 {
		var most []string
		for _, w := range q.CommonWrong[:min(3, len(q.CommonWrong))] {
			most = append(most, fmt.Sprintf("%s (%d)", Num(w.Value), w.Count))
		}
		s += "; the most common wrong values: " + strings.Join(most, ", ")
	}
	if line := q.Calibration.Line(); line != "" {
		s += "; by confidence: " + line
	}
	return s
}

// writeMarkdown is the section in the report's Markdown.
func (c *ClassPredictions) writeMarkdown(b *strings.Builder) {
	if c == nil || c.WithAnswers == 0 {
		return
	}
	fmt.Fprintf(b, "\n## The class's predictions (%s; not graded)\n", plural(c.WithAnswers, "answers file", "answers files"))
	for _, q := range c.Questions {
		fmt.Fprintf(b, "\n### %s — %s\n\n%s\n", md(q.ID), md(q.Question), md(q.Summary()))
		if len(q.Histogram) > 0 {
			b.WriteString("\n| guesses from | to | how many |\n|---|---|---|\n")
			for _, bin := range q.Histogram {
				mark := ""
				if bin.Actual {
					mark = " ← the actual"
				}
				fmt.Fprintf(b, "| %s | %s | %d%s |\n", Num(bin.From), Num(bin.To), bin.Count, mark)
			}
		}
		for _, e := range q.Explanations {
			way := ""
			if e.Way != "" {
				way = " (" + e.Way + ")"
			}
			fmt.Fprintf(b, "- “%s”%s — %s\n", md(e.Text), way, md(strings.Join(e.Who, ", ")))
		}
	}
}

// The section in the report's HTML: a bar per bin, the actual's marked.
var _ = template.Must(page.New("predictions").Parse(`{{if .WithAnswers}}<h2>The class's predictions ({{plural .WithAnswers "answers file" "answers files"}}; not graded)</h2>
{{range .Questions}}<h3>{{.ID}} — {{.Question}}</h3>
<p>{{.Summary}}</p>
{{if .Histogram}}<table>
<tr><th>guesses</th><th>how many</th></tr>
{{$q := .}}{{range .Histogram}}<tr{{if .Actual}} class="pass"{{end}}><td>{{num .From}} – {{num .To}}{{if .Actual}} (the actual){{end}}</td><td><span class="barbox"><span class="bar" style="width: {{$q.Bar .}}%"></span></span>{{.Count}}</td></tr>
{{end}}</table>{{end}}
{{if .Explanations}}<ul>{{range .Explanations}}<li>“{{.Text}}”{{if .Way}} ({{.Way}}){{end}} — {{range $i, $w := .Who}}{{if $i}}, {{end}}{{$w}}{{end}}</li>{{end}}</ul>{{end}}
{{end}}{{end}}`))
