package worker

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"termlab/labs"
	"termlab/record/atomicfile"
)

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

// The worker programs. They are the only programs that import the
// learner's packages, so a save recompiles only the learner's package and
// these mains before the link (see labs/BENCHMARKS.md), and they build
// while the screens do not.
const (
	LeanMain = "./runner/worker/cmd/termlab-worker"
	FullMain = "./runner/worker/cmd/termlab-worker-full"
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
	// One program per day (Day): the days never share a binary, so a save
	// in one relinks none of the others'.
	name := "worker"
	if r.Day != 0 {
		name += "-day" + strconv.Itoa(r.Day)
	}
	if r.ref != nil {
		name += refName // never the learner's program (refRunner renames Bin too)
	}
	switch {
	case full && r.FullBin != "":
		return r.FullBin, nil
	case full && r.Bin != "":
		return r.Bin + "-full", nil
	case full:
		return CachedBin(r.Root, name+"-full")
	case r.Bin != "":
		return r.Bin, nil
	}
	return CachedBin(r.Root, name)
}

// OneDayTag, with a day's DayTag, is the build of one day's workers: the
// generated link file of each day builds with BuildTag and either its own
// DayTag or without OneDayTag, so a build with BuildTag alone (as tests and
// `go vet -tags termlab` do) links every day, and a day's own build links
// that day alone.
const OneDayTag = "termlab_oneday"

// DayTag is the build tag of day n's link files (author/kit writes them).
func DayTag(n int) string { return "termlab_day" + strconv.Itoa(n) }

// tags is the -tags value of r's worker builds.
func (r *Runner) tags() string {
	if r.Day == 0 {
		return BuildTag
	}
	return BuildTag + "," + OneDayTag + "," + DayTag(r.Day)
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
	dir := filepath.Join(cache, "termlab", rootName(root))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	record := filepath.Join(dir, rootRecord)
	if old, err := os.ReadFile(record); err != nil || string(old) != root {
		// Whole or not at all: another process's Sweep reads the record,
		// and a half-written one names another root, whose folder it
		// would remove from under this one's build.
		atomicfile.Write(record, []byte(root), 0o644)
	}
	sweepOnce.Do(func() { Sweep(filepath.Dir(dir), time.Hour) })
	return filepath.Join(dir, name), nil
}

// rootName is the cache folder's name for a module root. It is FNV-1a, not
// SHA-256: these names (and the plan keys and result caches hashed the same
// way) only tell apart inputs the lab itself writes, nothing an adversary
// chooses, and crypto/sha256 would bring the whole FIPS 140 module into
// the lab's binary, which a learner's first `go run .` compiles (issue 22,
// deps_test.go). The names changed from SHA-256's in that switch, so each
// cache is rebuilt once; Sweep drops a folder kept under an older name.
func rootName(root string) string {
	h := fnv.New128a()
	h.Write([]byte(root))
	return fmt.Sprintf("%x", h.Sum(nil)[:6])
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
	// A bound only against a go command that never returns: a first build
	// of the full worker on a busy 2-core machine takes minutes (the
	// figures in docs/ARCHITECTURE.md), and must not be cut short and called a failure.
	ctx, cancel := context.WithTimeout(ctx, buildBound)
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
	var extra []string
	if r.ref != nil {
		overlay, err := overlayFile(r.Root, bin, *r.ref)
		if err != nil {
			return "", &LabError{What: "cannot write the shipped stubs for the reference program: " + err.Error(), Do: cacheAdvice(bin)}
		}
		extra = append(extra, "-overlay="+overlay)
	}
	// A plan recorded from an earlier go build of this program replays
	// just the compiles and the link that a save needs (direct.go); go
	// build is what always works.
	// The full worker links no learner code (calls.go): it is built once
	// per version of the course, by go build, and has no plan.
	var p *plan
	if !full {
		labs.Step("build: plan?")
		p = r.planFor(bin, goCmd)
		labs.Step("build: plan %v", p != nil)
	}
	if p != nil {
		direct, err := r.buildDirect(ctx, p, bin)
		labs.Step("build: direct returned")
		if err == nil && unrunnable(direct) == "" {
			return direct, nil
		}
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		if err == nil || errors.Is(err, errStalePlan) {
			forgetPlan(bin) // and record a new one below
			p = nil
		}
	}
	// With no plan yet, -x prints the go command's steps to record one.
	record := p == nil && !full && r.learner != "" && os.Getenv(DirectEnv) != "0"
	steps, err := r.runGoBuild(ctx, goCmd, work, bin, main, extra, record, full)
	if err != nil {
		return "", err
	}
	if steps != "" {
		r.recordPlan(ctx, goCmd, main, bin, steps)
	}
	if err := r.relinkUnrunnable(ctx, goCmd, work, bin, main, extra); err != nil {
		return "", err
	}
	return bin, nil
}

