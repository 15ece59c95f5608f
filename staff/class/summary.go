package class

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"
	"unicode"
	"unicode/utf8"

	"termlab/labs"
)

// Student is one submission as the staff know it: its name in the class
// folder and, when a GitHub Classroom roster gives one, the roster's
// identifier.
type Student struct {
	Who string `json:"who"`
	ID  string `json:"roster_id,omitempty"`
	// Why is, for a student left out of a TODO's verdicts, the reason
	// (refused, does-not-compile, lab-error).
	Why string `json:"why,omitempty"`
}

func (s Student) String() string {
	if s.ID != "" {
		return s.Who + " [" + s.ID + "]"
	}
	return s.Who
}

// Mistake is one diagnosis the grader gave, counted over the class.
type Mistake struct {
	// Key is the diagnosis: the hint (or the crash's kind, or what
	// happened) with the numbers in it masked, so one misconception met
	// on different inputs is one mistake.
	Key   string `json:"key"`
	Label string `json:"label"` // short: the hint's first clause, or what happened
	Hint  string `json:"hint,omitempty"`
	Count int    `json:"count"`
	// Students are who made it, in the order of their names.
	Students []Student `json:"students"`
	// Example is the first student's counterexample (or, for a crash or
	// a timeout, the input, where the grade has it).
	Example *labs.Counterexample `json:"example,omitempty"`
	Detail  string               `json:"detail"`
	Where   string               `json:"where,omitempty"` // the first student's file:line, for a crash
}

// TODOSummary is what the class got wrong on one TODO.
type TODOSummary struct {
	TODO  int    `json:"todo"`
	Func  string `json:"func"`
	Wrong int    `json:"wrong"`
	// Of are the graded submissions that tried this TODO: a stub left
	// as shipped is not started, not wrong.
	Of         int       `json:"of"`
	Mistakes   []Mistake `json:"mistakes"`
	NotStarted []Student `json:"not_started"`
	// NotGraded are the submissions without a verdict here (refused, not
	// compiling, the lab's error), each with why: they are still in the
	// picture, not silently out of it.
	NotGraded []Student `json:"not_graded"`
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
	// Missing are the roster's students with no submission in the
	// folder (empty without a roster).
	Missing []Student `json:"missing"`
}

// Summarize counts the grader's diagnoses per TODO, with who made each:
// a failing grade by its hint (the mistake the grader named from the
// counterexample) with its numbers masked, a crash by the kind of panic,
// or by what happened (a timeout); a stub as shipped is "not started".
// roster may be nil.
func Summarize(day labs.Day, results []Result, roster Roster) Summary {
	s := Summary{Submissions: len(results), Missing: roster.Missing(results)}
	if s.Missing == nil {
		s.Missing = []Student{}
	}
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
		ts := TODOSummary{TODO: t.Number, Func: t.Func, Mistakes: []Mistake{}, NotStarted: []Student{}, NotGraded: []Student{}}
		index := map[string]int{}
		figs := map[int]*figures{} // by mistake, for its label
		for _, r := range order {
			who := roster.Student(r.Who)
			g, ok := r.Grade(t.Number)
			switch {
			case initHang(r):
				who.Why = "never loaded"
				ts.NotGraded = append(ts.NotGraded, who)
				continue
			case r.Status != Graded || !ok:
				who.Why = string(r.Status)
				ts.NotGraded = append(ts.NotGraded, who)
				continue
			case g.Status == labs.Unfinished && !isPartlyDone(g):
				ts.NotStarted = append(ts.NotStarted, who)
				continue
			}
			ts.Of++
			if g.Status == labs.Pass {
				continue
			}
			ts.Wrong++
			d := diagnosis(g)
			i, seen := index[d.key]
			if !seen {
				i = len(ts.Mistakes)
				index[d.key] = i
				ts.Mistakes = append(ts.Mistakes, Mistake{Key: d.key, Label: d.label, Hint: g.Hint, Example: g.Counterexample, Detail: g.Detail, Where: g.Where})
				figs[i] = &figures{text: d.text, first: numbersIn(d.text)}
			} else {
				figs[i].add(d.text)
			}
			m := &ts.Mistakes[i]
			m.Count++
			m.Students = append(m.Students, who)
		}
		for i, f := range figs {
			if label, ok := f.label(); ok {
				// The same mistake in other numbers: the label keeps the
				// figures every student's has, the others as n.
				ts.Mistakes[i].Label = label
			}
		}
		slices.SortStableFunc(ts.Mistakes, func(a, b Mistake) int { return b.Count - a.Count })
		s.TODOs = append(s.TODOs, ts)
	}
	return s
}

