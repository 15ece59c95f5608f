package tui

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/tui/common"
	"termlab/tui/components/termdraw"
	"termlab/tui/styles"
)

// The screen's cost: View at 120×40 on each screen of an open day, after
// the reference's run has come back, and while its replay plays (the view
// is redrawn on every replay frame, 20 a second). Colours on, as in a
// terminal that has them, so the styling's cost counts too.

var sinkView string

func BenchmarkView(b *testing.B) {
	const w, h = 120, 40
	c := testCommon(b, labs.Course{theDay}, labRoot(b, theDay), newFake(refAnswer()))
	c.Styles = styles.New(lipgloss.NewRenderer(io.Discard), false) // with colour
	d := newDriver(b, c, w, h)
	d.keys("enter") // open the day
	d.hold = true   // replay ticks wait for d.step
	d.predictAll(nil)
	day := d.day()
	if day.tab != common.TabRun {
		b.Fatalf("the predictions done, tab %d is open, not the run", day.tab)
	}
	for range 10 { // a few frames into Part 1: figures half drawn
		d.step()
	}
	view := func(b *testing.B) {
		checkFits(b, d.app.View(), w, h)
		b.ReportAllocs()
		for b.Loop() {
			sinkView = d.app.View()
		}
	}
	b.Run("size=120x40/screen=run-playing", view)
	for d.step() { // play the rest of the part on screen
	}
	d.keys("S") // and every other part: the learner drives the replay
	if !strings.Contains(d.view(), "all parts played") {
		b.Fatalf("the replay did not finish:\n%s", d.view())
	}
	b.Run("size=120x40/screen=run-finished", view)
	for _, s := range []struct {
		name string
		tab  int
	}{{"lesson", common.TabLesson}, {"predict", common.TabPredict}, {"score", common.TabScore}, {"todos", common.TabTODOs}, {"drills", common.TabDrills}, {"results", common.TabResults}} {
		d.tab(s.tab)
		b.Run("size=120x40/screen="+s.name, view)
	}
}

// BenchmarkIdle runs the real program (Bubble Tea's event loop and
// renderer, the file watcher on the learner's folder, real timers) at
// 120×40, plays a run of the reference to its end, then leaves it alone.
// One op is one second of that idleness. The screens must not tick: not a
// single message may reach Update while idle (the benchmark fails if one
// does). cpu-ms/s is what the whole process spent per idle second. The
// program draws its own frames as they change (components/termdraw), so no renderer
// wakes to look for a change; BenchmarkIdleBare, a bare Bubble Tea program
// with Bubble Tea's own 60 fps renderer, is what that saves, measured the
// same way in the same run (labs/BENCHMARKS.md).
func BenchmarkIdle(b *testing.B) {
	root := labRoot(b, theDay)
	// Every prediction skipped beforehand (as `predict` or an earlier
	// session leaves them): the day opens on the run, and every part plays.
	skipped := predictions.New(theDay.Number)
	for _, p := range theDay.Predictions {
		skipped.Skip(p.ID)
	}
	if _, err := predictions.Update(filepath.Join(root, "predictions"), skipped.Day, func(x *predictions.Answers) error { *x = skipped; return nil }); err != nil {
		b.Fatal(err)
	}
	c := newCommon(Config{Course: labs.Course{theDay}, Root: root, Runner: newFake(refAnswer())}, plainStyles(), true)
	m := &counting{app: newApp(c)}
	in, keys := io.Pipe()
	// As the real program runs on a terminal (term_unix.go): no renderer,
	// each frame drawn as it is made; here onto io.Discard.
	p := tea.NewProgram(termdraw.Wrap(m, termdraw.New(io.Discard)),
		tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithoutSignalHandler(), tea.WithoutRenderer())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	defer func() {
		p.Quit()
		keys.Close()
		if err := <-done; err != nil {
			b.Error(err)
		}
		m.app.Close()
	}()

	// Setting up, not measuring: each step waits (within reason) for the
	// screen it leads to, since opening a day and starting a run are Cmds.
	waitFor := func(what string) {
		b.Helper()
		for start := time.Now(); !strings.Contains(m.view(), what); {
			if time.Since(start) > 30*time.Second {
				b.Fatalf("the screen never showed %q:\n%s", what, m.view())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	p.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
	waitFor("Day 45")
	p.Send(tea.KeyMsg{Type: tea.KeyEnter}) // open the day, on the run
	waitFor("playing")
	p.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'S'}}) // skip to the end of the replay
	waitFor("all parts played")
	// Work started when the day opened (the reference's own run, in
	// process, for comparison) may still be landing: idle begins once the
	// reference has landed and a whole second has passed without a message.
	for start := time.Now(); !m.saw("tui.refMsg"); time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > 60*time.Second {
			b.Fatal("the reference's run never landed")
		}
	}
	for start, n := time.Now(), -1; n != m.count(); {
		if time.Since(start) > 60*time.Second {
			b.Fatalf("the screens never went quiet: the last message was %s", m.lastType())
		}
		n = m.count()
		time.Sleep(time.Second)
	}

	before, cpu0 := m.count(), cpuTime()
	for b.Loop() {
		time.Sleep(time.Second)
	}
	updates, cpu := m.count()-before, cpuTime()-cpu0
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(updates)/secs, "updates/s")
	b.ReportMetric(float64(cpu)/float64(time.Millisecond)/secs, "cpu-ms/s")
	if updates > 0 {
		b.Fatalf("%d messages reached Update while the lab sat idle (last: %s): something ticks", updates, m.lastType())
	}
}

