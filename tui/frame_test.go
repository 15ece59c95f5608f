package tui

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	"termlab/tui/common"
	"termlab/tui/styles"
)

// visitAll opens every screen of the day in turn and the day list, and
// checks each fits.
func visitAll(t *testing.T, d *driver, w, h int) {
	t.Helper()
	for tab := range d.day().screens {
		d.tab(tab)
		checkFits(t, d.app.View(), w, h)
		d.keys("down", "pgdown", "G")
		checkFits(t, d.app.View(), w, h)
	}
	d.keys("esc", "esc") // stop typing if a box has the keyboard, then the list
	checkFits(t, d.app.View(), w, h)
	d.keys("?")
	checkFits(t, d.app.View(), w, h)
	d.keys("?", "enter")
}

func TestEverySizeFitsAndNothingPanics(t *testing.T) {
	t.Parallel()
	// The default run tries the first four (80×24, 40×12 and two tiny
	// sizes, where a panic hides), the whole suite every size
	// (testrun.Sampled): each costs about a second of CPU.
	sizes := [][2]int{{80, 24}, {40, 12}, {10, 3}, {0, 0}, {120, 40}, {20, 6}, {1, 1}, {40, 10}, {200, 60}, {79, 23}}
	for i, sz := range sizes {
		if !testrun.Sampled(i+1, 4) {
			continue
		}
		w, h := sz[0], sz[1]
		t.Run(strconv.Itoa(w)+"x"+strconv.Itoa(h), func(t *testing.T) {
			t.Parallel() // each size has a lab and a driver of its own
			f := newFake(refAnswer())
			d, _ := openDay(t, f, w, h)
			visitAll(t, d, w, h) // before predicting
			d.predictAll(map[string]string{"P1": "15"})
			visitAll(t, d, w, h)
			// With a compile error on top, and a question open.
			f.set(fakeAnswer{err: &worker.BuildError{Locations: []worker.Location{{File: "labs/day45/todo.go", Line: 3, Msg: strings.Repeat("very long message ", 10)}}}})
			d.keys("r")
			visitAll(t, d, w, h)
			d.tab(common.TabTODOs)
			d.keys("x")
			checkFits(t, d.app.View(), w, h)
			d.keys("n")
		})
	}
}

