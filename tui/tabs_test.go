package tui

import (
	"strings"
	"testing"

	"termlab/tui/common"
)

// At 80 columns the day's tab bar names every screen, the Scoreboard as
// "Score": the shell asks a page for its short title across the page's
// package (an unexported method there would never match, and the bar would
// fall back to bare numbers).
func TestTheTabBarNamesEveryScreenAt80Columns(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(fakeAnswer{o: gradedOutcome()}), 80, 24)
	for _, tab := range []int{common.TabLesson, common.TabRun} {
		d.tab(tab)
		bar := strings.Split(d.view(), "\n")[1]
		for _, want := range []string{"2 Predict", "4 Score", "5 TODOs", "9 Play"} {
			if !strings.Contains(bar, want) {
				t.Fatalf("the tab bar on tab %d lacks %q: %q", tab+1, want, bar)
			}
		}
	}
}
