package session_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"termlab/labs"
	day45 "termlab/labs/day45/course"
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	"termlab/labs/day45/course/parts"
	"termlab/labs/registry/full"
	"termlab/record/history"
	"termlab/record/predictions"
	"termlab/record/session"
	solutions45 "termlab/solutions/day45"
)

func TestStopwatchIsTheDays(t *testing.T) {
	if session.Stopwatch != parts.Stopwatch {
		t.Fatalf("session.Stopwatch %q is not Day 45's %q", session.Stopwatch, parts.Stopwatch)
	}
}

// days is every day with its heavy parts linked (as the full worker links
// them) and its reference run, played once.
var days = sync.OnceValue(func() []played {
	var out []played
	for _, d := range full.Days {
		if d.Number == 45 {
			d = day45.New(solutions45.Funcs, fleet.Pieces, door.Pieces)
		}
		out = append(out, played{d, labs.Outcome{Day: d.Number, Impl: labs.Learner, Parts: d.Run(labs.Reference)}})
	}
	return out
})

type played struct {
	day labs.Day
	o   labs.Outcome
}

// lab is a repository of its own for one test: predictions/ and no
// RESULTS.md yet.
func lab(t *testing.T, day labs.Day) *session.Session {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "predictions"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := session.Open(root, day)
	s.Now = func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }
	return s
}

// written is every file of the learner's record, by name.
func written(t *testing.T, s *session.Session) []predictions.Seen {
	var out []predictions.Seen
	for _, p := range []string{s.ResultsPath(), filepath.Join(s.Dir(), "*")} {
		names, _ := filepath.Glob(p)
		for _, n := range names {
			data, err := os.ReadFile(n)
			if err == nil {
				out = append(out, predictions.Seen{In: filepath.Base(n), Text: string(data)})
			}
		}
	}
	return out
}

