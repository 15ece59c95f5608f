package session

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"termlab/labs"
	"termlab/record/predictions"
)

// Practice is a revealed question asked again with new numbers, as every
// front end deals and judges it (the shell's `practice`, the Scoreboard):
// the question, and the figure that answers it at any setting of its knobs
// (labs.Variant). The answer of a variant is worked out only from a frame
// played once the learner's guess is in (Actual), so no front end holds it
// before; the record keeps the dealt numbers and the judged answers
// (predictions.Answers.Deal, Answer).
type Practice struct {
	P labs.Prediction
	F labs.PlayFigure
}

// PracticeOf is prediction id's practice, or why it has none: the day has
// no such prediction, or it names no figure to deal new numbers from.
func PracticeOf(day labs.Day, id string) (Practice, error) {
	p, ok := day.Prediction(id)
	if !ok {
		return Practice{}, fmt.Errorf("no prediction %q on Day %d (it has P1–P%d)", id, day.Number, len(day.Predictions))
	}
	var f labs.PlayFigure
	if p.Variant != nil {
		f, ok = day.Figure(p.Variant.Figure)
	}
	if p.Variant == nil && p.Fixed != "" {
		return Practice{}, fmt.Errorf("%s cannot be asked with new numbers: %s. Practise one that can: %s", id, p.Fixed, strings.Join(Practicable(day), ", "))
	}
	if p.Variant == nil || !ok {
		return Practice{}, fmt.Errorf("%s has no figure to deal new numbers from yet; practise one that has: %s", id, strings.Join(Practicable(day), ", "))
	}
	return Practice{P: p, F: f}, nil
}

// Practicable is the day's predictions that name a figure, in order.
func Practicable(day labs.Day) []string {
	var ids []string
	for _, p := range day.Predictions {
		if p.Variant != nil {
			if _, ok := day.Figure(p.Variant.Figure); ok {
				ids = append(ids, p.ID)
			}
		}
	}
	return ids
}

// Fresh is a new setting dealt at random from the figure's knobs, never the
// question's own (labs.Variant.DealValues).
func (p Practice) Fresh() labs.Values {
	return p.P.Variant.DealValues(p.F, rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())))
}

// Deal is the change that opens a variant at fresh, or keeps the one open
// (predictions.Answers.Deal): refused before the question is revealed.
func (p Practice) Deal(fresh labs.Values) func(*predictions.Answers) error {
	id := p.P.ID
	return func(a *predictions.Answers) error {
		_, err := a.Deal(id, fresh)
		return err
	}
}

// Ask is the question as the variant at open states it.
func (p Practice) Ask(open labs.Values) string { return p.P.Variant.Fill(p.F, p.F.Settle(open)) }

// Actual is the variant's answer read from fr, the figure played on the
// reference at the variant's numbers; an error when the play failed.
func (p Practice) Actual(fr labs.Frame) (float64, error) {
	r, ok := fr.Readout(p.P.Variant.Readout)
	if fr.Error != "" || !ok {
		why := fr.Error
		if why == "" {
			why = "no readout " + p.P.Variant.Readout
		}
		return 0, fmt.Errorf("the reference could not play the variant (%s)", why)
	}
	return r.Value, nil
}
