package worker

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"termlab/labs"
)

// The runner side of a worker that died: how its standard error is read.
// End-to-end cases with real learner files are in the root e2e_test.go.

var testDay = labs.Day{
	Number:     45,
	LearnerDir: "labs/day45",
	TODOs: []labs.TODO{
		{Number: 1, Func: "TakeToken"}, {Number: 2, Func: "WindowID"},
		{Number: 3, Func: "Expired"}, {Number: 4, Func: "NextEmit"},
	},
	Parts: []labs.Part{{ID: "1", Uses: []int{1}}, {ID: "2", Uses: []int{2, 3}}, {ID: "3", Uses: []int{1, 4}}},
}

// A stack overflow as Go 1.26 prints it (abridged): the learner's prints
// first, then the runtime's words, then the frames, innermost first.
const overflowStderr = `debug: helper
debug: helper
runtime: goroutine stack exceeds 16777216-byte limit
runtime: sp=0x23c4242e0398 stack=[0x23c4242e0000, 0x23c4282e0000]
fatal error: stack overflow

runtime stack:
runtime.throw({0x634709?, 0x23c420165001?})
	/usr/local/go/src/runtime/panic.go:1229 +0x48 fp=0x7f8d3959dd20 sp=0x7f8d3959dcf0 pc=0x483128
runtime.newstack()
	/usr/local/go/src/runtime/stack.go:1207 +0x5fd fp=0x7f8d3959de50 sp=0x7f8d3959dd20 pc=0x46959d

goroutine 24 gp=0x23c4202030e0 m=3 mp=0x23c4201a1008 [running]:
fmt.Fprintln({0x64a718, 0x23c420208028}, {0x23c4242e05a8, 0x1, 0x1})
	/usr/local/go/src/fmt/print.go:305 +0x49 fp=0x23c4242e0580 sp=0x23c4242e0530 pc=0x4e4929
termlab/labs/day45.helper(0x3b9aca00, 0x3b9aca00, 0xdf8475800)
	/home/ada/lab/labs/day45/todo.go:26 +0x55 fp=0x23c4242e05c8 sp=0x23c4242e0580 pc=0x5a8875
termlab/labs/day45.helper(0x3b9aca00, 0x3b9aca00, 0xdf8475800)
	/home/ada/lab/labs/day45/todo.go:27 +0x69 fp=0x23c4242e0610 sp=0x23c4242e05c8 pc=0x5a8889
...additional frames elided...
termlab/labs/day45.Expired(0x0?, 0x0?, 0x0?)
	/home/ada/lab/labs/day45/todo.go:22 +0x13 fp=0x23c4282dfc38 sp=0x23c4282dfc10 pc=0x5a87f3
termlab/labs/day45/course.gradeTODO.func1.Funcs.checked.3(0x3b9aca00, 0x3b9aca00, 0xdf8475800)
	/home/ada/lab/labs/day45/course/funcs.go:68 +0x55 fp=0x23c4282dfc78 sp=0x23c4282dfc38 pc=0x5ab875
termlab/labs.Guard.func1()
	/home/ada/lab/labs/guard.go:84 +0x65 fp=0x23c4282dffe0 sp=0x23c4282dff98 pc=0x4f7b25
created by termlab/labs.Guard in goroutine 1
	/home/ada/lab/labs/guard.go:71 +0x11a
`

// A panic in a goroutine the learner started: no recover reaches it.
const goroutinePanicStderr = `panic: assignment to entry in nil map

goroutine 7 [running]:
termlab/labs/day45.TakeToken.func1()
	/home/ada/lab/labs/day45/todo.go:13 +0x2e
created by termlab/labs/day45.TakeToken in goroutine 6
	/home/ada/lab/labs/day45/todo.go:11 +0x6f
`

func exitError(t *testing.T, code string) error {
	t.Helper()
	err := exec.Command("sh", "-c", "exit "+code).Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("sh -c 'exit %s' gave %v, want an exit error", code, err)
	}
	return err
}

