package tui

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

// session is the state of one open day that several screens read: a
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
type session struct {
	day labs.Day
	// rec is the day's record (record/session.Record): the answers, the
	// changes on their way to the file, and the reveals of the latest run.
	// What follows is the screens' snapshot of it, taken on their own
	// goroutine (sync), so a frame is drawn from one state.
	rec     *learner.Record
	answers predictions.Answers // the file with the changes on their way on top

	// recording is the parts whose reveal is being written: their actuals
	// show only once it is on record (then they are in revealed).
	// revealErr is why the last reveal could not be recorded; those
	// actuals stay hidden until a reveal is recorded again.
	recording map[string]bool
	revealErr error

	// base is the scoreboard's metrics as saved by the last session
	// (Answers.LastRun, as on file); revealed parts replace it part by part.
	base labs.Metrics
	// revealed is, per part ID, the version of the part whose actuals are on
	// the scoreboard.
	revealed map[string]labs.PartResult

	outcome *labs.Outcome // the latest good run of the learner's code
	// pending is the run in flight so far (worker.Runner.RunStream): its
	// verdicts are shown as they land, before the parts finish.
	pending   *labs.Outcome
	outcomeAt time.Time
	building  bool
	runErr    error // the latest run's failure; the last good outcome stays

	ref labs.Metrics // the reference solutions' metrics
	// refBusy is a reference play under way; refErr, why the last one
	// failed (the lab's fault, never the learner's: see score.go).
	refBusy bool
	refErr  error
	// refLater: the reference was not in the cache when the day opened,
	// and is played once the first run has built its workers.
	refLater bool
	locs     map[string]string // function name → file:line in the learner's code

	note    string // what the last action did
	noteBad bool
	// noteLife is how many runs the note outlives: a note is about the
	// action that made it, and a save after it makes it stale (a reset's
	// note outlives the run the reset itself starts).
	noteLife int

	stageList []stage // see stages
}

func newSession(day labs.Day, rec *learner.Record) session {
	s := session{day: day, rec: rec, locs: map[string]string{}, stageList: stagesOf(day)}
	s.sync()
	return s
}

// sync takes the snapshot of the record the screens draw from.
func (s *session) sync() {
	s.answers = s.rec.Answers()
	s.base = s.rec.File().LastRun
	v := s.rec.Reveals()
	s.revealed, s.recording, s.revealErr = v.Revealed, v.Recording, v.Err
}

// shown is the metrics the learner has seen: the last session's, with every
// part revealed since replacing its own.
func (s *session) shown() labs.Metrics { return learner.Shown(s.day, s.base, s.revealed) }

// rows is the scoreboard as the learner has seen it, each guess judged
// against the reference's figure (s.ref), not against the learner's code.
func (s *session) rows() []predictions.Row {
	return predictions.ScoreAgainst(s.day, s.answers, s.shown(), s.ref, s.grades())
}

// grades is the learner's latest grades: the last good run's, or all
// passing when the answers say so; nil when not known.
func (s *session) grades() []labs.Grade {
	if s.outcome != nil {
		return s.outcome.Grades
	}
	return savedGrades(s.day, s.answers)
}

// savedGrades is what the answers file knows of the grades: only whether
// every TODO passed.
func savedGrades(day labs.Day, a predictions.Answers) []labs.Grade {
	if len(day.TODOs) > 0 && a.TODOsPassed == len(day.TODOs) {
		return predictions.AllPass(day)
	}
	return nil
}

// answered reports whether a prediction no longer holds its part back:
// made, skipped, or already revealed (burned by `run --reveal`), the
// learner session's rule (record/session.In), so the screens and the
// commands show the same parts for the same record.
func (s *session) answered(id string) bool { return learner.In(s.answers, id) }

// predicted counts the predictions made or skipped (a burned one may
// still get a guess, shown but not scored).
func (s *session) predicted() (done, total int) {
	for _, p := range s.day.Predictions {
		if g := s.answers.Predictions[p.ID]; g.Value != nil || g.Skipped {
			done++
		}
	}
	return done, len(s.day.Predictions)
}

// partReady reports whether a part may play: the predictions of its stage
// are made or skipped. The course day's parts go together (a Part 1 actual
// would give away Part 3's P6), each later part goes on its own; nothing
// waits for the predictions of parts after it.
func (s *session) partReady(id string) bool {
	for _, g := range s.stages() {
		for _, p := range g.parts {
			if p.ID == id {
				return s.stageAnswered(g)
			}
		}
	}
	return true
}