func TestResizesWhilePlaying(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.hold = true
	d.predictAll(nil)
	sizes := [][2]int{{120, 40}, {20, 6}, {0, 0}, {-5, -5}, {3, 100}, {100, 3}, {80, 24}}
	for i, sz := range sizes {
		d.send(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		for range 7 {
			d.step()
		}
		checkFits(t, d.app.View(), max(sz[0], 0), max(sz[1], 0))
		if i == len(sizes)-1 { // back at 80×24
			d.wantView("Part ")
		}
	}
	// After all that the replay is still on its way, one tick at a time.
	if len(d.held) > 1 {
		t.Fatalf("%d ticks in flight: resizes started extra tick chains", len(d.held))
	}
}

// sgrColour matches an SGR sequence that sets a colour (30–38, 40–48,
// 90–97, 100–107), alone or among other attributes.
var sgrColour = regexp.MustCompile(`\x1b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m`)

func TestNoColor(t *testing.T) {
	screens := func(st styles.Styles) string {
		root := labRoot(t, theDay)
		c := testCommon(t, labs.Course{theDay}, root, newFake(refAnswer()))
		c.Styles = st
		d := newDriver(t, c, 100, 40)
		d.keys("enter")
		d.answerAll(map[string]string{"P1": "15"})
		d.tab(common.TabRun)
		d.keys("S") // every part played: the learner drives the replay
		var all strings.Builder
		for tab := range d.day().screens {
			d.tab(tab)
			all.WriteString(d.app.View())
		}
		return all.String()
	}
	plain := func(s string) string { return ansi.Strip(s) }
	colour := lipgloss.NewRenderer(io.Discard)
	colour.SetColorProfile(termenv.TrueColor)
	if out := screens(styles.For(colour, func(string) string { return "" })); !sgrColour.MatchString(out) {
		t.Fatal("no colour drawn even with a colour terminal: the test proves nothing")
	}

	none := lipgloss.NewRenderer(io.Discard)
	none.SetColorProfile(termenv.TrueColor)
	env := func(k string) string {
		if k == "NO_COLOR" {
			return "1"
		}
		return ""
	}
	out := screens(styles.For(none, env))
	if m := sgrColour.FindString(out); m != "" {
		t.Fatalf("NO_COLOR drew a colour: %q", m)
	}
	if !strings.Contains(out, "\x1b[") {
		t.Fatal("NO_COLOR dropped bold and reverse too")
	}
	// Without colour, states still read: glyphs and words.
	for _, want := range []string{"✗ off (", "[3 Run]", "›", "✓ all parts played"} {
		if !strings.Contains(plain(out), want) {
			t.Errorf("NO_COLOR screens lack %q", want)
		}
	}

	// termenv alone honours NO_COLOR for a real terminal's renderer.
	t.Setenv("NO_COLOR", "1")
	if p := lipgloss.NewRenderer(os.Stdout).ColorProfile(); p != termenv.Ascii {
		t.Fatalf("NO_COLOR: profile %v", p)
	}
}

// A day with a part the screens have never heard of: its figures, metrics,
// sentences and prediction show with no code of their own.
func TestANewPartShowsWithoutScreenCode(t *testing.T) {
	t.Parallel()
	day := theDay
	day.Parts = append(append([]labs.Part(nil), theDay.Parts...), labs.Part{ID: "9", Title: "Made-up part", Uses: []int{1}})
	day.Predictions = append(append([]labs.Prediction(nil), theDay.Predictions...),
		labs.Prediction{ID: "PX9", Question: "How many widgets?", Unit: "widgets", Metric: "widgets", Part: "9", Count: true, Why: "Widgets are made in threes."})
	o := reference()
	o.Impl = labs.Learner
	o.Parts = append(append([]labs.PartResult(nil), o.Parts...), labs.PartResult{
		ID: "9", Title: "Made-up part", Status: labs.OK, Span: 10,
		Metrics: []labs.Metric{{Name: "widgets", Label: "widgets", Value: 3}},
		Lines:   []string{"Three widgets were made."},
		Figures: []labs.Figure{
			{Title: "Widgets per second", Kind: labs.Bars, XLabel: "second", YLabel: "widgets",
				Series: []labs.Series{{Name: "made", X: []float64{0, 1, 2, 3}, Y: []float64{1, 0, 1, 1}}}},
			{Title: "Stock", Kind: labs.Line, XLabel: "seconds", YLabel: "widgets",
				Series: []labs.Series{{Name: "stock", X: []float64{0, 5, 10}, Y: []float64{0, 3, 1}}, {Name: "sold", X: []float64{10}, Y: []float64{1}, Events: true}},
				Marks:  []labs.Mark{{X: 5, Label: "restock"}}},
			{Title: "Orders", Kind: labs.Points, XLabel: "order", YLabel: "size",
				Series: []labs.Series{{Name: "small", X: []float64{1, 2}, Y: []float64{1, 2}}, {Name: "big", X: []float64{3}, Y: []float64{9}}}},
		},
	})
	root := labRoot(t, day)
	d := newDriver(t, testCommon(t, labs.Course{day}, root, newFake(fakeAnswer{o: o})), 100, 60)
	d.keys("enter")
	d.predictAll(map[string]string{"PX9": "4"})
	d.keys("end") // no-op; the part list
	for d.day().run.Shown < len(d.day().run.Parts)-1 {
		d.keys("right")
	}
	d.wantView("Part 9: Made-up part", "Widgets per second", "Stock", "Orders", "┊ restock (5)", "sold│",
		"Three widgets were made.", "PX9", "3 widgets", "✗ off (33% over)")
	d.tab(common.TabScore)
	passWhys(d) // the learner passes on saying why first
	d.wantView("PX9", "why: Widgets are made in threes.")
}

// The picker's progress comes from the answers file: a broken one is kept
// aside by predictions.Load, and the list says so instead of failing.
func TestACorruptAnswersFileIsReported(t *testing.T) {
	t.Parallel()
	root := labRoot(t, theDay)
	write(t, predictions.Path(root+"/predictions", 45), "{not json")
	d := newDriver(t, testCommon(t, labs.Course{theDay}, root, newFake()), 80, 24)
	// "!" alone: a long temporary folder (TMPDIR) wraps the path to the
	// line after the mark.
	d.wantView("Day 45", "!", "could not be used")
	d.keys("enter")
	d.wantView("Day 45 · Rate limiting")
}

func TestQuitClosesTheDay(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d.keys("q")
	if !d.quit {
		t.Fatal("q did not quit")
	}
	d2, _ := openDay(t, newFake(refAnswer()), 80, 24)
	d2.tab(common.TabPredict)
	d2.keys("e", "q") // typed into the open box, not a quit
	if d2.quit || !bytes.Contains([]byte(d2.view()), []byte("[q")) {
		t.Fatalf("q while typing quit or vanished:\n%s", d2.view())
	}
	d2.keys("ctrl+c")
	if !d2.quit {
		t.Fatal("ctrl+c did not quit while typing")
	}
}

// Issue 25: a damaged answers file's notice keeps where the file went in
// view on the status line (two lines, the rest cut), at 100 columns and at
// 80: the long part of the message, the problem, comes last.
func TestACorruptFileNoticeKeepsItsKeptAsPath(t *testing.T) {
	t.Parallel()
	for _, w := range []int{100, 80} {
		d, root := openDay(t, newFake(refAnswer()), w, 24)
		dir := filepath.Join(root, "predictions")
		write(t, predictions.Path(dir, 45), `{"predictions": {"P1": {"value": "twenty"}}, "drills": `+strings.Repeat(" ", 300)+`[}`)
		_, err := predictions.Load(dir, 45)
		var ce *predictions.CorruptError
		if !errors.As(err, &ce) || ce.KeptAs == "" {
			t.Fatalf("the damaged file was not kept aside: %v", err)
		}
		d.day().s.SetNote(err.Error(), true)
		v := d.app.View()
		kept, _ := filepath.Rel(root, ce.KeptAs) // shown as the README names it
		if !strings.Contains(strings.Join(strings.Fields(v), ""), kept) {
			t.Errorf("at %d columns the notice lost the kept-as path %s:\n%s", w, ce.KeptAs, v)
		}
		checkFits(t, v, w, 24)
	}
}
