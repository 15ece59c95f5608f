package class

import (
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
// as a self-contained HTML page with the same content. The gradebook,
// then every misconception of the class ranked by how many students it
// caught, each with who and one counterexample; then who did not start a
// TODO and who was not graded. Everything in it that came from a
// submission (names, inputs, outputs, compiler lines) is escaped.

// Report is the report's content, shared by both renderings.
type Report struct {
	Title    string
	Summary  Summary
	TODOs    []labs.TODO
	Rows     []ReportRow
	Ranked   []RankedMistake
	Unstart  []TODOList // per TODO, who has not started it
	Ungraded []Student  // submissions with no verdict at all, with why
}

// ReportRow is one student's line of the gradebook.
type ReportRow struct {
	Student  Student
	Verdicts []string
	Points   string
	Note     string
}

// RankedMistake is a mistake with its TODO, for the class-wide ranking.
type RankedMistake struct {
	TODO int
	Func string
	Mistake
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
	r := Report{Title: fmt.Sprintf("Day %d — %s: class report", day.Number, day.Title), Summary: s, TODOs: day.TODOs}
	if day.Title == "" {
		r.Title = fmt.Sprintf("Day %d: class report", day.Number)
	}
	for _, res := range results {
		row := ReportRow{Student: roster.Student(res.Who), Points: fmt.Sprintf("%g/%g", res.Points, res.Max), Note: note(res)}
		for _, t := range day.TODOs {
			row.Verdicts = append(row.Verdicts, short(res, t.Number))
		}
		r.Rows = append(r.Rows, row)
		if res.Status != Graded {
			st := row.Student
			st.Why = whyWords(res.Status)
			r.Ungraded = append(r.Ungraded, st)
		}
	}
	for _, t := range s.TODOs {
		for _, m := range t.Mistakes {
			r.Ranked = append(r.Ranked, RankedMistake{TODO: t.TODO, Func: t.Func, Mistake: m, Names: names(m.Students), Example: m.example()})
		}
		if len(t.NotStarted) > 0 {
			r.Unstart = append(r.Unstart, TODOList{t.TODO, t.Func, names(t.NotStarted)})
		}
	}
	slices.SortStableFunc(r.Ranked, func(a, b RankedMistake) int { return b.Count - a.Count })
	return r
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
	fmt.Fprintf(&b, "# %s\n\n%s\n\n## Gradebook\n\n| who |", md(r.Title), md(r.counts()))
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
	b.WriteString("\n## Misconceptions, most common first\n\n")
	if len(r.Ranked) == 0 {
		b.WriteString("None: every TODO that was tried passes.\n")
	}
	for i, m := range r.Ranked {
		fmt.Fprintf(&b, "%d. **TODO %d %s: %s** — %s: %s\n", i+1, m.TODO, md(m.Func), md(m.Label), plural(m.Count, "student", "students"), md(m.Names))
		if m.Example != "" {
			fmt.Fprintf(&b, "   - e.g. %s\n", md(m.Example))
		}
		if m.Hint != "" {
			fmt.Fprintf(&b, "   - the grader's hint: %s\n", md(m.Hint))
		}
	}
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
var page = template.Must(template.New("report").Funcs(template.FuncMap{"plural": plural}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: left; vertical-align: top; }
td.pass { color: #1a7f37; } td.fail, td.crash, td.timeout { color: #b42318; font-weight: 600; } td.stub { color: #777; }
li { margin-bottom: .5rem; } .ex { font-family: ui-monospace, monospace; } .hint { color: #555; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>{{.Counts}}</p>
<h2>Gradebook</h2>
<table>
<tr><th>who</th>{{range .TODOs}}<th>TODO {{.Number}} {{.Func}}</th>{{end}}<th>points</th><th>note</th></tr>
{{range .Rows}}<tr><td>{{.Student}}</td>{{range .Verdicts}}<td class="{{.}}">{{.}}</td>{{end}}<td>{{.Points}}</td><td>{{.Note}}</td></tr>
{{end}}</table>
<h2>Misconceptions, most common first</h2>
{{if not .Ranked}}<p>None: every TODO that was tried passes.</p>{{end}}<ol>
{{range .Ranked}}<li><strong>TODO {{.TODO}} {{.Func}}: {{.Label}}</strong> — {{plural .Count "student" "students"}}: {{.Names}}
{{if .Example}}<br>e.g. <span class="ex">{{.Example}}</span>{{end}}{{if .Hint}}<br><span class="hint">the grader's hint: {{.Hint}}</span>{{end}}</li>
{{end}}</ol>
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
