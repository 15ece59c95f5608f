// Package leakcheck runs a played run of a day through the learner's
// session at each stage of guessing (none, the first stage's, all) as
// `grade` and `run` land it, and fails a test on anything it lets out that
// answers a prediction still open (session.Leaks). Each day's grader tests
// feed it their learner-style variants.
package leakcheck

import (
	"os"
	"path/filepath"
	"testing"

	"termlab/labs"
	"termlab/record/history"
	"termlab/record/predictions"
	"termlab/record/session"
)

// Stages lands o (the learner's run, parts and grades) in a fresh lab per
// stage and reports every leak against ref (the reference's metrics).
func Stages(t testing.TB, day labs.Day, name string, o labs.Outcome, ref labs.Metrics) {
	t.Helper()
	stages := session.Stages(day)
	for _, upTo := range []int{0, 1, len(stages)} {
		s := session.Open(t.TempDir(), day)
		if err := os.MkdirAll(filepath.Join(s.Root, "predictions"), 0o755); err != nil {
			t.Fatal(err)
		}
		before, err := s.Update(func(a *predictions.Answers) error {
			for _, st := range stages[:upTo] {
				for _, pr := range st.Preds {
					a.Set(pr.ID, 7777) // no day's answer
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		graded, err := s.Graded(o)
		if err != nil {
			t.Fatal(err)
		}
		for _, leak := range session.Leaks(day, before, o, ref, graded, s.Outputs(graded)) {
			t.Errorf("%s, %d of %d stages guessed, grade: %s", name, upTo, len(stages), leak)
		}
		landed, err := s.Land(session.Run{Outcome: o, From: history.FromRun, Ref: ref, Results: session.ResultsAlways})
		if err != nil {
			t.Fatal(err)
		}
		for _, leak := range session.Leaks(day, before, o, ref, landed, s.Outputs(landed)) {
			t.Errorf("%s, %d of %d stages guessed, run: %s", name, upTo, len(stages), leak)
		}
		if len(landed.Burned) > 0 {
			t.Errorf("%s, %d of %d stages guessed: a plain run burned %v", name, upTo, len(stages), landed.Burned)
		}
	}
}
