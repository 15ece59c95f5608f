package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/record/predictions"
	learner "termlab/record/session"
	"termlab/tui/common"
)

// TestAPracticeAnswerTheFileRefusesIsTold: an answer to a variant that
// does not reach the file is never shown as judged, the learner is told
// why on the status line and in the panel, and their guess waits in its
// box. Two ways it fails to land: the file cannot be written (here, a
// link out of the repository, which the store refuses), and another shell
// answered the same variant first (the file as reloaded refuses it).
// Before the fix, both showed the verdict and a streak the file did not
// hold, and the second said nothing at all. At 80×24 and 40×12.
func TestAPracticeAnswerTheFileRefusesIsTold(t *testing.T) {
	t.Parallel()
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			root := labRoot(t, theDay)
			c := testCommon(t, labs.Course{theDay}, root, newFake(refAnswer()))
			c.Deps.RefFrames = func(common.Deps, labs.Day) common.RefFrames { return &slowRef{} }
			d := newDriver(t, c, sz[0], sz[1])
			d.keys("enter")
			d.answerAll(map[string]string{"P1": "20"})
			d.tab(common.TabScore)
			d.keys("e", "esc") // a miss elsewhere waits for its line: pass
			px, err := learner.PracticeOf(theDay, "P1")
			if err != nil {
				t.Fatal(err)
			}
			sess := learner.Open(root, theDay)
			file := predictions.Path(sess.Dir(), theDay.Number)

			// 1. The file cannot be written.
			d.keys("n")
			open := loadSaved(t, root).Practice["P1"].Open
			if open == nil {
				t.Fatal("no variant on record after n")
			}
			actual, err := px.Actual(px.F.Play(labs.Reference, px.F.Settle(open)))
			if err != nil {
				t.Fatal(err)
			}
			body, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			outside := filepath.Join(t.TempDir(), "elsewhere.json")
			if err := os.WriteFile(outside, body, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(file); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, file); err != nil {
				t.Fatal(err)
			}
			typed := predictions.FormatValue(actual, "")
			d.keys(typed, "enter")
			v := flat(d.view())
			if !strings.Contains(v, "not saved") || strings.Contains(v, ", the reference ") {
				t.Fatalf("a failed save was shown as judged, or not told:\n%s", d.view())
			}
			a := &d.day().score.Ask
			if !a.POpen || !d.day().score.Typing() || d.day().score.GuessTyped() != typed {
				t.Fatalf("the guess was not kept in its open box: open %v, box %q", a.POpen, d.day().score.GuessTyped())
			}
			if d.day().s.Answers.Practice["P1"].Streak != 0 || len(d.day().s.Answers.Practice["P1"].Done) != 0 {
				t.Fatalf("the screens count an answer the file does not hold: %+v", d.day().s.Answers.Practice["P1"])
			}
			checkFits(t, d.app.View(), sz[0], sz[1])
			// The file is back: enter tries the same guess again, and it lands.
			if err := os.Remove(file); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, body, 0o644); err != nil {
				t.Fatal(err)
			}
			d.keys("enter")
			if got := loadSaved(t, root).Practice["P1"]; len(got.Done) != 1 || got.Done[0].Guess != actual || got.Streak != 1 {
				t.Fatalf("the retried guess is not on record: %+v", got)
			}
			d.wantView("the reference")

			// 2. Another shell answers the variant between the deal and the guess.
			d.keys("n")
			open = loadSaved(t, root).Practice["P1"].Open
			if open == nil {
				t.Fatal("no second variant on record after n")
			}
			if _, err := sess.Update(func(x *predictions.Answers) error {
				_, err := x.Answer("P1", open, -1, 1000) // off: the streak goes to 0
				return err
			}); err != nil {
				t.Fatal(err)
			}
			d.keys("5", "enter")
			v = flat(d.view())
			if !strings.Contains(v, "not saved") || !strings.Contains(v, "no variant is open") || strings.Contains(v, ", the reference ") {
				t.Fatalf("an answer the file refused was shown as judged, or not told:\n%s", d.view())
			}
			got := loadSaved(t, root).Practice["P1"]
			if len(got.Done) != 2 || got.Done[1].Guess != -1 || got.Streak != 0 {
				t.Fatalf("the other shell's answer was not kept: %+v", got)
			}
			if s := d.day().s.Answers.Practice["P1"]; s.Streak != 0 || len(s.Done) != 2 {
				t.Fatalf("the screens show a practice the file does not hold: %+v", s)
			}
			checkFits(t, d.app.View(), sz[0], sz[1])
		})
	}
}
