//go:build unix

// Command savetime measures the lab's save loop the way issue 46's table
// does: the real lab on its real screens in tmux at 80×24, a save of the
// learner's file, and the time until the screen shows it; beside it, in
// turn and in the same run, the floor (testrun.Floor: a one-function Go
// package written, built and run, as a compiled-Go exercise runner does
// after a save). Every figure is also given as a ratio to the floor's
// median, which a machine's speed does not change.
//
//	.ci/savetime [-day 45|46] [-n 8] [-burn]
//
// It makes a throwaway copy of the module (worker.CopyLab: never the
// repository's labs/dayNN, the learner's files are theirs), writes the
// reference solutions into the copy's learner file (testrun.LoopSave, the
// same saves as the SaveToScreen benchmarks), builds the lab once, and
// runs it with a cache folder of its own (XDG_CACHE_HOME in the temporary
// folder; Go's build cache is the user's, as a learner's would be, so a
// save costs what it costs one whose dependencies are compiled). The lab
// runs in a tmux server of its own (tmux -L savetime-PID), opened on the
// day's TODOs screen; the first run (the day's first build, minutes with a
// cold Go build cache) is waited out and not measured.
//
// Each round builds and runs the floor, then saves: TODO 1 flips between
// the reference body and a wrong one (✓ pass ↔ ✗ fail), every other TODO
// passing, each save's code new to the build cache. From the moment the
// file is written, the screen is captured (capture-pane -p through a
// control-mode client, every -poll) and read (pane.go) for three times:
//
//   - verdict: the first capture in which TODO 1's row shows the new
//     verdict and the header's count ("TODOs · N of M passing") and the
//     status line's ("N/M TODOs pass") agree with it: the issue's "save →
//     TODO row, header and status show the verdict" (with -burn), and its
//     "save → updated screen, quiet machine" as the SaveToScreen
//     benchmarks measure it (their ms/save; without -burn);
//   - over: the first capture after that whose header has no "grading…":
//     the save's run is over, every part in (the issue's "save →
//     'grading…' gone");
//   - still: the screen no longer changing: the time of the last capture
//     that differed from the one before it, once the screen has then
//     stayed the same for -quiet after "grading…" went.
//
// A time is when tmux's answer to the capture arrived: at most one -poll
// (5 ms) plus a capture's round trip after the screen changed. The next
// round starts once the screen is still, so each save starts from a lab
// at rest and the floor never shares the CPU with the lab's builds. With
// -burn a CPU-bound process of its own (testrun.BurnCommand) spins beside
// the rounds, floor and saves alike, and the CPU it got is printed.
//
// It prints each round, then for each row the median, fastest and slowest,
// the median as a ratio to the floor's median ("÷ floor", the issue's
// figures), and the median of each round's ratio to its own floor ("per
// round", steadier when the load moves between rounds); the load average
// before and after the rounds, and what the measuring itself cost in CPU
// (this program and the tmux server). On a shared machine the ratios are
// the figures, the milliseconds are not.
//
// Everything it starts ends with it, on an error or a signal (SIGINT,
// SIGTERM, SIGHUP) too: the tmux server on its socket (and the lab's
// process group), the burner, the temporary folder (-keep leaves the
// folder). Only a SIGKILL leaves the tmux server (tmux -L savetime-PID
// kill-server ends it; the burner dies with this program on Linux). It is
// a measuring tool, not part of .ci/run.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"termlab/labs"
	"termlab/labs/registry"
	"termlab/runner/testrun"
	"termlab/runner/worker"
)

// config is the command line.
type config struct {
	day         int
	rounds      int
	burn        bool
	w, h        int
	poll, quiet time.Duration
	limit       time.Duration // the longest a save may take to settle
	first       time.Duration // the longest the first run may take
	keep        bool
	trace       string
}

