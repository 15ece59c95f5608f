package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	day45 "termlab/labs/day45/course"
	"termlab/record/predictions"
	solutions45 "termlab/solutions/day45"
	"termlab/tui/common"
)

// The learner's data through the screens (issue 12, items 3, 4, 7, 8, 10
// and 11), each driven through the real model at 80×24.

// predicted writes answers for the given predictions before the lab opens,
// as a learner who predicted in an earlier session (or with `predict`).
func predicted(t *testing.T, root string, ids ...string) {
	t.Helper()
	a := predictions.New(theDay.Number)
	for _, id := range ids {
		a.Set(id, 1)
	}
	if _, err := predictions.Update(filepath.Join(root, "predictions"), a.Day, func(x *predictions.Answers) error { *x = a; return nil }); err != nil {
		t.Fatal(err)
	}
}

func allIDs() []string {
	var out []string
	for _, p := range theDay.Predictions {
		out = append(out, p.ID)
	}
	return out
}

// openPredicted opens Day 45 at 80×24 with the given predictions already
// made, on a runner that answers with the stubs first.
func openPredicted(t *testing.T, ids ...string) (*driver, *fakeRunner, string) {
	t.Helper()
	root := labRoot(t, theDay)
	predicted(t, root, ids...)
	f := newFake(fakeAnswer{o: stubOutcome(theDay)})
	d := newDriver(t, testCommon(t, labs.Course{theDay}, root, f), 80, 24)
	d.keys("enter")
	return d, f, root
}

// Item 3: after a save that fixes the TODOs, the actuals of predicted parts
// land on the scoreboard as the run finishes, whichever screen is open and
// with the replay paused; "waiting on TODO n" goes at once.
func TestTheScoreboardIsLiveOnEveryScreen(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		setup []string // keys before the run lands
		tab   int      // the screen open when it lands
	}{
		{"scoreboard", nil, common.TabScore},
		{"todos", nil, common.TabTODOs},
		{"lesson", nil, common.TabLesson},
		{"run, paused", []string{"space"}, common.TabRun},
		{"scoreboard, replay paused", []string{"space"}, common.TabScore},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, f, root := openPredicted(t, allIDs()...)
			d.tab(common.TabRun)
			d.keys(tc.setup...)
			d.tab(common.TabScore)
			if row := lineWith(d.view(), "P1 "); !strings.Contains(row, "waiting on TODO 1") {
				t.Fatalf("with the stubs P1 reads %q", row)
			}
			d.tab(tc.tab)
			d.hold = true // no replay tick runs: nothing is watched
			f.set(refAnswer())
			d.keys("r") // what a save does, after its debounce
			d.tab(common.TabScore)
			view := d.view()
			for id, want := range map[string]string{"P1 ": "20 requests", "P3 ": "200 requests", "P5 ": "10/s"} {
				row := lineWith(view, id)
				if !strings.Contains(row, want) || strings.Contains(row, "waiting") {
					t.Errorf("%s reads %q after the run landed on %s, want the actual %s", id, row, tc.name, want)
				}
			}
			a := loadSaved(t, root)
			if g := a.Predictions["P1"]; !g.Revealed || g.Scored == nil || *g.Scored != 1 {
				t.Errorf("P1 on disk: %+v, want revealed with its guess on record", g)
			}
			if _, ok := a.LastRun["fixed_boundary_accepted"]; !ok {
				t.Errorf("LastRun lacks Part 2's figures: %v", a.LastRun)
			}
			// The replay is still there to watch.
			d.tab(common.TabRun)
			if d.day().run.Shown != 0 || d.day().run.Parts[0].Done {
				t.Error("the landing played the replay out instead of leaving it to watch")
			}
		})
	}
}

// Item 3, the other half of the rule: no hindsight. A part whose
// predictions are still open keeps its actuals hidden.
func TestTheLiveScoreboardRevealsOnlyPredictedParts(t *testing.T) {
	t.Parallel()
	d, f, root := openPredicted(t, "P1", "P2", "P3", "P4", "P5", "P6")
	f.set(refAnswer())
	d.tab(common.TabScore)
	d.keys("r")
	a := loadSaved(t, root)
	for _, p := range theDay.Predictions {
		if want := p.Part <= "3"; a.Predictions[p.ID].Revealed != want {
			t.Errorf("%s revealed = %v, want %v", p.ID, !want, want)
		}
	}
	if _, ok := a.LastRun["fleet_local_delivered_rate"]; ok {
		t.Error("Part 4's actual is on record before P7 was made")
	}
}

