package worker_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course"
	course46 "termlab/labs/day46/course"
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
// The floor, measured in the same op: what any compiled-Go exercise runner
// must do at least after a save (golings, for one): build a main that
// imports a one-function learner package whose body just changed, and run
// it. Ratios to it are what a machine's speed does not change.
//
// One op is one save of each. ns/op is the mean of both together; the
// medians over the saves of the run: floor-ms, verdicts-ms (every TODO
// graded), pure-ms (every part of the lean worker too: all but the heavy
// ones), median-ms (every part) and their ratios to the floor, and each
// figure's fastest and slowest save. author/benchtable judges the ratios
// against their lines (1×, 2×, 4×) when there were 8 saves or more.

func BenchmarkSaveToOutcome(b *testing.B) {
	if testing.Short() {
		b.Skip("builds the lab: not in -short")
	}
	day := course.New(day45.Funcs)
	r, floor, learnerFile := newSaveLoop(b, day)
	ctx := context.Background()

	// A first run fills the caches for the copy (its packages are cached by
	// folder, and Part 4's shared runs by the day's version): what a
	// learner's first `go run .` of the day does, not a save.
	save(b, learnerFile, day, 0)
	if _, err := r.Run(ctx, day); err != nil {
		b.Fatalf("the copy does not build: %v", err)
	}
	floor.save(b, 0)

	var floors, verdicts, pures, total []time.Duration
	n := 0
	for b.Loop() {
		n++
		floors = append(floors, floor.save(b, n))

		save(b, learnerFile, day, n)
		start := time.Now()
		var graded, pure time.Duration
		out, err := r.RunStream(ctx, day, func(o labs.Outcome) {
			if graded == 0 && !slices.ContainsFunc(o.Grades, func(g labs.Grade) bool { return g.Status == "" }) {
				graded = time.Since(start)
			}
			if pure == 0 && pureDone(day, o) {
				pure = time.Since(start)
			}
		})
		done := time.Since(start)
		if err != nil {
			b.Fatalf("save %d: %v", n, err)
		}
		verdicts, pures, total = append(verdicts, graded), append(pures, pure), append(total, done)
		if out.Passed() != len(day.TODOs) {
			b.Fatalf("save %d: %d of %d TODOs pass, want all: %+v", n, out.Passed(), len(day.TODOs), out.Grades)
		}
		for _, p := range out.Parts {
			if p.Status != labs.OK {
				b.Fatalf("save %d: part %s %s: %s", n, p.ID, p.Status, p.Detail)
			}
		}
	}
	f := median(floors)
	b.ReportMetric(f, "floor-ms")
	b.ReportMetric(median(verdicts), "verdicts-ms")
	b.ReportMetric(median(pures), "pure-ms")
	b.ReportMetric(median(total), "median-ms")
	b.ReportMetric(median(verdicts)/f, "verdicts/floor")
	b.ReportMetric(median(pures)/f, "pure/floor")
	b.ReportMetric(median(total)/f, "outcome/floor")
	for _, m := range []struct {
		name string
		ds   []time.Duration
	}{{"verdicts", verdicts}, {"pure", pures}, {"all", total}, {"floor", floors}} {
		b.ReportMetric(float64(slices.Min(m.ds))/1e6, m.name+"-min-ms")
		b.ReportMetric(float64(slices.Max(m.ds))/1e6, m.name+"-max-ms")
	}
	b.Logf("%d saves: verdicts %v, pure parts %v, every part %v; floor %v", n, verdicts, pures, total, floors)
}

// newSaveLoop is a save loop's setting: a runner on a copy of the module,
// the floor beside it, and the path of day's learner file in the copy.
func newSaveLoop(b *testing.B, day labs.Day) (worker.Runner, *floorLoop, string) {
	b.Helper()
	root := copyModule(b)
	// Keep: the screens' runner keeps what a save cannot reach (keep.go).
	r := worker.Runner{Root: root, Bin: filepath.Join(b.TempDir(), "worker"), Keep: &worker.Keep{}}
	return r, newFloor(b), filepath.Join(root, filepath.FromSlash(day.LearnerDir), "todo.go")
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

// floorLoop is the floor's module: a main and a one-function package.
type floorLoop struct {
	dir, bin, learner string
}

func newFloor(b *testing.B) *floorLoop {
	b.Helper()
	dir := b.TempDir()
	f := &floorLoop{dir: dir, bin: filepath.Join(dir, "exercise"), learner: filepath.Join(dir, "learner", "learner.go")}
	files := map[string]string{
		"go.mod":  "module floor\n\ngo 1.26\n",
		"main.go": "package main\n\nimport (\n\t\"fmt\"\n\n\t\"floor/learner\"\n)\n\nfunc main() { fmt.Println(learner.Add(2, 3) == 5) }\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	os.MkdirAll(filepath.Dir(f.learner), 0o755)
	return f
}

// save writes the exercise as save n (a new body each time), builds it and
// runs it, as a watch loop of any compiled-Go exercise runner does.
func (f *floorLoop) save(b *testing.B, n int) time.Duration {
	b.Helper()
	src := fmt.Sprintf("package learner\n\n// Add is the exercise.\nfunc Add(a, b int) int {\n\tif a == -%d {\n\t\treturn 0\n\t}\n\treturn a + b\n}\n", n+1)
	if err := os.WriteFile(f.learner, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	build := exec.Command("go", "build", "-o", f.bin, ".")
	build.Dir = f.dir
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("the floor's exercise does not build: %v\n%s", err, out)
	}
	out, err := exec.Command(f.bin).Output()
	if err != nil || strings.TrimSpace(string(out)) != "true" {
		b.Fatalf("the floor's exercise answered %q, %v", out, err)
	}
	return time.Since(start)
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
func save(b testing.TB, path string, day labs.Day, n int) {
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