// runGoBuild runs go build of main into bin. With record it runs it with -x
// and returns the steps it printed, for a plan; a compile error comes back
// as a *BuildError in the compiler's words (without -x's commands), a go
// command that never returns as a *LabError.
func (r *Runner) runGoBuild(ctx context.Context, goCmd, work, bin, main string, extra []string, record, full bool) (steps string, err error) {
	// -tags: the learner's files and the workers' link files build only with
	// BuildTag; a day's link files, with its DayTag too (Runner.tags).
	cmd := goBuild(ctx, goCmd, r.Root, work, r.tags(), bin, main, extra...)
	// A caller that asked to hear the build's progress (labs.BuildTrace)
	// gets it counted from -x's steps (buildprogress.go).
	trace := labs.BuildTraceOf(ctx)
	xflag := record || trace != nil
	if xflag {
		cmd.Args = slices.Insert(cmd.Args, 2, "-x")
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if trace != nil {
		c := newProgressCounter(trace, full, r.ref != nil)
		var listed sync.WaitGroup
		defer func() { listed.Wait(); c.finish() }()
		w := io.MultiWriter(&out, c) // one writer: one pipe for both
		cmd.Stdout, cmd.Stderr = w, w
		listed.Go(func() { c.total(staleSteps(ctx, goCmd, r.Root, work, r.tags(), main, extra...)) })
	}
	err = cmd.Start()
	if err == nil {
		if full {
			niceProcess(cmd.Process.Pid)
		}
		err = cmd.Wait()
	}
	if err == nil {
		if record {
			return out.String(), nil
		}
		return "", nil
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return "", ctx.Err()
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "", &LabError{What: fmt.Sprintf("building the worker program %s took longer than %v and was stopped; your code was not judged", filepath.Base(bin), buildBound),
			Do: "the machine may be very busy: try again when it is quieter (go run -v . shows the build moving)"}
	}
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) {
		return "", fmt.Errorf("cannot run %q to build the lab: %w", goCmd, err)
	}
	if xflag {
		// The compiler's words without -x's commands around them: the
		// same build once more, which fails as fast.
		out.Reset()
		again := goBuild(ctx, goCmd, r.Root, work, r.tags(), bin, main, extra...)
		again.Stdout, again.Stderr = &out, &out
		if again.Run() == nil {
			return "", nil
		}
	}
	// The compiler quotes the learner's source back, escape codes and
	// all: cleaned and bounded before any of it reaches a terminal.
	text := bounded(printable(out.String()), maxBuildOutput)
	return "", &BuildError{Output: text, Locations: ParseLocations(text, r.Root)}
}

// relinkUnrunnable makes sure bin can run after a build that succeeded.
func (r *Runner) relinkUnrunnable(ctx context.Context, goCmd, work, bin, main string, extra []string) error {
	if why := unrunnable(bin); why != "" {
		// go build keeps a file whose content is up to date even when it
		// cannot run (made non-executable, say): drop it and link anew.
		os.Remove(bin)
		if out, err := goBuild(ctx, goCmd, r.Root, work, r.tags(), bin, main, extra...).CombinedOutput(); err != nil {
			return &LabError{What: "the worker program could not be rebuilt: " + strings.TrimSpace(string(out)), Do: cacheAdvice(bin)}
		}
		if why := unrunnable(bin); why != "" {
			return &LabError{What: fmt.Sprintf("the worker program %s cannot run: %s", bin, why), Do: cacheAdvice(bin)}
		}
	}
	return nil
}

// buildBound stops a worker build that never ends. It is far past any real
// build: the first full build on the shared 2-core machine of
// docs/ARCHITECTURE.md took 3 to 4.5 minutes.
const buildBound = 30 * time.Minute

// goBuild is the one go build command of a worker program: main (a package
// path under root) linked to bin, with the learner's files and the
// workers' link files (tags: BuildTag, and one day's, see Runner.tags), the
// go command's work folder in work; extra flags (a reference program's
// -overlay) go before the output's.
func goBuild(ctx context.Context, goCmd, root, work, tags, bin, main string, extra ...string) *exec.Cmd {
	args := append([]string{"build", "-tags=" + tags, "-ldflags=-s -w"}, extra...)
	cmd := exec.CommandContext(ctx, goCmd, append(args, "-o", bin, main)...)
	cmd.Dir = root
	cmd.Env = append(buildEnv(), "GOTMPDIR="+work)
	return cmd
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

func (t *tail) String() string { return string(t.buf) }

// maxBuildOutput bounds the compiler output kept: the go command stops at
// ten errors, which take a few kB; a line of the learner's quoted back
// can be as long as they like.
const maxBuildOutput = 16 << 10
