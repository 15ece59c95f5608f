// Package worker runs the learner's code out of process.
//
// The runner itself is built without the learner's package, so it starts and
// draws even while that package does not compile. To run or grade the
// learner's code it builds a worker binary (WorkerMain: the days and the
// learner's packages, without the screens) and runs one process per part and
// per TODO. Whatever learner code does
// there (panic, loop forever, exhaust the stack, call os.Exit, print to
// stdout) it cannot take the runner down, and it is blamed on the part or
// TODO that was running.
//
// One worker process is stopped after 15 s; the environment variable
// TERMLAB_WORKER_LIMIT (LimitEnv) sets another bound, such as 300ms, so that
// tests of a worker that never answers stay quick.
package worker

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"termlab/labs"
)

// Command is the hidden subcommand the worker binary answers.
const Command = "_worker"

// processLimit bounds one worker process. Guarded learner calls give up
// after a couple of seconds inside the worker; this catches what a guard
// cannot (a process that will not die, learner code that loops forever
// before any guard runs, in an init function or a package variable).
// LimitEnv overrides it.
const processLimit = 15 * time.Second

// LimitEnv names an environment variable that overrides processLimit with a
// Go duration ("3s", "500ms"). Tests and CI set it so that a worker that
// never answers costs seconds rather than processLimit per process; an
// empty, unparsable or non-positive value is ignored.
const LimitEnv = "TERMLAB_WORKER_LIMIT"

// maxStack bounds the worker's goroutine stacks (Go's default is 1 GB).
// Endless recursion then dies as a stack overflow in a fraction of a second,
// reported as a crash with the learner's line, instead of spending seconds
// and a gigabyte per process growing a stack until a guard times it out
// (and on a busy machine, even 64 MB took long enough to be reported as a
// timeout). 16 MB is still a few hundred thousand frames.
const maxStack = 16 << 20

// stderrKeep is how much of a worker's standard error is kept: the end of
// it, where the runtime writes why a process died. A learner's debug prints
// in a loop cannot fill the runner's memory.
const stderrKeep = 256 << 10

func limit() time.Duration {
	if d, err := time.ParseDuration(os.Getenv(LimitEnv)); err == nil && d > 0 {
		return d
	}
	return processLimit
}

// Location is a file:line:col the compiler or a crash pointed at.
type Location struct {
	File string `json:"file"` // relative to the module root
	Line int    `json:"line"`
	Col  int    `json:"col,omitempty"`
	Msg  string `json:"msg"`
}

func (l Location) String() string {
	if l.Col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", l.File, l.Line, l.Col, l.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", l.File, l.Line, l.Msg)
}

// BuildError is a failed build: the compiler's message, with positions.
type BuildError struct {
	Output    string
	Locations []Location
	// Hint is what to do when the compiler points outside the learner's
	// files (Run sets it): a missing file, or a TODO whose name or
	// signature no longer matches what the lab calls.
	Hint string
}

func (e *BuildError) Error() string {
	var b strings.Builder
	if len(e.Locations) == 0 {
		b.WriteString("the lab does not build:\n" + strings.TrimSpace(e.Output))
	} else {
		b.WriteString("your code does not compile:")
		for _, l := range e.Locations {
			b.WriteString("\n  " + l.String())
		}
	}
	if e.Hint != "" {
		b.WriteString("\n" + e.Hint)
	}
	return b.String()
}

// hint explains a build error that points at none of the learner's files.
func (e *BuildError) hint(root string, day labs.Day) string {
	dir := strings.Trim(day.LearnerDir, "/") + "/"
	// A missing file first: without the lab's notdone.go the compiler
	// points at the learner's stubs ("undefined: notDone"), not at the cause.
	names := make([]string, 0, len(day.Shipped))
	for name := range day.Shipped {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dir), name)); errors.Is(err, fs.ErrNotExist) {
			return fmt.Sprintf("%s%s is missing: go run . reset %d puts the shipped file back.", dir, name, day.Number)
		}
	}
	for _, l := range e.Locations {
		if strings.HasPrefix(l.File, dir) {
			return "" // the compiler's own words point at the learner's line
		}
	}
	if len(e.Locations) == 0 {
		return "" // the go command's own words, shown whole, say more
	}
	funcs := make([]string, 0, len(day.TODOs))
	for _, t := range day.TODOs {
		funcs = append(funcs, t.Func)
	}
	return fmt.Sprintf("The lab calls %s in %s by the names and signatures of the shipped stubs: compare yours with them (go run . reset %d TODO n puts one back, keeping your version aside).",
		strings.Join(funcs, ", "), strings.TrimSuffix(dir, "/"), day.Number)
}

