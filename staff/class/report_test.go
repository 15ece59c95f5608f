package class

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
)

func TestReport(t *testing.T) {
	day, results := summaryClass()
	day.Title = "Rate limits"
	// A name and an output that would be markup if not escaped.
	results = append(results, Result{Who: "<script>x</script>|*y*", Status: Graded, Grades: []labs.Grade{
		grade(1, labs.Fail, "the cap comes after the spend here: cap first", &labs.Counterexample{Input: "<b>in</b>", Got: "`1`", Want: "2"}),
		grade(2, labs.Pass, "", nil), grade(3, labs.Pass, "", nil)}})
	r := NewReport(day, results, Roster{IDs: map[string]string{"zed": "s-0026"}})
	// Ranked over the class: the 3-student ones first.
	var ranks []string
	for _, m := range r.Ranked {
		ranks = append(ranks, m.Label)
	}
	if got := strings.Join(ranks, "; "); !strings.HasPrefix(got, "the cap comes after the spend here; ") || len(r.Ranked) != 7 || r.Ranked[0].Count != 3 {
		t.Errorf("ranked: %s", got)
	}
	var m, h bytes.Buffer
	if err := r.WriteMarkdown(&m); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteHTML(&h); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, doc string
		want      []string
		not       []string
	}{
		{"markdown", m.String(), []string{
			"# Day 45 — Rate limits: class report\n",
			"10 submissions: 8 graded, 0 all passing, 1 not compiling, 1 refused.",
			"| who | TODO 1 TakeToken | TODO 2 WindowID | TODO 3 Expired | points | note |",
			"## Pass rate per TODO\n",
			"| zed \\[s-0026\\] | fail | pass | fail | 0/0 |  |",
			"1. **TODO 1 TakeToken: the cap comes after the spend here** — 3 students: &lt;script&gt;x&lt;/script&gt;\\|\\*y\\*, amy, zed \\[s-0026\\]\n   - e.g. &lt;b&gt;in&lt;/b&gt; gave \\`1\\`, want 2\n   - the grader's hint: the cap comes after the spend here: cap first\n",
			"**TODO 2 WindowID: n windows too few** — 2 students: bo, di",
			"## Not started (not counted as wrong)\n\n- TODO 1 TakeToken: cy\n",
			"## Not graded\n\n- ed: does not compile: labs/day45/todo.go:3:1: x\n- fi: refused: imports\n",
		}, []string{"<script>", "<b>"}},
		{"html", h.String(), []string{
			"<title>Day 45 — Rate limits: class report</title>",
			"<td>zed [s-0026]</td><td class=\"fail\">fail</td>",
			"<strong>TODO 1 TakeToken: the cap comes after the spend here</strong> — 3 students: &lt;script&gt;x&lt;/script&gt;|*y*, amy, zed [s-0026]",
			"e.g. <span class=\"ex\">&lt;b&gt;in&lt;/b&gt; gave `1`, want 2</span>",
			"<li>TODO 3 Expired: cy</li>",
			"<li>ed: does not compile: labs/day45/todo.go:3:1: x</li>",
		}, []string{"<script>", "<b>", "http", "src="}},
	} {
		for _, w := range tc.want {
			if !strings.Contains(tc.doc, w) {
				t.Errorf("the %s report lacks %q:\n%s", tc.name, w, tc.doc)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(tc.doc, n) {
				t.Errorf("the %s report holds %q", tc.name, n)
			}
		}
	}
}

func TestReportFiles(t *testing.T) {
	for _, tc := range []struct{ in, md, html string }{
		{"out/r", "out/r.md", "out/r.html"},
		{"out/r.md", "out/r.md", "out/r.html"},
		{"out/r.html", "out/r.md", "out/r.html"},
	} {
		if md, html := ReportPaths(tc.in); md != tc.md || html != tc.html {
			t.Errorf("ReportPaths(%q) = %q, %q", tc.in, md, html)
		}
	}
	day, results := summaryClass()
	dir := t.TempDir()
	md, html, err := NewReport(day, results, Roster{}).WriteReportFiles(filepath.Join(dir, "day45"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{md, html} {
		if data, err := os.ReadFile(p); err != nil || !strings.Contains(string(data), "What the class got wrong, most common first") {
			t.Errorf("%s: %v", p, err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("left behind: %v", entries)
	}
	if _, _, err := NewReport(day, results, Roster{}).WriteReportFiles(filepath.Join(dir, "nowhere", "r")); err == nil {
		t.Error("a report into a missing folder")
	}
}

func TestWritePerStudent(t *testing.T) {
	day := day45(t)
	src := "//go:build termlab\n\npackage day45\n\nimport \"time\"\n\n// mine\nfunc WindowID(now, w time.Duration) int64 { return int64(now / w) }\n"
	subs := []Submission{
		{Who: "bob", Files: map[string][]byte{"todo.go": []byte(src)}},
		{Who: "carol", Files: map[string][]byte{"todo.go": []byte("package day45\n")}},
		{Who: "eve", Refused: "imports"},
	}
	var grades []labs.Grade
	for _, td := range day.TODOs {
		grades = append(grades, labs.Grade{TODO: td.Number, Func: td.Func, Status: labs.Pass})
	}
	grades[1] = labs.Grade{TODO: 2, Func: "WindowID", Status: labs.Fail, Detail: "wrong on a boundary", Hint: "look at the edge",
		Counterexample: &labs.Counterexample{Input: "WindowID(now=1m0s, window=1m0s)", Got: "0", Want: "1"}}
	results := []Result{
		{Who: "bob", Status: Graded, Grades: grades},
		{Who: "carol", Status: NoCompile, Error: "your code does not compile:\n  labs/day45/todo.go:9:9: undefined: tokns"},
		{Who: "eve", Status: Refused, Error: "imports"},
	}
	dir := t.TempDir()
	written, skipped, err := WritePerStudent(dir, "junit", day, subs, results, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(written) != 2 || strings.Join(skipped, ",") != "eve" {
		t.Fatalf("written %v, skipped %v", written, skipped)
	}
	for _, tc := range []struct{ file, want string }{
		{"bob.xml", `<testcase name="TODO 2: WindowID" classname="termlab.day45.WindowID" time="0.000">`},
		{"bob.xml", ">labs/day45/todo.go:8&#xA;"},
		{"bob.xml", "hint:  look at the edge"},
		{"carol.xml", ">labs/day45/todo.go:9&#xA;"},
		{"carol.xml", "undefined: tokns"},
	} {
		data, err := os.ReadFile(filepath.Join(dir, tc.file))
		if err != nil || !strings.Contains(string(data), tc.want) {
			t.Errorf("%s (%v) lacks %q:\n%s", tc.file, err, tc.want, data)
		}
	}
	written, _, err = WritePerStudent(dir, "gradescope", day, subs, results, 100)
	if err != nil || len(written) != 2 || filepath.Base(written[0]) != "bob.json" {
		t.Errorf("gradescope: %v %v", written, err)
	}
}

// The pass rate's figure is rounded, never "everyone" or "no one" when
// that is not so (the report in a browser read "2 (66%)" for 2 of 3).
func TestPercent(t *testing.T) {
	for _, c := range []struct{ part, all, want int }{
		{2, 3, 67}, {1, 3, 33}, {0, 3, 0}, {3, 3, 100}, {0, 0, 0}, {199, 200, 99}, {1, 300, 1}, {1, 2, 50},
	} {
		if got := percent(c.part, c.all); got != c.want {
			t.Errorf("percent(%d, %d) = %d, want %d", c.part, c.all, got, c.want)
		}
	}
}
