package tui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"termlab/labs"
	day45 "termlab/labs/day45/course"
	"termlab/record/history"
	"termlab/record/predictions"
	"termlab/record/reset"
	"termlab/runner/worker"
	solutions45 "termlab/solutions/day45"
	"termlab/tui/common"
	"termlab/tui/pages/run"
	"termlab/tui/pages/todos"
	"termlab/watch"
)

// refAnswer is a run of the learner's code that agrees with the reference.
func refAnswer() fakeAnswer {
	o := reference()
	o.Impl = labs.Learner
	return fakeAnswer{o: o}
}

// openDay starts the lab on one day and opens it.
func openDay(t *testing.T, r labs.Runner, w, h int) (*driver, string) {
	t.Helper()
	root := labRoot(t, theDay)
	d := newDriver(t, testCommon(t, labs.Course{theDay}, root, r), w, h)
	d.keys("enter")
	return d, root
}

func loadSaved(t *testing.T, root string) predictions.Answers {
	t.Helper()
	a, err := predictions.Load(filepath.Join(root, "predictions"), theDay.Number)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestPickerShowsProgressAndRemembersTheDay(t *testing.T) {
	t.Parallel()
	second := theDay
	second.Number, second.Title, second.Summary = 46, "A second day", "a day to pick"
	course := labs.Course{theDay, second}
	root := labRoot(t, theDay)
	dir := filepath.Join(root, "predictions")

	ref := reference().Metrics()
	a := predictions.New(45)
	for _, p := range theDay.Predictions {
		a.Set(p.ID, ref[p.Metric])
	}
	a.Set("P3", 150) // off: the fixed window let 200 through
	a.RevealRun(theDay, ref)
	// All four pass: the saved figures are then the system's own, and the
	// day list judges on them (with a TODO failing it waits for the
	// reference, which only an open day plays).
	a.LastRun, a.TODOsPassed = ref, 4
	if _, err := predictions.Update(dir, a.Day, func(x *predictions.Answers) error { *x = a; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := predictions.SaveLab(dir, predictions.LabState{LastDay: 46}); err != nil {
		t.Fatal(err)
	}

	d := newDriver(t, testCommon(t, course, root, newFake(refAnswer())), 80, 24)
	n := strconv.Itoa(len(theDay.Predictions))
	d.wantView("Day 45  Rate limiting", "predictions "+n+"/"+n, "TODOs 4/4", "drills 0/5",
		"last scoreboard: "+n+" of "+n+" predicted · "+strconv.Itoa(len(theDay.Predictions)-1)+" spot on · 1 off", "Across one boundary", "› Day 46  A second day")

	d.keys("up", "enter")
	if d.day().s.Day.Number != 45 {
		t.Fatalf("opened day %d", d.day().s.Day.Number)
	}
	st, err := predictions.LoadLab(dir)
	if err != nil || st.LastDay != 45 {
		t.Fatalf("the lab remembers day %d (%v), want 45", st.LastDay, err)
	}
	// Back to the list and into the same day again: still open, no new run.
	d.keys("esc")
	d.wantView("› Day 45")
	d.keys("enter")
	d.wantView("Day 45 · Rate limiting")
}

func TestLessonScrolls(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(), 80, 24)
	first := theDay.Lesson[0].Title
	d.wantView("[1 Lesson]", first, "↓ more")
	d.keys("G")
	d.wantView("What you write", "TODO 4  NextEmit")
	d.dontWantView(first)
	d.keys("g")
	d.wantView(first)
}

func TestPredictRefusesWhatIsNotANumber(t *testing.T) {
	t.Parallel()
	d, root := openDay(t, newFake(refAnswer()), 80, 24)
	d.tab(common.TabPredict)
	if d.app.typing() {
		t.Fatal("the form took the keyboard before the learner opened a box")
	}
	d.keys("3") // a screen number, not a digit in a box
	if d.day().tab != common.TabRun {
		t.Fatalf("3 on the form opened tab %d, want the run", d.day().tab)
	}
	d.tab(common.TabPredict)
	d.keys("e")
	if !d.app.typing() {
		t.Fatal("e did not open the box")
	}
	p1 := theDay.Predictions[0]
	_, parseErr := predictions.Parse("ten", p1)
	d.keys("ten")
	d.wantView(parseErr.Error()) // inline, while typing
	d.keys("enter")
	d.wantView(parseErr.Error())
	if _, ok := d.day().s.Answers.Value("P1"); ok {
		t.Fatal("a refused guess was recorded")
	}
	d.keys("backspace", "backspace", "backspace", "enter")
	d.wantView("nothing typed yet", "ctrl+x to skip")

	d.keys("20", "enter")
	if v, ok := loadSaved(t, root).Value("P1"); !ok || v != 20 {
		t.Fatalf("P1 on disk = %v, %v", v, ok)
	}
	d.keys("ctrl+x") // P2
	if !loadSaved(t, root).Predictions["P2"].Skipped {
		t.Fatal("the skip of P2 was not saved")
	}
	// The form asks for the course day's six first.
	d.wantView("P1  ● 20 requests", "P2  ↷ skipped", "› P3", "2 of 6 made")

	// The run waits, and nothing is revealed meanwhile: Part 1's actuals
	// would give P6 away, so the course day's parts go together.
	d.keys("esc", "3")
	d.wantView("Predict first", "2 of 6 so far")
	d.dontWantView("20 in, 30 turned away")
	for id, g := range d.day().s.Answers.Predictions {
		if g.Revealed {
			t.Fatalf("%s was revealed before the course day's predictions were made", id)
		}
	}
	d.keys("enter") // goes to the form
	if d.day().tab != common.TabPredict {
		t.Fatalf("enter on the waiting run opened tab %d", d.day().tab)
	}
}

// The replay is a view, not a gate: the course day's actuals are on the
// scoreboard (and on disk) the moment its predictions are in, while the
// replay is still on Part 1; it then plays up to Part 4, which waits for
// P7 and P8.
func TestReplayRevealsEachPartAsItFinishes(t *testing.T) {
	t.Parallel()
	d, root := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true
	d.predictDue(map[string]string{"P1": "20", "P2": "15"})
	day := d.day()
	if day.tab != common.TabRun {
		t.Fatalf("the completed form opened tab %d, want the run", day.tab)
	}
	if len(d.held) != 1 {
		t.Fatalf("%d ticks on their way, want 1", len(d.held))
	}
	d.wantView("▶ playing", "Part 1: The token bucket")

	saved := loadSaved(t, root)
	for _, p := range theDay.Predictions {
		want := p.Part <= "3"
		if saved.Predictions[p.ID].Revealed != want {
			t.Fatalf("%s revealed on disk = %v, want %v before any replay", p.ID, !want, want)
		}
	}
	if _, ok := saved.LastRun["fixed_boundary_accepted"]; !ok {
		t.Fatalf("LastRun lacks part 2's metrics: %v", saved.LastRun)
	}
	if _, ok := saved.LastRun["fleet_local_delivered_rate"]; ok {
		t.Fatal("LastRun holds part 4's metrics before P7 and P8 were made")
	}

	// While the scoreboard is on screen the replay pauses: the held tick
	// comes back and asks for no other.
	d.tab(common.TabScore)
	d.wantView("P1   20 requests       20 requests       ✓ spot on", "P3   1 request         200 requests")
	d.keys("G")
	d.wantView("P7   —                 —                 plays once predicted")
	d.step()
	if len(d.held) != 0 {
		t.Fatal("the replay ticks while not on screen")
	}
	d.tab(common.TabRun)
	// Each part plays to its end and stays on screen, saying what is next,
	// until the learner moves on.
	for i := range 3 {
		for d.step() {
		}
		if day.run.Shown != i || !day.run.Parts[i].Done {
			t.Fatalf("after playing part index %d the screen shows %d (done %v)", i, day.run.Shown, day.run.Parts[i].Done)
		}
		if i < 2 {
			d.wantView(fmt.Sprintf("✓ Part %d played · next: Part %d · → plays it", i+1, i+2))
		}
		d.keys("right")
	}
	d.keys("left")
	d.wantView("✓ Part 3 played · next: Part 4 waits for P7, P8 · enter predicts")
	d.keys("right")
	d.wantView("⏸ Part 4 waits for P7, P8")
	if len(d.held) != 0 {
		t.Fatal("the replay ticks while it waits for predictions")
	}
}

func TestRunKeys(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true
	d.answerAll(nil)
	rv := d.day().run

	d.keys(" ") // pause
	d.wantView("⏸ paused")
	before := rv.Parts[0].Now
	d.step()
	if rv.Parts[0].Now != before || len(d.held) != 0 {
		t.Fatal("a paused replay moved or kept ticking")
	}
	d.keys(".")
	p := rv.Parts[0]
	if want := before + (p.End-p.Start)/20; p.Now != want {
		t.Fatalf("step moved to %v, want %v", p.Now, want)
	}
	r1 := rv.Rate(rv.Parts[0])
	d.keys("+")
	if rv.Rate(rv.Parts[0]) != 2*r1 {
		t.Fatal("+ did not double the pace")
	}
	d.keys("-", "-")
	if rv.Rate(rv.Parts[0]) != r1/2 {
		t.Fatal("- did not halve the pace")
	}
	d.keys("s") // skip part 1
	if !rv.Parts[0].Done || !d.day().s.Answers.Predictions["P1"].Revealed {
		t.Fatal("s did not finish part 1")
	}
	if rv.Shown != 0 {
		t.Fatalf("after part 1 the screen shows part index %d, want it to stay on part 1", rv.Shown)
	}
	d.wantView("next: Part 2 · → plays it")
	d.keys("right", "right")
	if rv.Shown != 2 {
		t.Fatalf("→ → shows part index %d", rv.Shown)
	}
	d.wantView("Part 3: ")
	d.keys("S")
	for i := range 3 {
		if !rv.Parts[i].Done {
			t.Fatalf("S left part index %d unplayed", i)
		}
	}
	d.keys(" ") // plays the part on screen again, the actuals stay revealed
	if rv.Shown != 2 || rv.Parts[2].Done {
		t.Fatal("space on a played part did not replay it")
	}
	if !d.day().s.Answers.Predictions["P6"].Revealed {
		t.Fatal("replaying hid an actual")
	}
}

func TestScoreboardJudgesTheFirstGuessAndSaysWhy(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 60)
	d.answerAll(map[string]string{"P1": "15"}) // plays to the end
	d.tab(common.TabScore)
	p1, _ := theDay.Prediction("P1")
	d.dontWantView("why: " + p1.Why[:40]) // the learner's line comes first
	d.keys("e", "esc")                    // passed, on record
	d.wantView("✗ off (25% under)", "why: "+p1.Why[:40], "The number to carry",
		"the fixed window let 200 through a limit of 100")

	d.tab(common.TabPredict)
	for range theDay.Predictions {
		d.keys("up")
	}
	d.keys("e", "backspace", "backspace", "20", "enter")
	if note := d.day().s.Note; !strings.Contains(note, "P1 revised to 20 requests; the scoreboard still judges the guess on record at the reveal (15 requests)") {
		t.Fatalf("note after a revision: %q", note)
	}
	d.wantView("P1  ● 20 requests*")
	d.keys("up")
	d.wantView("revised after the reveal", "keeps judging your first guess, 15 requests")
	d.tab(common.TabScore)
	d.wantView("P1   15 requests*", "✗ off (25% under)", "* first guess, judged; revised to 20 requests after the reveal")
}

// gradedOutcome has one TODO of each kind of verdict.
func gradedOutcome() labs.Outcome {
	o := reference()
	o.Impl = labs.Learner
	o.Grades = append([]labs.Grade(nil), o.Grades...)
	o.Grades[0] = labs.Grade{TODO: 1, Func: "TakeToken", Status: labs.Fail,
		Detail:         "the bucket overflowed its capacity",
		Counterexample: &labs.Counterexample{Input: "tokens=5 capacity=10 rate=10/s elapsed=1s", Got: "14 true", Want: "9 true"},
		Hint:           "cap at capacity before spending"}
	o.Grades[2] = labs.Grade{TODO: 3, Func: "Expired", Status: labs.Unfinished, Detail: "not done yet"}
	o.Grades[3] = labs.Grade{TODO: 4, Func: "NextEmit", Status: labs.Crash, Detail: "panicked: boom", Where: "labs/day45/todo.go:44"}
	return o
}

func TestTODOScreen(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(fakeAnswer{o: gradedOutcome()}), 80, 40)
	d.keys("5")
	line, _, _, _ := todos.FindFunc([]byte(theDay.Shipped["todo.go"]), "TakeToken")
	d.wantView("TODOs · 1 of 4 passing", "✗ fail", "✓ pass", "· not done yet", "✗ crash",
		"labs/day45/todo.go:"+strconv.Itoa(line),
		"input: tokens=5 capacity=10", "got:   14 true", "want:  9 true", "Grader's hint: cap at capacity",
		"Hints: 0 of 3 shown", "Checked: left must be within 1e-9")
	todo1, _ := theDay.TODO(1)
	d.dontWantView(todo1.Hints[0][:30])
	d.keys("h")
	d.wantView("1. "+todo1.Hints[0][:30], "Hints: 1 of 3 shown")
	d.dontWantView("2. " + todo1.Hints[1][:20])
	d.keys("h", "h", "h") // no more than there are
	d.wantView("3. ", "Hints: 3 of 3 shown")

	// The solution of a failing TODO asks first.
	d.keys("v")
	d.wantView("TODO 1 does not pass yet. Show the reference TakeToken anyway?")
	d.keys("n")
	d.dontWantView("Reference solution")
	d.keys("v", "y")
	d.wantView("Reference solution", "solutions/day45/solutions.go:", "func TakeToken(")
	d.keys("v")
	d.dontWantView("func TakeToken(")

	// A passing TODO shows it at once.
	d.keys("down", "v")
	d.wantView("func WindowID(")
	d.dontWantView("does not pass yet")

	// The crash says where.
	d.keys("down", "down")
	d.wantView("panicked: boom (at labs/day45/todo.go:44)")
}

