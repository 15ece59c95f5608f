package session_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/record/session"
)

// TestPracticeIsOneEngine: every practicable question of every day deals
// settings that are not its own, asks them in words that state each dealt
// knob, and reads its answer only from a frame played at them; the record
// keeps the dealt numbers and no answer until a guess. A question with no
// figure, or none at all, is refused with words naming the ones that have.
func TestPracticeIsOneEngine(t *testing.T) {
	for _, p := range days() {
		ids := session.Practicable(p.day)
		for _, pr := range p.day.Predictions {
			px, err := session.PracticeOf(p.day, pr.ID)
			if pr.Variant == nil {
				if err == nil || !strings.Contains(err.Error(), strings.Join(ids, ", ")) {
					t.Errorf("day %d %s: no figure, yet %v", p.day.Number, pr.ID, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("day %d %s: %v", p.day.Number, pr.ID, err)
			}
			fresh := px.Fresh()
			if maps.Equal(fresh, px.F.Settle(pr.Variant.At)) {
				t.Errorf("day %d %s: dealt the question's own numbers %v", p.day.Number, pr.ID, fresh)
			}
			if px.Ask(pr.Variant.At) != pr.Question {
				t.Errorf("day %d %s: the template at its own numbers is not the question:\n%s\n%s", p.day.Number, pr.ID, px.Ask(pr.Variant.At), pr.Question)
			}
			a := predictions.New(p.day.Number)
			if px.Deal(fresh)(&a) == nil {
				t.Errorf("day %d %s: dealt before its reveal", p.day.Number, pr.ID)
			}
			a.Set(pr.ID, 1)
			a.Reveal(pr.ID)
			if err := px.Deal(fresh)(&a); err != nil {
				t.Fatalf("day %d %s: %v", p.day.Number, pr.ID, err)
			}
			if got := a.Practice[pr.ID]; !maps.Equal(got.Open, fresh) || len(got.Done) != 0 {
				t.Errorf("day %d %s: the record holds %+v after a deal", p.day.Number, pr.ID, got)
			}
			if _, err := px.Actual(labs.Frame{Error: "boom"}); err == nil {
				t.Errorf("day %d %s: a failed play gave an answer", p.day.Number, pr.ID)
			}
			if _, err := px.Actual(px.F.Play(labs.Reference, px.F.Settle(fresh))); err != nil {
				t.Errorf("day %d %s: %v", p.day.Number, pr.ID, err)
			}
		}
		if _, err := session.PracticeOf(p.day, "P99"); err == nil {
			t.Errorf("day %d: P99 has a practice", p.day.Number)
		}
	}
	// A question a new day has not given a figure yet, nor a reason: every
	// question of the course has one or the other now, so the case is made.
	d := days()[0].day
	d.Predictions = slices.Clone(d.Predictions)
	d.Predictions[0].Variant, d.Predictions[0].Fixed = nil, ""
	if _, err := session.PracticeOf(d, d.Predictions[0].ID); err == nil || !strings.Contains(err.Error(), "has no figure to deal new numbers from yet") {
		t.Errorf("a question with no figure and no reason: %v", err)
	}
}
