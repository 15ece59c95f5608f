//go:build unix

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"termlab/labs"
	"termlab/labs/registry"
	"termlab/runner/testrun"
	"termlab/runner/worker"
)

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
		return fmt.Errorf("day %d has no TODOs", c.day)
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
	if err := l.rounds(ctx, out); err != nil {
		return err
	}
	if c.trace != "" {
		// The workers write their last steps as they end: the lab at rest
		// (the last round waited for a still screen) has written them all.
		steps, err := readSteps(c.trace + ".steps")
		if err != nil {
			return err
		}
		fmt.Fprint(out, stepsTable(steps))
	}
	return nil
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
	if l.c.trace != "" {
		// The lab's own steps (labs.Step), and this program's, beside the
		// captures: one timeline in FILE.steps.
		os.Setenv(labs.StepTraceEnv, l.c.trace+".steps")
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