func TestResetATODOAndTheDay(t *testing.T) {
	t.Parallel()
	f := newFake(refAnswer())
	d, root := openDay(t, f, 80, 30)
	path := filepath.Join(root, theDay.LearnerDir, "todo.go")
	shipped := theDay.Shipped["todo.go"]
	mine := strings.Replace(shipped, "panic(notDone) // TODO 1", "return tokens, true", 1)
	mine = strings.Replace(mine, "panic(notDone) // TODO 2", "return 7", 1)
	write(t, path, mine)
	runs := f.count()

	d.keys("5", "x")
	d.wantView("Put TakeToken (TODO 1) back to the shipped stub?", "y yes")
	d.keys("y")
	got, _ := os.ReadFile(path)
	if !strings.Contains(string(got), "panic(notDone) // TODO 1") || !strings.Contains(string(got), "return 7") {
		t.Fatalf("after resetting TODO 1 the file is:\n%s", got)
	}
	kept, _ := filepath.Glob(filepath.Join(root, theDay.LearnerDir, reset.KeptDir, "*.go"))
	if len(kept) != 1 {
		t.Fatalf("kept files: %v", kept)
	}
	if b, _ := os.ReadFile(kept[0]); string(b) != mine {
		t.Fatal("the kept copy is not the learner's version")
	}
	if note := d.day().s.Note; !strings.Contains(note, "TODO 1 (TakeToken) is back to the shipped stub; your version is kept as labs/day45/.kept/todo-") {
		t.Fatalf("note after a reset: %q", note)
	}
	if f.count() != runs+1 {
		t.Fatalf("a reset ran the code %d times, want once", f.count()-runs)
	}

	d.keys("X")
	d.wantView("Put every TODO of Day 45 back")
	d.keys("esc")
	d.wantView("nothing was changed")
	if d.day().tab != common.TabTODOs {
		t.Fatal("esc on a question left the screen")
	}
	d.keys("X", "y")
	if b, _ := os.ReadFile(path); string(b) != shipped {
		t.Fatal("resetting the day did not restore the shipped file")
	}
}

