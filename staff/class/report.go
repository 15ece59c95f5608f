package class

import (
	"cmp"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"termlab/labs"
)

// A class report: one page a teacher takes into class, in Markdown and
// as a self-contained HTML page with the same content, that answers "who
// needs help, with what": who submitted nothing, each TODO's pass rate,
// the gradebook lowest score first (a colour for every verdict, a reason
// for every submission not graded), every misconception of the class
// ranked by how many students it caught, each student's own
// counterexample and hint, and the groups of identical submissions (by
// digest) and of submissions that behave the same. Everything in it that
// came from a submission (names, inputs, outputs, compiler lines) is
// escaped.

// Report is the report's content, shared by both renderings.
type Report struct {
	Title    string
	Summary  Summary
	TODOs    []labs.TODO
	Rows     []ReportRow // lowest score first
	Rates    []TODORate
	Ranked   []RankedMistake
	Unstart  []TODOList // per TODO, who has not started it
	Ungraded []Student  // submissions with no verdict at all, with why
	Missing  []Student  // the roster's students with no submission
	Students []StudentDetail
	// Identical are groups of submissions with the same files (one
	// digest); Alike, of different files that got the same verdict and
	// diagnosis on every TODO.
	Identical []Group
	Alike     []Group
	// Predictions is the class's predictions, when submissions carry
	// their answers files (predictions.go); nil leaves the section out.
	Predictions *ClassPredictions
}

// ReportRow is one student's line of the gradebook.
type ReportRow struct {
	Student  Student
	Verdicts []string
	Points   string
	Note     string
	score    float64
}

// TODORate is a TODO's pass rate over the graded submissions.
type TODORate struct {
	TODO       int
	Func       string
	Passed     int
	Wrong      int
	NotStarted int
	Graded     int
	Percent    int
}

// StudentDetail is what one student got wrong, TODO by TODO, in their
// own words: their counterexample and their hint.
type StudentDetail struct {
	Student Student
	Points  string
	Items   []StudentItem
}

// StudentItem is one TODO of a student's that does not pass.
type StudentItem struct {
	TODO    int
	Func    string
	Verdict string
	What    string // the diagnosis, in full
	Example string // their own counterexample, or input, or place
	Hint    string
}

// Group is some students with something in common.
type Group struct {
	What  string
	Names string
}

// RankedMistake is a mistake with its TODO, for the class-wide ranking.
type RankedMistake struct {
	TODO int
	Func string
	Mistake
	Title   string // the label, or the whole text when the label was cut
	Names   string
	Example string
}

// TODOList is a TODO and some students.
type TODOList struct {
	TODO     int
	Func     string
	Students string
}

// NewReport gathers the report of a graded class.
func NewReport(day labs.Day, results []Result, roster Roster) Report {
	s := Summarize(day, results, roster)
	r := Report{Title: fmt.Sprintf("Day %d — %s: class report", day.Number, day.Title), Summary: s, TODOs: day.TODOs, Missing: s.Missing}
	if day.Title == "" {
		r.Title = fmt.Sprintf("Day %d: class report", day.Number)
	}
	for _, res := range results {
		row := ReportRow{Student: roster.Student(res.Who), Points: fmt.Sprintf("%g/%g", res.Points, res.Max), Note: note(res), score: res.Points}
		if res.Status != Graded {
			row.Note = "not graded: " + notGradedWhy(res)
		}
		for _, t := range day.TODOs {
			row.Verdicts = append(row.Verdicts, short(res, t.Number))
		}
		r.Rows = append(r.Rows, row)
		if res.Status != Graded {
			st := row.Student
			st.Why = notGradedWhy(res)
			r.Ungraded = append(r.Ungraded, st)
			continue
		}
		if d := studentDetail(day, res, row); len(d.Items) > 0 {
			r.Students = append(r.Students, d)
		}
	}
	// Who needs help first: the lowest score at the top, names in order
	// within a score.
	slices.SortStableFunc(r.Rows, func(a, b ReportRow) int {
		if a.score != b.score {
			return cmp.Compare(a.score, b.score)
		}
		return strings.Compare(a.Student.Who, b.Student.Who)
	})
	for _, t := range s.TODOs {
		rate := TODORate{TODO: t.TODO, Func: t.Func, Wrong: t.Wrong, NotStarted: len(t.NotStarted), Graded: t.Of + len(t.NotStarted)}
		rate.Passed = t.Of - t.Wrong
		rate.Percent = percent(rate.Passed, rate.Graded)
		r.Rates = append(r.Rates, rate)
		for _, m := range t.Mistakes {
			title := m.Label
			if strings.HasSuffix(title, "…") {
				title = m.Hint
				if title == "" {
					title = m.Detail
				}
			}
			r.Ranked = append(r.Ranked, RankedMistake{TODO: t.TODO, Func: t.Func, Mistake: m, Title: title, Names: names(m.Students), Example: m.example()})
		}
		if len(t.NotStarted) > 0 {
			r.Unstart = append(r.Unstart, TODOList{t.TODO, t.Func, names(t.NotStarted)})
		}
	}
	slices.SortStableFunc(r.Ranked, func(a, b RankedMistake) int { return b.Count - a.Count })
	r.Identical, r.Alike = groups(day, results, roster)
	return r
}

