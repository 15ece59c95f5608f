package tui

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"termlab/labs"
	"termlab/runner/testrun"
	"termlab/tui/common"
	"termlab/tui/components/chart"
	"termlab/tui/pages/lesson"
	"termlab/tui/pages/run"
	"termlab/tui/pages/todos"
	"termlab/tui/styles"
)

// noCuts makes any line the screens of c lean on fit to cut fail the test,
// for the rest of it (Common.FitCut: each lab hears its own cuts, so the
// sizes of a sweep run in parallel).
func noCuts(t *testing.T, c *common.Common) *[]string {
	t.Helper()
	var cuts []string
	hear := func(l string, w int) {
		cuts = append(cuts, fmt.Sprintf("%d > %d: %q", ansi.StringWidth(l), w, ansi.Strip(l)))
	}
	c.FitCut = hear
	t.Cleanup(func() { c.FitCut = nil })
	return &cuts
}

// tour opens every screen in the states a learner meets, checking each
// frame: it fits, no line is cut by fit, and the key bar and the status
// line are whole (no "…"). check gets the frame as drawn (App.View), which
// tour also reads: a frame of the Run screen is dear to draw.
func tour(t *testing.T, d *driver, w, h int, check func(where, view string)) {
	t.Helper()
	frame := func(where string) { check(where, d.app.View()) }
	for tab := range d.day().screens {
		d.tab(tab)
		frame(fmt.Sprintf("tab %d", tab+1))
		if tab == common.TabPredict {
			d.keys("e") // the box open
			frame("tab 2, typing")
		}
		for _, k := range []string{"down", "pgdown", "G"} {
			d.keys(k)
			frame(fmt.Sprintf("tab %d after %s", tab+1, k))
		}
		if tab == common.TabPredict {
			d.keys("esc")
		}
	}
	d.tab(common.TabRun)
	d.keys("left", "left", "left", "left", "left", "left", "left", "left")
	for i := range d.day().run.Parts {
		// Page through the part: its title and every chart's title are
		// somewhere on screen, whole.
		p := d.day().run.Parts[i].Res
		var pages strings.Builder
		last := ""
		for range 8 {
			v := d.app.View()
			if v == last {
				break // pgdn went no further: the part's last page is checked
			}
			check("run, part "+p.ID, v)
			pages.WriteString(flat(v) + " ")
			last = v
			d.keys("pgdown")
		}
		for _, want := range append([]string{"Part " + p.ID + ": " + p.Title}, figTitles(p)...) {
			if !strings.Contains(pages.String(), flat(want)) {
				t.Errorf("%d×%d: Part %s never shows %q whole", w, h, p.ID, want)
			}
		}
		d.keys("right")
	}
	d.tab(common.TabTODOs)
	for range d.day().s.Day.TODOs {
		d.keys("h", "h", "h", "h")
		frame("todo hints")
		d.keys("v")
		frame("todo solution asked")
		d.keys("y")
		frame("todo solution")
		d.keys("down")
	}
	d.tab(common.TabDrills)
	for range d.day().s.Day.Drills {
		d.keys("down")
		frame("drill")
	}
	// The day list, with the scoreboard of the day just played summed up
	// whole.
	d.keys("esc")
	frame("day list")
	n := len(d.day().s.Day.Predictions)
	if want := fmt.Sprintf("last scoreboard: %d of %d predicted · ", n, n); !strings.Contains(flat(d.app.View()), want) {
		t.Errorf("%d×%d: the day list lacks %q:\n%s", w, h, want, d.view())
	}
	d.keys("enter")
}

func figTitles(p labs.PartResult) []string {
	var out []string
	for _, f := range p.Figures {
		out = append(out, f.Title)
	}
	return out
}

