package registry_test

import (
	"fmt"
	"strings"
	"testing"

	"termlab/author/kit"
	"termlab/labs"
	"termlab/labs/registry/full"
	"termlab/runner/testrun"
)

// actuals is the reference's metrics of day, the heavy parts included
// (a question of a heavy part, Day 45 P7, is read from it): every
// prediction's figure is among them. Played once (referenceOf).
func actuals(t *testing.T, day labs.Day) labs.Metrics {
	t.Helper()
	_, m := referenceOf(day)
	return m
}

// TestQuestionsStateWhatTheirAnswersDependOn: every prediction that names
// the figure answering it reads the part's figure there, and states every
// knob of that figure that moves its answer (kit.StatedKnobs, which the
// authors' check runs too). The default run checks the first such question
// of each day, the whole suite every one (testrun.Sampled): each is the
// figure played again for every knob it has (Day 46's P2 alone is over half
// a second of CPU), paid in a newcomer's first go test ./....
func TestQuestionsStateWhatTheirAnswersDependOn(t *testing.T) {
	for _, day := range full.Days {
		m := actuals(t, day)
		seen := 0
		for _, p := range day.Predictions {
			if p.Variant == nil {
				continue
			}
			if seen++; !testrun.Sampled(seen, 1) {
				continue
			}
			t.Run(day.Title+"/"+p.ID, func(t *testing.T) {
				for _, bad := range kit.StatedKnobs(day, p, m[p.Metric]) {
					t.Error(bad)
				}
			})
		}
	}
}

// TestAQuestionHidingAParameterIsCaught: the same questions with one
// stated setting taken out of the words (Day 45's P6 as it was first
// written, saying nothing of how long a burst lasts; Day 46's P2 and P3
// read as A switching in the middle of one run) fail the check, naming the knob left out.
// The default run tries the first two cases of each day, the whole suite
// every one (testrun.Sampled); each day's cheapest cases are listed first
// (Day 46's P3 and P2 without {from} are a second of CPU between them).
func TestAQuestionHidingAParameterIsCaught(t *testing.T) {
	cases := []struct {
		day       int
		id        string
		cut, knob string
	}{
		{45, "P6", ", each burst {spread}", "how a burst arrives"},
		{45, "P1", ", {spread}", "how a burst arrives"},
		{45, "P12", "holds {b}", "bucket holds"},
		{46, "P5", ", the capacity still {capacity}/s", "capacity"}, // as P5 was first written
		{46, "P3", " (bursts of {burst})", "each quota's burst"},
		{46, "P3", " {from}", "when A sends at its rate"},
		{46, "P2", " {from}", "when A sends at its rate"},
	}
	seen := map[int]int{}
	for _, c := range cases {
		if seen[c.day]++; !testrun.Sampled(seen[c.day], 2) {
			continue
		}
		t.Run(fmt.Sprint(c.day, c.id, c.knob), func(t *testing.T) {
			day, err := full.Days.Find(c.day)
			if err != nil {
				t.Skip(err)
			}
			var p labs.Prediction
			for _, q := range day.Predictions {
				if q.ID == c.id {
					p = q
				}
			}
			if p.Variant == nil || !strings.Contains(p.Variant.Ask, c.cut) {
				t.Fatalf("%s has no figure, or its template no %q", c.id, c.cut)
			}
			hidden := *p.Variant
			hidden.Ask = strings.Replace(hidden.Ask, c.cut, "", 1)
			p.Variant = &hidden
			f, _ := day.Figure(hidden.Figure)
			p.Question = hidden.Fill(f, f.Settle(hidden.At))
			m := actuals(t, day)
			bad := kit.StatedKnobs(day, p, m[p.Metric])
			if len(bad) != 1 || !strings.Contains(bad[0], c.knob) || !strings.Contains(bad[0], "does not state") {
				t.Fatalf("the check said %q; want one line naming %q as not stated", bad, c.knob)
			}
		})
	}
}
