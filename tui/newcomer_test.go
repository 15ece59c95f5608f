package tui

import (
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/pages/run"
)

// What a newcomer tripped on, each as they saw it at 80×24.

// A part that waited on an unfinished TODO did not play: its clock must not
// say "✓ Part 1 played" above "waiting on TODO 1".
func TestAPartThatWaitedOnATODOIsNotCalledPlayed(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(), 80, 24) // the stubs: every part waits
	d.predictDue(map[string]string{"P1": "20", "P2": "15"})
	d.tab(common.TabRun)
	v := d.view()
	if strings.Contains(v, "✓ Part 1 played") {
		t.Fatalf("a part that waited on TODO 1 reads as played:\n%s", v)
	}
	d.wantView("⏳ Part 1 did not play")
}

// A pause belongs to the part it was pressed on: the next part plays.
func TestAPauseDoesNotCarryIntoTheNextPart(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true
	d.answerAll(nil)
	d.keys(" ") // pause Part 1
	d.wantView("⏸ paused")
	d.keys("right")
	d.dontWantView("⏸ paused")
	d.wantView("▶ playing")
}

// Replaying a part starts at its first frame at ×1: a tick sent before the
// skip, or a speed of ×16, made it jump (14.4 s, then 30, then 54 within a
// second and a half).
func TestAReplayStartsFromItsFirstFrame(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true
	d.predictAll(nil)
	rv := d.day().run
	d.keys("+", "+", "+", "+") // ×16
	d.step()
	d.keys("s") // a tick is still on its way
	d.keys(" ") // play Part 1 again
	if rv.Parts[0].Done {
		t.Fatal("space on a played part did not replay it")
	}
	for d.step() {
		p := rv.Parts[0]
		if p.Done || p.Now > p.Start {
			break
		}
	}
	p := rv.Parts[0]
	oneFrame := rv.C.Deps.Frame.Seconds() * (p.End - p.Start) / run.BasePlay
	if got := p.Now - p.Start; got > oneFrame*1.0001 {
		t.Fatalf("the replay's first step moved %.1f virtual s, want at most one frame at ×1 (%.2f s)", got, oneFrame)
	}
	if run.Speeds[rv.Speed] > 1 {
		t.Fatalf("the replay runs at ×%g, want ×1", run.Speeds[rv.Speed])
	}
}

// The hint under a played part names the key that gets to the next one:
// "→ plays it" only when → goes there.
func TestTheNextPartsHintNamesTheKeyThatGetsThere(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true
	d.answerAll(nil)
	rv := d.day().run
	d.keys("S") // every part played
	rv.Parts[3].Done = false
	d.keys("left", "left", "left") // Part 1 on screen; Part 4 the next to play
	if rv.Shown != 0 {
		t.Fatalf("the screen shows part index %d, want 0", rv.Shown)
	}
	d.dontWantView("→ plays it")
	d.wantView("next to play: Part 4", "→ 3 times gets there")
	d.keys("right", "right", "right")
	if rv.Shown != 3 {
		t.Fatalf("→ three times shows part index %d, want 3", rv.Shown)
	}
}

// A re-run of unchanged code measures Day 45's shared check again (a
// wall-clock figure): the part stays played.
func TestAReRunThatOnlyMeasuredAgainKeepsThePartPlayed(t *testing.T) {
	t.Parallel()
	first := refAnswer()
	second := refAnswer()
	second.o = measuredAgain(second.o)
	fake := newFake(first)
	d, _ := openDay(t, fake, 80, 24)
	d.hold = true
	d.answerAll(nil)
	d.keys("S")
	fake.set(second)
	d.keys("r")
	for i, p := range d.day().run.Parts {
		if !p.Done {
			t.Fatalf("after re-running unchanged code, Part %s (index %d) is unplayed again", p.Res.ID, i)
		}
	}
}

// measuredAgain is o with every wall-clock figure changed, as a second
// run on the same machine gives.
func measuredAgain(o labs.Outcome) labs.Outcome {
	o.Parts = append([]labs.PartResult(nil), o.Parts...)
	for i, p := range o.Parts {
		p.Metrics = append([]labs.Metric(nil), p.Metrics...)
		for j, m := range p.Metrics {
			if labs.Measured(m) {
				p.Metrics[j].Value = m.Value*2 + 1
			}
		}
		p.Lines = append(append([]string(nil), p.Lines...), labs.Stopwatch+" measured again")
		o.Parts[i] = p
	}
	return o
}

