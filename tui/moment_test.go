package tui

import (
	"fmt"
	"strings"
	"testing"

	"termlab/labs"
)

// Issue 18 item 2: one verdict, one moment. As the verdicts of a run in
// flight land one by one, the TODO rows, the TODO header, the status line
// and the day list show the same count in the same frame.
func TestEveryPlaceShowsAVerdictInTheSameFrame(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			d, _ := openDay(t, newFake(fakeAnswer{o: stubOutcome(theDay)}), sz[0], sz[1])
			m := d.day()
			if m.s.passed() != 0 {
				t.Fatalf("the stubs pass %d", m.s.passed())
			}
			d.hold = true // the build ticks wait: the run never ends here
			m.startRun()  // a save: the run is in flight, its verdicts stream in
			ref := refAnswer().o
			var grades []labs.Grade
			for i, g := range ref.Grades {
				grades = append(grades, g)
				d.send(partialMsg{gen: m.runGen, o: labs.Outcome{Day: ref.Day, Grades: append([]labs.Grade(nil), grades...)}})
				want := i + 1
				if n := m.s.passed(); n != want {
					t.Fatalf("after %d verdicts the session counts %d", want, n)
				}
				d.tab(tabTODOs)
				head := fmt.Sprintf("%d of %d passing", want, len(theDay.TODOs))
				rows := strings.Count(d.view(), "✓ pass")
				status, _ := m.status()
				if sz[1] >= 24 {
					// The 40×12 screen may cut the header; the count there is the
					// session's, checked above.
					d.wantView(head)
				}
				if rows != want {
					t.Fatalf("after %d verdicts %d rows say pass:\n%s", want, rows, d.view())
				}
				if !strings.Contains(status, fmt.Sprintf("%d/%d TODOs pass", want, len(theDay.TODOs))) {
					t.Fatalf("after %d verdicts the status line says %q", want, status)
				}
				if got := d.app.listAnswers()[theDay.Number].TODOsPassed; got != want {
					t.Fatalf("after %d verdicts the day list counts %d", want, got)
				}
			}
		})
	}
}

// Issue 18 item 5: the scoreboard's column headings stay on top as its rows
// scroll, and at 40×12 every verdict reads (short labels, not "…").
func TestScoreboardHeadingsStayAndNarrowRowsRead(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			d, _ := openDay(t, newFake(refAnswer()), sz[0], sz[1])
			d.predictAll(map[string]string{"P1": "15"})
			d.tab(tabScore)
			seen := map[string]string{}
			for range 100 { // to the bottom, a line at a time
				v := d.view()
				checkFits(t, d.app.View(), sz[0], sz[1])
				if !strings.Contains(v, "you") || !strings.Contains(v, "actual") || !strings.Contains(v, "verdict") {
					t.Fatalf("the column headings scrolled away:\n%s", v)
				}
				for _, l := range strings.Split(v, "\n") {
					for _, p := range theDay.Predictions {
						if strings.HasPrefix(l, p.ID+" ") && len(l) > len(p.ID)+1 && l[len(p.ID)] == ' ' {
							seen[p.ID] = l
						}
					}
				}
				d.keys("down")
			}
			for _, p := range theDay.Predictions {
				l, ok := seen[p.ID]
				if !ok {
					t.Errorf("%s's row never showed:\n%s", p.ID, d.view())
					continue
				}
				if strings.Contains(l, "…") || !strings.ContainsAny(l, "✓≈✗") {
					t.Errorf("%s's row does not read whole: %q", p.ID, l)
				}
			}
		})
	}
}
