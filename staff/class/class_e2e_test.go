package class_test

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"termlab/cli/tools"
	"termlab/labs"
	"termlab/labs/registry/full"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	"termlab/staff/class"
)

// The class of issue 31's cases, generated, and graded through
// grade-class itself (cli/tools, as the tools binary runs it): correct
// submissions in several styles, misconceptions shared by students whose
// hints differ in their numbers, code that does not compile, an empty
// file, the shipped stub untouched and one half started, an endless loop,
// two kinds of panic in one TODO, and a GitHub Classroom roster for some.
// What it holds: every score; one group per misconception naming exactly
// its students (and their roster IDs); not started apart and out of every
// "wrong of N"; a crash's and a hang's input; the report's two files with
// the same groups, ranked, each with its counterexample; the CSV's and the
// JSON's diagnosis per student and TODO; no label cut inside a word; no
// "1 submissions".

const variants45 = "labs/day45/course/grade/variants_test.go"

// pupil is one submission of the class and what grading it must give.
type pupil struct {
	who  string // the file's name, without .go
	user string // the GitHub username the roster knows it by ("" if none)
	id   string // the roster's identifier for it
	// with are the TODOs that are not the first correct variant (see
	// class.LearnerFile); src, when set, is the file itself.
	with map[int]string
	src  string
	// status is the submission's; verdicts and groups are per TODO (1–4):
	// groups name the misconception a failing TODO must be grouped under,
	// shared by the pupils who share it.
	status   class.Status
	verdicts [4]string
	groups   [4]string
}

// stubWith is the shipped todo.go (the course's, never labs/day45's: that
// file is the learner's) with the bodies of some TODOs written.
func stubWith(t *testing.T, day labs.Day, bodies map[int]string) string {
	t.Helper()
	src := day.Shipped["todo.go"]
	for n, body := range bodies {
		stub := "panic(notDone) // TODO " + strconv.Itoa(n)
		if !strings.Contains(src, stub) {
			t.Fatalf("the shipped todo.go has no %q", stub)
		}
		src = strings.Replace(src, stub, body, 1)
	}
	return src
}

