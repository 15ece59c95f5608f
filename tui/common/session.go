package common

import (
	"errors"
	"reflect"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/predictions"
	learner "termlab/record/session"
	"termlab/runner/worker"
)

// Session is the state of one open day that several screens read: a
// snapshot of the day's record, the latest run and what of it has been
// shown. The day model owns it; screens get a pointer during their Update
// and View.
//
// The data flows one way: a run lands (outcomeMsg), and the day's record
// is asked to reveal every part whose predictions are made or skipped, at
// once, whichever screen is open; the Run screen's replay is only a way to
// watch it. A reveal counts once it is on record in the answers file: the
// record lets a part's figures out only then (recording until it is), and
// the replay does not draw it before.
type Session struct {
	Day labs.Day
	// Rec is the day's record (record/session.Record): the answers, the
	// changes on their way to the file, and the reveals of the latest run.
	// What follows is the screens' snapshot of it, taken on their own
	// goroutine (sync), so a frame is drawn from one state.
	Rec     *learner.Record
	Answers predictions.Answers // the file with the changes on their way on top

	// Recording is the parts whose reveal is being written: their actuals
	// show only once it is on record (then they are in revealed).
	// revealErr is why the last reveal could not be recorded; those
	// actuals stay hidden until a reveal is recorded again.
	Recording map[string]bool
	RevealErr error

	// base is the scoreboard's metrics as saved by the last session
	// (Answers.LastRun, as on file); revealed parts replace it part by part.
	base labs.Metrics
	// Revealed is, per part ID, the version of the part whose actuals are on
	// the scoreboard.
	Revealed map[string]labs.PartResult

	Outcome *labs.Outcome // the latest good run of the learner's code
	// Pending is the run in flight so far (worker.Runner.RunStream): its
	// verdicts are shown as they land, before the parts finish.
	Pending   *labs.Outcome
	OutcomeAt time.Time
	Building  bool
	RunErr    error // the latest run's failure; the last good outcome stays

	Ref labs.Metrics // the reference solutions' metrics
	// RefBusy is a reference play under way; refErr, why the last one
	// failed (the lab's fault, never the learner's: see score.go).
	RefBusy bool
	RefErr  error
	// RefLater: the reference was not in the cache when the day opened,
	// and is played once the first run has built its workers.
	RefLater bool
	Locs     map[string]string // function name → file:line in the learner's code

	Note    string // what the last action did
	NoteBad bool
	// NoteLife is how many runs the note outlives: a note is about the
	// action that made it, and a save after it makes it stale (a reset's
	// note outlives the run the reset itself starts).
	NoteLife int

	stageList []Stage // see stages
}

func NewSession(day labs.Day, rec *learner.Record) Session {
	s := Session{Day: day, Rec: rec, Locs: map[string]string{}, stageList: stagesOf(day)}
	s.Sync()
	return s
}

// Sync takes the snapshot of the record the screens draw from.
func (s *Session) Sync() {
	s.Answers = s.Rec.Answers()
	s.base = s.Rec.File().LastRun
	v := s.Rec.Reveals()
	s.Revealed, s.Recording, s.RevealErr = v.Revealed, v.Recording, v.Err
}

// Shown is the metrics the learner has seen: the last session's, with every
// part revealed since replacing its own.
func (s *Session) Shown() labs.Metrics { return learner.Shown(s.Day, s.base, s.Revealed) }

// Rows is the scoreboard as the learner has seen it, each guess judged
// against the reference's figure (s.ref), not against the learner's code.
func (s *Session) Rows() []predictions.Row {
	return predictions.ScoreAgainst(s.Day, s.Answers, s.Shown(), s.Ref, s.grades())
}

// grades is the learner's latest grades: the last good run's, or all
// passing when the answers say so; nil when not known.
func (s *Session) grades() []labs.Grade {
	if s.Outcome != nil {
		return s.Outcome.Grades
	}
	return SavedGrades(s.Day, s.Answers)
}

