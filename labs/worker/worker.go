// Package worker runs the learner's code out of process.
//
// The runner itself is built without the learner's package, so it starts and
// draws even while that package does not compile. To run or grade the
// learner's code it builds two worker programs and runs one process per part
// and per TODO:
//
//   - the lean worker (LeanMain): the learner's package, the course and the
//     parts that need only the virtual clock. It links in about a tenth of
//     the time of the full one, so TODO verdicts and most parts land first;
//   - the full worker (FullMain): the same plus the parts marked Heavy (a
//     Redis client and embedded Redis, an HTTP server), built alongside the
//     lean one at a lower priority; its parts follow. It also serves
//     `go run . serve` (ServeMain, StartServe).
//
// Whatever learner code does there (panic, loop forever, exhaust the stack
// or memory, call os.Exit, print to stdout, delete files in its working
// folder) it cannot take the runner down, and it is blamed on the part or
// TODO that was running. Each process runs in a box (box.go): its own
// process group, killed with the runner, a memory bound, a scratch folder,
// and an answer read over a pipe with a bound.
//
// One worker process is stopped after 15 s; the environment variable
// TERMLAB_WORKER_LIMIT (LimitEnv) sets another bound, such as 300ms, so that
// tests of a worker that never answers stay quick.
package worker

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
	"unicode/utf8"

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
	// Bin is where the lean worker goes, FullBin the full one; empty means
	// the user's cache folder (FullBin: Bin + "-full" when Bin is set).
	Bin, FullBin string
	// Go is the go command; empty means "go" from PATH.
	Go string
	// GradesOnly skips the parts: the outcome has grades and no parts.
	GradesOnly bool
	// PartsOnly skips the grades of Reference: `run --solutions` shows only
	// figures, and grading the reference against itself would double what
	// that command costs.
	PartsOnly bool
	// OnUpdate, when set, hears the outcome so far each time a grade or a
	// part lands: the grades first (all four come from the lean worker
	// before any part starts), then the parts as each finishes. Grades and
	// parts still running have an empty Status. It is called from the
	// runner's goroutines, one call at a time; it must not block for long.
	OnUpdate func(labs.Outcome)

	cache string // this run's labs.CacheEnv folder (dayCache)
}

// The worker programs. They are the only programs that import the
// learner's packages, so a save recompiles only the learner's package and
// these mains before the link (see labs/BENCHMARKS.md), and they build
// while the screens do not.
const (
	LeanMain = "./labs/worker/cmd/termlab-worker"
	FullMain = "./labs/worker/cmd/termlab-worker-full"
)

// BuildTag is the build tag of the learner's files (labs/dayNN/todo.go
// starts with //go:build termlab) and of the worker's file that links them.
// Only the workers' build sets it, so `go test ./...` and `go vet ./...`
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

func (r *Runner) binPath(full bool) (string, error) {
	switch {
	case full && r.FullBin != "":
		return r.FullBin, nil
	case full && r.Bin != "":
		return r.Bin + "-full", nil
	case full:
		return CachedBin(r.Root, "worker-full")
	case r.Bin != "":
		return r.Bin, nil
	}
	return CachedBin(r.Root, "worker")
}

// CachedBin is where a program built from the module at root is kept, by
// name, in the user's cache folder: one folder per module root, so two
// copies of the lab never overwrite each other's programs. Each folder
// records its root (rootRecord), so that Sweep can drop the folders of
// clones that no longer exist.
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
	record := filepath.Join(dir, rootRecord)
	if old, err := os.ReadFile(record); err != nil || string(old) != root {
		os.WriteFile(record, []byte(root), 0o644)
	}
	sweepOnce.Do(func() { Sweep(filepath.Dir(dir), time.Hour) })
	return filepath.Join(dir, name), nil
}

// Build compiles the lean worker (LeanMain). The go build cache makes a
// rebuild after a one-file edit cost little more than a link. A compile
// error comes back as a *BuildError.
func (r *Runner) Build(ctx context.Context) (string, error) { return r.build(ctx, false) }

