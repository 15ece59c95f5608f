package worker_test

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course"
	course46 "termlab/labs/day46/course"
	"termlab/record/report"
	"termlab/runner/proc"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	"termlab/solutions/day45"
	solutions46 "termlab/solutions/day46"
)

// The box, end to end: a copy of the module whose learner package misbehaves
// in its init, the way a runaway or hostile TODO file could, chosen by
// fixtureEnv so that one build serves every case. Only Linux has every
// bound (a parent-death signal, RLIMIT_AS); elsewhere these are skipped.

const fixtureEnv = "TERMLAB_TEST_FIXTURE"

// fixtureTODO is the learner's file: the shipped stubs' signatures, and an
// init that does what fixtureEnv says.
const fixtureTODO = `package day45

import (
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"termlab/labs"
)

var hoard [][]byte

func init() {
	switch os.Getenv("` + fixtureEnv + `") {
	case "alloc": // grow without end
		for {
			hoard = append(hoard, make([]byte, 1<<20))
			for i := range hoard[len(hoard)-1] {
				hoard[len(hoard)-1][i] = 1
			}
		}
	case "hang":
		if log := os.Getenv("TERMLAB_BOXTEST_STARTS"); log != "" { // one byte per worker started
			if f, err := os.OpenFile(log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
				f.Write([]byte("x"))
				f.Close()
			}
		}
		for {
		}
	case "bigans": // 100 MB at the answer's fd
		f := os.NewFile(3, "answer")
		block := make([]byte, 1<<20)
		for range 100 {
			if _, err := f.Write(block); err != nil {
				os.Exit(3)
			}
		}
	case "delete": // everything in the working folder, and one up
		for _, dir := range []string{".", ".."} {
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				os.RemoveAll(filepath.Join(dir, e.Name()))
			}
		}
		os.WriteFile("mine.txt", []byte("x"), 0o644)
	case "escape", "escapebare": // a process in a session of its own,
		// deaf to TERM, HUP and INT, holding the answer pipe (on purpose:
		// close-on-exec alone would keep it from inheriting it); bare:
		// and without the environment it was given
		cmd := exec.Command("sh", "-c", "trap '' TERM HUP INT; exec sleep 300")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if os.Getenv("` + fixtureEnv + `") == "escapebare" {
			cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
		}
		cmd.ExtraFiles = []*os.File{os.NewFile(3, "answer")}
		if cmd.Start() == nil {
			os.WriteFile(os.Getenv("` + fixtureEnv + `_PIDS")+"/"+strconv.Itoa(cmd.Process.Pid), nil, 0o644)
		}
	case "cloexec": // the answer pipe must not reach what learner code starts
		flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, 3, syscall.F_GETFD, 0)
		if errno != 0 || flags&syscall.FD_CLOEXEC == 0 {
			panic("fd 3 is inherited by every program this init starts")
		}
	case "reach": // the staff's environment, and the network
		if v := os.Getenv("STAFF_TOKEN"); v != "" {
			panic("read the staff's token " + v)
		}
		if v := os.Getenv("TERMLAB_REDIS"); v != "" {
			panic("read the staff's Redis URL " + v)
		}
		if h := os.Getenv("HOME"); h == os.Getenv("` + fixtureEnv + `_HOME") {
			panic("HOME is the staff's")
		}
		if c, err := net.Dial("tcp", os.Getenv("` + fixtureEnv + `_DIAL")); err == nil {
			c.Close()
			panic("dialled the grader's machine")
		}
	case "stdin": // the runner's nonce, read before the worker can
		io.ReadAll(os.Stdin)
	case "panic":
		panic("boom in init") // initPanicLine
	case "forge": // a pass for every task, under a guessed nonce
		f := os.NewFile(3, "answer")
		fmt.Fprintf(f, "termlab-answer %x\n{\"todo\":1,\"func\":\"TakeToken\",\"status\":\"pass\"}", time.Now().UnixNano())
	case "forgeverdict": // an early fail for every task, under a guessed nonce
		f := os.NewFile(3, "answer")
		fmt.Fprintf(f, "termlab-verdict %x fail\n", time.Now().UnixNano())
	}
}

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (float64, bool) {
	if os.Getenv("` + fixtureEnv + `") == "wrong" { // never a token
		return tokens, false
	}
	panic(labs.NotDone)
}
func WindowID(now, window time.Duration) int64 { panic(labs.NotDone) }
func Expired(stamp, now, window time.Duration) bool { panic(labs.NotDone) }
func NextEmit(now, nextEmit time.Duration) time.Duration { panic(labs.NotDone) }
`