// stage is the parts asked about together: the course day's parts first,
// all at once, then each part beyond it on its own, in the day's order.
type stage struct {
	parts []labs.Part
	preds []labs.Prediction
}

// stages is the day's stages, in play order; they depend on the day alone,
// so newSession works them out once.
func (s *session) stages() []stage { return s.stageList }

// stagesOf is the learner session's stages (record/session.Stages): the
// gate is the same on every front end.
func stagesOf(day labs.Day) []stage {
	var out []stage
	for _, st := range learner.Stages(day) {
		out = append(out, stage{parts: st.Parts, preds: st.Preds})
	}
	return out
}

// due is the stage the learner is asked about now: the first, in play
// order, with a prediction still open. ok is false when all are answered.
func (s *session) due() (st stage, ok bool) {
	for _, g := range s.stages() {
		for _, pr := range g.preds {
			if !s.answered(pr.ID) {
				return g, true
			}
		}
	}
	return stage{}, false
}

// stageAnswered reports whether every prediction of a stage is in.
func (s *session) stageAnswered(g stage) bool {
	for _, pr := range g.preds {
		if !s.answered(pr.ID) {
			return false
		}
	}
	return true
}

// stageOf is the stage a prediction belongs to.
func (s *session) stageOf(id string) stage {
	for _, g := range s.stages() {
		for _, pr := range g.preds {
			if pr.ID == id {
				return g
			}
		}
	}
	return stage{}
}

// ids names predictions the short way: "P7, P8", or "P1–P6" for more.
func ids(preds []labs.Prediction) string {
	var names []string
	for _, p := range preds {
		names = append(names, p.ID)
	}
	return span(names)
}

// made says the predictions are in, with the verb agreeing: "P9 is made
// or skipped", "P7, P8 are made or skipped".
func made(preds []labs.Prediction) string {
	if len(preds) == 1 {
		return ids(preds) + " is made or skipped"
	}
	return ids(preds) + " are made or skipped"
}

// partNames names parts the short way: "Part 4", "Parts 1–3".
func partNames(parts []labs.Part) string {
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

// revealReady asks the record to reveal every part of the latest run
// whose predictions are all in and whose actuals are not on the
// scoreboard yet (record/session.Record.Reveal); they show once the write
// is on record (saved). nil when nothing is to reveal.
func (s *session) revealReady() tea.Cmd {
	if s.outcome == nil || !s.rec.Reveal(*s.outcome) {
		return nil
	}
	s.sync()
	return writeCmd(s.rec)
}

// revealState says why a part's actuals are not shown.
func (s *session) revealState(part string) string {
	if s.recording[part] {
		return "Recording that you have seen this part before its actuals show…"
	}
	if s.revealErr != nil {
		return "The actuals stay hidden: that you have seen them could not be recorded (" + s.revealErr.Error() + "). Fix that, then press r to run again."
	}
	return "The actuals stay hidden until this part's reveal is on record."
}

// isRevealed reports whether this very version of a part has its actuals
// on the scoreboard.
func (s *session) isRevealed(p labs.PartResult) bool {
	prev, ok := s.revealed[p.ID]
	return ok && reflect.DeepEqual(prev, p)
}

// anyRevealed reports whether some part of the latest run is on the
// scoreboard.
func (s *session) anyRevealed() bool {
	if s.outcome == nil {
		return false
	}
	for _, p := range s.outcome.Parts {
		if s.isRevealed(p) {
			return true
		}
	}
	return false
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
				return s.redact(g), true
			}
		}
	}
	if s.outcome == nil {
		return labs.Grade{}, false
	}
	for _, g := range s.outcome.Grades {
		if g.TODO == n {
			return s.redact(g), true
		}
	}
	return labs.Grade{}, false
}

// redact holds back what a verdict would give away of a prediction still
// open (record/session.Redact), as every front end does.
func (s *session) redact(g labs.Grade) labs.Grade {
	return learner.Redact(s.day, s.answers, []labs.Grade{g})[0]
}

// passed counts the TODOs passing, from the same verdicts the TODO rows
// show (s.grade: the run in flight's as they land, else the last good
// run's), so the rows, the TODO header, the status line and the day list
// change in the same frame.
func (s *session) passed() int {
	n := 0
	for _, t := range s.day.TODOs {
		if g, ok := s.grade(t.Number); ok && g.Status == labs.Pass {
			n++
		}
	}
	return n
}

// graded reports whether any verdict is known, from either run.
func (s *session) graded() bool {
	for _, t := range s.day.TODOs {
		if _, ok := s.grade(t.Number); ok {
			return true
		}
	}
	return false
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