// SavedGrades is what the answers file knows of the grades: only whether
// every TODO passed.
func SavedGrades(day labs.Day, a predictions.Answers) []labs.Grade {
	if len(day.TODOs) > 0 && a.TODOsPassed == len(day.TODOs) {
		return predictions.AllPass(day)
	}
	return nil
}

// Answered reports whether a prediction no longer holds its part back:
// made, skipped, or already revealed (burned by `run --reveal`), the
// learner session's rule (record/session.In), so the screens and the
// commands show the same parts for the same record.
func (s *Session) Answered(id string) bool { return learner.In(s.Answers, id) }

// Predicted counts the predictions made or skipped (a burned one may
// still get a guess, shown but not scored).
func (s *Session) Predicted() (done, total int) {
	for _, p := range s.Day.Predictions {
		if g := s.Answers.Predictions[p.ID]; g.Value != nil || g.Skipped {
			done++
		}
	}
	return done, len(s.Day.Predictions)
}

// PartReady reports whether a part may play: the predictions of its stage
// are made or skipped. The course day's parts go together (a Part 1 actual
// would give away Part 3's P6), each later part goes on its own; nothing
// waits for the predictions of parts after it.
func (s *Session) PartReady(id string) bool {
	for _, g := range s.Stages() {
		for _, p := range g.Parts {
			if p.ID == id {
				return s.StageAnswered(g)
			}
		}
	}
	return true
}

// Stage is the parts asked about together: the course day's parts first,
// all at once, then each part beyond it on its own, in the day's order.
type Stage struct {
	Parts []labs.Part
	Preds []labs.Prediction
}

// Stages is the day's stages, in play order; they depend on the day alone,
// so newSession works them out once.
func (s *Session) Stages() []Stage { return s.stageList }

// stagesOf is the learner session's stages (record/session.Stages): the
// gate is the same on every front end.
func stagesOf(day labs.Day) []Stage {
	var out []Stage
	for _, st := range learner.Stages(day) {
		out = append(out, Stage{Parts: st.Parts, Preds: st.Preds})
	}
	return out
}

// Due is the stage the learner is asked about now: the first, in play
// order, with a prediction still open. ok is false when all are answered.
func (s *Session) Due() (st Stage, ok bool) {
	for _, g := range s.Stages() {
		for _, pr := range g.Preds {
			if !s.Answered(pr.ID) {
				return g, true
			}
		}
	}
	return Stage{}, false
}

// StageAnswered reports whether every prediction of a stage is in.
func (s *Session) StageAnswered(g Stage) bool {
	for _, pr := range g.Preds {
		if !s.Answered(pr.ID) {
			return false
		}
	}
	return true
}

// StageOf is the stage a prediction belongs to.
func (s *Session) StageOf(id string) Stage {
	for _, g := range s.Stages() {
		for _, pr := range g.Preds {
			if pr.ID == id {
				return g
			}
		}
	}
	return Stage{}
}

// IDs names predictions the short way: "P7, P8", or "P1–P6" for more.
func IDs(preds []labs.Prediction) string {
	var names []string
	for _, p := range preds {
		names = append(names, p.ID)
	}
	return span(names)
}

// Made says the predictions are in, with the verb agreeing: "P9 is made
// or skipped", "P7, P8 are made or skipped".
func Made(preds []labs.Prediction) string {
	if len(preds) == 1 {
		return IDs(preds) + " is made or skipped"
	}
	return IDs(preds) + " are made or skipped"
}

// PartNames names parts the short way: "Part 4", "Parts 1–3".
func PartNames(parts []labs.Part) string {
	var names []string
	for _, p := range parts {
		names = append(names, p.ID)
	}
	if len(names) == 1 {
		return "Part " + names[0]
	}
	return "Parts " + span(names)
}

