package tui

import (
	"strings"
	"testing"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/tui/common"
)

// Issue 18: Day 46 Part 1's key result, the quiet tenants refused 58% of
// what they offered, reads at a glance without colour at 80×24: each quiet
// tenant's offered and served stand as numbers on its bars.
func TestDay46Part1ReadsWithoutColour(t *testing.T) {
	t.Parallel()
	day := theDay46
	o := day46Reference()
	o.Impl = labs.Learner
	c := testCommon(t, labs.Course{day}, labRoot(t, day), newFake(fakeAnswer{o: o}))
	c.Styles = plainStyles()
	d := newDriver(t, c, 80, 24)
	d.keys("enter")
	d.predictDue(nil)
	d.tab(common.TabRun)
	d.keys("S")
	for range d.day().run.Parts {
		d.keys("left")
	}
	var fig labs.Figure
	for _, f := range o.Parts[0].Figures {
		if f.Kind == labs.Bars {
			fig = f
		}
	}
	var pages strings.Builder
	for range 4 {
		checkFits(t, d.app.View(), 80, 24)
		pages.WriteString(d.view() + "\n")
		d.keys("pgdown")
	}
	for _, s := range fig.Series {
		for i := 1; i < len(s.Y); i++ { // the quiet tenants
			if v := predictions.FormatValue(s.Y[i], ""); !strings.Contains(pages.String(), " "+v+" ") {
				t.Errorf("tenant %v's %s (%s) is not on its bar:\n%s", s.X[i], s.Name, v, pages.String())
			}
		}
	}
}
