// Package testrun is what the module's test binaries share, and only they
// import it (and author/savetime, the save loop measured in tmux, for the
// saves, the floor and the burner): which tests the default `go test ./...`
// runs, and a folder of the run's own for everything a test writes outside
// the module.
//
// The default run is the README's second command: it must pass on a fresh
// clone on a slow machine, and a second run with nothing changed must come
// from Go's test cache. So the tests that build and run the worker programs
// many times over (the end-to-end suite, the signals, serve, the screens'
// re-run on save, the learner's stages graded end to end) run only with
// TERMLAB_TEST_ALL=1, which .ci/run sets.
//
// Main gives each test binary a temporary folder of its own: TMPDIR and
// XDG_CACHE_HOME point inside it, so t.TempDir, os.MkdirTemp, the workers'
// scratch folders and the lab's cache folder (worker.CachedBin) all land
// there, and it is removed when the run ends, on SIGINT, SIGTERM or SIGHUP
// as well. A run ended harder (go test's -timeout panic, SIGKILL) leaves it;
// the next run removes it, and the litter of versions before this one.
package testrun

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"termlab/runner/worker"
)

// AllEnv names the environment variable that turns on the whole suite:
// TERMLAB_TEST_ALL=1 (.ci/run sets it).
const AllEnv = "TERMLAB_TEST_ALL"

// All reports whether the whole suite runs.
func All() bool { return os.Getenv(AllEnv) == "1" }

// Slow skips t in the default run and with -short: what it tests runs in
// .ci/run (TERMLAB_TEST_ALL=1). what says why it is slow.
func Slow(t testing.TB, what string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("%s: skipped with -short", what)
	}
	if !All() {
		t.Skipf("%s: runs with %s=1 (.ci/run), not in the default go test ./...", what, AllEnv)
	}
}

// Sampled reports whether a case that is the seen-th of its kind
// (counting from 1) runs: every case in the whole suite without the race
// detector (TERMLAB_TEST_ALL=1: .ci/stages' stages a-c and d1b,
// .ci/after.d/equivalence.sh under both GOAMD64 levels); only the first
// perKind of each kind in the default go test ./... and under the detector
// (.ci/run's race run). A suite of many like cases (a grader's variants,
// a screen at many sizes) finds no more races at its hundredth case than
// at its second, and costs several times its CPU under the detector; in
// the default run it would cost a newcomer's first go test ./... most of
// its time (labs/BENCHMARKS.md, "The default go test ./..."), while a
// sample still shows each promise kept. The sample is the first perKind
// of each kind, the same every run, so the default run stays cacheable:
// list the cases that must always run first (80×24 among sizes).
func Sampled(seen, perKind int) bool { return seen <= perKind || (All() && !Race) }

// listEnv asks a test binary started by ListDir to list a folder and exit.
const listEnv = "TERMLAB_TESTRUN_LIST"

// ListDir lists dir as os.ReadDir does, but in a child process (the test
// binary itself, started again), so that go test's cache does not record
// the folder as an input of the test. Main makes it worker.ListRoot, the
// listing of the module root that worker.CopyLab copies: the root of a
// clone holds .git, whose modification time every git status changes, and
// a recorded root would make every test that copies the lab run again
// after any git command. The files copied are still read in process, so a
// change to any of them still runs those tests again.
func ListDir(dir string) ([]fs.DirEntry, error) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), listEnv+"="+dir)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("listing %s in a child process: %v", dir, err)
	}
	var entries []fs.DirEntry
	for _, line := range strings.Split(string(out), "\n") {
		kind, name, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		mode := fs.ModeIrregular
		switch kind {
		case "d":
			mode = fs.ModeDir
		case "f":
			mode = 0
		case "l":
			mode = fs.ModeSymlink
		}
		entries = append(entries, fs.FileInfoToDirEntry(listed{name, mode}))
	}
	return entries, nil
}

