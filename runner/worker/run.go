package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"termlab/labs"
)

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
	// Confine runs every worker process confined (confine.go): a cleaned
	// environment and, where the OS allows, no network. For code graded
	// on someone else's behalf (grade-class); NetworkNote says when the
	// network could not be denied.
	Confine bool
	// Prints keeps what the learner's code prints while each TODO is
	// graded, in its grade's Output (prints.go): for a format that shows a
	// student their own output beside each test. Off, the prints go
	// nowhere.
	Prints bool
	// PartsOnly skips the grades of Reference: `run --solutions` and the
	// screens show only figures, grading the reference against itself
	// would double what they cost, and only parts are kept in the cache
	// folder (a Reference that grades plays its parts afresh).
	PartsOnly bool
	// OnUpdate, when set, hears the outcome so far each time a grade or a
	// part lands: the results kept from an earlier run first, all at once
	// (Keep), then the grades (all of them are in before any part
	// lands, though a part may run beside the last grades), then the parts
	// as each finishes. Grades and
	// parts still running have an empty Status. It is called from the
	// runner's goroutines, one call at a time; it must not block for long.
	OnUpdate func(labs.Outcome)
	// Day, when set, links only that day's learner code (and heavy
	// packages) into the workers, built as programs of that day's own
	// (DayTags): another day's file that does not compile, panics or hangs
	// as it loads cannot stop, slow or change this day's runs, and a save
	// relinks only its own day's workers. Run and Reference set it to the
	// day they run; zero builds every day into one program.
	Day int
	// Keep, when set, keeps settled results between runs: a save re-runs
	// only the grades and parts that can reach what it changed (keep.go).
	// The learner's own screens set it; nothing that grades for a record
	// does.
	Keep *Keep

	cache string // this run's labs.CacheEnv folder (dayCache)
	// ref, when set, builds the reference programs of that day: the
	// learner's files replaced by its shipped stubs (refbuild.go).
	ref *labs.Day
	// learner is the import path of the day's learner package, for the
	// direct build's plan (direct.go); "" records none.
	learner string
	// calls, in a run, is the lean worker that answers the learner's
	// calls of a heavy part played on the full worker (calls.go).
	calls string
	// keep is this run's use of Keep (keep.go); nil reuses nothing.
	keep *keepRun
	// started, when set (by tests), counts the tasks r's runs start;
	// onTask, when set (by tests), hears each one.
	started *atomic.Int64
	onTask  func(kind, id string)
}

// Task is one unit of work for a worker process.
type Task struct {
	Kind string // "part" or "grade"
	ID   string // part ID, or TODO number
	// Impl is whose code runs: the learner's, or (for the heavy parts the
	// runner's own binary does not link) the reference.
	Impl labs.Impl
	// beside: a part started while a grade runs, at a lower priority
	// (tasks).
	beside bool
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
	labs.Step("run: day %d", day.Number)
	rr := *r
	r = &rr
	r.Day = day.Number
	// The cache folder's name hashes every file of the module (a few ms):
	// worked out while the workers build, since only their processes need it.
	cache := sync.OnceValue(func() string {
		labs.Step("run: cache folder starts")
		defer labs.Step("run: cache folder worked out")
		return r.dayCache(day)
	})
	go cache()
	r.learner = learnerImport(r.Root, day)
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
			// The full worker links no learner code: built once per
			// version of the course, which the cache folder's name is.
			bin, err := r.buildFull(ctx, cache())
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
	var snap []labs.SourceFile
	if r.Keep != nil {
		snap = snapshot(r.Root, day)
		labs.Step("run: snapshot")
	}
	bin, err := r.Build(ctx)
	labs.Step("run: built %v", err)
	if err != nil {
		var be *BuildError
		if errors.As(err, &be) {
			be.Hint = be.hint(r.Root, day)
		}
		return labs.Outcome{}, err
	}
	r.cache = cache()
	labs.Step("run: cache folder")
	r.calls = bin
	if snap != nil && sameFiles(snap, snapshot(r.Root, day)) { // not saved again while it built
		r.keep = r.keepFor(day, runParts(r, day), snap)
		labs.Step("run: keep")
	}
	o, err := r.runBuilt(ctx, bin, full, day)
	if cerr := ctx.Err(); cerr != nil && err == nil {
		// Stopped from outside (Ctrl-C, a newer save): the processes it
		// killed are not the learner's timeouts, so there is no outcome.
		return labs.Outcome{}, cerr
	}
	if err == nil {
		r.keep.commit()
	}
	return o, err
}