type fixture struct {
	root, bin string
	err       error
}

var (
	fixtureOnce sync.Once
	fix         fixture
)

// boxFixture builds the misbehaving module once per test binary.
func boxFixture(t *testing.T) fixture {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the whole box (parent-death signal, RLIMIT_AS) is Linux's")
	}
	testrun.Slow(t, "builds a worker")
	fixtureOnce.Do(func() {
		root, err := worker.FindRoot(".", "termlab")
		if err != nil {
			fix.err = err
			return
		}
		// Not t.TempDir: the fixture outlives the test that built it.
		tmp, err := os.MkdirTemp("", "termlab-boxtest-")
		if err != nil {
			fix.err = err
			return
		}
		fix.root, fix.bin = tmp, filepath.Join(tmp, ".bin", "worker")
		// Every day the worker links, as shipped; then the fixture.
		if err := worker.CopyLab(root, tmp, labs.Course{fixtureDay, course46.New(solutions46.Funcs)}); err != nil {
			fix.err = err
			return
		}
		if err := os.WriteFile(filepath.Join(tmp, "labs", "day45", "todo.go"), []byte(fixtureTODO), 0o644); err != nil {
			fix.err = err
			return
		}
		os.MkdirAll(filepath.Dir(fix.bin), 0o755)
		r := worker.Runner{Root: tmp, Bin: fix.bin}
		_, fix.err = r.Build(context.Background())
	})
	if fix.err != nil {
		t.Fatalf("the fixture does not build: %v", fix.err)
	}
	return fix
}

var fixtureDay = course.New(day45.Funcs)

// gradesOnly runs the fixture's grades with fixtureEnv=what.
func gradesOnly(t *testing.T, what string) (labs.Outcome, error) {
	t.Helper()
	f := boxFixture(t)
	t.Setenv(fixtureEnv, what)
	r := worker.Runner{Root: f.root, Bin: f.bin, GradesOnly: true}
	return r.Run(t.Context(), fixtureDay)
}

func TestBoxedWorkers(t *testing.T) {
	tests := []struct {
		name, fixture string
		env           map[string]string
		status        labs.Status
		detail        string // a part of every grade's Detail
	}{
		{"an init that allocates without end hits the memory bound", "alloc",
			map[string]string{worker.MemoryEnv: "120", worker.LimitEnv: "20s"}, labs.Crash, "your code used more than 120 MB"},
		{"an init that never returns is stopped", "hang",
			map[string]string{worker.LimitEnv: "400ms"}, labs.Timeout, worker.InitHang},
		{"an answer of 100 MB is refused, not read", "bigans", nil, labs.Crash, "larger than 4 MB"},
		{"a forged answer without the nonce is ignored", "forge", nil, labs.Unfinished, "not done"},
		{"nothing misbehaves", "", nil, labs.Unfinished, "not done"},
		{"the answer pipe is close-on-exec before the learner's init runs", "cloexec", nil, labs.Unfinished, "not done"},
		{"a panic in init is the file's, not a TODO's", "panic", nil, labs.Crash, "before any TODO ran (an init function or a package variable): panic: boom in init"},
		{"an init that reads standard input is told so", "stdin", nil, labs.Crash, "read the lab's standard input"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			o, err := gradesOnly(t, tc.fixture)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range o.Grades {
				if g.Status != tc.status || !strings.Contains(g.Detail, tc.detail) {
					t.Errorf("TODO %d: %s %q, want %s mentioning %q", g.TODO, g.Status, g.Detail, tc.status, tc.detail)
				}
			}
		})
	}
}

