package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/tui/common"
)

// TestConfidenceKeyOnPredict: ctrl+g, box open or closed, cycles how sure
// the focused guess is (sure, likely, guess, not said), saves it at once
// and shows it beside the box, at 80×24 and 40×12. Once the answer is out
// it stays as it was.
func TestConfidenceKeyOnPredict(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			root := labRoot(t, theDay)
			f := newFake(fakeAnswer{o: stubOutcome(theDay)})
			d := newDriver(t, testCommon(t, labs.Course{theDay}, root, f), size[0], size[1])
			d.keys("enter")
			d.tab(common.TabPredict)
			d.keys("e", "30", "enter", "up") // P1 recorded, focus back on it
			for _, want := range []predictions.Confidence{predictions.Sure, predictions.Likely, predictions.Hunch, ""} {
				d.send(tea.KeyMsg{Type: tea.KeyCtrlG})
				if got := loadSaved(t, root).Predictions["P1"].Confidence; got != want {
					t.Fatalf("after ctrl+g P1 is saved %q, want %q", got, want)
				}
				if want != "" {
					d.wantView(string(want))
				}
				checkFits(t, d.view(), size[0], size[1])
			}
			d.keys("esc")
			d.send(tea.KeyMsg{Type: tea.KeyCtrlG}) // box closed: the same key
			if got := loadSaved(t, root).Predictions["P1"].Confidence; got != predictions.Sure {
				t.Fatalf("ctrl+g with the box closed saved %q", got)
			}
		})
	}
}

// TestConfidenceOnTheScoreboard: a guess said "sure" and judged off shows
// its confidence beside the verdict and counts in the calibration line,
// which counts revealed guesses only; ctrl+g after the reveal changes
// nothing.
func TestConfidenceOnTheScoreboard(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		root := labRoot(t, theDay)
		predicted(t, root, allIDs()...)
		predictions.Update(root+"/predictions", theDay.Number, func(a *predictions.Answers) error {
			a.Set("P1", 30)
			a.SetConfidence("P1", predictions.Sure)
			a.SetConfidence("P7", predictions.Likely) // Part 4 never lands below: not counted
			return nil
		})
		o := reference()
		o.Impl = labs.Learner
		o.Parts = o.Parts[:3] // Parts 1–3 land; P7's part does not
		f := newFake(fakeAnswer{o: o})
		d := newDriver(t, testCommon(t, labs.Course{theDay}, root, f), size[0], size[1])
		d.keys("enter")
		d.tab(common.TabScore)
		d.keys("r")
		d.tab(common.TabScore)
		if !strings.Contains(d.view(), "· sure") {
			t.Fatalf("%v: no confidence beside P1's verdict:\n%s", size, d.view())
		}
		checkFits(t, d.view(), size[0], size[1])
		d.keys("G")
		found := ""
		for range 10 {
			v := strings.Join(strings.Fields(d.view()), " ")
			if i := strings.Index(v, "how often right:"); i >= 0 {
				found = v[i:]
				break
			}
			d.keys("up")
		}
		if !strings.HasPrefix(found, "how often right: sure 0 of 1 right") || strings.Contains(found[:min(len(found), 60)], "likely") {
			t.Errorf("%v: the calibration line is missing, wrong, or counts an unrevealed guess: %q\n%s", size, found, d.view())
		}
		d.tab(common.TabPredict)
		d.send(tea.KeyMsg{Type: tea.KeyCtrlG})
		if got := loadSaved(t, root).Predictions["P1"]; !got.Revealed || got.Confidence != predictions.Sure {
			t.Errorf("%v: ctrl+g after the reveal: P1 saved %+v", size, got)
		}
	}
}

// TestCalibrationAcrossDaysOnTheScoreboard: the Scoreboard shows, under
// the day's own calibration line, the line across every day, the other
// days' guesses judged against their reference: a revealed "sure" guess
// right and one off on Day 46, and a "sure" guess there not yet revealed,
// which must not count (nor show its answer). Before, only the shell's
// `run` said it. At 80×24 and 40×12.
func TestCalibrationAcrossDaysOnTheScoreboard(t *testing.T) {
	t.Parallel()
	second := theDay
	second.Number, second.Title = 46, "A second day"
	ref := reference().Metrics()
	actual := func(id string) float64 {
		p, _ := theDay.Prediction(id)
		return ref[p.Metric]
	}
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			root := labRoot(t, theDay)
			if _, err := predictions.Update(filepath.Join(root, "predictions"), second.Number, func(a *predictions.Answers) error {
				a.Set("P1", actual("P1"))
				a.Set("P2", actual("P2")*3+7)
				a.Set("P3", actual("P3")*3+7)
				for _, id := range []string{"P1", "P2", "P3"} {
					if err := a.SetConfidence(id, predictions.Sure); err != nil {
						return err
					}
				}
				a.Reveal("P1")
				a.Reveal("P2")
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			predicted(t, root, allIDs()...)
			predictions.Update(filepath.Join(root, "predictions"), theDay.Number, func(a *predictions.Answers) error {
				a.Set("P1", actual("P1")*3+7)
				return a.SetConfidence("P1", predictions.Likely)
			})
			o := reference()
			o.Impl = labs.Learner
			o.Parts = o.Parts[:1] // Part 1 lands: P1 and P2
			d := newDriver(t, testCommon(t, labs.Course{theDay, second}, root, newFake(fakeAnswer{o: o})), size[0], size[1])
			d.keys("enter")
			d.tab(common.TabScore)
			d.keys("r")
			d.tab(common.TabLesson)
			d.tab(common.TabScore)
			d.keys("G")
			found := ""
			for range 20 {
				v := flat(d.view())
				if i := strings.Index(v, "Across "); i >= 0 {
					found = v[i:]
					break
				}
				d.keys("up")
			}
			want := "Across 2 days: sure 1 of 2 right · likely 0 of 1 right"
			if !strings.HasPrefix(found, want) {
				t.Fatalf("the line across days is missing or wrong, want %q, found %q:\n%s", want, found, d.view())
			}
			checkFits(t, d.app.View(), size[0], size[1])
		})
	}
}