// listChild is the child's side of ListDir.
func listChild(dir string) int {
	entries, err := os.ReadDir(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	for _, e := range entries {
		kind := "o"
		switch t := e.Type(); {
		case t.IsDir():
			kind = "d"
		case t.IsRegular():
			kind = "f"
		case t&fs.ModeSymlink != 0:
			kind = "l"
		}
		if !strings.Contains(e.Name(), "\n") {
			fmt.Printf("%s %s\n", kind, e.Name())
		}
	}
	return 0
}

// listed is an entry of ListDir: a name and a type, no more.
type listed struct {
	name string
	mode fs.FileMode
}

func (l listed) Name() string       { return l.name }
func (l listed) Size() int64        { return 0 }
func (l listed) Mode() fs.FileMode  { return l.mode }
func (l listed) ModTime() time.Time { return time.Time{} }
func (l listed) IsDir() bool        { return l.mode.IsDir() }
func (l listed) Sys() any           { return nil }

// prefix names the run folders: termlab-test-<pid>-<random>.
const prefix = "termlab-test-"

var (
	dir     string // this run's folder; "" outside Main
	gocache string
	mu      sync.Mutex
)

// Dir is this run's folder (inside the temporary folder the go command
// gave), made by Main.
func Dir() string { return dir }

// GoCache is the go command's build cache as it was before Main moved
// XDG_CACHE_HOME (the default GOCACHE lives under it): children that run
// go build must keep using it, or they would compile everything again.
func GoCache() string { return gocache }

// Context ends shortly before the test binary's -timeout (go test's
// default is 10 minutes): a minute before, or a tenth of the time left when
// that is shorter; or never when there is no timeout. It is the bound of
// whatever a test waits for (a command, a process to start or to go):
// long enough for any slow machine, and early enough that a real hang
// fails the test with a message and its cleanups still run, leaving
// nothing behind.
func Context(t testing.TB) (context.Context, context.CancelFunc) {
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if end, ok := d.Deadline(); ok {
			margin := min(time.Minute, time.Until(end)/10)
			return context.WithDeadline(context.Background(), end.Add(-margin))
		}
	}
	return context.WithCancel(context.Background())
}

// WaitFor polls done every so often until it says yes, or until the
// test's time is nearly out (Context), and reports which. Never a fixed
// number of seconds: a loaded machine may take its time.
func WaitFor(t testing.TB, every time.Duration, done func() bool) bool {
	ctx, cancel := Context(t)
	defer cancel()
	for !done() {
		select {
		case <-ctx.Done():
			return done()
		case <-time.After(every):
		}
	}
	return true
}

var (
	sigs        = make(chan os.Signal, 1)
	stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}
)

// ExpectSignals tells Main that t sends the test binary signals of its own
// (to test a handler): until t ends, Main does not listen for them.
func ExpectSignals(t testing.TB) {
	signal.Stop(sigs)
	t.Cleanup(func() {
		for { // what came before Stop was the test's own
			select {
			case <-sigs:
				continue
			default:
			}
			break
		}
		signal.Notify(sigs, stopSignals...)
	})
}

// Main runs m in a folder of the run's own and returns the exit code. Use
// it as func TestMain(m *testing.M) { os.Exit(testrun.Main(m)) }.
func Main(m *testing.M) int { return run(m, true) }

// MainKeepTemp is Main leaving TMPDIR as it is: only the lab's cache
// folder moves into the run's folder. For a package whose tests show their
// t.TempDir paths at a fixed width (the screens at 80 columns), where a
// longer temporary folder would wrap the text they look for. What such a
// run leaves on a hard stop is swept by a later one (Sweep).
func MainKeepTemp(m *testing.M) int { return run(m, false) }