// Runner builds and runs workers for the module at Root.
type Runner struct {
	Root string // the module root (where go.mod is)
	// Bin is where the worker binary goes; empty means the user's cache dir.
	Bin string
	// Go is the go command; empty means "go" from PATH.
	Go string
	// GradesOnly skips the parts: the outcome has grades and no parts.
	GradesOnly bool
}

// WorkerMain is the worker program: the days, the learner's code, Serve and
// Day 45's HTTP door, without the screens or the command line. It is the one
// program that imports the learner's packages, so a save recompiles only
// the learner's package and this main before the link (see
// labs/BENCHMARKS.md), and it builds while the screens do not.
const WorkerMain = "./labs/worker/cmd/termlab-worker"

// BuildTag is the build tag of the learner's files (labs/dayNN/todo.go
// starts with //go:build termlab) and of the worker's file that links them.
// Only the worker's build sets it, so `go test ./...` and `go vet ./...`
// leave the learner's code out and pass whatever state it is in:
// untouched, half done, finished or not compiling. The lab grades that
// code; the test suite tests the lab.
const BuildTag = "termlab"

// FindRoot walks up from dir to the folder whose go.mod declares module.
func FindRoot(dir, module string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil && modulePath(data) == module {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("cannot find the lab's folder (a go.mod for module %s) from %s: run this from inside the lab's folder", module, dir)
		}
	}
}

