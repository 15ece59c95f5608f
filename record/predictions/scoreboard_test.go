package predictions

import (
	"encoding/json"
	"fmt"
	"testing"

	"termlab/labs"
)

// testDay mirrors day 45's predictions without depending on that package.
var testDay = labs.Day{
	Number: 45,
	Predictions: []labs.Prediction{
		{ID: "P1", Question: "burst", Unit: "requests", Metric: "burst", Part: "1", Count: true},
		{ID: "P2", Question: "sustained", Unit: "/s", Metric: "rate", Part: "1"},
		{ID: "P3", Question: "fixed", Unit: "requests", Metric: "fixed", Part: "2", Count: true},
		{ID: "P4", Question: "sliding", Unit: "requests", Metric: "sliding", Part: "2", Count: true},
		{ID: "P5", Question: "leaky", Unit: "/s", Metric: "leaky", Part: "3"},
		{ID: "P6", Question: "peak", Unit: "requests", Metric: "peak", Part: "3", Count: true},
	},
}

func ptr(v float64) *float64 { return &v }

func TestScore(t *testing.T) {
	a := New(45)
	a.Set("P1", 20) // revealed as it stands: spot on
	a.Set("P2", 30) // off, then revised after the reveal to the right answer
	a.Skip("P3")    // skipped before the reveal, answered after
	// P4: never predicted.
	a.Set("P5", 10) // its part has not run
	a.Set("P6", 25) // not revealed yet, though the actual is there
	part12 := labs.Metrics{"burst": 20, "rate": 631.0 / 60, "fixed": 200, "sliding": 100, "peak": 20}
	for _, id := range []string{"P1", "P2", "P3", "P4"} {
		a.Reveal(id)
	}
	a.Set("P2", 10.5)
	a.Set("P3", 200)
	a.Reveal("P2") // a second reveal must not move the record

	rows := Score(testDay, a, part12)
	if len(rows) != 6 {
		t.Fatalf("got %d rows, want 6", len(rows))
	}
	for i, p := range testDay.Predictions {
		if rows[i].ID != p.ID || rows[i].Question != p.Question || rows[i].Unit != p.Unit {
			t.Errorf("row %d = %s %q %q, want %s in the day's order", i, rows[i].ID, rows[i].Question, rows[i].Unit, p.ID)
		}
	}
	type want struct {
		predicted, first, actual *float64
		revised, skipped         bool
		verdict                  Kind // "" for none
	}
	wants := map[string]want{
		"P1": {predicted: ptr(20), actual: ptr(20), verdict: Spot},
		"P2": {predicted: ptr(10.5), first: ptr(30), actual: ptr(631.0 / 60), revised: true, verdict: Off},
		"P3": {predicted: ptr(200), actual: ptr(200), revised: true},
		"P4": {actual: ptr(100)},
		"P5": {predicted: ptr(10)},
		"P6": {predicted: ptr(25), actual: ptr(20), verdict: Off},
	}
	for _, r := range rows {
		w := wants[r.ID]
		if !same(r.Predicted, w.predicted) || !same(r.First, w.first) || !same(r.Actual, w.actual) ||
			r.Revised != w.revised || r.Skipped != w.skipped {
			t.Errorf("%s: got predicted %v first %v actual %v revised %v skipped %v, want %v %v %v %v %v", r.ID,
				show(r.Predicted), show(r.First), show(r.Actual), r.Revised, r.Skipped,
				show(w.predicted), show(w.first), show(w.actual), w.revised, w.skipped)
		}
		switch {
		case w.verdict == "" && r.Verdict != nil:
			t.Errorf("%s: verdict %q, want none", r.ID, r.Verdict.Kind)
		case w.verdict != "" && (r.Verdict == nil || r.Verdict.Kind != w.verdict):
			t.Errorf("%s: verdict %v, want %q", r.ID, r.Verdict, w.verdict)
		}
	}
}

