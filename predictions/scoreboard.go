package predictions

import "termlab/labs"

// Row is one prediction on the scoreboard. A nil pointer means "no number":
// no guess, or no actual yet.
type Row struct {
	ID, Question, Unit string
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
	// Actual is the run's figure; nil when the part that measures it has
	// not run (or gave no finite number).
	Actual *float64
	// Verdict judges the guess on record at the reveal against Actual; nil
	// unless both exist.
	Verdict *Verdict
}

// Judged is the guess the verdict is about: First after a revision,
// otherwise Predicted.
func (r Row) Judged() *float64 {
	if r.Revised {
		return r.First
	}
	return r.Predicted
}

// Score lays out the day's predictions, in the day's order, against the
// metrics of a run (nil or empty when nothing ran yet).
//
// It judges the guess on record at the reveal, never a later one: that is
// the point of predicting. A prediction whose actual is present but was
// never revealed (the caller has not called Reveal yet) is judged on its
// current guess, which is the guess on record at this moment; callers should
// still Reveal (see Answers.RevealRun) and save, so the record holds.
func Score(day labs.Day, a Answers, m labs.Metrics) []Row {
	rows := make([]Row, 0, len(day.Predictions))
	for _, p := range day.Predictions {
		g := a.Predictions[p.ID]
		r := Row{ID: p.ID, Question: p.Question, Unit: p.Unit, Skipped: g.Skipped}
		if !g.Skipped {
			r.Predicted = clone(g.Value)
		}
		if v, ok := m[p.Metric]; ok && finite(v) {
			r.Actual = &v
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

// JSONRow is a scoreboard row for course tooling. Its field names and
// verdict words are a stable contract: add fields, never rename them.
type JSONRow struct {
	ID string `json:"id"`
	// Predicted is the guess that was judged (see Row.Judged).
	Predicted *float64 `json:"predicted"`
	Actual    *float64 `json:"actual"`
	// Verdict is "spot on", "close enough", "off" or null.
	Verdict *string `json:"verdict"`
	Revised bool    `json:"revised"`
}

// JSONRows converts scoreboard rows for encoding/json.
func JSONRows(rows []Row) []JSONRow {
	out := make([]JSONRow, len(rows))
	for i, r := range rows {
		out[i] = JSONRow{ID: r.ID, Predicted: clone(r.Judged()), Actual: clone(r.Actual), Revised: r.Revised}
		if r.Verdict != nil {
			s := r.Verdict.String()
			out[i].Verdict = &s
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
