package session

import (
	"slices"

	"termlab/labs"
	"termlab/record/predictions"
)

// Redact is grades as they may leave the session: a counterexample whose
// input is a prediction's scenario (the grader tags it,
// labs.Counterexample.Answers) keeps the input and the learner's own
// figure, but its want and its hint, which would state or point at that
// prediction's answer, stay held until the prediction is revealed (a guess
// made but not on record could still be changed to the want). Graded
// reveals the ones already made or skipped before it shows them.
func Redact(day labs.Day, a predictions.Answers, grades []labs.Grade) []labs.Grade {
	out := slices.Clone(grades)
	for i, g := range out {
		ce := g.Counterexample
		if ce == nil {
			continue
		}
		var open []string
		for _, id := range ce.Answers {
			if !a.Predictions[id].Revealed {
				open = append(open, id)
			}
		}
		if len(open) == 0 {
			continue
		}
		held := *ce
		held.Want = "held back: this input is " + Names(open) + "'s question; predict " + Names(open) + " to see the answer it should give"
		g.Counterexample, g.Hint, g.HintID = &held, "", ""
		out[i] = g
	}
	return out
}
