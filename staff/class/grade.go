package class

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"termlab/labs"
	"termlab/runner/worker"
	"termlab/staff/autograde"
)

// Status is how a submission came out as a whole.
type Status string

// Submission statuses.
const (
	Graded    Status = "graded"           // built; each TODO has its verdict
	NoCompile Status = "does-not-compile" // the student's code did not build
	Refused   Status = "refused"          // not built at all (see Submission.Refused)
	LabFault  Status = "lab-error"        // the lab could not grade it (not the student's fault; not cached)
)

// Result is one submission graded.
type Result struct {
	Who    string       `json:"who"`
	Digest string       `json:"digest"`
	Status Status       `json:"status"`
	Error  string       `json:"error,omitempty"`
	Grades []labs.Grade `json:"todos"`
	// Points are the points earned per TODO (by number) and in all.
	TODOPoints map[int]float64 `json:"todo_points"`
	Points     float64         `json:"points"`
	Max        float64         `json:"max_points"`
	Seconds    float64         `json:"seconds"`
	Cached     bool            `json:"cached"`
	// Tampered: the cache held an entry for this submission that the
	// grader did not write (its seal did not match); it was graded again.
	Tampered bool `json:"cache_tampered,omitempty"`
}

// Grade is the result's grade of TODO n, if it has one.
func (r Result) Grade(n int) (labs.Grade, bool) {
	for _, g := range r.Grades {
		if g.TODO == n {
			return g, true
		}
	}
	return labs.Grade{}, false
}

// Grader grades submissions of one day of the lab at Root.
type Grader struct {
	Root   string
	Day    labs.Day
	Course labs.Course // every day the workers link (worker.CopyLab needs them all)
	// Jobs is how many submissions are graded at once; 0 means one per
	// core. Each runs up to two worker processes of its own.
	Jobs int
	// Total scales the points (autograde.Points); 0 keeps the weights.
	Total float64
	// CacheDir keeps results by lab version and submission digest; ""
	// grades everything afresh.
	CacheDir string
	// Progress, when set, hears each result as it lands, one call at a
	// time.
	Progress func(done, total int, r Result)
	// Prints keeps what each student's code printed while each TODO was
	// graded (worker.Runner.Prints), for the per-student Exercism files.
	// The cache keeps results with prints apart from those without.
	Prints bool
}

// DefaultCacheDir is the user's cache folder for grade-class.
func DefaultCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "termlab", "grade-class")
}

// trimpath makes the workers' builds share compiled packages between the
// scratch copies: without -trimpath the go build cache keys the module's
// packages by their folder, so every copy would compile the whole lab
// again (seconds of CPU per submission) rather than only the student's
// package. The workers' build takes the environment of this process.
var trimpath sync.Once

func useTrimpath() {
	trimpath.Do(func() {
		if flags := os.Getenv("GOFLAGS"); !strings.Contains(flags, "-trimpath") {
			os.Setenv("GOFLAGS", strings.TrimSpace(flags+" -trimpath"))
		}
	})
}

