package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"termlab/labs"
	day45 "termlab/labs/day45/course"
	// Parts 4 and 6 play in these tests' own process (a fake runner): link them.
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	day46course "termlab/labs/day46/course"
	"termlab/record/predictions"
	solutions45 "termlab/solutions/day45"
	solutions46 "termlab/solutions/day46"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/pages/run"
	"termlab/tui/pages/todos"
	"termlab/tui/styles"
)

// Every test of this package but TestNoColor (which sets the environment)
// calls t.Parallel first: each drives an App of its own, on a Common and a
// folder of its own (testCommon, labRoot), so they share nothing but the
// read-only days below. This package is the last heavy test binary of a
// first go test ./..., run after everything else is compiled; one test at a
// time it kept one core busy and left the other idle for seconds.

// The real Day 45, graded against the reference. In this test process the
// learner's code is not linked, as in the real screens.
var theDay = day45.New(solutions45.Funcs, fleet.Pieces, door.Pieces)

// reference is the reference solutions' outcome: every TODO passes.
var reference = sync.OnceValue(func() labs.Outcome { return theDay.Execute(labs.Reference) })

// theDay46 is the real Day 46 and day46Reference its reference's outcome,
// computed once for every test that draws it (a run of the whole day is
// the dearest step of those tests, under the race detector most of all).
// Tests copy the Outcome and set its Impl; none changes what it holds.
var (
	theDay46       = day46course.New(solutions46.Funcs)
	day46Reference = sync.OnceValue(func() labs.Outcome { return theDay46.Execute(labs.Reference) })
)

// referenceOf is reference or day46Reference, for theDay or theDay46.
func referenceOf(day labs.Day) labs.Outcome {
	if day.Number == theDay46.Number {
		return day46Reference()
	}
	return reference()
}

// stubOutcome is what the shipped stubs give: nothing done, every part
// waiting on its first TODO.
func stubOutcome(day labs.Day) labs.Outcome {
	o := labs.Outcome{Day: day.Number, Impl: labs.Learner}
	for _, p := range day.Parts {
		r := labs.PartResult{ID: p.ID, Title: p.Title, Status: labs.Unfinished, Detail: "not done yet"}
		if len(p.Uses) > 0 {
			r.TODO = p.Uses[0]
		}
		o.Parts = append(o.Parts, r)
	}
	for _, t := range day.TODOs {
		o.Grades = append(o.Grades, labs.Grade{TODO: t.Number, Func: t.Func, Status: labs.Unfinished,
			Detail: "not done yet: replace panic(notDone) in " + t.Func + " with your code"})
	}
	return o
}

// fakeRunner answers runs from a script: each Run takes the next answer
// (the last one repeats). A gate, when set, holds a run until the test
// opens it or the run is cancelled.
type fakeRunner struct {
	noReference
	mu      sync.Mutex
	answers []fakeAnswer
	calls   int
	gate    chan struct{}
	ctxs    []context.Context
}

type fakeAnswer struct {
	o   labs.Outcome
	err error
}

func newFake(answers ...fakeAnswer) *fakeRunner { return &fakeRunner{answers: answers} }

func (f *fakeRunner) Run(ctx context.Context, day labs.Day) (labs.Outcome, error) {
	f.mu.Lock()
	f.calls++
	f.ctxs = append(f.ctxs, ctx)
	i := min(f.calls, len(f.answers)) - 1
	gate := f.gate
	f.mu.Unlock()
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return labs.Outcome{}, ctx.Err()
		}
	}
	if i < 0 {
		return stubOutcome(day), nil
	}
	return f.answers[i].o, f.answers[i].err
}

// RunStream is Run: the fake's pieces come whole, as its outcome.
func (f *fakeRunner) RunStream(ctx context.Context, day labs.Day, _ func(labs.Outcome)) (labs.Outcome, error) {
	return f.Run(ctx, day)
}

// noReference is the rest of a labs.Runner for a fake that only runs
// the learner's code: it plays no reference and builds no worker, and says
// so (the tests give the screens in-process stand-ins for those).
type noReference struct{}