// g, G, home and end move long text on the Run screen too, as the README
// lists them for every long text.
func TestRunScreenTopAndBottomKeys(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true
	d.answerAll(nil)
	d.keys("S")
	rv := d.day().run
	most := rv.MaxScroll(&d.day().s)
	if most == 0 {
		t.Skip("Part 1 fits on one screen at 80×24: nothing to scroll")
	}
	for _, k := range []string{"G", "end"} {
		d.keys("g")
		d.keys(k)
		if rv.Scroll != most {
			t.Fatalf("%s scrolled to %d, want the bottom %d", k, rv.Scroll, most)
		}
	}
	for _, k := range []string{"g", "home"} {
		d.keys("G")
		d.keys(k)
		if rv.Scroll != 0 {
			t.Fatalf("%s scrolled to %d, want the top", k, rv.Scroll)
		}
	}
}

// The status line is one line while the code builds and the experiments
// run, at 80 and at 40 columns: "running… 3 s: your TODOs are graded, the
// experiments are still running · 0/4 TODOs pass" wrapped onto two.
func TestTheStatusLineStaysOneLineWhileBuilding(t *testing.T) {
	t.Parallel()
	f := newFake(refAnswer())
	c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), f)
	tm := &timers{t0: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	c.Deps.After = tm.after
	m := newDay(c, theDay)
	m.visible = true
	m.resize(80, 20)
	m.startRun() // left pending: a long first build
	m.update(nil)
	for sec := 1; sec <= 34; sec++ {
		fn := tm.fns[0]
		tm.fns, tm.asked = nil, nil
		m.update(fn(tm.t0.Add(time.Duration(sec) * time.Second)))
	}
	check := func(state string, wantAt80 ...string) {
		t.Helper()
		for _, w := range []int{80, 40} {
			line, _ := m.statusLine(w)
			if textlayout.Width(line) > w {
				t.Errorf("%s at %d columns: the status line wraps: %q", state, w, line)
			}
			if w == 80 {
				for _, want := range wantAt80 {
					if !strings.Contains(line, want) {
						t.Errorf("%s at 80 columns: the status line lacks %q: %q", state, want, line)
					}
				}
			}
		}
	}
	check("the first build", "building… 34 s", "the first build takes a minute or two")
	// The verdicts are in, the parts still to come.
	o := stubOutcome(theDay)
	o.Parts = nil
	m.s.Pending = &o
	check("the experiments", "the experiments… 34 s", "0/4 TODOs pass")
}

// How to think about P9 is read whole at 80×24 ("A little into the new
// minute," was the last line, and pgdn did nothing); at 40×12, pgdn shows
// the rest of the focused prediction, the note on a revealed guess
// included.
func TestThePredictScreenShowsTheWholeOfTheFocusedQuestion(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		w, h := size[0], size[1]
		d, _ := openDay(t, newFake(refAnswer()), w, h)
		d.tab(common.TabPredict)
		var p9 labs.Prediction
		for i, p := range theDay.Predictions {
			if p.ID == "P9" {
				p9 = p
				for range i {
					d.keys("down")
				}
			}
		}
		if d.day().predict.Focus < 0 || theDay.Predictions[d.day().predict.Focus].ID != "P9" {
			t.Fatal("could not focus P9")
		}
		d.keys("ctrl+t")
		seen := flat(d.app.View())
		for range 20 {
			if strings.Contains(seen, flat(p9.Think)) {
				break
			}
			d.keys("pgdown")
			seen += " " + flat(d.app.View())
		}
		// The think text may span two pages: every one of its words must
		// have been on screen, in order, across them.
		for _, word := range strings.Fields(p9.Think) {
			if !strings.Contains(seen, word) {
				t.Fatalf("at %d×%d, %q of how to think about P9 never came on screen:\n%s", w, h, word, d.view())
			}
		}
		if w == 80 && !strings.Contains(flat(d.app.View()), flat(p9.Think)) {
			t.Fatalf("at 80×24 how to think about P9 is not on one screen:\n%s", d.view())
		}
		checkFits(t, d.app.View(), w, h)
	}
}

// A recorded guess is marked as recorded, not with a ✓ that reads as
// "correct" before any actual is out.
func TestARecordedGuessIsNotTicked(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.tab(common.TabPredict)
	d.keys("e", "20", "enter")
	v := d.view()
	if strings.Contains(v, "P1  ✓") || strings.Contains(v, "✓ recorded") {
		t.Fatalf("a recorded guess is ticked:\n%s", v)
	}
}

// The ? overlay fits the screen on every tab: bubbles' help cut its last
// column at 80 columns ("jump to scree…"); groups that do not fit go on a
// row of their own.
func TestTheKeysOverlayIsNeverCut(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.answerAll(nil)
	for tab := range len(d.day().screens) {
		d.tab(tab)
		d.keys("?")
		v := d.view()
		lines := strings.Split(v, "\n")
		for _, l := range lines[len(lines)-helpLines(d):] {
			if strings.Contains(l, "…") {
				t.Errorf("tab %d: the keys overlay is cut: %q", tab+1, l)
			}
		}
		checkFits(t, d.app.View(), 80, 24)
		d.keys("?")
	}
}

// helpLines is how many lines the keys overlay takes at the bottom.
func helpLines(d *driver) int { return textlayout.LineCount(d.app.helpView()) }

