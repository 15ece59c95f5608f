package main

// End to end: the runner binary, built once per test binary, run with its
// working directory in a temporary copy of the module. The learner file of
// each copy is one of testdata/broken/<case>/todo.go: the reference with one
// deliberately broken TODO per fault class. Every case checks that the
// learner sees a clear message and no Go stack trace, that nothing hangs,
// that the other TODOs are still graded, that --json stays valid JSON, and
// that nothing of the learner's is lost.
//
// Workers are built into a temporary XDG_CACHE_HOME, with the real GOCACHE,
// so each case costs little more than a link: before the first case, the
// worker programs are built once in a copy with the shipped stubs, so that
// every package they link is compiled once, by one go build, and the cases
// share it from the build cache instead of compiling it all at once side
// by side (on a busy 2-core machine that took minutes).
//
// Most of the suite builds and runs workers case after case: it runs in
// .ci/run (TERMLAB_TEST_ALL=1, testrun.Slow). The default go test ./...
// keeps the commands that need only the runner, and TestTheLearnersStages.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"termlab/cli"
	"termlab/labs"
	"termlab/labs/registry"
	"termlab/record/predictions"
	"termlab/record/results"
	procfs "termlab/runner/proc"
	"termlab/runner/testrun"
	"termlab/runner/worker"
)

var e2e struct {
	once    sync.Once
	dir     string // holds the runner and the workers' cache, inside testrun.Dir
	bin     string
	gocache string
	err     error

	warmOnce sync.Once
	warmErr  error
}

// What the end-to-end tests compare the binary's words and exit codes with:
// the registered days, the module's name, and package cli's exit codes and
// usage hint.
var course = registry.Days

const (
	module    = "termlab"
	exitOK    = cli.ExitOK
	exitNotOK = cli.ExitNotOK
	exitUsage = cli.ExitUsage
	usageHint = cli.UsageHint
)

// TestMain runs the package's tests in a folder of the run's own
// (testrun.Main): whatever the tests and the programs they start write
// outside the module goes there, and goes with it, on a failure or Ctrl-C
// too.
func TestMain(m *testing.M) { os.Exit(testrun.Main(m)) }

// runner builds the runner binary once and returns its path. A test that
// runs it does its work in child processes (the runner and its workers,
// built without the race detector): under the detector it is left to the
// run after it (testrun.ChildrenOnly).
func runner(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("end to end: builds the runner and a worker per case; skipped with -short")
	}
	testrun.ChildrenOnly(t, "the lab's binary and its workers")
	e2e.once.Do(func() {
		e2e.gocache = testrun.GoCache()
		if e2e.gocache == "" {
			e2e.err = errors.New("go env GOCACHE said nothing")
			return
		}
		if e2e.dir, e2e.err = os.MkdirTemp("", "termlab-e2e-*"); e2e.err != nil {
			return
		}
		e2e.bin = filepath.Join(e2e.dir, "termlab")
		if out, err := exec.Command("go", "build", "-o", e2e.bin, ".").CombinedOutput(); err != nil {
			e2e.err = fmt.Errorf("building the runner: %v\n%s", err, out)
		}
	})
	if e2e.err != nil {
		t.Fatal(e2e.err)
	}
	return e2e.bin
}

// warmWorkers builds both worker programs once, as the runner builds them
// (childEnv's -trimpath, without cgo, -tags termlab), in a copy with the
// shipped stubs: the packages every case links are then compiled once,
// and each case compiles its learner package and links. The cases wait
// for it (sync.Once), however long a slow machine takes.
func warmWorkers(t *testing.T) {
	t.Helper()
	e2e.warmOnce.Do(func() {
		root := filepath.Join(e2e.dir, "warm")
		if e2e.warmErr = worker.CopyLab(".", root, course); e2e.warmErr != nil {
			return
		}
		for _, main := range []string{worker.LeanMain, worker.FullMain} {
			cmd := exec.Command("go", "build", "-tags="+worker.BuildTag, "-ldflags=-s -w", "-o", filepath.Join(e2e.dir, "warm-"+filepath.Base(main)), main)
			cmd.Dir, cmd.Env = root, append(childEnv(), "CGO_ENABLED=0")
			if out, err := cmd.CombinedOutput(); err != nil {
				e2e.warmErr = fmt.Errorf("building %s in a copy with the shipped stubs: %v\n%s", main, err, out)
				return
			}
		}
		os.RemoveAll(root)
	})
	if e2e.warmErr != nil {
		t.Fatal(e2e.warmErr)
	}
}

// lab is a temporary copy of the module.
type lab struct {
	t    *testing.T
	bin  string
	root string
	env  []string // extra environment, NAME=value
}

// newLab copies the module with the shipped stubs (worker.CopyLab) and
// puts fixture in place of the learner's file when given.
func newLab(t *testing.T, fixture string) *lab {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir()) // the runner names files by their real path
	if err != nil {
		t.Fatal(err)
	}
	l := &lab{t: t, bin: runner(t), root: root}
	if testrun.All() {
		warmWorkers(t)
	}
	if err := copyLab(l); err != nil {
		t.Fatal(err)
	}
	if fixture != "" {
		l.write("labs/day45/todo.go", l.fixture(fixture))
	}
	return l
}

// labTemplate is the module as worker.CopyLab copies it (the shipped stubs
// in each learner's folder), copied once per test binary: copyLab makes
// each lab from it. A CopyLab per lab created some 500 files and folders,
// and on a disk where many files come and go (every test's temporary
// folders) each new file is slow to place: the default run's dozen labs
// cost the package about 1.5 s of CPU of its 3.
//
// In the default run a lab's files outside the learners' folders are hard
// links to the template's (no new file at all): its commands (predict,
// list, results) write only the learner's state, and lab.write replaces a
// linked file rather than writing into it. The whole suite also runs
// commands that rewrite the course's own files in place (new-day
// registers a day), which would write through a link into every lab: there
// each lab gets files of its own, written from memory. A learner's folder,
// which tests and the lab rewrite, always gets files of its own.
var labTemplate struct {
	once   sync.Once
	dir    string
	files  []labFile // in WalkDir's order: a folder before what it holds
	linked map[string]bool
	top    map[string]bool // the names at the module's root
	err    error
}

type labFile struct {
	rel  string // slash-separated, relative to the module's root
	data []byte // nil for a folder
	dir  bool
	mod  time.Time // the template file's modification time
}

// copyLab makes l.root, which exists, a copy of the module as
// worker.CopyLab copies it. runner must have been called (the template is
// made in e2e.dir).
func copyLab(l *lab) error {
	labTemplate.once.Do(func() {
		tpl := filepath.Join(e2e.dir, "template")
		labTemplate.dir, labTemplate.linked, labTemplate.top = tpl, map[string]bool{}, map[string]bool{}
		if labTemplate.err = worker.CopyLab(".", tpl, course); labTemplate.err != nil {
			return
		}
		learners := map[string]bool{}
		for _, day := range course {
			learners[strings.Trim(day.LearnerDir, "/")] = true
		}
		labTemplate.err = filepath.WalkDir(tpl, func(path string, d fs.DirEntry, err error) error {
			if err != nil || path == tpl {
				return err
			}
			rel, _ := filepath.Rel(tpl, path)
			f := labFile{rel: filepath.ToSlash(rel), dir: d.IsDir()}
			if !strings.Contains(f.rel, "/") {
				labTemplate.top[f.rel] = true
			}
			if !f.dir {
				info, err := d.Info()
				if err != nil {
					return err
				}
				f.mod = info.ModTime()
				if f.data, err = os.ReadFile(path); err != nil {
					return err
				}
				labTemplate.linked[f.rel] = !testrun.All() && !learners[filepath.ToSlash(filepath.Dir(rel))]
			}
			labTemplate.files = append(labTemplate.files, f)
			return nil
		})
	})
	if labTemplate.err != nil {
		return fmt.Errorf("copying the module once as worker.CopyLab does: %v", labTemplate.err)
	}
	for _, f := range labTemplate.files {
		path := filepath.Join(l.root, filepath.FromSlash(f.rel))
		var err error
		switch {
		case f.dir:
			err = os.Mkdir(path, 0o755)
		case labTemplate.linked[f.rel]:
			err = os.Link(filepath.Join(labTemplate.dir, filepath.FromSlash(f.rel)), path)
		default:
			err = os.WriteFile(path, f.data, 0o644)
		}
		if err != nil {
			return err
		}
	}
	// A write into a linked file would reach every lab: the test that made
	// it fails, naming the file, rather than others failing strangely.
	l.t.Cleanup(func() {
		for _, f := range labTemplate.files {
			if !labTemplate.linked[f.rel] {
				continue
			}
			info, err := os.Stat(filepath.Join(labTemplate.dir, filepath.FromSlash(f.rel)))
			if err != nil || !info.ModTime().Equal(f.mod) || info.Size() != int64(len(f.data)) {
				l.t.Errorf("%s, a hard link to the labs' shared copy, was written into (give the lab a file of its own first: lab.write)", f.rel)
			}
		}
	})
	return nil
}

// shared is a lab for a test's subtests that run one after another and
// touch only the learner's state, which no copy of the module holds
// (predictions/, RESULTS.md): shared.lab returns it to t with that state gone,
// as a new lab would be, at the cost of two removals instead of a copy
// (each copy places about a hundred folders, some 40 ms of CPU here).
type shared struct{ l *lab }

func newShared(t *testing.T) shared { return shared{newLab(t, "")} }

