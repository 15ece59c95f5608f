package tui

import (
	"errors"
	"maps"
	"reflect"
	"time"

	"termlab/labs"
	"termlab/labs/worker"
	"termlab/predictions"
)

// session is the state of one open day that several screens read: the
// learner's answers, the latest run and what of it has been shown. The day
// model owns it; screens get a pointer during their Update and View.
type session struct {
	day     labs.Day
	answers predictions.Answers

	// base is the scoreboard's metrics as saved by the last session
	// (Answers.LastRun); played parts replace it part by part.
	base labs.Metrics
	// played is, per part ID, the version of the part whose replay finished:
	// its actuals are on the scoreboard.
	played map[string]labs.PartResult

	outcome *labs.Outcome // the latest good run of the learner's code
	// pending is the run in flight so far (worker.Runner.RunStream): its
	// verdicts are shown as they land, before the parts finish.
	pending   *labs.Outcome
	outcomeAt time.Time
	building  bool
	runErr    error // the latest run's failure; the last good outcome stays

	ref  labs.Metrics      // the reference solutions' metrics
	locs map[string]string // function name → file:line in the learner's code

	note    string // what the last action did
	noteBad bool
	// noteLife is how many runs the note outlives: a note is about the
	// action that made it, and a save after it makes it stale (a reset's
	// note outlives the run the reset itself starts).
	noteLife int
}

func newSession(day labs.Day, a predictions.Answers) session {
	if a.Day == 0 {
		a = predictions.New(day.Number)
	}
	return session{day: day, answers: a, base: maps.Clone(a.LastRun), played: map[string]labs.PartResult{}, locs: map[string]string{}}
}

// shown is the metrics the learner has seen: the last session's, with every
// part replayed since replacing its own.
func (s *session) shown() labs.Metrics {
	m := labs.Metrics{}
	maps.Copy(m, s.base)
	for id, p := range s.played {
		for _, pr := range s.day.Predictions {
			if pr.Part == id {
				delete(m, pr.Metric)
			}
		}
		for _, x := range p.Metrics {
			m[x.Name] = x.Value
		}
	}
	return m
}

// rows is the scoreboard as the learner has seen it.
func (s *session) rows() []predictions.Row {
	return predictions.Score(s.day, s.answers, s.shown())
}

// predicted counts the predictions answered or skipped.
func (s *session) predicted() (done, total int) {
	for _, p := range s.day.Predictions {
		if g, ok := s.answers.Predictions[p.ID]; ok && (g.Value != nil || g.Skipped) {
			done++
		}
	}
	return done, len(s.day.Predictions)
}

// ready reports whether every prediction is made or skipped: only then do
// the experiments play.
func (s *session) ready() bool {
	done, total := s.predicted()
	return done == total
}

// partPlayed puts a part's actuals on the scoreboard: its predictions are
// revealed, so the guesses on record are the ones judged from now on.
func (s *session) partPlayed(p labs.PartResult) {
	s.played[p.ID] = p
	has := map[string]bool{}
	for _, x := range p.Metrics {
		has[x.Name] = true
	}
	for _, pr := range s.day.Predictions {
		if has[pr.Metric] {
			s.answers.Reveal(pr.ID)
		}
	}
	s.answers.LastRun = s.shown()
}

// isPlayed reports whether this very version of a part has finished
// playing (a new run may have changed it since).
func (s *session) isPlayed(p labs.PartResult) bool {
	prev, ok := s.played[p.ID]
	return ok && reflect.DeepEqual(prev, p)
}

// buildError is the latest run's compile error, if that is what it was.
func (s *session) buildError() *worker.BuildError {
	var be *worker.BuildError
	if errors.As(s.runErr, &be) {
		return be
	}
	return nil
}

// partial takes in a run still going; done drops it (its outcome, or its
// failure, is in).
func (s *session) partial(o labs.Outcome) { s.pending = &o }

// grade is the latest grade of TODO n: from the run in flight once its
// verdict has landed, else from the last good run.
func (s *session) grade(n int) (labs.Grade, bool) {
	if s.pending != nil {
		for _, g := range s.pending.Grades {
			if g.TODO == n && g.Status != "" {
				return g, true
			}
		}
	}
	if s.outcome == nil {
		return labs.Grade{}, false
	}
	for _, g := range s.outcome.Grades {
		if g.TODO == n {
			return g, true
		}
	}
	return labs.Grade{}, false
}

func (s *session) setNote(text string, bad bool) { s.note, s.noteBad, s.noteLife = text, bad, 0 }

// ranAgain ages the note as a run lands: a plain note goes; a problem
// stays until something replaces it.
func (s *session) ranAgain() {
	switch {
	case s.note == "" || s.noteBad:
	case s.noteLife > 0:
		s.noteLife--
	default:
		s.note = ""
	}
}