func TestCompileErrorKeepsTheLastGoodScoreboard(t *testing.T) {
	t.Parallel()
	f := newFake(refAnswer())
	d, _ := openDay(t, f, 80, 30)
	d.answerAll(map[string]string{"P1": "20"})
	be := &worker.BuildError{Output: "x", Locations: []worker.Location{{File: "labs/day45/todo.go", Line: 21, Col: 3, Msg: "undefined: x"}}}
	f.set(fakeAnswer{err: be})
	d.keys("4", "r")
	d.wantView("✗ your code does not compile", "labs/day45/todo.go:21:3: undefined: x",
		"P1   20 requests       20 requests       ✓ spot on", "✗ does not compile: labs/day45/todo.go:21")
	d.keys("5")
	d.wantView("labs/day45/todo.go:21:3: undefined: x", "✓ pass")
	// Fixed: the banner goes.
	f.set(refAnswer())
	d.keys("ctrl+r")
	d.dontWantView("does not compile")
}

func TestSavesDebounceAndCancelTheRunInFlight(t *testing.T) {
	t.Parallel()
	f := newFake(refAnswer())
	f.gate = make(chan struct{})
	c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), f)
	m := newDay(c, theDay)
	m.visible = true
	m.watcher = watch.New(t.TempDir(), watch.Code) // not started: the test sends its messages
	save := watchMsg{w: m.watcher, ev: watch.Event{Name: "todo.go"}}

	rv := m.startRun()
	done := make(chan any, 1)
	go func() { done <- rv() }()
	for f.count() == 0 {
		time.Sleep(time.Millisecond)
	}
	m.handle(save)
	if err := f.ctxs[0].Err(); !errors.Is(err, context.Canceled) {
		t.Fatalf("a save did not cancel the rv in flight: %v", err)
	}
	stale := (<-done).(run.OutcomeMsg)
	m.handle(stale)
	if m.s.Outcome != nil || !m.s.Building {
		t.Fatal("a cancelled rv's answer was taken")
	}
	early := m.runGen // the first save's timer
	m.handle(save)
	late := m.runGen
	m.handle(watchMsg{w: watch.New(t.TempDir(), watch.Code), ev: watch.Event{Name: "todo.go"}}) // another day's watcher
	if late == early || m.runGen != late {
		t.Fatalf("rv generations %d, %d, then %d: each save of this day's, and only those, make the timers before stale", early, late, m.runGen)
	}
	if cmd := m.handle(debounceMsg{gen: early}); cmd != nil {
		t.Fatal("an early timer of the burst started a rv")
	}
	f.gate = nil
	cmd := m.handle(debounceMsg{gen: late})
	if cmd == nil {
		t.Fatal("the end of the burst started nothing")
	}
	drv := &driver{t: t, app: newApp(c)}
	drv.app.day, drv.app.onPicker = m, false
	drv.run(cmd)
	if m.s.Outcome == nil || m.s.Building {
		t.Fatal("the rv after the burst did not land")
	}
	// Which events are saves: watch's TestFilters.
}