func modulePath(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`)
		}
	}
	return ""
}

func (r *Runner) binPath() (string, error) {
	if r.Bin != "" {
		return r.Bin, nil
	}
	return CachedBin(r.Root, "worker")
}

// CachedBin is where a program built from the module at root is kept, by
// name, in the user's cache folder: one folder per module root, so two
// copies of the lab never overwrite each other's programs.
func CachedBin(root, name string) (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	sum := sha256.Sum256([]byte(root))
	dir := filepath.Join(cache, "termlab", hex.EncodeToString(sum[:6]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return filepath.Join(dir, name), nil
}

// Build compiles the worker. The go build cache makes a rebuild after a
// one-file edit cost little more than a link. A compile error comes back as
// a *BuildError.
func (r *Runner) Build(ctx context.Context) (string, error) {
	bin, err := r.binPath()
	if err != nil {
		return "", err
	}
	goCmd := r.Go
	if goCmd == "" {
		goCmd = "go"
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	// -s -w: no symbol table or DWARF, which halves the link that every save
	// pays for. Tracebacks and runtime.Callers keep their file:line (they
	// read the pclntab, which stays); only a debugger would miss them.
	cmd := exec.CommandContext(ctx, goCmd, "build", "-tags="+BuildTag, "-ldflags=-s -w", "-o", bin, WorkerMain)
	cmd.Dir = r.Root
	out, err := cmd.CombinedOutput()
	if err != nil {
		if errors.Is(ctx.Err(), context.Canceled) {
			return "", ctx.Err()
		}
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			return "", fmt.Errorf("cannot run %q to build the lab: %w", goCmd, err)
		}
		return "", &BuildError{Output: string(out), Locations: ParseLocations(string(out), r.Root)}
	}
	return bin, nil
}

var locRe = regexp.MustCompile(`(?m)^(\S+\.go):(\d+)(?::(\d+))?: (.*)$`)

// ParseLocations picks file:line[:col]: message lines out of compiler output,
// with file paths made relative to root.
func ParseLocations(out, root string) []Location {
	var locs []Location
	for _, m := range locRe.FindAllStringSubmatch(out, -1) {
		file := filepath.ToSlash(filepath.Clean(strings.TrimPrefix(m[1], "./")))
		if filepath.IsAbs(m[1]) {
			if rel, err := filepath.Rel(root, m[1]); err == nil {
				file = filepath.ToSlash(rel)
			}
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		locs = append(locs, Location{File: file, Line: line, Col: col, Msg: m[4]})
	}
	return locs
}

// Task is one unit of work for a worker process.
type Task struct {
	Kind string // "part" or "grade"
	ID   string // part ID, or TODO number
}

// Run builds the worker and runs every part and grades every TODO of day,
// one process each, two at a time. A compile error returns a *BuildError and
// no outcome.
func (r *Runner) Run(ctx context.Context, day labs.Day) (labs.Outcome, error) {
	bin, err := r.Build(ctx)
	if err != nil {
		var be *BuildError
		if errors.As(err, &be) {
			be.Hint = be.hint(r.Root, day)
		}
		return labs.Outcome{}, err
	}
	o := r.RunBuilt(ctx, bin, day)
	if err := ctx.Err(); err != nil {
		// Stopped from outside (Ctrl-C, a newer save): the processes it
		// killed are not the learner's timeouts, so there is no outcome.
		return labs.Outcome{}, err
	}
	return o, nil
}

// RunBuilt runs day's tasks on an already built worker.
func (r *Runner) RunBuilt(ctx context.Context, bin string, day labs.Day) labs.Outcome {
	parts := day.Parts
	if r.GradesOnly {
		parts = nil
	}
	out := labs.Outcome{Day: day.Number, Impl: labs.Learner,
		Parts: make([]labs.PartResult, len(parts)), Grades: make([]labs.Grade, len(day.TODOs))}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			out.Parts[i] = r.part(ctx, bin, day, p)
		}()
	}
	for i, t := range day.TODOs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			out.Grades[i] = r.grade(ctx, bin, day, t)
		}()
	}
	wg.Wait()
	for i, p := range parts {
		if out.Parts[i].Status != labs.OK && out.Parts[i].TODO == 0 {
			out.Parts[i].TODO = blame(p, out.Grades)
		}
	}
	return out
}

// blame picks the TODO a part's fault belongs to when the part itself could
// not tell (its process died, or it produced a figure that is not a number):
// the first TODO the part uses that does not pass its grade.
func blame(p labs.Part, grades []labs.Grade) int {
	for _, n := range p.Uses {
		for _, g := range grades {
			if g.TODO == n && g.Status != labs.Pass {
				return n
			}
		}
	}
	if len(p.Uses) > 0 {
		return p.Uses[0]
	}
	return 0
}

func (r *Runner) part(ctx context.Context, bin string, day labs.Day, p labs.Part) labs.PartResult {
	var res labs.PartResult
	fault := r.exec(ctx, bin, day, Task{"part", p.ID}, &res)
	if fault != nil {
		// TODO stays 0 when the stack did not say: RunBuilt blames one
		// from the grades.
		res = labs.PartResult{ID: p.ID, Title: p.Title, Status: fault.Status, TODO: fault.TODO, Detail: fault.Detail, Where: fault.Where}
	}
	return res
}

func (r *Runner) grade(ctx context.Context, bin string, day labs.Day, t labs.TODO) labs.Grade {
	var g labs.Grade
	if fault := r.exec(ctx, bin, day, Task{"grade", strconv.Itoa(t.Number)}, &g); fault != nil {
		g = labs.Grade{TODO: t.Number, Func: t.Func, Status: fault.Status, Detail: fault.Detail, Where: fault.Where}
	}
	return g
}

// exec runs one task and decodes its answer into v. When the process dies
// without answering, the returned Fault says how.
func (r *Runner) exec(ctx context.Context, bin string, day labs.Day, t Task, v any) *labs.Fault {
	bound := limit()
	ctx, cancel := context.WithTimeout(ctx, bound)
	defer cancel()
	answer, err := os.CreateTemp("", "termlab-answer-*.json")
	if err != nil {
		return &labs.Fault{Status: labs.Crash, Detail: "cannot create a temporary file: " + err.Error()}
	}
	defer os.Remove(answer.Name())
	answer.Close()

	cmd := exec.CommandContext(ctx, bin, Command, strconv.Itoa(day.Number), t.Kind, t.ID, answer.Name())
	cmd.Dir = r.Root
	stderr := &tail{max: stderrKeep}
	cmd.Stdout = nil // the learner's prints go nowhere; the answer has its own file
	cmd.Stderr = stderr
	cmd.WaitDelay = time.Second
	runErr := cmd.Run()
	data, _ := os.ReadFile(answer.Name())
	if len(data) > 0 && json.Unmarshal(data, v) == nil {
		return nil
	}
	if ctx.Err() != nil {
		return &labs.Fault{Status: labs.Timeout, Detail: fmt.Sprintf("the worker did not finish within %v and was stopped", bound)}
	}
	return deathFault(runErr, stderr.String(), day)
}

// tail is an io.Writer that keeps only the last max bytes written to it.
type tail struct {
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tail) String() string { return string(t.buf) }

// frameRe matches one frame of a Go traceback: the function line, then its
// file:line.
var frameRe = regexp.MustCompile(`(?m)^(\S+)\(.*\)\n\s+(\S+\.go):(\d+)`)

// deathFault explains a worker that exited without an answer: typically a
// fatal runtime error no recover can catch (stack overflow from endless
// recursion, out of memory, concurrent map writes), a panic in a goroutine
// the learner started, or os.Exit / log.Fatal in learner code. The learner's
// innermost frame gives Where, and the first of the day's TODO functions on
// the stack gives TODO (0 when none is).
func deathFault(runErr error, stderr string, day labs.Day) *labs.Fault {
	f := &labs.Fault{Status: labs.Crash}
	// The runtime's own words, not whatever the learner printed before.
	cause := ""
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(line, "fatal error: ") || strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, workerMark+" cannot answer: ") {
			cause = strings.TrimSpace(line)
			break
		}
	}
	switch {
	case strings.Contains(stderr, "stack overflow") || strings.Contains(stderr, "stack exceeds"):
		f.Detail = "ran out of stack: a function that calls itself without end?"
	case strings.Contains(stderr, "out of memory"):
		f.Detail = "ran out of memory: a slice or map that grows without end?"
	case cause != "":
		f.Detail = "the worker died: " + printable(cause)
	case runErr != nil:
		f.Detail = "the worker exited without an answer (" + runErr.Error() + "): does your code call os.Exit or log.Fatal?"
	default:
		f.Detail = "the worker exited without an answer: does your code call os.Exit?"
	}
	dir := strings.Trim(day.LearnerDir, "/")
	marker := "/" + dir + "/"
	pkg := "/" + dir + "." // the learner's functions: termlab/labs/day45.Name
	for _, m := range frameRe.FindAllStringSubmatch(stderr, -1) {
		if i := strings.LastIndex(m[2], marker); f.Where == "" && i >= 0 && !strings.Contains(m[2][i+len(marker):], "/") {
			f.Where = m[2][i+1:] + ":" + m[3]
		}
		if i := strings.LastIndex(m[1], pkg); f.TODO == 0 && i >= 0 {
			name, _, _ := strings.Cut(m[1][i+len(pkg):], ".")
			for _, t := range day.TODOs {
				if t.Func == name {
					f.TODO = t.Number
				}
			}
		}
	}
	return f
}

// printable replaces control characters (other than newline and tab) so
// that text from learner code cannot drive the learner's terminal.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) {
			return r
		}
		return '\uFFFD'
	}, s)
}

// finite makes a part's result fit for JSON, which has no NaN or ±Inf. A
// metric that is not a finite number is dropped and fails the part, naming
// the figure; such points are dropped from figures. TODO is left for the
// runner to blame (see RunBuilt).
func finite(r *labs.PartResult) {
	ok := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	var bad []string
	kept := r.Metrics[:0]
	for _, m := range r.Metrics {
		if ok(m.Value) {
			kept = append(kept, m)
		} else {
			bad = append(bad, fmt.Sprintf("%s came out as %v", m.Label, m.Value))
		}
	}
	r.Metrics = kept
	for i := range r.Figures {
		fig := &r.Figures[i]
		marks := fig.Marks[:0]
		for _, m := range fig.Marks {
			if ok(m.X) {
				marks = append(marks, m)
			}
		}
		fig.Marks = marks
		for j := range fig.Series {
			s := &fig.Series[j]
			var x, y []float64
			for k := range min(len(s.X), len(s.Y)) {
				if ok(s.X[k]) && ok(s.Y[k]) {
					x, y = append(x, s.X[k]), append(y, s.Y[k])
				}
			}
			s.X, s.Y = x, y
		}
	}
	if !ok(r.Span) {
		r.Span = 0
	}
	if len(bad) > 0 && r.Status == labs.OK {
		r.Status, r.TODO = labs.Fail, 0
		r.Detail = strings.Join(bad, "; ") + ", which no run can measure"
	}
}

// Serve is the worker side: it answers one task for day by writing JSON to
// the answer file. It runs inside the worker binary only.
func Serve(day labs.Day, kind, id, answerPath string) error {
	debug.SetMaxStack(maxStack)
	var v any
	switch kind {
	case "part":
		r := day.RunPart(labs.Learner, id)
		finite(&r)
		r.Detail = printable(r.Detail)
		v = r
	case "grade":
		n, err := strconv.Atoi(id)
		if err != nil {
			return fmt.Errorf("bad TODO number %q", id)
		}
		g := day.GradeTODO(labs.Learner, n)
		g.Detail = printable(g.Detail)
		v = g
	default:
		return fmt.Errorf("unknown task %q", kind)
	}
	data, err := json.Marshal(v)
	if err == nil {
		err = os.WriteFile(answerPath, data, 0o644)
	}
	if err != nil {
		// Marked, so the runner tells the worker's own failure from learner
		// code's prints (see deathFault).
		return fmt.Errorf("%s cannot answer: %w", workerMark, err)
	}
	return nil
}

// workerMark starts the message of a worker that could not write its answer.
const workerMark = "the worker"
