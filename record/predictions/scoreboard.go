package predictions

import (
	"math"

	"termlab/labs"
)

// Row is one prediction on the scoreboard. A nil pointer means "no number":
// no guess, or no actual yet.
type Row struct {
	ID, Question, Unit string
	// Span is the stretch of the experiment the answer covers
	// (labs.Prediction.Span).
	Span string
	// Predicted is the current guess; nil when there is none or it was
	// skipped.
	Predicted *float64
	// First is the guess on record when the actual was revealed, set only
	// when the learner revised after (Revised). It may stay nil with
	// Revised set: the learner had no guess at the reveal and typed one
	// after.
	First   *float64
	Revised bool
	Skipped bool
	// Actual is what the system does: the reference implementation's
	// figure, the one every guess is judged against. It is nil until the
	// part that measures it has been revealed (run on the learner's code
	// and shown), and while the reference's figure is not known yet and
	// the learner's code cannot stand in for it (see Score).
	Actual *float64
	// Yours is the learner's code's figure when it differs from Actual: a
	// TODO the part needs moved it. Nil when they agree.
	Yours *float64
	// Moved lists the TODOs the prediction needs that did not pass their
	// grade when Yours differs: the ones that moved the figure (empty when
	// the grades are not known or all passed).
	Moved []int
	// Awaiting is set when the learner's figure is revealed but the
	// reference's is not known yet and a TODO it needs is not passing, so
	// the row waits rather than judge a guess against a bug.
	Awaiting bool
	// Held: its part ran but is held back until this guess is in
	// (record/session's gate).
	Held bool `json:"-"`
	// Verdict judges the guess on record at the reveal against Actual; nil
	// unless both exist.
	Verdict *Verdict
	// AskedHow says the learner asked for "how to think about it" before
	// the reveal (Guess.AskedHow).
	AskedHow bool
	// Revealed: the answer has been shown and the guess on record judged
	// (Guess.Revealed). Only such rows count towards calibration.
	Revealed bool
	// Confidence is how sure the learner said they were; Explanation their
	// own line on why it came out differently (Guess).
	Confidence  Confidence
	Explanation string
}

// Judged is the guess the verdict is about: First after a revision,
// otherwise Predicted.
func (r Row) Judged() *float64 {
	if r.Revised {
		return r.First
	}
	return r.Predicted
}

// Score lays out the day's predictions against the metrics of a run whose
// figures are all the system's own (the reference's, or a learner's whose
// every TODO passes): ScoreAgainst with m as its own reference.
func Score(day labs.Day, a Answers, m labs.Metrics) []Row {
	return ScoreAgainst(day, a, m, m, nil)
}

// ScoreAgainst lays out the day's predictions, in the day's order. shown is
// the metrics of the learner's run the learner has seen (nil or empty when
// nothing ran yet): a prediction gets an actual only once its metric is in
// shown. ref is the reference's metrics, what the system does; grades are
// the learner's latest grades (nil when unknown).
//
// A guess is judged against the system, never against a bug: the actual is
// the reference's figure. Where ref lacks it (the reference has not run
// yet), the learner's figure stands in only when every TODO the prediction
// needs passed its grade (the graders hold the experiments to the
// reference's figures); otherwise the row is Awaiting. The learner's figure
// is kept beside the actual (Yours) when the two differ.
//
// It judges the guess on record at the reveal, never a later one: that is
// the point of predicting. A prediction whose actual is present but was
// never revealed (the caller has not called Reveal yet) is judged on its
// current guess, which is the guess on record at this moment; callers should
// still Reveal (see Answers.RevealRun) and save, so the record holds.
func ScoreAgainst(day labs.Day, a Answers, shown, ref labs.Metrics, grades []labs.Grade) []Row {
	rows := make([]Row, 0, len(day.Predictions))
	for _, p := range day.Predictions {
		g := a.Predictions[p.ID]
		r := Row{ID: p.ID, Question: p.Question, Unit: p.Unit, Span: p.Span, Skipped: g.Skipped, AskedHow: g.AskedHow,
			Revealed: g.Revealed, Confidence: g.Confidence, Explanation: g.Explanation}
		if !g.Skipped {
			r.Predicted = clone(g.Value)
		}
		if yours, ok := shown[p.Metric]; ok && finite(yours) {
			failing := notPassing(p.Needs, grades)
			switch sys, ok := ref[p.Metric]; {
			case ok && finite(sys):
				r.Actual = &sys
				if !Same(yours, sys) {
					r.Yours, r.Moved = &yours, failing
				}
			case grades != nil && len(failing) == 0:
				r.Actual = &yours
			default:
				r.Awaiting = true
			}
		}
		if g.revised() {
			r.Revised, r.First = true, clone(g.Scored)
		}
		judged := r.Predicted
		if g.Revealed {
			judged = g.Scored
		}
		if judged != nil && r.Actual != nil {
			v := Judge(*judged, *r.Actual)
			r.Verdict = &v
		}
		rows = append(rows, r)
	}
	return rows
}