// Issue 12 item 12: every screen at 80×24 and 120×40 fits, leans on no cut
// at the edge, and shows its key bar, titles and messages whole.
func TestEveryScreenIsWhole(t *testing.T) {
	t.Parallel()
	days := []struct {
		day labs.Day
		ref func() labs.Outcome
	}{
		{theDay, reference},
		{theDay46, day46Reference},
	}
	for _, dd := range days {
		for i, sz := range [][2]int{{80, 24}, {120, 40}} {
			if !testrun.Sampled(i+1, 1) {
				continue // 120×40 in the whole suite (testrun.Sampled)
			}
			w, h := sz[0], sz[1]
			t.Run(fmt.Sprintf("day%d/%dx%d", dd.day.Number, w, h), func(t *testing.T) {
				t.Parallel() // each size has its lab, its driver and its fit hook
				o := dd.ref()
				o.Impl = labs.Learner
				c := testCommon(t, labs.Course{dd.day}, labRoot(t, dd.day), newFake(fakeAnswer{o: o}))
				cuts := noCuts(t, c)
				c.Deps.RefMetrics = func(labs.Day) (labs.Metrics, error) { return dd.ref().Metrics(), nil }
				d := newDriver(t, c, w, h)
				d.keys("enter")
				d.predictAll(nil)
				d.tab(common.TabRun)
				d.keys("S")
				var bad []string
				tour(t, d, w, h, func(where, v string) {
					checkFits(t, v, w, h)
					lines := strings.Split(ansi.Strip(v), "\n")
					for _, c := range *cuts {
						bad = append(bad, where+": cut "+c)
					}
					*cuts = nil
					for _, l := range lines[len(lines)-3:] {
						if strings.Contains(l, "…") {
							bad = append(bad, where+": footer cut: "+l)
						}
					}
				})
				seen := map[string]bool{}
				for _, b := range bad {
					if !seen[b] {
						seen[b] = true
						t.Error(b)
					}
				}
			})
		}
	}
}

// Issue 12 item 5: paging through the lesson shows every line of it; none
// falls between two pages.
func TestLessonPagesLoseNoLine(t *testing.T) {
	t.Parallel()
	for i, sz := range [][2]int{{80, 24}, {120, 40}} {
		if !testrun.Sampled(i+1, 1) {
			continue // 120×40 in the whole suite (testrun.Sampled)
		}
		w, h := sz[0], sz[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			t.Parallel() // each size has a lab and a driver of its own
			d, _ := openDay(t, newFake(refAnswer()), w, h)
			d.tab(common.TabLesson)
			lesson := d.day().screens[common.TabLesson].(*lesson.Model)
			seen := map[string]bool{}
			for range 200 {
				for _, l := range strings.Split(d.view(), "\n") {
					seen[strings.TrimRight(l, " ")] = true
				}
				if lesson.Vp.AtBottom() {
					break
				}
				d.keys("pgdown")
			}
			if !lesson.Vp.AtBottom() {
				t.Fatal("pgdn never reached the end of the lesson")
			}
			content := ansi.Strip(lesson.Content(&d.day().s, lesson.W))
			for i, l := range strings.Split(content, "\n") {
				if l = strings.TrimRight(l, " "); l != "" && !seen[l] {
					t.Errorf("line %d of the lesson was never on screen: %q", i, l)
				}
			}
		})
	}
}

// flat is the screen's text with its lines joined and spaces squeezed, so
// a phrase wrapped across lines is still found whole.
func flat(view string) string { return strings.Join(strings.Fields(ansi.Strip(view)), " ") }

func wantWhole(t *testing.T, d *driver, phrases ...string) {
	t.Helper()
	v := flat(d.app.View())
	for _, p := range phrases {
		if !strings.Contains(v, flat(p)) {
			t.Fatalf("the screen lacks %q whole:\n%s", p, d.view())
		}
	}
}

// Issue 12 item 12: at 80×24 a hint or the solution just opened is brought
// into view, and the solution's signature is wrapped, not cut.
func TestTODOHintsAndSolutionOpenIntoView(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(fakeAnswer{o: gradedOutcome()}), 80, 24)
	cuts := noCuts(t, d.app.c)
	d.tab(common.TabTODOs)
	for _, n := range []int{1, 4} {
		todo, _ := theDay.TODO(n)
		for i := range todo.Hints {
			d.keys("h")
			// The whole hint is on screen, not only its first words.
			wantWhole(t, d, fmt.Sprintf("%d. %s", i+1, todo.Hints[i]))
		}
		d.keys("v", "y")
		wantWhole(t, d, "Reference solution")
		src, _, err := todos.Solution(d.app.c.Deps.Root, theDay, todo.Func)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(src, "\n") {
			if strings.HasPrefix(l, "func ") {
				wantWhole(t, d, l) // the signature, whole
			}
		}
		d.keys("down", "down", "down")
	}
	if len(*cuts) > 0 {
		t.Fatalf("lines cut at the edge: %q", *cuts)
	}
}