// BenchmarkIdleBare is the floor BenchmarkIdle is compared with: a Bubble
// Tea program with a one-word view and the default renderer (60 fps),
// sitting idle. One op is one idle second.
func BenchmarkIdleBare(b *testing.B) {
	in, keys := io.Pipe()
	p := tea.NewProgram(bare{}, tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithoutSignalHandler())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	defer func() {
		p.Quit()
		keys.Close()
		if err := <-done; err != nil {
			b.Error(err)
		}
	}()
	time.Sleep(time.Second) // started and drawn
	cpu0 := cpuTime()
	for b.Loop() {
		time.Sleep(time.Second)
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Millisecond)/b.Elapsed().Seconds(), "cpu-ms/s")
}

type bare struct{}

func (bare) Init() tea.Cmd                       { return nil }
func (bare) Update(tea.Msg) (tea.Model, tea.Cmd) { return bare{}, nil }
func (bare) View() string                        { return "idle" }

// counting wraps the App to count the messages its Update gets and keep the
// last view, for a test goroutine to read.
type counting struct {
	app *App

	mu      sync.Mutex
	updates int
	last    string
	lastMsg string
	seen    map[string]bool
}

func (c *counting) Init() tea.Cmd { return c.app.Init() }

func (c *counting) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	c.mu.Lock()
	c.updates++
	c.lastMsg = fmt.Sprintf("%T", msg)
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	c.seen[c.lastMsg] = true
	c.mu.Unlock()
	_, cmd := c.app.Update(msg)
	return c, cmd
}

func (c *counting) View() string {
	v := c.app.View()
	c.mu.Lock()
	c.last = v
	c.mu.Unlock()
	return v
}

func (c *counting) count() int        { c.mu.Lock(); defer c.mu.Unlock(); return c.updates }
func (c *counting) view() string      { c.mu.Lock(); defer c.mu.Unlock(); return c.last }
func (c *counting) saw(t string) bool { c.mu.Lock(); defer c.mu.Unlock(); return c.seen[t] }
func (c *counting) lastType() string  { c.mu.Lock(); defer c.mu.Unlock(); return c.lastMsg }

// cpuTime is the CPU this process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
