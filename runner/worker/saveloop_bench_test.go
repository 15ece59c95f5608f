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
	"termlab/runner/testrun"
	"termlab/runner/worker"
)

// What the save-loop benchmarks share (BenchmarkSaveToOutcome,
// BenchmarkSaveToOutcome46, BenchmarkSaveToOutcomeTODO4): a runner on a
// copy of the module, the floor beside it (testrun.Floor, as the screens'
// loop and author/savetime measure it), the learner's file in the copy,
// the durations of the run's saves by name, and their medians reported
// with their ratios to the floor's.

// saveLoop is a save loop's setting and what it measured.
type saveLoop struct {
	r     worker.Runner
	floor *testrun.Floor
	file  string                     // day's learner file in the copy
	m     map[string][]time.Duration // every save's duration, by measure
}

// newSaveLoop is a save loop for day: the screens' runner, which keeps
// what a save cannot reach (keep.go), on a fresh copy of the module. It
// skips b with -short.
func newSaveLoop(b *testing.B, day labs.Day) *saveLoop {
	b.Helper()
	if testing.Short() {
		b.Skip("builds the lab: not in -short")
	}
	root := copyModule(b)
	floor, err := testrun.NewFloor(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	return &saveLoop{
		r:     worker.Runner{Root: root, Bin: filepath.Join(b.TempDir(), "worker"), Keep: &worker.Keep{}},
		floor: floor,
		file:  filepath.Join(root, filepath.FromSlash(day.LearnerDir), "todo.go"),
		m:     map[string][]time.Duration{},
	}
}

// write makes src the learner's file.
func (l *saveLoop) write(b *testing.B, src string) {
	b.Helper()
	if err := os.WriteFile(l.file, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
}

// warm writes src as the learner's file and runs day once, with the
// floor's first save, before the loop: it fills the build cache for the
// copy (its packages are cached by folder, a day's shared runs by its
// version) and the runner's memory, as a learner's first `go run .` of the
// day does. It is not a save the loop counts.
func (l *saveLoop) warm(b *testing.B, day labs.Day, src string) {
	b.Helper()
	l.write(b, src)
	if _, err := l.r.Run(context.Background(), day); err != nil {
		b.Fatalf("the copy does not build: %v", err)
	}
	l.floorSave(b, 0)
}

// floorSave is the floor's save n (testrun.Floor.Save), counted under
// "floor" from n = 1 on (save 0 fills the build cache, as the lab's first
// run does).
func (l *saveLoop) floorSave(b *testing.B, n int) {
	b.Helper()
	d, err := l.floor.Save(n)
	if err != nil {
		b.Fatal(err)
	}
	if n > 0 {
		l.add("floor", d)
	}
}

func (l *saveLoop) add(k string, d time.Duration) { l.m[k] = append(l.m[k], d) }

// median is the median of measure k, in ms.
func (l *saveLoop) median(k string) float64 { return median(l.m[k]) }

// report reports each measure of keys as its median (k-ms) and its ratio
// to the floor's (k/floor), and the floor's own median (floor-ms).
func (l *saveLoop) report(b *testing.B, keys ...string) {
	f := l.median("floor")
	for _, k := range keys {
		b.ReportMetric(l.median(k), k+"-ms")
		b.ReportMetric(l.median(k)/f, k+"/floor")
	}
	b.ReportMetric(f, "floor-ms")
}

// landings is when a run's results land, from start, as a RunStream's
// callback sees them (see): each TODO's verdict, every verdict, and every
// part the lean worker plays (all but the heavy ones).
type landings struct {
	day            labs.Day
	start          time.Time
	todo           []time.Duration
	verdicts, pure time.Duration
}

func land(day labs.Day) *landings {
	return &landings{day: day, start: time.Now(), todo: make([]time.Duration, len(day.TODOs))}
}

// see is the RunStream callback.
func (w *landings) see(o labs.Outcome) {
	for i, g := range o.Grades {
		if i < len(w.todo) && w.todo[i] == 0 && g.Status != "" {
			w.todo[i] = time.Since(w.start)
		}
	}
	if w.verdicts == 0 && !slices.ContainsFunc(o.Grades, func(g labs.Grade) bool { return g.Status == "" }) {
		w.verdicts = time.Since(w.start)
	}
	if w.pure == 0 && pureDone(w.day, o) {
		w.pure = time.Since(w.start)
	}
}

// pureDone reports whether every part that needs no heavy package (the
// lean worker's) has landed in o.
func pureDone(day labs.Day, o labs.Outcome) bool {
	for i, p := range day.Parts {
		if !p.Heavy && (i >= len(o.Parts) || o.Parts[i].Status == "") {
			return false
		}
	}
	return true
}

// withBranch puts a branch no run takes, on the save's number n, first in
// the body of the function whose signature line is sig: the function is
// new code at every save, whatever its body. cond is the branch's
// condition with a %d for the number, and ret its return.
func withBranch(b testing.TB, src, sig, cond, ret string, n int) string {
	b.Helper()
	if !strings.Contains(src, sig) {
		b.Fatalf("the learner's file has no %q", sig)
	}
	return strings.Replace(src, sig, sig+fmt.Sprintf("\tif "+cond+" { // the save's number: never true\n\t\treturn "+ret+"\n\t}\n", n+1), 1)
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