func TestScoreSkippedAndNothingRun(t *testing.T) {
	a := New(45)
	a.Skip("P1")
	a.Set("P2", 10)
	for _, m := range []labs.Metrics{nil, {}} {
		rows := Score(testDay, a, m)
		if !rows[0].Skipped || rows[0].Predicted != nil {
			t.Errorf("P1: skipped %v predicted %v, want skipped and no number", rows[0].Skipped, show(rows[0].Predicted))
		}
		for _, r := range rows {
			if r.Actual != nil || r.Verdict != nil {
				t.Errorf("%s: actual %v verdict %v before anything ran", r.ID, show(r.Actual), r.Verdict)
			}
		}
	}
	a.Reveal("P1")
	rows := Score(testDay, a, labs.Metrics{"burst": 20})
	if !rows[0].Skipped || rows[0].Verdict != nil || rows[0].Revised {
		t.Errorf("P1 skipped through the reveal: %+v", rows[0])
	}
}

// Actuals that are not numbers cannot be shown or encoded; the row treats
// them as not measured.
func TestScoreNonFiniteActual(t *testing.T) {
	a := New(45)
	a.Set("P1", 20)
	zero := 0.0
	rows := Score(testDay, a, labs.Metrics{"burst": zero / zero})
	if rows[0].Actual != nil || rows[0].Verdict != nil {
		t.Errorf("NaN actual: %+v", rows[0])
	}
}

// JSONRow is read by course tooling: field names, nulls and verdict words
// must not drift.
func TestJSONRowsContract(t *testing.T) {
	a := New(45)
	a.Set("P1", 20)
	a.Set("P2", 30)
	a.Reveal("P1")
	a.Reveal("P2")
	a.Set("P2", 10.5)
	a.Set("P3", 190)
	rows := Score(testDay, a, labs.Metrics{"burst": 20, "rate": 10.5, "fixed": 200})
	got, err := json.Marshal(JSONRows(rows))
	if err != nil {
		t.Fatal(err)
	}
	want := `[` +
		`{"id":"P1","predicted":20,"actual":20,"distance":"exact","verdict":"spot on","revised":false},` +
		`{"id":"P2","predicted":30,"actual":10.5,"distance":"186% over","verdict":"off","revised":true},` +
		`{"id":"P3","predicted":190,"actual":200,"distance":"5% under","verdict":"close enough","revised":false},` +
		`{"id":"P4","predicted":null,"actual":null,"distance":null,"verdict":null,"revised":false},` +
		`{"id":"P5","predicted":null,"actual":null,"distance":null,"verdict":null,"revised":false},` +
		`{"id":"P6","predicted":null,"actual":null,"distance":null,"verdict":null,"revised":false}]`
	if string(got) != want {
		t.Errorf("JSON rows:\n got %s\nwant %s", got, want)
	}
}

func same(a, b *float64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func show(p *float64) any {
	if p == nil {
		return "nil"
	}
	return *p
}

// A missing actual is blamed on the TODO that stopped its part, as the
// part's own header says; Needs only when the part names none.
func TestBlameNamesThePartsFault(t *testing.T) {
	pr := labs.Prediction{ID: "P5", Part: "3", Needs: []int{4}}
	grades := []labs.Grade{{TODO: 1, Status: labs.Unfinished}, {TODO: 4, Status: labs.Unfinished}}
	for _, tc := range []struct {
		name   string
		part   labs.PartResult
		grades []labs.Grade
		todo   int
		status labs.Status
	}{
		{"the part's fault, not the figure's Needs", labs.PartResult{Status: labs.Unfinished, TODO: 1}, grades, 1, labs.Unfinished},
		{"a crash keeps its status", labs.PartResult{Status: labs.Crash, TODO: 1}, grades, 1, labs.Crash},
		{"no TODO named: the first of Needs not passing", labs.PartResult{Status: labs.Timeout}, grades, 4, labs.Timeout},
		{"no TODO named, Needs all pass: the first of Needs", labs.PartResult{Status: labs.Crash}, []labs.Grade{{TODO: 4, Status: labs.Pass}}, 4, labs.Crash},
		{"the part ran", labs.PartResult{Status: labs.OK}, grades, 0, labs.OK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			todo, status := Blame(pr, tc.part, tc.grades)
			if todo != tc.todo || status != tc.status {
				t.Errorf("Blame = TODO %d (%s), want TODO %d (%s)", todo, status, tc.todo, tc.status)
			}
		})
	}
}