// span joins names in the day's order; more than two read first–last.
func span(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	case 2:
		return names[0] + ", " + names[1]
	}
	return names[0] + "–" + names[len(names)-1]
}

// RevealReady asks the record to reveal every part of the latest run
// whose predictions are all in and whose actuals are not on the
// scoreboard yet (record/session.Record.Reveal); they show once the write
// is on record (saved). nil when nothing is to reveal.
func (s *Session) RevealReady() tea.Cmd {
	if s.Outcome == nil || !s.Rec.Reveal(*s.Outcome) {
		return nil
	}
	s.Sync()
	return WriteCmd(s.Rec)
}

// RevealState says why a part's actuals are not shown.
func (s *Session) RevealState(part string) string {
	if s.Recording[part] {
		return "Recording that you have seen this part before its actuals show…"
	}
	if s.RevealErr != nil {
		return "The actuals stay hidden: that you have seen them could not be recorded (" + s.RevealErr.Error() + "). Fix that, then press r to run again."
	}
	return "The actuals stay hidden until this part's reveal is on record."
}

// IsRevealed reports whether this very version of a part has its actuals
// on the scoreboard.
func (s *Session) IsRevealed(p labs.PartResult) bool {
	prev, ok := s.Revealed[p.ID]
	return ok && reflect.DeepEqual(prev, p)
}

// AnyRevealed reports whether some part of the latest run is on the
// scoreboard.
func (s *Session) AnyRevealed() bool {
	if s.Outcome == nil {
		return false
	}
	for _, p := range s.Outcome.Parts {
		if s.IsRevealed(p) {
			return true
		}
	}
	return false
}

// BuildError is the latest run's compile error, if that is what it was.
func (s *Session) BuildError() *worker.BuildError {
	var be *worker.BuildError
	if errors.As(s.RunErr, &be) {
		return be
	}
	return nil
}

// Partial takes in a run still going; done drops it (its outcome, or its
// failure, is in).
func (s *Session) Partial(o labs.Outcome) { s.Pending = &o }

// Grade is the latest grade of TODO n: from the run in flight once its
// verdict has landed, else from the last good run.
func (s *Session) Grade(n int) (labs.Grade, bool) {
	if s.Pending != nil {
		for _, g := range s.Pending.Grades {
			if g.TODO == n && g.Status != "" {
				return s.redact(g), true
			}
		}
	}
	if s.Outcome == nil {
		return labs.Grade{}, false
	}
	for _, g := range s.Outcome.Grades {
		if g.TODO == n {
			return s.redact(g), true
		}
	}
	return labs.Grade{}, false
}

// redact holds back what a verdict would give away of a prediction still
// open (record/session.Redact), as every front end does.
func (s *Session) redact(g labs.Grade) labs.Grade {
	return learner.Redact(s.Day, s.Answers, []labs.Grade{g})[0]
}

// Passed counts the TODOs passing, from the same verdicts the TODO rows
// show (s.grade: the run in flight's as they land, else the last good
// run's), so the rows, the TODO header, the status line and the day list
// change in the same frame.
func (s *Session) Passed() int {
	n := 0
	for _, t := range s.Day.TODOs {
		if g, ok := s.Grade(t.Number); ok && g.Status == labs.Pass {
			n++
		}
	}
	return n
}

// Graded reports whether any verdict is known, from either run.
func (s *Session) Graded() bool {
	for _, t := range s.Day.TODOs {
		if _, ok := s.Grade(t.Number); ok {
			return true
		}
	}
	return false
}

func (s *Session) SetNote(text string, bad bool) { s.Note, s.NoteBad, s.NoteLife = text, bad, 0 }

// RanAgain ages the note as a run lands: a plain note goes; a problem
// stays until something replaces it.
func (s *Session) RanAgain() {
	switch {
	case s.Note == "" || s.NoteBad:
	case s.NoteLife > 0:
		s.NoteLife--
	default:
		s.Note = ""
	}
}
