package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/tui/common"
)

// The free-text drill's box (components/editor) on the real screen at 80×24 and
// 40×12: up moves between its lines, wide characters wrap by their width,
// an answer taller than the box (or the screen) scrolls with the cursor, the help line
// keeps saying what enter and alt+enter do (where it has room), and enter
// saves what the box holds.
func TestAFreeTextAnswerEditsInItsBox(t *testing.T) {
	t.Parallel()
	self := -1
	for i, dr := range theDay.Drills {
		if dr.Kind == labs.DrillSelf {
			self = i
		}
	}
	if self < 0 {
		t.Skip("the day has no free-text drill")
	}
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			t.Parallel() // each size has a lab and a driver of its own
			d, root := openDay(t, newFake(refAnswer()), w, h)
			d.tab(common.TabDrills)
			for range self {
				d.keys("down")
			}
			d.keys("enter", "the bucket refills")
			d.send(tea.KeyMsg{Type: tea.KeyEnter, Alt: true})
			d.keys("日本 second line", "up", "X") // up: to the first line, the same column
			d.wantView("the bucket refilXls", "日本 second line")
			if w >= 80 { // at 40 columns the help line keeps its first key
				d.wantView("enter check", "alt+enter new line")
			}
			checkFits(t, d.app.View(), w, h)
			// Taller than the box: the rows with the cursor stay in view.
			d.keys("down")
			for i := range 60 {
				d.keys(fmt.Sprintf(" word%02d", i))
			}
			d.wantView("word59")
			checkFits(t, d.app.View(), w, h)
			// Back to the top of the box: its first row comes into view.
			d.send(tea.KeyMsg{Type: tea.KeyCtrlHome})
			d.keys("Y")
			d.wantView("Ythe bucket")
			checkFits(t, d.app.View(), w, h)
			d.send(tea.KeyMsg{Type: tea.KeyCtrlEnd})
			d.wantView("word59")
			d.keys("enter")
			id := theDay.Drills[self].ID
			got := loadSaved(t, root).Drills[id].Answers
			want := "Ythe bucket refilXls\n日本 second line"
			for i := range 60 {
				want += fmt.Sprintf(" word%02d", i)
			}
			if len(got) != 1 || got[0] != want {
				t.Fatalf("%s saved as %q, want %q", id, got, want)
			}
			if !strings.Contains(flat(d.view()), id+" answered") {
				t.Fatalf("the check is not told:\n%s", d.view())
			}
		})
	}
}

// A drill that asks a prediction's question in other numbers (Drill.After)
// stays shut until those guesses are in: enter only says what it waits
// for, no model answer shows and nothing is saved; once the guesses are
// made (here from the shell, which the screen reloads), it opens.
func TestADrillWaitsForTheGuessesItWouldGiveAway(t *testing.T) {
	t.Parallel()
	at := -1
	for i, dr := range theDay.Drills {
		if len(dr.After) > 0 {
			at = i
			break
		}
	}
	if at < 0 {
		t.Skip("the day has no drill that waits for a guess")
	}
	dr := theDay.Drills[at]
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			t.Parallel()
			d, root := openDay(t, newFake(refAnswer()), w, h)
			d.tab(common.TabDrills)
			for range at {
				d.keys("down")
			}
			d.keys("enter")
			wantWhole(t, d, dr.ID+" opens once")
			if v := flat(d.view()); strings.Contains(v, "Model answer") || strings.Contains(v, flat(dr.Model)[:30]) {
				t.Fatalf("%s's model answer shows before %v are in:\n%s", dr.ID, dr.After, d.view())
			}
			checkFits(t, d.app.View(), w, h)
			if _, ok := loadSaved(t, root).Drills[dr.ID]; ok {
				t.Fatalf("%s was saved as attempted while shut", dr.ID)
			}
			guesses := map[string]float64{}
			for _, id := range dr.After {
				guesses[id] = 1
			}
			cliPredict(t, root, guesses)
			d.run(reloadCmd(d.app.c.Deps)) // what the watcher sends on the change
			if strings.Contains(flat(d.view()), "would give") {
				t.Fatalf("%s still says it is shut after %v are in:\n%s", dr.ID, dr.After, d.view())
			}
			d.keys("enter")
			if !d.app.typing() {
				t.Fatalf("%s stays shut after %v are in:\n%s", dr.ID, dr.After, d.view())
			}
		})
	}
}