func TestDeathFaultStackOverflow(t *testing.T) {
	f := deathFault(exitError(t, "2"), overflowStderr, testDay)
	if f.Status != labs.Crash || !strings.Contains(f.Detail, "ran out of stack") {
		t.Errorf("status %q detail %q, want a crash that says it ran out of stack", f.Status, f.Detail)
	}
	if f.Where != "labs/day45/todo.go:26" {
		t.Errorf("Where = %q, want the innermost learner frame labs/day45/todo.go:26", f.Where)
	}
	if f.TODO != 3 {
		t.Errorf("TODO = %d, want 3: the helper was called from Expired, further up the stack", f.TODO)
	}
}

func TestDeathFaultGoroutinePanic(t *testing.T) {
	f := deathFault(exitError(t, "2"), goroutinePanicStderr, testDay)
	if f.Detail != "the worker died: panic: assignment to entry in nil map" {
		t.Errorf("Detail = %q", f.Detail)
	}
	if f.Where != "labs/day45/todo.go:13" || f.TODO != 1 {
		t.Errorf("Where %q TODO %d, want labs/day45/todo.go:13 in TODO 1 (TakeToken.func1)", f.Where, f.TODO)
	}
}

// What the learner printed before dying is not why it died.
func TestDeathFaultIgnoresLearnerPrints(t *testing.T) {
	f := deathFault(exitError(t, "1"), "tokens 3\ntokens 2\n2026/11/30 07:00:00 giving up\n", testDay)
	if strings.Contains(f.Detail, "tokens 3") || !strings.Contains(f.Detail, "os.Exit or log.Fatal") || !strings.Contains(f.Detail, "exit status 1") {
		t.Errorf("Detail = %q, want the exit status and a question about os.Exit / log.Fatal, not the learner's first print", f.Detail)
	}
	f = deathFault(nil, "", testDay)
	if !strings.Contains(f.Detail, "os.Exit") {
		t.Errorf("an exit 0 without an answer: Detail = %q, want it to ask about os.Exit", f.Detail)
	}
	if f.Where != "" || f.TODO != 0 {
		t.Errorf("no stack, yet Where %q TODO %d", f.Where, f.TODO)
	}
}

// The worker's own failure to answer is not blamed on os.Exit.
func TestDeathFaultWorkerCannotAnswer(t *testing.T) {
	stderr := "tokens 3\nthe worker cannot answer: open /tmp/x.json: no space left on device\n"
	f := deathFault(exitError(t, "1"), stderr, testDay)
	if f.Detail != "the worker died: the worker cannot answer: open /tmp/x.json: no space left on device" {
		t.Errorf("Detail = %q", f.Detail)
	}
	day := testDay
	day.GradeTODO = func(labs.Impl, int) labs.Grade { return labs.Grade{TODO: 1, Status: labs.Pass} }
	// An answer pipe whose reader is gone.
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	pr.Close()
	defer pw.Close()
	err = Serve(day, "grade", "1", labs.Learner, "nonce", pw)
	if err == nil || !strings.HasPrefix(err.Error(), workerMark+" cannot answer: ") {
		t.Errorf("Serve into a closed pipe: %v", err)
	}
}

// Frames of the day's own packages (course/) are not the learner's.
func TestDeathFaultSkipsSubpackages(t *testing.T) {
	stderr := "fatal error: concurrent map writes\n\ngoroutine 5 [running]:\ntermlab/labs/day45/course.burstPiece(...)\n\t/x/labs/day45/course/report.go:140 +0x1\n"
	f := deathFault(exitError(t, "2"), stderr, testDay)
	if f.Where != "" || f.TODO != 0 {
		t.Errorf("Where %q TODO %d, want neither from a course/ frame", f.Where, f.TODO)
	}
	if f.Detail != "the worker died: fatal error: concurrent map writes" {
		t.Errorf("Detail = %q", f.Detail)
	}
}

