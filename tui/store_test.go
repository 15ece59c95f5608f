package tui

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"termlab/labs"
	"termlab/predictions"
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
	d, root := openDay(t, newFake(refAnswer()), 80, 24)
	d.tab(tabPredict)
	d.keys("20", "enter") // P1, on screen
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
	if v, ok := d.day().s.answers.Value("P3"); !ok || v != 777 {
		t.Errorf("the screens hold P3 = %v %v, want the shell's 777", v, ok)
	}
	d.wantView("777")
}

// Drill answers and marks merge the same way: the screens' save of one
// drill keeps another saved meanwhile from outside.
func TestDrillSaveKeepsAnotherWritersDrill(t *testing.T) {
	d, root := openDay(t, newFake(refAnswer()), 80, 40)
	dir := filepath.Join(root, "predictions")
	if _, err := predictions.Update(dir, theDay.Number, func(a *predictions.Answers) error {
		a.SetDrill("D9", predictions.DrillAnswer{Answers: []string{"elsewhere"}, Attempted: true})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	first := theDay.Drills[0]
	d.tab(tabDrills)
	d.keys("enter")
	for range first.Fields {
		d.keys("1", "tab")
	}
	d.keys("enter")
	saved := loadSaved(t, root)
	if !saved.Drills[first.ID].Attempted || !saved.Drills["D9"].Attempted {
		t.Errorf("drills in the file: %+v, want %s and the other writer's D9", saved.Drills, first.ID)
	}
}

// The watcher's reload shows answers saved from the shell without any save
// of the screens', in the form's boxes too; a change still on its way is
// not lost under the reload.
func TestReloadShowsAnswersSavedElsewhere(t *testing.T) {
	d, root := openDay(t, newFake(refAnswer()), 80, 24)
	d.tab(tabPredict)
	cliPredict(t, root, map[string]float64{"P1": 42})
	d.run(reloadCmd(d.app.c.deps)) // what the watcher sends on the change
	if v, ok := d.day().s.answers.Value("P1"); !ok || v != 42 {
		t.Fatalf("after the reload the screens hold P1 = %v %v, want 42", v, ok)
	}
	if got := d.day().predict.inputs[0].Value(); got != "42" {
		t.Errorf("P1's box holds %q, want 42", got)
	}

	// A change made on screen but not yet written survives a reload read
	// before it was written.
	s := &d.day().s
	stale := readAll(d.app.c.deps)
	s.change(d.app.c.deps, func(a *predictions.Answers) { a.Set("P2", 7) }) // its Cmd not run yet
	d.send(stale)
	if v, ok := s.answers.Value("P2"); !ok || v != 7 {
		t.Errorf("a reload dropped a change on its way: P2 = %v %v", v, ok)
	}
	d.run(writeCmd(d.app.c.deps, theDay.Number))
	if v, ok := savedValue(t, root, "P2"); !ok || v != 7 {
		t.Errorf("P2 in the file: %v %v, want 7", v, ok)
	}
	// A state read before that write can no longer replace it on screen.
	d.send(stale)
	if v, ok := s.answers.Value("P2"); !ok || v != 7 {
		t.Errorf("an older read replaced a newer save: P2 = %v %v", v, ok)
	}
}

// The real watcher sees a save from the shell and says so.
func TestStoreWatcherSeesAShellSave(t *testing.T) {
	root := labRoot(t, theDay)
	c := testCommon(t, labs.Course{theDay}, root, newFake())
	msg := startStoreWatchCmd(c.deps)()
	ready, ok := msg.(storeWatchMsg)
	if !ok || ready.err != nil {
		t.Fatalf("starting the watcher: %#v", msg)
	}
	defer ready.w.Close()
	got := make(chan any, 1)
	go func() { got <- waitStoreCmd(ready.w)() }()
	// Litter and locks are not the answers; then the real save.
	if err := os.WriteFile(filepath.Join(root, "predictions", ".day45.json.tmp-1"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	cliPredict(t, root, map[string]float64{"P1": 1})
	select {
	case m := <-got:
		if _, ok := m.(storeChangedMsg); !ok {
			t.Fatalf("the watcher sent %#v", m)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no event for a save in predictions/ (waited 10 s)")
	}
}

func TestAnswersEvent(t *testing.T) {
	for _, c := range []struct {
		name string
		op   fsnotify.Op
		want bool
	}{
		{"day45.json", fsnotify.Create, true},
		{"day45.json", fsnotify.Write, true},
		{"day45.json", fsnotify.Remove, true},
		{"day45.json", fsnotify.Chmod, false},
		{".day45.json.tmp-123", fsnotify.Create, false},
		{".day45.lock", fsnotify.Create, false},
		{"day45.json.corrupt-20260101-000000", fsnotify.Create, false},
		{"lab.json", fsnotify.Create, false},
	} {
		if got := answersEvent(fsnotify.Event{Name: "/x/predictions/" + c.name, Op: c.op}); got != c.want {
			t.Errorf("%s %v: %v, want %v", c.name, c.op, got, c.want)
		}
	}
}

// No actual shows on screen before its reveal is on record: when the
// reveal cannot be written, the run's parts keep their actuals hidden, the
// scoreboard has none, and RESULTS.md is not written.
func TestScreensHideActualsWhoseRevealFailed(t *testing.T) {
	d, root := openDay(t, newFake(refAnswer()), 80, 40)
	d.hold = true
	d.predictAll(nil)
	// predictions/ becomes something no save can write into (root too).
	dir := filepath.Join(root, "predictions")
	if err := os.Rename(dir, dir+".away"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	d.tab(tabRun)
	d.keys("S") // every part to the end
	s := &d.day().s
	if len(s.played) != 0 || s.revealErr == nil {
		t.Fatalf("played %d parts whose reveal failed (error %v)", len(s.played), s.revealErr)
	}
	d.wantView("The actuals stay hidden")
	for _, r := range s.rows() {
		if r.Actual != nil {
			t.Errorf("%s shows its actual %v on the scoreboard", r.ID, *r.Actual)
		}
	}
	d.tab(tabResults)
	d.keys("w")
	if _, err := os.Stat(filepath.Join(root, "RESULTS.md")); err == nil {
		t.Error("RESULTS.md was written with actuals whose reveal is not on record")
	}
	d.wantView("RESULTS.md was not updated")

	// Once the folder can be written again, a new run records and shows.
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dir+".away", dir); err != nil {
		t.Fatal(err)
	}
	d.tab(tabRun)
	d.keys("r")
	d.keys("S")
	if len(s.played) != len(s.outcome.Parts) {
		t.Fatalf("after a rerun %d of %d parts are on record (recording %d, err %v, note %q, cur %d)\n%s", len(s.played), len(s.outcome.Parts), len(s.recording), s.revealErr, s.note, d.day().run.cur, d.view())
	}
	for _, p := range theDay.Predictions {
		if !loadSaved(t, root).Predictions[p.ID].Revealed {
			t.Errorf("%s not revealed in the file after the rerun", p.ID)
		}
	}
}

// A part's actuals show only after its reveal is in the file: between the
// end of its replay and the save's answer the screen says it is recording.
func TestActualsWaitForTheRevealOnRecord(t *testing.T) {
	d, root := openDay(t, newFake(refAnswer()), 80, 40)
	d.hold = true
	d.predictAll(nil)
	d.tab(tabRun)
	s := &d.day().s
	run := d.day().run
	// Part 1 plays: its figures are its actuals, drawn, so its reveal is
	// on record before the first tick.
	if !loadSaved(t, root).Predictions["P1"].Revealed || len(d.held) != 1 {
		t.Fatalf("part 1 plays (%d ticks) but P1's reveal is not on record", len(d.held))
	}
	// Finish part 1 by hand without running the save's Cmd.
	cmd := run.finish(0, s)
	if _, ok := s.played[run.parts[0].res.ID]; ok {
		t.Fatal("the part counts as shown before its reveal was written")
	}
	run.shown = 0
	d.wantView("Recording that you have seen this part")
	if _, ok := loadSaved(t, root).LastRun["token_burst_accepted"]; ok {
		t.Fatal("part 1's metrics saved before the save ran")
	}
	d.run(cmd)
	if _, ok := loadSaved(t, root).LastRun["token_burst_accepted"]; !ok {
		t.Fatal("part 1's metrics not saved as the last run")
	}
	if _, ok := s.played[run.parts[0].res.ID]; !ok {
		t.Fatal("the part is not shown once its reveal is on record")
	}
	d.dontWantView("Recording that you have seen this part")
	d.wantView("Your predictions")
}

// A part whose reveal cannot be recorded as it is about to play never
// starts: no tick, no point drawn, and the screen says why.
func TestPartDoesNotPlayBeforeItsRevealIsOnRecord(t *testing.T) {
	d, root := openDay(t, newFake(refAnswer()), 80, 40)
	d.hold = true
	d.predictAll(nil)
	d.tab(tabRun)
	dir := filepath.Join(root, "predictions")
	if err := os.Rename(dir, dir+".away"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	d.held = nil
	d.keys("s") // part 1 ends; part 2 would start
	run := d.day().run
	if run.cur != 1 {
		t.Fatalf("the replay is at part index %d, want 1", run.cur)
	}
	p := run.parts[1]
	if len(d.held) != 0 || p.now != p.start || d.day().s.isOpen(p.res) {
		t.Fatalf("part 2 plays (%d ticks, at %v of %v) without its reveal on record", len(d.held), p.now, p.start)
	}
	d.keys(".") // a step by hand does not move it either
	if run.parts[1].now != p.start {
		t.Fatal("a step moved a part whose reveal is not on record")
	}
	d.wantView("The actuals stay hidden")
}