// noColorStyles are the styles a NO_COLOR terminal gets.
func noColorStyles() styles.Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	return styles.For(r, func(k string) string {
		if k == "NO_COLOR" {
			return "1"
		}
		return ""
	})
}

// Issue 12 item 14: in NO_COLOR every series of every chart has a shape of
// its own, named in the legend and drawn in the plot; accepted and
// rejected read as ● and ✕.
func TestChartsReadWithoutColour(t *testing.T) {
	t.Parallel()
	root := labRoot(t, theDay)
	c := testCommon(t, labs.Course{theDay}, root, newFake(refAnswer()))
	c.Styles = noColorStyles()
	d := newDriver(t, c, 80, 24)
	d.keys("enter")
	d.answerAll(nil)
	d.tab(common.TabRun)
	d.keys("S", "left", "left", "left", "left", "left", "left", "left")
	// Part 1's overload chart: the accepts and rejects strips.
	var screen strings.Builder
	for range 6 {
		screen.WriteString(d.view() + "\n")
		d.keys("pgdown")
	}
	for _, want := range []string{"● accepted", "✕ rejected", "accepted│", "rejected│"} {
		if !strings.Contains(screen.String(), want) {
			t.Fatalf("Part 1 in NO_COLOR lacks %q:\n%s", want, screen.String())
		}
	}
	for _, l := range strings.Split(screen.String(), "\n") {
		for name, glyph := range map[string]string{"accepted│": "●", "rejected│": "✕"} {
			if strings.HasPrefix(l, name) && !strings.Contains(l, glyph) {
				t.Errorf("the %s strip is not drawn with %s: %q", name, glyph, l)
			}
		}
	}

	// Every figure of the day: one glyph per series, named in the legend.
	// (A series may lie under another, as the counter under its accepts.)
	for _, p := range reference().Parts {
		for _, f := range p.Figures {
			fp := chart.Prepare(f)
			out := ansi.Strip(chart.Draw(fp, math.Inf(1), 80, 8, c.Styles, false))
			glyphs := map[string]string{}
			last := len(f.Series) - 1
			for k, s := range f.Series {
				g := chart.SeriesGlyph(fp, k, last)
				if other, dup := glyphs[g]; dup {
					t.Errorf("%q: %q and %q are both drawn with %s", f.Title, other, s.Name, g)
				}
				glyphs[g] = s.Name
				if !strings.Contains(out, g+" "+s.Name) && len(f.Series) > 1 {
					t.Errorf("%q: the legend lacks %q", f.Title, g+" "+s.Name)
				}
			}
		}
	}
}

// Issue 12 item 16: a note about an action goes once a later run lands; a
// reset's note outlives the run the reset itself starts.
func TestStaleNotesClear(t *testing.T) {
	t.Parallel()
	f := newFake(refAnswer())
	d, _ := openDay(t, f, 80, 24)
	d.tab(common.TabTODOs)
	d.keys("x", "n")
	d.wantView("nothing was changed")
	d.keys("r") // a run, as a save starts one
	d.dontWantView("nothing was changed")

	d.keys("x", "y")
	// After the reset's own run, the note is there, whole (the run beside
	// it in its short form: the line wraps).
	line, _ := d.day().statusLine(80)
	wantWhole(t, d, "is back to the shipped stub", line)
	if !strings.Contains(statusOf(d), line[strings.Index(line, "TODO 1 (TakeToken)"):]) {
		t.Fatalf("the note on screen is not the whole note: %q", line)
	}
	d.keys("r")
	if strings.Contains(flat(d.app.View()), "is back to the shipped stub") {
		t.Fatalf("the reset's note outlived a later run:\n%s", d.view())
	}
}