func run(m *testing.M, moveTemp bool) int {
	if dir := os.Getenv(listEnv); dir != "" {
		return listChild(dir)
	}
	worker.ListRoot = ListDir
	CollectLess()
	base := os.TempDir()
	Sweep(base)
	if out, err := exec.Command("go", "env", "GOCACHE").Output(); err == nil {
		gocache = strings.TrimSpace(string(out))
	}
	d, err := os.MkdirTemp(base, fmt.Sprintf("%s%d-", prefix, os.Getpid()))
	if err != nil {
		fmt.Fprintln(os.Stderr, "testrun: cannot make the run's folder:", err)
		return 1
	}
	dir = d
	hold(d)
	if gocache != "" {
		os.Setenv("GOCACHE", gocache)
	}
	tmp, cache := filepath.Join(d, "tmp"), filepath.Join(d, "cache")
	os.Mkdir(tmp, 0o755)
	os.Mkdir(cache, 0o755)
	if moveTemp {
		os.Setenv("TMPDIR", tmp)
	}
	os.Setenv("XDG_CACHE_HOME", cache)

	signal.Notify(sigs, stopSignals...)
	go func() {
		for s := range sigs {
			// The children (the lab, its workers, go build) got the same
			// signal from the terminal, or die with the test binary; give
			// them a moment to go before their folders do.
			fmt.Fprintf(os.Stderr, "testrun: stopped by %v; removing %s\n", s, d)
			time.Sleep(300 * time.Millisecond)
			remove(d)
			os.Exit(1)
		}
	}()
	code := m.Run()
	signal.Stop(sigs)
	remove(d)
	return code
}

// remove removes the run's folder, twice if a child was still writing.
func remove(d string) {
	mu.Lock()
	defer mu.Unlock()
	makeWritable(d)
	if os.RemoveAll(d) != nil {
		time.Sleep(200 * time.Millisecond)
		makeWritable(d)
		os.RemoveAll(d)
	}
}

// makeWritable undoes the read-only modes some tests set (and the module
// cache's), which would stop RemoveAll.
func makeWritable(d string) {
	filepath.WalkDir(d, func(path string, e os.DirEntry, err error) error {
		if err == nil && e.IsDir() {
			os.Chmod(path, 0o755)
		}
		return nil
	})
}

// Sweep removes from base (the temporary folder) what killed runs left:
// run folders whose test binary is gone (see abandoned), and, from before run folders
// existed, the end-to-end suite's termlab-e2e-*, the box tests'
// termlab-boxtest-* and t.TempDir's Test* folders holding a copy of this
// module, once they are an hour old (a run of another checkout may still
// be using a younger one).
func Sweep(base string) {
	entries, _ := os.ReadDir(base)
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() {
			continue
		}
		path := filepath.Join(base, name)
		switch {
		case strings.HasPrefix(name, prefix):
			if path != dir && abandoned(path, e) {
				remove(path)
			}
		case strings.HasPrefix(name, "termlab-e2e-"), strings.HasPrefix(name, "termlab-boxtest-"):
			if old(e) {
				remove(path)
			}
		case strings.HasPrefix(name, "Test"):
			if old(e) && holdsThisModule(path) {
				remove(path)
			}
		}
	}
}

func old(e os.DirEntry) bool {
	info, err := e.Info()
	return err == nil && time.Since(info.ModTime()) > time.Hour
}

// holdsThisModule reports whether a t.TempDir folder (Test…/001/…) holds a
// copy of module termlab, or a learner's folder as the screens' tests
// write it (labs/dayNN/todo.go), at most two levels down.
func holdsThisModule(path string) bool {
	for _, pattern := range []string{"*/go.mod", "*/*/go.mod"} {
		m, _ := filepath.Glob(filepath.Join(path, pattern))
		for _, f := range m {
			if data, err := os.ReadFile(f); err == nil && bytes.HasPrefix(data, []byte("module termlab\n")) {
				return true
			}
		}
	}
	m, _ := filepath.Glob(filepath.Join(path, "*", "labs", "day[0-9]*", "todo.go"))
	return len(m) > 0
}