// BuildFull compiles the full worker (FullMain): the heavy parts and serve.
func (r *Runner) BuildFull(ctx context.Context) (string, error) { return r.build(ctx, true) }

func (r *Runner) build(ctx context.Context, full bool) (string, error) {
	bin, err := r.binPath(full)
	if err != nil {
		return "", err
	}
	main := LeanMain
	if full {
		main = FullMain
	}
	goCmd := r.Go
	if goCmd == "" {
		goCmd = "go"
	}
	// Two processes of the lab (the screens and a command) may build the
	// same program at the same instant: one waits for the other, then finds
	// the program up to date. (go build itself replaces the file by a new
	// one, so a worker that is running keeps the program it started with.)
	unlock, err := lockFile(bin + ".lock")
	if err != nil {
		return "", &LabError{What: "cannot lock " + bin + ".lock to build the worker: " + err.Error(), Do: cacheAdvice(bin)}
	}
	defer unlock()
	if _, err := os.Stat(bin); err == nil && unrunnable(bin) != "" {
		// go build refuses to overwrite what is not an object file (a
		// zero-filled program): a damaged program goes before the build.
		os.Remove(bin)
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	// -s -w: no symbol table or DWARF, which halves the link that every save
	// pays for. Tracebacks and runtime.Callers keep their file:line (they
	// read the pclntab, which stays); only a debugger would miss them.
	// The go command's work folder goes in a folder of the build's own,
	// removed however the build ends: a build stopped by a signal (or a
	// newer save) is killed, and would leave its go-build… folder behind.
	work, err := os.MkdirTemp("", buildPrefix+"*")
	if err != nil {
		return "", &LabError{What: "cannot make a temporary folder for the build: " + err.Error(), Do: "check that the temporary folder (" + os.TempDir() + ") is writable"}
	}
	defer os.RemoveAll(work)
	// -tags: the learner's files and the workers' link.go build only with
	// BuildTag.
	cmd := exec.CommandContext(ctx, goCmd, "build", "-tags="+BuildTag, "-ldflags=-s -w", "-o", bin, main)
	cmd.Dir = r.Root
	cmd.Env = append(buildEnv(), "GOTMPDIR="+work)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Start()
	if err == nil {
		if full {
			niceProcess(cmd.Process.Pid)
		}
		err = cmd.Wait()
	}
	if err != nil {
		if errors.Is(ctx.Err(), context.Canceled) {
			return "", ctx.Err()
		}
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			return "", fmt.Errorf("cannot run %q to build the lab: %w", goCmd, err)
		}
		// The compiler quotes the learner's source back, escape codes and
		// all: cleaned and bounded before any of it reaches a terminal.
		text := bounded(printable(out.String()), maxBuildOutput)
		return "", &BuildError{Output: text, Locations: ParseLocations(text, r.Root)}
	}
	if why := unrunnable(bin); why != "" {
		// go build keeps a file whose content is up to date even when it
		// cannot run (made non-executable, say): drop it and link anew.
		os.Remove(bin)
		cmd := exec.CommandContext(ctx, goCmd, "build", "-tags="+BuildTag, "-ldflags=-s -w", "-o", bin, main)
		cmd.Dir = r.Root
		cmd.Env = append(buildEnv(), "GOTMPDIR="+work)
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", &LabError{What: "the worker program could not be rebuilt: " + strings.TrimSpace(string(out)), Do: cacheAdvice(bin)}
		}
		if why := unrunnable(bin); why != "" {
			return "", &LabError{What: fmt.Sprintf("the worker program %s cannot run: %s", bin, why), Do: cacheAdvice(bin)}
		}
	}
	return bin, nil
}

// buildEnv is the environment of a worker build: without cgo. A cgo
// program's C threads each reserve a C heap arena of 64 MB of address
// space, which the memory bound (RLIMIT_AS) would count against the
// learner; the pure-Go resolver and runtime need none of that.
func buildEnv() []string { return append(os.Environ(), "CGO_ENABLED=0") }

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
	// Impl is whose code runs: the learner's, or (for the heavy parts the
	// runner's own binary does not link) the reference.
	Impl labs.Impl
}

