package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"termlab/labs"
	day46 "termlab/labs/day46/course"
	"termlab/record/predictions"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	solutions46 "termlab/solutions/day46"
)

// waiter waits for text on a running program's screen: for limit, or as
// long as the test may run when that is longer (a loaded machine must not
// fail a test by being slow).
func waiter(t *testing.T, tm *teatest.TestModel, limit time.Duration) func(...string) {
	if end, ok := t.Deadline(); ok {
		limit = max(limit, time.Until(end)-time.Minute)
	}
	return func(parts ...string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
			for _, p := range parts {
				if !bytes.Contains(b, []byte(p)) {
					return false
				}
			}
			return true
		}, teatest.WithDuration(limit), teatest.WithCheckInterval(20*time.Millisecond))
	}
}

func press(tm *teatest.TestModel, keys ...string) {
	for _, k := range keys {
		if msg, ok := namedKey(k); ok {
			tm.Send(msg)
			continue
		}
		tm.Type(k)
	}
}

// The learner's whole path, in a real Bubble Tea program with real timers:
// pick the day, read the lesson, predict the course day's six (a word is
// refused with Parse's message), see the stubs wait on TODO 1, "fix" the
// code and re-run, watch the parts play, predict each later part as the
// replay reaches it, read the scoreboard, see the TODOs pass, do a drill
// and find RESULTS.md kept current.
func TestTheLearnersWholePath(t *testing.T) {
	t.Parallel()
	root := labRoot(t, theDay)
	f := newFake(fakeAnswer{o: stubOutcome(theDay)})
	c := testCommon(t, labs.Course{theDay}, root, f)
	c.Deps.After, c.Deps.Frame = tea.Tick, 10*time.Millisecond
	tm := teatest.NewTestModel(t, newApp(c), teatest.WithInitialTermSize(100, 40))
	wait := waiter(t, tm, 15*time.Second)

	wait("› Day 45  Rate limiting", "not started")
	press(tm, "enter")
	wait("[1 Lesson]", theDay.Lesson[0].Title)
	press(tm, "tab")
	wait("[2 Predict]", "Predict first")

	_, refused := predictions.Parse("ten", theDay.Predictions[0])
	press(tm, "e", "ten", "enter") // e opens the box
	wait(refused.Error())
	press(tm, "backspace", "backspace", "backspace")
	for range 6 { // P1–P6, the course day: then its parts play
		press(tm, "1", "enter")
	}
	wait("[3 Run]", "waiting on TODO 1")

	// The learner fills the TODOs; r re-runs, and RESULTS.md follows.
	f.set(refAnswer())
	press(tm, "r")
	wait("RESULTS.md updated")
	for range 4 {
		press(tm, "+") // ×16: a part in a third of a second
	}
	wait("✓ Part 1 played · next: Part 2") // played on real ticks, and it stays
	press(tm, "S")                         // the rest of the course day at once
	wait("Part 4 waits for P7, P8")
	press(tm, "enter") // to the form, for P7 and P8 only
	wait("[2 Predict]", "0 of 2 made")
	press(tm, "1", "enter", "1", "enter") // then back to the run
	for _, p := range []string{"5", "6", "7", "8"} {
		wait("[3 Run]")
		press(tm, "S")
		wait("Part " + p + " waits for")
		press(tm, "enter")
		wait("[2 Predict]", "0 of 1 made")
		press(tm, "1", "enter")
	}
	wait("[3 Run]")
	press(tm, "S")
	wait("✓ all parts played")
	press(tm, "4")
	wait("[4 Scoreboard]", "✗ off (95% under)", "Why did P1 come out differently")
	// The learner passes on their own line for P1–P3; each lab's why then
	// shows (and the rows grow past the screen, so G scrolls).
	press(tm, "e", "esc", "e", "esc", "e", "esc")
	p3, _ := theDay.Prediction("P3")
	wait("the lab's why: " + p3.Why[:30])
	press(tm, "G")
	wait("The number to carry", "the fixed window let 200 through")
	press(tm, "5")
	wait("[5 TODOs]", "4 of 4 passing")
	press(tm, "6", "enter", "500", "down", "100", "enter")
	wait("D1 is right", "Model answer")
	press(tm, "7", "w")
	wait("RESULTS.md: replaced the Day 45 report section")
	press(tm, "q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))

	final := tm.FinalModel(t).(*App)
	final.Close()
	if b, err := os.ReadFile(filepath.Join(root, "RESULTS.md")); err != nil || !strings.Contains(string(b), "(run on your code)") {
		t.Fatalf("RESULTS.md: %v", err)
	}
	a := loadSaved(t, root)
	for _, p := range theDay.Predictions {
		if g := a.Predictions[p.ID]; !g.Revealed || g.Scored == nil || *g.Scored != 1 {
			t.Fatalf("%s on disk: %+v", p.ID, g)
		}
	}
	if !a.Drills["D1"].Attempted {
		t.Fatal("the drill was not saved")
	}
}

// The re-run-on-save loop for real: a copy of the module, the real worker
// building it out of process, the real file watcher. Saving a correct
// TakeToken the way many editors do (a temporary file renamed over the old
// one) turns TODO 1 from "not done yet" to "pass" with no key pressed.
func TestRerunOnSaveEndToEnd(t *testing.T) {
	t.Parallel()
	testrun.Slow(t, "builds the lab's workers")
	root := t.TempDir()
	// Every day the worker links, as shipped.
	if err := worker.CopyLab("..", root, labs.Course{theDay, day46.New(solutions46.Funcs)}); err != nil {
		t.Fatal(err)
	}
	learner := filepath.Join(root, theDay.LearnerDir, "todo.go")
	r := &worker.Runner{Root: root, Bin: filepath.Join(t.TempDir(), "worker")}
	c := newCommon(Config{Course: labs.Course{theDay}, Root: root, Runner: r}, plainStyles(), true)
	c.Deps.RefMetrics = func(labs.Day) (labs.Metrics, error) { return reference().Metrics(), nil }
	tm := teatest.NewTestModel(t, newApp(c), teatest.WithInitialTermSize(110, 40))
	wait := waiter(t, tm, 4*time.Minute)

	wait("› Day 45")
	press(tm, "enter")
	wait("[1 Lesson]")
	press(tm, "5")
	wait("TakeToken  · not done yet")

	fixed := strings.Replace(theDay.Shipped["todo.go"], "panic(notDone) // TODO 1",
		"tokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)\n\tif tokens >= 1 {\n\t\treturn tokens - 1, true\n\t}\n\treturn tokens, false", 1)
	tmp := learner + ".tmp~"
	if err := os.WriteFile(tmp, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, learner); err != nil {
		t.Fatal(err)
	}
	wait("TakeToken  ✓ pass", "1 of 4 passing")

	press(tm, "q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	tm.FinalModel(t).(*App).Close()
}
