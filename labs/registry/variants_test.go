package registry_test

import (
	"math"
	"math/rand/v2"
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
// reason, never dealt; one with neither a figure nor a reason is named as
// having no figure yet. Every question with a figure or a reason is one
// or the other, never both.
func TestAQuestionWithFixedNumbersSaysWhy(t *testing.T) {
	fixed := 0
	for _, day := range full.Days {
		for _, p := range day.Predictions {
			if p.Variant != nil && p.Fixed != "" {
				t.Errorf("Day %d %s has a figure and says its numbers cannot change", day.Number, p.ID)
			}
			if p.Fixed == "" {
				continue
			}
			fixed++
			_, err := session.PracticeOf(day, p.ID)
			if err == nil || !strings.Contains(err.Error(), "cannot be asked with new numbers: "+p.Fixed) {
				t.Errorf("Day %d %s: practice says %v, want its reason", day.Number, p.ID, err)
			}
		}
	}
	if fixed == 0 {
		t.Fatal("no question says its numbers cannot change: the case is not tried")
	}
}