func class45(t *testing.T, root string, day labs.Day) []pupil {
	broken := func(name string) string {
		data, err := os.ReadFile(filepath.Join(root, "testdata", "broken", name, "todo.go"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	pass4 := [4]string{"pass", "pass", "pass", "pass"}
	with := func(n int, v string, verdict, group string) ([4]string, [4]string, map[int]string) {
		vs, gs := pass4, [4]string{}
		vs[n-1], gs[n-1] = verdict, group
		return vs, gs, map[int]string{n: v}
	}
	var pupils []pupil
	add := func(who, user, id string, n int, v, verdict, group string) {
		vs, gs, w := with(n, v, verdict, group)
		pupils = append(pupils, pupil{who: who, user: user, id: id, with: w, status: class.Graded, verdicts: vs, groups: gs})
	}
	// Correct, in four styles (and one that prints as it goes).
	add("ada", "ada", "s-0001", 1, "if instead of min", "pass", "")
	add("ben", "", "", 1, "math.FMA on seconds", "pass", "")
	add("rate-limits-cato", "cato", "cato@uni.example", 2, "bits.Div64", "pass", "")
	add("dee", "", "", 3, "if-else", "pass", "")
	// One misconception, two students, other numbers in their hints:
	// "waits up to 916.129µs add nothing" and "… 1.767439ms …".
	add("fay", "fay", "s-0006", 1, "ignores refills under 1 ms", "fail", "short waits")
	add("gil", "", "", 1, `func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
	if e < 2*time.Millisecond { // too short to count
		e = 0
	}
	t := min(capacity, tokens+e.Seconds()*rate)
	if t >= 1 {
		return t - 1, true
	}
	return t, false
}`, "fail", "short waits")
	// One hint, two ways of writing the mistake.
	add("hal", "", "", 1, "caps the idle refill at five seconds", "fail", "idle cap")
	add("rate-limits-ivy", "ivy", "s-0009", 1, "caps the idle refill at an hour", "fail", "idle cap")
	// TODO 2: one misconception written two ways, through floats and in
	// integers.
	add("jay", "jay", "s-0010", 2, "rounds to the nearest window", "fail", "nearest")
	add("kim", "", "", 2, `func(now, window time.Duration) int64 {
	return int64((now + window/2) / window) // the window now is closest to
}`, "fail", "nearest")
	// TODO 3: three boundaries on the wrong side.
	add("leo", "leo", "s-0012", 3, "the edge still counts", "fail", "boundary")
	add("mia", "", "", 3, "age strictly over window", "fail", "boundary")
	add("ned", "", "", 3, "stamp plus window passed", "fail", "boundary")
	add("oli", "", "", 4, "min", "fail", "earlier")
	// TODO 2 panics two ways: a divide by zero (two students, other
	// inputs and lines) and an index out of range.
	add("pam", "pam", "s-0016", 2, `func(now, window time.Duration) int64 {
	return int64(now/time.Second) / int64(window/time.Second) // whole seconds
}`, "crash", "divide")
	add("quin", "", "", 2, `func(now, window time.Duration) int64 {
	ms := window.Milliseconds()
	return now.Milliseconds() / ms
}`, "crash", "divide")
	add("ray", "", "", 2, `func(now, window time.Duration) int64 {
	ids := []int64{0} // the windows seen so far
	return ids[now/window]
}`, "crash", "index")
	pupils = append(pupils,
		// Right, but prints on every call.
		pupil{who: "eve", status: class.Graded, verdicts: pass4, src: strings.Replace(stubWith(t, day, map[int]string{
			1: "fmt.Println(\"TakeToken\", tokens, elapsed)\n\ttokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)\n\tif tokens >= 1 {\n\t\treturn tokens - 1, true\n\t}\n\treturn tokens, false",
			2: "println(\"WindowID\", now, window)\n\treturn int64(now / window)",
			3: "return stamp <= now-window",
			4: "return max(now, nextEmit)",
		}), `import "time"`, "import (\n\t\"fmt\"\n\t\"time\"\n)", 1)},
		// testdata/broken's learner files: an endless loop in TODO 2, an
		// index out of range in TODO 1, a compile error.
		pupil{who: "sam", user: "sam", id: "s-0019", status: class.Graded, src: broken("hang"), verdicts: [4]string{"pass", "timeout", "pass", "pass"}, groups: [4]string{"", "hang", "", ""}},
		pupil{who: "tia", status: class.Graded, src: broken("panic"), verdicts: [4]string{"crash", "pass", "pass", "pass"}, groups: [4]string{"index 1", "", "", ""}},
		pupil{who: "uli", user: "uli", id: "s-0021", status: class.NoCompile, src: broken("nocompile")},
		pupil{who: "vic", user: "vic", id: "s-0022", status: class.Refused, src: ""}, // an empty file
		// The stub as shipped, and one half started.
		pupil{who: "wes", user: "wes", id: "s-0023", status: class.Graded, src: day.Shipped["todo.go"], verdicts: [4]string{"stub", "stub", "stub", "stub"}},
		pupil{who: "xan", status: class.Graded, src: stubWith(t, day, map[int]string{
			1: "tokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)\n\tif tokens >= 1 {\n\t\treturn tokens - 1, true\n\t}\n\treturn tokens, false",
			2: "return int64(now / window)",
		}), verdicts: [4]string{"pass", "pass", "stub", "stub"}},
	)
	for i, p := range pupils {
		if p.src == "" && p.with != nil {
			src, err := class.LearnerFile(root, day, []string{variants45}, p.with)
			if err != nil {
				t.Fatalf("%s: %v", p.who, err)
			}
			pupils[i].src = src
		}
	}
	return pupils
}

// gradeClass runs grade-class as the tools binary does, from this
// package's folder (in the lab), and returns its stdout and stderr.
func gradeClass(t *testing.T, args ...string) (string, string) {
	t.Helper()
	var out, errs bytes.Buffer
	code := tools.Main(append([]string{"grade-class"}, args...), strings.NewReader(""), &out, &errs)
	if code != 0 {
		t.Fatalf("grade-class %s: exit %d\n%s\n%s", strings.Join(args, " "), code, out.String(), errs.String())
	}
	return out.String(), errs.String()
}

// classJSON is what --json writes, the parts this test reads.
type classJSON struct {
	Submissions []struct {
		Who       string       `json:"who"`
		ID        string       `json:"roster_id"`
		Status    class.Status `json:"status"`
		Error     string       `json:"error"`
		Points    float64      `json:"points"`
		Max       float64      `json:"max_points"`
		Grades    []labs.Grade `json:"todos"`
		Diagnoses []struct {
			TODO  int    `json:"todo"`
			Key   string `json:"key"`
			Label string `json:"label"`
		} `json:"diagnoses"`
	} `json:"submissions"`
	Summary class.Summary `json:"summary"`
}

func TestGradeClassOfTheIssuesCases(t *testing.T) {
	testrun.Slow(t, "grades a class of 24 in worker processes")
	root, day := lab(t, 45)
	c := gradeGenerated(t, day, class45(t, root, day), true)
	if t.Failed() {
		return
	}
	c.check(t)
	checkText(t, c.text, c.progress, c.doc, c.byWho)
	for _, want := range []string{"## Not started (not counted as wrong)\n\n- TODO 1 TakeToken: wes \\[s-0023\\]\n", "- TODO 3 Expired: wes \\[s-0023\\], xan\n", "## Not graded\n\n- uli \\[s-0021\\]: does not compile: labs/day45/todo.go:", "- vic \\[s-0022\\]: refused: todo.go is empty: nothing to grade\n"} {
		if !strings.Contains(c.md, want) {
			t.Errorf("the Markdown report lacks %q", want)
		}
	}
	checkExercism(t, c.perStudent, c.byWho)
	c.dump(t)
}

func lab(t *testing.T, n int) (string, labs.Day) {
	root, err := worker.FindRoot(".", "termlab")
	if err != nil {
		t.Fatal(err)
	}
	day, err := full.Days.Find(n)
	if err != nil {
		t.Fatal(err)
	}
	return root, day
}

// graded is a generated class as grade-class gave it back: the text, the
// progress, the CSV, the JSON, the report's two files and, when asked, the
// per-student Exercism files' folder.
type graded struct {
	day                       labs.Day
	byWho                     map[string]pupil
	text, progress, csv, json string
	md, html                  string
	doc                       classJSON
	perStudent                string
}

// gradeGenerated writes the class and its Classroom roster into folders
// of the test's own and grades it: the table with --report, then --csv
// (from the cache) and --json (with perStudent, with Exercism's files,
// which keep each student's prints, so graded again: the cache keeps those
// results apart).
func gradeGenerated(t *testing.T, day labs.Day, pupils []pupil, perStudent bool) graded {
	dir := t.TempDir()
	var roster strings.Builder
	roster.WriteString("\"identifier\",\"github_username\",\"github_id\",\"name\"\n")
	c := graded{day: day, byWho: map[string]pupil{}}
	for i, p := range pupils {
		c.byWho[p.who] = p
		if err := os.WriteFile(filepath.Join(dir, p.who+".go"), []byte(p.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if p.user != "" {
			roster.WriteString(`"` + p.id + `","` + p.user + `","` + strconv.Itoa(1000+i) + `","` + p.user + "\"\n")
		}
	}
	// A roster row with no GitHub account yet, as Classroom's download has.
	roster.WriteString("\"zoe@uni.example\",\"\",\"\",\"\"\n")
	rosterPath := filepath.Join(t.TempDir(), "classroom_roster.csv")
	os.WriteFile(rosterPath, []byte(roster.String()), 0o644)
	report := filepath.Join(t.TempDir(), "report")
	n := strconv.Itoa(day.Number)

	start := time.Now()
	c.text, c.progress = gradeClass(t, n, dir, "--roster", rosterPath, "--report", report)
	t.Logf("day %s: %d submissions graded in %.1f s (%s)", n, len(pupils), time.Since(start).Seconds(), firstLine(c.text))
	c.csv, _ = gradeClass(t, n, dir, "--roster", rosterPath, "--csv")
	args := []string{n, dir, "--roster", rosterPath, "--json"}
	if perStudent {
		c.perStudent = filepath.Join(t.TempDir(), "exercism")
		args = append(args, "--per-student", c.perStudent, "--format", "exercism")
	}
	start = time.Now()
	c.json, _ = gradeClass(t, args...)
	t.Logf("day %s: %s in %.1f s", n, strings.Join(args[4:], " "), time.Since(start).Seconds())
	md, err := os.ReadFile(report + ".md")
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(report + ".html")
	if err != nil {
		t.Fatal(err)
	}
	c.md, c.html = string(md), string(page)
	if err := json.Unmarshal([]byte(c.json), &c.doc); err != nil {
		t.Fatalf("--json: %v\n%s", err, c.json)
	}
	if len(c.doc.Submissions) != len(pupils) {
		t.Fatalf("%d submissions in the JSON, want %d", len(c.doc.Submissions), len(pupils))
	}
	return c
}

// check is what holds for any generated class: the scores, the groups,
// the report, the diagnoses, and no "1 submissions".
func (c graded) check(t *testing.T) {
	checkScores(t, c.doc, c.byWho)
	checkGroups(t, c.day, c.doc, c.byWho)
	checkReport(t, c.md, c.html, c.doc)
	checkDiagnoses(t, c.day, c.csv, c.doc, c.byWho)
	for name, out := range map[string]string{"the text": c.text, "the Markdown": c.md, "the HTML": c.html, "the JSON": c.json, "stderr": c.progress} {
		if m := regexp.MustCompile(`\b1 (submissions|students|TODOs)\b`).FindString(out); m != "" {
			t.Errorf("%s says %q", name, m)
		}
	}
}

// dump logs what grade-class printed (go test shows it on a failure, or
// with -v), and the Markdown report too on a failure.
func (c graded) dump(t *testing.T) {
	t.Logf("the text:\n%s", c.text)
	if t.Failed() {
		t.Logf("the Markdown:\n%s", c.md)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// Every score right: the status, each TODO's verdict, the points.
func checkScores(t *testing.T, doc classJSON, byWho map[string]pupil) {
	for _, s := range doc.Submissions {
		p, ok := byWho[s.Who]
		if !ok {
			t.Errorf("a submission %q that is not in the class", s.Who)
			continue
		}
		if s.Status != p.status {
			t.Errorf("%s: %s (%s), want %s", s.Who, s.Status, firstLine(s.Error), p.status)
			continue
		}
		if s.ID != p.id {
			t.Errorf("%s: roster ID %q, want %q", s.Who, s.ID, p.id)
		}
		want := 0.0
		for n, v := range p.verdicts {
			if v == "pass" {
				want++
			}
			if p.status != class.Graded {
				continue
			}
			g := grade(s.Grades, n+1)
			got := string(g.Status)
			if g.Status == labs.Unfinished {
				got = "stub"
			}
			if got != v {
				t.Errorf("%s TODO %d: %s (%s; hint %q), want %s", s.Who, n+1, got, g.Detail, g.Hint, v)
			}
		}
		if s.Points != want || s.Max != 4 {
			t.Errorf("%s: %g/%g points, want %g/4", s.Who, s.Points, s.Max, want)
		}
	}
}

func grade(gs []labs.Grade, n int) labs.Grade {
	for _, g := range gs {
		if g.TODO == n {
			return g
		}
	}
	return labs.Grade{}
}

// groupWords are words each group's label must hold, so that a group of
// the right students under another misconception's name fails too.
var groupWords = map[string]string{
	"short waits": "add nothing", "idle cap": "stopped growing", "nearest": "to the nearest",
	"boundary": "boundary", "earlier": "earlier", "divide": "crashes: integer divide by zero",
	"index": "crashes: index out of range", "index 1": "crashes: index out of range", "hang": "does not return in time",
	// Day 46's.
	"shards": "possible shards", "consecutive": "consecutive workers", "mask": "mask holds workers", "equal": "whatever it asked", "strict": "fits",
}

// Each misconception is one group naming exactly its students, with their
// roster IDs; the numbers in a hint never split one; a TODO's "wrong of N"
// counts those who tried it, never those who did not start it.
func checkGroups(t *testing.T, day labs.Day, doc classJSON, byWho map[string]pupil) {
	hints := map[string]map[int]string{}
	for _, s := range doc.Submissions {
		hints[s.Who] = map[int]string{}
		for _, g := range s.Grades {
			hints[s.Who][g.TODO] = g.Hint
		}
	}
	for _, ts := range doc.Summary.TODOs {
		n := ts.TODO
		want := map[string][]string{} // group → its students, by name
		of, wrong := 0, 0
		var notStarted, notGraded []string
		for _, who := range sortedKeys(byWho) {
			p := byWho[who]
			switch {
			case p.status != class.Graded:
				notGraded = append(notGraded, who)
				continue
			case p.verdicts[n-1] == "stub":
				notStarted = append(notStarted, who)
				continue
			}
			of++
			if g := p.groups[n-1]; g != "" {
				wrong++
				want[g] = append(want[g], who)
			}
		}
		if ts.Of != of || ts.Wrong != wrong {
			t.Errorf("TODO %d: %d of %d wrong, want %d of %d", n, ts.Wrong, ts.Of, wrong, of)
		}
		if got := students(ts.NotStarted); !slices.Equal(got, notStarted) {
			t.Errorf("TODO %d: not started %v, want %v", n, got, notStarted)
		}
		if got := students(ts.NotGraded); !slices.Equal(got, notGraded) {
			t.Errorf("TODO %d: not graded %v, want %v", n, got, notGraded)
		}
		if len(ts.Mistakes) != len(want) {
			t.Errorf("TODO %d: %d groups, want %d (%v):%s", n, len(ts.Mistakes), len(want), want, labels(ts.Mistakes))
		}
		for i, m := range ts.Mistakes {
			if i > 0 && m.Count > ts.Mistakes[i-1].Count {
				t.Errorf("TODO %d: %q (%d) ranked after %q (%d)", n, m.Label, m.Count, ts.Mistakes[i-1].Label, ts.Mistakes[i-1].Count)
			}
			who := students(m.Students)
			group := ""
			for g, ws := range want {
				if slices.Equal(ws, who) {
					group = g
				}
			}
			if group == "" {
				t.Errorf("TODO %d: the group %q of %v is none of %v", n, m.Label, who, want)
				continue
			}
			if !strings.Contains(m.Label, groupWords[group]) || m.Count != len(who) {
				t.Errorf("TODO %d: %v are %d in %q, want a label with %q", n, who, m.Count, m.Label, groupWords[group])
			}
			for _, s := range m.Students {
				if s.ID != byWho[s.Who].id {
					t.Errorf("TODO %d %q: %s has roster ID %q, want %q", n, m.Label, s.Who, s.ID, byWho[s.Who].id)
				}
			}
			// A counterexample each; for a crash or a hang, the input.
			if m.Example == nil || m.Example.Input == "" {
				t.Errorf("TODO %d %q: no counterexample", n, m.Label)
			}
			if (group == "divide" || group == "index" || group == "index 1") && m.Where == "" {
				t.Errorf("TODO %d %q: no line for the crash", n, m.Label)
			}
			// The two groups made of students whose hints differ in their
			// numbers: were the numbers not masked, each would be two.
			if group == "short waits" || group == "too many" || group == "shards" || group == "mask" {
				a, b := hints[who[0]][n], hints[who[len(who)-1]][n]
				if a == b || maskDigits(a) != maskDigits(b) {
					t.Errorf("TODO %d %q: the hints are not one hint in other numbers, so this group proves nothing:\n%q\n%q", n, m.Label, a, b)
				}
			}
			noCutWord(t, n, m)
		}
	}
}

func maskDigits(s string) string { return figure.ReplaceAllString(s, "#") }

// noCutWord: a label is its hint's head, ended at a word's end, and a
// shortened one says so with "…".
func noCutWord(t *testing.T, n int, m class.Mistake) {
	label, cut := strings.CutSuffix(m.Label, "…")
	if label == "" {
		t.Errorf("TODO %d: an empty label", n)
		return
	}
	last, _ := utf8.DecodeLastRuneInString(label)
	if unicode.IsSpace(last) || cut && !unicode.IsLetter(last) && !unicode.IsDigit(last) && last != ')' {
		t.Errorf("TODO %d: label %q ends in %q", n, m.Label, last)
	}
	if m.Hint == "" || strings.HasPrefix(m.Key, "crash ") || m.Key == "timeout" {
		return
	}
	// The label is the hint's head, its figures as they are or, where
	// the group's students' differ, n.
	var re strings.Builder
	re.WriteString("^")
	for i, part := range regexp.MustCompile(`\bn\b`).Split(label, -1) {
		if i > 0 {
			re.WriteString(`(?:n|` + figure.String() + `)`)
		}
		re.WriteString(regexp.QuoteMeta(part))
	}
	loc := regexp.MustCompile(re.String()).FindStringIndex(m.Hint)
	if loc == nil {
		t.Errorf("TODO %d: label %q is not the head of its hint %q", n, m.Label, m.Hint)
		return
	}
	if next, _ := utf8.DecodeRuneInString(m.Hint[loc[1]:]); loc[1] < len(m.Hint) && (unicode.IsLetter(next) || unicode.IsDigit(next)) {
		t.Errorf("TODO %d: label %q is cut inside a word of %q", n, m.Label, m.Hint)
	}
}

// figure is a figure as the summary masks it (summary.go's number).
var figure = regexp.MustCompile(`[-−]?(\d+(\.\d+)?([eE][-+]?\d+)?(ns|µs|us|ms|s|m|h)?)+`)

func students(ss []class.Student) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.Who
	}
	return out
}

func labels(ms []class.Mistake) string {
	var b strings.Builder
	for _, m := range ms {
		b.WriteString("\n  " + m.Label + ": " + strings.Join(students(m.Students), ", "))
	}
	return b.String()
}

func sortedKeys(m map[string]pupil) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// The text grade-class prints: not started on a line of its own; a hang's
// and a crash's input; one progress line a submission.
func checkText(t *testing.T, text, progress string, doc classJSON, byWho map[string]pupil) {
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^  not graded, so in no TODO's count \(2\): not compiling: uli \[s-0021\]; refused: vic \[s-0022\]$`),
		regexp.MustCompile(`(?m)^      not started \(1, not counted as wrong\): wes \[s-0023\]$`),
		regexp.MustCompile(`(?m)^      not started \(2, not counted as wrong\): wes \[s-0023\], xan$`),
		regexp.MustCompile(`(?m)^      does not return in time \(1\): sam \[s-0019\]\n        e\.g\. on input WindowID\(now=`),
		regexp.MustCompile(`(?m)^      crashes: integer divide by zero \(2\): pam \[s-0016\], quin\n        e\.g\. on input WindowID\(now=.* at labs/day45/todo\.go:\d+$`),
		regexp.MustCompile(`(?m)^      crashes: index out of range \(1\): ray\n        e\.g\. on input WindowID\(now=.* at labs/day45/todo\.go:\d+$`),
		regexp.MustCompile(`(?m)^      crashes: index out of range \(1\): tia\n        e\.g\. on input TakeToken\(.* at labs/day45/todo\.go:\d+$`),
		regexp.MustCompile(`(?m)^vic +refused +refused +refused +refused +0/4 +todo\.go is empty: nothing to grade$`),
		regexp.MustCompile(`(?m)^uli +build .*does not compile: labs/day45/todo\.go:\d+`),
	} {
		if !want.MatchString(text) {
			t.Errorf("the text lacks %s", want)
		}
	}
	for _, ts := range doc.Summary.TODOs {
		if ts.Wrong == 0 {
			continue
		}
		head := regexp.MustCompile(`(?m)^  TODO ` + itoa(ts.TODO) + ` \w+: (\d+) of (\d+) wrong; `)
		m := head.FindStringSubmatch(text)
		if m == nil || m[1] != itoa(ts.Wrong) || m[2] != itoa(ts.Of) {
			t.Errorf("TODO %d's line: %v, want %d of %d wrong", ts.TODO, m, ts.Wrong, ts.Of)
		}
	}
	if n := strings.Count(progress, "\n["); n+1 < len(byWho) || !strings.Contains(progress, "["+itoa(len(byWho))+"/"+itoa(len(byWho))+"]") {
		t.Errorf("progress: one line a submission, got\n%s", progress)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// The report's two files hold the same misconceptions, ranked by how
// many students each caught, each with its students and a counterexample:
// those of the JSON summary, every one.
func checkReport(t *testing.T, md, page string, doc classJSON) {
	type item struct{ head, example string }
	mdItem := regexp.MustCompile(`(?m)^\d+\. \*\*(TODO \d \w+: .+?)\*\* — (\d+) students?: (.+)\n(   - e\.g\. (.+)\n)?`)
	htmlItem := regexp.MustCompile(`<li><strong>(TODO \d \w+: .+?)</strong> — (\d+) students?: (.+)\n(<br>e\.g\. <span class="ex">(.+?)</span>)?`)
	var fromMD, fromHTML []item
	var counts []int
	for _, m := range mdItem.FindAllStringSubmatch(md, -1) {
		fromMD = append(fromMD, item{unescapeMD(m[1]) + " — " + m[2] + ": " + unescapeMD(m[3]), unescapeMD(m[5])})
		counts = append(counts, atoi(m[2]))
	}
	for _, m := range htmlItem.FindAllStringSubmatch(page, -1) {
		fromHTML = append(fromHTML, item{html.UnescapeString(m[1]) + " — " + m[2] + ": " + html.UnescapeString(m[3]), html.UnescapeString(m[5])})
	}
	total := 0
	for _, ts := range doc.Summary.TODOs {
		total += len(ts.Mistakes)
	}
	if len(fromMD) != total || !slices.Equal(fromMD, fromHTML) {
		t.Errorf("the report's misconceptions: %d in the Markdown, %d in the HTML, %d in the summary; the same in both: %v", len(fromMD), len(fromHTML), total, slices.Equal(fromMD, fromHTML))
	}
	for i, it := range fromMD {
		if it.example == "" {
			t.Errorf("the report's misconception %q has no counterexample", it.head)
		}
		if i > 0 && counts[i] > counts[i-1] {
			t.Errorf("the report ranks %q (%d) after one of %d", it.head, counts[i], counts[i-1])
		}
	}
	for _, ts := range doc.Summary.TODOs {
		for _, m := range ts.Mistakes {
			var who []string
			for _, s := range m.Students {
				who = append(who, s.String())
			}
			// The label in full: the hint itself when the label was cut.
			title := m.Label
			if strings.HasSuffix(title, "…") {
				title = cmp.Or(m.Hint, m.Detail)
			}
			want := "TODO " + itoa(ts.TODO) + " " + ts.Func + ": " + title + " — " + itoa(m.Count) + ": " + strings.Join(who, ", ")
			if !slices.ContainsFunc(fromMD, func(it item) bool { return it.head == want }) {
				t.Errorf("the report lacks %q", want)
			}
		}
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

var mdEscape = regexp.MustCompile(`\\([\\` + "`" + `*_\[\]|~])`)

func unescapeMD(s string) string {
	return html.UnescapeString(mdEscape.ReplaceAllString(s, "$1"))
}

// The CSV and the JSON carry each student's diagnosis per TODO, the same
// in both: the key the summary groups by.
func checkDiagnoses(t *testing.T, day labs.Day, csvOut string, doc classJSON, byWho map[string]pupil) {
	rows, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
	if err != nil || len(rows) != len(byWho)+1 {
		t.Fatalf("CSV (%v): %d rows", err, len(rows))
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	keys := map[string]map[int]string{}
	for _, s := range doc.Submissions {
		keys[s.Who] = map[int]string{}
		for _, d := range s.Diagnoses {
			keys[s.Who][d.TODO] = d.Key
		}
	}
	groupKey := map[string]map[int]string{} // pupil group → its key, per TODO
	for _, row := range rows[1:] {
		who := row[col["who"]]
		p := byWho[who]
		if row[col["roster_id"]] != p.id {
			t.Errorf("CSV %s: roster ID %q, want %q", who, row[col["roster_id"]], p.id)
		}
		for _, td := range day.TODOs {
			n := td.Number
			got := row[col["todo"+itoa(n)+"_diagnosis"]]
			if got != keys[who][n] {
				t.Errorf("%s TODO %d: diagnosis %q in the CSV, %q in the JSON", who, n, got, keys[who][n])
			}
			want := ""
			switch v := p.verdicts[n-1]; {
			case p.status != class.Graded:
			case v == "pass":
				want = "pass"
			case v == "stub":
				want = "not-started"
			case v == "timeout":
				want = "timeout"
			case v == "crash" && p.groups[n-1] == "divide":
				want = "crash integer divide by zero"
			case v == "crash":
				want = "crash index out of range"
			}
			if g := p.groups[n-1]; p.status == class.Graded && p.verdicts[n-1] == "fail" {
				if groupKey[g] == nil {
					groupKey[g] = map[int]string{}
				}
				if k, seen := groupKey[g][n]; seen && k != got {
					t.Errorf("TODO %d %q: two keys, %q and %q", n, g, k, got)
				}
				groupKey[g][n] = got
				if !strings.HasPrefix(got, "hint ") {
					t.Errorf("%s TODO %d: diagnosis %q, want the hint (its numbers masked)", who, n, got)
				}
				continue
			}
			if got != want {
				t.Errorf("%s TODO %d: diagnosis %q, want %q", who, n, got, want)
			}
		}
	}
}

// Each student's Exercism file: the verdict and its counterexample in a
// test's message, and what the student's code printed (stdout and
// stderr) in its output, cut to 500 characters; nothing for a TODO that
// printed nothing.
func checkExercism(t *testing.T, dir string, byWho map[string]pupil) {
	type result struct {
		Status string `json:"status"`
		Tests  []struct {
			Status  string  `json:"status"`
			Message *string `json:"message"`
			Output  *string `json:"output"`
		} `json:"tests"`
	}
	read := func(who string) result {
		var r result
		data, err := os.ReadFile(filepath.Join(dir, who+".json"))
		if err != nil || json.Unmarshal(data, &r) != nil {
			t.Errorf("%s's Exercism file (%v):\n%s", who, err, data)
		}
		return r
	}
	for who, p := range byWho {
		if p.status == class.Refused {
			if _, err := os.Stat(filepath.Join(dir, who+".json")); err == nil {
				t.Errorf("%s was refused, yet has an Exercism file", who)
			}
			continue
		}
		r := read(who)
		if p.status == class.NoCompile {
			if r.Status != "error" {
				t.Errorf("%s: status %q, want error", who, r.Status)
			}
			continue
		}
		if len(r.Tests) != 4 {
			t.Errorf("%s: %d tests", who, len(r.Tests))
			continue
		}
		for i, tc := range r.Tests {
			if who != "eve" && tc.Output != nil {
				t.Errorf("%s TODO %d printed nothing, yet has output %q", who, i+1, *tc.Output)
			}
			if p.verdicts[i] == "fail" && (tc.Message == nil || !strings.Contains(*tc.Message, "input: ")) {
				t.Errorf("%s TODO %d: the message lacks the counterexample: %v", who, i+1, tc.Message)
			}
		}
	}
	eve := read("eve")
	if len(eve.Tests) != 4 {
		return
	}
	out := func(i int) string {
		if o := eve.Tests[i].Output; o != nil {
			return *o
		}
		return ""
	}
	// fmt.Println in TODO 1 (stdout) on every call: cut to fit.
	if o := out(0); !strings.HasPrefix(o, "TakeToken ") || utf8.RuneCountInString(o) > 500 || !strings.HasSuffix(o, "Output was truncated. Please limit to 500 chars") {
		t.Errorf("eve's TODO 1 output (%d characters): %q", utf8.RuneCountInString(o), o)
	}
	// println in TODO 2 (stderr).
	if o := out(1); !strings.HasPrefix(o, "WindowID ") {
		t.Errorf("eve's TODO 2 output: %q", o)
	}
	if eve.Tests[2].Output != nil || eve.Tests[0].Status != "pass" {
		t.Errorf("eve's TODO 3 printed nothing and TODO 1 passes: %+v", eve.Tests)
	}
}

const (
	variants46 = "labs/day46/course/grade/variants_test.go"
	mutants46  = "labs/day46/course/grade/mutants_test.go"
)

// Day 46's class: the issue's own example of a hint whose numbers split
// one misconception ("only 7 of the 28 shards…", "only 8 of the 28…"),
// here met by two students, a third whose shards are runs of consecutive
// workers (its own hint now), and two masks of other sizes.
func class46(t *testing.T, root string, day labs.Day) []pupil {
	pass4 := [4]string{"pass", "pass", "pass", "pass"}
	var pupils []pupil
	add := func(who, user, id string, n int, v, verdict, group string) {
		vs, gs := pass4, [4]string{}
		vs[n-1], gs[n-1] = verdict, group
		src, err := class.LearnerFile(root, day, []string{variants46, mutants46}, map[int]string{n: v})
		if err != nil {
			t.Fatalf("%s: %v", who, err)
		}
		pupils = append(pupils, pupil{who: who, user: user, id: id, src: src, status: class.Graded, verdicts: vs, groups: gs})
	}
	add("ana", "ana", "s-0101", 1, "repeat: meet everyone under the split, split again", "pass", "")
	add("bo", "", "", 1, "bisect the water level", "pass", "")
	add("cy", "cy", "s-0103", 2, "pop the head", "pass", "")
	add("di", "", "", 4, "set of struct{}", "pass", "")
	add("ed", "ed", "s-0105", 3, "consecutive workers", "fail", "consecutive")
	add("flo", "", "", 3, "low bits of the id pick the first worker", "fail", "shards")
	add("shards-gus", "gus", "s-0107", 3, "fnv low bits mod n (weak mixing)", "fail", "shards")
	add("hu", "", "", 4, "a 32-bit mask", "fail", "mask")
	// Two Classroom repositories (assignment-username) among names that
	// are usernames: the prefix is read off them, and matched exactly.
	add("shards-io", "io", "s-0109", 4, "a 64-bit mask", "fail", "mask")
	add("jo", "", "", 1, "equal split, ignoring demands", "fail", "equal")
	add("ka", "", "", 2, "strict comparison (size < credit)", "fail", "strict")
	add("lu", "lu", "s-0112", 4, `func(a, b []int) int {
	n := 0
	for i := range a {
		for j := range a { // a's length for both
			if a[i] == b[j] {
				n++
			}
		}
	}
	return n
}`, "crash", "index")
	pupils = append(pupils, pupil{who: "mo", user: "mo", id: "s-0113", src: day.Shipped["todo.go"], status: class.Graded, verdicts: [4]string{"stub", "stub", "stub", "stub"}})
	return pupils
}

func TestGradeClassOfTheIssuesCasesDay46(t *testing.T) {
	testrun.Slow(t, "grades a class of 13 in worker processes")
	root, day := lab(t, 46)
	c := gradeGenerated(t, day, class46(t, root, day), false)
	if t.Failed() {
		return
	}
	c.check(t)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^  TODO 3 ShardOf: 3 of 12 wrong; 2 only n of the 28 possible shards`),
		regexp.MustCompile(`(?m)^      not started \(1, not counted as wrong\): mo \[s-0113\]$`),
		regexp.MustCompile(`(?m)^      crashes: index out of range \(1\): lu \[s-0112\]\n        e\.g\. on input Overlap\(.* at labs/day46/todo\.go:\d+$`),
	} {
		if !want.MatchString(c.text) {
			t.Errorf("the text lacks %s", want)
		}
	}
	c.dump(t)
}
