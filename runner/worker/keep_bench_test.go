package worker_test

import (
	"context"
	"testing"
	"time"

	"termlab/labs"
	course46 "termlab/labs/day46/course"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	solutions46 "termlab/solutions/day46"
)

// BenchmarkSaveToOutcomeTODO4 is BenchmarkSaveToOutcome46's save loop
// with the save in another function: each save changes the body of TODO 4
// (Overlap; that loop changes TODO 1's, FairShare), every TODO right.
// Each op is two saves, one run by a runner that keeps nothing (every
// grade and part, as before keep.go) and one by a runner that keeps what
// a save cannot reach (the screens' runner), beside the floor: their
// ratios to it come from the same op, so the load of the machine weighs
// on both alike. (Day 45 has no such loop: its saves' cost is the heavy
// Parts 4 and 6, which run on every save whatever it changed.)
//
// Reported, as medians over the saves: verdicts (every TODO graded) and
// all (every part in: "grading…" gone), full- and kept-, each in ms and
// over the floor.
func BenchmarkSaveToOutcomeTODO4(b *testing.B) {
	saveTODO4(b, course46.New(solutions46.Funcs))
}

func saveTODO4(b *testing.B, day labs.Day) {
	l := newSaveLoop(b, day)
	kept := &l.r // the loop's runner keeps (and warm fills its memory)
	full := l.r
	full.Keep = nil
	ctx := context.Background()
	l.warm(b, day, todo4Save(b, l.r.Root, day, 0))

	n := 0
	for b.Loop() {
		n++
		l.floorSave(b, n)
		for k, run := range []struct {
			name string
			r    *worker.Runner
		}{{"full", &full}, {"kept", kept}} {
			l.write(b, todo4Save(b, l.r.Root, day, 2*n+k))
			w := land(day)
			out, err := run.r.RunStream(ctx, day, w.see)
			l.add(run.name+"-all", time.Since(w.start))
			l.add(run.name+"-verdicts", w.verdicts)
			if err != nil {
				b.Fatalf("save %d: %v", n, err)
			}
			if out.Passed() != len(day.TODOs) {
				b.Fatalf("save %d, %s: %d of %d TODOs pass, want all: %+v", n, run.name, out.Passed(), len(day.TODOs), out.Grades)
			}
		}
	}
	l.report(b, "full-verdicts", "kept-verdicts", "full-all", "kept-all")
	b.Logf("%d saves: %v", n, l.m)
}

// todo4Save is day's learner file, every TODO right, for save n: TODO 4's
// body with a branch no run takes on n, so that every save is new code in
// that function alone.
func todo4Save(b *testing.B, root string, day labs.Day, n int) string {
	b.Helper()
	if day.Number != 46 {
		b.Fatalf("no TODO 4 save for day %d", day.Number)
	}
	src, err := testrun.Day46Save(root, 0, testrun.Day46Right)
	if err != nil {
		b.Fatal(err)
	}
	return withBranch(b, src, "func Overlap(a, b []int) int {\n", "len(a) == -%d", "0", n)
}
