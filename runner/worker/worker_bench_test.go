package worker_test

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course"
	course46 "termlab/labs/day46/course"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	"termlab/solutions/day45"
	solutions46 "termlab/solutions/day46"
)

// The re-run-on-save loop: the time from a save of the learner's file to
// the updated outcome as the lab's screen and `go run . run` get it from
// Runner.RunStream: first every TODO's verdict (from the lean worker), then
// every part (the full worker's Parts 4 and 6 last). The module is copied to
// a temporary folder and its learner file rewritten before each op, so the
// real tree is never touched and each save is new code the build cache has
// not seen (an edit, as a learner's would be), while everything the edit
// does not reach is reused from the cache.
//
// The floor, measured in the same op (testrun.Floor): what any compiled-Go
// exercise runner must do at least after a save (golings, for one): build
// a main that imports a one-function learner package whose body just
// changed, and run it. Ratios to it are what a machine's speed does not
// change.
//
// One op is one save of each. ns/op is the mean of both together; the
// medians over the saves of the run: floor-ms, verdicts-ms (every TODO
// graded), pure-ms (every part of the lean worker too: all but the heavy
// ones), median-ms (every part) and their ratios to the floor, and each
// figure's fastest and slowest save. author/benchtable judges the ratios
// against their lines (1×, 2×, 4×) when there were 8 saves or more.

func BenchmarkSaveToOutcome(b *testing.B) {
	day := course.New(day45.Funcs)
	l := newSaveLoop(b, day)
	ctx := context.Background()
	l.warm(b, day, day45Save(b, day, 0))

	n := 0
	for b.Loop() {
		n++
		l.floorSave(b, n)

		l.write(b, day45Save(b, day, n))
		w := land(day)
		out, err := l.r.RunStream(ctx, day, w.see)
		l.add("all", time.Since(w.start))
		if err != nil {
			b.Fatalf("save %d: %v", n, err)
		}
		l.add("verdicts", w.verdicts)
		l.add("pure", w.pure)
		if out.Passed() != len(day.TODOs) {
			b.Fatalf("save %d: %d of %d TODOs pass, want all: %+v", n, out.Passed(), len(day.TODOs), out.Grades)
		}
		for _, p := range out.Parts {
			if p.Status != labs.OK {
				b.Fatalf("save %d: part %s %s: %s", n, p.ID, p.Status, p.Detail)
			}
		}
	}
	f := l.median("floor")
	b.ReportMetric(f, "floor-ms")
	b.ReportMetric(l.median("verdicts"), "verdicts-ms")
	b.ReportMetric(l.median("pure"), "pure-ms")
	b.ReportMetric(l.median("all"), "median-ms")
	b.ReportMetric(l.median("verdicts")/f, "verdicts/floor")
	b.ReportMetric(l.median("pure")/f, "pure/floor")
	b.ReportMetric(l.median("all")/f, "outcome/floor")
	for _, k := range []string{"verdicts", "pure", "all", "floor"} {
		b.ReportMetric(float64(slices.Min(l.m[k]))/1e6, k+"-min-ms")
		b.ReportMetric(float64(slices.Max(l.m[k]))/1e6, k+"-max-ms")
	}
	b.Logf("%d saves: %v", n, l.m)
}

// day45Save is Day 45's learner file as save number n
// (testrun.Day45Save): all four TODOs answered, TakeToken right and its
// body different from every earlier save's (a branch no run takes, on n),
// as a learner's edit is. A body that changes is what makes a save cost
// what it costs: TakeToken is small enough to inline, so its body is part
// of what the packages using it compile against, and they are recompiled
// too; everything else comes from the build cache.
func day45Save(b testing.TB, day labs.Day, n int) string {
	b.Helper()
	src, err := testrun.Day45Save(day.Shipped["todo.go"], n, false)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// save writes day45Save(day, n) at path.
func save(b testing.TB, path string, day labs.Day, n int) {
	b.Helper()
	if err := os.WriteFile(path, []byte(day45Save(b, day, n)), 0o644); err != nil {
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