// diag is a failing grade's diagnosis: its grouping key, its label, and
// the text the label is the head of ("" when the label says what happened
// in words of its own: a crash, a timeout, a stub).
type diag struct{ key, label, text string }

// figures are the numbers in the texts of one mistake's students, position
// by position (the texts are one text but for them: their key is it with
// the numbers masked), and which positions differ between students.
type figures struct {
	text   string
	first  []string
	differ []bool
}

func (f *figures) add(text string) {
	nums := numbersIn(text)
	if f.differ == nil {
		f.differ = make([]bool, len(f.first))
	}
	for i := range f.first {
		if i >= len(nums) || nums[i] != f.first[i] {
			f.differ[i] = true
		}
	}
}

// label is the mistake's label with the figures that differ between its
// students as n, when some do.
func (f *figures) label() (string, bool) {
	if f == nil || !slices.Contains(f.differ, true) {
		return "", false
	}
	return head(eachNumber(f.text, func(i int, num string) string {
		if f.differ[i] {
			return "n"
		}
		return num
	}), 60), true
}

// Diagnosis is the grade's diagnosis key and label ("pass" for a pass):
// what the CSV and the JSON carry per student and TODO.
func Diagnosis(g labs.Grade) (key, label string) {
	if g.Status == labs.Pass {
		return "pass", "pass"
	}
	d := diagnosis(g)
	return d.key, d.label
}

func diagnosis(g labs.Grade) diag {
	switch g.Status {
	case labs.Unfinished:
		if isPartlyDone(g) {
			return diag{"partly-done", "partly done: panic(notDone) left on some inputs", ""}
		}
		return diag{"not-started", "not started (still the stub)", ""}
	case labs.Timeout:
		return diag{"timeout", "does not return in time", ""}
	case labs.Crash:
		k := panicKind(g.Detail)
		return diag{"crash " + k, "crashes: " + k, ""}
	}
	return byHint(g)
}

// byHint is the group of a wrong answer: its hint's ID (labs/diagnose),
// stable whatever the input's figures or the hint's wording, so students
// who made one mistake are one group. A grade with no ID (one made before
// hints had IDs, or a day's grader without the engine) falls back to its
// hint or detail, figures masked.
func byHint(g labs.Grade) diag {
	if g.HintID != "" {
		return diag{"hint " + g.HintID, head(g.Hint, 60), g.Hint}
	}
	text, kind := g.Hint, "hint "
	if text == "" {
		text, kind = g.Detail, "detail "
	}
	return diag{kind + maskNumbers(text, "#"), head(text, 60), text}
}

var (
	// number is a figure in a hint: 7, -3, 0.25, 1.5e+06, 250ms,
	// 1m30s, 1h0m0s, 53 (bits).
	number = regexp.MustCompile(`[-−]?(\d+(\.\d+)?([eE][-+]?\d+)?(ns|µs|us|ms|s|m|h)?)+`)
	// inBrackets are a runtime error's particulars: [5], [:7], [signal …].
	inBrackets = regexp.MustCompile(`\s*\[[^\]]*\]`)
	address    = regexp.MustCompile(`0x[0-9a-fA-F]+`)
	withLength = regexp.MustCompile(` with (length|capacity) \d+`)
)

// maskNumbers replaces every figure in s with mask, keeping the words
// around it: the same misconception met on other inputs reads the same.
// A digit inside a word (float64, int32) is part of the word.
func maskNumbers(s, mask string) string {
	return eachNumber(s, func(int, string) string { return mask })
}

