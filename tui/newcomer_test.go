package tui

import (
	"strings"
	"testing"

	"termlab/labs"
)

// What a newcomer tripped on, each as they saw it at 80×24.

// A part that waited on an unfinished TODO did not play: its clock must not
// say "✓ Part 1 played" above "waiting on TODO 1".
func TestAPartThatWaitedOnATODOIsNotCalledPlayed(t *testing.T) {
	d, _ := openDay(t, newFake(), 80, 24) // the stubs: every part waits
	d.predictDue(map[string]string{"P1": "20", "P2": "15"})
	d.tab(tabRun)
	v := d.view()
	if strings.Contains(v, "✓ Part 1 played") {
		t.Fatalf("a part that waited on TODO 1 reads as played:\n%s", v)
	}
	d.wantView("⏳ Part 1 did not play")
}

// A pause belongs to the part it was pressed on: the next part plays.
func TestAPauseDoesNotCarryIntoTheNextPart(t *testing.T) {
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true
	d.predictAll(nil)
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
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true
	d.predictAll(nil)
	run := d.day().run
	d.keys("+", "+", "+", "+") // ×16
	d.step()
	d.keys("s") // a tick is still on its way
	d.keys(" ") // play Part 1 again
	if run.parts[0].done {
		t.Fatal("space on a played part did not replay it")
	}
	for d.step() {
		p := run.parts[0]
		if p.done || p.now > p.start {
			break
		}
	}
	p := run.parts[0]
	oneFrame := run.c.deps.frame.Seconds() * (p.end - p.start) / basePlay
	if got := p.now - p.start; got > oneFrame*1.0001 {
		t.Fatalf("the replay's first step moved %.1f virtual s, want at most one frame at ×1 (%.2f s)", got, oneFrame)
	}
	if speeds[run.speed] > 1 {
		t.Fatalf("the replay runs at ×%g, want ×1", speeds[run.speed])
	}
}

// The hint under a played part names the key that gets to the next one:
// "→ plays it" only when → goes there.
func TestTheNextPartsHintNamesTheKeyThatGetsThere(t *testing.T) {
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true
	d.predictAll(nil)
	run := d.day().run
	d.keys("S") // every part played
	run.parts[3].done = false
	d.keys("left", "left", "left") // Part 1 on screen; Part 4 the next to play
	if run.shown != 0 {
		t.Fatalf("the screen shows part index %d, want 0", run.shown)
	}
	d.dontWantView("→ plays it")
	d.wantView("next to play: Part 4", "→ 3 times gets there")
	d.keys("right", "right", "right")
	if run.shown != 3 {
		t.Fatalf("→ three times shows part index %d, want 3", run.shown)
	}
}

// A re-run of unchanged code measures Day 45's shared check again (a
// wall-clock figure): the part stays played.
func TestAReRunThatOnlyMeasuredAgainKeepsThePartPlayed(t *testing.T) {
	first := refAnswer()
	second := refAnswer()
	second.o = measuredAgain(second.o)
	fake := newFake(first)
	d, _ := openDay(t, fake, 80, 24)
	d.hold = true
	d.predictAll(nil)
	d.keys("S")
	fake.set(second)
	d.keys("r")
	for i, p := range d.day().run.parts {
		if !p.done {
			t.Fatalf("after re-running unchanged code, Part %s (index %d) is unplayed again", p.res.ID, i)
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
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true
	d.predictAll(nil)
	d.keys("S")
	run := d.day().run
	most := run.maxScroll(&d.day().s)
	if most == 0 {
		t.Skip("Part 1 fits on one screen at 80×24: nothing to scroll")
	}
	for _, k := range []string{"G", "end"} {
		d.keys("g")
		d.keys(k)
		if run.scroll != most {
			t.Fatalf("%s scrolled to %d, want the bottom %d", k, run.scroll, most)
		}
	}
	for _, k := range []string{"g", "home"} {
		d.keys("G")
		d.keys(k)
		if run.scroll != 0 {
			t.Fatalf("%s scrolled to %d, want the top", k, run.scroll)
		}
	}
}