// Issue 43, finding 5: an init that never returns is one finding for the
// file, found once. The first worker stopped before its main ran settles
// every TODO and every part with the same words; no part's worker is
// started to wait out a bound of its own on the same init. Before, each
// TODO and each part timed out on its own (four verdicts, then a bound per
// part, two at a time), each with the words of its own bound.
func TestInitHangFoundOnce(t *testing.T) {
	o, _, started := hangingRun(t, fixtureDay)
	if len(o.Parts) == 0 {
		t.Fatal("no parts: the run should have had them")
	}
	if started == 0 || started > len(fixtureDay.TODOs) {
		t.Errorf("%d workers started, want at most one per TODO (%d): no part's worker waits out the same init", started, len(fixtureDay.TODOs))
	}
}

// The same with one TODO to grade: a part starts beside the lone grade
// (tasks), and the grade that finds the file never loading stops it; the
// run still settles every TODO and part with the file's words, shows no
// part before them, and starts no more workers than the two cores hold.
func TestInitHangStopsThePartBeside(t *testing.T) {
	day := fixtureDay
	day.TODOs = day.TODOs[:1]
	_, updates, started := hangingRun(t, day)
	for i, u := range updates[:len(updates)-1] {
		if slices.ContainsFunc(u.Parts, func(p labs.PartResult) bool { return p.Status != "" }) {
			t.Errorf("update %d shows a part before the file's finding: %+v", i, u.Parts)
		}
	}
	if started == 0 || started > 2 {
		t.Errorf("%d workers started, want the grade and at most one part beside it", started)
	}
}

// hangingRun runs day on the fixture whose init never returns, checks that
// every TODO and part is settled with InitHang, blamed on no TODO, and
// says what the run streamed and how many workers it started.
func hangingRun(t *testing.T, day labs.Day) (o labs.Outcome, updates []labs.Outcome, started int) {
	t.Helper()
	f := boxFixture(t)
	starts := filepath.Join(t.TempDir(), "starts")
	t.Setenv(fixtureEnv, "hang")
	t.Setenv("TERMLAB_BOXTEST_STARTS", starts)
	t.Setenv(worker.LimitEnv, "400ms")
	r := worker.Runner{Root: f.root, Bin: f.bin}
	o, err := r.RunStream(t.Context(), day, func(o labs.Outcome) { updates = append(updates, o) })
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range o.Grades {
		if g.Status != labs.Timeout || g.Detail != worker.InitHang {
			t.Errorf("TODO %d: %s %q, want timeout %q", g.TODO, g.Status, g.Detail, worker.InitHang)
		}
	}
	for _, p := range o.Parts {
		if p.Status != labs.Timeout || p.Detail != worker.InitHang || p.TODO != 0 {
			t.Errorf("part %s: %s %q (TODO %d), want timeout %q blamed on no TODO", p.ID, p.Status, p.Detail, p.TODO, worker.InitHang)
		}
	}
	n, _ := os.ReadFile(starts)
	return o, updates, len(n)
}

// Learner code runs in a scratch folder: deleting everything it can see
// there (and one folder up, the temporary folder) leaves the module whole.
func TestLearnerCodeRunsOutsideTheRepository(t *testing.T) {
	f := boxFixture(t)
	keep := filepath.Join(f.root, "go.mod")
	before, err := os.ReadFile(keep)
	if err != nil {
		t.Fatal(err)
	}
	// One folder up from the scratch folder is the temporary folder: give
	// the worker one of its own, so the test deletes nothing of anyone's.
	t.Setenv("TMPDIR", t.TempDir())
	o, err := gradesOnly(t, "delete")
	if err != nil {
		t.Fatal(err)
	}
	if after, err := os.ReadFile(keep); err != nil || string(after) != string(before) {
		t.Fatalf("go.mod after the run: %v", err)
	}
	if _, err := os.Stat(filepath.Join(f.root, "mine.txt")); err == nil {
		t.Error("the learner's init wrote into the module's folder")
	}
	for _, g := range o.Grades {
		if g.Status != labs.Unfinished {
			t.Errorf("TODO %d: %s %q, want unfinished (the init deleted only scratch files)", g.TODO, g.Status, g.Detail)
		}
	}
}