// eachNumber is s with its i-th figure num replaced by f(i, num).
func eachNumber(s string, f func(i int, num string) string) string {
	var b strings.Builder
	last, i := 0, 0
	for _, m := range number.FindAllStringIndex(s, -1) {
		if r, _ := utf8.DecodeLastRuneInString(s[:m[0]]); m[0] > 0 && (unicode.IsLetter(r) || r == '_') {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(f(i, s[m[0]:m[1]]))
		last, i = m[1], i+1
	}
	b.WriteString(s[last:])
	return b.String()
}

// numbersIn are the figures of s, in order (those maskNumbers masks).
func numbersIn(s string) []string {
	var out []string
	eachNumber(s, func(_ int, num string) string { out = append(out, num); return num })
	return out
}

// panicKind is what kind of panic a crash's detail names, without the
// particulars (indices, lengths, addresses): "integer divide by zero",
// "index out of range", "invalid memory address or nil pointer
// dereference"; a panic with a value of the student's own is one kind.
func panicKind(detail string) string {
	d := strings.TrimPrefix(detail, "panicked: ")
	if rest, ok := strings.CutPrefix(d, "runtime error: "); ok {
		rest = inBrackets.ReplaceAllString(rest, "")
		rest = withLength.ReplaceAllString(rest, "")
		rest = address.ReplaceAllString(rest, "")
		return strings.TrimSpace(maskNumbers(rest, "n"))
	}
	if d == detail {
		return strings.TrimSpace(head(maskNumbers(detail, "n"), 48)) // not a panic: a Goexit, say
	}
	return "a panic of its own (panic(…) in the code)"
}

// head is s up to its first ':' or ';' when that is short enough, else its
// first words up to n runes, never cut inside a word: "float rounding:
// float64 keeps…" → "float rounding".
func head(s string, n int) string {
	if i := strings.IndexAny(s, ":;"); i > 0 && utf8.RuneCountInString(s[:i]) <= n {
		return s[:i]
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	cut := string(r[:n-1])
	if j := strings.LastIndexAny(cut, " ,("); j > 0 {
		cut = cut[:j]
	}
	return strings.TrimRight(cut, " ,;:—-") + "…"
}

// plural is "1 submission", "2 submissions".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// names lists students: "amy, bo [s12], cy".
func names(ss []Student) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.String()
	}
	return strings.Join(out, ", ")
}

// notGraded says who has no verdict on a TODO and why, by reason.
func notGraded(ss []Student) string {
	why := map[string][]Student{}
	var order []string
	for _, s := range ss {
		if _, ok := why[s.Why]; !ok {
			order = append(order, s.Why)
		}
		why[s.Why] = append(why[s.Why], s)
	}
	parts := make([]string, 0, len(order))
	for _, w := range order {
		parts = append(parts, whyWords(Status(w))+": "+names(why[w]))
	}
	return strings.Join(parts, "; ")
}

func whyWords(s Status) string {
	switch s {
	case Refused:
		return "refused"
	case NoCompile:
		return "not compiling"
	case LabFault:
		return "the lab could not grade"
	}
	return string(s) // "never loaded", say
}

// example is a mistake's counterexample (or a crash's place) in words.
func (m Mistake) example() string {
	var parts []string
	if ce := m.Example; ce != nil {
		// A crash's or a hang's got and want only say so: its input is
		// what the staff need (the call in progress when it happened).
		if stopped := m.Key == "timeout" || strings.HasPrefix(m.Key, "crash "); stopped || ce.Got == "" && ce.Want == "" {
			parts = append(parts, "on input "+ce.Input)
		} else {
			parts = append(parts, fmt.Sprintf("%s gave %s, want %s", ce.Input, ce.Got, ce.Want))
		}
	}
	if m.Where != "" {
		parts = append(parts, "at "+m.Where)
	}
	return strings.Join(parts, " ")
}