// lab is the shared lab for subtest t, as newLab would make it: it fails t
// if anything but the learner's state was left at the module's root.
func (s shared) lab(t *testing.T) *lab {
	t.Helper()
	l := &lab{t: t, bin: s.l.bin, root: s.l.root}
	for _, rel := range []string{"predictions", "RESULTS.md"} {
		if err := os.RemoveAll(l.path(rel)); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(l.root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !labTemplate.top[e.Name()] {
			t.Fatalf("the shared lab holds %s, which a new lab would not: an earlier subtest left it", e.Name())
		}
	}
	return l
}

func (l *lab) fixture(name string) string {
	data, err := os.ReadFile(filepath.Join("testdata", "broken", name, "todo.go"))
	if err != nil {
		l.t.Fatal(err)
	}
	return string(data)
}

func (l *lab) path(rel string) string { return filepath.Join(l.root, filepath.FromSlash(rel)) }

func (l *lab) write(rel, text string) {
	l.t.Helper()
	if err := os.MkdirAll(filepath.Dir(l.path(rel)), 0o755); err != nil {
		l.t.Fatal(err)
	}
	if labTemplate.linked[rel] {
		// A link to the template's file, shared by every lab: this lab's
		// own file takes its place, and the template stays as copied.
		if err := os.Remove(l.path(rel)); err != nil {
			l.t.Fatal(err)
		}
	}
	if err := os.WriteFile(l.path(rel), []byte(text), 0o644); err != nil {
		l.t.Fatal(err)
	}
}

// read returns the file's bytes, or "<missing>".
func (l *lab) read(rel string) string {
	l.t.Helper()
	data, err := os.ReadFile(l.path(rel))
	if errors.Is(err, fs.ErrNotExist) {
		return "<missing>"
	}
	if err != nil {
		l.t.Fatal(err)
	}
	return string(data)
}

type result struct {
	args           []string
	stdout, stderr string
	code           int
}

func (r result) String() string {
	return fmt.Sprintf("termlab %s → exit %d\n--- stdout\n%s\n--- stderr\n%s", strings.Join(r.args, " "), r.code, r.stdout, r.stderr)
}

// childEnv is the environment without anything that would change how the
// runner behaves, plus the suite's worker cache and extra.
//
// In the whole suite (testrun.All) GOFLAGS gains -trimpath for the
// workers' builds: without it the build cache keys the module's packages by
// their folder, so every copy of the module would compile them all again
// (seconds of CPU per case). The default run builds workers in one copy
// only, and there -trimpath would cost more than it saves: it changes the
// build of every package, so the standard library would be compiled once
// more instead of coming from what go test itself just compiled.
func childEnv(extra ...string) []string {
	var env []string
	goflags := ""
	if testrun.All() {
		goflags = "-trimpath"
	}
	for _, kv := range os.Environ() {
		name, value, _ := strings.Cut(kv, "=")
		switch {
		case name == "GOFLAGS":
			goflags = strings.TrimSpace(value + " " + goflags)
			continue
		case name == "NO_COLOR", name == "TERM", name == "XDG_CACHE_HOME", name == "GOCACHE", strings.HasPrefix(name, "TERMLAB_"):
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "XDG_CACHE_HOME="+filepath.Join(e2e.dir, "cache"), "GOCACHE="+e2e.gocache, "GOFLAGS="+goflags, "TERM=xterm-256color")
	return append(env, extra...)
}

// run runs the runner in the lab with stdin at /dev/null and stdout and
// stderr piped.
func (l *lab) run(args ...string) result {
	l.t.Helper()
	return l.runCmd(nil, args...)
}

func (l *lab) runCmd(prepare func(*exec.Cmd), args ...string) result {
	l.t.Helper()
	r, err := l.exec(prepare, args...)
	if err != nil {
		l.t.Fatal(err)
	}
	l.clean(r)
	return r
}

// runAll runs several command lines at once (the first build must be done).
func (l *lab) runAll(argss ...[]string) []result {
	l.t.Helper()
	out := make([]result, len(argss))
	errs := make([]error, len(argss))
	var wg sync.WaitGroup
	for i, args := range argss {
		wg.Go(func() { out[i], errs[i] = l.exec(nil, args...) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		l.t.Fatal(err)
	}
	for _, r := range out {
		l.clean(r)
	}
	return out
}

// exec runs the runner in the lab. It may run on any goroutine.
//
// No wall-clock bound that a slow machine could reach: a command may take
// as long as it takes, up to shortly before go test's own -timeout, when
// it is stopped and reported as hung (with what it printed so far) so that
// the test fails with a message and its cleanups still run.
func (l *lab) exec(prepare func(*exec.Cmd), args ...string) (result, error) {
	ctx, cancel := testrun.Context(l.t)
	defer cancel()
	cmd := exec.CommandContext(ctx, l.bin, args...)
	cmd.Dir = l.root
	cmd.Env = childEnv(l.env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if prepare != nil {
		prepare(cmd)
	}
	start := time.Now()
	if ctx.Err() != nil {
		return result{args: args}, fmt.Errorf("termlab %s was not started: go test's -timeout is about to stop this test binary", strings.Join(args, " "))
	}
	err := cmd.Run()
	r := result{args: args, stdout: stdout.String(), stderr: stderr.String()}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return r, fmt.Errorf("termlab %s hung: still running after %v, close to go test's -timeout\n%s", strings.Join(args, " "), time.Since(start).Round(time.Second), r)
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		return r, fmt.Errorf("termlab %s: %v", strings.Join(args, " "), err)
	}
	return r, nil
}

var traceRe = regexp.MustCompile(`(?m)^goroutine \d+ |^panic: |^fatal error: |\.go:\d+ \+0x[0-9a-f]+|^runtime\.\w+\(|^\s+/\S+\.go:\d+`)

// clean fails the test when the learner would see a Go stack trace or a
// terminal escape in what the runner printed to a pipe.
func (l *lab) clean(r result) {
	l.t.Helper()
	for _, out := range []string{r.stdout, r.stderr} {
		if m := traceRe.FindString(out); m != "" {
			l.t.Errorf("a Go stack trace (%q) reached the learner:\n%s", m, r)
		}
		if strings.ContainsRune(out, '\x1b') {
			l.t.Errorf("a terminal escape reached a pipe:\n%s", r)
		}
	}
}

func (l *lab) want(r result, code int) {
	l.t.Helper()
	if r.code != code {
		l.t.Errorf("exit code %d, want %d\n%s", r.code, code, r)
	}
}

// decode checks that out is exactly one valid JSON value and decodes it.
func (l *lab) decode(r result, v any) {
	l.t.Helper()
	if !json.Valid([]byte(r.stdout)) {
		l.t.Fatalf("stdout is not valid JSON\n%s", r)
	}
	if err := json.Unmarshal([]byte(r.stdout), v); err != nil {
		l.t.Fatalf("stdout does not decode: %v\n%s", err, r)
	}
}

// faultLine is the line of the fixture marked // FAULT.
func faultLine(t *testing.T, src string) int {
	t.Helper()
	for i, line := range strings.Split(src, "\n") {
		if strings.Contains(line, "// FAULT") {
			return i + 1
		}
	}
	t.Fatal("the fixture has no // FAULT line")
	return 0
}

type gradeOutput struct {
	Day    int          `json:"day"`
	TODOs  []labs.Grade `json:"todos"`
	Passed int          `json:"passed"`
	Total  int          `json:"total"`
}

type runOutput struct {
	Day     int                `json:"day"`
	Impl    string             `json:"impl"`
	Metrics map[string]float64 `json:"metrics"`
	Parts   []struct {
		ID     string      `json:"id"`
		Status labs.Status `json:"status"`
		TODO   int         `json:"todo"`
		Detail string      `json:"detail"`
	} `json:"parts"`
	Scoreboard []json.RawMessage `json:"scoreboard"`
	Carry      string            `json:"carry"`
}

// brokenCase is one fixture and what the learner must be told about it.
type brokenCase struct {
	name   string
	todo   int         // the broken TODO; 0 when every TODO is affected (all) or none is
	all    bool        // every TODO and part is affected
	status labs.Status // the broken TODO's grade
	detail string      // a phrase of that grade's detail
	where  bool        // the grade points at the fixture's // FAULT line
	// partsStop: every part that uses the TODO stops on it; otherwise they
	// may run (the experiments never reach the fault) but must not blame
	// another TODO.
	partsStop bool
	// partDetail is a phrase of a stopped part's detail when it differs from
	// the grade's; with it, at least one part must stop.
	partDetail string
	env        []string
	// input starts the call in progress that a crash's or a hang's grade
	// shows as its counterexample, when the guard saw it (a panic on
	// another goroutine or an os.Exit ends the worker before it can).
	input string
}

var brokenCases = []brokenCase{
	{name: "panic", todo: 1, status: labs.Crash, detail: "panicked: runtime error: index out of range", where: true, partsStop: true, input: "TakeToken(tokens="},
	{name: "panic_hostile", todo: 1, status: labs.Crash, detail: "panicked: ", where: true, partsStop: true, input: "TakeToken(tokens="},
	{name: "goroutine_panic", todo: 1, status: labs.Crash, detail: "assignment to entry in nil map", where: true, partsStop: true},
	{name: "hang", todo: 2, status: labs.Timeout, detail: "did not return", partsStop: true, input: "WindowID(now="},
	{name: "init_hang", all: true, status: labs.Timeout, detail: "never finished loading", partsStop: true, env: []string{worker.LimitEnv + "=300ms"}},
	{name: "nan", todo: 1, status: labs.Fail, detail: "NaN tokens", partsStop: true},
	{name: "posinf", todo: 1, status: labs.Fail, detail: "+Inf tokens: a bucket can never hold infinitely many", partsStop: true},
	{name: "neginf", todo: 1, status: labs.Fail, detail: "-Inf tokens: a bucket can never hold infinitely many", partsStop: true},
	{name: "negative", todo: 1, status: labs.Fail, detail: "fewer than zero", partsStop: true},
	{name: "backwards", todo: 2, status: labs.Fail, detail: "went backwards"},
	{name: "emit_past", todo: 4, status: labs.Fail, detail: "the emit time is in the past, before the request even arrived"},
	{name: "emit_stuck", todo: 4, status: labs.Fail, detail: "wrong on", partDetail: "came out as +Inf"},
	{name: "recursion", todo: 3, status: labs.Crash, detail: "ran out of stack", where: true, partsStop: true},
	{name: "exit", todo: 4, status: labs.Crash, detail: "os.Exit", partsStop: true},
	{name: "prints"},
}

// TestBrokenLearnerCode runs grade, grade --json and run --json on every
// fixture.
func TestBrokenLearnerCode(t *testing.T) {
	testrun.Slow(t, "every fixture builds its own lean and full worker")
	day, err := course.Find(45) // the fixtures are Day 45's
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join("testdata", "broken"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "nocompile" && e.Name() != "signature" && !slices.ContainsFunc(brokenCases, func(c brokenCase) bool { return c.name == e.Name() }) {
			t.Errorf("testdata/broken/%s has no case in brokenCases", e.Name())
		}
	}
	for _, c := range brokenCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			l := newLab(t, c.name)
			l.env = c.env
			src := l.fixture(c.name)
			where := ""
			if c.where {
				where = fmt.Sprintf("labs/day45/todo.go:%d", faultLine(t, src))
			}
			broken := func(n int) bool { return c.all || n == c.todo }
			wantCode := exitNotOK
			if c.todo == 0 && !c.all {
				wantCode = exitOK
			}

			// grade --json first: it builds the worker, which the other two
			// then share, running at once.
			gradeJSON := l.run("grade", "45", "--json")
			both := l.runAll([]string{"grade", "45"}, []string{"run", "45", "--json"})

			// grade: text for the learner.
			r := both[0]
			l.want(r, wantCode)
			for _, todo := range day.TODOs {
				line := regexp.MustCompile(fmt.Sprintf(`(?m)^  \S+ TODO %d  %s\s+(\w+)$`, todo.Number, todo.Func)).FindStringSubmatch(r.stdout)
				want := labs.Pass
				if broken(todo.Number) {
					want = c.status
				}
				if line == nil || labs.Status(line[1]) != want {
					t.Errorf("grade: TODO %d is not reported as %s\n%s", todo.Number, want, r)
				}
			}
			if c.detail != "" && !strings.Contains(r.stdout, c.detail) {
				t.Errorf("grade does not say %q\n%s", c.detail, r)
			}
			if where != "" && !strings.Contains(r.stdout, "at "+where+"\n") {
				t.Errorf("grade does not point at %s\n%s", where, r)
			}
			if c.input != "" && !strings.Contains(r.stdout, "input: "+c.input) {
				t.Errorf("grade does not show the input %s… it stopped on\n%s", c.input, r)
			}

			// grade --json: the same, for tooling.
			r = gradeJSON
			l.want(r, wantCode)
			var g gradeOutput
			l.decode(r, &g)
			if g.Total != len(day.TODOs) || len(g.TODOs) != len(day.TODOs) {
				t.Fatalf("grade --json has %d of %d TODOs\n%s", len(g.TODOs), len(day.TODOs), r)
			}
			for _, got := range g.TODOs {
				switch {
				case !broken(got.TODO):
					if got.Status != labs.Pass {
						t.Errorf("TODO %d is %s (%s): a fault in another TODO spilled over", got.TODO, got.Status, got.Detail)
					}
				case got.Status != c.status || !strings.Contains(got.Detail, c.detail):
					t.Errorf("TODO %d: %s %q, want %s saying %q", got.TODO, got.Status, got.Detail, c.status, c.detail)
				case where != "" && got.Where != where:
					t.Errorf("TODO %d: where %q, want %q", got.TODO, got.Where, where)
				case c.input != "" && (got.Counterexample == nil || !strings.HasPrefix(got.Counterexample.Input, c.input)):
					t.Errorf("TODO %d: counterexample %+v, want the call in progress, %s…", got.TODO, got.Counterexample, c.input)
				}
			}

			// run --json: parts on the broken TODO stop and blame it; the rest run.
			r = both[1]
			var o runOutput
			l.decode(r, &o)
			if len(o.Parts) != len(day.Parts) {
				t.Fatalf("run --json has %d of %d parts\n%s", len(o.Parts), len(day.Parts), r)
			}
			stopped := false
			for i, p := range day.Parts {
				got := o.Parts[i]
				uses := c.all || slices.Contains(p.Uses, c.todo)
				switch {
				case !uses:
					if got.Status != labs.OK {
						t.Errorf("part %s: %s (TODO %d: %s), though it does not use the broken TODO", p.ID, got.Status, got.TODO, got.Detail)
					}
				case got.Status == labs.OK:
					if c.partsStop {
						t.Errorf("part %s ran on, though it uses the broken TODO %d", p.ID, c.todo)
					}
				default:
					stopped = true
					if !c.all && got.TODO != c.todo {
						t.Errorf("part %s blames TODO %d (%s), want TODO %d", p.ID, got.TODO, got.Detail, c.todo)
					}
					phrase := c.partDetail
					if phrase == "" {
						phrase = c.detail
					}
					if !strings.Contains(got.Detail, phrase) {
						t.Errorf("part %s: detail %q, want it to say %q", p.ID, got.Detail, phrase)
					}
				}
			}
			if (c.partsStop || c.partDetail != "") && !stopped {
				t.Errorf("no part stopped on the broken TODO")
			}
			wantRun := exitOK
			if stopped || c.status == labs.Fail || c.status == labs.Crash || c.status == labs.Timeout {
				// A TODO that fails its grade fails the run too, even
				// when every part ran (their checks cannot catch it).
				wantRun = exitNotOK
			}
			l.want(r, wantRun)

			if got := l.read("labs/day45/todo.go"); got != src {
				t.Errorf("the learner's file changed")
			}
		})
	}
}

// A package that does not compile: the compiler's file:line, exit 1, valid
// JSON with --json, and RESULTS.md left alone. When the compiler points
// outside the learner's files (a TODO's signature changed, the file is
// gone), a line says what to do about it.
func TestDoesNotCompile(t *testing.T) {
	testrun.Slow(t, "three fixtures, each built by the lab four times")
	t.Parallel()
	for _, c := range []struct {
		name    string
		fixture string // "" removes the learner's file
		learner bool   // the compiler points at the learner's // FAULT line
		says    string
	}{
		{name: "type error", fixture: "nocompile", learner: true, says: "does not compile"},
		{name: "signature changed", fixture: "signature", says: "by the names and signatures of the shipped stubs"},
		{name: "file removed", says: "labs/day45/todo.go is missing: go run . reset 45 puts the shipped file back."},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := newLab(t, c.fixture)
			line := 0
			if c.fixture == "" {
				if err := os.Remove(l.path("labs/day45/todo.go")); err != nil {
					t.Fatal(err)
				}
			} else if c.learner {
				line = faultLine(t, l.fixture(c.fixture))
			}
			at := regexp.MustCompile(fmt.Sprintf(`(?m)^  labs/day45/todo.go:%d:\d+: \S`, line))
			for _, args := range [][]string{{"grade", "45"}, {"run", "45"}} {
				r := l.run(args...)
				l.want(r, exitNotOK)
				if !strings.Contains(r.stderr, c.says) || r.stdout != "" {
					t.Errorf("stderr does not say %q\n%s", c.says, r)
				}
				if c.learner && !at.MatchString(r.stderr) {
					t.Errorf("no compiler message at labs/day45/todo.go:%d\n%s", line, r)
				}
			}
			for _, args := range [][]string{{"grade", "45", "--json"}, {"run", "45", "--json"}} {
				r := l.run(args...)
				l.want(r, exitNotOK)
				var out struct {
					Day         int               `json:"day"`
					Error       string            `json:"error"`
					BuildErrors []worker.Location `json:"build_errors"`
				}
				l.decode(r, &out)
				if out.Day != 45 || !strings.Contains(out.Error, c.says) || len(out.BuildErrors) == 0 {
					t.Errorf("%s: %+v, want the compiler's locations and %q", strings.Join(args, " "), out, c.says)
				}
				if c.learner && (out.BuildErrors[0].File != "labs/day45/todo.go" || out.BuildErrors[0].Line != line) {
					t.Errorf("%s: %+v, want the compiler's labs/day45/todo.go:%d", strings.Join(args, " "), out.BuildErrors[0], line)
				}
			}
			if got := l.read("RESULTS.md"); got != "<missing>" {
				t.Errorf("RESULTS.md was written although nothing ran")
			}
		})
	}
}