// TestScoreAgainstTheSystem: a guess is judged against the reference's
// figure, never against a bug in the learner's code, and the learner's
// figure is shown beside it with the TODO that moved it.
func TestScoreAgainstTheSystem(t *testing.T) {
	day := labs.Day{
		TODOs: []labs.TODO{{Number: 1}, {Number: 2}},
		Predictions: []labs.Prediction{
			{ID: "P1", Unit: "/s", Metric: "rate", Part: "1", Needs: []int{1}},
			{ID: "P2", Unit: "/s", Metric: "other", Part: "1", Needs: []int{2}},
		},
	}
	pass := []labs.Grade{{TODO: 1, Status: labs.Pass}, {TODO: 2, Status: labs.Pass}}
	bug1 := []labs.Grade{{TODO: 1, Status: labs.Fail}, {TODO: 2, Status: labs.Pass}}
	tests := []struct {
		name          string
		guess         float64
		shown, ref    labs.Metrics
		grades        []labs.Grade
		actual, yours *float64
		moved         []int
		awaiting      bool
		verdict       Kind // "" for none
	}{
		{"right guess, right code", 60, labs.Metrics{"rate": 60}, labs.Metrics{"rate": 60}, pass, ptr(60), nil, nil, false, Spot},
		{"right guess, broken TODO: still spot on", 60, labs.Metrics{"rate": 20}, labs.Metrics{"rate": 60}, bug1, ptr(60), ptr(20), []int{1}, false, Spot},
		{"wrong guess, lucky bug: still off", 20, labs.Metrics{"rate": 20}, labs.Metrics{"rate": 60}, bug1, ptr(60), ptr(20), []int{1}, false, Off},
		{"no reference yet, TODO passing: the learner's figure is the system's", 60, labs.Metrics{"rate": 60}, nil, pass, ptr(60), nil, nil, false, Spot},
		{"no reference yet, TODO failing: waits", 20, labs.Metrics{"rate": 20}, nil, bug1, nil, nil, nil, true, ""},
		{"no reference, grades unknown: waits", 20, labs.Metrics{"rate": 20}, nil, nil, nil, nil, nil, true, ""},
		{"not revealed: no actual even with the reference known", 60, nil, labs.Metrics{"rate": 60}, bug1, nil, nil, nil, false, ""},
		{"a figure off by rounding only is the same figure", 60, labs.Metrics{"rate": 60 + 1e-12}, labs.Metrics{"rate": 60}, pass, ptr(60), nil, nil, false, Spot},
	}
	for _, tt := range tests {
		a := New(1)
		a.Set("P1", tt.guess)
		r := ScoreAgainst(day, a, tt.shown, tt.ref, tt.grades)[0]
		eq := func(x, y *float64) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
		if !eq(r.Actual, tt.actual) || !eq(r.Yours, tt.yours) || r.Awaiting != tt.awaiting || fmt.Sprint(r.Moved) != fmt.Sprint(tt.moved) {
			t.Errorf("%s: actual %v yours %v moved %v awaiting %v; want %v %v %v %v", tt.name, pv(r.Actual), pv(r.Yours), r.Moved, r.Awaiting, pv(tt.actual), pv(tt.yours), tt.moved, tt.awaiting)
		}
		got := Kind("")
		if r.Verdict != nil {
			got = r.Verdict.Kind
		}
		if got != tt.verdict {
			t.Errorf("%s: verdict %q, want %q", tt.name, got, tt.verdict)
		}
	}
}

func pv(p *float64) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

func TestAskHowIsRecorded(t *testing.T) {
	a := New(45)
	a.AskHow("P1") // before any guess: it helped the guess
	a.Set("P2", 10)
	a.AskHow("P2") // after a guess
	a.AskHow("P1") // asking again changes nothing
	p1, p2 := a.Predictions["P1"], a.Predictions["P2"]
	if !p1.AskedHow || !p1.ThoughtFirst || p1.Value != nil || !p2.AskedHow || p2.ThoughtFirst || p2.Value == nil {
		t.Fatalf("P1 %+v, P2 %+v", p1, p2)
	}
	rows := JSONRows(Score(testDay, a, nil))
	if !rows[0].AskedHow || !rows[1].AskedHow || rows[2].AskedHow {
		t.Errorf("asked_how in the JSON rows: %v %v %v", rows[0].AskedHow, rows[1].AskedHow, rows[2].AskedHow)
	}
}
