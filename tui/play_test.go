package tui

import (
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/tui/common"
	"termlab/tui/pages/play"
)

// The Play screen stays shut until the course day's predictions are in,
// then plays each figure on the reference (the stubs do not pass), says so,
// redraws on a knob turn, pauses and steps, and fits 80×24 and 40×12.
func TestPlayScreenOpensAfterPredictionsAndTurnsKnobs(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(fakeAnswer{o: stubOutcome(theDay)}), 80, 24)
	d.tab(common.TabPlay)
	d.wantView("[9 Play]", "Figure 1 of 3", "opens once your predictions are in")
	d.dontWantView("accepted", "most in a window", "2× promise")
	d.keys("+") // a knob turn before the guesses changes nothing
	d.wantView("Figure 1 of 3", "opens once")
	d.keys("f", "f", "f") // the other figures wait too, and round it goes
	d.wantView("Figure 1 of 3", "opens once")
	checkFits(t, d.app.View(), 80, 24)

	d.answerAll(allGuesses())
	d.tab(common.TabPlay)
	// The playground is a reveal: it says which guesses opening it locks,
	// and opens on enter once they are on record.
	d.wantView("Figure 1 of 3", "Press enter to open this figure", "the answers to P1, P2, P3, P4, P5, P6, P7, P8, P9, P12,", "Opening it reveals them", "P7 = 40")
	d.dontWantView("accepted")
	checkFits(t, d.app.View(), 80, 24)
	d.keys("enter")
	if a := d.day().s.Rec.File(); !a.Predictions["P7"].Revealed || a.Predictions["P10"].Revealed {
		t.Fatalf("enter revealed %+v", a.Predictions)
	}
	d.wantView("Figure 1 of 3 · The calendar with a blind spot", "yours (TODOs 2, 3 failing)",
		"fixed window  accepted 200", "most in a window 200 (2× promise)", "sliding log  accepted 100", "flip")
	checkFits(t, d.app.View(), 80, 24)

	// Limit down a step: the fixed window now lets 2 × 90 through the flip.
	d.keys("-")
	d.wantView("limit per window     90", "fixed window  accepted 180", "(2× promise)")
	// The traffic knob: steady, three windows at 1.5 × the limit.
	d.keys("down", "down", "+")
	d.wantView("traffic              steady")
	d.dontWantView("fixed window  accepted 180 ·")

	d.keys("f")
	d.wantView("Figure 2 of 3", "Press enter to open this figure", "the answer to P10, not revealed yet")
	d.keys("enter")
	d.wantView("Figure 2 of 3 · A loan, not a calendar", "yours (TODOs 1, 4 failing)", "token bucket", "leaky meter", "leaky queue")
	d.keys("down", "down", "+") // bursty → flood
	d.wantView("traffic              flood", "long-run rate 10 /s (r = 10)")
	checkFits(t, d.app.View(), 80, 24)

	d.keys("f")
	d.wantView("Figure 3 of 3 · Eight honest servers", "delivered (long run) 80 /s (promise 10/s)")
	d.keys("down", "down", "+") // local → centralized
	d.wantView("counter              centralized", "delivered (long run) 10 /s")
	// The test clock plays a replay through at once: it stands at the end.
	pm := d.day().screens[common.TabPlay].(*play.Model)
	d.wantView("done")
	end := pm.Head
	d.keys("left", "left") // steps back, paused
	if !pm.Paused || pm.Head >= end {
		t.Fatalf("← did not step back and pause: %g → %g (paused %v)", end, pm.Head, pm.Paused)
	}
	d.wantView("paused")
	d.keys("right")
	d.keys("space") // plays on to the end
	if pm.Paused || pm.Head != end {
		t.Fatalf("space did not play on: at %g of %g (paused %v)", pm.Head, end, pm.Paused)
	}
	d.wantView("done")
	checkFits(t, d.app.View(), 80, 24)

	d.send(tea.WindowSizeMsg{Width: 40, Height: 12})
	checkFits(t, d.app.View(), 40, 12)
	d.wantView("Figure 3 of 3")
	d.keys("F")
	checkFits(t, d.app.View(), 40, 12)
	if v := d.view(); !strings.Contains(v, "Figure 2 of 3") {
		t.Fatalf("F did not go back a figure:\n%s", v)
	}
}

// The Play screen follows what happens while it is on screen, with no key
// pressed: predictions saved from the shell open it and it plays at once,
// and a run that lands after its replay stopped at the end asks again, for
// what the new code passes.
func TestPlayScreenFollowsTheLearner(t *testing.T) {
	t.Parallel()
	twoPasses := stubOutcome(theDay)
	twoPasses.Grades[1].Status = labs.Pass // TODO 2
	d, root := openDay(t, newFake(fakeAnswer{o: stubOutcome(theDay)}, fakeAnswer{o: twoPasses}), 80, 24)
	d.tab(common.TabPlay)
	d.wantView("opens once your predictions are in")

	guesses := map[string]float64{}
	for id, v := range allGuesses() {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatal(err)
		}
		guesses[id] = f
	}
	cliPredict(t, root, guesses)
	d.run(reloadCmd(d.app.c.Deps)) // what the watcher sends on the change
	d.wantView("Opening it reveals them")
	d.keys("enter")
	d.wantView("yours (TODOs 2, 3 failing)", "fixed window  accepted 200", "done")

	d.keys("r") // a run lands with TODO 2 passing; the replay stood at its end
	d.wantView("yours (TODO 3 failing)", "fixed window  accepted 200")
	checkFits(t, d.app.View(), 80, 24)
}