func TestPrintableDropsControlCharacters(t *testing.T) {
	got := printable("a\x1b[2Jb\r\nc\td\x07")
	if got != "a\uFFFD[2Jb\uFFFD\nc\td\uFFFD" {
		t.Errorf("printable = %q", got)
	}
	f := deathFault(exitError(t, "2"), "panic: \x1b]0;pwned\x07\n", testDay)
	if strings.ContainsAny(f.Detail, "\x1b\x07") {
		t.Errorf("Detail %q still holds control characters", f.Detail)
	}
}

func TestTailKeepsTheEnd(t *testing.T) {
	w := &tail{max: 10}
	for range 1000 {
		w.Write([]byte("learner print\n"))
	}
	w.Write([]byte("fatal!"))
	if got := w.String(); len(got) != 10 || !strings.HasSuffix(got, "fatal!") {
		t.Errorf("kept %q, want the last 10 bytes", got)
	}
}

func TestFiniteMakesPartsEncodable(t *testing.T) {
	r := labs.PartResult{ID: "3", Status: labs.OK, Span: math.NaN(),
		Metrics: []labs.Metric{
			{Name: "leaky_emitted", Label: "leaky emitted", Value: 40},
			{Name: "leaky_output_rate", Label: "leaky bucket output rate", Value: math.Inf(1)},
		},
		Figures: []labs.Figure{{Series: []labs.Series{{X: []float64{0, 1, 2}, Y: []float64{1, math.NaN(), 3}}},
			Marks: []labs.Mark{{X: math.Inf(-1)}, {X: 1}}}},
	}
	finite(&r)
	if _, err := json.Marshal(r); err != nil {
		t.Fatalf("still not encodable: %v", err)
	}
	if r.Status != labs.Fail || r.TODO != 0 || !strings.Contains(r.Detail, "leaky bucket output rate came out as +Inf") {
		t.Errorf("status %q TODO %d detail %q, want a fail naming the figure, TODO left to blame", r.Status, r.TODO, r.Detail)
	}
	if len(r.Metrics) != 1 || r.Metrics[0].Name != "leaky_emitted" {
		t.Errorf("metrics %v, want only the finite one", r.Metrics)
	}
	s := r.Figures[0].Series[0]
	if len(s.X) != 2 || len(s.Y) != 2 || s.Y[1] != 3 || len(r.Figures[0].Marks) != 1 || r.Span != 0 {
		t.Errorf("figure %+v span %v, want the non-finite points dropped", r.Figures[0], r.Span)
	}

	// A part that already stopped keeps its own reason.
	r = labs.PartResult{Status: labs.Crash, TODO: 4, Detail: "panicked", Metrics: []labs.Metric{{Value: math.NaN()}}}
	finite(&r)
	if r.Status != labs.Crash || r.TODO != 4 || r.Detail != "panicked" || len(r.Metrics) != 0 {
		t.Errorf("got %+v", r)
	}
}

func TestBlame(t *testing.T) {
	grades := []labs.Grade{{TODO: 1, Status: labs.Pass}, {TODO: 2, Status: labs.Pass}, {TODO: 3, Status: labs.Crash}, {TODO: 4, Status: labs.Fail}}
	for _, c := range []struct {
		part labs.Part
		want int
	}{
		{testDay.Parts[0], 1}, // every TODO it uses passes: its first
		{testDay.Parts[1], 3},
		{testDay.Parts[2], 4},
		{labs.Part{ID: "x"}, 0},
	} {
		if got := c.part.Blame(labs.Unfinished, grades); got != c.want {
			t.Errorf("Blame(part %s) = %d, want %d", c.part.ID, got, c.want)
		}
	}
}

func TestLimitEnv(t *testing.T) {
	for _, c := range []struct {
		env  string
		want time.Duration
	}{
		{"", processLimit}, {"3s", 3 * time.Second}, {"250ms", 250 * time.Millisecond},
		{"soon", processLimit}, {"-1s", processLimit}, {"0", processLimit},
	} {
		t.Setenv(LimitEnv, c.env)
		if got := limit(); got != c.want {
			t.Errorf("%s=%q: limit() = %v, want %v", LimitEnv, c.env, got, c.want)
		}
	}
}

