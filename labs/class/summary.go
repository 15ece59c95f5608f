package class

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"termlab/labs"
)

// Mistake is one diagnosis the grader gave, counted over the class.
type Mistake struct {
	Label string `json:"label"` // short: the hint's first clause, or what happened
	Hint  string `json:"hint,omitempty"`
	Count int    `json:"count"`
	// Example is one student's counterexample, without the student: the
	// first in the order of the submissions' names.
	Example *labs.Counterexample `json:"example,omitempty"`
	Detail  string               `json:"detail"`
}

// TODOSummary is what the class got wrong on one TODO.
type TODOSummary struct {
	TODO     int       `json:"todo"`
	Func     string    `json:"func"`
	Wrong    int       `json:"wrong"`
	Of       int       `json:"of"` // the submissions that were built and graded
	Mistakes []Mistake `json:"mistakes"`
}

// Summary is the class as a whole.
type Summary struct {
	Submissions int           `json:"submissions"`
	Graded      int           `json:"graded"`
	NoCompile   int           `json:"does_not_compile"`
	Refused     int           `json:"refused"`
	LabErrors   int           `json:"lab_errors"`
	AllPass     int           `json:"all_pass"`
	TODOs       []TODOSummary `json:"todos"`
}

// Summarize counts the grader's diagnoses per TODO: each failing grade by
// its hint (the mistake the grader named from the counterexample), or,
// when it has none, by what happened (a crash, a timeout, not done yet).
func Summarize(day labs.Day, results []Result) Summary {
	s := Summary{Submissions: len(results)}
	for _, r := range results {
		switch r.Status {
		case Graded:
			s.Graded++
			if !slices.ContainsFunc(r.Grades, func(g labs.Grade) bool { return g.Status != labs.Pass }) {
				s.AllPass++
			}
		case NoCompile:
			s.NoCompile++
		case Refused:
			s.Refused++
		case LabFault:
			s.LabErrors++
		}
	}
	order := slices.Clone(results)
	slices.SortStableFunc(order, func(a, b Result) int { return strings.Compare(a.Who, b.Who) })
	for _, t := range day.TODOs {
		ts := TODOSummary{TODO: t.Number, Func: t.Func, Of: s.Graded, Mistakes: []Mistake{}}
		index := map[string]int{}
		for _, r := range order {
			g, ok := r.Grade(t.Number)
			if r.Status != Graded || !ok || g.Status == labs.Pass {
				continue
			}
			ts.Wrong++
			label, key := diagnosis(g)
			i, seen := index[key]
			if !seen {
				i = len(ts.Mistakes)
				index[key] = i
				ts.Mistakes = append(ts.Mistakes, Mistake{Label: label, Hint: g.Hint, Example: g.Counterexample, Detail: g.Detail})
			}
			ts.Mistakes[i].Count++
		}
		slices.SortStableFunc(ts.Mistakes, func(a, b Mistake) int { return b.Count - a.Count })
		s.TODOs = append(s.TODOs, ts)
	}
	return s
}

// diagnosis is a failing grade's short label and its grouping key.
func diagnosis(g labs.Grade) (label, key string) {
	switch g.Status {
	case labs.Unfinished:
		return "not done (still the stub)", "unfinished"
	case labs.Timeout:
		return "does not return in time", "timeout"
	case labs.Crash:
		d := head(g.Detail, 48)
		return "crashes: " + d, "crash " + d
	}
	if g.Hint != "" {
		return head(g.Hint, 60), "hint " + g.Hint
	}
	return head(g.Detail, 60), "detail " + g.Detail
}