func main() {
	var c config
	var size string
	flag.IntVar(&c.day, "day", 46, "the day: 45 or 46")
	flag.IntVar(&c.rounds, "n", 8, "rounds (saves, each with the floor before it)")
	flag.BoolVar(&c.burn, "burn", false, "a CPU-bound process of its own beside the rounds")
	flag.StringVar(&size, "size", "80x24", "the terminal, COLUMNSxROWS")
	flag.DurationVar(&c.poll, "poll", 5*time.Millisecond, "how often the screen is captured")
	flag.DurationVar(&c.quiet, "quiet", 2*time.Second, "how long the screen must stay the same to count as still")
	flag.DurationVar(&c.limit, "limit", 5*time.Minute, "the longest one save may take to settle")
	flag.DurationVar(&c.first, "first", 20*time.Minute, "the longest the first run (the day's first build) may take")
	flag.BoolVar(&c.keep, "keep", false, "keep the temporary folder (the copy, its cache, the floor)")
	flag.StringVar(&c.trace, "trace", "", "write every distinct capture, stamped, to this file")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: savetime [-day 45|46] [-n 8] [-burn] [flags]\n\nThe save loop in tmux against the floor (see go doc ./author/savetime).")
		flag.PrintDefaults()
	}
	flag.Parse()
	if _, err := fmt.Sscanf(size, "%dx%d", &c.w, &c.h); err != nil || c.w < 20 || c.h < 8 {
		fmt.Fprintf(os.Stderr, "savetime: -size %q: want COLUMNSxROWS, at least 20x8\n", size)
		os.Exit(2)
	}
	if flag.NArg() > 0 || c.rounds < 1 || c.poll <= 0 || c.quiet <= 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	err := run(ctx, c, os.Stdout)
	signalled := ctx.Err() != nil
	stop()
	switch {
	case err != nil && signalled:
		fmt.Fprintln(os.Stderr, "savetime: stopped by a signal; what it started is gone")
		os.Exit(130)
	case err != nil:
		fmt.Fprintln(os.Stderr, "savetime:", err)
		os.Exit(1)
	}
}

// lab is the run's world: the copy, its lab in tmux, the floor.
type lab struct {
	c     config
	day   labs.Day
	tmp   string // everything on disk is under it
	root  string // the copy of the module
	file  string // the learner's file in the copy
	env   []string
	floor *testrun.Floor
	term  *term
	row   *regexp.Regexp
	trace io.WriteCloser
	// lastTrace is the last capture written to the trace.
	lastTrace string
	// read is the last screen read (readPane).
	read struct {
		text string
		pane pane
		at   time.Time
	}
}

func run(ctx context.Context, c config, out io.Writer) (err error) {
	i := slices.IndexFunc(registry.Days, func(d labs.Day) bool { return d.Number == c.day })
	if i < 0 {
		return fmt.Errorf("-day %d: no such day", c.day)
	}
	if len(registry.Days[i].TODOs) == 0 {
		return fmt.Errorf("Day %d has no TODOs", c.day)
	}
	l := &lab{c: c, day: registry.Days[i]}
	l.row = rowRE(l.day.TODOs[0].Func)
	defer func() {
		if cerr := l.close(); err == nil {
			err = cerr
		} else if cerr != nil {
			fmt.Fprintln(os.Stderr, "savetime:", cerr)
		}
	}()
	fmt.Fprintf(out, "savetime: Day %d, %d×%d in tmux, %d rounds, burner %s; load average %s\n",
		c.day, c.w, c.h, c.rounds, map[bool]string{true: "beside", false: "none"}[c.burn], loadavg())
	if err := l.setUp(ctx, out, i); err != nil {
		return err
	}
	if c.burn {
		stopBurn, err := burn()
		if err != nil {
			return err
		}
		start := time.Now()
		defer func() {
			cpu := stopBurn()
			fmt.Fprintf(out, "the burner: %.1f s of CPU in %.1f s\n", cpu.Seconds(), time.Since(start).Seconds())
		}()
	}
	return l.rounds(ctx, out)
}

