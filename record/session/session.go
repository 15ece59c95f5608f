// Package session is the learner's record of one day, behind every front
// end: the answers, their reveals, the history and RESULTS.md's block.
// It applies what a run or a grade brings in one place (reveal, history,
// results, the predict-first gate) and is the only writer of those files:
// the screens, the line-by-line lab and every command go through it, so a
// figure leaves it only once the prediction it answers is in or is opened
// on purpose. It knows nothing of Bubble Tea.
package session

import (
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"time"

	"termlab/labs"
	"termlab/record/history"
	"termlab/record/predictions"
	"termlab/record/report"
	"termlab/record/results"
)

// Session is one day of one learner's record, in the repository at Root.
type Session struct {
	Root string
	Day  labs.Day
	Now  func() time.Time // when a run is kept in the history
}

// Open is the session of day in the repository at root.
func Open(root string, day labs.Day) *Session {
	return &Session{Root: root, Day: day, Now: time.Now}
}

// Dir is the learner's predictions folder.
func (s *Session) Dir() string { return filepath.Join(s.Root, "predictions") }

// ResultsPath is the learner's RESULTS.md.
func (s *Session) ResultsPath() string { return filepath.Join(s.Root, "RESULTS.md") }

// Answers reads the day's answers. A damaged file has been kept aside; the
// error says so and the answers start empty.
func (s *Session) Answers() (predictions.Answers, error) {
	return predictions.LoadDay(s.Dir(), s.Day)
}

// Update changes the answers under their lock (reloaded, changed, written
// only if changed). A *predictions.CorruptError means the file was
// damaged, kept aside, and the change saved anyway.
func (s *Session) Update(change func(*predictions.Answers) error) (predictions.Answers, error) {
	return predictions.UpdateDay(s.Dir(), s.Day, change)
}

// Run is a finished run of the day, to land in the record.
type Run struct {
	Outcome labs.Outcome
	From    string // history.FromRun, history.FromScreens
	// Reveal opens the parts held back, on purpose: their predictions are
	// burned (revealed with no guess) and named in Landed.Burned.
	Reveal bool
	// Ref is the reference's metrics a learner's run is judged against
	// (nil: rows that need it wait).
	Ref labs.Metrics
	// Results says when the day's block of RESULTS.md is refreshed.
	Results Results
}

// Results says when a landing refreshes RESULTS.md.
type Results int

// When a landing refreshes RESULTS.md.
const (
	NoResults Results = iota
	// ResultsIfShown: when any part shows (a run): a block of held parts
	// would rewrite the learner's file with nothing they can read.
	ResultsIfShown
	// ResultsAlways: the learner asked for it (`results`).
	ResultsAlways
)

// Landed is what a run may show, once its reveals are on record.
type Landed struct {
	Shown   labs.Outcome // the run with held parts emptied (heldPart), grades redacted
	Held    []Hold       // the parts held back, and the guesses they wait for
	Burned  []string     // revealed by this run with no guess made
	Rows    []predictions.Row
	Answers predictions.Answers
	Moved   []string       // what the run moved since the last one kept
	Results results.Change // "" when RESULTS.md was not written
	// Problems are what the run could not keep (history, RESULTS.md, a
	// damaged file kept aside); the run stands.
	Problems []error
}

// Land applies a finished run: the gate decides which parts may show;
// their predictions are revealed (the guesses on record are judged from
// here on) and the answers saved before anything is shown; then the run
// goes into the history and, if asked, RESULTS.md. When the reveal cannot
// be recorded it returns the error and nothing may be shown.
func (s *Session) Land(r Run) (Landed, error) {
	day, o := s.Day, r.Outcome
	var l Landed
	open := map[string]bool{}
	var held []Hold
	var burned []string
	answers, err := s.Update(func(a *predictions.Answers) error {
		held, burned, open = nil, nil, map[string]bool{}
		shown := labs.Metrics{}
		for _, p := range o.Parts {
			if w := Waiting(day, *a, p.ID); len(w) > 0 && !r.Reveal {
				held = append(held, Hold{Part: p.ID, Waiting: w, Burns: Burns(day, *a, labs.Outcome{Parts: []labs.PartResult{p}})})
				continue
			}
			open[p.ID] = true
			for _, m := range p.Metrics {
				shown[m.Name] = m.Value
			}
		}
		for _, pr := range day.Predictions {
			g := a.Predictions[pr.ID]
			if _, ok := shown[pr.Metric]; ok && !g.Revealed && g.Value == nil && !g.Skipped {
				burned = append(burned, pr.ID)
			}
		}
		a.RevealRun(day, shown)
		if o.Impl == labs.Learner {
			a.LastRun = lastRun(day, a.LastRun, o, open)
			a.TODOsPassed = o.Passed()
		}
		return nil
	})
	var corrupt *predictions.CorruptError
	if errors.As(err, &corrupt) {
		l.Problems = append(l.Problems, err)
	} else if err != nil {
		return Landed{}, err
	}
	l.Held, l.Burned, l.Answers = held, burned, answers
	l.Shown = labs.Outcome{Day: o.Day, Impl: o.Impl, Grades: Redact(day, answers, o.Grades)}
	shownM := labs.Metrics{}
	for _, p := range o.Parts {
		if !open[p.ID] {
			p = heldPart(day, p, waitingFor(held, p.ID))
		}
		l.Shown.Parts = append(l.Shown.Parts, p)
		for _, m := range p.Metrics {
			shownM[m.Name] = m.Value
		}
	}
	ref := shownM
	if o.Impl == labs.Learner {
		ref = r.Ref
	}
	l.Rows = MarkHeld(predictions.ScoreAgainst(day, answers, shownM, ref, o.Grades), held)
	if o.Impl == labs.Learner {
		l.Moved = s.keep(&l, o, answers, r.From, func(p string) bool { return open[p] })
	}
	if r.Results == ResultsAlways || r.Results == ResultsIfShown && len(open) > 0 {
		change, err := s.WriteResults(l.Shown, l.Rows, answers)
		if err != nil {
			l.Problems = append(l.Problems, fmt.Errorf("RESULTS.md was not updated: %w", err))
		}
		l.Results = change
	}
	return l, nil
}

