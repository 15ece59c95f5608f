package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/tui/common"
)

// The help line Update keeps is the one the state draws now, on every
// screen, in the long form and the short, at every size a learner moves
// through; and View only reads it. A key that missed one of the things the
// line depends on would show a stale line here after some step.
func TestTheKeptHelpLineIsTheOneDrawnNow(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d, _ := openDay(t, newFake(fakeAnswer{o: gradedOutcome()}), size[0], size[1])
		a := d.app
		check := func(step string) {
			t.Helper()
			_, km, showAll, lines := a.helpInputs()
			if want := a.drawHelp(km, showAll, lines); a.bar.text != want {
				t.Fatalf("%dx%d after %s: kept help line\n%q\nbut the state draws\n%q", size[0], size[1], step, a.bar.text, want)
			}
			before := a.bar
			a.View()
			if a.bar != before {
				t.Fatalf("%dx%d after %s: View changed the kept help line", size[0], size[1], step)
			}
		}
		check("opening the day")
		for tab := common.TabLesson; tab <= common.TabPlay; tab++ {
			d.tab(tab)
			check("tab " + string(rune('1'+tab)))
			d.keys("?")
			check("? on tab " + string(rune('1'+tab)))
			d.keys("?")
		}
		d.tab(common.TabPredict)
		d.keys("enter") // a box open: the typing keys
		check("opening the form's box")
		d.keys("esc")
		d.send(tea.WindowSizeMsg{Width: 50, Height: size[1]}) // the width alone
		check("narrowing to 50 columns")
		d.send(tea.WindowSizeMsg{Width: 120, Height: 40})
		check("growing to 120x40")
		d.send(tea.WindowSizeMsg{Width: 30, Height: 8})
		check("shrinking to 30x8")
		d.keys("esc")
		check("the day list")
	}
}