// Item 4: every run that lands refreshes the lab's section of RESULTS.md,
// says so in the status line, keeps the learner's text, and holds only
// what the scoreboard shows.
func TestEveryRunRefreshesRESULTS(t *testing.T) {
	t.Parallel()
	d, f, root := openPredicted(t, "P1", "P2", "P3", "P4", "P5", "P6")
	path := filepath.Join(root, "RESULTS.md")
	d.tab(common.TabTODOs)
	f.set(refAnswer())
	d.keys("r")
	d.wantView("RESULTS.md updated")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no RESULTS.md after a run: %v", err)
	}
	ref := reference()
	// P1–P6 are the predictions of Parts 1–3: those parts' reports are
	// shown, the later parts' are not. Both kinds must be there to check.
	shownParts, hiddenParts := 0, 0
	for _, p := range ref.Parts {
		if len(p.Lines) == 0 {
			continue
		}
		n, err := strconv.Atoi(p.ID)
		if err != nil {
			t.Fatalf("Part %q: not a number: %v", p.ID, err)
		}
		shown := strings.Contains(string(b), p.Lines[0])
		want := n <= 3
		if shown != want {
			t.Errorf("Part %s's report in RESULTS.md = %v, want %v (its predictions made: %v)", p.ID, shown, want, want)
		}
		if want {
			shownParts++
		} else {
			hiddenParts++
		}
	}
	if shownParts == 0 || hiddenParts == 0 {
		t.Errorf("checked %d parts that must show and %d that must not: want some of each", shownParts, hiddenParts)
	}

	mine := strings.Replace(string(b), "> (your answer here)", "> Mine: 200 against 100.", 1)
	write(t, path, mine)
	d.tab(common.TabLesson)
	d.keys("r")
	// The same run: the block already says it, so nothing is written and
	// the status line does not say RESULTS.md was updated.
	d.wantView("✓ ran")
	d.dontWantView("RESULTS.md updated")
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "> Mine: 200 against 100.") {
		t.Fatal("a refresh lost the learner's text")
	}
}

// Item 7: the predict box shows what is stored; an edit after a record is
// marked unsaved until enter, and leaving the row puts the stored value
// back.
func TestThePredictBoxNeverShowsAnUnsavedValueAsRecorded(t *testing.T) {
	t.Parallel()
	d, _, root := openPredicted(t, allIDs()...)
	d.tab(common.TabPredict)
	last := len(theDay.Predictions) - 1
	d.keys("e")
	for range last {
		d.keys("down")
	}
	id := theDay.Predictions[last].ID
	d.keys("backspace", "40", "enter")
	if v, _ := loadSaved(t, root).Value(id); v != 40 {
		t.Fatalf("%s on disk = %v, want 40", id, v)
	}
	d.wantView("[40", "● recorded")

	d.keys("4") // the step: one more key after the record
	v := d.view()
	box := lineWith(v, "[404")
	if box == "" {
		t.Fatalf("the box does not show the edit:\n%s", v)
	}
	if strings.Contains(box, "recorded") || !strings.Contains(box, "not saved") {
		t.Fatalf("an edit not on file reads %q", box)
	}
	if v, _ := loadSaved(t, root).Value(id); v != 40 {
		t.Fatalf("%s on disk = %v after a key without enter", id, v)
	}

	d.keys("esc") // stop typing: the box shows the file's value
	d.dontWantView("404")
	d.wantView("[40")
	d.keys("enter", "4", "up", "down") // edit, leave, come back
	d.dontWantView("404")

	d.keys("4", "enter")
	if v, _ := loadSaved(t, root).Value(id); v != 404 {
		t.Fatalf("%s on disk = %v after enter, want 404", id, v)
	}
	d.wantView("[404", "● recorded")
}

