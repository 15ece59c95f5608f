package tui

import (
	"strconv"
	"testing"

	"termlab/labs"
	"termlab/labs/registry/full"
)

// Every registered day, the skeletons of new-day included, on every screen
// at 80×24: with the stubs' outcome, with predictions typed, and with the
// reference's outcome (every part, figure and verdict drawn). The authors'
// check cannot import the screens (the lab's binary would link them twice
// over for nothing), so this test is the check's "renders at 80×24", and it
// reads the generated registry: a new day is covered without a line here.
func TestEveryRegisteredDayFits80x24(t *testing.T) {
	t.Parallel()
	if len(full.Days) == 0 {
		t.Fatal("no registered day")
	}
	const w, h = 80, 24
	for _, day := range full.Days {
		t.Run(strconv.Itoa(day.Number), func(t *testing.T) {
			t.Parallel() // each day has a lab and a driver of its own
			// Day 46's run is the dearest step here, and full.Days builds
			// the same day as theDay46 (day46course.New with the reference's
			// functions): its run is the one the other tests share.
			var ref labs.Outcome
			if day.Number == theDay46.Number {
				ref = day46Reference()
			} else {
				ref = day.Execute(labs.Reference)
			}
			ref.Impl = labs.Learner
			f := newFake(fakeAnswer{o: stubOutcome(day)})
			c := testCommon(t, labs.Course{day}, labRoot(t, day), f)
			c.Deps.RefMetrics = func(labs.Day) (labs.Metrics, error) { return ref.Metrics(), nil }
			d := newDriver(t, c, w, h)
			d.keys("enter")
			if got := d.day().s.Day.Number; got != day.Number {
				t.Fatalf("opened day %d", got)
			}
			visitAll(t, d, w, h)
			d.predictAll(nil)
			visitAll(t, d, w, h)
			f.set(fakeAnswer{o: ref})
			d.keys("r")
			visitAll(t, d, w, h)
			d.wantView(day.Title)
		})
	}
}