// Figure 1's legend keeps each glyph's meaning when the traffic knob
// turns (× was the sliding counter in one mode, the promise in the
// other), and no row label is cut ("sliding…").
func TestPlayFigureOneKeepsItsGlyphsAcrossTrafficModes(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.answerAll(allGuesses())
	d.tab(common.TabPlay)
	d.keys("enter")
	glyphOf := func(name string) string {
		t.Helper()
		v := d.view()
		i := strings.Index(v, " "+name)
		if i < 0 {
			t.Fatalf("the legend lacks %q:\n%s", name, v)
		}
		r := []rune(v[:i])
		return string(r[len(r)-1])
	}
	names := []string{"sliding log", "sliding counter", "promise"}
	burst := map[string]string{}
	for _, n := range names {
		burst[n] = glyphOf(n)
	}
	d.keys("down", "down", "+") // steady
	d.wantView("traffic              steady")
	for _, n := range names {
		if g := glyphOf(n); g != burst[n] {
			t.Errorf("%s is drawn with %s under steady traffic and %s under a burst", n, g, burst[n])
		}
	}
	if strings.Contains(d.view(), "…│") {
		t.Errorf("a row label is cut:\n%s", d.view())
	}
	d.wantView("promise = 100")
	// The refusals drawn as a strip are counted in the summary too.
	if strings.Contains(d.view(), "refused │") {
		d.wantView("fixed window  accepted 300 · refused 150")
	}
}

// At 40×12 the Play screen kept its readouts and showed no chart, with no
// word of one; it now says c brings the chart, and c does.
func TestPlayAtFortyByTwelveOffersItsChart(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 40, 12)
	d.answerAll(allGuesses())
	d.tab(common.TabPlay)
	d.keys("enter")
	for fig := range len(theDay.Figures) {
		if !strings.Contains(d.view(), "└") {
			d.wantView("c: the chart")
			d.keys("c")
			if !strings.Contains(d.view(), "└") {
				t.Fatalf("figure %d: c shows no chart at 40×12:\n%s", fig+1, d.view())
			}
			d.wantView("c: the knobs and figures")
			checkFits(t, d.app.View(), 40, 12)
			d.keys("c")
		}
		d.keys("f")
	}
}

// At 40×12 the Run screen's clock is one line while a part plays.
func TestTheRunClockFitsFortyColumns(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 40, 12)
	d.hold = true
	d.answerAll(nil)
	d.tab(common.TabRun)
	d.step()
	rv := d.day().run
	if c := rv.Clock(&d.day().s, 40); textlayout.Width(c) > 40 || !strings.Contains(c, "t = ") {
		t.Fatalf("the clock at 40 columns: %q", c)
	}
}

// Once a run has landed, the status line fits 40 columns too: the run's
// time goes first, then "nothing moved" (seen in a real terminal by
// .ci/screens: "✓ ran 22:08:31 · 0/4 TODOs pass · / nothing moved since the
// last run").
func TestTheStatusLineAfterARunFitsFortyColumns(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(fakeAnswer{o: stubOutcome(theDay)}), 40, 12)
	d.keys("r")
	line, _ := d.day().statusLine(40)
	if textlayout.Width(line) > 40 || !strings.Contains(line, "0/4 TODOs pass") {
		t.Fatalf("the status line at 40 columns: %q", line)
	}
	if full, _ := d.day().statusLine(200); !strings.Contains(full, "✓ ran ") {
		t.Fatalf("a wide status line lost the run's time: %q", full)
	}
}

// View is pure: drawing the Predict screen leaves its pgdn offset as it
// was (it clamped the offset as it drew). pgdn stops at the focused row's
// last line, so one pgup after many pgdns moves the screen back at once.
func TestPredictPgdnIsClampedByTheKeyNotByTheView(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 40, 12)
	d.tab(common.TabPredict)
	d.keys("ctrl+t") // how to think about it: a row longer than the screen
	pm := d.day().predict
	pm.Peek = 1000
	before := d.view()
	d.view()
	if pm.Peek != 1000 {
		t.Fatalf("drawing the screen changed its pgdn offset to %d", pm.Peek)
	}
	pm.Peek = 0
	d.keys("pgdown")
	if pm.Peek == 0 {
		t.Fatalf("pgdn did not move on a row longer than the screen:\n%s", before)
	}
	for range 10 {
		d.keys("pgdown")
	}
	bottom, peek := d.view(), pm.Peek
	_, _, room, _ := pm.Layout(&d.day().s, pm.W, pm.H)
	if peek != room {
		t.Fatalf("after many pgdns the offset is %d, want the row's end, %d", peek, room)
	}
	d.keys("pgup")
	if d.view() == bottom && peek > 0 {
		t.Fatalf("one pgup after many pgdns did not move the screen:\n%s", bottom)
	}
}