// Run builds the workers and runs every part and grades every TODO of day,
// one process each: the grades first, then the parts, the longest first
// (see RunBuilt). A compile error returns a *BuildError and no outcome; a
// worker program that cannot run even after a rebuild, a *LabError.
func (r *Runner) Run(ctx context.Context, day labs.Day) (labs.Outcome, error) {
	o, err := r.run(ctx, day)
	var lab *LabError
	if errors.As(err, &lab) && lab.rebuild != "" && ctx.Err() == nil {
		// A cached program that cannot run (zero-filled, its exec bit
		// lost, deleted mid-run) is the lab's fault, not the learner's:
		// build it once more from scratch before saying so.
		os.Remove(lab.rebuild)
		o, err = r.run(ctx, day)
		if errors.As(err, &lab) {
			lab.rebuild = ""
		}
	}
	return o, err
}

// RunStream is Run with each piece handed to update as it lands (see
// OnUpdate): the screens draw the verdicts while the parts still run.
func (r *Runner) RunStream(ctx context.Context, day labs.Day, update func(labs.Outcome)) (labs.Outcome, error) {
	rr := *r
	rr.OnUpdate = update
	return rr.Run(ctx, day)
}

func (r *Runner) run(ctx context.Context, day labs.Day) (labs.Outcome, error) {
	rr := *r
	r = &rr
	r.cache = r.dayCache(day)
	heavy := !r.GradesOnly && slices.ContainsFunc(day.Parts, func(p labs.Part) bool { return p.Heavy })
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type built struct {
		bin string
		err error
	}
	fullc := make(chan built, 1)
	if heavy {
		go func() {
			bin, err := r.BuildFull(ctx)
			fullc <- built{bin, err}
		}()
	}
	var fullOnce sync.Once
	var fullBuilt built
	full := func() (string, error) {
		if !heavy {
			return "", nil
		}
		fullOnce.Do(func() { fullBuilt = <-fullc })
		return fullBuilt.bin, fullBuilt.err
	}
	// Whatever way the run ends (a signal, a newer save), the full build
	// ends before it: a go build left running would outlive the runner and
	// its work folder stay behind.
	defer func() { cancel(); full() }()
	bin, err := r.Build(ctx)
	if err != nil {
		var be *BuildError
		if errors.As(err, &be) {
			be.Hint = be.hint(r.Root, day)
		}
		return labs.Outcome{}, err
	}
	o, err := r.runBuilt(ctx, bin, full, day)
	if cerr := ctx.Err(); cerr != nil && err == nil {
		// Stopped from outside (Ctrl-C, a newer save): the processes it
		// killed are not the learner's timeouts, so there is no outcome.
		return labs.Outcome{}, cerr
	}
	return o, err
}

// RunBuilt runs day's tasks on an already built lean worker; heavy parts
// are reported as not linked.
func (r *Runner) RunBuilt(ctx context.Context, bin string, day labs.Day) labs.Outcome {
	o, _ := r.runBuilt(ctx, bin, func() (string, error) { return "", nil }, day)
	return o
}

