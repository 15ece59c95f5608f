package main

import (
	"strconv"
	"strings"
	"testing"

	"termlab/runner/testrun"
)

// TestPredictObserveExplainFromTheShell: the whole cycle as a learner
// types it. A guess said "sure" is judged off and its confidence is on the
// scoreboard, with the day's calibration line; the run asks for a line of
// the learner's own (off a terminal, how to give one); explain keeps it
// and shows the lab's why after; practice deals a variant of the revealed
// question and judges a guess worked out by hand (the first burst of a
// full bucket gets min(capacity, burst) in) as spot on, on the reference.
func TestPredictObserveExplainFromTheShell(t *testing.T) {
	testrun.Slow(t, "builds the reference's workers")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "")
	l.want(l.run("predict", "45", "P1=30", "--confidence", "sure"), exitOK)
	r := l.run("run", "45", "--solutions", "--reveal")
	for _, want := range []string{"off (50% over) · you said sure", "How sure you were, and how often right: sure 0 of 1 right", "go run . explain 45 P1"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("run does not say %q\n%s", want, r)
		}
	}
	r = l.run("explain", "45", "P1", "I thought the bucket refills during the burst")
	l.want(r, exitOK)
	if !strings.Contains(r.stdout, "The lab's why") {
		t.Errorf("explain does not show the lab's why after\n%s", r)
	}
	var js struct {
		Scoreboard []struct {
			ID, Confidence, Explanation string
		} `json:"scoreboard"`
	}
	l.decode(l.run("run", "45", "--solutions", "--json"), &js)
	if len(js.Scoreboard) == 0 || js.Scoreboard[0].ID != "P1" || js.Scoreboard[0].Confidence != "sure" ||
		js.Scoreboard[0].Explanation != "I thought the bucket refills during the burst" {
		t.Errorf("run --json explanation: %+v", js.Scoreboard[0])
	}
	var deal struct {
		Question string
		Values   map[string]float64
		Actual   *float64
	}
	l.decode(l.run("practice", "45", "P1", "--json"), &deal)
	if deal.Actual != nil || deal.Values["b"] == 0 {
		t.Fatalf("deal: %+v", deal)
	}
	want := min(deal.Values["b"], deal.Values["size"])
	var judged struct {
		Actual  *float64
		Verdict string
		Streak  int
	}
	l.decode(l.run("practice", "45", "P1", strconv.FormatFloat(want, 'f', -1, 64), "--json"), &judged)
	if judged.Actual == nil || *judged.Actual != want || judged.Verdict != "spot on" || judged.Streak != 1 {
		t.Errorf("practice answered %v for %q: %+v", want, deal.Question, judged)
	}
}