// TestNothingLeavesBeforeItsGuess lands every day's reference run (a
// correct learner) at each stage of guessing (none, the first stage's,
// all) and finds no open prediction's answer in what the session lets out
// (the report printed, its JSON, every file written). A run lands the way
// `run` and the screens land it, so this is the gate for both.
func TestNothingLeavesBeforeItsGuess(t *testing.T) {
	for _, p := range days() {
		ref := p.o.Metrics()
		stages := session.Stages(p.day)
		for _, upTo := range []int{0, 1, len(stages)} {
			s := lab(t, p.day)
			before, err := s.Update(func(a *predictions.Answers) error {
				for _, st := range stages[:upTo] {
					for _, pr := range st.Preds {
						a.Skip(pr.ID)
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
			for _, leak := range session.Leaks(p.day, before, p.o, ref, l, s.Outputs(l)) {
				t.Errorf("day %d, %d stages guessed: %s", p.day.Number, upTo, leak)
			}
			if len(l.Burned) > 0 {
				t.Errorf("day %d, %d stages guessed: a plain run burned %v", p.day.Number, upTo, l.Burned)
			}
			wantHeld := upTo < len(stages)
			if (len(l.Held) > 0) != wantHeld {
				t.Errorf("day %d, %d of %d stages guessed: held %v", p.day.Number, upTo, len(stages), l.Held)
			}
		}
	}
}

// TestRevealBurnsAndSaysSo: --reveal opens every part and names what it
// burned; the burned predictions stay revealed, and the next plain run
// holds nothing back.
func TestRevealBurnsAndSaysSo(t *testing.T) {
	p := days()[0]
	s := lab(t, p.day)
	l, err := s.Land(session.Run{Outcome: p.o, Reveal: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Held) != 0 || len(l.Burned) == 0 {
		t.Fatalf("--reveal: held %v, burned %v", l.Held, l.Burned)
	}
	for _, id := range l.Burned {
		if !l.Answers.Predictions[id].Revealed {
			t.Errorf("%s burned but not on record", id)
		}
	}
	if l, _ = s.Land(session.Run{Outcome: p.o}); len(l.Held) != 0 {
		t.Errorf("after --reveal a plain run still holds %v", l.Held)
	}
}

// TestSolutionsBurnNothing: the reference run (--solutions) passes the
// same gate as the learner's.
func TestSolutionsBurnNothing(t *testing.T) {
	for _, p := range days() {
		s := lab(t, p.day)
		o := p.o
		o.Impl = labs.Reference
		l, err := s.Land(session.Run{Outcome: o})
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Burned) > 0 || len(l.Held) == 0 {
			t.Errorf("day %d --solutions with no guesses: burned %v, held %v", p.day.Number, l.Burned, l.Held)
		}
	}
}

// TestAnUnchangedRunChangesNoFile: landing the same run twice, and
// grading, leaves every file byte for byte as it was (no wall-clock
// figure, no repeated history line), and a run with nothing to record
// creates no file at all.
func TestAnUnchangedRunChangesNoFile(t *testing.T) {
	for _, p := range days() {
		s := lab(t, p.day)
		if _, err := s.Graded(labs.Outcome{Day: p.day.Number, Impl: labs.Reference, Grades: p.o.Grades}); err != nil {
			t.Fatal(err)
		}
		if files := written(t, s); len(files) != 0 {
			t.Errorf("day %d: grading the reference wrote %v", p.day.Number, files)
		}
		if _, err := s.Update(func(a *predictions.Answers) error {
			for _, pr := range p.day.Predictions {
				a.Skip(pr.ID)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		land := func() {
			if _, err := s.Land(session.Run{Outcome: p.o, From: history.FromRun, Ref: p.o.Metrics(), Results: session.ResultsIfShown}); err != nil {
				t.Fatal(err)
			}
		}
		land()
		before := written(t, s)
		// The same run again, with its wall-clock figures moved.
		o := p.o
		o.Parts = slices.Clone(o.Parts)
		for i, pr := range o.Parts {
			pr.Lines = append(slices.Clone(pr.Lines), session.Stopwatch+" measured here: 12345 ns")
			pr.Metrics = append(slices.Clone(pr.Metrics), labs.Metric{Name: "x_check_ns", Value: float64(i + 99)})
			o.Parts[i] = pr
		}
		s.Now = func() time.Time { return time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC) }
		if _, err := s.Land(session.Run{Outcome: o, From: history.FromScreens, Ref: p.o.Metrics(), Results: session.ResultsIfShown}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Graded(labs.Outcome{Day: p.day.Number, Impl: labs.Learner, Grades: p.o.Grades}); err != nil {
			t.Fatal(err)
		}
		after := written(t, s)
		if !slices.Equal(before, after) {
			for i := range after {
				if i >= len(before) || before[i] != after[i] {
					t.Errorf("day %d: %s changed on a repeated run:\n%s", p.day.Number, after[i].In, after[i].Text)
				}
			}
		}
		for _, f := range after {
			if strings.Contains(f.Text, "12345") || strings.Contains(f.Text, "x_check_ns") {
				t.Errorf("day %d: %s holds a wall-clock figure", p.day.Number, f.In)
			}
		}
	}
}

// TestAGradersCaseThatIsAQuestionWaits: Day 46's FairShare counterexample
// FairShare(capacity=100, demands=[200 10 10 10 10]) is P4's question; its
// want (P4's answer) and hint wait while P4 is open, and show once it is in.
func TestAGradersCaseThatIsAQuestionWaits(t *testing.T) {
	day, err := full.Days.Find(46)
	if err != nil {
		t.Fatal(err)
	}
	g := labs.Grade{TODO: 1, Func: "FairShare", Status: labs.Fail, Hint: "the 60 the others leave goes to A",
		Counterexample: &labs.Counterexample{Input: "FairShare(capacity=100, demands=[200 10 10 10 10])", Got: "[20 10 10 10 10]", Want: "[60 10 10 10 10]", Answers: []string{"P4"}}}
	open := session.Redact(day, predictions.New(46), []labs.Grade{g})[0]
	if strings.Contains(open.Counterexample.Want, "60") || open.Hint != "" || !strings.Contains(open.Counterexample.Want, "P4") {
		t.Errorf("P4 open: want %q, hint %q", open.Counterexample.Want, open.Hint)
	}
	if g.Counterexample.Want != "[60 10 10 10 10]" {
		t.Errorf("Redact changed its input: %q", g.Counterexample.Want)
	}
	a := predictions.New(46)
	a.Set("P4", 50)
	if made := session.Redact(day, a, []labs.Grade{g})[0]; made.Counterexample.Want == "[60 10 10 10 10]" {
		t.Errorf("P4 made, not on record: want %q shown (the guess could still change)", made.Counterexample.Want)
	}
	a.Reveal("P4")
	if shown := session.Redact(day, a, []labs.Grade{g})[0]; shown.Counterexample.Want != "[60 10 10 10 10]" || shown.Hint == "" {
		t.Errorf("P4 revealed: want %q, hint %q", shown.Counterexample.Want, shown.Hint)
	}

	// Graded: with P4 open the want waits and nothing is revealed; once P4
	// is made, grading reveals it (on record first) and shows the want.
	s := lab(t, day)
	o := labs.Outcome{Day: 46, Impl: labs.Learner, Grades: []labs.Grade{g}}
	l, err := s.Graded(o)
	if err != nil {
		t.Fatal(err)
	}
	if l.Shown.Grades[0].Counterexample.Want == g.Counterexample.Want || l.Answers.Predictions["P4"].Revealed {
		t.Errorf("P4 open: grade shows %q, revealed %v", l.Shown.Grades[0].Counterexample.Want, l.Answers.Predictions["P4"].Revealed)
	}
	if _, err := s.Update(func(a *predictions.Answers) error { a.Set("P4", 50); return nil }); err != nil {
		t.Fatal(err)
	}
	if l, err = s.Graded(o); err != nil {
		t.Fatal(err)
	}
	if p4 := l.Answers.Predictions["P4"]; l.Shown.Grades[0].Counterexample.Want != g.Counterexample.Want || !p4.Revealed || p4.Scored == nil || *p4.Scored != 50 {
		t.Errorf("P4 made: grade shows %q, P4 on record %+v", l.Shown.Grades[0].Counterexample.Want, p4)
	}
}