// A panic message holding a terminal escape, RESULTS.md's end marker and a
// code fence: no escape reaches the terminal, and RESULTS.md can be
// refreshed run after run.
func TestHostilePanicMessageInResults(t *testing.T) {
	testrun.Slow(t, "builds both workers for a fixture")
	t.Parallel()
	l := newLab(t, "panic_hostile")
	l.write("RESULTS.md", "# my notes\n\nkeep me\n")
	for i := range 2 {
		// --reveal: the parts, with the panic's message, go into RESULTS.md.
		r := l.run("run", "45", "--reveal")
		l.want(r, exitNotOK)
		if strings.Contains(r.stderr, "RESULTS.md") || !strings.Contains(r.stdout, "RESULTS.md:") {
			t.Fatalf("run %d: RESULTS.md was not refreshed\n%s", i+1, r)
		}
	}
	got := l.read("RESULTS.md")
	begin, end := results.Markers(45)
	if !strings.HasPrefix(got, "# my notes\n\nkeep me\n") || strings.Count(got, begin) != 1 || strings.Count(got, end) != 1 {
		t.Errorf("RESULTS.md:\n%s", got)
	}
	if strings.ContainsRune(got, '\x1b') {
		t.Errorf("RESULTS.md holds a terminal escape")
	}
}