// Reference runs the reference on every part: in this process for the
// parts it links, in the full worker for the heavy ones (the lab's own
// binary never links them), and grades it unless PartsOnly (check wants the
// grades; run --solutions does not). GradesOnly callers use day.Grade.
func (r *Runner) Reference(ctx context.Context, day labs.Day) (labs.Outcome, error) {
	o := labs.Outcome{Day: day.Number, Impl: labs.Reference, Parts: make([]labs.PartResult, len(day.Parts))}
	var heavy []int
	for i, p := range day.Parts {
		if p.Heavy {
			heavy = append(heavy, i)
			continue
		}
		o.Parts[i] = day.RunPart(labs.Reference, p.ID)
	}
	if !r.PartsOnly {
		o.Grades = day.Grade(labs.Reference)
	}
	if len(heavy) == 0 {
		return o, nil
	}
	rr := *r
	r = &rr
	r.cache = r.dayCache(day)
	// The reference's heavy parts come out the same for a version of the
	// day's code (their clock is virtual; only the ⏱ lines and _ns metrics,
	// measured when they were cached, differ), so they are kept with it,
	// and `run --solutions` needs no worker at all once they are. Not with a
	// real Redis (the environment names one), whose timings are the point.
	cached := filepath.Join(r.cache, "reference-parts.json")
	keep := r.cache != "" && os.Getenv(redisEnv) == ""
	if keep {
		var parts map[string]labs.PartResult
		if data, err := os.ReadFile(cached); err == nil && json.Unmarshal(data, &parts) == nil {
			ok := true
			for _, i := range heavy {
				p, found := parts[day.Parts[i].ID]
				ok = ok && found && p.Status == labs.OK
				o.Parts[i] = p
			}
			if ok {
				return o, nil
			}
		}
	}
	// Once, and once more with the program rebuilt from scratch when it
	// could not run at all (see Run).
	for attempt := 0; ; attempt++ {
		bin, err := r.BuildFull(ctx)
		if err != nil {
			return o, err
		}
		var lab *labs.Fault
		for _, i := range heavy {
			var fault *labs.Fault
			if o.Parts[i], fault = r.part(ctx, bin, day, day.Parts[i], labs.Reference); fault != nil && fault.Status == labError {
				lab = fault
				break
			}
		}
		if e := ctx.Err(); e != nil {
			return labs.Outcome{}, e
		}
		if lab == nil {
			parts := map[string]labs.PartResult{}
			for _, i := range heavy {
				if o.Parts[i].Status != labs.OK {
					keep = false
				}
				parts[day.Parts[i].ID] = o.Parts[i]
			}
			if keep {
				writeAtomic(cached, parts)
			}
			return o, nil
		}
		if attempt > 0 {
			return o, &LabError{What: lab.Detail, Do: cacheAdvice(bin)}
		}
		os.Remove(bin)
	}
}

// redisEnv is Day 45's TERMLAB_REDIS (course.RedisEnv), which this
// day-agnostic package cannot import: a run against a real server is never
// served from the cache.
const redisEnv = "TERMLAB_REDIS"

