package results

import (
	"strings"
	"testing"

	"termlab/labs"
	"termlab/record/predictions"
)

var recordDay = labs.Day{Number: 45, Title: "Rate limiting", Deliverable: "How many got through, and why?",
	Drills: []labs.Drill{
		{ID: "D1", Kind: labs.DrillNumbers, Fields: []labs.DrillField{{Label: "a", Want: 20}}, Model: "twenty, because"},
		{ID: "D2", Kind: labs.DrillChoice, Choices: []string{"x", "y"}, Correct: 1},
		{ID: "D3", Kind: labs.DrillSelf, Model: "the model answer"},
		{ID: "D4", Kind: labs.DrillSelf},
	}}

func TestAnswered(t *testing.T) {
	skeleton := Skeleton(recordDay)
	tests := []struct {
		name, text string
		want       bool
	}{
		{"the skeleton", skeleton, false},
		{"answered", strings.Replace(skeleton, "> (your answer here)", "> 200 against 100.", 1), true},
		{"answered without the quote", strings.Replace(skeleton, "> (your answer here)", "200 against 100.", 1), true},
		{"CRLF skeleton", strings.ReplaceAll(skeleton, "\n", "\r\n"), false},
		{"another day's answer", strings.Replace(strings.Replace(skeleton, "Day 45", "Day 46", 1), "> (your answer here)", "> yes", 1), false},
		{"only in the log", strings.Replace(skeleton, "- What I completed:", "- What I completed: all of it", 1), false},
		{"empty", "", false},
		{"day 450 is not day 45", "# Day 450 — x\n\n## The one-line answer\n\nyes\n", false},
	}
	for _, tc := range tests {
		if got := Answered(tc.text, recordDay); got != tc.want {
			t.Errorf("%s: Answered = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestDrillsCarryTheAnswersAndVerdictsButNoModel(t *testing.T) {
	yes, no := true, false
	a := predictions.New(45)
	a.SetDrill("D1", predictions.DrillAnswer{Answers: []string{"20"}, Attempted: true, Correct: &yes})
	a.SetDrill("D2", predictions.DrillAnswer{Answers: []string{"x"}, Attempted: true, Correct: &no})
	a.SetDrill("D3", predictions.DrillAnswer{Answers: []string{"because the window\nresets"}, Attempted: true, Correct: &yes, Mark: predictions.MarkGot})
	got := Drills(recordDay, a)
	for _, want := range []string{"D1   answered · right\n       20\n", "D2   answered · not right yet\n       x\n",
		"D3   answered · your mark: got it\n       because the window\n       resets\n", "D4   not tried yet"} {
		if !strings.Contains(got, want) {
			t.Errorf("Drills lacks %q:\n%s", want, got)
		}
	}
	for _, model := range []string{"twenty, because", "the model answer", "y\n"} {
		if strings.Contains(got, model) {
			t.Errorf("Drills shows the model answer %q:\n%s", model, got)
		}
	}
}