// predict refuses what is not a number the learner meant, names the entry,
// and saves nothing: the file is byte-identical afterwards.
func TestPredictRefusesAndSavesNothing(t *testing.T) {
	t.Parallel()
	l := newLab(t, "")
	const file = "predictions/day45.json"
	// With no file yet, a refusal creates none.
	r := l.run("predict", "45", "P1=ten")
	l.want(r, exitUsage)
	if got := l.read(file); got != "<missing>" {
		t.Fatalf("a refused prediction created %s", file)
	}
	r = l.run("predict", "45", "P2=12/s")
	l.want(r, exitOK)
	before := l.read(file)

	for _, c := range []struct {
		args []string
		name string // the entry the message names
	}{
		{[]string{"P1="}, "P1"},
		{[]string{"P1=   "}, "P1"},
		{[]string{"P1=twenty"}, "P1"},
		{[]string{"P1=-5"}, "P1"},
		{[]string{"P1=−5"}, "P1"},
		{[]string{"P1=NaN"}, "P1"},
		{[]string{"P1=nan"}, "P1"},
		{[]string{"P1=Inf"}, "P1"},
		{[]string{"P1=+Inf"}, "P1"},
		{[]string{"P1=-Inf"}, "P1"},
		{[]string{"P1=infinity"}, "P1"},
		{[]string{"P1=1e12"}, "P1"},
		{[]string{"P1=1e400"}, "P1"},
		{[]string{"P1=99999999999999999999999"}, "P1"},
		{[]string{"P1=0x14"}, "P1"},
		{[]string{"P1=2.5"}, "P1"},
		{[]string{"P1=10-20"}, "P1"},
		{[]string{"P1=1,00"}, "P1"},
		{[]string{"P1=20", "P3=lots"}, "P3"}, // one bad entry: P1 is not saved either
		{[]string{"P99=1"}, "P99"},
		{[]string{"P1"}, "P1"},
	} {
		r := l.run(append([]string{"predict", "45"}, c.args...)...)
		l.want(r, exitUsage)
		lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
		if !strings.HasPrefix(lines[0], "termlab: "+c.name) || !strings.Contains(r.stderr, "Nothing was saved.") || r.stdout != "" {
			t.Errorf("predict %s: the message does not name %s and say nothing was saved\n%s", strings.Join(c.args, " "), c.name, r)
		}
		if got := l.read(file); got != before {
			t.Errorf("predict %s changed %s:\n%s", strings.Join(c.args, " "), file, got)
		}
	}
	if kept, _ := filepath.Glob(l.path(file) + ".corrupt-*"); len(kept) > 0 {
		t.Errorf("refusals moved the file aside: %v", kept)
	}

	// What is accepted is saved as the number meant.
	r = l.run("predict", "45", "P1=20", "P2=~10 per second", "P3=1,000", "P5=10 rps")
	l.want(r, exitOK)
	var saved struct {
		Predictions map[string]struct{ Value *float64 } `json:"predictions"`
	}
	if err := json.Unmarshal([]byte(l.read(file)), &saved); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]float64{"P1": 20, "P2": 10, "P3": 1000, "P5": 10} {
		if v := saved.Predictions[id].Value; v == nil || *v != want {
			t.Errorf("%s saved as %v, want %v", id, v, want)
		}
	}
}

// A predictions file that cannot be used is named, kept aside byte for byte
// and never overwritten, by any command that reads it.
func TestDamagedPredictionsFileIsKeptAside(t *testing.T) {
	t.Parallel()
	const file = "predictions/day45.json"
	sh := newShared(t) // the cases that run the lab's commands on predictions alone
	for _, c := range []struct {
		name, content, problem string
		args                   []string
	}{
		{"not JSON", `{"day": 45, "predictions": {"P1": {"value": 2`, "not valid JSON", []string{"predict", "45", "P1=20"}},
		{"empty", "", "empty", []string{"predict", "45", "P1=20"}},
		{"another day", `{"day": 46}`, "day 46", []string{"list"}},
		{"impossible guess", `{"day": 45, "predictions": {"P1": {"value": -3}}}`, "not a guess", []string{"list"}},
		{"binary", "\x00\xff\xfe garbage", "not valid JSON", []string{"grade", "45", "--solutions"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.args[0] == "grade" {
				// A worker built with the reference (the other cases
				// build none): a first run on a fresh clone compiled
				// the lab once more for it.
				testrun.Slow(t, "grade --solutions builds the reference's worker")
			}
			l := sh.lab(t)
			if c.args[0] == "grade" {
				l = newLab(t, "") // its worker builds in a lab of its own
			}
			l.write(file, c.content)
			r := l.run(c.args...)
			if r.code == exitUsage {
				t.Errorf("exit code 2\n%s", r)
			}
			if c.args[0] == "grade" { // grade --solutions never reads them: nothing moves
				if got := l.read(file); got != c.content {
					t.Error("grade --solutions touched the predictions file")
				}
				return
			}
			if !strings.Contains(r.stderr, l.path(file)) || !strings.Contains(r.stderr, c.problem) {
				t.Errorf("the message does not name %s and say %q\n%s", file, c.problem, r)
			}
			kept, _ := filepath.Glob(l.path(file) + ".corrupt-*")
			if len(kept) != 1 {
				t.Fatalf("kept aside: %v, want one file", kept)
			}
			if data, _ := os.ReadFile(kept[0]); string(data) != c.content {
				t.Errorf("the kept file is not byte-identical")
			}
			if !strings.Contains(r.stderr, filepath.Base(kept[0])) {
				t.Errorf("the message does not say where the file was kept\n%s", r)
			}
		})
	}

	t.Run("twice in one second", func(t *testing.T) {
		l := sh.lab(t)
		for i, content := range []string{"first {", "second {"} {
			l.write(file, content)
			l.want(l.run("predict", "45", fmt.Sprintf("P1=%d", i)), exitOK)
		}
		kept, _ := filepath.Glob(l.path(file) + ".corrupt-*")
		var contents []string
		for _, k := range kept {
			data, _ := os.ReadFile(k)
			contents = append(contents, string(data))
		}
		slices.Sort(contents)
		if !slices.Equal(contents, []string{"first {", "second {"}) {
			t.Errorf("kept %v holding %q, want both damaged files", kept, contents)
		}
	})

	t.Run("unreadable", func(t *testing.T) {
		l := sh.lab(t)
		// A folder where the file should be cannot be read, even by root.
		l.write(file+"/inside.txt", "mine")
		r := l.run("predict", "45", "P1=20")
		l.want(r, exitOK)
		if !strings.Contains(r.stderr, l.path(file)) || !strings.Contains(r.stderr, "could not be read") {
			t.Errorf("the message does not name the file and say it could not be read\n%s", r)
		}
		kept, _ := filepath.Glob(l.path(file) + ".corrupt-*")
		if len(kept) != 1 || l.read(strings.TrimPrefix(kept[0], l.root+"/")+"/inside.txt") != "mine" {
			t.Errorf("kept %v, want the folder kept aside whole", kept)
		}
		if os.Geteuid() == 0 {
			return // root reads a file whatever its mode
		}
		l.write(file, `{"day": 45}`)
		if err := os.Chmod(l.path(file), 0); err != nil {
			t.Fatal(err)
		}
		r = l.run("predict", "45", "P1=20")
		if !strings.Contains(r.stderr, "permission denied") {
			t.Errorf("mode 000: %s", r)
		}
	})
}

