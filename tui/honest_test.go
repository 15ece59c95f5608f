package tui

import (
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/tui/common"
)

// brokenTakeToken is a run of the learner's code whose TakeToken fails its
// grade and lets only 18 of the burst in (the reference lets 20).
func brokenTakeToken() labs.Outcome {
	o := reference()
	o.Impl = labs.Learner
	o.Grades = slices.Clone(o.Grades)
	o.Grades[0] = labs.Grade{TODO: 1, Func: "TakeToken", Status: labs.Fail, Detail: "refill too small"}
	o.Parts = slices.Clone(o.Parts)
	for i, p := range o.Parts {
		if p.ID != "1" {
			continue
		}
		p.Metrics = slices.Clone(p.Metrics)
		for j, m := range p.Metrics {
			if m.Name == "token_burst_accepted" {
				p.Metrics[j].Value = 18
			}
		}
		o.Parts[i] = p
	}
	return o
}

// TestABrokenTODOLeavesASpotOnGuessSpotOn: the guess is judged against the
// reference; the learner's code's figure is shown beside it, naming the
// TODO that moved it.
func TestABrokenTODOLeavesASpotOnGuessSpotOn(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		f := newFake(refAnswer())
		d, _ := openDay(t, f, size[0], size[1])
		d.answerAll(map[string]string{"P1": "20", "P2": "5"})
		d.tab(common.TabScore)
		if size[0] == 80 {
			d.wantView("P1   20 requests       20 requests       ✓ spot on (exact)", "P2   5/s")
		}
		d.dontWantView("your TakeToken")
		checkFits(t, d.view(), size[0], size[1])

		f.set(fakeAnswer{o: brokenTakeToken()})
		d.keys("ctrl+r")
		d.tab(common.TabScore)
		if size[0] == 80 {
			d.wantView("P1   20 requests       20 requests       ✓ spot on (exact)",
				"your TakeToken (TODO 1) gives 18 requests here; the reference gives 20", "requests, and the guess is judged on that")
		} else {
			d.wantView("P1   20       20", "✓ spot on (exact)", "your TakeToken (TODO 1) gives 18")
		}
		checkFits(t, d.view(), size[0], size[1])
	}
}

// TestALuckyBugDoesNotMakeAWrongGuessRight: the code gives 18, the guess
// is 18, the reference says 20: the verdict is about 20.
func TestALuckyBugDoesNotMakeAWrongGuessRight(t *testing.T) {
	t.Parallel()
	f := newFake(fakeAnswer{o: brokenTakeToken()})
	d, _ := openDay(t, f, 80, 24)
	d.answerAll(map[string]string{"P1": "18"})
	d.tab(common.TabScore)
	d.wantView("P1   18 requests       20 requests       ≈ close enough (10% under)", "gives 18 requests here")
}

// TestDrillsShowThreeStates: right, partly and missed are three glyphs
// (the test's styles have no colour, as under NO_COLOR), and a number may
// be written as a fraction or a percentage.
func TestDrillsShowThreeStates(t *testing.T) {
	t.Parallel()
	d, root := openDay(t, newFake(refAnswer()), 80, 24)
	guessWhatDrillsWaitFor(t, d, root)
	d.keys("6")
	d.keys("enter", "500", "down", "7", "enter") // D1: one of two right
	d.wantView("D1 is partly right")
	d.keys("down", "enter", "60", "enter") // D2: missed
	d.keys("down", "down", "enter", "it says when", "enter", "p")
	d4 := loadSaved(t, root).Drills["D4"]
	if d4.Mark != predictions.MarkPartly {
		t.Fatalf("D4 saved as %+v", d4)
	}
	d.keys("down", "enter", "2000/2", "enter") // D5: 1000, as a fraction
	d.wantView("D5 is right")
	d.keys("up", "up", "up", "up")
	v := d.view()
	for _, want := range []string{"D1 ◐", "D2 ✗", "D3 ·", "D4 ◐", "D5 ✓"} {
		if !strings.Contains(strings.Join(strings.Fields(v), " "), want) {
			t.Errorf("the drill list lacks %q:\n%s", want, v)
		}
	}
	checkFits(t, v, 80, 24)
}

// TestHowToThinkIsShownOnRequestAndRecorded: the reasoning is hidden until
// asked for, and the request is saved before the guess.
func TestHowToThinkIsShownOnRequestAndRecorded(t *testing.T) {
	t.Parallel()
	d, root := openDay(t, newFake(refAnswer()), 80, 24)
	d.tab(common.TabPredict)
	p1 := theDay.Predictions[0]
	d.wantView("ctrl+t: how to think about it", "(in that one instant)")
	d.dontWantView(p1.Think[:30])
	d.send(tea.KeyMsg{Type: tea.KeyCtrlT})
	d.wantView("how to think about it: " + p1.Think[:20])
	g := loadSaved(t, root).Predictions["P1"]
	if !g.AskedHow || !g.ThoughtFirst || g.Value != nil {
		t.Fatalf("P1 saved as %+v after ctrl+t", g)
	}
	checkFits(t, d.view(), 80, 24)
}
