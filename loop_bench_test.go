package main

// The learner's loop as the learner sees it: the real runner binary on its
// real screens, in a pseudo-terminal of 80×24, Day 45's TODOs screen open;
// a save of todo.go, and the time until the changed verdict of TODO 1 is
// drawn on the terminal. Beside it, in the same run, the floor of any
// compiled-Go exercise runner (golings, for one): build a one-function
// learner package after the same kind of edit, and run it.
//
// Both run in temporary folders: a copy of this module whose learner file
// starts from the shipped stub (never the repository's labs/day45), and its
// own workers' cache (XDG_CACHE_HOME) over the real GOCACHE, so a save costs
// what it costs a learner whose dependencies are compiled. Benchmarks only
// run with -bench, so `go test ./...` never starts any of this.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/creack/pty"

	"termlab/labs"
	"termlab/runner/testrun"
	"termlab/runner/worker"
)

// labCopy is a temporary copy of the module with the runner built in it.
type labCopy struct {
	root, bin string
	env       []string // the runner's: its own workers' cache, the real GOCACHE
	day       labs.Day
	todo      string // the learner's file of Day 45 in the copy
}

func newLabCopy(b *testing.B, number int) *labCopy {
	b.Helper()
	if testing.Short() {
		b.Skip("builds the runner and its workers: not in -short")
	}
	src, err := worker.FindRoot(".", module)
	if err != nil {
		b.Fatal(err)
	}
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		b.Fatalf("go env GOCACHE: %v", err)
	}
	tmp := b.TempDir()
	day, err := course.Find(number)
	if err != nil {
		b.Fatal(err)
	}
	c := &labCopy{root: filepath.Join(tmp, "lab"), bin: filepath.Join(tmp, "termlab"), day: day}
	if err := worker.CopyModule(src, c.root); err != nil {
		b.Fatal(err)
	}
	c.todo = filepath.Join(c.root, filepath.FromSlash(c.day.LearnerDir), "todo.go")
	c.env = append(os.Environ(),
		"XDG_CACHE_HOME="+filepath.Join(tmp, "cache"),
		"GOCACHE="+strings.TrimSpace(string(gocache)),
		"GOFLAGS=-buildvcs=false")
	build := exec.Command("go", "build", "-o", c.bin, ".")
	build.Dir, build.Env = c.root, c.env
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("the runner does not build: %v\n%s", err, out)
	}
	return c
}

// source is the learner's todo.go as save n: the shipped stub with every
// TODO answered, TODO 1 right when n is even and wrong when odd, so the
// verdict changes with every save (testrun.LoopSave).
func (c *labCopy) source(b *testing.B, n int) string {
	b.Helper()
	src, err := testrun.LoopSave(c.day, c.root, n)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// terminal is the runner on a pseudo-terminal, and what it has drawn.
type terminal struct {
	b      *testing.B
	pty    *os.File
	cmd    *exec.Cmd
	chunks chan chunk
	seen   []byte    // raw output since the last discard
	from   int       // where in seen's text the next wait starts looking
	lastAt time.Time // when the last chunk read arrived
}

// chunk is one read from the terminal, stamped when it arrived.
type chunk struct {
	data []byte
	at   time.Time
}

func startTerminal(b *testing.B, c *labCopy) *terminal {
	b.Helper()
	cmd := exec.Command(c.bin)
	cmd.Dir = c.root
	cmd.Env = append(slices.Clone(c.env), "TERM=xterm-256color")
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 80})
	if err != nil {
		b.Skipf("no pseudo-terminal here: %v", err)
	}
	t := &terminal{b: b, pty: f, cmd: cmd, chunks: make(chan chunk, 1<<14)}
	// pty.Start makes the runner a session leader, so its process group is
	// its pid: killing the group takes every go build it started with it
	// (its workers are in groups of their own and die with it).
	b.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
		f.Close()
	})
	go t.read()
	return t
}

// answerQueries answers, on f, the two queries in data that a real
// terminal would (termenv asks for the background colour, then the cursor
// position), so the screens start as they do in one.
func answerQueries(f *os.File, data []byte) {
	if bytes.Contains(data, []byte("\x1b]11;?")) {
		f.Write([]byte("\x1b]11;rgb:0000/0000/0000\x1b\\"))
	}
	if bytes.Contains(data, []byte("\x1b[6n")) {
		f.Write([]byte("\x1b[1;1R"))
	}
}

