package class

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"termlab/labs"
)

func grade(n int, s labs.Status, hint string, ce *labs.Counterexample) labs.Grade {
	return labs.Grade{TODO: n, Status: s, Hint: hint, Counterexample: ce, Detail: "detail of " + string(s)}
}

func crash(n int, detail, where string) labs.Grade {
	return labs.Grade{TODO: n, Status: labs.Crash, Detail: detail, Where: where, Hint: "a panic is a bug in your code: read the line it points at"}
}

// withInput gives a crash or a timeout the call in progress, as the
// guard records it (labs.Fault.Stopped).
func withInput(g labs.Grade, input string) labs.Grade {
	g.Counterexample = labs.Fault{Status: g.Status, Input: input}.Stopped()
	return g
}

// summaryClass is a class with each case the summary tells apart: one
// misconception in different numbers, two kinds of panic, a timeout,
// an untouched stub, a refused and a non-compiling submission.
func summaryClass() (labs.Day, []Result) {
	day := labs.Day{Number: 45, TODOs: []labs.TODO{{Number: 1, Func: "TakeToken"}, {Number: 2, Func: "WindowID"}, {Number: 3, Func: "Expired"}}}
	capHint := "the cap comes after the spend here: cap first"
	unitHint := "integer seconds: elapsed.Seconds() keeps the fraction"
	shards := func(n string) string {
		return "only " + n + " of the 28 shards see the burst: the key is hashed by float64 seconds"
	}
	few := func(n string, d string) string {
		return n + " windows too few: window 9 starts at " + d + " and now is past it"
	}
	ce := func(s string) *labs.Counterexample { return &labs.Counterexample{Input: s, Got: "1", Want: "2"} }
	pass := func(n int) labs.Grade { return grade(n, labs.Pass, "", nil) }
	results := []Result{
		{Who: "zed", Status: Graded, Grades: []labs.Grade{grade(1, labs.Fail, capHint, ce("zed's")), pass(2), grade(3, labs.Fail, shards("7"), ce("z3"))}},
		{Who: "amy", Status: Graded, Grades: []labs.Grade{grade(1, labs.Fail, capHint, ce("amy's")), grade(2, labs.Timeout, "", ce("now=1h")), grade(3, labs.Fail, shards("8"), ce("a3"))}},
		{Who: "bo", Status: Graded, Grades: []labs.Grade{grade(1, labs.Fail, unitHint, ce("bo's")), grade(2, labs.Fail, few("2", "1m30s"), ce("b2")), crash(3, "panicked: runtime error: integer divide by zero", "labs/day45/todo.go:31")}},
		{Who: "cy", Status: Graded, Grades: []labs.Grade{grade(1, labs.Unfinished, "", nil), grade(2, labs.Unfinished, "", nil), grade(3, labs.Unfinished, "", nil)}},
		{Who: "di", Status: Graded, Grades: []labs.Grade{pass(1), grade(2, labs.Fail, few("1", "4.5s"), ce("d2")), withInput(crash(3, "panicked: runtime error: index out of range [5] with length 3", "labs/day45/todo.go:40"), "Expired(stamp=5s, now=0s, window=3s)")}},
		{Who: "ev", Status: Graded, Grades: []labs.Grade{pass(1), pass(2), crash(3, "panicked: runtime error: index out of range [-1]", "labs/day45/todo.go:12")}},
		{Who: "fo", Status: Graded, Grades: []labs.Grade{pass(1), pass(2), crash(3, "panicked: runtime error: integer divide by zero", "labs/day45/todo.go:8")}},
		{Who: "ed", Status: NoCompile, Error: "your code does not compile:\n  labs/day45/todo.go:3:1: x"},
		{Who: "fi", Status: Refused, Error: "imports"},
	}
	return day, results
}