// notGradedWhy says why a submission has no verdict, with its reason:
// the compiler's first line, the refusal, the lab's error.
func notGradedWhy(res Result) string {
	n := note(res)
	switch {
	case n == "":
		return whyWords(res.Status)
	case res.Status == NoCompile:
		return n // "does not compile: …", "too big to build: …"
	}
	return whyWords(res.Status) + ": " + n
}

// studentDetail is a graded student's TODOs that do not pass, each with
// their own counterexample and hint.
func studentDetail(day labs.Day, res Result, row ReportRow) StudentDetail {
	d := StudentDetail{Student: row.Student, Points: row.Points}
	for _, t := range day.TODOs {
		g, ok := res.Grade(t.Number)
		if !ok || g.Status == labs.Pass {
			continue
		}
		dg := diagnosis(g)
		what := dg.text
		if what == "" {
			what = dg.label
		}
		if g.Detail != "" && !strings.Contains(what, g.Detail) && g.Status != labs.Fail {
			what = g.Detail
		}
		m := Mistake{Key: dg.key, Example: g.Counterexample, Where: g.Where}
		item := StudentItem{TODO: t.Number, Func: t.Func, Verdict: short(res, t.Number), What: what, Example: m.example()}
		if g.Hint != "" && g.Hint != what {
			item.Hint = g.Hint
		}
		d.Items = append(d.Items, item)
	}
	return d
}

// groups finds the submissions with the same files (one digest), and
// those with different files that behave the same: the same status and,
// TODO by TODO, the same diagnosis (a stub everywhere is not behaviour,
// so those are left out).
func groups(day labs.Day, results []Result, roster Roster) (identical, alike []Group) {
	byDigest := map[string][]Student{}
	var digests []string
	for _, r := range results {
		if r.Digest == "" {
			continue
		}
		if _, ok := byDigest[r.Digest]; !ok {
			digests = append(digests, r.Digest)
		}
		byDigest[r.Digest] = append(byDigest[r.Digest], roster.Student(r.Who))
	}
	for _, d := range digests {
		if ss := byDigest[d]; len(ss) > 1 {
			identical = append(identical, Group{What: "the same files (digest " + d[:12] + ")", Names: names(ss)})
		}
	}
	byBehaviour := map[string][]Result{}
	var keys []string
	for _, r := range results {
		if r.Status != Graded {
			continue
		}
		var parts []string
		stub := true
		for _, t := range day.TODOs {
			key := "—"
			if g, ok := r.Grade(t.Number); ok {
				key, _ = Diagnosis(g)
			}
			stub = stub && key == "not-started"
			parts = append(parts, key)
		}
		if stub {
			continue
		}
		k := strings.Join(parts, "\x00")
		if _, ok := byBehaviour[k]; !ok {
			keys = append(keys, k)
		}
		byBehaviour[k] = append(byBehaviour[k], r)
	}
	for _, k := range keys {
		rs := byBehaviour[k]
		distinct := map[string]bool{}
		var ss []Student
		for _, r := range rs {
			distinct[r.Digest] = true
			ss = append(ss, roster.Student(r.Who))
		}
		if len(distinct) < 2 {
			continue // one set of files: said among the identical
		}
		var what []string
		for i, part := range strings.Split(k, "\x00") {
			what = append(what, fmt.Sprintf("TODO %d %s", day.TODOs[i].Number, behaviourWord(part)))
		}
		alike = append(alike, Group{What: strings.Join(what, ", "), Names: names(ss)})
	}
	return identical, alike
}