// RunBuilt runs day's tasks on an already built lean worker; heavy parts
// are reported as not linked.
func (r *Runner) RunBuilt(ctx context.Context, bin string, day labs.Day) labs.Outcome {
	o, _ := r.runBuilt(ctx, bin, func() (string, error) { return "", nil }, day)
	return o
}

// labError is the Status a task gets when the program could not run at all
// (never shown: Run turns it into a *LabError).
const labError labs.Status = "lab-error"

// runParts is the parts a run of r plays.
func runParts(r *Runner, day labs.Day) []labs.Part {
	if r.GradesOnly {
		return nil
	}
	return day.Parts
}

func (r *Runner) runBuilt(ctx context.Context, bin string, full func() (string, error), day labs.Day) (labs.Outcome, error) {
	parts := runParts(r, day)
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
			labs.Step("run: update")
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

	// The verdicts first, all at once: they are what a save is for, and the
	// screens show them together (the count in the header needs every
	// one), so the last to land is what counts. Each TODO's grader takes
	// its own time (Day 45's TODO 3 replays far more cases than TODO 4);
	// two at a time in TODO order would queue a long one behind the others.
	// Each grade holds a core of the pool; the parts, the longest first,
	// take the cores the grades leave free (tasks): a save that grades one
	// TODO alone plays a part beside it where that core is idle, and never
	// a part in a grade's place.
	set := func(i int, g labs.Grade) { update(func() { out.Grades[i] = g }) }
	r.reuse(&out, update) // what the save did not change, at once (keep.go)
	pool := newTasks()
	// A file that never finishes loading stops the parts started beside
	// the grades: they would each wait out a bound on its init.
	partCtx, stopParts := context.WithCancel(ctx)
	defer stopParts()
	verdicts := r.gradeAll(ctx, bin, day, pool, stopParts, noteLab, set, r.early(&out, update))
	// A part that lands before every verdict is in waits for them: the
	// screens hear the grades first, then the parts.
	after := &afterVerdicts{mu: &mu, update: update}
	play := func(i int, bin string, p labs.Part, beside bool) {
		res, fault := r.playPart(partCtx, bin, day, i, p, beside)
		if partCtx.Err() != nil && ctx.Err() == nil {
			return // stopped by an init that never returns: settled below
		}
		if noteLab(fault, bin) {
			return
		}
		after.land(func() { out.Parts[i], fileFault[i] = res, fault != nil && fault.File })
	}
	queued := r.startParts(pool, bin, full, parts, play, func(i int, err error) {
		after.land(func() { out.Parts[i] = unbuilt(parts[i], err) })
	})
	hung := verdicts()
	if hung && labErr == nil && ctx.Err() == nil {
		queued.Wait()
		pool.Wait()
		r.keep.forget()
		update(func() { initHangOutcome(&out, day, parts, fileFault) })
		return out, nil
	}
	after.open()
	queued.Wait()
	pool.Wait()
	if labErr != nil {
		return labs.Outcome{}, labErr
	}
	for i, p := range parts {
		if out.Parts[i].Status != labs.OK && out.Parts[i].TODO == 0 && !fileFault[i] {
			out.Parts[i].TODO = p.Blame(out.Parts[i].Status, out.Grades)
		}
	}
	return out, nil
}

// startParts gives pool each part of parts to play that is not kept, the
// longest first (by how long its pieces last took, where the run keeps
// that); the heavy ones once the full worker is built (full), or,
// when it did not build, to failed. The returned group is done once every
// part is given to pool.
func (r *Runner) startParts(pool *tasks, bin string, full func() (string, error), parts []labs.Part,
	play func(i int, bin string, p labs.Part, beside bool), failed func(i int, err error)) *sync.WaitGroup {
	order := longestFirst(parts)
	if cost, ok := r.keep.costs(parts); ok { // as long as the pieces to play last took
		slices.SortStableFunc(order, func(a, b int) int { return -cmpDur(cost[a], cost[b]) })
	}
	var heavy []int
	for _, i := range order {
		p := parts[i]
		if p.Heavy {
			heavy = append(heavy, i)
			continue
		}
		if _, kept := r.keep.part(i); kept { // in the outcome already (reuse)
			continue
		}
		pool.Go(func(beside bool) { play(i, bin, p, beside) })
	}
	var queued sync.WaitGroup
	if len(heavy) > 0 {
		queued.Go(func() {
			fullBin, err := full()
			for _, i := range heavy {
				if err != nil {
					failed(i, err)
					continue
				}
				pool.Go(func(beside bool) { play(i, fullBin, parts[i], beside) })
			}
		})
	}
	return &queued
}

