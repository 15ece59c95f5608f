package tui

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"termlab/labs"
	"termlab/tui/common"
	"termlab/tui/pages/run"
)

// Issue 18 item 2: one verdict, one moment. As the verdicts of a run in
// flight land one by one, the TODO rows, the TODO header, the status line
// and the day list show the same count in the same frame.
func TestEveryPlaceShowsAVerdictInTheSameFrame(t *testing.T) {
	t.Parallel()
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			t.Parallel() // each size has a lab and a driver of its own
			d, _ := openDay(t, newFake(fakeAnswer{o: stubOutcome(theDay)}), sz[0], sz[1])
			m := d.day()
			if m.s.Passed() != 0 {
				t.Fatalf("the stubs pass %d", m.s.Passed())
			}
			d.hold = true // the build ticks wait: the run never ends here
			m.startRun()  // a save: the run is in flight, its verdicts stream in
			ref := refAnswer().o
			var grades []labs.Grade
			for i, g := range ref.Grades {
				grades = append(grades, g)
				d.send(run.PartialMsg{Gen: m.runGen, O: labs.Outcome{Day: ref.Day, Grades: append([]labs.Grade(nil), grades...)}})
				want := i + 1
				if n := m.s.Passed(); n != want {
					t.Fatalf("after %d verdicts the session counts %d", want, n)
				}
				d.tab(common.TabTODOs)
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
	t.Parallel()
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			t.Parallel() // each size has a lab and a driver of its own
			d, _ := openDay(t, newFake(refAnswer()), sz[0], sz[1])
			d.answerAll(map[string]string{"P1": "15"})
			d.tab(common.TabScore)
			seen := map[string]string{}
			last := ""
			for range 100 { // to the bottom, a line at a time
				frame := d.app.View()
				if frame == last {
					break // down went no further: the bottom is read
				}
				last = frame
				v := ansi.Strip(frame)
				checkFits(t, frame, sz[0], sz[1])
				if !strings.Contains(v, "you") || !strings.Contains(v, "actual") || !strings.Contains(v, "verdict") {
					t.Fatalf("the column headings scrolled away:\n%s", v)
				}
				lines := strings.Split(v, "\n")
				for i, l := range lines {
					for _, p := range theDay.Predictions {
						if strings.HasPrefix(l, p.ID+" ") && len(l) > len(p.ID)+1 && l[len(p.ID)] == ' ' {
							// A narrow row carries its verdict on the line
							// under it (the columns leave it no room).
							if i+1 < len(lines) && !strings.ContainsAny(l, "✓≈✗") {
								l += " / " + strings.TrimSpace(lines[i+1])
							}
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

// Issue 18 item 3: screen numbers and tab change screens from every
// screen, an open box included for tab; digits go into a box only once it
// is opened (e or enter), esc closes it keeping the recorded value; ctrl+l
// redraws, and is in the full help.
func TestKeysChangeScreensAndBoxesOpenOnAsk(t *testing.T) {
	t.Parallel()
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			t.Parallel() // each size has a lab and a driver of its own
			d, root := openDay(t, newFake(refAnswer()), sz[0], sz[1])
			for from := range d.day().screens {
				for to := range d.day().screens {
					d.tab(from)
					d.keys(fmt.Sprint(to + 1))
					if d.day().tab != to {
						t.Fatalf("%d on screen %d opened %d", to+1, from+1, d.day().tab+1)
					}
				}
				d.tab(from)
				d.keys("tab")
				if want := (from + 1) % len(d.day().screens); d.day().tab != want {
					t.Fatalf("tab on screen %d opened %d, want %d", from+1, d.day().tab+1, want+1)
				}
			}
			// The form: closed until asked.
			d.tab(common.TabPredict)
			d.keys("5")
			if d.day().tab != 4 || d.day().s.Answered("P1") {
				t.Fatalf("5 on the form: tab %d, P1 answered %v", d.day().tab+1, d.day().s.Answered("P1"))
			}
			d.tab(common.TabPredict)
			d.wantView("enter or e to type")
			d.keys("e", "20", "enter")
			if v, _ := loadSaved(t, root).Value("P1"); v != 20 {
				t.Fatalf("P1 on disk %v after e 20 enter", v)
			}
			d.keys("up", "9", "esc") // an edit left with esc: the record stays
			if v, _ := d.day().s.Answers.Value("P1"); v != 20 || d.app.typing() {
				t.Fatalf("after esc P1 = %v, typing %v", v, d.app.typing())
			}
			d.keys("enter", "tab") // tab from an open box: the next screen
			if d.day().tab != common.TabRun || d.app.typing() {
				t.Fatalf("tab from an open box: tab %d, typing %v", d.day().tab+1, d.app.typing())
			}
			// ctrl+l clears and redraws the whole screen.
			_, cmd := d.app.Update(tea.KeyMsg{Type: tea.KeyCtrlL})
			if cmd == nil || fmt.Sprintf("%T", cmd()) != "tea.clearScreenMsg" {
				t.Fatal("ctrl+l does not redraw the screen")
			}
			// ? shows every key at every size: at 40×12 in the screen's place.
			d.keys("?")
			d.wantView("ctrl+l", "redraw", "shift+tab", "jump to screen", "go predict")
			checkFits(t, d.app.View(), sz[0], sz[1])
			d.keys("?")
			d.dontWantView("jump to screen")
		})
	}
}

// Issue 18 item 1: a save re-runs everything but replays only the parts
// whose results changed, says which ("Part 2 changed: your WindowID"), and
// the parts that did not change keep what they showed; the part on screen
// stays on screen.
func TestASaveReplaysOnlyWhatChanged(t *testing.T) {
	t.Parallel()
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			t.Parallel() // each size has a lab and a driver of its own
			a := refAnswer()
			f := newFake(a)
			d, _ := openDay(t, f, sz[0], sz[1])
			d.answerAll(nil)
			d.tab(common.TabRun)
			d.keys("S")
			rv := d.day().run
			for range rv.Parts {
				d.keys("left")
			}
			d.keys("right", "right", "right", "right") // Part 5 on screen
			before := map[string]run.PartPlay{}
			for _, p := range rv.Parts {
				before[p.Res.ID] = p
			}
			// A save that changes Part 2 only, and TODO 2's verdict with it.
			b := a
			b.o.Parts = append([]labs.PartResult(nil), a.o.Parts...)
			b.o.Grades = append([]labs.Grade(nil), a.o.Grades...)
			b.o.Grades[1].Detail += " (again)"
			p2 := b.o.Parts[1]
			p2.Lines = append(append([]string(nil), p2.Lines...), "a line the save added")
			b.o.Parts[1] = p2
			f.set(b)
			d.keys("r")
			if got := rv.Parts[rv.Shown].Res.ID; got != "5" {
				t.Fatalf("after the save the screen shows Part %s, want Part 5 still", got)
			}
			d.wantView("Part 2 changed: your WindowID")
			for _, p := range rv.Parts {
				switch {
				case p.Res.ID == "2" && p.Done:
					t.Error("Part 2 changed but did not wait to be replayed")
				case p.Res.ID != "2" && !reflect.DeepEqual(p, before[p.Res.ID]):
					t.Errorf("Part %s did not change but its replay was reset", p.Res.ID)
				}
			}
			for _, p := range theDay.Parts {
				if p.ID != "2" && strings.Contains(d.view(), "Part "+p.ID+" changed") {
					t.Errorf("Part %s is said to have changed:\n%s", p.ID, d.view())
				}
			}
		})
	}
}