// behaviourWord is a diagnosis key in a word or a few.
func behaviourWord(key string) string {
	switch {
	case key == "pass", key == "timeout", key == "not-started", key == "partly-done":
		return strings.ReplaceAll(key, "-", " ")
	case strings.HasPrefix(key, "crash "):
		return "crashes (" + strings.TrimPrefix(key, "crash ") + ")"
	}
	_, text, _ := strings.Cut(key, " ")
	return "wrong (" + text + ")"
}

// counts is the class in one sentence.
func (r Report) counts() string {
	s := r.Summary
	out := fmt.Sprintf("%s: %d graded, %d all passing", plural(s.Submissions, "submission", "submissions"), s.Graded, s.AllPass)
	if s.NoCompile > 0 {
		out += fmt.Sprintf(", %d not compiling", s.NoCompile)
	}
	if s.Refused > 0 {
		out += fmt.Sprintf(", %d refused", s.Refused)
	}
	if s.LabErrors > 0 {
		out += fmt.Sprintf(", %d the lab could not grade", s.LabErrors)
	}
	return out + "."
}

// md escapes text for Markdown: a submission's name or output is shown
// as written, never read as markup, a link or HTML. (Text never starts a
// line here, so '#', '+' and '-' need nothing; with '[' escaped no link
// can form.)
func md(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '\\', '`', '*', '_', '[', ']', '|', '~':
			b.WriteRune('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// WriteMarkdown writes the report as Markdown.
func (r Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n%s\n", md(r.Title), md(r.counts()))
	if len(r.Missing) > 0 {
		fmt.Fprintf(&b, "\n## No submission (%d)\n\n", len(r.Missing))
		for _, m := range r.Missing {
			fmt.Fprintf(&b, "- %s\n", md(m.String()))
		}
	}
	b.WriteString("\n## Pass rate per TODO\n\n| TODO | pass | wrong | not started | of graded |\n|---|---|---|---|---|\n")
	for _, t := range r.Rates {
		fmt.Fprintf(&b, "| TODO %d %s | %d (%d%%) | %d | %d | %d |\n", t.TODO, md(t.Func), t.Passed, t.Percent, t.Wrong, t.NotStarted, t.Graded)
	}
	b.WriteString("\n## Gradebook, lowest score first\n\n| who |")
	for _, t := range r.TODOs {
		fmt.Fprintf(&b, " TODO %d %s |", t.Number, md(t.Func))
	}
	b.WriteString(" points | note |\n|---|")
	for range r.TODOs {
		b.WriteString("---|")
	}
	b.WriteString("---|---|\n")
	for _, row := range r.Rows {
		fmt.Fprintf(&b, "| %s |", md(row.Student.String()))
		for _, v := range row.Verdicts {
			fmt.Fprintf(&b, " %s |", md(v))
		}
		fmt.Fprintf(&b, " %s | %s |\n", md(row.Points), md(row.Note))
	}
	b.WriteString("\n## What the class got wrong, most common first\n\n")
	if len(r.Ranked) == 0 {
		b.WriteString("None: every TODO that was tried passes.\n")
	}
	for i, m := range r.Ranked {
		fmt.Fprintf(&b, "%d. **TODO %d %s: %s** — %s: %s\n", i+1, m.TODO, md(m.Func), md(m.Title), plural(m.Count, "student", "students"), md(m.Names))
		if m.Example != "" {
			fmt.Fprintf(&b, "   - e.g. %s\n", md(m.Example))
		}
		if m.Hint != "" && m.Hint != m.Title {
			fmt.Fprintf(&b, "   - the grader's hint: %s\n", md(m.Hint))
		}
	}
	if len(r.Students) > 0 {
		b.WriteString("\n## Each student's own counterexamples and hints\n")
		for _, st := range r.Students {
			fmt.Fprintf(&b, "\n### %s — %s\n\n", md(st.Student.String()), md(st.Points))
			for _, it := range st.Items {
				fmt.Fprintf(&b, "- TODO %d %s (%s): %s\n", it.TODO, md(it.Func), md(it.Verdict), md(it.What))
				if it.Example != "" {
					fmt.Fprintf(&b, "  - %s\n", md(it.Example))
				}
				if it.Hint != "" {
					fmt.Fprintf(&b, "  - hint: %s\n", md(it.Hint))
				}
			}
		}
	}
	if len(r.Identical) > 0 || len(r.Alike) > 0 {
		b.WriteString("\n## Submissions alike\n\n")
		for _, g := range r.Identical {
			fmt.Fprintf(&b, "- identical, %s: %s\n", md(g.What), md(g.Names))
		}
		for _, g := range r.Alike {
			fmt.Fprintf(&b, "- same behaviour (%s): %s\n", md(g.What), md(g.Names))
		}
	}
	r.Predictions.writeMarkdown(&b)
	if len(r.Unstart) > 0 {
		b.WriteString("\n## Not started (not counted as wrong)\n\n")
		for _, u := range r.Unstart {
			fmt.Fprintf(&b, "- TODO %d %s: %s\n", u.TODO, md(u.Func), md(u.Students))
		}
	}
	if len(r.Ungraded) > 0 {
		b.WriteString("\n## Not graded\n\n")
		for _, s := range r.Ungraded {
			fmt.Fprintf(&b, "- %s: %s\n", md(s.String()), md(s.Why))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// page is the HTML rendering: html/template escapes every value, and the
// style is inline, so the file stands alone (no script, nothing fetched).
// Every verdict has a colour and a word (the word alone in print), and
// the page prints on A4 without its colours' backgrounds lost.
var page = template.Must(template.New("report").Funcs(template.FuncMap{"plural": plural, "num": Num}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 64rem; margin: 2rem auto; padding: 0 1rem; color: #222; line-height: 1.4; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
.pass { background: #e6f4ea; color: #1a7f37; }
.fail, .crash, .timeout, .part { background: #fdecea; color: #b42318; font-weight: 600; }
.build { background: #fff4e5; color: #8a4b00; font-weight: 600; }
.refused { background: #f3e8fd; color: #6a1b9a; font-weight: 600; }
.lab\? { background: #e8eefc; color: #1f3b8a; }
.stub { color: #777; background: #f7f7f7; }
td.num { text-align: right; }
.bar { display: block; height: 100%; background: #1a7f37; }
.barbox { display: inline-block; width: 8rem; height: .6rem; background: #eee; margin-right: .5rem; vertical-align: middle; }
li { margin-bottom: .4rem; } .ex { font-family: ui-monospace, monospace; } .hint { color: #555; }
.student { break-inside: avoid; margin: .75rem 0; padding: .25rem .75rem; border-left: 4px solid #b42318; }
.student h3 { margin: .25rem 0; font-size: 1rem; }
.legend span { display: inline-block; padding: 0 .4rem; margin-right: .3rem; border: 1px solid #ccc; }
@media print {
  body { max-width: none; margin: 0; font-size: 10pt; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  h2 { break-after: avoid; }
  tr, li { break-inside: avoid; }
  @page { size: A4; margin: 1.5cm; }
}
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>{{.Counts}}</p>
{{if .Missing}}<h2>No submission ({{len .Missing}})</h2>
<ul>{{range .Missing}}<li>{{.}}</li>{{end}}</ul>{{end}}
<h2>Pass rate per TODO</h2>
<table>
<tr><th>TODO</th><th>pass</th><th>wrong</th><th>not started</th><th>of graded</th></tr>
{{range .Rates}}<tr><td>TODO {{.TODO}} {{.Func}}</td><td><span class="barbox"><span class="bar" style="width: {{.Percent}}%"></span></span>{{.Passed}} ({{.Percent}}%)</td><td class="num">{{.Wrong}}</td><td class="num">{{.NotStarted}}</td><td class="num">{{.Graded}}</td></tr>
{{end}}</table>
<h2>Gradebook, lowest score first</h2>
<p class="legend"><span class="pass">pass</span><span class="fail">fail, crash, timeout</span><span class="part">part: panic(notDone) left on some inputs</span><span class="stub">stub: not started</span><span class="build">build: does not compile</span><span class="refused">refused</span><span class="lab?">lab?: the lab could not grade</span></p>
<table>
<tr><th>who</th>{{range .TODOs}}<th>TODO {{.Number}} {{.Func}}</th>{{end}}<th>points</th><th>note</th></tr>
{{range .Rows}}<tr><td>{{.Student}}</td>{{range .Verdicts}}<td class="{{.}}">{{.}}</td>{{end}}<td class="num">{{.Points}}</td><td>{{.Note}}</td></tr>
{{end}}</table>
<h2>What the class got wrong, most common first</h2>
{{if not .Ranked}}<p>None: every TODO that was tried passes.</p>{{end}}<ol>
{{range .Ranked}}<li><strong>TODO {{.TODO}} {{.Func}}: {{.Title}}</strong> — {{plural .Count "student" "students"}}: {{.Names}}
{{if .Example}}<br>e.g. <span class="ex">{{.Example}}</span>{{end}}{{if and .Hint (ne .Hint .Title)}}<br><span class="hint">the grader's hint: {{.Hint}}</span>{{end}}</li>
{{end}}</ol>
{{if .Students}}<h2>Each student's own counterexamples and hints</h2>
{{range .Students}}<div class="student"><h3>{{.Student}} — {{.Points}}</h3><ul>
{{range .Items}}<li>TODO {{.TODO}} {{.Func}} ({{.Verdict}}): {{.What}}{{if .Example}}<br><span class="ex">{{.Example}}</span>{{end}}{{if .Hint}}<br><span class="hint">hint: {{.Hint}}</span>{{end}}</li>
{{end}}</ul></div>
{{end}}{{end}}
{{if or .Identical .Alike}}<h2>Submissions alike</h2>
<ul>{{range .Identical}}<li>identical, {{.What}}: {{.Names}}</li>{{end}}{{range .Alike}}<li>same behaviour ({{.What}}): {{.Names}}</li>{{end}}</ul>{{end}}
{{with .Predictions}}{{template "predictions" .}}{{end}}
{{if .Unstart}}<h2>Not started (not counted as wrong)</h2>
<ul>{{range .Unstart}}<li>TODO {{.TODO}} {{.Func}}: {{.Students}}</li>{{end}}</ul>{{end}}
{{if .Ungraded}}<h2>Not graded</h2>
<ul>{{range .Ungraded}}<li>{{.}}: {{.Why}}</li>{{end}}</ul>{{end}}
</body>
</html>
`))

// WriteHTML writes the report as one self-contained HTML page.
func (r Report) WriteHTML(w io.Writer) error {
	return page.Execute(w, struct {
		Report
		Counts string
	}{r, r.counts()})
}

// ReportPaths are the two files --report FILE writes: FILE.md and
// FILE.html, or, when FILE ends in one of them, FILE and its twin.
func ReportPaths(file string) (mdPath, htmlPath string) {
	switch ext := strings.ToLower(filepath.Ext(file)); ext {
	case ".md", ".html", ".htm":
		base := strings.TrimSuffix(file, filepath.Ext(file))
		if ext == ".md" {
			return file, base + ".html"
		}
		return base + ".md", file
	}
	return file + ".md", file + ".html"
}

// WriteReportFiles writes the report's two files (each written whole or
// not at all: a temporary file renamed into place).
func (r Report) WriteReportFiles(file string) (mdPath, htmlPath string, err error) {
	mdPath, htmlPath = ReportPaths(file)
	for _, f := range []struct {
		path  string
		write func(io.Writer) error
	}{{mdPath, r.WriteMarkdown}, {htmlPath, r.WriteHTML}} {
		if err := writeFile(f.path, f.write); err != nil {
			return mdPath, htmlPath, err
		}
	}
	return mdPath, htmlPath, nil
}

func writeFile(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// percent is part of all to the nearest whole percent (2 of 3 is 67, not
// the 66 a truncation shows), but never 100 while someone is missing nor 0
// while someone is there: the bar and its figure must not say "everyone"
// or "no one" when that is not so.
func percent(part, all int) int {
	if all <= 0 {
		return 0
	}
	p := (200*part + all) / (2 * all)
	switch {
	case part < all && p == 100:
		return 99
	case part > 0 && p == 0:
		return 1
	}
	return p
}
