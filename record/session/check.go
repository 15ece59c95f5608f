package session

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/record/report"
)

// The generic check that nothing leaves a session before its guess: the
// tests of the session and of each day's graders run learner-style
// programs through it at each stage of guessing.

// Outputs is everything a landed run lets out: the report and the grades
// as printed, the run's JSON, and every file of the learner's record.
func (s *Session) Outputs(l Landed) []predictions.Seen {
	js, _ := json.Marshal(l.Shown)
	out := []predictions.Seen{
		{In: "the report", Text: report.Text(s.Day, l.Shown, l.Rows)},
		{In: "the grades", Text: report.Grades(s.Day, l.Shown.Grades)},
		{In: "the JSON", Text: string(js)},
	}
	for _, p := range []string{s.ResultsPath(), filepath.Join(s.Dir(), "*")} {
		names, _ := filepath.Glob(p)
		for _, n := range names {
			if data, err := os.ReadFile(n); err == nil {
				out = append(out, predictions.Seen{In: filepath.Base(n), Text: string(data)})
			}
		}
	}
	return out
}

// Leaks is every way a prediction that was open before a landing (before:
// no guess, no skip, not revealed) left in out without being opened on
// purpose: its metric by name (a run's JSON, the answers' last run, the
// history's figures), an actual on its scoreboard row, a line of a part
// held back (o is the run as played), its reference figure (ref) in a
// grader's verdict, or its reveal on record with no guess (burned).
func Leaks(day labs.Day, before predictions.Answers, o labs.Outcome, ref labs.Metrics, l Landed, out []predictions.Seen) []string {
	var found []string
	open := day
	open.Predictions = slices.DeleteFunc(slices.Clone(day.Predictions), func(p labs.Prediction) bool { return In(before, p.ID) })
	for _, pr := range open.Predictions {
		if l.Answers.Predictions[pr.ID].Revealed {
			found = append(found, pr.ID+" was revealed with no guess")
		}
	}
	for _, pr := range open.Predictions {
		for _, o := range out {
			if strings.Contains(o.Text, `"`+pr.Metric+`"`) {
				found = append(found, pr.ID+"'s metric "+pr.Metric+" is in "+o.In)
			}
		}
		for _, r := range l.Rows {
			if r.ID == pr.ID && r.Actual != nil {
				found = append(found, pr.ID+"'s scoreboard row has its actual")
			}
		}
	}
	for _, h := range l.Held {
		for _, part := range o.Parts {
			if part.ID != h.Part {
				continue
			}
			for _, line := range part.Lines {
				for _, o := range out {
					if strings.Contains(o.Text, line) {
						found = append(found, "held Part "+h.Part+"'s line is in "+o.In+": "+line)
					}
				}
			}
		}
	}
	// A grader's case that is an open prediction's question (tagged) shows
	// neither its want nor its hint.
	for i, g := range l.Shown.Grades {
		ce := g.Counterexample
		if ce == nil || i >= len(o.Grades) || o.Grades[i].Counterexample == nil {
			continue
		}
		for _, id := range ce.Answers {
			if slices.ContainsFunc(open.Predictions, func(p labs.Prediction) bool { return p.ID == id }) &&
				(ce.Want == o.Grades[i].Counterexample.Want || g.Hint != "" && g.Hint == o.Grades[i].Hint) {
				found = append(found, fmt.Sprintf("TODO %d's counterexample is %s's question and shows its want or hint", g.TODO, id))
			}
		}
	}
	if ref != nil {
		// What a verdict states (its want, detail and hint: the input is
		// the grader's setting, the got the learner's own figure) may not
		// hold an open prediction's answer with the answer's unit. A bare
		// figure in a verdict ("[20 40 0 70]", "1000 times") is too often
		// a coincidence to call; the tag above is what holds a question's
		// answer back.
		var said []labs.Grade
		for _, g := range l.Shown.Grades {
			if ce := g.Counterexample; ce != nil {
				g.Counterexample = &labs.Counterexample{Want: ce.Want}
			}
			said = append(said, g)
		}
		for _, leak := range predictions.InGrades(open, ref, said...) {
			p, _ := day.Prediction(leak.Prediction)
			if p.Unit != "" && (strings.Contains(leak.Excerpt, leak.Figure+" "+p.Unit) || strings.Contains(leak.Excerpt, leak.Figure+p.Unit)) {
				found = append(found, leak.String())
			}
		}
	}
	return found
}