var errNoReference = errors.New("this runner cannot play the reference")

func (noReference) Reference(context.Context, labs.Day) (labs.Outcome, error) {
	return labs.Outcome{}, errNoReference
}
func (noReference) CachedReference(labs.Day) (labs.Outcome, bool) { return labs.Outcome{}, false }
func (noReference) BuildDay(context.Context, labs.Day) (string, error) {
	return "", errors.New("this runner builds no worker")
}
func (noReference) ReferenceBuild(context.Context, labs.Day) (string, error) {
	return "", errNoReference
}

func (f *fakeRunner) set(answers ...fakeAnswer) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.answers, f.calls = answers, 0
}

func (f *fakeRunner) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

// labRoot makes a module root holding what the screens read: the learner's
// file as shipped and the reference solutions' source.
func labRoot(t testing.TB, day labs.Day) string {
	t.Helper()
	root := t.TempDir()
	for name, text := range day.Shipped {
		write(t, filepath.Join(root, day.LearnerDir, name), text)
	}
	src, err := os.ReadFile(filepath.Join("..", "solutions", filepath.Base(day.LearnerDir), "solutions.go"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(todos.SolutionsDir(root, day), "solutions.go"), string(src))
	return root
}

func write(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// plainStyles draw no escape codes, so tests read the screen as text.
func plainStyles() styles.Styles { return styles.New(lipgloss.NewRenderer(io.Discard), true) }

// testCommon is the screens' world for a test: no watcher, and a fake clock
// for timers so a replay plays without waiting.
func testCommon(t testing.TB, course labs.Course, root string, r labs.Runner) *common.Common {
	c := newCommon(Config{Course: course, Root: root, Runner: r}, plainStyles(), false)
	c.Deps.After = fakeAfter()
	c.Deps.Now = func() time.Time { return time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC) }
	c.Deps.RefMetrics = func(labs.Day) (labs.Metrics, error) { return reference().Metrics(), nil }
	c.Deps.RefFrames = func(common.Deps, labs.Day) common.RefFrames { return inProcessRef{} }
	c.Deps.LearnerFrames = func(common.Deps, labs.Day) common.LearnerFrames { return inProcessLearner{} }
	c.Deps.RefCached = nil // the reference at once, as the tests' own figures
	return c
}

// inProcessRef is a test double of refSession: it plays the reference's
// frames in the test's process, where every day is linked, so the screens'
// tests see the real reference's figures without building a worker.
type inProcessRef struct{}

func (inProcessRef) Play(f labs.PlayFigure, v labs.Values) labs.Frame {
	return f.Play(labs.Reference, f.Settle(v))
}
func (inProcessRef) Ready() bool { return true }

// inProcessLearner is a test double of learnerSession: its "learner's
// code" is the reference's unless play is set (a wrong TODO), played in
// process; the labels are the screen's own.
type inProcessLearner struct {
	play func(f labs.PlayFigure, v labs.Values) labs.Frame
}

func (l inProcessLearner) Play(f labs.PlayFigure, v labs.Values) (labs.Frame, bool, error) {
	if l.play != nil {
		return l.play(f, f.Settle(v)), false, nil
	}
	fr := f.Play(labs.Reference, f.Settle(v))
	fr.Impl = labs.Learner
	return fr, false, nil
}
func (inProcessLearner) Warm()  {}
func (inProcessLearner) Close() {}
func (inProcessRef) Close()     {}

// fakeAfter fires at once with a clock that moves a second per timer, so
// each replay tick is a quarter-second step (the longest Update allows).
func fakeAfter() func(time.Duration, func(time.Time) tea.Msg) tea.Cmd {
	var mu sync.Mutex
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		return func() tea.Msg {
			mu.Lock()
			now = now.Add(time.Second)
			t := now
			mu.Unlock()
			return fn(t)
		}
	}
}

