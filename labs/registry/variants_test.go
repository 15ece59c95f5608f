package registry_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/registry/full"
	"termlab/record/session"
)

// TestEveryDealtVariantPlays: practice deals new numbers from a question's
// figure and judges the learner against that figure on the reference. So
// every setting a deal can draw must play on the reference and give a
// finite answer: a variant that errs or reads NaN would be a question with
// no answer. Two seeded deals per question (Day 46 P9's figure plays 100
// deals of a 20 s flood: about 2 s a variant).
func TestEveryDealtVariantPlays(t *testing.T) {
	for _, day := range full.Days {
		for _, p := range day.Predictions {
			if p.Variant == nil {
				continue
			}
			t.Run(day.Title+"/"+p.ID, func(t *testing.T) {
				t.Parallel()
				px, err := session.PracticeOf(day, p.ID)
				if err != nil {
					t.Fatal(err)
				}
				rnd := rand.New(rand.NewPCG(uint64(day.Number), uint64(len(p.ID))))
				for range 2 {
					v := p.Variant.DealValues(px.F, rnd)
					actual, err := px.Actual(px.F.Play(labs.Reference, px.F.Settle(v)))
					if err != nil || math.IsNaN(actual) || math.IsInf(actual, 0) {
						t.Fatalf("the variant %v (%s) has no answer: %v, %v", v, px.Ask(v), actual, err)
					}
				}
			})
		}
	}
}

// TestAQuestionWithFixedNumbersSaysWhy: a question that cannot be asked
// with new numbers (labs.Prediction.Fixed) is refused by practice with its
// reason, never dealt nor offered; one with neither a figure nor a reason
// is named as having no figure yet. No real question is Fixed today, so
// the refusal is tried on a day made for it: a real day with its first
// question's figure taken away and a reason given instead. Every real
// question with a reason is tried the same way, and none has a figure and
// a reason both.
func TestAQuestionWithFixedNumbersSaysWhy(t *testing.T) {
	refused := func(t *testing.T, day labs.Day, p labs.Prediction) {
		t.Helper()
		_, err := session.PracticeOf(day, p.ID)
		if err == nil || !strings.Contains(err.Error(), p.ID+" cannot be asked with new numbers: "+p.Fixed) {
			t.Errorf("Day %d %s: practice says %v, want its reason", day.Number, p.ID, err)
		}
		if slices.Contains(session.Practicable(day), p.ID) {
			t.Errorf("Day %d %s is offered for practice though its numbers cannot change", day.Number, p.ID)
		}
	}
	for _, day := range full.Days {
		for _, p := range day.Predictions {
			if p.Variant != nil && p.Fixed != "" {
				t.Errorf("Day %d %s has a figure and says its numbers cannot change", day.Number, p.ID)
			}
			if p.Fixed != "" {
				refused(t, day, p)
			}
		}
	}
	day := full.Days[0]
	day.Predictions = slices.Clone(day.Predictions)
	p := &day.Predictions[0]
	if p.Variant == nil {
		t.Fatalf("Day %d %s has no figure to take away: the case is not tried", day.Number, p.ID)
	}
	p.Variant, p.Fixed = nil, "its numbers are the only ones the part can play"
	refused(t, day, *p)
	if others := session.Practicable(day); len(others) == 0 {
		t.Errorf("Day %d offers nothing once %s is fixed", day.Number, p.ID)
	} else if _, err := session.PracticeOf(day, p.ID); err != nil && !strings.Contains(err.Error(), "Practise one that can: "+strings.Join(others, ", ")) {
		t.Errorf("the refusal names not the questions that can be practised (%v): %v", others, err)
	}
}
