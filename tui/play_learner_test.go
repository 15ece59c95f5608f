package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	play45 "termlab/labs/day45/course/play"
	"termlab/record/predictions"
	solutions45 "termlab/solutions/day45"
	"termlab/tui/common"
	"termlab/tui/pages/play"
)

// learnerPlaying is a stand-in for the learner's worker whose TakeToken
// is take (the other TODOs the reference's), played in process.
func learnerPlaying(take func(float64, float64, float64, time.Duration) (float64, bool)) inProcessLearner {
	figs := play45.Figures(func(labs.Impl) (play45.Funcs, bool) {
		return play45.Funcs{TakeToken: take, WindowID: solutions45.WindowID, Expired: solutions45.Expired, NextEmit: solutions45.NextEmit}, true
	})
	return inProcessLearner{play: func(f labs.PlayFigure, v labs.Values) labs.Frame {
		for _, g := range figs {
			if g.ID == f.ID {
				return g.Play(labs.Learner, v)
			}
		}
		return labs.Frame{Figure: f.ID, Error: "no such figure"}
	}}
}

// A TakeToken that forgets the cap, graded failing: the loan figure plays
// it, says whose it is and which TODO fails, and draws its overfilled
// bucket beside the reference's, the fullest level read against the
// reference's. At 40×12 the screen still fits.
func TestPlayScreenShowsTheLearnersWrongBucketBesideTheReference(t *testing.T) {
	t.Parallel()
	failing := stubOutcome(theDay)
	failing.Grades[0].Status = labs.Fail
	c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), newFake(fakeAnswer{o: failing}))
	c.Deps.LearnerFrames = func(common.Deps, labs.Day) common.LearnerFrames {
		return learnerPlaying(func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
			tokens += rate * elapsed.Seconds() // the cap forgotten
			if tokens >= 1 {
				return tokens - 1, true
			}
			return tokens, false
		})
	}
	d := newDriver(t, c, 80, 24)
	d.keys("enter")
	d.answerAll(allGuesses())
	d.tab(common.TabPlay)
	d.keys("enter", "f", "enter") // reveal the calendar's, then the loan's
	d.keys("down", "down", "-")   // bursty → steady: the bucket idles and overfills
	d.wantView("Figure 2 of 3", "yours (TODOs 1, 4 failing)", "token bucket level (yours)", "token bucket level (reference)", "fullest 73.8 tokens [ref 14]")
	checkFits(t, d.app.View(), 80, 24)

	// One key plays the reference alone, and back.
	d.keys("i")
	d.wantView("reference (i: yours)")
	d.dontWantView("fullest 73.8 tokens [ref 14]")
	d.keys("i")
	d.wantView("yours (TODOs 1, 4 failing)")

	d.send(tea.WindowSizeMsg{Width: 40, Height: 12})
	checkFits(t, d.app.View(), 40, 12)
}

// Learner code that panics on a setting is said in a few lines, with the
// reference's chart under it; the screen goes on.
func TestPlayScreenSurvivesAPanickingTODO(t *testing.T) {
	t.Parallel()
	c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), newFake(fakeAnswer{o: stubOutcome(theDay)}))
	c.Deps.LearnerFrames = func(common.Deps, labs.Day) common.LearnerFrames {
		return inProcessLearner{play: func(f labs.PlayFigure, v labs.Values) labs.Frame {
			return labs.Frame{Figure: f.ID, Impl: labs.Learner, Values: v, Error: "crash: your code panicked: runtime error: index out of range [3] with length 3"}
		}}
	}
	d := newDriver(t, c, 80, 24)
	d.keys("enter")
	d.answerAll(allGuesses())
	d.tab(common.TabPlay)
	d.keys("enter")
	d.wantView("your code panicked", "(reference)", "fixed window")
	checkFits(t, d.app.View(), 80, 24)
	d.keys("+", "+")
	d.wantView("your code panicked")
}

// Keys that arrive in one read ("---") each count as a turn.
func TestPlayScreenCountsEveryKeyOfOneRead(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(fakeAnswer{o: stubOutcome(theDay)}), 80, 24)
	d.answerAll(allGuesses())
	d.tab(common.TabPlay)
	d.keys("enter")
	d.wantView("limit per window     100")
	d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("---")})
	d.wantView("limit per window     70", "fixed window  accepted 140")
	checkFits(t, d.app.View(), 80, 24)
}

// After new code is graded, the screen's learner session is replaced and
// warmed in the background, before any knob turn asks for it.
func TestPlayScreenWarmsTheNextWorker(t *testing.T) {
	t.Parallel()
	twoPasses := stubOutcome(theDay)
	twoPasses.Grades[1].Status = labs.Pass
	warmed := 0
	c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), newFake(fakeAnswer{o: stubOutcome(theDay)}, fakeAnswer{o: twoPasses}))
	c.Deps.LearnerFrames = func(common.Deps, labs.Day) common.LearnerFrames { return &countingLearner{warmed: &warmed} }
	d := newDriver(t, c, 80, 24)
	d.keys("enter")
	d.answerAll(allGuesses())
	d.tab(common.TabPlay)
	d.keys("enter")
	before := warmed
	d.tab(common.TabRun)
	d.keys("r") // a run lands with new code, the Play screen not in view
	if warmed != before+1 {
		t.Fatalf("the next worker was warmed %d times after the run, want once", warmed-before)
	}
}

type countingLearner struct {
	inProcessLearner
	warmed *int
}

func (l *countingLearner) Warm() { *l.warmed++ }

// Every figure of the day at 80×24 and at 40×12: the screen fits, and
// each readout group's key figure stays in view.
func TestPlayScreenKeepsTheKeyFigureInView(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(fakeAnswer{o: stubOutcome(theDay)}), 80, 24)
	d.answerAll(allGuesses())
	d.tab(common.TabPlay)
	for i, f := range theDay.Figures {
		d.keys("enter") // reveal what this figure shows, if anything is left
		for _, size := range [][2]int{{80, 24}, {40, 12}} {
			d.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			v := d.app.View()
			checkFits(t, v, size[0], size[1])
			pm := d.day().screens[common.TabPlay].(*play.Model)
			if pm.Frame == nil || len(pm.Frame.Readouts) == 0 {
				t.Fatalf("%s: no frame", f.ID)
			}
			first := pm.Frame.Readouts[0]
			group, _, _ := strings.Cut(first.Label, ": ")
			if !strings.Contains(v, group) || !strings.Contains(v, predictions.FormatValue(first.Value, "")) {
				t.Errorf("%s at %d×%d: the key figure (%s %g) is not in view:\n%s", f.ID, size[0], size[1], first.Label, first.Value, v)
			}
		}
		d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
		if i < len(theDay.Figures)-1 {
			d.keys("f")
		}
	}
}