func TestSummarize(t *testing.T) {
	day, results := summaryClass()
	roster := Roster{IDs: map[string]string{"bo": "s-0002", "zed": "s-0026"}}
	s := Summarize(day, results, roster)
	if s.Submissions != 9 || s.Graded != 7 || s.NoCompile != 1 || s.Refused != 1 || s.AllPass != 0 {
		t.Errorf("counts: %+v", s)
	}
	type mistake struct {
		label    string
		students string
		example  string
	}
	for _, tc := range []struct {
		todo       int
		wrong, of  int
		mistakes   []mistake
		notStarted string
	}{
		{1, 3, 6, []mistake{
			{"the cap comes after the spend here", "amy, zed [s-0026]", "amy's gave 1, want 2"},
			{"integer seconds", "bo [s-0002]", "bo's gave 1, want 2"},
		}, "cy"},
		{2, 3, 6, []mistake{
			// One misconception in two sets of numbers: one group.
			{"n windows too few", "bo [s-0002], di", "b2 gave 1, want 2"},
			{"does not return in time", "amy", "on input now=1h"},
		}, "cy"},
		{3, 6, 6, []mistake{
			// Ties in the order of the first student's name; the figure
			// both hints have (28) is kept, the one that differs is n.
			{"only n of the 28 shards see the burst", "amy, zed [s-0026]", "a3 gave 1, want 2"},
			{"crashes: integer divide by zero", "bo [s-0002], fo", "at labs/day45/todo.go:31"},
			{"crashes: index out of range", "di, ev", "on input Expired(stamp=5s, now=0s, window=3s) at labs/day45/todo.go:40"},
		}, "cy"},
	} {
		ts := s.TODOs[tc.todo-1]
		if ts.Wrong != tc.wrong || ts.Of != tc.of || len(ts.Mistakes) != len(tc.mistakes) {
			t.Errorf("TODO %d: %d of %d wrong in %d mistakes, want %d of %d in %d: %+v", tc.todo, ts.Wrong, ts.Of, len(ts.Mistakes), tc.wrong, tc.of, len(tc.mistakes), ts.Mistakes)
			continue
		}
		for i, m := range tc.mistakes {
			got := ts.Mistakes[i]
			if got.Label != m.label || names(got.Students) != m.students || got.example() != m.example || got.Count != len(got.Students) {
				t.Errorf("TODO %d mistake %d: %q by %q, e.g. %q; want %q by %q, e.g. %q", tc.todo, i, got.Label, names(got.Students), got.example(), m.label, m.students, m.example)
			}
		}
		if names(ts.NotStarted) != tc.notStarted {
			t.Errorf("TODO %d: not started %q, want %q", tc.todo, names(ts.NotStarted), tc.notStarted)
		}
		// The refused and the non-compiling stay in the picture.
		if notGraded(ts.NotGraded) != "not compiling: ed; refused: fi" {
			t.Errorf("TODO %d: not graded %q", tc.todo, notGraded(ts.NotGraded))
		}
	}

	var b bytes.Buffer
	WriteMistakes(&b, day, s)
	out := b.String()
	for _, want := range []string{
		"(9 submissions: 7 graded, 0 all passing, 1 not compiling, 1 refused)",
		"TODO 1 TakeToken: 3 of 6 wrong; 2 the cap comes after the spend here; 1 integer seconds\n",
		"      the cap comes after the spend here (2): amy, zed [s-0026]\n        e.g. amy's gave 1, want 2\n",
		"TODO 2 WindowID: 3 of 6 wrong; 2 n windows too few; 1 does not return in time\n",
		"      not started (1, not counted as wrong): cy\n",
		"):\n  not graded, so in no TODO's count (2): not compiling: ed; refused: fi\n  TODO 1",
		"crashes: index out of range (2): di, ev\n        e.g. on input Expired(stamp=5s, now=0s, window=3s) at labs/day45/todo.go:40\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary lacks %q:\n%s", want, out)
		}
	}

	b.Reset()
	WriteTable(&b, day, results)
	if !strings.Contains(b.String(), "does not compile: labs/day45/todo.go:3:1: x") {
		t.Errorf("table:\n%s", b.String())
	}

	b.Reset()
	if err := WriteCSV(&b, day, results, roster); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(rows) != 10 {
		t.Fatalf("CSV (%v): %v", err, rows)
	}
	wantHead := "who status todo1_TakeToken todo2_WindowID todo3_Expired points max_points error todo1_diagnosis todo2_diagnosis todo3_diagnosis roster_id"
	if strings.Join(rows[0], " ") != wantHead {
		t.Errorf("CSV head %v", rows[0])
	}
	for _, tc := range []struct {
		row  int
		cols map[int]string
	}{
		{1, map[int]string{0: "zed", 2: "fail", 8: "hint the cap comes after the spend here: cap first", 9: "pass", 10: "hint only # of the # shards see the burst: the key is hashed by float64 seconds", 11: "s-0026"}},
		{2, map[int]string{3: "timeout", 9: "timeout"}},
		{3, map[int]string{10: "crash integer divide by zero", 11: "s-0002"}},
		{4, map[int]string{2: "stub", 8: "not-started"}},
		{8, map[int]string{1: "does-not-compile", 8: "", 11: ""}},
	} {
		for c, want := range tc.cols {
			if got := rows[tc.row][c]; got != want {
				t.Errorf("CSV row %d column %s: %q, want %q", tc.row, rows[0][c], got, want)
			}
		}
	}

	b.Reset()
	if err := WriteJSON(&b, day, results, roster); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Submissions []struct {
			Who       string `json:"who"`
			ID        string `json:"roster_id"`
			Status    string `json:"status"`
			Diagnoses []struct {
				TODO  int    `json:"todo"`
				Key   string `json:"key"`
				Label string `json:"label"`
			} `json:"diagnoses"`
		} `json:"submissions"`
		Summary Summary `json:"summary"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if d := doc.Submissions[2]; d.Who != "bo" || d.ID != "s-0002" || len(d.Diagnoses) != 3 || d.Diagnoses[1].Key != "hint # windows too few: window # starts at # and now is past it" {
		t.Errorf("JSON of bo: %+v", d)
	}
	if d := doc.Submissions[7]; d.Status != "does-not-compile" || len(d.Diagnoses) != 0 {
		t.Errorf("JSON of ed: %+v", d)
	}
	if got := names(doc.Summary.TODOs[2].Mistakes[1].Students); got != "bo [s-0002], fo" {
		t.Errorf("JSON summary's students: %q", got)
	}
}

func TestSummarizeAllPassAndNobody(t *testing.T) {
	day := labs.Day{TODOs: []labs.TODO{{Number: 1, Func: "F"}}}
	for _, tc := range []struct {
		results []Result
		want    string
	}{
		{[]Result{{Who: "a", Status: Graded, Grades: []labs.Grade{grade(1, labs.Pass, "", nil)}}}, "(1 submission: 1 graded, 1 all passing):\n  TODO 1 F: all 1 who tried it pass\n"},
		{[]Result{{Who: "a", Status: Graded, Grades: []labs.Grade{grade(1, labs.Unfinished, "", nil)}}}, "TODO 1 F: nobody started it\n      not started (1, not counted as wrong): a\n"},
		{[]Result{{Who: "a", Status: Refused}}, "  not graded, so in no TODO's count (1): refused: a\n  TODO 1 F: nothing was graded\n"},
	} {
		var b bytes.Buffer
		WriteMistakes(&b, day, Summarize(day, tc.results, Roster{}))
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("got\n%s\nwant %q", b.String(), tc.want)
		}
	}
}

func TestMaskNumbers(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"only 7 of the 28 shards", "only # of the # shards"},
		{"only 8 of the 28 shards", "only # of the # shards"},
		{"float64 keeps 53 bits, int32 too", "float64 keeps # bits, int32 too"},
		{"1m30s too late, 250ms early, 1.5e+06 tokens, -3 left", "# too late, # early, # tokens, # left"},
		{"at 2h0m0s", "at #"},
	} {
		if got := maskNumbers(tc.in, "#"); got != tc.want {
			t.Errorf("maskNumbers(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestPanicKind(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"panicked: runtime error: integer divide by zero", "integer divide by zero"},
		{"panicked: runtime error: index out of range [5] with length 3", "index out of range"},
		{"panicked: runtime error: index out of range [-1]", "index out of range"},
		{"panicked: runtime error: slice bounds out of range [:7] with capacity 4", "slice bounds out of range"},
		{"panicked: runtime error: invalid memory address or nil pointer dereference", "invalid memory address or nil pointer dereference"},
		{"panicked: boom at 0xc000012345", "a panic of its own (panic(…) in the code)"},
		{"stopped its goroutine (runtime.Goexit) instead of returning", "stopped its goroutine (runtime.Goexit) instead…"},
	} {
		if got := panicKind(tc.in); got != tc.want {
			t.Errorf("panicKind(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestHead(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"float rounding: float64 keeps 53 bits", 60, "float rounding"},
		{"a short hint", 60, "a short hint"},
		{strings.Repeat("word ", 20), 60, strings.TrimSpace(strings.Repeat("word ", 11)) + "…"},
		// Never inside a word.
		{"each call must depend only on its arguments and nothing else", 20, "each call must…"},
		{"stopped its goroutine (runtime.Goexit) instead of returning", 48, "stopped its goroutine (runtime.Goexit) instead…"},
	} {
		if got := head(tc.in, tc.n); got != tc.want {
			t.Errorf("head(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

func TestRoster(t *testing.T) {
	r, err := parseRoster(strings.NewReader("\ufeff\"identifier\",\"github_username\",\"github_id\",\"name\"\n\"ann@uni.edu\",\"Ann-B\",\"101\",\"Ann B\"\n\"bo@uni.edu\",\"bo\",\"102\",\"Bo\"\n\"cy@uni.edu\",\"\",\"\",\"\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	// Without an assignment, a name is a username or nobody's.
	for who, id := range map[string]string{"ann-b": "ann@uni.edu", "Ann-B": "ann@uni.edu", "bo": "bo@uni.edu", "lab-bo": "", "bob": "", "cy": ""} {
		if got := r.Student(who).ID; got != id {
			t.Errorf("%s: %q, want %q", who, got, id)
		}
	}
	if got := r.Missing([]Result{{Who: "bo"}}); len(got) != 1 || got[0].Who != "ann-b" || got[0].ID != "ann@uni.edu" {
		t.Errorf("missing: %+v, want ann-b alone", got)
	}
	if _, err := parseRoster(strings.NewReader("identifier,github_username\na,x\nb,X\n")); err == nil {
		t.Errorf("a username twice: no error")
	}
	if _, err := parseRoster(strings.NewReader("name,email\nx,y\n")); err == nil || !strings.Contains(err.Error(), "identifier and github_username") {
		t.Errorf("a CSV that is no roster: %v", err)
	}
}

// Issue 43, finding 6: a Classroom repository is the assignment's prefix
// and the username, exactly. A student named hw-alice does not capture
// alice's repository hw-alice, day45-jane-doe is nobody's when the roster
// has only a "doe", and the prefix is read off the names when they share
// one.
func TestRosterExact(t *testing.T) {
	ids := map[string]string{"alice": "s-alice", "hw-alice": "s-hw-alice", "doe": "s-john-doe", "bo": "s-bo"}
	for _, tc := range []struct {
		whos []string
		want map[string]string
	}{
		{[]string{"hw-alice", "hw-bo", "hw-hw-alice"}, map[string]string{"hw-alice": "s-alice", "hw-bo": "s-bo", "hw-hw-alice": "s-hw-alice"}},
		{[]string{"day45-jane-doe", "day45-doe", "day45-bo"}, map[string]string{"day45-jane-doe": "", "day45-doe": "s-john-doe", "day45-bo": "s-bo"}},
		// A name that is a username: no prefix, usernames alone.
		{[]string{"alice", "day45-bo"}, map[string]string{"alice": "s-alice", "day45-bo": ""}},
	} {
		r := Roster{IDs: ids, Users: []string{"alice", "hw-alice", "doe", "bo"}}.WithAssignment(tc.whos)
		var results []Result
		for _, who := range tc.whos {
			if got := r.Student(who).ID; got != tc.want[who] {
				t.Errorf("%v (assignment %q): %s is %q, want %q", tc.whos, r.Assignment, who, got, tc.want[who])
			}
			results = append(results, Result{Who: who})
		}
		missing := map[string]bool{}
		for _, m := range r.Missing(results) {
			missing[m.ID] = true
		}
		for _, id := range ids {
			credited := false
			for _, who := range tc.whos {
				credited = credited || tc.want[who] == id
			}
			if credited == missing[id] {
				t.Errorf("%v: %s credited %v, missing %v", tc.whos, id, credited, missing[id])
			}
		}
	}
}

// CSV cells that a spreadsheet would run as a formula are quoted; the
// roster's students without a submission have a row each.
func TestCSVIsNotAFormula(t *testing.T) {
	day := day45(t)
	results := []Result{
		{Who: "=HYPERLINK(\"http://x\",\"y\")", Status: Refused, Error: "-2+3"},
		{Who: "+SUM(1,2)", Status: Refused, Error: "@cmd"},
		{Who: "@cmd", Status: Refused, Error: "\tx"},
		{Who: "-2+3", Status: Refused, Error: "\rx"},
	}
	roster := Roster{IDs: map[string]string{"-2+3": "=1+1", "zoe": "s-zoe"}, Users: []string{"-2+3", "zoe"}}
	var b strings.Builder
	if err := WriteCSV(&b, day, results, roster); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows {
		for _, cell := range row {
			if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				t.Errorf("a cell a spreadsheet runs: %q\n%s", cell, b.String())
			}
		}
	}
	last := rows[len(rows)-1]
	if last[0] != "zoe" || last[1] != Missing || last[len(last)-1] != "s-zoe" {
		t.Errorf("no row for zoe, who submitted nothing: %q", last)
	}
}