// playPart plays part index i of day, p, in a worker (beside: while a
// grade runs, tasks): whole, or, when the run keeps it piece by piece, the
// pieces the save reached, joined with those kept (pieces.go). What
// settles is kept for the runs to come.
func (r *Runner) playPart(ctx context.Context, bin string, day labs.Day, i int, p labs.Part, beside bool) (labs.PartResult, *labs.Fault) {
	t := Task{Kind: "part", ID: p.ID, Impl: labs.Learner, beside: beside}
	only, kept := r.keep.missing(i)
	if only == nil {
		res, fault := r.part(ctx, bin, day, t, p)
		r.keep.notePart(i, res, fault) // never a heavy part's (keepFor)
		return res, fault
	}
	t.Kind, t.ID = PiecesKind, piecesID(p.ID, only)
	res, fault, played := r.pieces(ctx, bin, day, t, p, kept)
	r.keep.notePieces(i, played)
	return res, fault
}

// early is how runBuilt shows a failing TODO's verdict before its
// counterexample and hint (verdict.go), to whoever hears the run as it
// goes: in out's slot while it is empty, under update. The grade replaces
// it, and only grades are in the outcome returned; nil when nobody hears.
func (r *Runner) early(out *labs.Outcome, update func(set func())) func(i int, g labs.Grade) {
	if r.OnUpdate == nil {
		return nil
	}
	return func(i int, g labs.Grade) {
		update(func() {
			if out.Grades[i].Status == "" {
				out.Grades[i] = g
			}
		})
	}
}

// unbuilt is the result of heavy part p when the full worker, which plays
// it, did not build.
func unbuilt(p labs.Part, err error) labs.PartResult {
	return labs.PartResult{ID: p.ID, Title: p.Title, Status: labs.Crash,
		Detail: "the lab's full worker did not build, so this part could not run: " + err.Error()}
}

func (r *Runner) part(ctx context.Context, bin string, day labs.Day, t Task, p labs.Part) (labs.PartResult, *labs.Fault) {
	var res labs.PartResult
	fault := r.exec(ctx, bin, day, t, &res, nil, nil)
	if fault != nil {
		// TODO stays 0 when the stack did not say: RunBuilt blames one
		// from the grades.
		res = labs.PartResult{ID: p.ID, Title: p.Title, Status: fault.Status, TODO: fault.TODO, Detail: fault.Detail, Where: fault.Where}
	}
	return res, fault
}

// grade grades TODO t in a worker process. early, when not nil, hears the
// verdict as soon as the worker finds a failing check (verdict.go): a
// grade of its own making, only ever a fail, before the one returned.
func (r *Runner) grade(ctx context.Context, bin string, day labs.Day, t labs.TODO, impl labs.Impl, early func(labs.Grade)) (labs.Grade, *labs.Fault) {
	var g labs.Grade
	var out *prints
	if r.Prints {
		out = &prints{}
	}
	var said func()
	if early != nil {
		said = func() { early(labs.Grade{TODO: t.Number, Func: t.Func, Status: labs.Fail, Detail: EarlyFailDetail}) }
	}
	fault := r.exec(ctx, bin, day, Task{Kind: "grade", ID: strconv.Itoa(t.Number), Impl: impl}, &g, out, said)
	if fault != nil {
		g = labs.Grade{TODO: t.Number, Func: t.Func, Status: fault.Status, Detail: fault.Detail, Where: fault.Where}
		if fault.File {
			g.Hint = fmt.Sprintf("not %s's own fault: the line it points at runs as the package loads, before the lab calls any TODO", t.Func)
		}
	}
	// A process that died has the runtime's trace in its stderr, which
	// is not the learner's output; one that answered, or was stopped
	// (killed, so no trace), printed only the learner's.
	if fault == nil || fault.Status == labs.Timeout {
		g.Output = out.String()
	}
	return g, fault
}

// exec runs one task in a boxed process and decodes its answer into v.
// When the process dies without answering, the returned Fault says how.
// out, when not nil, keeps what the process printed. A run the machine
// starved of CPU (labs.Starved: said by the worker's guard, or by the
// bound on the worker) is nobody's verdict: it runs again, up to
// starveTries in all, and only the last is kept.
//
// early, when not nil, is called when a grade worker says a check failed
// before it answers (verdict.go).
func (r *Runner) exec(ctx context.Context, bin string, day labs.Day, t Task, v any, out *prints, early func()) *labs.Fault {
	if r.started != nil {
		r.started.Add(1)
	}
	if r.onTask != nil {
		r.onTask(t.Kind, t.ID)
	}
	for try := 1; ; try++ {
		fault := r.exec1(ctx, bin, day, t, v, out, early)
		if try == starveTries || ctx.Err() != nil || !starved(fault, v) {
			return fault
		}
		out.reset()
		switch a := v.(type) { // a new answer, not laid over the old one
		case *labs.Grade:
			*a = labs.Grade{}
		case *labs.PartResult:
			*a = labs.PartResult{}
		case *playedPieces:
			*a = playedPieces{}
		}
	}
}

