package tools

import (
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/registry/full"
	"termlab/record/predictions"
	"termlab/record/session"
	"termlab/staff/autograde"
)

func TestBarCells(t *testing.T) {
	for _, c := range []struct {
		done, total int
		want        string
	}{{0, 4, "[░░░░░░░░]"}, {2, 4, "[████░░░░]"}, {4, 4, "[████████]"}, {1, 3, "[██░░░░░░]"}} {
		if got := barCells(c.done, c.total, 8); got != c.want || !strings.HasPrefix(got, "[") {
			t.Errorf("barCells(%d, %d) = %s, want %s", c.done, c.total, got, c.want)
		}
	}
}

// grade --format on the learner's folder keeps a counterexample's want
// back while the prediction whose question it is stays open, as grade
// does; once it is revealed the want is in the report.
func TestGradeAsKeepsAnOpenPredictionsWant(t *testing.T) {
	day, err := labs.Course(full.Days).Find(46)
	if err != nil {
		t.Fatal(err)
	}
	const want = "[60 10 10 10 10]"
	grades := []labs.Grade{{TODO: 1, Status: labs.Fail, Hint: "each gets its share of what is left", HintID: "h",
		Counterexample: &labs.Counterexample{Input: "FairShare(capacity=100, demands=[200 10 10 10 10])", Got: "[20 10 10 10 10]", Want: want, Answers: []string{"P4"}}}}
	root := t.TempDir()
	report := func() string {
		r := autograde.New(day, learnersView(root, day, grades), root, 0)
		data, err := autograde.Write(autograde.Gradescope, r)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if out := report(); strings.Contains(out, want) || strings.Contains(out, "its share of what is left") {
		t.Errorf("with P4 open the report states its answer:\n%s", out)
	}
	if _, err := session.Open(root, day).Update(func(a *predictions.Answers) error {
		a.Set("P4", 50)
		a.Reveal("P4")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if out := report(); !strings.Contains(out, want) {
		t.Errorf("with P4 revealed the report leaves the want out:\n%s", out)
	}
}
