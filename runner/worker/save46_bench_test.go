package worker_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"termlab/labs"
	course46 "termlab/labs/day46/course"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	solutions46 "termlab/solutions/day46"
)

// Day 46's save loop, beside the floor in the same op (testrun.Floor: a
// one-function package built and run). Each op is three saves of the
// learner's file, each new code, on a copy of the module, run as the
// screens run it (RunStream):
//
//   - every TODO right: the time to the lean worker's landing (build-ms:
//     the learner's package compiled and the worker linked), to each
//     TODO's verdict (todoN-ms: the build, then the worker's start and
//     that TODO's checks, the four side by side), to every verdict
//     (verdicts-ms), to the pure parts (pure-ms) and to the end, every
//     part in ("grading…" gone: median-ms);
//   - a failing TODO 1 (FairShare that never takes a share off what is
//     left: its first hand-picked case fails), then a failing TODO 3 (one
//     seed for every tenant: only the spread check fails, and its hint
//     reads the probes): the time to the verdict on the screens
//     (fail-verdict-ms, shard-verdict-ms: the worker's early line where
//     it sends one) and to the grade with its counterexample and hint
//     (fail-grade-ms, shard-grade-ms).
//
// Ratios to the floor are what a machine's speed does not change; the
// medians are over the run's saves.
func BenchmarkSaveToOutcome46(b *testing.B) {
	day := course46.New(solutions46.Funcs)
	l := newSaveLoop(b, day)
	ctx := context.Background()
	l.warm(b, day, day46Save(b, l, 0, testrun.Day46Right))

	n := 0
	for b.Loop() {
		n++
		l.floorSave(b, n)

		// Every TODO right, as the screens run it.
		l.write(b, day46Save(b, l, 3*n, testrun.Day46Right))
		w := land(day)
		out, err := l.r.RunStream(ctx, day, w.see)
		l.add("all", time.Since(w.start))
		if err != nil {
			b.Fatalf("save %d: %v", n, err)
		}
		// The build ends when the lean worker lands: the newest program
		// in its folder (go build's, or the direct build's beside it).
		l.add("build", newestIn(b, filepath.Dir(l.r.Bin)).Sub(w.start))
		l.add("verdicts", w.verdicts)
		l.add("pure", w.pure)
		for i, d := range w.todo {
			l.add(fmt.Sprintf("todo%d", i+1), d)
		}
		if out.Passed() != len(day.TODOs) {
			b.Fatalf("save %d: %d of %d TODOs pass, want all: %+v", n, out.Passed(), len(day.TODOs), out.Grades)
		}

		// A failing TODO 1, then a failing TODO 3.
		for k, wrong := range []struct{ mistake, key string }{
			{testrun.Day46FairShare, "fail"}, {testrun.Day46ShardSeed, "shard"},
		} {
			l.write(b, day46Save(b, l, 3*n+1+k, wrong.mistake))
			todo := 1
			if wrong.mistake == testrun.Day46ShardSeed {
				todo = 3
			}
			start := time.Now()
			var verdict, grade time.Duration
			out, err := l.r.RunStream(ctx, day, func(o labs.Outcome) {
				g := o.Grades[todo-1]
				if verdict == 0 && g.Status != "" {
					verdict = time.Since(start)
				}
				if grade == 0 && g.Status != "" && g.Detail != worker.EarlyFailDetail {
					grade = time.Since(start)
				}
			})
			if err != nil {
				b.Fatalf("save %d: %v", n, err)
			}
			if g := out.Grades[todo-1]; g.Status != labs.Fail || g.Counterexample == nil {
				b.Fatalf("save %d: %s was graded %s %q", n, wrong.mistake, g.Status, g.Detail)
			}
			l.add(wrong.key+"-verdict", verdict)
			l.add(wrong.key+"-grade", grade)
		}
	}
	l.report(b, "build", "todo1", "todo2", "todo3", "todo4", "verdicts", "pure", "all", "fail-verdict", "fail-grade", "shard-verdict", "shard-grade")
	// The names Day 45's loop reports (author/benchtable).
	f := l.median("floor")
	b.ReportMetric(l.median("all"), "median-ms")
	b.ReportMetric(l.median("verdicts")/f, "verdicts/floor")
	b.ReportMetric(l.median("all")/f, "outcome/floor")
	b.Logf("%d saves: %v", n, l.m)
}

// newestIn is when the newest file in dir was last written.
func newestIn(b *testing.B, dir string) time.Time {
	b.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	var newest time.Time
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && info.ModTime().After(newest) {
			newest = info.ModTime()
		}
	}
	return newest
}

// day46Save is Day 46's learner file as save number n
// (testrun.Day46Save). A wrong ShardOf is new code on every save too (a
// branch no run takes, on n): the same wrong body again would find its
// grade kept from an earlier run (keep.go), and the loop measures the
// grader's early verdict on it.
func day46Save(b *testing.B, l *saveLoop, n int, wrong string) string {
	b.Helper()
	src, err := testrun.Day46Save(l.r.Root, n, wrong)
	if err != nil {
		b.Fatal(err)
	}
	if wrong == testrun.Day46ShardSeed {
		src = withBranch(b, src, "func ShardOf(tenant uint64, n, k int) []int {\n", "k == -%d", "nil", n)
	}
	return src
}
