package class

import (
	"bytes"
	"strings"
	"testing"

	"termlab/labs"
)

// Issue 43, finding 8: a teaching assistant's pass over the report. Each
// want below was missing from the report before.
func TestReportSaysWhoNeedsHelp(t *testing.T) {
	day := day45(t)
	long := "the refill is counted in whole seconds only, so a wait of a fraction of a second adds nothing at all to the bucket"
	all := func(s labs.Status) []labs.Grade {
		var gs []labs.Grade
		for _, td := range day.TODOs {
			gs = append(gs, labs.Grade{TODO: td.Number, Func: td.Func, Status: s, Detail: "detail"})
		}
		return gs
	}
	wrong := func(input, got string) []labs.Grade {
		gs := all(labs.Pass)
		gs[0] = labs.Grade{TODO: 1, Func: "TakeToken", Status: labs.Fail, Detail: "wrong", Hint: long,
			Counterexample: &labs.Counterexample{Input: input, Got: got, Want: "9"}}
		return gs
	}
	stubs := all(labs.Unfinished)
	partly := all(labs.Pass)
	partly[1] = labs.Grade{TODO: 2, Func: "WindowID", Status: labs.Unfinished, Detail: partlyDone + " of WindowID"}
	results := []Result{
		{Who: "amy", Digest: "aaaaaaaaaaaaaaaa", Status: Graded, Grades: wrong("TakeToken(tokens=1)", "1"), Points: 3, Max: 4},
		{Who: "ben", Digest: "bbbbbbbbbbbbbbbb", Status: Graded, Grades: wrong("TakeToken(tokens=7)", "7"), Points: 3, Max: 4},
		{Who: "cat", Digest: "aaaaaaaaaaaaaaaa", Status: Graded, Grades: wrong("TakeToken(tokens=1)", "1"), Points: 3, Max: 4, Cached: true},
		{Who: "dan", Digest: "dddddddddddddddd", Status: NoCompile, Error: "your code does not compile:\n  labs/day45/todo.go:3:1: x", Grades: []labs.Grade{}, Max: 4},
		{Who: "eve", Digest: "eeeeeeeeeeeeeeee", Status: Refused, Error: `labs/day45/todo.go:3 imports "os": not on Day 45's allow-list`, Grades: []labs.Grade{}, Max: 4},
		{Who: "fay", Digest: "ffffffffffffffff", Status: Graded, Grades: all(labs.Pass), Points: 4, Max: 4},
		{Who: "gus", Digest: "gggggggggggggggg", Status: Graded, Grades: stubs, Max: 4},
		{Who: "hal", Digest: "hhhhhhhhhhhhhhhh", Status: Graded, Grades: partly, Points: 3, Max: 4},
	}
	roster := Roster{IDs: map[string]string{"amy": "s-1", "zoe": "s-26"}, Users: []string{"amy", "zoe"}}
	r := NewReport(day, results, roster)
	var m, h bytes.Buffer
	r.WriteMarkdown(&m)
	r.WriteHTML(&h)
	for _, doc := range []struct{ name, text string }{{"markdown", m.String()}, {"html", h.String()}} {
		for _, want := range []string{
			"No submission (1)", "zoe [s-26]", // who did not submit
			"Pass rate per TODO", "TODO 1 TakeToken", // per-TODO pass rates
			"lowest score first",
			"does not compile: labs/day45/todo.go:3:1: x", `refused: labs/day45/todo.go:3 imports`, // not graded, with why
			long,                                                                       // the whole hint, not cut
			"TakeToken(tokens=1) gave 1, want 9", "TakeToken(tokens=7) gave 7, want 9", // each one's own
			"identical", "amy [s-1], cat", // by digest
			"same behaviour", // different files, same diagnoses
			"partly done",
		} {
			if doc.name == "markdown" {
				want = strings.NewReplacer("[", `\[`, "]", `\]`).Replace(want)
			}
			if !strings.Contains(doc.text, want) {
				t.Errorf("the %s report lacks %q", doc.name, want)
			}
		}
		if strings.Contains(doc.text, "…") {
			t.Errorf("the %s report cuts a label with …", doc.name)
		}
	}
	// The gradebook, lowest score first: gus (0, graded) before fay (4).
	if i, j := strings.Index(m.String(), "| gus |"), strings.Index(m.String(), "| fay |"); i < 0 || j < 0 || i > j {
		t.Errorf("not sorted by score: gus at %d, fay at %d", i, j)
	}
	// A colour for every verdict, and print styles.
	for _, want := range []string{".build {", ".refused {", ".part {", ".stub {", "@media print", `<td class="build">build</td>`, `<td class="refused">refused</td>`, `<td class="part">part</td>`} {
		if !strings.Contains(h.String(), want) {
			t.Errorf("the html report lacks %q", want)
		}
	}
	// partly done is wrong, not "not started".
	for _, u := range r.Unstart {
		if strings.Contains(u.Students, "hal") {
			t.Errorf("hal, who left panic(notDone) on some inputs, reads as not started: %+v", u)
		}
	}
	// The table says identical files as such, not another's "(cached)".
	var tb strings.Builder
	WriteTable(&tb, day, results)
	if !strings.Contains(tb.String(), "(the same files as amy)") || strings.Contains(tb.String(), "(cached)") {
		t.Errorf("the table:\n%s", tb.String())
	}
}