func TestDrills(t *testing.T) {
	t.Parallel()
	d, root := openDay(t, newFake(refAnswer()), 80, 40)
	guessWhatDrillsWaitFor(t, d, root)
	d.keys("6")
	d.wantView("Drills · 0 of 5 attempted", "› D1")
	d1 := theDay.Drills[0]
	d.dontWantView(d1.Model[:30])

	d.keys("enter", "500", "down", "100", "enter")
	d.wantView("Model answer", d1.Model[:30], "D1 is right")
	saved := loadSaved(t, root).Drills["D1"]
	if !saved.Attempted || saved.Correct == nil || !*saved.Correct || len(saved.Answers) != 2 {
		t.Fatalf("D1 saved as %+v", saved)
	}

	d.keys("down", "enter", "sixty", "enter")
	d.wantView(`most in one 60 s stretch: "sixty" is not a number`)
	if d.day().s.Answers.Drills["D2"].Attempted {
		t.Fatal("a refused number counted as an attempt")
	}
	for range 5 {
		d.keys("backspace")
	}
	d.keys("60", "enter")
	d.wantView("✗ want 120 requests", "D2 is not right yet")

	d.keys("down", "enter", "down", "enter") // D3: the second option
	d.wantView("(•) a leaky bucket", "D3 is right")

	d.keys("down", "enter", "enter")
	d.wantView("write your answer first")
	d.keys("it says when to come back", "enter")
	d.wantView("How did you do?")
	d.keys("g")
	d4 := loadSaved(t, root).Drills["D4"]
	if d4.Mark != predictions.MarkGot || d4.Answers[0] != "it says when to come back" {
		t.Fatalf("D4 saved as %+v", d4)
	}

	d.keys("down", "enter", "960", "enter") // within D5's 5%
	d.wantView("D5 is right", "(±5%)")
}