func TestParseLocations(t *testing.T) {
	out := "# termlab/labs/day45\nlabs/day45/todo.go:18:9: cannot use now / window\n./labs/day45/todo.go:30: missing return\n/abs/root/labs/day45/x.go:3:1: syntax error\n"
	locs := ParseLocations(out, "/abs/root")
	want := []Location{
		{File: "labs/day45/todo.go", Line: 18, Col: 9, Msg: "cannot use now / window"},
		{File: "labs/day45/todo.go", Line: 30, Msg: "missing return"},
		{File: "labs/day45/x.go", Line: 3, Col: 1, Msg: "syntax error"},
	}
	if len(locs) != len(want) {
		t.Fatalf("got %v", locs)
	}
	for i := range want {
		if locs[i] != want[i] {
			t.Errorf("location %d = %+v, want %+v", i, locs[i], want[i])
		}
	}
	e := &BuildError{Output: out, Locations: locs}
	if !strings.Contains(e.Error(), "labs/day45/todo.go:18:9: cannot use now / window") {
		t.Errorf("BuildError says %q", e.Error())
	}
}

func FuzzDeathFault(f *testing.F) {
	f.Add(overflowStderr)
	f.Add(goroutinePanicStderr)
	f.Add("")
	f.Fuzz(func(t *testing.T, stderr string) {
		fault := deathFault(nil, stderr, testDay)
		if fault.Status != labs.Crash || fault.Detail == "" {
			t.Fatalf("got %+v", fault)
		}
		if fault.TODO < 0 || fault.TODO > len(testDay.TODOs) {
			t.Fatalf("TODO %d", fault.TODO)
		}
		if strings.ContainsAny(fault.Detail, "\x1b\r\x07") {
			t.Fatalf("control characters in %q", fault.Detail)
		}
	})
}

func TestBuildErrorHint(t *testing.T) {
	day := testDay
	day.Shipped = map[string]string{"todo.go": "package day45\n", "notdone.go": "package day45\n"}
	own := []Location{{File: "labs/day45/todo.go", Line: 3, Msg: "syntax error"}}
	undefined := []Location{{File: "labs/day45/todo.go", Line: 20, Msg: "undefined: notDone"}}
	elsewhere := []Location{{File: "runner/worker/cmd/termlab-worker/link.go", Line: 21, Msg: "undefined: learner45.TakeToken"}}
	signature := "TakeToken, WindowID, Expired, NextEmit in labs/day45 by the names and signatures of the shipped stubs"
	for _, tt := range []struct {
		name  string
		files []string // in labs/day45
		locs  []Location
		want  string // "" for no hint; else a part of it
	}{
		// The compiler points at the learner's line: its words are enough.
		{"an error in the learner's file", []string{"todo.go", "notdone.go"}, own, ""},
		{"the learner's file is gone", []string{"notdone.go"}, elsewhere, "labs/day45/todo.go is missing: go run . reset 45 puts the shipped file back."},
		// The compiler blames the stubs, but the cause is the lab's file.
		{"the lab's notdone.go is gone", []string{"todo.go"}, undefined, "labs/day45/notdone.go is missing: go run . reset 45 puts the shipped file back."},
		{"a TODO's signature is not what the lab calls", []string{"todo.go", "notdone.go"}, elsewhere, signature},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			for _, f := range tt.files {
				path := filepath.Join(root, "labs", "day45", f)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte("package day45\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			be := &BuildError{Locations: tt.locs}
			be.Hint = be.hint(root, day)
			if (tt.want == "") != (be.Hint == "") || !strings.Contains(be.Hint, tt.want) {
				t.Errorf("hint %q, want %q", be.Hint, tt.want)
			}
			if msg := be.Error(); !strings.HasPrefix(msg, "your code does not compile:\n  "+tt.locs[0].String()) || (be.Hint != "" && !strings.HasSuffix(msg, "\n"+be.Hint)) {
				t.Errorf("Error() = %q", msg)
			}
		})
	}
}