// stub is a TODO left as shipped: it panics with labs.NotDone.
func stubbed(f day45.Funcs, todos ...int) day45.Funcs {
	for _, n := range todos {
		switch n {
		case 1:
			f.TakeToken = func(float64, float64, float64, time.Duration) (float64, bool) { panic(labs.NotDone) }
		case 2:
			f.WindowID = func(time.Duration, time.Duration) int64 { panic(labs.NotDone) }
		case 3:
			f.Expired = func(time.Duration, time.Duration, time.Duration) bool { panic(labs.NotDone) }
		case 4:
			f.NextEmit = func(time.Duration, time.Duration) time.Duration { panic(labs.NotDone) }
		}
	}
	return f
}

func outcomeWith(f day45.Funcs) labs.Outcome {
	o := labs.Outcome{Day: 45, Impl: labs.Learner, Parts: day45.RunWith(f)}
	for n := 1; n <= 4; n++ {
		o.Grades = append(o.Grades, day45.GradeWith(n, f, solutions45.Funcs))
	}
	return o
}

// Item 8: a missing actual names the TODO that stopped its part, the one
// the part's own header names, on the scoreboard and on the Run screen.
func TestWaitingNamesTheTODOThatStoppedThePart(t *testing.T) {
	t.Parallel()
	crashing := solutions45.Funcs
	crashing.TakeToken = func(float64, float64, float64, time.Duration) (float64, bool) {
		panic(errors.New("index out of range"))
	}
	for _, tc := range []struct {
		name       string
		f          day45.Funcs
		part, pred string
		header     string // the part's header on the Run screen
		row        string // its prediction's row
	}{
		{"TODO 1 stops Part 3, P5's TODO 4 also undone", stubbed(solutions45.Funcs, 1, 4), "3", "P5",
			"waiting on TODO 1", "waiting on TODO 1"},
		{"Part 5 and P9, TODOs 2 and 3 undone", stubbed(solutions45.Funcs, 2, 3), "5", "P9",
			"waiting on TODO 3", "waiting on TODO 3"},
		{"TODO 1 crashes Part 3, TODO 4 undone", stubbed(crashing, 4), "3", "P5",
			"TODO 1 crashed", "TODO 1 stopped the part"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, f, _ := openPredicted(t, allIDs()...)
			f.set(fakeAnswer{o: outcomeWith(tc.f)})
			d.keys("r")
			d.tab(common.TabScore)
			if row := scoreRow(d, tc.pred); !strings.Contains(row, tc.row) {
				t.Errorf("scoreboard: %s reads %q, want %q", tc.pred, row, tc.row)
			}
			d.tab(common.TabRun)
			d.keys("S")
			for range len(theDay.Parts) {
				d.keys("left")
			}
			for i := 0; d.day().run.Parts[d.day().run.Shown].Res.ID != tc.part; i++ {
				if i > len(theDay.Parts) {
					t.Fatalf("→ never reached Part %s", tc.part)
				}
				d.keys("right")
			}
			v := d.view()
			if !strings.Contains(v, tc.header) {
				t.Errorf("Part %s's header lacks %q:\n%s", tc.part, tc.header, v)
			}
			if row := lineWith(v, tc.pred+" "); !strings.Contains(row, tc.row) {
				t.Errorf("Run screen: %s reads %q, want %q", tc.pred, row, tc.row)
			}
		})
	}
}

// scoreRow is a prediction's row on the scoreboard, scrolled into view.
func scoreRow(d *driver, id string) string {
	d.t.Helper()
	d.keys("g")
	for range 60 {
		if row := lineWith(d.view(), id+" "); row != "" {
			return row
		}
		d.keys("down")
	}
	return ""
}

// Item 10: once a drill's model answer is out, its first verdict stays on
// record: a retry cannot turn a wrong answer into a right one.
func TestACheckedDrillKeepsItsFirstVerdict(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.tab(common.TabDrills)
	d.keys("down", "enter", "60", "enter") // D2: want 120
	d.wantView("Model answer", "✗ want 120 requests")
	d.keys("enter") // answer again, the model answer in view
	if d.app.typing() {
		d.keys("backspace", "backspace", "120", "enter")
	}
	a := d.day().s.Answers.Drills["D2"]
	if a.Correct == nil || *a.Correct || len(a.Answers) != 1 || a.Answers[0] != "60" {
		t.Fatalf("D2 after a retry with the model answer in view: %+v", a)
	}
	if !strings.Contains(d.view(), "› D2  ✗") {
		t.Fatalf("D2 no longer reads wrong:\n%s", d.view())
	}
	d.wantView("first attempt stays on record")
}