// RESULTS.md: refreshed around the learner's text, or refused with a clear
// message and not one byte changed. `results --solutions` writes it without
// building a worker.
func TestResultsFile(t *testing.T) {
	testrun.Slow(t, "results --solutions builds the full worker (Parts 4 and 6 of the reference)")
	t.Parallel()
	begin, end := results.Markers(45)
	mine := "# Day 45\n\nMy answer: 200 against 100.\n\n"
	cases := []struct {
		name, content string
		readOnly      bool
		code          int
		says          string // in stderr, for a refusal
	}{
		{name: "missing", content: "<missing>", code: exitOK},
		{name: "learner text around the section", content: mine + begin + "\nold\n" + end + "\n\nMore of mine.\n", code: exitOK},
		{name: "no section yet", content: mine, code: exitOK},
		{name: "read-only", content: mine + begin + "\nold\n" + end + "\n", readOnly: true, code: exitNotOK, says: "read-only"},
		{name: "duplicated markers", content: mine + begin + "\n" + begin + "\nold\n" + end + "\n", code: exitNotOK, says: "damaged"},
		{name: "duplicated section", content: begin + "\n1\n" + end + "\n" + mine + begin + "\n2\n" + end + "\n", code: exitNotOK, says: "damaged"},
		{name: "mangled begin marker", content: mine + "<!-- termlab:day45:begin\nold\n" + end + "\n", code: exitNotOK, says: "damaged"},
		{name: "end marker lost", content: mine + begin + "\nmy later notes\n", code: exitNotOK, says: "damaged"},
		{name: "wrong order", content: end + "\n" + mine + begin + "\n", code: exitNotOK, says: "wrong order"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := newLab(t, "")
			os.Remove(l.path("RESULTS.md"))
			if c.content != "<missing>" {
				l.write("RESULTS.md", c.content)
			}
			if c.readOnly {
				if err := os.Chmod(l.path("RESULTS.md"), 0o444); err != nil {
					t.Fatal(err)
				}
			}
			r := l.run("results", "45", "--solutions")
			l.want(r, c.code)
			got := l.read("RESULTS.md")
			if c.code != exitOK {
				line := strings.TrimSpace(r.stderr)
				if strings.Count(line, "\n") != 0 || !strings.HasPrefix(line, "termlab: RESULTS.md was not updated: ") || !strings.Contains(line, c.says) {
					t.Errorf("want one line saying %q\n%s", c.says, r)
				}
				if got != c.content {
					t.Errorf("RESULTS.md changed:\n%s", got)
				}
				if info, _ := os.Stat(l.path("RESULTS.md")); c.readOnly && info.Mode().Perm() != 0o444 {
					t.Errorf("mode is now %v", info.Mode().Perm())
				}
				return
			}
			if strings.Count(got, begin) != 1 || strings.Count(got, end) != 1 || !strings.Contains(got, "run on the reference solutions") {
				t.Errorf("no fresh section:\n%s", got)
			}
			if c.content == "<missing>" {
				return
			}
			head := c.content
			if i := strings.Index(c.content, begin); i >= 0 {
				head = c.content[:i+len(begin)]
				if tail := c.content[strings.Index(c.content, end):]; !strings.HasSuffix(got, tail) {
					t.Errorf("the learner's text after the section changed:\n%s", got)
				}
			}
			if !strings.HasPrefix(got, head) {
				t.Errorf("the learner's text before the section changed:\n%s", got)
			}
		})
	}

	t.Run("symlink to the learner's notes", func(t *testing.T) {
		l := newLab(t, "")
		l.write("notes/mine.md", mine)
		os.Remove(l.path("RESULTS.md"))
		if err := os.Symlink("notes/mine.md", l.path("RESULTS.md")); err != nil {
			t.Skip(err)
		}
		l.want(l.run("results", "45", "--solutions"), exitOK)
		if info, err := os.Lstat(l.path("RESULTS.md")); err != nil || info.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("RESULTS.md is no longer a link")
		}
		if got := l.read("notes/mine.md"); !strings.HasPrefix(got, mine) || !strings.Contains(got, begin) {
			t.Errorf("the linked notes:\n%s", got)
		}
	})
}

// A wrong command line: one line saying what is wrong, the usage, exit 2,
// nothing on stdout.
func TestUsageErrors(t *testing.T) {
	t.Parallel()
	l := newLab(t, "")
	cases := [][]string{
		{"frobnicate"},
		{"grade", "99"},
		{"run", "day99"},
		{"run", "forty-five"},
		{"predict", "99", "P1=1"},
		{"predict", "45"},
		{"grade", "45", "--frob"},
		{"run", "45", "--json=yes"},
		{"run", "45", "-x"},
		{"reset"},
		{"reset", "45", "TODO9"},
	}
	// --redis (Part 4): pointing it at nothing, or at no address at all, is
	// a usage error too, for every command that takes it.
	// The full worker checks the URL, so these build it: the whole suite's.
	for _, name := range cli.CommandsTaking("redis=") {
		if testrun.All() {
			cases = append(cases,
				[]string{name, "45", "--redis=127.0.0.1:1"},
				[]string{name, "45", "--redis", "127.0.0.1:1"},
				[]string{name, "45", "--redis="},
				[]string{name, "45", "--redis"},
				[]string{name, "45", "--redis=redis://[::1"})
		}
	}
	for _, args := range cases {
		r := l.run(args...)
		l.want(r, exitUsage)
		lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "termlab: ") || lines[1] != usageHint || r.stdout != "" {
			t.Errorf("want one error line, then the usage, on stderr only\n%s", r)
		}
	}
	if got := l.read("labs/day45/todo.go"); got != l.fixtureOrShipped() {
		t.Error("a usage error touched the learner's file")
	}
}

func (l *lab) fixtureOrShipped() string {
	return course[0].Shipped["todo.go"]
}

// Without a terminal: stdout piped, stdin at /dev/null or closed, TERM=dumb,
// NO_COLOR. Sensible text, no escapes, no stack traces.
func TestWithoutATerminal(t *testing.T) {
	testrun.Slow(t, "run --solutions builds the full worker")
	t.Parallel()
	l := newLab(t, "")
	closedStdin := func(cmd *exec.Cmd) {
		// sh closes fd 0 before exec: the runner starts with no stdin at all.
		cmd.Args = append([]string{"sh", "-c", `exec "$0" "$@" <&-`, cmd.Path}, cmd.Args[1:]...)
		cmd.Path, _ = exec.LookPath("sh")
	}
	for name, prepare := range map[string]func(*exec.Cmd){"stdin /dev/null": nil, "stdin closed": closedStdin} {
		r := l.runCmd(prepare)
		l.want(r, exitOK)
		last := course[0].Number // the usage names the first day not done: in a fresh lab, the first
		for _, want := range []string{"Day 45", fmt.Sprintf("go run . run %d", last), fmt.Sprintf("go run . grade %d", last), "need a terminal"} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("%s: no %q in the day list\n%s", name, want, r)
			}
		}
	}

	// Reset asks first; with no stdin there is no yes, so nothing is reset.
	before := l.read("labs/day45/todo.go")
	r := l.runCmd(closedStdin, "reset", "45")
	l.want(r, exitNotOK)
	if !strings.Contains(r.stdout, "Nothing was reset.") || l.read("labs/day45/todo.go") != before {
		t.Errorf("reset without an answer:\n%s", r)
	}
	if _, err := os.Stat(l.path("labs/day45/.kept")); err == nil {
		t.Error("reset without an answer kept a copy")
	}

	for _, env := range [][]string{{"TERM=dumb"}, {"NO_COLOR=1"}, {"TERM=dumb", "NO_COLOR=1"}, {"TERM="}} {
		l.env = env
		for _, c := range []struct {
			args []string
			code int
			says string
		}{
			{nil, exitOK, "Day 45"},
			{[]string{"help"}, exitOK, "usage:"},
			{[]string{"list"}, exitOK, "Day 45"},
			{[]string{"grade", "45", "--solutions"}, exitOK, "4 of 4 TODOs pass"},
			{[]string{"run", "45", "--solutions"}, exitOK, "The number to carry"},
			{[]string{"predict", "45", "P1=20"}, exitOK, "P1 = 20"},
			{[]string{"frobnicate"}, exitUsage, ""},
		} {
			r := l.run(c.args...)
			l.want(r, c.code)
			if !strings.Contains(r.stdout, c.says) {
				t.Errorf("%v: no %q\n%s", env, c.says, r)
			}
		}
	}
}

// Ctrl-C in the middle of a run: the runner stops its workers and exits 1
// at once, without a report made of the processes it killed, and saves
// nothing (no RESULTS.md section, no predictions file rewritten).
func TestInterruptedRunSavesNothing(t *testing.T) {
	testrun.Slow(t, "builds both workers for a fixture")
	t.Parallel()
	// Workers that sleep in init: quick to give up on while the worker is
	// built, and a run of 15 s a process, idle, once the bound is back.
	l := newLab(t, "init_hang")
	l.env = []string{worker.LimitEnv + "=200ms"}
	l.want(l.run("grade", "45", "--json"), exitNotOK)
	predictionsBefore := l.read("predictions/day45.json")

	// From here a worker would live ten minutes: a runner that waited for
	// its workers instead of stopping them would hang until the test's
	// time is nearly out, and fail there.
	ctx, cancel := testrun.Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, l.bin, "run", "45")
	cmd.Dir, cmd.Env = l.root, childEnv(worker.LimitEnv+"=10m")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	l.untilWorkers(cmd, &stderr) // into the run, whose workers never answer
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	r := result{args: []string{"run", "45", "(interrupted)"}, stdout: stdout.String(), stderr: stderr.String()}
	var ee *exec.ExitError
	if ctx.Err() != nil || !errors.As(err, &ee) || ee.ExitCode() != exitNotOK {
		t.Fatalf("an interrupted run: %v, want exit %d at once\n%s", err, exitNotOK, r)
	}
	l.clean(r)
	if !strings.Contains(r.stderr, "interrupted") || strings.Contains(r.stdout, "Scoreboard") {
		t.Errorf("want a word that it was interrupted and no report\n%s", r)
	}
	if got := l.read("RESULTS.md"); got != "<missing>" {
		t.Errorf("an interrupted run wrote RESULTS.md:\n%s", got)
	}
	if got := l.read("predictions/day45.json"); got != predictionsBefore {
		t.Errorf("an interrupted run rewrote the predictions:\n%s", got)
	}
}

// --- signals, orphans and the command line (issue 10) ------------------------

// proc is one process as /proc shows it, in our pid numbers.
type proc struct {
	pid, ppid int
	state     byte
	args      []string
}

// procs lists the processes of this machine (Linux's /proc).
func procs(t *testing.T) []proc {
	t.Helper()
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("no /proc:", err)
	}
	var out []proc
	for _, p := range procfs.List() {
		cmdline, err := os.ReadFile(filepath.Join(p.Dir, "cmdline"))
		if err != nil {
			continue // gone meanwhile
		}
		out = append(out, proc{pid: p.Pid, ppid: p.Ppid, state: p.State, args: strings.Split(strings.TrimRight(string(cmdline), "\x00"), "\x00")})
	}
	return out
}

// alive are the processes among pids that still run (a zombie has ended).
func alive(t *testing.T, pids map[int]string) []string {
	t.Helper()
	var out []string
	for _, p := range procs(t) {
		if bin, ok := pids[p.pid]; ok && p.state != 'Z' && len(p.args) > 0 && p.args[0] == bin {
			out = append(out, fmt.Sprintf("%d %s", p.pid, strings.Join(p.args, " ")))
		}
	}
	return out
}