// workers lists the running processes whose program is bin.
func workers(t *testing.T, bin string) []int {
	t.Helper()
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("no /proc")
	}
	var pids []int
	for _, p := range proc.List() {
		exe, err := os.Readlink(filepath.Join(p.Dir, "exe"))
		if err == nil && strings.TrimSuffix(exe, " (deleted)") == bin && p.Alive() {
			pids = append(pids, p.Pid)
		}
	}
	return pids
}

const helperEnv = "TERMLAB_TEST_HELPER_RUNNER"

// TestHelperRunner is not a test: it is the runner process that
// TestKilledRunnerLeavesNoWorker kills.
func TestHelperRunner(t *testing.T) {
	root, bin := os.Getenv(helperEnv), os.Getenv(helperEnv+"_BIN")
	if root == "" {
		t.Skip("the helper process of TestKilledRunnerLeavesNoWorker")
	}
	r := worker.Runner{Root: root, Bin: bin, GradesOnly: true}
	r.Run(context.Background(), fixtureDay)
}

// A runner killed with SIGKILL (no chance to clean up) takes its hanging
// workers with it: the parent-death signal.
func TestKilledRunnerLeavesNoWorker(t *testing.T) {
	f := boxFixture(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperRunner$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+f.root, helperEnv+"_BIN="+f.bin, fixtureEnv+"=hang", worker.LimitEnv+"=1m")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if !testrun.WaitFor(t, 20*time.Millisecond, func() bool { return len(workers(t, f.bin)) >= 2 }) {
		t.Fatal("the helper runner started no workers")
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	// The parent-death signal is at once; a loaded machine may still take
	// its time to run the dying.
	var left []int
	if !testrun.WaitFor(t, 20*time.Millisecond, func() bool { left = workers(t, f.bin); return len(left) == 0 }) {
		for _, pid := range left {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		t.Fatalf("workers %v outlived their runner", left)
	}
}

// A cancelled run (a newer save) kills its workers' whole groups at once.
func TestCancelledRunLeavesNoWorker(t *testing.T) {
	f := boxFixture(t)
	t.Setenv(fixtureEnv, "hang")
	t.Setenv(worker.LimitEnv, "1m")
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		r := worker.Runner{Root: f.root, Bin: f.bin, GradesOnly: true}
		_, err := r.Run(ctx, fixtureDay)
		done <- err
	}()
	if !testrun.WaitFor(t, 20*time.Millisecond, func() bool { return len(workers(t, f.bin)) >= 2 }) {
		t.Fatal("no workers started")
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled run returned %v, want context.Canceled", err)
	}
	if left := workers(t, f.bin); len(left) > 0 {
		t.Errorf("workers %v outlived the cancelled run", left)
	}
}

// serve's startup bound: a learner's init that never returns is reported as
// such, and its process is gone.
func TestStartServeBoundsTheLearnersInit(t *testing.T) {
	f := boxFixture(t)
	t.Setenv(fixtureEnv, "hang")
	_, err := worker.StartServe(t.Context(), f.bin, []string{"_serve", "--addr=127.0.0.1:0"}, io.Discard, io.Discard, 500*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "your package's init did not return within 500ms") {
		t.Fatalf("StartServe: %v, want the init's bound named", err)
	}
	if left := workers(t, f.bin); len(left) > 0 {
		t.Errorf("workers %v outlived a server that never started", left)
	}
}

// RunStream hands over every verdict before any part, and every part lands
// in the end, the heavy ones (Parts 4 and 6, from the full worker) too.
func TestRunStreamVerdictsFirst(t *testing.T) {
	f := boxFixture(t)
	t.Setenv(fixtureEnv, "")
	r := worker.Runner{Root: f.root, Bin: f.bin}
	var updates []labs.Outcome
	o, err := r.RunStream(t.Context(), fixtureDay, func(o labs.Outcome) { updates = append(updates, o) })
	if err != nil {
		t.Fatal(err)
	}
	if want := len(fixtureDay.TODOs) + len(fixtureDay.Parts); len(updates) != want {
		t.Fatalf("%d updates, want one per grade and part (%d)", len(updates), want)
	}
	for i, u := range updates {
		graded := !slices.ContainsFunc(u.Grades, func(g labs.Grade) bool { return g.Status == "" })
		played := slices.ContainsFunc(u.Parts, func(p labs.PartResult) bool { return p.Status != "" })
		if played && !graded {
			t.Fatalf("update %d has a part before every verdict: %+v", i, u)
		}
	}
	for _, p := range o.Parts {
		if p.Status == "" || p.Detail == labs.NotLinked {
			t.Errorf("part %s did not land: %q %q", p.ID, p.Status, p.Detail)
		}
	}
}

// A failing TODO's verdict lands before its counterexample and hint
// (the worker's early line, labs.FailFound); the grade replaces it, and
// the outcome Run returns holds only grades, the same with or without a
// stream. A line forged without the nonce shows nothing.
func TestFailingVerdictFirst(t *testing.T) {
	f := boxFixture(t)
	r := worker.Runner{Root: f.root, Bin: f.bin, GradesOnly: true}
	stream := func(t *testing.T) (early []labs.Grade, o labs.Outcome) {
		t.Helper()
		o, err := r.RunStream(t.Context(), fixtureDay, func(u labs.Outcome) {
			for _, g := range u.Grades {
				if g.Detail == worker.EarlyFailDetail {
					early = append(early, g)
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		return early, o
	}
	t.Run("a wrong TODO", func(t *testing.T) {
		t.Setenv(fixtureEnv, "wrong")
		early, o := stream(t)
		if len(early) == 0 || early[0].TODO != 1 || early[0].Status != labs.Fail {
			t.Fatalf("early verdicts %+v, want TODO 1's fail before its grade", early)
		}
		g := o.Grades[0]
		if g.Status != labs.Fail || g.Detail == worker.EarlyFailDetail || g.Counterexample == nil {
			t.Errorf("TODO 1's grade %+v, want the fail with its counterexample", g)
		}
		plain, err := r.Run(t.Context(), fixtureDay)
		if err != nil {
			t.Fatal(err)
		}
		if pg := plain.Grades[0]; !reflect.DeepEqual(pg, g) {
			t.Errorf("Run's grade %+v differs from RunStream's %+v", pg, g)
		}
	})
	t.Run("a forged early line", func(t *testing.T) {
		t.Setenv(fixtureEnv, "forgeverdict")
		early, o := stream(t)
		if len(early) > 0 {
			t.Errorf("a line without the nonce showed as verdicts: %+v", early)
		}
		for _, g := range o.Grades {
			if g.Status != labs.Unfinished {
				t.Errorf("TODO %d: %s %q, want unfinished", g.TODO, g.Status, g.Detail)
			}
		}
	})
}

// A fault outside any TODO (a panic in the file's init) is reported at its
// line, and no part blames a TODO for it.
func TestInitPanicIsTheFilesFault(t *testing.T) {
	f := boxFixture(t)
	t.Setenv(fixtureEnv, "panic")
	line := 0
	for i, l := range strings.Split(fixtureTODO, "\n") {
		if strings.Contains(l, "// initPanicLine") {
			line = i + 1
		}
	}
	where := "labs/day45/todo.go:" + strconv.Itoa(line)
	r := worker.Runner{Root: f.root, Bin: f.bin}
	o, err := r.Run(t.Context(), fixtureDay)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range o.Grades {
		if g.Where != where || !strings.Contains(g.Hint, "before the lab calls any TODO") {
			t.Errorf("TODO %d: where %q hint %q, want %s and a hint that it is not the TODO's", g.TODO, g.Where, g.Hint, where)
		}
	}
	for _, p := range o.Parts {
		w := report.Waiting(p)
		if p.TODO != 0 || regexp.MustCompile(`TODO \d`).MatchString(w) || !strings.Contains(w, "boom in init at "+where) {
			t.Errorf("part %s: TODO %d, %q: want the file's fault at %s, no TODO named", p.ID, p.TODO, w, where)
		}
	}
}

// A process the learner's init starts in a session of its own, deaf to
// TERM, HUP and INT and holding the answer pipe, neither holds up the
// grade (the pipe is read with a deadline once the worker is gone) nor
// outlives it (it wears the box's mark).
func TestEscapedProcessHoldsNothingUp(t *testing.T) {
	pids := t.TempDir()
	t.Setenv(fixtureEnv+"_PIDS", pids)
	t.Setenv(worker.LimitEnv, "1m") // a hang would show as the test's own timeout
	o, err := gradesOnly(t, "escape")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range o.Grades {
		if g.Status != labs.Unfinished {
			t.Errorf("TODO %d: %s %q, want unfinished: the stray process is not the learner's TODO", g.TODO, g.Status, g.Detail)
		}
	}
	entries, _ := os.ReadDir(pids)
	if len(entries) != len(o.Grades) {
		t.Fatalf("%d stray processes started, want one per grade (%d)", len(entries), len(o.Grades))
	}
	for _, e := range entries {
		pid, _ := strconv.Atoi(e.Name())
		if proc.Alive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d, started in its own session by the learner's init, outlived its worker", pid)
		}
	}
}

// One that also wipes its environment carries no mark, but the runner is a
// child subreaper: it is adopted by the runner as its worker exits, found
// there as a stray (a session of its own) and killed. Were it missed, the
// pipe's deadline would still keep it from holding up the grade.
func TestBareEscapedProcessHoldsNothingUp(t *testing.T) {
	pids := t.TempDir()
	t.Setenv(fixtureEnv+"_PIDS", pids)
	t.Setenv(worker.LimitEnv, "1m")
	o, err := gradesOnly(t, "escapebare")
	entries, _ := os.ReadDir(pids)
	if len(entries) == 0 {
		t.Error("the fixture started no process")
	}
	for _, e := range entries {
		pid, _ := strconv.Atoi(e.Name())
		if proc.Alive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d, in its own session without the box's mark, outlived its worker", pid)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range o.Grades {
		if g.Status != labs.Unfinished {
			t.Errorf("TODO %d: %s %q, want unfinished", g.TODO, g.Status, g.Detail)
		}
	}
}

// A confined box (grade-class's): the worker sees nothing of the staff's
// environment but the toolchain's (a token set in the grader's shell is
// gone, HOME is its own), and reaches no address, not even a listener on
// this machine's loopback; where the OS refuses the namespaces, the
// runner says so (NetworkNote) rather than pretending.
func TestConfinedBox(t *testing.T) {
	f := boxFixture(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	t.Setenv(fixtureEnv, "reach")
	t.Setenv(fixtureEnv+"_DIAL", ln.Addr().String())
	t.Setenv(fixtureEnv+"_HOME", os.Getenv("HOME"))
	t.Setenv("STAFF_TOKEN", "s3cret")
	t.Setenv("TERMLAB_REDIS", "redis://:s3cret@127.0.0.1:6379/0")
	for _, confine := range []bool{false, true} {
		r := worker.Runner{Root: f.root, Bin: f.bin, GradesOnly: true, Confine: confine}
		o, err := r.Run(t.Context(), fixtureDay)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range o.Grades {
			switch {
			case !confine && !strings.Contains(g.Detail, "staff's token"):
				t.Errorf("unconfined, TODO %d: %s %q: the fixture does not show what it reaches", g.TODO, g.Status, g.Detail)
			case confine && worker.NetworkNote() == "" && (g.Status != labs.Unfinished || !strings.Contains(g.Detail, "not done")):
				t.Errorf("confined, TODO %d: %s %q, want not done (nothing reached)", g.TODO, g.Status, g.Detail)
			case confine && worker.NetworkNote() != "" && (strings.Contains(g.Detail, "token") || strings.Contains(g.Detail, "HOME")):
				t.Errorf("confined without a network namespace, TODO %d: %q", g.TODO, g.Detail)
			}
		}
	}
	if note := worker.NetworkNote(); note != "" {
		t.Logf("this machine cannot deny the network: %s", note)
	}
}