func TestResultsWritesTheReportAndKeepsTheLearnersText(t *testing.T) {
	t.Parallel()
	d, root := openDay(t, newFake(refAnswer()), 80, 30)
	d.keys("7", "w")
	d.wantView("Predict first (Predict, 2)")
	if _, err := os.Stat(filepath.Join(root, "RESULTS.md")); err == nil {
		t.Fatal("RESULTS.md written before the predictions")
	}

	d.hold = true
	d.answerAll(nil)
	d.keys("7")
	d.wantView("The report it writes", "RESULTS.md updated")
	d.keys("w")
	// The run already wrote the same section: w keeps it as it is (the
	// learner's tracked file changes only when their record does).
	d.wantView("RESULTS.md: the Day 45 report section already says this")
	b, err := os.ReadFile(filepath.Join(root, "RESULTS.md"))
	if err != nil || !strings.Contains(string(b), "<!-- termlab:day45:begin -->") || !strings.Contains(string(b), "Day 45 — Rate limiting (run on your code)") {
		t.Fatalf("RESULTS.md: %v\n%s", err, b)
	}

	mine := strings.Replace(string(b), "> (your answer here)", "> My answer: 200 against 100.", 1)
	write(t, filepath.Join(root, "RESULTS.md"), mine)
	d.keys("w")
	d.wantView("RESULTS.md: the Day 45 report section already says this; nothing was written.")
	if b, _ := os.ReadFile(filepath.Join(root, "RESULTS.md")); !strings.Contains(string(b), "My answer: 200 against 100.") {
		t.Fatal("the learner's text was lost")
	}
}