// Issue 18 item 1, both days: a part that finishes stays on screen, saying
// what is next and which key goes there; the next part plays only when the
// learner moves to it; a part waiting for predictions says so in place.
func TestAPlayedPartStaysUntilTheLearnerMoves(t *testing.T) {
	t.Parallel()
	for _, day := range []labs.Day{theDay, theDay46} {
		for _, sz := range [][2]int{{80, 24}, {40, 12}} {
			t.Run(fmt.Sprintf("day%d/%dx%d", day.Number, sz[0], sz[1]), func(t *testing.T) {
				// Each size has a lab and a driver of its own; the day's
				// reference is played once for both.
				t.Parallel()
				o := referenceOf(day)
				o.Impl = labs.Learner
				c := testCommon(t, labs.Course{day}, labRoot(t, day), newFake(fakeAnswer{o: o}))
				d := newDriver(t, c, sz[0], sz[1])
				d.keys("enter")
				d.predictDue(nil) // the course day's: its parts may play
				d.tab(common.TabRun)
				rv := d.day().run
				// The driver plays every tick: Part 1 plays to its end, and stays.
				if rv.Shown != 0 || !rv.Parts[0].Done || rv.Parts[1].Done {
					t.Fatalf("after Part 1 played: on screen %d, Part 1 done %v, Part 2 done %v", rv.Shown, rv.Parts[0].Done, rv.Parts[1].Done)
				}
				wantFlat(t, d, "✓ Part 1 played", "next: Part 2", "→ plays it")
				checkFits(t, d.app.View(), sz[0], sz[1])
				d.keys("right")
				if rv.Shown != 1 || !rv.Parts[1].Done {
					t.Fatalf("→ did not play Part 2: on screen %d, done %v", rv.Shown, rv.Parts[1].Done)
				}
				// Past the course day: the first part beyond it waits.
				g, _ := d.day().s.Due()
				wait := -1
				for i, p := range rv.Parts {
					if p.Res.ID == g.Parts[0].ID {
						wait = i
					}
				}
				d.keys("S")
				for range rv.Parts {
					d.keys("left")
				}
				for range wait - 1 {
					d.keys("right")
				}
				wantFlat(t, d, "waits for "+common.IDs(g.Preds), "enter predicts")
				d.keys("right")
				wantFlat(t, d, "⏸ Part "+g.Parts[0].ID+" waits for "+common.IDs(g.Preds), "["+g.Parts[0].ID+" ⏸]")
				if sz[1] >= 24 {
					wantFlat(t, d, "Its charts are drawn once")
				}
				checkFits(t, d.app.View(), sz[0], sz[1])
				d.keys("enter")
				if d.day().tab != common.TabPredict || !d.app.typing() {
					t.Fatalf("enter on a waiting part: tab %d, typing %v; want the form, its box open", d.day().tab+1, d.app.typing())
				}
			})
		}
	}
}

// wantFlat is wantView with the screen's line breaks read as spaces: a
// narrow screen wraps what it says.
func wantFlat(t *testing.T, d *driver, parts ...string) {
	t.Helper()
	v := flat(d.app.View())
	for _, p := range parts {
		if !strings.Contains(v, flat(p)) {
			t.Fatalf("the screen lacks %q:\n%s", p, d.view())
		}
	}
}