// workersOf are the runner's worker processes: pid → binary.
func workersOf(t *testing.T, runner int) map[int]string {
	t.Helper()
	// The runner's descendants: a staff's command runs in the tools binary
	// (cli/tools.go), whose workers are the runner's grandchildren.
	ps := procs(t)
	below := map[int]bool{runner: true}
	for grew := true; grew; {
		grew = false
		for _, p := range ps {
			if below[p.ppid] && !below[p.pid] {
				below[p.pid], grew = true, true
			}
		}
	}
	out := map[int]string{}
	for _, p := range ps {
		if below[p.ppid] && slices.Contains(p.args, worker.Command) {
			out[p.pid] = p.args[0]
		}
	}
	return out
}

// startRunner starts the runner in the lab with args, in the background.
func (l *lab) start(args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	l.t.Helper()
	cmd := exec.Command(l.bin, args...)
	cmd.Dir, cmd.Env = l.root, childEnv(l.env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		l.t.Fatal(err)
	}
	l.t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd, &stdout, &stderr
}

// untilWorkers waits until the runner has started workers and returns them.
func (l *lab) untilWorkers(cmd *exec.Cmd, stderr *bytes.Buffer) map[int]string {
	l.t.Helper()
	var w map[int]string
	testrun.WaitFor(l.t, 50*time.Millisecond, func() bool {
		w = workersOf(l.t, cmd.Process.Pid)
		return len(w) > 0 || !l.alive(cmd.Process.Pid)
	})
	if len(w) == 0 {
		l.t.Fatalf("the runner started no worker\n%s", stderr)
	}
	return w
}

// alive reports whether the runner's process still runs (not a zombie).
func (l *lab) alive(pid int) bool {
	for _, p := range procs(l.t) {
		if p.pid == pid {
			return p.state != 'Z'
		}
	}
	return false
}

// noneAlive fails the test when any of pids is still running. A
// parent-death signal is delivered at once, but a loaded machine may take
// its time to run the dying: it waits as long as the test may.
func noneAlive(t *testing.T, pids map[int]string, how string) {
	t.Helper()
	var left []string
	if testrun.WaitFor(t, 100*time.Millisecond, func() bool { left = alive(t, pids); return len(left) == 0 }) {
		return
	}
	for pid := range pids {
		syscall.Kill(pid, syscall.SIGKILL) // leave the machine clean
	}
	t.Errorf("%s: workers outlived the runner:\n%s", how, strings.Join(left, "\n"))
}

// noTempFiles fails the test when the runner left temporary files in the
// lab or in its temporary folder.
func (l *lab) noTempFiles(tmp string) {
	l.t.Helper()
	var litter []string
	for _, pattern := range []string{filepath.Join(tmp, "*"), l.path("predictions/.*.tmp-*"), l.path(".*.tmp-*")} {
		m, _ := filepath.Glob(pattern)
		litter = append(litter, m...)
	}
	if len(litter) > 0 {
		l.t.Errorf("temporary files left behind: %v", litter)
	}
}

// SIGTERM, SIGHUP and SIGINT of `run` (and `grade`, `results`) while the
// learner's code never answers: the runner kills its workers, says in one line why it stopped, exits 1 at
// once, and leaves no process and no temporary file behind.
func TestSignalStopsRunAndItsWorkers(t *testing.T) {
	testrun.Slow(t, "builds both workers for a fixture")
	t.Parallel()
	// Workers that never answer: the learner's package never finishes its
	// init, so no guard inside the worker can give up on it.
	l := newLab(t, "init_hang")
	tmp := t.TempDir()
	l.env = []string{worker.LimitEnv + "=300ms", "TMPDIR=" + tmp}
	l.want(l.run("grade", "45", "--json"), exitNotOK) // builds the worker
	// From here the workers would live ten minutes unless killed.
	l.env = []string{worker.LimitEnv + "=10m", "TMPDIR=" + tmp}
	for _, c := range []struct {
		args []string
		sig  syscall.Signal
		says string
	}{
		{[]string{"run", "45"}, syscall.SIGTERM, "termlab: stopped by SIGTERM; nothing was saved."},
		{[]string{"run", "45"}, syscall.SIGHUP, "termlab: the terminal hung up (SIGHUP); nothing was saved."},
		{[]string{"run", "45"}, syscall.SIGINT, "termlab: interrupted (Ctrl-C); nothing was saved."},
		{[]string{"grade", "45"}, syscall.SIGTERM, "termlab: stopped by SIGTERM; nothing was saved."},
		{[]string{"results", "45"}, syscall.SIGHUP, "termlab: the terminal hung up (SIGHUP); nothing was saved."},
	} {
		t.Run(c.args[0]+"/"+c.sig.String(), func(t *testing.T) {
			l.t = t
			cmd, stdout, stderr := l.start(c.args...)
			workers := l.untilWorkers(cmd, stderr)
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			// The runner gives itself stopGrace and then says it abandoned
			// the command: the exact line below tells the two apart, with no
			// clock in the test.
			err := cmd.Wait()
			r := result{args: append(c.args, "("+c.sig.String()+")"), stdout: stdout.String(), stderr: stderr.String()}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitNotOK {
				t.Errorf("exit: %v, want %d\n%s", err, exitNotOK, r)
			}
			l.clean(r)
			if strings.TrimSpace(r.stderr) != c.says || strings.Contains(r.stdout, "Scoreboard") {
				t.Errorf("want the one line %q and no report\n%s", c.says, r)
			}
			noneAlive(t, workers, c.sig.String())
			l.noTempFiles(tmp)
		})
	}
	l.t = t
	if got := l.read("RESULTS.md"); got != "<missing>" {
		t.Errorf("a stopped run wrote RESULTS.md")
	}
}

// SIGKILL of `run`: no handler runs, so only the workers' parent-death
// signal can stop them. That half is runner/worker's (each worker in its own
// process group, with a parent-death signal); this test holds it to it.
func TestKilledRunnerLeavesNoWorker(t *testing.T) {
	testrun.Slow(t, "builds both workers for a fixture")
	t.Parallel()
	l := newLab(t, "init_hang")
	l.env = []string{worker.LimitEnv + "=10m", "TMPDIR=" + t.TempDir()} // its answer files are litter, by nature
	cmd, _, stderr := l.start("run", "45")
	workers := l.untilWorkers(cmd, stderr)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	noneAlive(t, workers, "SIGKILL")
}

// A wrong command line, end to end: one line and the usage, exit 2, and
// nothing saved.
func TestCommandLineRefusals(t *testing.T) {
	t.Parallel()
	l := newLab(t, "")
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"run", "45", "46"}, `unexpected "46"`},
		{[]string{"grade", "45", "extra"}, `unexpected "extra"`},
		{[]string{"run", "45", "-"}, `unexpected "-"`},
		{[]string{"list", "extra"}, `unexpected "extra"`},
		{[]string{"run", "---json"}, `malformed flag "---json"`},
		{[]string{"run", "45", "--json=maybe"}, "takes no value"},
		{[]string{"serve", "45", "--addr", "127.0.0.1:99999"}, "the port must be a number from 1 to 65535"},
		{[]string{"serve", "45", "--addr", "nonsense"}, "give a loopback address and a port"},
		{[]string{"predict", "45", "P1=20", "P1=30"}, "P1 is given twice"},
		{[]string{"predict", "45", "P1=20", "p1=30"}, "P1 is given twice"},
	} {
		r := l.run(c.args...)
		l.want(r, exitUsage)
		lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "termlab: ") || !strings.Contains(lines[0], c.says) || lines[1] != usageHint || r.stdout != "" {
			t.Errorf("want one line saying %q, then the usage\n%s", c.says, r)
		}
	}
	if got := l.read("predictions/day45.json"); got != "<missing>" {
		t.Errorf("a refused command line saved predictions:\n%s", got)
	}
}

// serve with learner code whose init never returns: a clear line, exit 1,
// and the serve program killed.
func TestServeGivesUpOnAnInitThatNeverReturns(t *testing.T) {
	testrun.Slow(t, "builds the full worker for a fixture")
	t.Parallel()
	l := newLab(t, "init_hang")
	l.env = []string{worker.LimitEnv + "=3s"}
	addr := testrun.FreeAddr(t)
	r := l.run("serve", "45", "--addr", addr)
	l.want(r, exitNotOK)
	if !strings.Contains(r.stderr, "init did not return within 3s") || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
		t.Errorf("want one line saying it did not start\n%s", r)
	}
	for _, p := range procs(t) {
		if slices.Contains(p.args, "_serve") && slices.Contains(p.args, "--addr="+addr) && p.state != 'Z' {
			syscall.Kill(p.pid, syscall.SIGKILL)
			t.Errorf("the serve program outlived serve: %d %v", p.pid, p.args)
		}
	}
}