// driver runs an App the way Bubble Tea does, but on the test's goroutine:
// every Cmd runs to completion and its message is fed back, until nothing
// is left to do. That the loop ends at all shows the screens are idle.
type driver struct {
	t    testing.TB
	app  *App
	msgs int // messages handled, to catch a busy loop
	quit bool
	// hold keeps replay ticks back, so a test can play them one by one.
	hold bool
	held []run.TickMsg
}

// step feeds the oldest held tick; false when none is waiting (the replay
// is not ticking).
func (d *driver) step() bool {
	d.t.Helper()
	if len(d.held) == 0 {
		return false
	}
	m := d.held[0]
	d.held = d.held[1:]
	d.send(m)
	return true
}

func newDriver(t testing.TB, c *common.Common, w, h int) *driver {
	t.Helper()
	d := &driver{t: t, app: newApp(c)}
	d.send(tea.WindowSizeMsg{Width: w, Height: h})
	d.run(d.app.Init())
	return d
}

const busyLimit = 20000

func (d *driver) send(msg tea.Msg) {
	d.t.Helper()
	_, cmd := d.app.Update(msg)
	d.msgs++
	d.run(cmd)
}

func (d *driver) run(cmd tea.Cmd) {
	d.t.Helper()
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tea.QuitMsg:
			d.quit = true
		case run.TickMsg:
			if d.hold {
				d.held = append(d.held, msg)
				continue
			}
			d.msgs++
			if d.msgs > busyLimit {
				d.t.Fatalf("the replay never stopped ticking")
			}
			_, next := d.app.Update(msg)
			queue = append(queue, next)
		default:
			if reflect.TypeOf(msg).String() == "tea.sequenceMsg" {
				v := reflect.ValueOf(msg)
				for i := range v.Len() {
					if sc, ok := v.Index(i).Interface().(tea.Cmd); ok {
						queue = append(queue, sc)
					}
				}
				continue
			}
			d.msgs++
			if d.msgs > busyLimit {
				d.t.Fatalf("the screens never went idle: %d messages, the last %T", d.msgs, msg)
			}
			_, next := d.app.Update(msg)
			queue = append(queue, next)
		}
	}
}