func TestFindFuncWhenTheFileDoesNotParse(t *testing.T) {
	t.Parallel()
	src := "package day45\n\nfunc TakeToken(a int) int {\n\treturn a +\n}\n\nfunc WindowID(now, w int) int64 {\n\treturn (((\n"
	for name, want := range map[string]int{"TakeToken": 3, "WindowID": 7} {
		if line, _, _, ok := todos.FindFunc([]byte(src), name); !ok || line != want {
			t.Errorf("%s: line %d, %v; want %d", name, line, ok, want)
		}
	}
	if _, _, _, ok := todos.FindFunc([]byte("garbage {{{"), "TakeToken"); ok {
		t.Error("found a function in garbage")
	}
	root := labRoot(t, theDay)
	write(t, filepath.Join(root, theDay.LearnerDir, "todo.go"), "package day45\nfunc Expired(\n\nfunc TakeToken() {")
	locs := todos.FuncLocations(root, theDay)
	if locs["Expired"] != "labs/day45/todo.go:2" || locs["TakeToken"] != "labs/day45/todo.go:4" {
		t.Errorf("locations in a broken file: %v", locs)
	}
}

// A missing actual names the TODO that stopped its part, as the part's
// header does (predictions.Blame): Part 2 stops on TODO 2 first, so its
// sliding-window figure waits on TODO 2 until that is done.
func TestScoreboardNamesTheTODOEachActualWaitsFor(t *testing.T) {
	t.Parallel()
	half := solutions45.Funcs
	half.TakeToken = stubs45.TakeToken
	half.WindowID = stubs45.WindowID
	half.Expired = stubs45.Expired
	o := labs.Outcome{Day: 45, Impl: labs.Learner, Parts: day45.RunWith(half)}
	for n := 1; n <= 4; n++ {
		o.Grades = append(o.Grades, day45.GradeWith(n, half, solutions45.Funcs))
	}
	d, _ := openDay(t, newFake(fakeAnswer{o: o}), 120, 60)
	d.answerAll(map[string]string{})
	d.tab(common.TabScore)
	view := d.view()
	for id, want := range map[string]string{"P1": "waiting on TODO 1", "P3": "waiting on TODO 2", "P4": "waiting on TODO 2", "P5": "10", "P6": "waiting on TODO 1"} {
		line := lineWith(view, id+" ")
		if !strings.Contains(line, want) {
			t.Errorf("%s row %q does not say %q", id, line, want)
		}
	}
}

