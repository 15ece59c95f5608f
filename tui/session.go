package tui

import (
	"errors"
	"maps"
	"reflect"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/labs/worker"
	"termlab/predictions"
)

// session is the state of one open day that several screens read: the
// learner's answers, the latest run and what of it has been shown. The day
// model owns it; screens get a pointer during their Update and View.
type session struct {
	day     labs.Day
	answers predictions.Answers // disk with unsaved on top: what the screens show

	// disk is the file as last read or written here (stamped diskSeq);
	// unsaved is what the learner did since that is still on its way to
	// the file (see store.go).
	disk    predictions.Answers
	diskSeq int
	unsaved []change

	// recording is, per part ID, a part whose replay finished and whose
	// reveal is being written: its actuals show only once the reveal is on
	// record (then it moves to played). revealErr is why the last reveal
	// could not be recorded; those actuals stay hidden.
	recording map[string]recording
	revealErr error
	// opening and opened are the same for the start of a part's replay:
	// its figures are its actuals, drawn, so a part starts playing only
	// once its reveal is on record (opened).
	opening map[string]recording
	opened  map[string]labs.PartResult
	// resultsWanted: RESULTS.md is to be written once the reveals are on
	// record (the report holds every actual).
	resultsWanted bool

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
	return session{day: day, answers: a, disk: cloneAnswers(a), base: maps.Clone(a.LastRun), played: map[string]labs.PartResult{},
		recording: map[string]recording{}, opening: map[string]recording{}, opened: map[string]labs.PartResult{}, locs: map[string]string{}}
}

// recording is a part whose reveal is being written, and the change that
// writes it.
type recording struct {
	res labs.PartResult
	id  int
	ids []string // the predictions it reveals
}

// shown is the metrics the learner has seen: the last session's, with every
// part replayed since replacing its own.
func (s *session) shown() labs.Metrics { return s.shownWith(nil) }

// shownWith is shown with more parts' metrics on it.
func (s *session) shownWith(more map[string]recording) labs.Metrics {
	m := labs.Metrics{}
	maps.Copy(m, s.base)
	parts := maps.Clone(s.played)
	for id, r := range more {
		parts[id] = r.res
	}
	for id, p := range parts {
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

// revealIDs is the predictions a part's metrics answer.
func (s *session) revealIDs(p labs.PartResult) []string {
	var ids []string
	has := map[string]bool{}
	for _, x := range p.Metrics {
		has[x.Name] = true
	}
	for _, pr := range s.day.Predictions {
		if has[pr.Metric] {
			ids = append(ids, pr.ID)
		}
	}
	return ids
}

// isOpen reports whether this version of a part may draw its figures: its
// reveal is on record.
func (s *session) isOpen(p labs.PartResult) bool {
	prev, ok := s.opened[p.ID]
	return s.isPlayed(p) || (ok && reflect.DeepEqual(prev, p))
}

// openPart records the reveal of a part about to play, once; the replay
// waits for it (isOpen). A part that answers no prediction opens at once.
func (s *session) openPart(d deps, p labs.PartResult) tea.Cmd {
	if s.isOpen(p) {
		return nil
	}
	if r, ok := s.opening[p.ID]; ok && reflect.DeepEqual(r.res, p) {
		return nil // on its way
	}
	if s.revealErr != nil {
		// The last reveal could not be written: no retry loop. The next
		// save that works (a re-run saves the TODOs passed) clears it.
		return nil
	}
	ids := s.revealIDs(p)
	if len(ids) == 0 {
		s.opened[p.ID] = p
		return nil
	}
	cmd := s.change(d, func(a *predictions.Answers) {
		for _, id := range ids {
			a.Reveal(id)
		}
	})
	s.opening[p.ID] = recording{res: p, id: s.unsaved[len(s.unsaved)-1].id, ids: ids}
	return cmd
}

// partPlayed records the reveal of a part whose replay has finished. Its
// actuals reach the scoreboard only once the reveal is on record in the
// file (revealed), so a guess can never be typed with an actual in view
// that the file does not know was shown.
func (s *session) partPlayed(d deps, p labs.PartResult) tea.Cmd {
	ids := s.revealIDs(p)
	rec := maps.Clone(s.recording)
	rec[p.ID] = recording{res: p}
	lastRun := s.shownWith(rec)
	cmd := s.change(d, func(a *predictions.Answers) {
		for _, id := range ids {
			a.Reveal(id)
		}
		a.LastRun = maps.Clone(lastRun)
	})
	s.recording[p.ID] = recording{res: p, id: s.unsaved[len(s.unsaved)-1].id, ids: ids}
	return cmd
}

// revealed settles the parts whose reveal was in a write up to upTo. After
// a save (err nil), a part whose predictions the saved file shows revealed
// is on record: its actuals show. After a failed one they stay hidden, and
// revealErr says why; a new run reveals them again.
func (s *session) revealed(saved predictions.Answers, upTo int, err error) {
	settle := func(waiting map[string]recording, done map[string]labs.PartResult) {
		for id, r := range waiting {
			if r.id > upTo {
				continue
			}
			if err != nil {
				delete(waiting, id)
				s.revealErr = err
				continue
			}
			onRecord := true
			for _, pid := range r.ids {
				onRecord = onRecord && saved.Predictions[pid].Revealed
			}
			if onRecord {
				delete(waiting, id)
				done[id] = r.res
			}
		}
	}
	settle(s.opening, s.opened)
	settle(s.recording, s.played)
	if err == nil && len(s.recording) == 0 && len(s.opening) == 0 {
		s.revealErr = nil
	}
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

// revealState says why a finished part's actuals are not shown.
func (s *session) revealState(part string) string {
	if _, ok := s.recording[part]; ok {
		return "Recording that you have seen this part before its actuals show…"
	}
	if _, ok := s.opening[part]; ok {
		return "Recording that this part is about to show its actuals…"
	}
	if s.revealErr != nil {
		return "The actuals stay hidden: that you have seen them could not be recorded (" + s.revealErr.Error() + "). Fix that, then press r to run again."
	}
	return "The actuals stay hidden until this part's reveal is on record: press r to run again."
}