// writeAtomic writes v as JSON to path through a temporary file and a
// rename: a reader sees the old file or the new one, never half of one.
func writeAtomic(path string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp-*")
	if err != nil {
		return
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil && cerr == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
}

// labError is the Status a task gets when the program could not run at all
// (never shown: Run turns it into a *LabError).
const labError labs.Status = "lab-error"

func (r *Runner) runBuilt(ctx context.Context, bin string, full func() (string, error), day labs.Day) (labs.Outcome, error) {
	parts := day.Parts
	if r.GradesOnly {
		parts = nil
	}
	out := labs.Outcome{Day: day.Number, Impl: labs.Learner,
		Parts: make([]labs.PartResult, len(parts)), Grades: make([]labs.Grade, len(day.TODOs))}
	var mu sync.Mutex
	var labErr *LabError
	// The parts whose process died in the learner's file outside any TODO
	// (its init): no TODO is blamed for them.
	fileFault := make([]bool, len(parts))
	update := func(set func()) {
		mu.Lock()
		defer mu.Unlock()
		set()
		if r.OnUpdate != nil && ctx.Err() == nil {
			snap := out
			snap.Parts = slices.Clone(out.Parts)
			snap.Grades = slices.Clone(out.Grades)
			r.OnUpdate(snap)
		}
	}
	noteLab := func(f *labs.Fault, bin string) bool {
		if f == nil || f.Status != labError {
			return false
		}
		mu.Lock()
		if labErr == nil {
			labErr = &LabError{What: f.Detail, Do: cacheAdvice(bin), rebuild: bin}
		}
		mu.Unlock()
		return true
	}

	// Two at a time: the machines this lab runs on have two cores or more,
	// and the full worker builds beside these at a lower priority.
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	spawn := func(f func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			f()
		}()
	}
	// The verdicts first: they are what a save is for.
	for i, t := range day.TODOs {
		spawn(func() {
			g, fault := r.grade(ctx, bin, day, t)
			if noteLab(fault, bin) {
				return
			}
			update(func() { out.Grades[i] = g })
		})
	}
	wg.Wait()
	// Then the parts, the longest first, so the last to land is short.
	order := make([]int, 0, len(parts))
	for i := range parts {
		order = append(order, i)
	}
	slices.SortStableFunc(order, func(a, b int) int { return -cmpDur(expected(parts[a]), expected(parts[b])) })
	var heavy []int
	for _, i := range order {
		p := parts[i]
		if p.Heavy {
			heavy = append(heavy, i)
			continue
		}
		spawn(func() {
			res, fault := r.part(ctx, bin, day, p, labs.Learner)
			if noteLab(fault, bin) {
				return
			}
			update(func() { out.Parts[i], fileFault[i] = res, fault != nil && fault.File })
		})
	}
	if len(heavy) > 0 {
		fullBin, err := full()
		for _, i := range heavy {
			p := parts[i]
			if err != nil {
				update(func() {
					out.Parts[i] = labs.PartResult{ID: p.ID, Title: p.Title, Status: labs.Crash,
						Detail: "the lab's full worker did not build, so this part could not run: " + err.Error()}
				})
				continue
			}
			spawn(func() {
				res, fault := r.part(ctx, fullBin, day, p, labs.Learner)
				if noteLab(fault, fullBin) {
					return
				}
				update(func() { out.Parts[i], fileFault[i] = res, fault != nil && fault.File })
			})
		}
	}
	wg.Wait()
	if labErr != nil {
		return labs.Outcome{}, labErr
	}
	for i, p := range parts {
		if out.Parts[i].Status != labs.OK && out.Parts[i].TODO == 0 && !fileFault[i] {
			out.Parts[i].TODO = blame(p, out.Parts[i].Status, out.Grades)
		}
	}
	return out, nil
}

// expected is how long a part usually takes, for ordering: heavy parts
// (real round trips) are the longest, then the parts by how many TODOs they
// replay.
func expected(p labs.Part) time.Duration {
	d := time.Duration(len(p.Uses)) * time.Millisecond
	if p.Heavy {
		d += time.Second
	}
	return d
}