// head is s up to its first ':' or ';' when that is short enough, else its
// first n runes: "float rounding: float64 keeps…" → "float rounding".
func head(s string, n int) string {
	if i := strings.IndexAny(s, ":;"); i > 0 && utf8.RuneCountInString(s[:i]) <= n {
		return s[:i]
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// WriteMistakes prints what the class got wrong.
func WriteMistakes(w io.Writer, day labs.Day, s Summary) {
	fmt.Fprintf(w, "What the class got wrong (%d submissions: %d graded, %d all passing", s.Submissions, s.Graded, s.AllPass)
	if s.NoCompile > 0 {
		fmt.Fprintf(w, ", %d not compiling", s.NoCompile)
	}
	if s.Refused > 0 {
		fmt.Fprintf(w, ", %d refused", s.Refused)
	}
	if s.LabErrors > 0 {
		fmt.Fprintf(w, ", %d the lab could not grade", s.LabErrors)
	}
	fmt.Fprintln(w, "):")
	for _, t := range s.TODOs {
		if t.Of == 0 {
			fmt.Fprintf(w, "  TODO %d %s: nothing was graded\n", t.TODO, t.Func)
			continue
		}
		if t.Wrong == 0 {
			fmt.Fprintf(w, "  TODO %d %s: all %d graded pass\n", t.TODO, t.Func, t.Of)
			continue
		}
		parts := make([]string, 0, len(t.Mistakes))
		for _, m := range t.Mistakes {
			parts = append(parts, fmt.Sprintf("%d %s", m.Count, m.Label))
		}
		fmt.Fprintf(w, "  TODO %d %s: %d of %d wrong; %s\n", t.TODO, t.Func, t.Wrong, t.Of, strings.Join(parts, "; "))
		for _, m := range t.Mistakes {
			if ce := m.Example; ce != nil {
				fmt.Fprintf(w, "      %s — e.g. %s gave %s, want %s\n", m.Label, ce.Input, ce.Got, ce.Want)
			}
		}
	}
}

// short is a TODO's verdict in a table cell.
func short(r Result, n int) string {
	switch r.Status {
	case NoCompile:
		return "build"
	case Refused:
		return "refused"
	case LabFault:
		return "lab?"
	}
	g, ok := r.Grade(n)
	if !ok {
		return "—"
	}
	if g.Status == labs.Unfinished {
		return "stub"
	}
	return string(g.Status)
}

// WriteTable prints the gradebook: who, each TODO's verdict, points.
func WriteTable(w io.Writer, day labs.Day, results []Result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "who")
	for _, t := range day.TODOs {
		fmt.Fprintf(tw, "\tTODO %d", t.Number)
	}
	fmt.Fprint(tw, "\tpoints\tnote\n")
	for _, r := range results {
		fmt.Fprint(tw, r.Who)
		for _, t := range day.TODOs {
			fmt.Fprintf(tw, "\t%s", short(r, t.Number))
		}
		note := note(r)
		if r.Cached {
			note = strings.TrimSpace("(cached) " + note)
		}
		fmt.Fprintf(tw, "\t%g/%g\t%s\n", r.Points, r.Max, note)
	}
	tw.Flush()
}

// note is one line on a submission that was not graded: the error, or
// the compiler's first line about the student's code.
func note(r Result) string {
	switch r.Status {
	case Graded:
		return ""
	case NoCompile:
		return compileNote(r.Error)
	}
	return firstLine(r.Error)
}

// compileNote is the compiler's first line about the student's code.
func compileNote(msg string) string {
	for _, line := range strings.Split(msg, "\n") {
		if line = strings.TrimSpace(line); strings.Contains(line, ".go:") {
			return "does not compile: " + line
		}
	}
	return "does not compile"
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// WriteCSV writes the gradebook as CSV: one row per submission.
func WriteCSV(w io.Writer, day labs.Day, results []Result) error {
	cw := csv.NewWriter(w)
	head := []string{"who", "status"}
	for _, t := range day.TODOs {
		head = append(head, fmt.Sprintf("todo%d_%s", t.Number, t.Func))
	}
	head = append(head, "points", "max_points", "error")
	cw.Write(head)
	for _, r := range results {
		row := []string{r.Who, string(r.Status)}
		for _, t := range day.TODOs {
			row = append(row, short(r, t.Number))
		}
		row = append(row, fmt.Sprint(r.Points), fmt.Sprint(r.Max), note(r))
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes every result and the summary.
func WriteJSON(w io.Writer, day labs.Day, results []Result) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Day         int      `json:"day"`
		Submissions []Result `json:"submissions"`
		Summary     Summary  `json:"summary"`
	}{day.Number, results, Summarize(day, results)})
}
