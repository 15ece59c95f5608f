package worker_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course"
	course46 "termlab/labs/day46/course"
	"termlab/labs/worker"
	"termlab/solutions/day45"
	solutions46 "termlab/solutions/day46"
)

// The re-run-on-save loop: the time from a save of the learner's file to the
// updated outcome (every part run and every TODO graded, in worker
// processes), as the lab's screen and `go run . run` get it from
// Runner.Run. The module is copied to a temporary folder and its learner
// file rewritten before each op, so the real tree is never touched and each
// save is new code the build cache has not seen (an edit, as a learner's
// would be), while everything the edit does not reach is reused from the
// cache.
//
// One op is one save. ns/op is the mean; median-ms is the median over the
// saves of the run, with build-ms and run-ms (its two halves) beside it.

func BenchmarkSaveToOutcome(b *testing.B) {
	if testing.Short() {
		b.Skip("builds the lab: not in -short")
	}
	root := copyModule(b)
	r := worker.Runner{Root: root, Bin: filepath.Join(b.TempDir(), "worker")}
	saveToOutcome(b, r)
}

func saveToOutcome(b *testing.B, r worker.Runner) {
	day := course.New(day45.Funcs)
	learnerFile := filepath.Join(r.Root, filepath.FromSlash(day.LearnerDir), "todo.go")
	ctx := context.Background()

	// A first build fills the cache for the copy (its packages are cached by
	// folder): what a learner's first `go run .` of the day does, not a save.
	save(b, learnerFile, day, 0)
	if _, err := r.Build(ctx); err != nil {
		b.Fatalf("the copy does not build: %v", err)
	}

	var total, build, run []time.Duration
	n := 0
	for b.Loop() {
		n++
		save(b, learnerFile, day, n)
		start := time.Now()
		// Runner.Run is exactly Build then RunBuilt; they are called apart
		// here to time each half.
		bin, err := r.Build(ctx)
		if err != nil {
			b.Fatalf("save %d does not build: %v", n, err)
		}
		built := time.Now()
		out := r.RunBuilt(ctx, bin, day)
		done := time.Now()
		total = append(total, done.Sub(start))
		build = append(build, built.Sub(start))
		run = append(run, done.Sub(built))
		if out.Passed() != len(day.TODOs) {
			b.Fatalf("save %d: %d of %d TODOs pass, want all: %+v", n, out.Passed(), len(day.TODOs), out.Grades)
		}
		for _, p := range out.Parts {
			if p.Status != labs.OK {
				b.Fatalf("save %d: part %s %s: %s", n, p.ID, p.Status, p.Detail)
			}
		}
	}
	b.ReportMetric(median(total), "median-ms")
	b.ReportMetric(median(build), "build-ms")
	b.ReportMetric(median(run), "run-ms")
}

func median(ds []time.Duration) float64 {
	s := slices.Clone(ds)
	slices.Sort(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + m) / 2
	}
	return float64(m) / float64(time.Millisecond)
}

// The reference answers, written into the shipped stub the way a learner
// would type them. %d is the save's number (see save).
var answers = map[string]string{
	"panic(notDone) // TODO 1": "if ratePerSec == -%d { // save number: no rate is negative\n\t\treturn tokens, false\n\t}\n\ttokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)\n\tif tokens >= 1 {\n\t\treturn tokens - 1, true\n\t}\n\treturn tokens, false",
	"panic(notDone) // TODO 2": "return int64(now / window)",
	"panic(notDone) // TODO 3": "return stamp <= now-window",
	"panic(notDone) // TODO 4": "return max(now, nextEmit)",
}

// save writes the learner's file as save number n: all four TODOs answered,
// TakeToken's body different from every earlier save's (a branch no run
// takes, on n), as a learner's edit is. A body that changes is what makes a
// save cost what it costs: TakeToken is small enough to inline, so its body
// is part of what the packages using it compile against, and they are
// recompiled too; everything else comes from the build cache.
func save(b *testing.B, path string, day labs.Day, n int) {
	b.Helper()
	src := day.Shipped["todo.go"]
	for stub, answer := range answers {
		if !strings.Contains(src, stub) {
			b.Fatalf("the shipped stub has no %q", stub)
		}
		if strings.Contains(answer, "%d") {
			answer = fmt.Sprintf(answer, n+1)
		}
		src = strings.Replace(src, stub, answer, 1)
	}
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
}

// copyModule copies the module this test runs in to a temporary folder
// and returns that folder.
func copyModule(b *testing.B) string {
	b.Helper()
	src, err := worker.FindRoot(".", "termlab")
	if err != nil {
		b.Fatal(err)
	}
	dst := b.TempDir()
	// Every day the worker links, as shipped.
	if err := worker.CopyLab(src, dst, labs.Course{course.New(day45.Funcs), course46.New(solutions46.Funcs)}); err != nil {
		b.Fatal(err)
	}
	return dst
}
