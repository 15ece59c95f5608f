// Package worker runs the learner's code out of process.
//
// The runner itself is built without the learner's package, so it starts and
// draws even while that package does not compile. To run or grade the
// learner's code it builds a worker binary (the same program, built with the
// labworker tag, which links the learner's package in) and runs one process
// per part and per TODO. Whatever learner code does there (panic, loop
// forever, exhaust the stack, call os.Exit, print to stdout) it cannot take
// the runner down, and it is blamed on the part or TODO that was running.
package worker

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"termlab/labs"
)

// Tag is the build tag that links learner code into the worker build.
const Tag = "labworker"

// Command is the hidden subcommand the worker binary answers.
const Command = "_worker"

// processLimit bounds one worker process. Guarded learner calls give up
// after a couple of seconds inside the worker; this catches what a guard
// cannot (a process that will not die, a build that hangs the machine).
const processLimit = 15 * time.Second

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
}

func (e *BuildError) Error() string {
	if len(e.Locations) == 0 {
		return "the lab does not build:\n" + strings.TrimSpace(e.Output)
	}
	var b strings.Builder
	b.WriteString("your code does not compile:")
	for _, l := range e.Locations {
		b.WriteString("\n  " + l.String())
	}
	return b.String()
}

// Runner builds and runs workers for the module at Root.
type Runner struct {
	Root string // the module root (where go.mod is)
	// Bin is where the worker binary goes; empty means the user's cache dir.
	Bin string
	// Go is the go command; empty means "go" from PATH.
	Go string
}

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
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	sum := sha256.Sum256([]byte(r.Root))
	dir := filepath.Join(cache, "termlab", hex.EncodeToString(sum[:6]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return filepath.Join(dir, "worker"), nil
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
	cmd := exec.CommandContext(ctx, goCmd, "build", "-tags", Tag, "-o", bin, ".")
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
		return labs.Outcome{}, err
	}
	return r.RunBuilt(ctx, bin, day), nil
}

// RunBuilt runs day's tasks on an already built worker.
func (r *Runner) RunBuilt(ctx context.Context, bin string, day labs.Day) labs.Outcome {
	out := labs.Outcome{Day: day.Number, Impl: labs.Learner,
		Parts: make([]labs.PartResult, len(day.Parts)), Grades: make([]labs.Grade, len(day.TODOs))}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, p := range day.Parts {
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
	return out
}

func (r *Runner) part(ctx context.Context, bin string, day labs.Day, p labs.Part) labs.PartResult {
	var res labs.PartResult
	fault := r.exec(ctx, bin, day, Task{"part", p.ID}, &res)
	if fault != nil {
		res = labs.PartResult{ID: p.ID, Title: p.Title, Status: fault.Status, Detail: fault.Detail, Where: fault.Where}
		if len(p.Uses) > 0 {
			res.TODO = p.Uses[0]
		}
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
	ctx, cancel := context.WithTimeout(ctx, processLimit)
	defer cancel()
	answer, err := os.CreateTemp("", "termlab-answer-*.json")
	if err != nil {
		return &labs.Fault{Status: labs.Crash, Detail: "cannot create a temporary file: " + err.Error()}
	}
	defer os.Remove(answer.Name())
	answer.Close()

	cmd := exec.CommandContext(ctx, bin, Command, strconv.Itoa(day.Number), t.Kind, t.ID, answer.Name())
	cmd.Dir = r.Root
	var stderr bytes.Buffer
	cmd.Stdout = nil // the learner's prints go nowhere; the answer has its own file
	cmd.Stderr = &stderr
	cmd.WaitDelay = time.Second
	runErr := cmd.Run()
	data, _ := os.ReadFile(answer.Name())
	if len(data) > 0 && json.Unmarshal(data, v) == nil {
		return nil
	}
	if ctx.Err() != nil {
		return &labs.Fault{Status: labs.Timeout, Detail: fmt.Sprintf("the worker did not finish within %v and was stopped", processLimit)}
	}
	return deathFault(runErr, stderr.String(), day.LearnerDir)
}

var frameRe = regexp.MustCompile(`(?m)^\s+(\S+\.go):(\d+)`)

// deathFault explains a worker that exited without an answer: typically a
// fatal runtime error no recover can catch (stack overflow from endless
// recursion, out of memory, concurrent map writes) or os.Exit in learner code.
func deathFault(runErr error, stderr, learnerDir string) *labs.Fault {
	f := &labs.Fault{Status: labs.Crash}
	first := ""
	for _, line := range strings.Split(stderr, "\n") {
		if strings.TrimSpace(line) != "" {
			first = strings.TrimSpace(line)
			break
		}
	}
	switch {
	case strings.Contains(stderr, "stack overflow") || strings.Contains(stderr, "stack exceeds"):
		f.Detail = "ran out of stack: a function that calls itself without end?"
	case strings.Contains(stderr, "out of memory"):
		f.Detail = "ran out of memory: a slice or map that grows without end?"
	case first != "":
		f.Detail = "the worker died: " + first
	case runErr != nil:
		f.Detail = "the worker exited without an answer (" + runErr.Error() + "): does your code call os.Exit?"
	default:
		f.Detail = "the worker exited without an answer"
	}
	marker := "/" + strings.Trim(learnerDir, "/") + "/"
	for _, m := range frameRe.FindAllStringSubmatch(stderr, -1) {
		if i := strings.LastIndex(m[1], marker); i >= 0 && !strings.Contains(m[1][i+len(marker):], "/") {
			f.Where = m[1][i+1:] + ":" + m[2]
			break
		}
	}
	return f
}

// Serve is the worker side: it answers one task for day by writing JSON to
// the answer file. It runs inside the worker binary only.
func Serve(day labs.Day, kind, id, answerPath string) error {
	var v any
	switch kind {
	case "part":
		v = day.RunPart(labs.Learner, id)
	case "grade":
		n, err := strconv.Atoi(id)
		if err != nil {
			return fmt.Errorf("bad TODO number %q", id)
		}
		v = day.GradeTODO(labs.Learner, n)
	default:
		return fmt.Errorf("unknown task %q", kind)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return os.WriteFile(answerPath, data, 0o644)
}