// read drains the terminal until the runner is gone, answering its
// queries (answerQueries).
func (t *terminal) read() {
	defer close(t.chunks)
	buf := make([]byte, 64<<10)
	for {
		n, err := t.pty.Read(buf)
		if n > 0 {
			data := slices.Clone(buf[:n])
			answerQueries(t.pty, data)
			t.chunks <- chunk{data, time.Now()}
		}
		if err != nil {
			return
		}
	}
}

// waitFor reads the terminal until the text drawn since the last match
// (escape sequences stripped) satisfies found, and returns when the chunk
// that completed it arrived. The text is stripped whole each time, so an
// escape sequence split across two reads is stripped too, and offsets
// into it stay put as it grows.
func (t *terminal) waitFor(what string, limit time.Duration, found func(text string) (end int, ok bool)) time.Time {
	t.b.Helper()
	timeout := time.After(limit)
	for {
		text := ansi.Strip(string(t.seen))
		if end, ok := found(text[min(t.from, len(text)):]); ok {
			t.from += end
			return t.lastAt
		}
		select {
		case c, ok := <-t.chunks:
			if !ok {
				t.b.Fatalf("the runner exited while waiting for %s; it last drew:\n%s", what, tail(text))
			}
			t.seen = append(t.seen, c.data...)
			t.lastAt = c.at
		case <-timeout:
			t.b.Fatalf("no %s on screen within %v; it last drew:\n%s", what, limit, tail(text))
		}
	}
}

func (t *terminal) send(keys string) {
	t.b.Helper()
	if _, err := t.pty.Write([]byte(keys)); err != nil {
		t.b.Fatalf("typing %q: %v", keys, err)
	}
}

// discard forgets what was drawn so far, so the next wait sees only what
// is drawn after now.
func (t *terminal) discard() {
	for {
		select {
		case c, ok := <-t.chunks:
			if !ok {
				return
			}
			t.lastAt = c.at
		default:
			t.seen, t.from = nil, 0
			return
		}
	}
}

func tail(s string) string {
	if len(s) > 2000 {
		s = s[len(s)-2000:]
	}
	return s
}

func contains(re *regexp.Regexp) func(string) (int, bool) {
	return func(text string) (int, bool) {
		if loc := re.FindStringIndex(text); loc != nil {
			return loc[1], true
		}
		return 0, false
	}
}

// verdictRow is TODO 1's row of the TODOs screen with a verdict.
func (c *labCopy) verdictRow(pass bool) *regexp.Regexp {
	mark := map[bool]string{true: "✓ pass", false: "✗ fail"}[pass]
	return regexp.MustCompile(`TODO 1\s+` + c.day.TODOs[0].Func + `\s+` + mark)
}

// headLine is the screen's head line; once the run is over, with no
// "grading…" after it.
var headLine = regexp.MustCompile(`TODOs · \d of \d passing( · grading…)?`)

// everyPlace finds, in what was drawn since the save, each place that
// shows save n's verdict: TODO 1's row, the TODOs header's count and the
// status line's count (the count is 4 of 4 when TODO 1 is right, 3 when it
// is wrong, and moves in the same frame as the rows: tui's
// session.passed). The day list shows the same count from the same
// verdicts (App.listAnswers) but is not on the TODOs screen. It ends
// where the last of the three ends.
func (c *labCopy) everyPlace(pass bool) func(string) (int, bool) {
	n := 3
	if pass {
		n = 4
	}
	places := []*regexp.Regexp{
		c.verdictRow(pass),
		regexp.MustCompile(fmt.Sprintf(`TODOs · %d of 4 passing`, n)),
		// At 80 columns the status line may wrap between the count and
		// its words, and the drawer sends only the rows that changed: the
		// count ends its row, and "TODOs pass" on the next may be as it was.
		regexp.MustCompile(fmt.Sprintf(`· %d/4(?:[^0-9]|$)`, n)),
	}
	return func(text string) (int, bool) {
		end := 0
		for _, re := range places {
			loc := re.FindStringIndex(text)
			if loc == nil {
				return 0, false
			}
			end = max(end, loc[1])
		}
		return end, true
	}
}

// runOver finds the TODOs screen's head line drawn without "grading…":
// the run of the save, full worker and all, has finished.
func runOver(text string) (int, bool) {
	for _, m := range headLine.FindAllStringSubmatchIndex(text, -1) {
		if m[2] < 0 {
			return m[1], true
		}
	}
	return 0, false
}

func BenchmarkSaveToScreen(b *testing.B) { saveToScreen(b, 45) }

// BenchmarkSaveToScreen46 is the same loop on Day 46 (FairShare right on
// even saves, wrong on odd ones: testrun.Day46Save).
func BenchmarkSaveToScreen46(b *testing.B) { saveToScreen(b, 46) }