func waitingFor(held []Hold, part string) []string {
	for _, h := range held {
		if h.Part == part {
			return h.Waiting
		}
	}
	return nil
}

// lastRun is the scoreboard's saved metrics after a run: the ones before,
// with every part that may show replacing its own, wall-clock figures left
// out (the answers file is tracked).
func lastRun(day labs.Day, before labs.Metrics, o labs.Outcome, open map[string]bool) labs.Metrics {
	m := maps.Clone(before)
	if m == nil {
		m = labs.Metrics{}
	}
	for _, p := range o.Parts {
		if !open[p.ID] {
			continue
		}
		for _, pr := range day.Predictions {
			if pr.Part == p.ID {
				delete(m, pr.Metric)
			}
		}
		for _, x := range p.Metrics {
			m[x.Name] = x.Value
		}
	}
	if m = StableMetrics(m); len(m) == 0 {
		return before
	}
	return m
}

// keep appends a run of the learner's code to the history, unless it
// repeats the last one, and returns what it moved. show says which parts'
// figures may be kept.
func (s *Session) keep(l *Landed, o labs.Outcome, a predictions.Answers, from string, show func(string) bool) []string {
	recs, added, err := s.Keep(o, from, a, show)
	if err != nil {
		l.Problems = append(l.Problems, err)
	}
	if !added {
		return nil
	}
	return history.Moved(recs, len(recs)-1)
}

// Keep appends a run of the learner's code to the day's history (no
// wall-clock figure; show says which parts' figures may be kept), unless
// it repeats the last run or would be an idle first (history.AppendNew).
func (s *Session) Keep(o labs.Outcome, from string, a predictions.Answers, show func(string) bool) (recs []history.Record, added bool, err error) {
	rec := history.New(s.Day, Stable(o), history.Take(s.Root, s.Day), from, s.Now(), a, show)
	return history.AppendNew(s.Dir(), s.Day.Number, rec)
}

// Graded is Land for a grade: no part played, so nothing to reveal; the
// TODOs passed are saved, the grade kept in the history unless it repeats
// the last run, and the grades come back redacted.
func (s *Session) Graded(o labs.Outcome) (Landed, error) {
	// A grade shows verdicts only: any part in o stays here.
	o = labs.Outcome{Day: o.Day, Impl: o.Impl, Grades: o.Grades}
	l := Landed{Shown: o}
	tagged := taggedBy(o.Grades)
	// Held as if nothing were revealed, should the save below fail; a
	// grade of the reference that shows no tagged case reads nothing.
	a := predictions.New(s.Day.Number)
	l.Answers, l.Shown.Grades = a, Redact(s.Day, a, o.Grades)
	if o.Impl == labs.Learner || len(tagged) > 0 {
		var err error
		a, err = s.Update(func(a *predictions.Answers) error {
			// A case that is a prediction's question shows its want once
			// the guess is in: the reveal goes on record first, so the
			// guess judged is the one made before it.
			for _, id := range tagged {
				if In(*a, id) {
					a.Reveal(id)
				}
			}
			if o.Impl == labs.Learner {
				a.TODOsPassed = o.Passed()
			}
			return nil
		})
		var corrupt *predictions.CorruptError
		if err != nil && !errors.As(err, &corrupt) {
			return l, fmt.Errorf("progress could not be saved: %w", err)
		} else if err != nil {
			l.Problems = append(l.Problems, err)
		}
		if o.Impl == labs.Learner {
			l.Moved = s.keep(&l, o, a, history.FromGrade, nil)
		}
	}
	l.Answers = a
	l.Shown.Grades = Redact(s.Day, a, o.Grades)
	return l, nil
}

// taggedBy is the predictions the grades' counterexamples are the
// questions of.
func taggedBy(grades []labs.Grade) []string {
	var ids []string
	for _, g := range grades {
		if g.Counterexample != nil {
			ids = append(ids, g.Counterexample.Answers...)
		}
	}
	return ids
}

// WriteResults refreshes the day's block of RESULTS.md with what may be
// shown of a run, its wall-clock lines left out.
func (s *Session) WriteResults(shown labs.Outcome, rows []predictions.Row, a predictions.Answers) (results.Change, error) {
	return s.WriteBlock(ResultsText(s.Day, shown, rows, a))
}

// WriteBlock puts text (ResultsText) in the day's block of RESULTS.md.
func (s *Session) WriteBlock(text string) (results.Change, error) {
	return results.Update(s.ResultsPath(), s.Day.Number, text, results.Skeleton(s.Day))
}

// ResultsText is the block RESULTS.md keeps for a run as shown.
func ResultsText(day labs.Day, shown labs.Outcome, rows []predictions.Row, a predictions.Answers) string {
	return report.Text(day, Stable(shown), rows) + results.Drills(day, a)
}