// AllPass is grades in which every TODO of day passes, for a caller that
// knows only that (Answers.TODOsPassed equal to the day's TODOs).
func AllPass(day labs.Day) []labs.Grade {
	out := make([]labs.Grade, 0, len(day.TODOs))
	for _, t := range day.TODOs {
		out = append(out, labs.Grade{TODO: t.Number, Status: labs.Pass})
	}
	return out
}

// notPassing is the TODOs of needs whose grade in grades is not a pass, or
// that have no grade at all; nil when grades is nil (not known).
func notPassing(needs []int, grades []labs.Grade) []int {
	if grades == nil {
		return nil
	}
	out := []int{}
	for _, n := range needs {
		passed := false
		for _, g := range grades {
			if g.TODO == n && g.Status == labs.Pass {
				passed = true
			}
		}
		if !passed {
			out = append(out, n)
		}
	}
	return out
}

// Same reports whether two figures are one and the same up to float
// rounding (one part in 10⁹).
func Same(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b))
}

// JSONRow is a scoreboard row for course tooling. Its field names and
// verdict words are a stable contract: add fields, never rename them.
type JSONRow struct {
	ID string `json:"id"`
	// Predicted is the guess that was judged (see Row.Judged).
	Predicted *float64 `json:"predicted"`
	// Actual is the system's figure, the reference's, that the verdict
	// judges against (see Row.Actual).
	Actual *float64 `json:"actual"`
	// Yours is the learner's code's figure, present only where it differs
	// from Actual.
	Yours *float64 `json:"yours,omitempty"`
	// Moved is the TODOs that moved Yours off Actual (see Row.Moved).
	Moved []int `json:"moved_by,omitempty"`
	// Distance is the verdict's distance in its one form (Verdict.Distance).
	Distance *string `json:"distance"`
	// Verdict is "spot on", "close enough", "off" or null.
	Verdict *string `json:"verdict"`
	Revised bool    `json:"revised"`
	// AskedHow is true when the learner asked for "how to think about it".
	AskedHow bool `json:"asked_how,omitempty"`
	// Confidence is "sure", "likely" or "guess", as the learner said with
	// the guess; absent when not said.
	Confidence Confidence `json:"confidence,omitempty"`
	// Explanation is the learner's own line on why a revealed guess came
	// out differently; absent when none was written.
	Explanation string `json:"explanation,omitempty"`
}

// JSONRows converts scoreboard rows for encoding/json.
func JSONRows(rows []Row) []JSONRow {
	out := make([]JSONRow, len(rows))
	for i, r := range rows {
		out[i] = JSONRow{ID: r.ID, Predicted: clone(r.Judged()), Actual: clone(r.Actual), Yours: clone(r.Yours), Moved: r.Moved, Revised: r.Revised, AskedHow: r.AskedHow,
			Confidence: r.Confidence, Explanation: r.Explanation}
		if r.Verdict != nil {
			s, d := r.Verdict.String(), r.Verdict.Distance(r.Unit)
			out[i].Verdict, out[i].Distance = &s, &d
		}
	}
	return out
}

func clone(p *float64) *float64 {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// Blame names the TODO a prediction's missing actual waits on, from the
// part that should have measured it: the part's own fault (the TODO that
// stopped it) first, so a part's header and each of its rows name the same
// TODO; the prediction's Needs only when the part could not say, the first
// of them that does not pass its grade. It returns 0 when the part ran
// (status OK) or names no TODO at all.
func Blame(pr labs.Prediction, part labs.PartResult, grades []labs.Grade) (todo int, status labs.Status) {
	if part.Status == labs.OK || part.Status == "" {
		return 0, part.Status
	}
	if part.TODO != 0 {
		return part.TODO, part.Status
	}
	for _, n := range pr.Needs {
		for _, g := range grades {
			if g.TODO == n && g.Status != labs.Pass {
				return n, part.Status
			}
		}
	}
	if len(pr.Needs) > 0 {
		return pr.Needs[0], part.Status
	}
	return 0, part.Status
}