// Item 10: a free-text answer is a box of several lines (components/editor),
// wrapped at the screen's width, every word of it in view.
func TestAFreeTextAnswerIsAllInView(t *testing.T) {
	t.Parallel()
	d, root := openDay(t, newFake(refAnswer()), 80, 24)
	d.tab(common.TabDrills)
	var self int
	for i, dr := range theDay.Drills {
		if dr.Kind == labs.DrillSelf {
			self = i
		}
	}
	for range self {
		d.keys("down")
	}
	first := "It says when to come back, so a polite client waits instead of hammering the door"
	second := "and the limiter spends nothing on retries."
	d.keys("enter", first)
	d.send(tea.KeyMsg{Type: tea.KeyEnter, Alt: true}) // a new line
	d.keys(second)
	v := d.view()
	checkFits(t, d.app.View(), 80, 24)
	for _, w := range strings.Fields(first + " " + second) {
		if !strings.Contains(v, w) {
			t.Fatalf("the answer box hides %q:\n%s", w, v)
		}
	}
	d.keys("enter")
	id := theDay.Drills[self].ID
	if got := loadSaved(t, root).Drills[id].Answers; len(got) != 1 || got[0] != first+"\n"+second {
		t.Fatalf("%s saved as %q", id, got)
	}
}

// Item 11: the form asks for the course day's six, then each later part's
// just before it plays; a part plays once its own are in, and the screens
// never say nothing runs beside a finished run.
func TestPartsPlayAsTheirOwnPredictionsAreMade(t *testing.T) {
	t.Parallel()
	d, root := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true // the replay moves only when the test says
	d.tab(common.TabPredict)
	d.keys("e")
	for i := range 6 {
		if d.day().tab != common.TabPredict {
			t.Fatalf("the form left after %d predictions", i)
		}
		d.wantView("✓ ran")
		d.dontWantView("nothing runs")
		d.keys("1", "enter")
	}
	if d.day().tab != common.TabRun {
		t.Fatalf("P1–P6 made, the lab shows tab %d, want the run", d.day().tab)
	}
	d.wantView("Part 1")
	d.keys("S")                           // watch the course day to its end
	d.wantView("Part 4 waits for P7, P8") // said where the learner is
	d.keys("right", "right", "right")
	d.wantView("⏸ Part 4 waits for P7, P8")
	if loadSaved(t, root).Predictions["P7"].Revealed {
		t.Fatal("P7 revealed before it was made")
	}
	// Its charts are axes only: a bar would give P7 and P8 away.
	for _, l := range strings.Split(d.view(), "\n") {
		if _, plot, ok := strings.Cut(l, "│"); ok && strings.Trim(plot, " ┊") != "" {
			t.Fatalf("Part 4 draws data before its predictions: %q\n%s", l, d.view())
		}
	}
	d.keys("enter")
	if d.day().tab != common.TabPredict || theDay.Predictions[d.day().predict.Focus].ID != "P7" {
		t.Fatalf("enter on the waiting part opened tab %d at row %d, want the form at P7", d.day().tab, d.day().predict.Focus)
	}
	d.wantView("Part 4 plays once P7, P8 are made")
	d.keys("40", "enter", "10", "enter")
	if d.day().tab != common.TabRun {
		t.Fatalf("P7, P8 made, the lab shows tab %d, want the run", d.day().tab)
	}
	if a := loadSaved(t, root); !a.Predictions["P7"].Revealed || a.Predictions["P9"].Revealed {
		t.Fatalf("after P7, P8: P7 revealed %v, P9 revealed %v", a.Predictions["P7"].Revealed, a.Predictions["P9"].Revealed)
	}
	d.keys("S")
	d.wantView("Part 5 waits for P9")
}
