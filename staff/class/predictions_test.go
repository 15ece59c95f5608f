package class

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/record/predictions"
)

func classDay() labs.Day {
	return labs.Day{Number: 45, Title: "Rate limits", Predictions: []labs.Prediction{
		{ID: "P1", Question: "How many get in?", Unit: "requests", Metric: "m1"},
		{ID: "P2", Question: "What rate?", Unit: "/s", Metric: "m2"},
	}}
}

// guessed is answers with P1 guessed v at confidence c, revealed, and an
// explanation when given.
func guessed(v float64, c predictions.Confidence, why string) predictions.Answers {
	a := predictions.New(45)
	a.Set("P1", v)
	if c != "" {
		a.SetConfidence("P1", c)
	}
	a.Reveal("P1")
	if why != "" {
		a.Explain("P1", why)
	}
	return a
}

func TestClassPredictions(t *testing.T) {
	skipped := predictions.New(45)
	skipped.Skip("P1")
	answers := map[string]predictions.Answers{
		"ann": guessed(20, predictions.Sure, ""),                         // right
		"bob": guessed(100, predictions.Sure, "I thought it refills"),    // over
		"cat": guessed(100, predictions.Likely, "i thought it refills."), // over, the same line
		"dan": guessed(5, predictions.Hunch, "it refills slowly"),        // under
		"eve": guessed(21, "", ""),                                       // close enough, no level
		"fay": skipped,
		"gus": predictions.New(45), // nothing made
	}
	c := Predictions(classDay(), answers, labs.Metrics{"m1": 20, "m2": 10})
	if c.WithAnswers != 7 || len(c.Questions) != 2 {
		t.Fatalf("%+v", c)
	}
	q := c.Questions[0]
	for _, tt := range []struct {
		name      string
		got, want int
	}{
		{"made", q.Made, 5}, {"skipped", q.Skipped, 1}, {"not made", q.NotMade, 1},
		{"right", q.Right, 2}, {"over", q.Over, 2}, {"under", q.Under, 1},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, tt.got, tt.want)
		}
	}
	if len(q.CommonWrong) != 1 || q.CommonWrong[0] != (ValueCount{100, 2}) {
		t.Errorf("common wrong %v, want 100 twice", q.CommonWrong)
	}
	if got := q.Calibration.Line(); got != "sure 1 of 2 right · likely 0 of 1 right · guess 0 of 1 right" {
		t.Errorf("calibration %q", got)
	}
	if len(q.Explanations) != 2 || len(q.Explanations[0].Who) != 2 || q.Explanations[0].Way != "over" {
		t.Errorf("explanations not grouped: %+v", q.Explanations)
	}
	total, actual := 0, 0
	for _, b := range q.Histogram {
		total += b.Count
		if b.Actual {
			actual++
			if 20 < b.From || 20 > b.To {
				t.Errorf("the actual is marked in %+v", b)
			}
		}
	}
	if total != q.Made || actual != 1 || len(q.Histogram) != histogramBins {
		t.Errorf("histogram %+v", q.Histogram)
	}
	if !strings.Contains(q.Summary(), "the most common wrong values: 100 (2)") {
		t.Errorf("summary %q", q.Summary())
	}
	// Without the reference: spreads only, nothing judged.
	c = Predictions(classDay(), answers, nil)
	if q := c.Questions[0]; q.Right+q.Over+q.Under != 0 || q.Actual != nil || !strings.Contains(q.Summary(), "none is judged") {
		t.Errorf("judged without a reference: %+v", q)
	}
}

// An answers file is read from a clone of the lab or beside todo.go; a
// link, another day's file, junk or a file too big is passed over, and
// nothing of the submission is changed.
func TestSubmittedAnswers(t *testing.T) {
	day := classDay()
	good, _ := json.Marshal(guessed(20, predictions.Sure, ""))
	other := predictions.New(46)
	wrongDay, _ := json.Marshal(other)
	tests := []struct {
		name  string
		setup func(dir string)
		ok    bool
	}{
		{"a clone", func(d string) { writeBytes(t, d, "predictions/day45.json", good) }, true},
		{"beside todo.go", func(d string) { writeBytes(t, d, "day45.json", good) }, true},
		{"another day's", func(d string) { writeBytes(t, d, "predictions/day45.json", wrongDay) }, false},
		{"junk", func(d string) { writeBytes(t, d, "predictions/day45.json", []byte("{nope")) }, false},
		{"too big", func(d string) { writeBytes(t, d, "day45.json", bytes.Repeat([]byte(" "), maxAnswersFile+1)) }, false},
		{"a link", func(d string) {
			outside := filepath.Join(t.TempDir(), "day45.json")
			os.WriteFile(outside, good, 0o644)
			os.Symlink(outside, filepath.Join(d, "day45.json"))
		}, false},
		{"a linked folder", func(d string) {
			outside := t.TempDir()
			writeBytes(t, outside, "day45.json", good)
			os.Symlink(outside, filepath.Join(d, "predictions"))
		}, false},
		{"none", func(string) {}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			tt.setup(dir)
			a, ok := SubmittedAnswers(Submission{Who: "x", Path: dir}, day)
			if ok != tt.ok || ok && a.Predictions["P1"].Confidence != predictions.Sure {
				t.Errorf("read %v, %+v; want %v", ok, a, tt.ok)
			}
		})
	}
}

func writeBytes(t *testing.T, dir, rel string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// The report shows the section, histogram and all, with every learner's
// words escaped; without answers files it has no section; the JSON
// carries it as "predictions".
func TestReportPredictionsSection(t *testing.T) {
	day, results := summaryClass()
	day.Predictions = classDay().Predictions
	answers := map[string]predictions.Answers{
		"ann": guessed(100, predictions.Sure, "<script>alert(1)</script> *it refills*"),
		"bob": guessed(20, predictions.Likely, ""),
	}
	preds := Predictions(day, answers, labs.Metrics{"m1": 20})
	r := NewReport(day, results, Roster{})
	var plain bytes.Buffer
	r.WriteHTML(&plain)
	if strings.Contains(plain.String(), "class's predictions") {
		t.Error("a class with no answers files shows a predictions section")
	}
	r.Predictions = &preds
	var mdOut, htmlOut, jsOut bytes.Buffer
	if err := r.WriteMarkdown(&mdOut); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteHTML(&htmlOut); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"markdown": mdOut.String(), "html": htmlOut.String()} {
		for _, want := range []string{"The class's predictions (2 answers files; not graded)", "P1", "1 right, 1 off (1 over, 0 under)", "sure 0 of 1 right"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
		if strings.Contains(text, "<script>alert") {
			t.Errorf("%s holds a learner's markup unescaped", name)
		}
	}
	if !strings.Contains(htmlOut.String(), `class="bar" style="width: 100%"`) || !strings.Contains(htmlOut.String(), "(the actual)") {
		t.Error("the HTML draws no histogram with the actual marked")
	}
	if err := WriteJSONWith(&jsOut, day, results, Roster{}, &preds); err != nil {
		t.Fatal(err)
	}
	var js struct {
		Predictions *ClassPredictions `json:"predictions"`
	}
	if err := json.Unmarshal(jsOut.Bytes(), &js); err != nil || js.Predictions == nil || js.Predictions.Questions[0].Over != 1 {
		t.Errorf("JSON predictions: %v %+v", err, js.Predictions)
	}
}