func cmpDur(a, b time.Duration) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// blame picks the TODO a part's fault belongs to when the part itself could
// not tell (its process died, or it produced a figure that is not a number):
// the first TODO the part uses whose grade failed the same way (a part
// that timed out blames the TODO that times out, not an earlier one that is
// merely unfinished, which stops its piece cleanly), else the first that
// does not pass its grade.
func blame(p labs.Part, status labs.Status, grades []labs.Grade) int {
	for _, n := range p.Uses {
		for _, g := range grades {
			if g.TODO == n && g.Status == status && status != labs.Unfinished {
				return n
			}
		}
	}
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

func (r *Runner) part(ctx context.Context, bin string, day labs.Day, p labs.Part, impl labs.Impl) (labs.PartResult, *labs.Fault) {
	var res labs.PartResult
	fault := r.exec(ctx, bin, day, Task{"part", p.ID, impl}, &res)
	if fault != nil {
		// TODO stays 0 when the stack did not say: RunBuilt blames one
		// from the grades.
		res = labs.PartResult{ID: p.ID, Title: p.Title, Status: fault.Status, TODO: fault.TODO, Detail: fault.Detail, Where: fault.Where}
	}
	return res, fault
}

func (r *Runner) grade(ctx context.Context, bin string, day labs.Day, t labs.TODO) (labs.Grade, *labs.Fault) {
	var g labs.Grade
	fault := r.exec(ctx, bin, day, Task{"grade", strconv.Itoa(t.Number), labs.Learner}, &g)
	if fault != nil {
		g = labs.Grade{TODO: t.Number, Func: t.Func, Status: fault.Status, Detail: fault.Detail, Where: fault.Where}
		if fault.File {
			g.Hint = fmt.Sprintf("not %s's own fault: the line it points at runs as the package loads, before the lab calls any TODO", t.Func)
		}
	}
	return g, fault
}

// exec runs one task in a boxed process and decodes its answer into v.
// When the process dies without answering, the returned Fault says how.
func (r *Runner) exec(ctx context.Context, bin string, day labs.Day, t Task, v any) *labs.Fault {
	if why := unrunnable(bin); why != "" {
		return &labs.Fault{Status: labError, Detail: fmt.Sprintf("the worker program %s cannot run: %s", bin, why)}
	}
	bound := limit()
	args := []string{Command, strconv.Itoa(day.Number), t.Kind, t.ID}
	if t.Impl == labs.Reference {
		args = append(args, string(labs.Reference))
	}
	b := &boxed{bin: bin, args: args}
	if r.cache != "" {
		b.env = []string{labs.CacheEnv + "=" + r.cache}
	}
	b.run(ctx, bound)
	switch {
	case b.labErr != nil:
		return &labs.Fault{Status: labError, Detail: "the worker program could not start: " + b.labErr.Error()}
	case b.tooBig:
		return &labs.Fault{Status: labs.Crash, Detail: fmt.Sprintf("the worker's answer was larger than %d MB and was not read: does your code print or write without end?", maxAnswer>>20)}
	case len(b.answer) > 0 && json.Unmarshal(b.answer, v) == nil:
		return nil
	case b.timedOut:
		return &labs.Fault{Status: labs.Timeout, Detail: fmt.Sprintf("the worker did not finish within %v and was stopped", bound)}
	}
	return deathFault(b.runErr, b.stderr.String(), day)
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
	case strings.Contains(stderr, stdinGone):
		f.Detail = "your file read the lab's standard input before the worker could (in an init or a package variable?), so the worker could not answer: leave os.Stdin alone"
		f.File = true
		return f
	case strings.Contains(stderr, "stack overflow") || strings.Contains(stderr, "stack exceeds"):
		f.Detail = "ran out of stack: a function that calls itself without end?"
	case strings.Contains(stderr, "out of memory") || strings.Contains(stderr, "cannot allocate memory") || strings.Contains(stderr, "pthread_create failed") || strings.Contains(stderr, "failed to reserve"):
		f.Detail = fmt.Sprintf("your code used more than %d MB, the lab's bound on a worker's memory: a slice or map that grows without end?", memoryLimit())
	case cause != "":
		f.Detail = "the worker died: " + clean(cause)
	case runErr != nil:
		f.Detail = "the worker exited without an answer (" + runErr.Error() + "): does your code call os.Exit or log.Fatal?"
	default:
		f.Detail = "the worker exited without an answer: does your code call os.Exit?"
	}
	dir := strings.Trim(day.LearnerDir, "/")
	marker := "/" + dir + "/"
	pkg := "/" + dir + "." // the learner's functions: termlab/labs/day45.Name
	inInit := false
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
			// termlab/labs/day45.init (a package variable's initialiser)
			// or .init.0 (an init function): the file's own code, before
			// any TODO was called.
			inInit = inInit || name == "init"
		}
	}
	if inInit && f.TODO == 0 {
		f.File = true
		f.Detail = "your file crashed as the package loaded, before any TODO ran (an init function or a package variable): " + strings.TrimPrefix(f.Detail, "the worker died: ")
	}
	return f
}

// stdinGone is what a worker says when its standard input held no nonce:
// learner code read it first (see ReadNonce).
const stdinGone = "standard input held no nonce"

// maxBuildOutput bounds the compiler output kept: the go command stops at
// ten errors, which take a few kB; a line of the learner's quoted back
// can be as long as they like.
const maxBuildOutput = 16 << 10