func lineWith(view, prefix string) string {
	for _, l := range strings.Split(view, "\n") {
		if strings.HasPrefix(strings.TrimSpace(ansi.Strip(l)), prefix) {
			return ansi.Strip(l)
		}
	}
	return ""
}

// Day 46 in the list read "last scoreboard P1 · … P13 ·" with eight
// verdicts on record: its TODOs did not all pass, so the list, which has
// no reference figures, judged nothing. It says how many are predicted and
// how the judged ones came out, from the history's latest scoreboard, at
// 80×24 and 40×12.
func TestTheDayListSumsUpTheLastScoreboard(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		w, h := size[0], size[1]
		t.Run(strconv.Itoa(w), func(t *testing.T) {
			t.Parallel()
			root := labRoot(t, theDay)
			dir := filepath.Join(root, "predictions")
			a := predictions.New(46)
			ref := day46Reference().Metrics()
			scores := map[string]predictions.Kind{}
			for i, p := range theDay46.Predictions[:8] {
				a.Set(p.ID, ref[p.Metric])
				scores[p.ID] = predictions.Close
				if i < 3 {
					scores[p.ID] = predictions.Spot
				}
			}
			a.LastRun, a.TODOsPassed = ref, 2 // not every TODO passes: the list judges nothing itself
			if _, err := predictions.Update(dir, 46, func(x *predictions.Answers) error { *x = a; return nil }); err != nil {
				t.Fatal(err)
			}
			rec := history.Record{At: time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC), From: history.FromRun, Digest: "d",
				TODOs: map[int]labs.Status{1: labs.Pass, 2: labs.Pass, 3: labs.Fail},
				Parts: []history.Part{{ID: "1", Status: labs.OK}}, Scores: scores}
			if _, err := history.Append(dir, 46, rec); err != nil {
				t.Fatal(err)
			}
			if err := predictions.SaveLab(dir, predictions.LabState{LastDay: 46}); err != nil {
				t.Fatal(err)
			}
			d := newDriver(t, testCommon(t, labs.Course{theDay, theDay46}, root, newFake()), w, h)
			n := len(theDay46.Predictions)
			if want := fmt.Sprintf("last scoreboard: 8 of %d predicted · 3 spot on · 5 close enough", n); !strings.Contains(flat(d.view()), want) {
				t.Errorf("the list lacks %q:\n%s", want, d.view())
			}
			d.dontWantView("P1 ·", "P13")
			checkFits(t, d.app.View(), w, h)
		})
	}
}

// guessWhatDrillsWaitFor makes every guess a drill waits for (Drill.After),
// from the shell, so that every drill can be tried.
func guessWhatDrillsWaitFor(t *testing.T, d *driver, root string) {
	t.Helper()
	guesses := map[string]float64{}
	for _, dr := range theDay.Drills {
		for _, id := range dr.After {
			guesses[id] = 1
		}
	}
	if len(guesses) > 0 {
		cliPredict(t, root, guesses)
		d.run(reloadCmd(d.app.c.Deps))
	}
}