// setUp makes the copy, builds the lab and the floor, starts the lab in
// tmux on the TODOs screen, and waits out the first run. index is the
// day's place in the day list.
func (l *lab) setUp(ctx context.Context, out io.Writer, index int) error {
	var err error
	if l.tmp, err = os.MkdirTemp("", "savetime-"); err != nil {
		return err
	}
	src, err := worker.FindRoot(".", "termlab")
	if err != nil {
		return err
	}
	gocache, err := goEnv("GOCACHE")
	if err != nil {
		return err
	}
	l.root = filepath.Join(l.tmp, "lab")
	if err := worker.CopyLab(src, l.root, registry.Days); err != nil {
		return fmt.Errorf("copying the module: %v", err)
	}
	l.file = filepath.Join(l.root, filepath.FromSlash(l.day.LearnerDir), "todo.go")
	if err := l.save(0); err != nil {
		return err
	}
	l.env = append(withoutEnv(os.Environ(), "TMUX", "TMUX_PANE", "XDG_CACHE_HOME", "GOCACHE", "GOFLAGS"),
		"XDG_CACHE_HOME="+filepath.Join(l.tmp, "cache"),
		"GOCACHE="+gocache,
		"GOFLAGS=-buildvcs=false")
	bin := filepath.Join(l.tmp, "termlab")
	fmt.Fprintf(out, "building the lab in %s…\n", l.root)
	if err := command(ctx, l.root, l.env, "go", "build", "-o", bin, "."); err != nil {
		return fmt.Errorf("the lab does not build: %v", err)
	}
	if err := os.Mkdir(filepath.Join(l.tmp, "floor"), 0o755); err != nil {
		return err
	}
	if l.floor, err = testrun.NewFloor(filepath.Join(l.tmp, "floor")); err != nil {
		return err
	}
	l.floor.Env = l.env
	if _, err := l.floor.Save(0); err != nil { // its first build, not a save
		return err
	}
	if l.c.trace != "" {
		if l.trace, err = os.Create(l.c.trace); err != nil {
			return err
		}
	}

	l.term, err = startTerm(fmt.Sprintf("savetime-%d", os.Getpid()), l.root, bin, l.env, l.c.w, l.c.h)
	if err != nil {
		return err
	}
	// The day list; the top, then down to the day, open it, its TODOs
	// (screen 5).
	if _, err := l.waitFor(ctx, "the day list", time.Minute, func(text string, _ pane) bool {
		return strings.Contains(text, fmt.Sprintf("Day %d", l.day.Number))
	}); err != nil {
		return err
	}
	keys := []string{"k"}
	for range index {
		keys = append(keys, "j")
	}
	for _, k := range append(keys, "Enter") {
		if err := l.term.keys(k); err != nil {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	if _, err := l.waitFor(ctx, fmt.Sprintf("Day %d open", l.day.Number), time.Minute, func(text string, _ pane) bool {
		return strings.Contains(text, fmt.Sprintf("› Day %d · ", l.day.Number)) // the open day's title line
	}); err != nil {
		return err
	}
	if err := l.term.keys("5"); err != nil {
		return err
	}
	fmt.Fprintf(out, "the first run (the day's workers built for the copy: not measured)…\n")
	start := time.Now()
	at, err := l.waitFor(ctx, "the first run's verdicts", l.c.first, func(_ string, p pane) bool {
		return p.shows("pass") && p.over()
	})
	if err != nil {
		return err
	}
	if _, err := l.still(ctx, at, l.c.first); err != nil {
		return err
	}
	fmt.Fprintf(out, "settled after %v\n", time.Since(start).Round(time.Second))
	return nil
}

// save writes the learner's file as save n (TODO 1 right on even n).
func (l *lab) save(n int) error {
	src, err := testrun.LoopSave(l.day, l.root, n)
	if err != nil {
		return err
	}
	return os.WriteFile(l.file, []byte(src), 0o644)
}

// round is one round's times.
type round struct {
	floor, verdict, over, still time.Duration
}

func (l *lab) rounds(ctx context.Context, out io.Writer) error {
	fmt.Fprintf(out, "rounds (poll %v, still = the same screen for %v), load average %s\n", l.c.poll, l.c.quiet, loadavg())
	var rs []round
	began, self, server := time.Now(), cpuSelf(), cpuOf(l.term.server)
	defer func() {
		// What the measuring costs: a capture every poll, read here and
		// answered by the tmux server (which also reads everything the lab
		// draws, as any terminal would).
		fmt.Fprintf(out, "the measuring: savetime %.1f s of CPU, the tmux server %.1f s, in %.1f s\n",
			(cpuSelf() - self).Seconds(), (cpuOf(l.term.server) - server).Seconds(), time.Since(began).Seconds())
	}()
	for n := 1; n <= l.c.rounds; n++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var r round
		var err error
		if r.floor, err = l.floor.Save(n); err != nil {
			return err
		}
		verdict := map[bool]string{true: "pass", false: "fail"}[n%2 == 0]
		if r.verdict, r.over, r.still, err = l.measure(ctx, n, verdict); err != nil {
			return fmt.Errorf("round %d: %v", n, err)
		}
		rs = append(rs, r)
		f := r.floor.Seconds()
		fmt.Fprintf(out, "round %d (TODO 1 %s): floor %s · verdict %s (%.2f×) · over %s (%.2f×) · still %s (%.2f×)\n",
			n, map[string]string{"pass": "✓", "fail": "✗"}[verdict], ms(r.floor), ms(r.verdict), r.verdict.Seconds()/f,
			ms(r.over), r.over.Seconds()/f, ms(r.still), r.still.Seconds()/f)
	}
	fmt.Fprint(out, summary(rs))
	fmt.Fprintf(out, "load average after: %s\n", loadavg())
	return nil
}

// measure saves n and times the screen (see the package doc).
func (l *lab) measure(ctx context.Context, n int, verdict string) (shown, over, still time.Duration, err error) {
	start := time.Now()
	if err := l.save(n); err != nil {
		return 0, 0, 0, err
	}
	l.tracef(start, "save %d written (TODO 1 should %s)", n, verdict)
	at, err := l.waitFor(ctx, "TODO 1's "+verdict+" in every place", l.c.limit, func(_ string, p pane) bool { return p.shows(verdict) })
	if err != nil {
		return 0, 0, 0, err
	}
	shown = at.Sub(start)
	at, err = l.waitFor(ctx, `"grading…" gone`, l.c.limit, func(_ string, p pane) bool { return p.over() })
	if err != nil {
		return 0, 0, 0, err
	}
	over = at.Sub(start)
	last, err := l.still(ctx, at, l.c.limit)
	if err != nil {
		return 0, 0, 0, err
	}
	return shown, over, last.Sub(start), nil
}

// waitFor captures the screen every poll until done holds, and returns
// when that capture's answer arrived.
func (l *lab) waitFor(ctx context.Context, what string, limit time.Duration, done func(text string, p pane) bool) (time.Time, error) {
	deadline := time.Now().Add(limit)
	var text string
	for tick := time.Now(); ; tick = tick.Add(l.c.poll) {
		if ctx.Err() != nil {
			return time.Time{}, ctx.Err()
		}
		var at time.Time
		var err error
		text, at, err = l.capture()
		if err != nil {
			return time.Time{}, err
		}
		if text != l.read.text || l.read.at.IsZero() {
			// Read only a screen that changed: most polls see the last one.
			l.read.text, l.read.pane, l.read.at = text, readPane(text, l.row), at
		}
		if done(text, l.read.pane) {
			return at, nil
		}
		if at.After(deadline) {
			return time.Time{}, fmt.Errorf("no %s on screen within %v; the screen:\n%s", what, limit, text)
		}
		if wait := time.Until(tick.Add(l.c.poll)); wait > 0 {
			time.Sleep(wait)
		} else {
			tick = time.Now() // a slow capture: the next one now, not a burst
		}
	}
}

// still waits until the screen has not changed for quiet, and returns
// when the last change was seen; since is when the screen was last seen
// to change before (the capture the caller waited for), returned if no
// later change is.
func (l *lab) still(ctx context.Context, since time.Time, limit time.Duration) (time.Time, error) {
	last := since
	prev, _, err := l.capture()
	if err != nil {
		return time.Time{}, err
	}
	_, err = l.waitFor(ctx, "a still screen", limit, func(text string, _ pane) bool {
		now := time.Now()
		if text != prev {
			prev, last = text, now
		}
		return now.Sub(last) >= l.c.quiet
	})
	return last, err
}

// capture is the screen now, written to the trace when it changed.
func (l *lab) capture() (string, time.Time, error) {
	text, at, err := l.term.capture()
	if err == nil && l.trace != nil && text != l.lastTrace {
		l.lastTrace = text
		fmt.Fprintf(l.trace, "--- %s\n%s", at.Format("15:04:05.000"), text)
	}
	return text, at, err
}

func (l *lab) tracef(at time.Time, format string, args ...any) {
	if l.trace != nil {
		fmt.Fprintf(l.trace, "=== %s %s\n", at.Format("15:04:05.000"), fmt.Sprintf(format, args...))
	}
}

// close ends what the run started, in the reverse order: the lab's tmux
// server, the trace, the temporary folder.
func (l *lab) close() error {
	if l.term != nil {
		l.term.close()
	}
	if l.trace != nil {
		l.trace.Close()
	}
	if l.tmp == "" {
		return nil
	}
	if l.c.keep {
		fmt.Fprintf(os.Stderr, "savetime: kept %s\n", l.tmp)
		return nil
	}
	// The lab may leave read-only files (Go's module files, sealed ones).
	filepath.WalkDir(l.tmp, func(path string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chmod(path, 0o755)
		}
		return nil
	})
	// The lab's last writes (its cache, on the hang-up) may still land
	// while the folder goes: try again.
	var err error
	for range 10 {
		if err = os.RemoveAll(l.tmp); err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("removing %s: %v", l.tmp, err)
}
