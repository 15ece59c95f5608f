package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/record/results"
	"termlab/tui/common"
	"termlab/tui/pages/history"
	resultspage "termlab/tui/pages/results"
	"termlab/tui/pages/run"
)

// cliPredict saves guesses the way `predict` does (predictions.Update is
// its whole save path), from outside the screens.
func cliPredict(t *testing.T, root string, guesses map[string]float64) {
	t.Helper()
	_, err := predictions.Update(filepath.Join(root, "predictions"), theDay.Number, func(a *predictions.Answers) error {
		for id, v := range guesses {
			a.Set(id, v)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func savedValue(t *testing.T, root, id string) (float64, bool) {
	t.Helper()
	return loadSaved(t, root).Value(id)
}

// A save from the shell while the screens hold the answers: the screens'
// next save keeps it, and they show it.
func TestCLISaveWhileTheScreensHoldAnswers(t *testing.T) {
	t.Parallel()
	d, root := openDay(t, newFake(refAnswer()), 80, 24)
	d.tab(common.TabPredict)
	d.keys("e", "20", "enter") // P1, on screen
	if v, ok := savedValue(t, root, "P1"); !ok || v != 20 {
		t.Fatalf("P1 saved as %v %v, want 20", v, ok)
	}

	cliPredict(t, root, map[string]float64{"P3": 777, "P1": 20}) // from another shell

	d.keys("30", "enter") // P2, on screen: its save must not undo the shell's
	for id, want := range map[string]float64{"P1": 20, "P2": 30, "P3": 777} {
		if v, ok := savedValue(t, root, id); !ok || v != want {
			t.Errorf("%s in the file: %v %v, want %v", id, v, ok, want)
		}
	}
	if v, ok := d.day().s.Answers.Value("P3"); !ok || v != 777 {
		t.Errorf("the screens hold P3 = %v %v, want the shell's 777", v, ok)
	}
	d.wantView("777")
}

// Drill answers and marks merge the same way: the screens' save of one
// drill keeps another saved meanwhile from outside.
func TestDrillSaveKeepsAnotherWritersDrill(t *testing.T) {
	t.Parallel()
	d, root := openDay(t, newFake(refAnswer()), 80, 40)
	dir := filepath.Join(root, "predictions")
	other := theDay.Drills[len(theDay.Drills)-1].ID // a drill of the day's: answers to none are dropped
	if _, err := predictions.Update(dir, theDay.Number, func(a *predictions.Answers) error {
		a.SetDrill(other, predictions.DrillAnswer{Answers: []string{"elsewhere"}, Attempted: true})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	first := theDay.Drills[0]
	d.tab(common.TabDrills)
	d.keys("enter")
	for range first.Fields {
		d.keys("1", "down")
	}
	d.keys("enter")
	saved := loadSaved(t, root)
	if !saved.Drills[first.ID].Attempted || !saved.Drills[other].Attempted {
		t.Errorf("drills in the file: %+v, want %s and the other writer's %s", saved.Drills, first.ID, other)
	}
}

// The watcher's reload shows answers saved from the shell without any save
// of the screens', in the form's boxes too; a change still on its way is
// not lost under the reload.
func TestReloadShowsAnswersSavedElsewhere(t *testing.T) {
	t.Parallel()
	d, root := openDay(t, newFake(refAnswer()), 80, 24)
	d.tab(common.TabPredict)
	cliPredict(t, root, map[string]float64{"P1": 42})
	d.run(reloadCmd(d.app.c.Deps)) // what the watcher sends on the change
	if v, ok := d.day().s.Answers.Value("P1"); !ok || v != 42 {
		t.Fatalf("after the reload the screens hold P1 = %v %v, want 42", v, ok)
	}
	if got := d.day().predict.Inputs[0].Value(); got != "42" {
		t.Errorf("P1's box holds %q, want 42", got)
	}

	// A change made on screen but not yet written survives a reload read
	// before it was written.
	s := &d.day().s
	stale := readAll(d.app.c.Deps)
	s.Change(d.app.c.Deps, func(a *predictions.Answers) { a.Set("P2", 7) }) // its Cmd not run yet
	d.send(stale)
	if v, ok := s.Answers.Value("P2"); !ok || v != 7 {
		t.Errorf("a reload dropped a change on its way: P2 = %v %v", v, ok)
	}
	d.run(common.WriteCmd(s.Rec))
	if v, ok := savedValue(t, root, "P2"); !ok || v != 7 {
		t.Errorf("P2 in the file: %v %v, want 7", v, ok)
	}
	// A state read before that write can no longer replace it on screen.
	d.send(stale)
	if v, ok := s.Answers.Value("P2"); !ok || v != 7 {
		t.Errorf("an older read replaced a newer save: P2 = %v %v", v, ok)
	}
}

// Predictions saved from the shell while the scoreboard is on screen land
// their parts at once, with no key pressed, as a guess typed on the
// Predict screen does.
func TestReloadLandsThePartsItsPredictionsOpen(t *testing.T) {
	t.Parallel()
	d, root := openDay(t, newFake(refAnswer()), 80, 24)
	d.tab(common.TabScore)
	d.wantView("P4   —")
	cliPredict(t, root, map[string]float64{"P1": 20, "P2": 10, "P3": 200, "P4": 100, "P5": 10, "P6": 20})
	d.run(reloadCmd(d.app.c.Deps))
	d.wantView("P4   100 requests      100 requests      ✓ spot on (exact)")
	if !d.day().s.Answers.Predictions["P4"].Revealed {
		t.Error("P4's actual is on screen but its reveal is not on record")
	}
}

// A day's file made unusable under the screens (a hand edit saved half
// way) is kept aside by the store and starts empty; the lab puts back the
// answers it had read from it, reveals included, so nothing the learner
// did is gone and no guess can be made again after its actual. It says so,
// with where the damaged file went. Whether the reload finds the damage or
// the screens' next save does, and whether the day is open or not.
func TestADamagedFileGetsTheAnswersBack(t *testing.T) {
	t.Parallel()
	guesses := map[string]float64{"P1": 20, "P2": 10, "P3": 200, "P4": 100, "P5": 10, "P6": 20}
	damage := func(t *testing.T, root string) {
		t.Helper()
		write(t, predictions.Path(filepath.Join(root, "predictions"), theDay.Number), `{"day": 45, "predictions": {"P1": {"value": "tw`)
	}
	wantBack := func(t *testing.T, root string, also map[string]float64) {
		t.Helper()
		saved := loadSaved(t, root)
		for id, v := range guesses {
			if got, ok := saved.Value(id); !ok || got != v {
				t.Errorf("%s in the file after the put-back: %v %v, want %v", id, got, ok, v)
			}
		}
		for id, v := range also {
			if got, ok := saved.Value(id); !ok || got != v {
				t.Errorf("%s, saved after the damage, in the file: %v %v, want %v", id, got, ok, v)
			}
		}
		if g := saved.Predictions["P4"]; !g.Revealed || g.Scored == nil || *g.Scored != 100 {
			t.Errorf("P4's reveal did not come back: %+v", g)
		}
		kept, _ := filepath.Glob(predictions.Path(filepath.Join(root, "predictions"), theDay.Number) + ".corrupt-*")
		if len(kept) != 1 {
			t.Errorf("the damaged file was not kept aside once: %v", kept)
		}
	}
	// The note keeps where the file went in view at 80 columns.
	wantNote := func(t *testing.T, d *driver, root string) {
		t.Helper()
		kept, _ := filepath.Glob(predictions.Path(filepath.Join(root, "predictions"), theDay.Number) + ".corrupt-*")
		v := d.app.View()
		flat := strings.Join(strings.Fields(ansi.Strip(v)), "")
		if len(kept) != 1 || !strings.Contains(flat, "answersputback") {
			t.Errorf("no note that the answers are back:\n%s", v)
		} else if rel, _ := filepath.Rel(root, kept[0]); !strings.Contains(flat, rel) {
			t.Errorf("the note lost the kept-as path %s:\n%s", rel, v)
		}
		checkFits(t, v, 80, 24)
	}
	openWithAnswers := func(t *testing.T) (*driver, string) {
		d, root := openDay(t, newFake(refAnswer()), 80, 24)
		d.tab(common.TabScore)
		cliPredict(t, root, guesses)
		d.run(reloadCmd(d.app.c.Deps)) // Parts 1-3 land: P1-P6 revealed
		d.wantView("P4   100 requests      100 requests      ✓ spot on (exact)")
		return d, root
	}

	t.Run("found by a reload", func(t *testing.T) {
		d, root := openWithAnswers(t)
		damage(t, root)
		d.run(reloadCmd(d.app.c.Deps))
		d.wantView("P4   100 requests      100 requests      ✓ spot on (exact)")
		wantNote(t, d, root)
		wantBack(t, root, nil)
	})
	t.Run("found by a save", func(t *testing.T) {
		d, root := openWithAnswers(t)
		damage(t, root)
		d.tab(common.TabPredict)
		d.keys("e", "30", "enter") // the form opens on P7, the next due
		d.tab(common.TabScore)
		d.wantView("P4   100 requests      100 requests      ✓ spot on (exact)")
		wantBack(t, root, map[string]float64{"P7": 30})
	})
	t.Run("a day not open", func(t *testing.T) {
		root := labRoot(t, theDay)
		cliPredict(t, root, guesses)
		_, err := predictions.Update(filepath.Join(root, "predictions"), theDay.Number, func(a *predictions.Answers) error {
			a.Reveal("P4")
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		d := newDriver(t, testCommon(t, labs.Course{theDay}, root, newFake()), 80, 24)
		damage(t, root)
		d.run(reloadCmd(d.app.c.Deps))
		d.wantView("Day 45")
		wantNote(t, d, root)
		wantBack(t, root, nil)
	})
	t.Run("nothing to put back", func(t *testing.T) {
		d, root := openDay(t, newFake(refAnswer()), 80, 24)
		damage(t, root)
		d.run(reloadCmd(d.app.c.Deps))
		d.wantView("could not be used; it", "was kept as")
		d.dontWantView("put back")
	})
}

// The real watcher sees a save from the shell and says so.
func TestStoreWatcherSeesAShellSave(t *testing.T) {
	t.Parallel()
	root := labRoot(t, theDay)
	c := testCommon(t, labs.Course{theDay}, root, newFake())
	w := newStoreWatcher(c.Deps)
	if err := startStoreWatch(c.Deps, w); err != nil {
		t.Fatalf("starting the watcher: %v", err)
	}
	defer w.Close()
	got := make(chan any, 1)
	go func() { got <- nextWatchCmd(w)() }()
	// Litter and locks are not the answers; then the real save.
	if err := os.WriteFile(filepath.Join(root, "predictions", ".day45.json.tmp-1"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	cliPredict(t, root, map[string]float64{"P1": 1})
	select {
	case m := <-got:
		if m, ok := m.(watchMsg); !ok || m.err != nil || m.ev.Lost != nil || m.ev.Name == "" {
			t.Fatalf("the watcher sent %#v", m)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no event for a save in predictions/ (waited 10 s)")
	}
}

// seedAll saves a guess for every prediction, as a learner who predicted
// from the shell would have.
func seedAll(t *testing.T, root string) {
	t.Helper()
	guesses := map[string]float64{}
	for _, p := range theDay.Predictions {
		guesses[p.ID] = 1
	}
	cliPredict(t, root, guesses)
}

// stubAnswer is a run of the shipped stubs: nothing to reveal.
func stubAnswer() fakeAnswer { return fakeAnswer{o: stubOutcome(theDay)} }

// No actual shows on screen before its reveal is on record: when the
// reveal cannot be written, the run's parts keep their actuals hidden and
// do not play, the scoreboard has none, and RESULTS.md is not refreshed.
// Once the file can be written again, a re-run records and shows them.
func TestScreensHideActualsWhoseRevealFailed(t *testing.T) {
	t.Parallel()
	root := labRoot(t, theDay)
	seedAll(t, root)
	d := newDriver(t, testCommon(t, labs.Course{theDay}, root, newFake(stubAnswer(), refAnswer())), 80, 40)
	d.keys("enter")
	resultsBefore := readAny(filepath.Join(root, "RESULTS.md"))
	// predictions/ becomes something no save can write into (root too).
	dir := filepath.Join(root, "predictions")
	if err := os.Rename(dir, dir+".away"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	d.tab(common.TabRun)
	d.keys("r") // the reference run lands; its reveal cannot be written
	s := &d.day().s
	if s.Outcome == nil || s.Outcome.Impl != refAnswer().o.Impl || len(s.Outcome.Parts) == 0 {
		t.Fatal("the second run did not land")
	}
	for _, p := range s.Outcome.Parts {
		if s.IsRevealed(p) {
			t.Errorf("part %s is on the scoreboard though its reveal failed", p.ID)
		}
	}
	if s.RevealErr == nil {
		t.Fatal("no reveal error recorded")
	}
	for _, r := range s.Rows() {
		if r.Actual != nil {
			t.Errorf("%s shows its actual %v on the scoreboard", r.ID, *r.Actual)
		}
	}
	if d.day().run.Playing(s) {
		t.Error("the replay plays a part whose reveal failed")
	}
	d.wantView("The actuals stay hidden")
	if got := readAny(filepath.Join(root, "RESULTS.md")); got != resultsBefore {
		t.Errorf("RESULTS.md was refreshed with actuals whose reveal is not on record:\n%s", got)
	}

	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dir+".away", dir); err != nil {
		t.Fatal(err)
	}
	d.keys("r")
	for _, p := range s.Outcome.Parts {
		if !s.IsRevealed(p) {
			t.Errorf("after a re-run part %s is still not on the scoreboard (err %v)", p.ID, s.RevealErr)
		}
	}
	saved := loadSaved(t, root)
	for _, p := range theDay.Predictions {
		if !saved.Predictions[p.ID].Revealed {
			t.Errorf("%s not revealed in the file after the re-run", p.ID)
		}
	}
}

// A run's actuals show only after their reveal is in the file: between the
// landing and the save's answer nothing of them is on screen and the
// replay does not draw.
func TestActualsWaitForTheRevealOnRecord(t *testing.T) {
	t.Parallel()
	root := labRoot(t, theDay)
	seedAll(t, root)
	d := newDriver(t, testCommon(t, labs.Course{theDay}, root, newFake(stubAnswer())), 80, 40)
	d.hold = true
	d.keys("enter")
	d.tab(common.TabRun)
	day := d.day()
	s := &day.s
	ref := refAnswer().o
	// The run lands; its save (the Cmd) has not run yet.
	_, cmd := d.app.Update(run.OutcomeMsg{Gen: day.runGen, O: ref, At: time.Now()})
	if len(s.Recording) == 0 {
		t.Fatal("the landing records no reveal")
	}
	for _, p := range ref.Parts {
		if s.IsRevealed(p) {
			t.Fatalf("part %s is on the scoreboard before its reveal was written", p.ID)
		}
	}
	if day.run.Playing(s) {
		t.Fatal("the replay plays before the reveal is on record")
	}
	d.wantView("Recording that you have seen this part")
	if loadSaved(t, root).Predictions["P1"].Revealed {
		t.Fatal("revealed in the file before the save ran")
	}
	d.run(cmd)
	saved := loadSaved(t, root)
	if !saved.Predictions["P1"].Revealed {
		t.Fatal("P1 not revealed in the file")
	}
	if _, ok := saved.LastRun["token_burst_accepted"]; !ok {
		t.Fatal("part 1's metrics not saved as the last run")
	}
	if !s.IsRevealed(ref.Parts[0]) || !day.run.Playing(s) {
		t.Fatal("the part is not shown, or does not play, once its reveal is on record")
	}
	d.dontWantView("Recording that you have seen this part")
}

func readAny(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(data)
}

// A reveal whose write failed, and that lands after the guess was changed
// (here from the shell, once the disk is writable again), judges the guess
// as it stood when the lab first set out to reveal it: the change is a
// revision, never the guess on record.
func TestALateRevealKeepsTheRevision(t *testing.T) {
	t.Parallel()
	root := labRoot(t, theDay)
	seedAll(t, root) // every guess 1
	d := newDriver(t, testCommon(t, labs.Course{theDay}, root, newFake(stubAnswer(), refAnswer(), refAnswer())), 80, 40)
	d.keys("enter")
	dir := filepath.Join(root, "predictions")
	if err := os.Rename(dir, dir+".away"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	d.tab(common.TabRun)
	d.keys("r") // the run lands; its reveal cannot be written
	if d.day().s.RevealErr == nil {
		t.Fatal("no reveal error recorded")
	}
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dir+".away", dir); err != nil {
		t.Fatal(err)
	}
	cliPredict(t, root, map[string]float64{"P1": 2})
	d.keys("r") // the reveal lands now
	g := loadSaved(t, root).Predictions["P1"]
	if !g.Revealed || g.Scored == nil || *g.Scored != 1 || g.Value == nil || *g.Value != 2 || !g.Revised {
		t.Errorf("P1 in the file: %+v (scored %v), want 2 revised from the 1 on record", g, g.Scored)
	}
}

// A refresh of RESULTS.md that follows a run or a reveal does not push a
// problem off the status line (the put-back of a damaged file, above),
// but does replace a failed write of RESULTS.md itself.
func TestAnAutomaticResultsRefreshKeepsAProblemInView(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	s := &d.day().s
	s.SetNote("predictions/day45.json:1 could not be used: answers put back", true)
	d.send(resultspage.ResultsMsg{Auto: true})
	if !strings.Contains(s.Note, "answers put back") {
		t.Errorf("an automatic refresh replaced a problem: %q", s.Note)
	}
	d.send(resultspage.ResultsMsg{Auto: true, Err: errors.New("disk full")})
	d.send(resultspage.ResultsMsg{Auto: true})
	if s.Note != history.ResultsUpdatedNote || s.NoteBad {
		t.Errorf("a refresh that worked left the failed one's note: %q (bad %v)", s.Note, s.NoteBad)
	}
	s.SetNote("P1 saved", false)
	d.send(resultspage.ResultsMsg{Auto: true})
	if s.Note != history.ResultsUpdatedNote {
		t.Errorf("a plain note was not replaced by the refresh: %q", s.Note)
	}
	// A refresh that found the block already saying it wrote nothing, and
	// does not say it updated anything.
	s.SetNote("P1 saved", false)
	d.send(resultspage.ResultsMsg{Auto: true, Change: results.Same})
	if s.Note != "P1 saved" {
		t.Errorf("a refresh that wrote nothing said %q", s.Note)
	}
	d.send(resultspage.ResultsMsg{Change: results.Same})
	if !strings.Contains(s.Note, "already says this; nothing was written") {
		t.Errorf("the learner's write that changed nothing says %q", s.Note)
	}
}
