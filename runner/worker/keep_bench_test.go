package worker_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
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
	if testing.Short() {
		b.Skip("builds the lab: not in -short")
	}
	saveTODO4(b, course46.New(solutions46.Funcs))
}

func saveTODO4(b *testing.B, day labs.Day) {
	r, floor, learnerFile := newSaveLoop(b, day)
	full := r
	full.Keep = nil
	kept := r
	kept.Keep = &worker.Keep{}
	ctx := context.Background()
	write := func(n int) {
		b.Helper()
		if err := os.WriteFile(learnerFile, []byte(todo4Save(b, r.Root, day, n)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	// The first run fills the caches, and the keeping runner's memory: a
	// learner's first run of the day, not a save.
	write(0)
	if _, err := kept.Run(ctx, day); err != nil {
		b.Fatalf("the copy does not build: %v", err)
	}
	floor.save(b, 0)

	m := map[string][]time.Duration{}
	n := 0
	for b.Loop() {
		n++
		m["floor"] = append(m["floor"], floor.save(b, n))
		for k, run := range []struct {
			name string
			r    *worker.Runner
		}{{"full", &full}, {"kept", &kept}} {
			write(2*n + k)
			start := time.Now()
			var graded time.Duration
			out, err := run.r.RunStream(ctx, day, func(o labs.Outcome) {
				if graded == 0 && !slices.ContainsFunc(o.Grades, func(g labs.Grade) bool { return g.Status == "" }) {
					graded = time.Since(start)
				}
			})
			m[run.name+"-all"] = append(m[run.name+"-all"], time.Since(start))
			m[run.name+"-verdicts"] = append(m[run.name+"-verdicts"], graded)
			if err != nil {
				b.Fatalf("save %d: %v", n, err)
			}
			if out.Passed() != len(day.TODOs) {
				b.Fatalf("save %d, %s: %d of %d TODOs pass, want all: %+v", n, run.name, out.Passed(), len(day.TODOs), out.Grades)
			}
		}
	}
	f := median(m["floor"])
	b.ReportMetric(f, "floor-ms")
	for _, k := range []string{"full-verdicts", "kept-verdicts", "full-all", "kept-all"} {
		b.ReportMetric(median(m[k]), k+"-ms")
		b.ReportMetric(median(m[k])/f, k+"/floor")
	}
	b.Logf("%d saves: %v", n, m)
}

// todo4Save is day's learner file, every TODO right, for save n: TODO 4's
// body with a branch no run takes on n, so that every save is new code in
// that function alone.
func todo4Save(b *testing.B, root string, day labs.Day, n int) string {
	b.Helper()
	switch day.Number {
	case 46:
		src, err := testrun.Day46Save(root, 0, testrun.Day46Right)
		if err != nil {
			b.Fatal(err)
		}
		// The branch goes first in the body, whatever the body is.
		const open = "func Overlap(a, b []int) int {\n"
		if !strings.Contains(src, open) {
			b.Fatalf("solutions/day46 has no %q", open)
		}
		return strings.Replace(src, open, open+fmt.Sprintf("\tif len(a) == -%d { // save number: no length is negative\n\t\treturn 0\n\t}\n", n+1), 1)
	}
	b.Fatalf("no TODO 4 save for day %d", day.Number)
	return ""
}