// maxText bounds one sentence of a verdict that quotes learner values (a
// Detail, a counterexample's got): the formatters bound their lists, this
// bounds what they do not know about.
const maxText = 4 << 10

// bounded cuts s to max bytes (on a rune boundary), saying how much went.
func bounded(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… and %d more bytes", s[:cut], len(s)-cut)
}

// clean is printable and bounded: for every text a worker hands back that
// learner code could have put words in.
func clean(s string) string { return bounded(printable(s), maxText) }

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

// Serve is the worker side: it answers one task for day (whose code:
// impl) by writing the envelope with the nonce, then the answer's JSON, to
// answer. It runs inside a worker program only.
func Serve(day labs.Day, kind, id string, impl labs.Impl, nonce string, answer io.Writer) error {
	debug.SetMaxStack(maxStack)
	var v any
	switch kind {
	case "part":
		r := day.RunPart(impl, id)
		finite(&r)
		r.Detail, r.Where = clean(r.Detail), clean(r.Where)
		for i := range r.Lines {
			r.Lines[i] = clean(r.Lines[i])
		}
		v = r
	case "grade":
		n, err := strconv.Atoi(id)
		if err != nil {
			return fmt.Errorf("bad TODO number %q", id)
		}
		g := day.GradeTODO(impl, n)
		g.Detail, g.Hint, g.Where = clean(g.Detail), clean(g.Hint), clean(g.Where)
		if c := g.Counterexample; c != nil {
			c.Input, c.Got, c.Want = clean(c.Input), clean(c.Got), clean(c.Want)
		}
		v = g
	case PlayKind: // a playground session (play.go): many answers, one a line
		return servePlay(day, impl, nonce, answer)
	default:
		return fmt.Errorf("unknown task %q", kind)
	}
	data, err := json.Marshal(v)
	if err == nil {
		_, err = answer.Write(append(envelope(nonce), data...))
	}
	if err != nil {
		// Marked, so the runner tells the worker's own failure from learner
		// code's prints (see deathFault).
		return fmt.Errorf("%s cannot answer: %w", workerMark, err)
	}
	return nil
}

// Unlinked is a worker program's whole answer when it was built without
// BuildTag (as `go test ./...` and `go vet ./...` build it): it holds no
// learner code, so it refuses every command, exit code 2, rather than
// report each TODO as unfinished.
func Unlinked() int {
	fmt.Fprintf(os.Stderr, "this worker was built without the learner's code: build it with -tags=%s (the runner does)\n", BuildTag)
	return 2
}

// workerMark starts the message of a worker that could not write its answer.
const workerMark = "the worker"

// Main is a worker program's main: `_worker day part|grade id [reference]`
// answers one task on the answer pipe (fd 3), with the nonce read from
// standard input; other commands go to extra, by their first argument. It
// returns the exit code: 0 answered, 1 failed, 2 usage.
func Main(days labs.Course, args []string, extra map[string]func(args []string) int) int {
	signalReady()
	if len(args) > 0 {
		if f, ok := extra[args[0]]; ok {
			return f(args)
		}
	}
	if len(args) < 4 || len(args) > 5 || args[0] != Command {
		fmt.Fprintf(os.Stderr, "usage: termlab-worker %s day part|grade id [reference]\n", Command)
		return 2
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(args[1]), "day"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "%q is not a day number\n", args[1])
		return 2
	}
	day, err := days.Find(n)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	impl := labs.Learner
	if len(args) == 5 {
		if args[4] != string(labs.Reference) {
			fmt.Fprintf(os.Stderr, "%q: the only other code is %q\n", args[4], labs.Reference)
			return 2
		}
		impl = labs.Reference
	}
	answer := os.NewFile(answerFD, "answer")
	nonce := ReadNonce(os.Stdin)
	if nonce == "" {
		fmt.Fprintf(os.Stderr, "%s cannot answer: its %s\n", workerMark, stdinGone)
		return 1
	}
	if err := Serve(day, args[2], args[3], impl, nonce, answer); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	answer.Close()
	return 0
}