// starveTries bounds the runs of one task the machine starves.
const starveTries = 3

// starved reports whether a task's run was starved: its fault, or the
// grade or part its worker answered, says labs.Starved.
func starved(f *labs.Fault, v any) bool {
	if f != nil {
		return f.Status == labs.Timeout && labs.IsStarved(f.Detail)
	}
	switch a := v.(type) {
	case *labs.Grade:
		return a.Status == labs.Timeout && labs.IsStarved(a.Detail)
	case *labs.PartResult:
		return a.Status == labs.Timeout && labs.IsStarved(a.Detail)
	case *playedPieces:
		return slices.ContainsFunc(a.Pieces, func(p playedPiece) bool {
			return p.Result.Status == labs.Timeout && labs.IsStarved(p.Result.Detail)
		})
	}
	return false
}

func (r *Runner) exec1(ctx context.Context, bin string, day labs.Day, t Task, v any, out *prints, early func()) *labs.Fault {
	if why := unrunnable(bin); why != "" {
		return &labs.Fault{Status: labError, Detail: fmt.Sprintf("the worker program %s cannot run: %s", bin, why)}
	}
	bound := limit()
	args := []string{Command, strconv.Itoa(day.Number), t.Kind, t.ID}
	if t.Impl == labs.Reference {
		args = append(args, string(labs.Reference))
	}
	b := &boxed{bin: bin, args: args, env: gcEnv(), confine: r.Confine, prints: out, early: early, nice: t.beside}
	labs.Step("exec %s %s", t.Kind, t.ID)
	if r.cache != "" {
		b.env = append(b.env, labs.CacheEnv+"="+r.cache)
	}
	if r.askCalls(bin, t) {
		// A heavy part of the learner's: the full worker links no learner
		// code, a lean worker answers its calls (calls.go).
		if f := r.runAsking(ctx, b, day, bound); f != nil {
			return f
		}
	} else {
		b.run(ctx, bound)
	}
	return b.fault(v, bound, day)
}

// fault is what came of b's run: nil when its answer decoded into v, else
// how it ended.
func (b *boxed) fault(v any, bound time.Duration, day labs.Day) *labs.Fault {
	switch {
	case b.labErr != nil:
		return &labs.Fault{Status: labError, Detail: "the worker program could not start: " + b.labErr.Error()}
	case b.tooBig:
		return &labs.Fault{Status: labs.Crash, Detail: fmt.Sprintf("the worker's answer was larger than %d MB and was not read: does your code print or write without end?", maxAnswer>>20)}
	case len(b.answer) > 0 && json.Unmarshal(b.answer, v) == nil:
		return nil
	case b.timedOut && !b.loaded && (b.spent == "cpu" || b.spent == "idle"):
		return &labs.Fault{Status: labs.Timeout, File: true, Detail: InitHang}
	case b.timedOut:
		return &labs.Fault{Status: labs.Timeout, Detail: timeoutDetail(b, bound)}
	}
	return deathFault(b.runErr, b.stderr.String(), day)
}

// timeoutDetail says which bound stopped a worker: its CPU time (busy),
// the wall clock's backstop on waiting (a worker that waited without
// running), the machine (starved: it gave the worker no CPU), or the
// wall clock (where CPU time cannot be read, or ctx ended first). The
// words are labs.TimeoutDetail's, so a starved worker reads labs.Starved
// wherever it was caught.
func timeoutDetail(b *boxed, bound time.Duration) string {
	if b.spent == "starved" {
		return labs.TimeoutDetail(b.spent, bound, true)
	}
	switch b.spent {
	case "cpu":
		return fmt.Sprintf("the worker did not finish within %v of CPU time, busy on the CPU all along, and was stopped", bound)
	case "idle":
		return fmt.Sprintf("the worker did not finish and stopped using CPU time: it waited %d× its CPU bound of %v for something that never came, and was stopped",
			labs.WallBackstop, bound)
	}
	return fmt.Sprintf("the worker did not finish within %v and was stopped", bound)
}