func statusOf(d *driver) string {
	line, _ := d.day().status()
	return line
}

// Issue 12 item 16: a ratio typed as 20x is recorded.
func TestPredictTakesARatioWithAnX(t *testing.T) {
	t.Parallel()
	// Day 45 asks no ratio since P10 became a count: a copy of it does.
	day := theDay
	day.Predictions = slices.Clone(theDay.Predictions)
	id := "P10"
	for i, p := range day.Predictions {
		if p.ID == id {
			day.Predictions[i].Unit, day.Predictions[i].Count = "times", false
		}
	}
	root := labRoot(t, day)
	d := newDriver(t, testCommon(t, labs.Course{day}, root, newFake(refAnswer())), 80, 24)
	d.keys("enter")
	d.predictAll(map[string]string{id: "20x"})
	if g := loadSaved(t, root).Predictions[id]; g.Value == nil || *g.Value != 20 {
		t.Fatalf("20x for %s saved as %+v", id, g)
	}
}

// Issue 12 item 13: the lesson and the TODO screen, every hint shown, say
// what to compute but never write the answer's code or its rule.
func TestTODOsDoNotGiveTheAnswerAway(t *testing.T) {
	t.Parallel()
	giveaways := []string{
		"later of", "whichever of now and nextEmit", "max(now", // TODO 4's rule
		"min(capacity", "min() is", "Seconds() ×", "Seconds()*", // TODO 1's
		"now / window", "divide now by window", // TODO 2's
		"stamp <=", "stamp ≤", "at or before now − window", // TODO 3's
	}
	d, _ := openDay(t, newFake(fakeAnswer{o: stubOutcome(theDay)}), 80, 24)
	var seen strings.Builder
	d.tab(common.TabLesson)
	lesson := d.day().screens[common.TabLesson].(*lesson.Model)
	for !lesson.Vp.AtBottom() {
		seen.WriteString(flat(d.app.View()) + " ")
		d.keys("pgdown")
	}
	seen.WriteString(flat(d.app.View()) + " ")
	d.tab(common.TabTODOs)
	for range theDay.TODOs {
		for range 4 {
			d.keys("h")
			seen.WriteString(flat(d.app.View()) + " ")
		}
		d.keys("down")
	}
	for _, g := range giveaways {
		if i := strings.Index(seen.String(), g); i >= 0 {
			t.Errorf("the screens give the answer away: %q in …%s…", g, seen.String()[max(i-80, 0):min(i+80, len(seen.String()))])
		}
	}
	for _, todo := range theDay.TODOs {
		if !strings.Contains(seen.String(), flat(todo.Goal)) {
			t.Errorf("TODO %d's goal is not on screen whole: %q", todo.Number, todo.Goal)
		}
	}
}

// timers records each timer a screen starts instead of running it.
type timers struct {
	t0    time.Time
	asked []time.Duration
	fns   []func(time.Time) tea.Msg
}

func (tm *timers) after(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	tm.asked = append(tm.asked, d)
	tm.fns = append(tm.fns, fn)
	return nil
}

