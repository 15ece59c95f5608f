package session

import (
	"slices"
	"strings"

	"termlab/labs"
	"termlab/record/predictions"
)

// The predict-first gate, in one place for every front end: a part's
// figures leave the session only once the predictions of its stage are
// in (made, skipped, or already revealed), or when the learner opens it on
// purpose (Run.Reveal), which burns them.

// Stage is the parts asked about together: the course day's parts first,
// all at once (a Part 1 actual would give away a later part's answer),
// then each part beyond the course day on its own, in the day's order.
type Stage struct {
	Parts []labs.Part
	Preds []labs.Prediction
}

// Stages is day's stages, in play order.
func Stages(day labs.Day) []Stage {
	out := []Stage{}
	course := -1
	for _, p := range day.Parts {
		if !p.Beyond && course >= 0 {
			out[course].Parts = append(out[course].Parts, p)
			continue
		}
		if !p.Beyond {
			course = len(out)
		}
		out = append(out, Stage{Parts: []labs.Part{p}})
	}
	for i := range out {
		for _, p := range out[i].Parts {
			for _, pr := range day.Predictions {
				if pr.Part == p.ID {
					out[i].Preds = append(out[i].Preds, pr)
				}
			}
		}
	}
	return out
}

// In reports whether a prediction no longer waits for a guess: made,
// skipped, or revealed already (its actual has been shown).
func In(a predictions.Answers, id string) bool {
	g, ok := a.Predictions[id]
	return ok && (g.Value != nil || g.Skipped || g.Revealed)
}

// Waiting is the predictions of part's stage that still wait for a guess;
// none when the part may show its figures.
func Waiting(day labs.Day, a predictions.Answers, part string) []string {
	for _, st := range Stages(day) {
		for _, p := range st.Parts {
			if p.ID != part {
				continue
			}
			var ids []string
			for _, pr := range st.Preds {
				if !In(a, pr.ID) {
					ids = append(ids, pr.ID)
				}
			}
			return ids
		}
	}
	return nil
}

// DrillWaiting is the predictions drill d waits for (its After not yet
// in); none when it may be answered. A drill's model answer shows as soon
// as it is tried, so a drill that asks a prediction's question in other
// numbers stays shut until that guess is made, on every front end.
func DrillWaiting(d labs.Drill, a predictions.Answers) []string {
	var ids []string
	for _, id := range d.After {
		if !In(a, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// Hold is a part of a run held back: its figures wait for these guesses.
type Hold struct {
	Part    string
	Waiting []string // prediction IDs
	// Burns is the open predictions its figures answer: what opening it
	// (Run.Reveal) would reveal with no guess.
	Burns []string
}

// Burns is the predictions opening o's parts would reveal with no guess
// made: what --reveal names before it shows them.
func Burns(day labs.Day, a predictions.Answers, o labs.Outcome) []string {
	var ids []string
	for _, p := range o.Parts {
		for _, id := range answersOf(day, p) {
			if !In(a, id) && !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return ids
}

// answersOf is the predictions a part's metrics answer.
func answersOf(day labs.Day, p labs.PartResult) []string {
	has := map[string]bool{}
	for _, m := range p.Metrics {
		has[m.Name] = true
	}
	var ids []string
	for _, pr := range day.Predictions {
		if has[pr.Metric] {
			ids = append(ids, pr.ID)
		}
	}
	return ids
}

// HeldPart is what a front end shows of a part held back (heldPart).
func HeldPart(day labs.Day, p labs.PartResult, waiting []string) labs.PartResult {
	return heldPart(day, p, waiting)
}

// MarkHeld marks the scoreboard rows of the predictions held parts wait
// for, so every front end says the same of them.
func MarkHeld(rows []predictions.Row, held []Hold) []predictions.Row {
	out := slices.Clone(rows)
	for i, row := range out {
		for _, h := range held {
			out[i].Held = out[i].Held || slices.Contains(h.Waiting, row.ID)
		}
	}
	return out
}

// heldPart is what is left of a held part: its name, a line saying what it
// waits for and, when it did not run to the end, what stopped it (a
// verdict on the learner's code, which a grade shows before any guess as
// well). Its lines, figures and metrics stay in the session.
func heldPart(day labs.Day, p labs.PartResult, waiting []string) labs.PartResult {
	return labs.PartResult{ID: p.ID, Title: p.Title, Status: p.Status, TODO: p.TODO, Detail: p.Detail, Where: p.Where, Span: p.Span,
		Lines: []string{HeldLine(day, waiting)}}
}

// HeldLine says what a held part waits for; the command that printed it
// says how to open it.
func HeldLine(day labs.Day, waiting []string) string {
	if len(waiting) == 0 {
		return "⏸ held back until its reveal is on record"
	}
	return "⏸ held back until you predict (or skip) " + Names(waiting)
}

// Names names predictions, each once, in order: "P7, P8".
func Names(ids []string) string {
	var once []string
	for _, id := range ids {
		if !slices.Contains(once, id) {
			once = append(once, id)
		}
	}
	return strings.Join(once, ", ")
}

// WaitingFor is the guesses a held part waits for; nil when it is not held.
func WaitingFor(held []Hold, part string) []string { return waitingFor(held, part) }