// Run grades every submission and returns their results in the order
// given. Only a lab that cannot be copied, or a stop from outside (ctx),
// is an error: what a submission does is its own result.
func (g *Grader) Run(ctx context.Context, subs []Submission) ([]Result, error) {
	useTrimpath()
	template, err := os.MkdirTemp("", worker.ClassPrefix+"lab-*")
	if err != nil {
		return nil, err
	}
	defer removeAll(template)
	if err := worker.CopyLab(g.Root, template, g.Course); err != nil {
		return nil, fmt.Errorf("cannot copy the lab: %w", err)
	}
	version, err := Version(template)
	if err != nil {
		return nil, err
	}
	// Read-only, and each submission's copy of it checked against the
	// version (build): a submission graded earlier that rewrote a file of
	// it changes no one else's grade (see build).
	if err := readOnly(template); err != nil {
		return nil, err
	}
	var c *cache
	if g.CacheDir != "" {
		key := version
		if g.Prints {
			sum := sha256.Sum256([]byte(version + "\x00prints"))
			key = hex.EncodeToString(sum[:])
		}
		c = openCache(g.CacheDir, g.Day, key)
	}
	jobs := g.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	points := autograde.Points(g.Day, g.Total)
	out := make([]Result, len(subs))
	var mu sync.Mutex
	done := 0
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(jobs, max(1, len(subs))) {
		wg.Go(func() {
			for i := range next {
				r := g.one(ctx, template, version, c, subs[i], points)
				mu.Lock()
				out[i] = r
				done++
				if g.Progress != nil && ctx.Err() == nil {
					g.Progress(done, len(subs), r)
				}
				mu.Unlock()
			}
		})
	}
	for i := range subs {
		select {
		case next <- i:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if min(jobs, len(subs)) > 1 {
		// Graded beside others: a timeout may be their load (hang.go).
		g.regradeTimeouts(ctx, template, version, c, subs, out, points)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// one grades a submission, from the cache when it holds this content for
// this version of the lab, sealed by this grader.
func (g *Grader) one(ctx context.Context, template, version string, c *cache, s Submission, points map[int]float64) Result {
	start := time.Now()
	s.Load(g.Day) // read now, one submission per job: never the class at once
	r := Result{Who: s.Who, Digest: s.Digest()}
	tampered := false
	if c != nil {
		kept, ok, bad := c.get(r.Digest)
		if ok {
			kept.Who, kept.Cached = s.Who, true
			// This run's time for this student (the look-up), never the
			// time another student's identical files took to grade.
			kept.Seconds = time.Since(start).Seconds()
			// The verdicts are kept; the points follow this run's
			// --max-score.
			kept.score(g.Day, points)
			return kept
		}
		tampered = bad
	}
	switch {
	case s.Refused != "":
		r.Status, r.Error, r.Grades = Refused, s.Refused, []labs.Grade{}
	default:
		base := r
		r = g.build(ctx, template, version, s, base)
		// A worker killed from outside (the kernel's OOM killer, a
		// person) is the machine's doing: graded once more, and if it
		// happens again, nobody's grade.
		if killedFromOutside(r) && ctx.Err() == nil {
			r = g.build(ctx, template, version, s, base)
		}
		if killedFromOutside(r) {
			r.Status, r.Grades = LabFault, []labs.Grade{}
			r.Error = "a worker was killed from outside twice (by the system's out-of-memory killer?): not the student's doing, so not graded"
		}
		// A worker the machine starved of CPU was already run again
		// (runner/worker's exec); starved still, it is nobody's grade.
		if starvedRun(r) {
			r.Status, r.Grades, r.Error = LabFault, []labs.Grade{}, tooBusy
		}
	}
	r.Seconds = time.Since(start).Seconds()
	r.score(g.Day, points)
	if c != nil && ctx.Err() == nil && cacheable(r) {
		c.put(r)
	}
	r.Tampered = tampered
	return r
}

// score sets the points from the verdicts: a TODO's points when it
// passes, else none.
func (r *Result) score(day labs.Day, points map[int]float64) {
	r.TODOPoints, r.Points, r.Max = map[int]float64{}, 0, 0
	for _, t := range day.TODOs {
		r.Max += points[t.Number]
		if gr, ok := r.Grade(t.Number); ok && gr.Status == labs.Pass {
			r.TODOPoints[t.Number] = points[t.Number]
			r.Points += points[t.Number]
		}
	}
}

// buildKilled is the error of a build a SIGKILL from outside stopped.
const buildKilled = "the build was killed from outside (by the system's out-of-memory killer?): not the student's doing, not graded"

// killedFromOutside: the build, or a TODO's worker, died of SIGKILL.
// Nothing of the student's sends it: their code cannot reach signals or
// processes (the gate), the memory bound makes the runtime say "out of
// memory", and the box's own kill on a timeout is a timeout. So the
// machine did it.
func killedFromOutside(r Result) bool {
	return r.Status == LabFault && r.Error == buildKilled || r.Status == Graded && slices.ContainsFunc(r.Grades, func(g labs.Grade) bool {
		return g.Status == labs.Crash && strings.Contains(g.Detail, "signal: killed")
	})
}

// tooBusy is the error of a submission a worker of which the machine
// starved of CPU on every try (labs.Starved).
const tooBusy = labs.Starved + " (a worker was ready to run but got no CPU, on every try): not the student's doing, so not graded; grade-class grades it again at the end, alone"

// starvedRun: a TODO's worker was starved on every try.
func starvedRun(r Result) bool {
	return r.Status == Graded && slices.ContainsFunc(r.Grades, func(g labs.Grade) bool {
		return g.Status == labs.Timeout && labs.IsStarved(g.Detail)
	})
}

// cacheable: a lab error is not the student's, and a timeout may be the
// machine's (a loaded one is slow), so both are graded again next time.
func cacheable(r Result) bool {
	if r.Status == LabFault {
		return false
	}
	return !killedFromOutside(r) && !slices.ContainsFunc(r.Grades, func(g labs.Grade) bool { return g.Status == labs.Timeout })
}

// build grades s in a scratch copy of the lab of its own, through the
// lab's grade path: the lean worker built there, each TODO one boxed
// process (runner/worker).
func (g *Grader) build(ctx context.Context, template, version string, s Submission, r Result) Result {
	scratch, err := os.MkdirTemp("", worker.ClassPrefix+"*")
	if err != nil {
		r.Status, r.Error = LabFault, err.Error()
		return r
	}
	defer func() {
		os.RemoveAll(scratch)
		// The worker's cache folder for this copy (worker.CachedBin,
		// by root): gone with the copy.
		if bin, err := worker.CachedBin(scratch, "x"); err == nil {
			os.RemoveAll(filepath.Dir(bin))
		}
	}()
	if err := copyTree(template, scratch); err != nil {
		r.Status, r.Error = LabFault, "cannot copy the lab: "+err.Error()
		return r
	}
	// The copy is the lab as this run started grading, byte for byte, or
	// nobody's grade: a submission graded earlier that got past the
	// gate and the read-only copy and rewrote a lab file is caught here,
	// and the lab's fault, never the next student's "does not compile".
	if v, err := Version(scratch); err != nil || v != version {
		r.Status, r.Error = LabFault, "the lab's copy changed while the class was graded (did a submission graded earlier write to it?): not graded"
		return r
	}
	if err := s.place(scratch, g.Day); err != nil {
		r.Status, r.Error = Refused, err.Error()
		return r
	}
	// The worker program goes in the copy too (a dot-folder, which no
	// build or hash reads): nothing is shared between two submissions but
	// the go build cache, which is keyed by content.
	bin := filepath.Join(scratch, ".bin", "worker")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		r.Status, r.Error = LabFault, err.Error()
		return r
	}
	// The build is the student's code run by the compiler: bounded like
	// the worker (worker.BoundedGo), so a compile bomb is that student's
	// "too big to build", never the staff machine's out-of-memory.
	bounds := worker.CurrentBuildBounds()
	goCmd, err := worker.BoundedGo(filepath.Dir(bin), bounds)
	if err != nil {
		r.Status, r.Error = LabFault, "cannot bound the build: "+err.Error()
		return r
	}
	run := worker.Runner{Root: scratch, GradesOnly: true, Bin: bin, Confine: true, Prints: g.Prints, Go: goCmd}
	o, err := run.Run(ctx, g.Day)
	var be *worker.BuildError
	tooBig, isTooBig := worker.BuildTooBig(err, bounds)
	switch {
	case err == nil:
		r.Status, r.Grades = Graded, o.Grades
		markPartlyDone(&r, s.Files)
		if initHang(r) {
			r.Error = neverLoaded
		}
	case isTooBig:
		r.Status, r.Error, r.Grades = NoCompile, tooBig, []labs.Grade{}
	case worker.BuildKilled(err):
		r.Status, r.Error, r.Grades = LabFault, buildKilled, []labs.Grade{}
	case errors.As(err, &be):
		r.Status, r.Error, r.Grades = NoCompile, be.Error(), []labs.Grade{}
	default:
		r.Status, r.Error, r.Grades = LabFault, err.Error(), []labs.Grade{}
	}
	return r
}

// Version names the lab's code as copied at root: every file's path and
// bytes, and the Go that builds it, and the bounds a worker runs under.
// The class cache is kept per version, so an edit of the course (or of
// its grader) grades everyone again.
func Version(root string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s=%s\x00%s=%s\x00build=%s\x00", runtime.Version(), worker.LimitEnv, os.Getenv(worker.LimitEnv), worker.MemoryEnv, os.Getenv(worker.MemoryEnv), worker.CurrentBuildBounds())
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.ToSlash(rel), len(data))
		h.Write(data)
		return nil
	})
	return hex.EncodeToString(h.Sum(nil)), err
}

// readOnly takes the write bits off every file and folder under root
// (removeAll puts them back on the folders to remove it).
func readOnly(root string) error {
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir():
			dirs = append(dirs, path)
			return nil
		case d.Type().IsRegular():
			return os.Chmod(path, 0o444)
		}
		return nil
	})
	for i := len(dirs) - 1; i >= 0 && err == nil; i-- {
		err = os.Chmod(dirs[i], 0o555)
	}
	return err
}

// removeAll removes a tree readOnly made.
func removeAll(root string) {
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chmod(path, 0o755)
		}
		return nil
	})
	os.RemoveAll(root)
}

// copyTree copies the regular files under src to dst.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(to)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
}