// Issue 11 item 4: while the code builds, the screen counts the seconds
// and, once it is slow, says what is happening, ticking once a second only
// while the build lasts.
func TestABuildShowsItsProgress(t *testing.T) {
	t.Parallel()
	f := newFake(refAnswer())
	c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), f)
	tm := &timers{t0: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	c.Deps.After = tm.after
	m := newDay(c, theDay)
	m.visible = true
	m.resize(80, 20)
	m.startRun() // the run itself is left pending: a long, cold build
	m.update(nil)
	if len(tm.asked) != 1 || tm.asked[0] != time.Second {
		t.Fatalf("a build asked for timers %v, want one of a second", tm.asked)
	}
	m.update(common.SwitchTabMsg{Tab: common.TabRun})
	for sec := 1; sec <= 12; sec++ {
		if len(tm.fns) != 1 {
			t.Fatalf("%d timers in flight at %d s, want 1", len(tm.fns), sec)
		}
		fn := tm.fns[0]
		tm.fns, tm.asked = nil, nil
		m.update(fn(tm.t0.Add(time.Duration(sec) * time.Second)))
	}
	status, _ := m.status()
	for _, want := range []string{"building… 12 s", "first build takes a minute or two"} {
		if !strings.Contains(status, want) {
			t.Fatalf("the status line lacks %q: %q", want, status)
		}
	}
	if v := flat(m.view(80, 20)); !strings.Contains(v, "12 s so far") {
		t.Fatalf("the Run screen does not count the build: %s", v)
	}

	// The build ends: the tick already on its way comes, and after it none.
	pending := tm.fns
	tm.fns, tm.asked = nil, nil
	m.update(run.OutcomeMsg{Gen: m.runGen, O: refAnswer().o, At: tm.t0})
	for _, fn := range pending {
		m.update(fn(tm.t0.Add(13 * time.Second)))
	}
	if len(tm.asked) > 0 {
		t.Fatalf("the build is over but the screens still start timers: %v", tm.asked)
	}
	if status, _ := m.status(); strings.Contains(status, "building") {
		t.Fatalf("the status still says building: %q", status)
	}

	// Issue 18: a save's build is not the first: a few seconds say only
	// "building…", and past that nothing claims it is the first build.
	m.startRun()
	m.update(nil)
	for sec := 1; sec <= 8; sec++ {
		for _, fn := range tm.fns {
			tm.fns, tm.asked = nil, nil
			m.update(fn(tm.t0.Add(time.Duration(20+sec) * time.Second)))
		}
		status, _ := m.status()
		switch {
		case strings.Contains(status, "first build"):
			t.Fatalf("a save's build at %d s says %q", sec, status)
		case sec <= 4 && !strings.HasPrefix(status, "building…") || sec <= 4 && strings.Contains(status, "s:"):
			t.Fatalf("a save's build at %d s says %q, want a plain building…", sec, status)
		case sec == 8 && !strings.Contains(status, "slower than a save"):
			t.Fatalf("a save's slow build at 8 s says %q", status)
		}
	}

	// That build ends with its tick on the way, and the next save starts
	// before the tick lands: the new build counts from zero, not from the
	// last one's start.
	pending = tm.fns
	tm.fns, tm.asked = nil, nil
	m.update(run.OutcomeMsg{Gen: m.runGen, O: refAnswer().o, At: tm.t0.Add(29 * time.Second)})
	m.startRun()
	m.update(nil)
	for _, fn := range pending {
		m.update(fn(tm.t0.Add(29*time.Second + 500*time.Millisecond)))
	}
	if status, _ := m.status(); !strings.HasPrefix(status, "building…") || strings.Contains(status, "s:") {
		t.Fatalf("a save right after a slow build says %q, want a plain building…", status)
	}
}

// Issue 12 item 6: at 80×24 every drill's question is on screen whole,
// every word in order (D3 used to lose its "in").
func TestDrillQuestionsKeepEveryWord(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.tab(common.TabDrills)
	for i, dr := range theDay.Drills {
		if i > 0 {
			d.keys("down")
		}
		wantWhole(t, d, dr.Question)
	}
}

// Issue 11 item 5: nothing ticks while nothing moves: a paused replay, a
// finished one, no build.
func TestNoTicksWhileNothingMoves(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true
	d.predictAll(nil)
	d.tab(common.TabRun)
	if len(d.held) != 1 {
		t.Fatalf("%d ticks in flight while a part plays, want 1", len(d.held))
	}
	d.keys("space") // pause
	d.step()        // the tick already on its way
	if len(d.held) != 0 {
		t.Fatalf("a paused replay still ticks: %d in flight", len(d.held))
	}
	d.keys("space") // play
	if len(d.held) != 1 {
		t.Fatalf("playing again: %d ticks in flight, want 1", len(d.held))
	}
	d.keys("S") // to the end
	for d.step() {
	}
	d.keys("down", "up", "right", "left")
	if len(d.held) != 0 {
		t.Fatalf("a finished replay still ticks: %d in flight", len(d.held))
	}
	for tab := range d.day().screens {
		d.tab(tab)
		if len(d.held) != 0 {
			t.Fatalf("tab %d ticks with nothing moving", tab+1)
		}
	}
}