func saveToScreen(b *testing.B, day int) {
	c := newLabCopy(b, day)
	floor := newExerciseFloor(b)
	if err := os.WriteFile(c.todo, []byte(c.source(b, 0)), 0o644); err != nil {
		b.Fatal(err)
	}
	term := startTerminal(b, c)

	// The day list; open the day and jump to the TODOs (tab 5). The
	// first run builds both workers for this copy: the learner's first
	// `go run .` of the day, not a save.
	term.waitFor("the day list", time.Minute, contains(regexp.MustCompile(`Day 46`)))
	term.send("k") // the top of the list: Day 45
	for range slices.IndexFunc(course, func(d labs.Day) bool { return d.Number == day }) {
		time.Sleep(100 * time.Millisecond)
		term.send("j")
	}
	time.Sleep(100 * time.Millisecond)
	term.send("\r")
	term.waitFor(fmt.Sprintf("Day %d's lesson", day), time.Minute, contains(regexp.MustCompile(`Lesson`)))
	term.send("5")
	term.waitFor("TODO 1 passing", 10*time.Minute, contains(c.verdictRow(true)))
	term.waitFor("the first run's end", 10*time.Minute, runOver)
	floor.save(b, 0)

	var rows, screens, overs, floors []time.Duration
	n := 0
	for b.Loop() {
		n++
		floors = append(floors, floor.save(b, n))

		pass := n%2 == 0
		term.discard()
		start := time.Now()
		if err := os.WriteFile(c.todo, []byte(c.source(b, n)), 0o644); err != nil {
			b.Fatal(err)
		}
		row := term.waitFor(fmt.Sprintf("save %d's verdict", n), 5*time.Minute, contains(c.verdictRow(pass)))
		rowAt := term.from
		term.from = 0 // the other places may be drawn in the same chunk, before the row
		drawn := term.waitFor(fmt.Sprintf("save %d's verdict in every place", n), 5*time.Minute, c.everyPlace(pass))
		term.from = rowAt // the run's end may be drawn in the same frame as the last place
		rows, screens = append(rows, row.Sub(start)), append(screens, drawn.Sub(start))
		// The next save waits for this one's run to end, as a learner reads
		// the screen before editing again: each save starts from a lab at
		// rest, and the floor never shares the CPU with the lab's builds.
		over := term.waitFor(fmt.Sprintf("save %d's run to end", n), 5*time.Minute, runOver)
		overs = append(overs, over.Sub(start))
		b.Logf("save %d (TODO 1 %s): %v to TODO 1's row, %v to every place, %v to \"grading…\" gone, floor %v", n, map[bool]string{true: "right", false: "wrong"}[pass],
			rows[n-1].Round(time.Millisecond), screens[n-1].Round(time.Millisecond), overs[n-1].Round(time.Millisecond), floors[n-1].Round(time.Millisecond))
	}
	s, f := medianMS(screens), medianMS(floors)
	b.ReportMetric(s, "ms/save")
	b.ReportMetric(medianMS(rows), "row-ms")
	b.ReportMetric(f, "floor-ms")
	b.ReportMetric(s/f, "save/floor")
	// "grading…" gone: the run of the save over, every part in.
	b.ReportMetric(medianMS(overs), "over-ms")
	b.ReportMetric(medianMS(overs)/f, "over/floor")
	b.ReportMetric(medianMS(rows)/f, "row/floor")
	b.ReportMetric(msOf(slices.Min(screens)), "min-ms")
	b.ReportMetric(msOf(slices.Max(screens)), "max-ms")
	b.ReportMetric(msOf(slices.Min(floors)), "floor-min-ms")
	b.ReportMetric(msOf(slices.Max(floors)), "floor-max-ms")
}

// newExerciseFloor is the floor's module in a temporary folder
// (testrun.Floor).
func newExerciseFloor(b *testing.B) *exerciseFloor {
	b.Helper()
	f, err := testrun.NewFloor(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	return &exerciseFloor{f}
}

type exerciseFloor struct{ *testrun.Floor }

// save is save n of the floor: written, built and run.
func (f *exerciseFloor) save(b *testing.B, n int) time.Duration {
	b.Helper()
	d, err := f.Save(n)
	if err != nil {
		b.Fatal(err)
	}
	return d
}

func msOf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func medianMS(ds []time.Duration) float64 {
	s := slices.Clone(ds)
	slices.Sort(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + m) / 2
	}
	return msOf(m)
}
