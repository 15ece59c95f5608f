package session_test

import (
	"fmt"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/record/history"
	"termlab/record/predictions"
	"termlab/record/session"
)

// TestConfidenceAndExplanationsLeakNothing: every day's run lands with
// the first stage guessed (each guess said "sure") and the rest open. The
// session's leak check finds nothing; the calibration line counts exactly
// the guesses revealed; an open prediction can be neither explained nor
// practised, and its lab's why appears nowhere. Then an explanation of a
// revealed miss lands in RESULTS.md beside the lab's why.
func TestConfidenceAndExplanationsLeakNothing(t *testing.T) {
	for _, p := range days() {
		ref := p.o.Metrics()
		stages := session.Stages(p.day)
		s := lab(t, p.day)
		before, err := s.Update(func(a *predictions.Answers) error {
			for _, pr := range stages[0].Preds {
				a.Set(pr.ID, 7777) // no day's answer: judged off
				if err := a.SetConfidence(pr.ID, predictions.Sure); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		l, err := s.Land(session.Run{Outcome: p.o, From: history.FromRun, Ref: ref, Results: session.ResultsAlways})
		if err != nil {
			t.Fatal(err)
		}
		out := s.Outputs(l)
		for _, leak := range session.Leaks(p.day, before, p.o, ref, l, out) {
			t.Errorf("day %d: %s", p.day.Number, leak)
		}
		revealed := 0
		for _, r := range l.Rows {
			if r.Revealed && r.Verdict != nil {
				revealed++
			}
		}
		want := fmt.Sprintf("sure 0 of %d right", revealed)
		if got := predictions.Calibrate(l.Rows).Line(); got != want || revealed != len(stages[0].Preds) {
			t.Errorf("day %d: calibration %q, want %q over the %d guessed", p.day.Number, got, want, len(stages[0].Preds))
		}
		var missed string
		_, err = s.Update(func(a *predictions.Answers) error {
			for _, pr := range p.day.Predictions {
				if !session.In(before, pr.ID) {
					if a.Explain(pr.ID, "a hunch") == nil {
						t.Errorf("day %d: %s, still open, took an explanation", p.day.Number, pr.ID)
					}
					if _, err := a.Deal(pr.ID, labs.Values{}); err == nil {
						t.Errorf("day %d: %s, still open, dealt a variant", p.day.Number, pr.ID)
					}
					for _, o := range out {
						if pr.Why != "" && strings.Contains(o.Text, pr.Why) {
							t.Errorf("day %d: %s's why is in %s before its guess", p.day.Number, pr.ID, o.In)
						}
					}
				} else if missed == "" {
					missed = pr.ID
				}
			}
			return a.Explain(missed, "I forgot the bucket starts full")
		})
		if err != nil {
			t.Fatal(err)
		}
		l, err = s.Land(session.Run{Outcome: p.o, From: history.FromRun, Ref: ref, Results: session.ResultsAlways})
		if err != nil {
			t.Fatal(err)
		}
		pr, _ := p.day.Prediction(missed)
		var block string
		for _, o := range s.Outputs(l) {
			if o.In == "RESULTS.md" {
				block = o.Text
			}
		}
		if !strings.Contains(block, "you said: I forgot the bucket starts full") || !strings.Contains(block, pr.Why[:40]) {
			t.Errorf("day %d: RESULTS.md does not keep %s's explanation beside the lab's why:\n%s", p.day.Number, missed, block)
		}
	}
}