// The screens, in a terminal (script(1) gives the runner a pseudo-terminal),
// with Day 45 open on learner code that never answers: SIGTERM and SIGHUP
// close the lab, kill its workers, and say why in one line.
func TestSignalClosesTheScreensAndTheirWorkers(t *testing.T) {
	testrun.Slow(t, "builds both workers for a fixture")
	t.Parallel()
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("no script(1) to give the runner a terminal")
	}
	l := newLab(t, "init_hang")
	tmp := t.TempDir()
	l.env = []string{worker.LimitEnv + "=300ms", "TMPDIR=" + tmp}
	l.want(l.run("grade", "45", "--json"), exitNotOK) // builds the worker
	l.env = []string{worker.LimitEnv + "=10m", "TMPDIR=" + tmp}
	for _, c := range []struct {
		sig  syscall.Signal
		says string
	}{
		{syscall.SIGTERM, "termlab: stopped by SIGTERM; the lab is closed."},
		{syscall.SIGHUP, "termlab: the terminal hung up (SIGHUP); the lab is closed."},
	} {
		t.Run(c.sig.String(), func(t *testing.T) {
			l.t = t
			stderrFile := filepath.Join(t.TempDir(), "stderr")
			// An 80×24 terminal; the runner's stderr goes to a file, apart
			// from the screens.
			cmd := exec.Command(script, "-q", "-e", "-c", "stty cols 80 rows 24; exec "+l.bin+" 2>"+stderrFile, "/dev/null")
			cmd.Dir, cmd.Env = l.root, childEnv(l.env...)
			keys, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			defer keys.Close()
			var screen syncBuffer
			cmd.Stdout = &screen
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
			// The runner, under script's shell, once the day list is drawn.
			runner := 0
			testrun.WaitFor(t, 50*time.Millisecond, func() bool {
				if !strings.Contains(screen.String(), "Day 45") {
					return cmd.ProcessState != nil
				}
				for _, p := range procs(t) {
					if len(p.args) == 1 && p.args[0] == l.bin && p.state != 'Z' {
						runner = p.pid
					}
				}
				return runner != 0
			})
			if runner == 0 {
				t.Fatalf("the lab did not open\n%s", screen.String())
			}
			io.WriteString(keys, "\r") // open Day 45: it builds and runs the learner's code
			var workers map[int]string
			testrun.WaitFor(t, 50*time.Millisecond, func() bool { workers = workersOf(t, runner); return len(workers) > 0 })
			if len(workers) == 0 {
				t.Fatalf("the screens started no worker\n%s", screen.String())
			}
			if err := syscall.Kill(runner, c.sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			ctx, cancel := testrun.Context(t)
			defer cancel()
			select {
			case <-done:
			case <-ctx.Done():
				t.Fatalf("the screens did not close on %v", c.sig)
			}
			noneAlive(t, workers, "the screens, "+c.sig.String())
			stderr, _ := os.ReadFile(stderrFile)
			if strings.TrimSpace(string(stderr)) != c.says {
				t.Errorf("stderr %q, want %q", stderr, c.says)
			}
			l.noTempFiles(tmp)
		})
	}
}

// serve with the learner's TakeToken, stopped by a signal or killed
// outright: nothing keeps answering on the port, and no serve program is
// left. SIGTERM and SIGHUP stop it cleanly (exit 0, "stopped."); SIGKILL
// leaves it to the program's parent-death signal.
func TestStoppedServeLeavesNothingListening(t *testing.T) {
	testrun.Slow(t, "builds the full worker")
	t.Parallel()
	l := newLab(t, "")
	takeToken, err := os.ReadFile(filepath.Join("testdata", "taketoken", "todo.go"))
	if err != nil {
		t.Fatal(err)
	}
	l.write("labs/day45/todo.go", string(takeToken))
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			l.t = t
			addr := testrun.FreeAddr(t)
			cmd, stdout, stderr := l.start("serve", "45", "--addr", addr)
			if !testrun.WaitUp(t, addr, nil) {
				t.Fatalf("nothing listens on %s\n%s", addr, stderr)
			}
			var servers []int
			for _, p := range procs(t) {
				if slices.Contains(p.args, "_serve") && slices.Contains(p.args, "--addr="+addr) {
					servers = append(servers, p.pid)
				}
			}
			if len(servers) != 1 {
				t.Fatalf("serve programs on %s: %v", addr, servers)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			if sig != syscall.SIGKILL {
				// As the README says of every command: one line saying which
				// signal stopped it, and exit 1.
				var ee *exec.ExitError
				want := map[syscall.Signal]string{syscall.SIGTERM: "termlab: stopped by SIGTERM;", syscall.SIGHUP: "termlab: the terminal hung up (SIGHUP);"}[sig]
				if !errors.As(err, &ee) || ee.ExitCode() != exitNotOK || !strings.Contains(stdout.String(), "stopped.") || !strings.Contains(stderr.String(), want) {
					t.Errorf("serve stopped by %v: %v, want exit %d and %q\nstdout %s\nstderr %s", sig, err, exitNotOK, want, stdout, stderr)
				}
			}
			gone := testrun.WaitFor(t, 100*time.Millisecond, func() bool {
				c, err := net.DialTimeout("tcp", addr, 100*time.Millisecond)
				if err == nil {
					c.Close()
					return false
				}
				return len(alive(t, map[int]string{servers[0]: procArgs0(t, servers[0])})) == 0
			})
			if !gone {
				syscall.Kill(servers[0], syscall.SIGKILL)
				t.Errorf("after %v the serve program still runs or something answers on %s", sig, addr)
			}
		})
	}
}

// procArgs0 is the program a process runs, or "" when it is gone.
func procArgs0(t *testing.T, pid int) string {
	t.Helper()
	for _, p := range procs(t) {
		if p.pid == pid && len(p.args) > 0 {
			return p.args[0]
		}
	}
	return ""
}

// ---------------------------------------------------------------------
// Issue 10, saved state and files: concurrent saves merge, no actual
// before its reveal is on record, links out of the repository and
// read-only files refused, line endings kept, temporary files swept and
// ignored by git. (Kept together so other blocks merge around it.)
// ---------------------------------------------------------------------

// readAny is a file's bytes, or what stopped them being read.
func readAny(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(data)
}

// savedGuesses reads the values of the predictions file.
func (l *lab) savedGuesses() map[string]*float64 {
	l.t.Helper()
	var saved struct {
		Predictions map[string]struct{ Value *float64 } `json:"predictions"`
	}
	if err := json.Unmarshal([]byte(l.read("predictions/day45.json")), &saved); err != nil {
		l.t.Fatalf("predictions/day45.json: %v", err)
	}
	out := map[string]*float64{}
	for id, g := range saved.Predictions {
		out[id] = g.Value
	}
	return out
}

// Two predict commands at once, each with its own prediction, fifty rounds:
// both are saved every round, and both said so.
func TestConcurrentPredictsLoseNothing(t *testing.T) {
	t.Parallel()
	l := newLab(t, "")
	const rounds = 50
	lost := 0
	for r := range rounds {
		p1, p3 := r+1, 1000+r
		out := l.runAll(
			[]string{"predict", "45", fmt.Sprintf("P1=%d", p1)},
			[]string{"predict", "45", fmt.Sprintf("P3=%d", p3)},
		)
		for _, res := range out {
			l.want(res, exitOK)
			if !strings.Contains(res.stdout, "Saved to") {
				t.Errorf("round %d: no Saved line\n%s", r, res)
			}
		}
		got := l.savedGuesses()
		if v := got["P1"]; v == nil || *v != float64(p1) {
			lost++
			t.Errorf("round %d: P1 saved as %v, want %d", r, v, p1)
		}
		if v := got["P3"]; v == nil || *v != float64(p3) {
			lost++
			t.Errorf("round %d: P3 saved as %v, want %d", r, v, p3)
		}
	}
	if lost > 0 {
		t.Errorf("%d of %d saves lost", lost, 2*rounds)
	}
}

// run records the reveal before it shows an actual; when it cannot, it
// shows none, says why, and exits 1. Root writes whatever the mode bits
// say, so the cases that hold for every user replace the folder with a
// file or lean on the explicit read-only check; chmod of the folder is
// tried only when it binds.
func TestRunShowsNoActualUnlessTheRevealIsRecorded(t *testing.T) {
	testrun.Slow(t, "run builds both workers")
	t.Parallel()
	const file = "predictions/day45.json"
	cases := []struct {
		name  string
		setup func(t *testing.T, l *lab)
		says  string
	}{
		{"predictions is a file", func(t *testing.T, l *lab) {
			if err := os.RemoveAll(l.path("predictions")); err != nil {
				t.Fatal(err)
			}
			l.write("predictions", "not a folder")
		}, "not a directory"},
		{"read-only answers file", func(t *testing.T, l *lab) {
			l.want(l.run("predict", "45", "P1=20"), exitOK)
			if err := os.Chmod(l.path(file), 0o444); err != nil {
				t.Fatal(err)
			}
		}, "read-only"},
		{"answers linked outside the repository", func(t *testing.T, l *lab) {
			outside := filepath.Join(t.TempDir(), "day45.json")
			if err := os.WriteFile(outside, []byte(`{"day": 45}`), 0o644); err != nil {
				t.Fatal(err)
			}
			os.MkdirAll(l.path("predictions"), 0o755)
			if err := os.Symlink(outside, l.path(file)); err != nil {
				t.Skip(err)
			}
		}, "outside the repository"},
		{"read-only folder", func(t *testing.T, l *lab) {
			if os.Geteuid() == 0 {
				t.Skip("running as root: a read-only folder does not stop root's writes (the cases above cover root)")
			}
			os.MkdirAll(l.path("predictions"), 0o755)
			if err := os.Chmod(l.path("predictions"), 0o555); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(l.path("predictions"), 0o755) })
		}, "permission denied"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := newLab(t, "")
			c.setup(t, l)
			before := readAny(l.path(file))
			// --reveal: a run that reveals nothing has nothing to record.
			r := l.run("run", "45", "--solutions", "--reveal")
			l.want(r, exitNotOK)
			if r.stdout != "" {
				t.Errorf("stdout is not empty: an actual may have shown\n%s", r)
			}
			if !strings.Contains(r.stderr, c.says) || !strings.Contains(r.stderr, "the actuals stay hidden") {
				t.Errorf("stderr does not say %q and that the actuals stay hidden\n%s", c.says, r)
			}
			if got := readAny(l.path(file)); got != before {
				t.Errorf("%s changed:\n%s", file, got)
			}

			r = l.run("run", "45", "--solutions", "--json", "--reveal")
			l.want(r, exitNotOK)
			var out map[string]any
			l.decode(r, &out)
			if _, ok := out["metrics"]; ok || out["error"] == nil {
				t.Errorf("--json: want an error and no metrics, got %v", out)
			}
			if _, ok := out["scoreboard"]; ok {
				t.Errorf("--json shows a scoreboard: %v", out)
			}
		})
	}
}