// WriteMistakes prints what the class got wrong: per TODO each mistake
// with how many made it and who, and one counterexample.
func WriteMistakes(w io.Writer, day labs.Day, s Summary) {
	fmt.Fprintf(w, "What the class got wrong (%s: %d graded, %d all passing", plural(s.Submissions, "submission", "submissions"), s.Graded, s.AllPass)
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
	if len(s.Missing) > 0 {
		fmt.Fprintf(w, "  no submission (%d): %s\n", len(s.Missing), names(s.Missing))
	}
	// Who was not graded at all is the same for every TODO: said once,
	// and under a TODO only where it differs.
	whole := ""
	if len(s.TODOs) > 0 && len(s.TODOs[0].NotGraded) > 0 {
		whole = notGraded(s.TODOs[0].NotGraded)
		fmt.Fprintf(w, "  not graded, so in no TODO's count (%d): %s\n", len(s.TODOs[0].NotGraded), whole)
	}
	for _, t := range s.TODOs {
		fmt.Fprintf(w, "  TODO %d %s: ", t.TODO, t.Func)
		switch {
		case t.Of == 0 && len(t.NotStarted) == 0:
			fmt.Fprint(w, "nothing was graded")
		case t.Of == 0:
			fmt.Fprint(w, "nobody started it")
		case t.Wrong == 0:
			fmt.Fprintf(w, "all %d who tried it pass", t.Of)
		default:
			parts := make([]string, 0, len(t.Mistakes))
			for _, m := range t.Mistakes {
				parts = append(parts, fmt.Sprintf("%d %s", m.Count, m.Label))
			}
			fmt.Fprintf(w, "%d of %d wrong; %s", t.Wrong, t.Of, strings.Join(parts, "; "))
		}
		fmt.Fprintln(w)
		for _, m := range t.Mistakes {
			fmt.Fprintf(w, "      %s (%d): %s\n", m.Label, m.Count, names(m.Students))
			if e := m.example(); e != "" {
				fmt.Fprintf(w, "        e.g. %s\n", e)
			}
		}
		if len(t.NotStarted) > 0 {
			fmt.Fprintf(w, "      not started (%d, not counted as wrong): %s\n", len(t.NotStarted), names(t.NotStarted))
		}
		if len(t.NotGraded) > 0 && notGraded(t.NotGraded) != whole {
			fmt.Fprintf(w, "      not graded (%d): %s\n", len(t.NotGraded), notGraded(t.NotGraded))
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
	if isPartlyDone(g) {
		return "part"
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
	// Identical files are said as such, naming the first student who
	// has them: not "(cached)", which reads as if graded apart.
	first := map[string]string{}
	for _, r := range results {
		if _, ok := first[r.Digest]; !ok && r.Digest != "" {
			first[r.Digest] = r.Who
		}
	}
	for _, r := range results {
		fmt.Fprint(tw, r.Who)
		for _, t := range day.TODOs {
			fmt.Fprintf(tw, "\t%s", short(r, t.Number))
		}
		note := note(r)
		switch {
		case first[r.Digest] != "" && first[r.Digest] != r.Who:
			note = strings.TrimSpace("(the same files as " + first[r.Digest] + ") " + note)
		case r.Cached:
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
		return r.Error // "" but for a file that never loaded (hang.go)
	case NoCompile:
		if strings.HasPrefix(r.Error, tooBig) {
			return firstLine(r.Error)
		}
		return compileNote(r.Error)
	}
	return firstLine(r.Error)
}

// tooBig starts the error of a build stopped by its bounds
// (worker.BuildTooBig).
const tooBig = "too big to build"

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

// TODODiagnosis is one student's diagnosis on one TODO, in the JSON.
type TODODiagnosis struct {
	TODO  int    `json:"todo"`
	Key   string `json:"key"`
	Label string `json:"label"`
}

// studentJSON is a result in WriteJSON's output: the result's own
// fields, the roster's identifier and the diagnosis per TODO.
type studentJSON struct {
	Result
	ID        string          `json:"roster_id,omitempty"`
	Diagnoses []TODODiagnosis `json:"diagnoses"`
}

// WriteJSON writes every result, with its diagnoses, and the summary.
func WriteJSON(w io.Writer, day labs.Day, results []Result, roster Roster) error {
	return WriteJSONWith(w, day, results, roster, nil)
}

// WriteJSONWith is WriteJSON with the class's predictions (predictions.go)
// as "predictions", when not nil.
func WriteJSONWith(w io.Writer, day labs.Day, results []Result, roster Roster, preds *ClassPredictions) error {
	subs := make([]studentJSON, len(results))
	for i, r := range results {
		subs[i] = studentJSON{Result: r, ID: roster.Student(r.Who).ID, Diagnoses: []TODODiagnosis{}}
		if r.Status != Graded {
			continue
		}
		for _, g := range r.Grades {
			key, label := Diagnosis(g)
			subs[i].Diagnoses = append(subs[i].Diagnoses, TODODiagnosis{TODO: g.TODO, Key: key, Label: label})
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Day         int               `json:"day"`
		Submissions []studentJSON     `json:"submissions"`
		Summary     Summary           `json:"summary"`
		Predictions *ClassPredictions `json:"predictions,omitempty"`
	}{day.Number, subs, Summarize(day, results, roster), preds})
}