// A TODO with code of the student's that still reaches panic(notDone) is
// partly done; the stub alone is not started.
func TestMarkPartlyDone(t *testing.T) {
	src := "//go:build termlab\n\npackage day45\n\nimport \"time\"\n\nfunc TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (float64, bool) {\n\tif tokens >= 1 {\n\t\treturn tokens - 1, true\n\t}\n\tpanic(notDone)\n}\n\nfunc WindowID(now, window time.Duration) int64 {\n\tpanic(notDone) // TODO 2\n}\n"
	r := Result{Status: Graded, Grades: []labs.Grade{
		{TODO: 1, Func: "TakeToken", Status: labs.Unfinished}, {TODO: 2, Func: "WindowID", Status: labs.Unfinished}}}
	markPartlyDone(&r, map[string][]byte{"todo.go": []byte(src)})
	if !isPartlyDone(r.Grades[0]) || isPartlyDone(r.Grades[1]) {
		t.Errorf("TakeToken partly done %v (want true), WindowID %v (want false)", isPartlyDone(r.Grades[0]), isPartlyDone(r.Grades[1]))
	}
}

// Issue 43, finding 5: a file whose init never returns timed out on
// every TODO, and was counted as four "misconceptions", one merged with
// another student's real endless loop. It is one finding now, for the
// submission, and the loop stays its own student's.
func TestInitHangIsOneFinding(t *testing.T) {
	day := day45(t)
	var hang, loop []labs.Grade
	for _, td := range day.TODOs {
		hang = append(hang, labs.Grade{TODO: td.Number, Func: td.Func, Status: labs.Timeout, Detail: "did not return"})
		g := labs.Grade{TODO: td.Number, Func: td.Func, Status: labs.Pass}
		if td.Number == 2 {
			g = labs.Grade{TODO: 2, Func: td.Func, Status: labs.Timeout, Detail: "did not return",
				Counterexample: labs.Fault{Status: labs.Timeout, Input: "WindowID(now=0s, window=1m0s)"}.Stopped()}
		}
		loop = append(loop, g)
	}
	h := Result{Who: "ivy", Status: Graded, Grades: hang}
	if !initHang(h) || initHang(Result{Who: "jon", Status: Graded, Grades: loop}) {
		t.Fatalf("initHang: ivy %v (want true), jon (want false)", initHang(h))
	}
	h.Error = neverLoaded
	s := Summarize(day, []Result{h, {Who: "jon", Status: Graded, Grades: loop}}, Roster{})
	for _, ts := range s.TODOs {
		for _, m := range ts.Mistakes {
			for _, st := range m.Students {
				if st.Who == "ivy" {
					t.Errorf("TODO %d: ivy's file that never loaded is a mistake %q", ts.TODO, m.Label)
				}
			}
		}
		if len(ts.NotGraded) != 1 || ts.NotGraded[0].Who != "ivy" || ts.NotGraded[0].Why != "never loaded" {
			t.Errorf("TODO %d: not graded %+v, want ivy (never loaded)", ts.TODO, ts.NotGraded)
		}
	}
	var b strings.Builder
	WriteMistakes(&b, day, s)
	WriteTable(&b, day, []Result{h})
	if strings.Count(b.String(), "ivy") != 2 || !strings.Contains(b.String(), "never finished loading") {
		t.Errorf("ivy should be said once in the summary and once in the table:\n%s", b.String())
	}
}