// Files the lab writes: a link out of the repository is refused, a
// read-only file is refused the same way for the answers as for
// RESULTS.md, and a CRLF RESULTS.md stays CRLF.
func TestFilesOutsideReadOnlyAndLineEndings(t *testing.T) {
	t.Parallel()
	sh := newShared(t) // the cases on predictions alone
	begin, end := results.Markers(45)
	mine := "# Day 45\n\nMy answer: 200 against 100.\n\n"

	for _, c := range []struct {
		name string
		link string // what is linked out: RESULTS.md, the answers file or the predictions folder
		args []string
	}{
		{"RESULTS.md", "RESULTS.md", []string{"results", "45", "--solutions"}},
		{"answers file", "predictions/day45.json", []string{"predict", "45", "P1=20"}},
		{"predictions folder", "predictions", []string{"predict", "45", "P1=20"}},
	} {
		t.Run("link outside: "+c.name, func(t *testing.T) {
			if c.args[0] == "results" {
				testrun.Slow(t, "results --solutions builds the full worker (Parts 4 and 6 of the reference)")
			}
			l := sh.lab(t)
			if c.args[0] == "results" {
				l = newLab(t, "") // its worker builds in a lab of its own
			}
			outside := t.TempDir()
			target := filepath.Join(outside, "theirs")
			content := `{"day": 45}`
			if c.link == "predictions" {
				target = outside
				if err := os.WriteFile(filepath.Join(outside, "day45.json"), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if err := os.WriteFile(target, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			os.RemoveAll(l.path(c.link))
			os.MkdirAll(filepath.Dir(l.path(c.link)), 0o755)
			if err := os.Symlink(target, l.path(c.link)); err != nil {
				t.Skip(err)
			}
			r := l.run(c.args...)
			l.want(r, exitNotOK)
			if !strings.Contains(r.stderr, "outside the repository") || !strings.Contains(r.stderr, "nothing was changed") {
				t.Errorf("the message does not say the link leads outside and nothing changed\n%s", r)
			}
			entries, _ := os.ReadDir(outside)
			if len(entries) != 1 {
				t.Errorf("something was created outside the repository: %d entries", len(entries))
			}
			for _, e := range entries {
				if data, _ := os.ReadFile(filepath.Join(outside, e.Name())); string(data) != content {
					t.Errorf("the file outside was written:\n%s", data)
				}
			}
		})
	}

	t.Run("read-only answers file", func(t *testing.T) {
		l := sh.lab(t)
		l.want(l.run("predict", "45", "P1=20"), exitOK)
		const file = "predictions/day45.json"
		if err := os.Chmod(l.path(file), 0o444); err != nil {
			t.Fatal(err)
		}
		before := l.read(file)
		r := l.run("predict", "45", "P1=30")
		l.want(r, exitNotOK)
		if !strings.Contains(r.stderr, "read-only") || !strings.Contains(r.stderr, "Nothing was saved.") {
			t.Errorf("want a message saying the file is read-only and nothing was saved\n%s", r)
		}
		if got := l.read(file); got != before {
			t.Errorf("the read-only file changed:\n%s", got)
		}
		if info, _ := os.Stat(l.path(file)); info.Mode().Perm() != 0o444 {
			t.Errorf("mode is now %v", info.Mode().Perm())
		}
	})

	t.Run("CRLF RESULTS.md", func(t *testing.T) {
		testrun.Slow(t, "results --solutions builds the full worker (Parts 4 and 6 of the reference)")
		l := newLab(t, "")
		crlf := strings.ReplaceAll(mine+begin+"\nold\n"+end+"\n\nMore of mine.\n", "\n", "\r\n")
		l.write("RESULTS.md", crlf)
		for i := range 2 {
			l.want(l.run("results", "45", "--solutions"), exitOK)
			got := l.read("RESULTS.md")
			if n := strings.Count(got, "\n") - strings.Count(got, "\r\n"); n != 0 {
				t.Errorf("write %d: %d lines end in a bare LF:\n%q", i, n, got)
			}
			if !strings.HasPrefix(got, strings.ReplaceAll(mine, "\n", "\r\n")+begin+"\r\n") || !strings.HasSuffix(got, end+"\r\n\r\nMore of mine.\r\n") {
				t.Errorf("write %d: the learner's text changed:\n%q", i, got)
			}
			if !strings.Contains(got, "run on the reference solutions") {
				t.Errorf("write %d: no report:\n%q", i, got)
			}
		}
	})
}

// What a killed command leaves is swept once stale, and what the lab
// writes beside the learner's files never shows in git status.
func TestLitterIsSweptAndIgnoredByGit(t *testing.T) {
	testrun.Slow(t, "results --solutions builds the full worker (Parts 4 and 6 of the reference)")
	t.Parallel()
	l := newLab(t, "")
	gitignore, err := os.ReadFile(".gitignore")
	if err != nil {
		t.Fatal(err)
	}
	l.write(".gitignore", string(gitignore))
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "core.autocrlf=false"}, args...)...)
		cmd.Dir = l.root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Skipf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	git("init", "-q")
	l.want(l.run("predict", "45", "P2=10"), exitOK)
	git("add", "-A")
	git("commit", "-qm", "start")

	old := time.Now().Add(-2 * time.Minute)
	litter := map[string]bool{ // path → stale (to be swept)
		"predictions/.day45.json.tmp-111": true,
		".RESULTS.md.tmp-222":             true,
		".RESULTS.md.tmp-333":             false, // a writer at work: left alone
	}
	for rel, stale := range litter {
		l.write(rel, "half a file")
		if stale {
			if err := os.Chtimes(l.path(rel), old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	l.want(l.run("predict", "45", "P1=20"), exitOK)
	l.want(l.run("results", "45", "--solutions"), exitOK)
	// An edited file, so that reset has a version of the learner's to keep
	// (it keeps no copy of a file that is still the stub).
	l.write("labs/day45/todo.go", l.read("labs/day45/todo.go")+"\n// my notes\n")
	l.want(l.run("reset", "45", "--yes"), exitOK)
	for rel, stale := range litter {
		_, err := os.Stat(l.path(rel))
		if gone := errors.Is(err, fs.ErrNotExist); gone != stale {
			t.Errorf("%s: removed %v, want %v", rel, gone, stale)
		}
	}
	if kept, _ := filepath.Glob(l.path("labs/day45/.kept/*")); len(kept) == 0 {
		t.Fatal("reset kept nothing in labs/day45/.kept")
	}
	status := git("status", "--porcelain", "--untracked-files=all")
	for _, bad := range []string{".tmp-", ".lock", ".kept/"} {
		if strings.Contains(status, bad) {
			t.Errorf("git status shows the lab's scratch files (%s):\n%s", bad, status)
		}
	}
	if !strings.Contains(status, "predictions/day45.json") {
		t.Errorf("git status does not show the learner's new prediction (the check would pass vacuously):\n%s", status)
	}
}

// A TakeToken that keeps two tokens back: Part 1's burst lets 18 in where
// the bucket lets 20. The other three are right.
const keepsTwoBack = `//go:build termlab

package day45

import "time"

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
	tokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)
	if tokens >= 3 {
		return tokens - 1, true
	}
	return tokens, false
}

func WindowID(now, window time.Duration) int64 { return int64(now / window) }

func Expired(stamp, now, window time.Duration) bool { return stamp <= now-window }

func NextEmit(now, nextEmit time.Duration) time.Duration { return max(now, nextEmit) }
`

// TestRunJudgesAgainstTheReference: with TODO 1 broken, a right guess
// stays spot on, a guess that matches the bug is not, and the JSON says
// what the learner's code gave and which TODO moved it.
func TestRunJudgesAgainstTheReference(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel()
	l := newLab(t, "")
	l.write("labs/day45/todo.go", keepsTwoBack)
	l.want(l.run("predict", "45", "P1=20", "P6=18", "P2=12", "P3=200", "P4=100", "P5=10"), 0)
	r := l.run("run", "45", "--json")
	var out runOutput
	l.decode(r, &out)
	rows := map[string]predictions.JSONRow{}
	for _, raw := range out.Scoreboard {
		var row predictions.JSONRow
		if err := json.Unmarshal(raw, &row); err != nil {
			t.Fatal(err)
		}
		rows[row.ID] = row
	}
	p1, p6 := rows["P1"], rows["P6"]
	if p1.Actual == nil || *p1.Actual != 20 || p1.Yours == nil || *p1.Yours != 18 || p1.Verdict == nil || *p1.Verdict != "spot on" || fmt.Sprint(p1.Moved) != "[1]" {
		t.Errorf("P1 = %s, want actual 20, yours 18, spot on, moved by TODO 1", mustJSON(p1))
	}
	if p6.Verdict == nil || *p6.Verdict == "spot on" || p6.Distance == nil || *p6.Distance != "10% under" {
		t.Errorf("P6 (guessed the bug's 18) = %s, want judged against 20: 10%% under", mustJSON(p6))
	}
	text := l.run("run", "45")
	if !strings.Contains(text.stdout, "your TakeToken (TODO 1) gives 18 requests here; the reference gives 20 requests") {
		t.Errorf("the report does not show the code's figure beside the reference's:\n%s", text.stdout)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