// keys sends key presses: named keys ("enter", "tab", "ctrl+x", "up") or,
// for anything else, each rune typed.
func (d *driver) keys(keys ...string) {
	d.t.Helper()
	for _, k := range keys {
		if msg, ok := namedKey(k); ok {
			d.send(msg)
			continue
		}
		for _, r := range k {
			d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
}

var named = map[string]tea.KeyType{
	"enter": tea.KeyEnter, "tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab, "esc": tea.KeyEsc,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"ctrl+x": tea.KeyCtrlX, "ctrl+t": tea.KeyCtrlT, "ctrl+c": tea.KeyCtrlC, "ctrl+r": tea.KeyCtrlR, "backspace": tea.KeyBackspace,
	"pgdown": tea.KeyPgDown, "pgdn": tea.KeyPgDown, "pgup": tea.KeyPgUp, "space": tea.KeySpace, "home": tea.KeyHome, "end": tea.KeyEnd,
}

func namedKey(k string) (tea.KeyMsg, bool) {
	t, ok := named[k]
	if !ok {
		return tea.KeyMsg{}, false
	}
	if t == tea.KeySpace {
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}, true
	}
	return tea.KeyMsg{Type: t}, true
}

// view is the screen as plain text.
func (d *driver) view() string { return ansi.Strip(d.app.View()) }

func (d *driver) wantView(parts ...string) {
	d.t.Helper()
	v := d.view()
	for _, p := range parts {
		if !strings.Contains(v, p) {
			d.t.Fatalf("the screen lacks %q:\n%s", p, v)
		}
	}
}

func (d *driver) dontWantView(parts ...string) {
	d.t.Helper()
	v := d.view()
	for _, p := range parts {
		if strings.Contains(v, p) {
			d.t.Fatalf("the screen shows %q:\n%s", p, v)
		}
	}
}

// tab opens a day's screen by number.
func (d *driver) tab(n int) {
	d.t.Helper()
	d.send(common.SwitchTabMsg{Tab: n})
}

func (d *driver) day() *dayModel {
	d.t.Helper()
	if d.app.day == nil {
		d.t.Fatal("no day is open")
	}
	return d.app.day
}

// predictAll types an answer to every prediction into the form: "1", or
// what guesses gives ("skip" skips). The form asks for them a stage at a
// time (the course day's parts, then each later part), and a completed
// stage goes to the run; so it comes back to the form for each stage. For
// tests of the form and of what each completed stage starts; a test of a
// later screen gets there with answerAll.
func (d *driver) predictAll(guesses map[string]string) {
	d.t.Helper()
	for range len(d.day().s.Day.Predictions) + 1 {
		if !d.predictDue(guesses) {
			return
		}
	}
	d.t.Fatal("the predictions never completed")
}

// predictDue answers the predictions the form asks for now (one stage);
// false when none are open.
func (d *driver) predictDue(guesses map[string]string) bool {
	d.t.Helper()
	g, open := d.day().s.Due()
	if !open {
		return false
	}
	d.tab(common.TabPredict)
	d.keys("e") // open the box: digits go in only once it is
	for _, p := range g.Preds {
		if d.day().s.Answered(p.ID) {
			continue
		}
		if want := d.day().s.Day.Predictions[d.day().predict.Focus].ID; want != p.ID {
			d.t.Fatalf("the form focuses %s, want %s", want, p.ID)
		}
		guess, ok := guesses[p.ID]
		if !ok {
			guess = "1"
		}
		if guess == "skip" {
			d.keys("ctrl+x")
			continue
		}
		d.keys(guess, "enter")
	}
	return true
}

// answerAll is predictAll's outcome, reached as a learner who answers from
// the shell does: every open prediction is saved at once (predictions.
// UpdateDay, as `termlab predict` saves), the screens read the file again
// (readMsg, as the watcher on predictions/ has them) and reveal what is now
// in, and the Run screen opens on the last stage's first part, where the
// form's last enter leaves it. For tests about a later screen: typing each
// guess costs a save, a reveal and a RESULTS.md write per stage, most of
// this package's system time. Tests of the form itself type (predictAll).
// Guesses are as predictAll's: "1" unless given, "skip" skips.
func (d *driver) answerAll(guesses map[string]string) {
	d.t.Helper()
	s := &d.day().s
	day := s.Day
	var last common.Stage
	for _, g := range s.Stages() {
		if !s.StageAnswered(g) {
			last = g
		}
	}
	if len(last.Preds) == 0 {
		return // nothing open: predictAll types nothing either
	}
	_, err := predictions.UpdateDay(d.app.c.Deps.PredictionsDir(), day, func(a *predictions.Answers) error {
		for _, p := range day.Predictions {
			if s.Answered(p.ID) {
				continue
			}
			guess, ok := guesses[p.ID]
			if !ok {
				guess = "1"
			}
			if guess == "skip" {
				a.Skip(p.ID)
				continue
			}
			v, err := predictions.Parse(guess, p)
			if err != nil {
				return fmt.Errorf("%s: %w", p.ID, err)
			}
			a.Set(p.ID, v)
		}
		return nil
	})
	if err != nil {
		d.t.Fatal(err)
	}
	d.run(reloadCmd(d.app.c.Deps))
	if _, open := s.Due(); open {
		d.t.Fatal("predictions are still open after answering them all")
	}
	part := ""
	if len(last.Parts) > 0 {
		part = last.Parts[0].ID
	}
	d.send(common.SwitchTabMsg{Tab: common.TabRun, Part: part})
}

// checkFits fails when the view is wider or taller than the terminal.
func checkFits(t testing.TB, view string, w, h int) {
	t.Helper()
	if view == "" {
		return
	}
	lines := strings.Split(view, "\n")
	if len(lines) > max(h, 0) {
		t.Fatalf("%d×%d: the view has %d lines:\n%s", w, h, len(lines), view)
	}
	for i, l := range lines {
		if textlayout.Width(l) > w {
			t.Fatalf("%d×%d: line %d is %d wide: %q", w, h, i, textlayout.Width(l), ansi.Strip(l))
		}
	}
}
