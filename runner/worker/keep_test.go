package worker_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"termlab/labs"
	course46 "termlab/labs/day46/course"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	solutions46 "termlab/solutions/day46"
)

// A save re-runs only what it changed (keep.go), and what it re-runs is
// everything the change can reach: on a copy of the module, a runner
// that keeps results (as the screens' does) against one that does not,
// save by save. Each row is a save: the tasks the keeping runner must
// start, and the outcome, which must be the full run's.
func TestASaveRerunsOnlyWhatItChanged(t *testing.T) {
	testrun.Slow(t, "builds the worker and runs Day 46 eight times, most of them a few tasks")
	root, err := worker.FindRoot(".", "termlab")
	if err != nil {
		t.Fatal(err)
	}
	day := course46.New(solutions46.Funcs)
	tmp := t.TempDir()
	if err := worker.CopyLab(root, tmp, labs.Course{day}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(tmp, filepath.FromSlash(day.LearnerDir), "todo.go")
	bin := filepath.Join(t.TempDir(), "worker")
	var started atomic.Int64
	keeping := &worker.Runner{Root: tmp, Bin: bin, Keep: &worker.Keep{}}
	worker.CountTasks(keeping, &started)
	var mu sync.Mutex
	var ran []string // the tasks of a save, as kind:id
	worker.OnTask(keeping, func(kind, id string) {
		mu.Lock()
		defer mu.Unlock()
		ran = append(ran, kind+" "+id)
	})
	full := &worker.Runner{Root: tmp, Bin: bin}
	fullRuns := map[string]labs.Outcome{}

	// DRRVisit (TODO 2) calling FairShare (TODO 1): its grade, and its
	// parts, then depend on FairShare's body too.
	const drrFirst = "\tdeficit += quantum\n"
	callsFairShare := func(src string) string {
		return strings.Replace(src, drrFirst, "\tif len(FairShare(1, []float64{1})) != 1 {\n\t\treturn 0, deficit\n\t}\n"+drrFirst, 1)
	}
	const fsFirst = "\torder := make([]int, len(demands))\n"
	breaksFairShare := func(src string) string {
		return strings.Replace(src, fsFirst, "\tpanic(\"broken on purpose\")\n"+fsFirst, 1)
	}
	// Overlap (TODO 4): Part 6 plays again, and of Part 5 only the piece
	// that calls it (pieces.go); Part 5's 100 deals of ShardOf's shards
	// are kept.
	const overlapOpen = "func Overlap(a, b []int) int {\n"
	changesOverlap := func(n int) func(string) string {
		return func(src string) string {
			return strings.Replace(src, overlapOpen, overlapOpen+fmt.Sprintf("\tif len(a) == -%d {\n\t\treturn 0\n\t}\n", n), 1)
		}
	}
	tasks := len(day.TODOs) + len(day.Parts)
	uses := func(todos ...int) int { // the grades of todos, and the parts that use any
		n := len(todos)
		for _, p := range day.Parts {
			for _, u := range p.Uses {
				if slices.Contains(todos, u) {
					n++
					break
				}
			}
		}
		return n
	}
	// Every right save does what the reference does, whatever no-op
	// branch makes it new code: the first save's full run stands for it.
	right, err := testrun.Day46Save(tmp, 1, testrun.Day46Right)
	if err != nil {
		t.Fatal(err)
	}
	for _, save := range []struct {
		name  string
		n     int
		edit  func(string) string
		tasks int  // the keeping runner starts
		check bool // against a full run
		want  func(labs.Outcome) string
		ran   []string // the tasks it starts, when said
		like  string   // the files of a save whose full run this one's outcome is
	}{
		{"the first run runs everything", 0, nil, tasks, false, nil, nil, ""},
		{"the same files again run nothing", 0, nil, 0, false, nil, nil, ""},
		{"FairShare's body: TODO 1 and the parts that use it", 1, nil, uses(1), true, nil, nil, ""},
		{"DRRVisit now calls FairShare: TODO 2 and its parts", 1, callsFairShare, uses(2), false, nil, nil, ""},
		{"FairShare panics: TODO 2 calls it, so it is graded again", 1, func(s string) string { return breaksFairShare(callsFairShare(s)) }, uses(1, 2), true,
			func(o labs.Outcome) string {
				if g := o.Grades[1]; g.Status != labs.Crash {
					return "TODO 2, whose DRRVisit calls the panicking FairShare, is " + string(g.Status) + ": a grade kept from before"
				}
				return ""
			}, nil, ""},
		{"back to the third save's code: kept from two runs before", 1, nil, 0, true, nil, nil, ""},
		{"Overlap's body: TODO 4, Part 6 and Part 5's overlap piece", 1, changesOverlap(1), uses(4), true, nil,
			[]string{"grade 4", "pieces 5:2", "pieces 6:0"}, right},
	} {
		src, err := testrun.Day46Save(tmp, save.n, testrun.Day46Right)
		if err != nil {
			t.Fatal(err)
		}
		if save.edit != nil {
			edited := save.edit(src)
			if edited == src {
				t.Fatalf("%s: the edit found nothing to change in solutions/day46", save.name)
			}
			src = edited
		}
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		started.Store(0)
		ran = nil
		// The kept results land first, all at once; a part played beside
		// a lone grade lands after every verdict.
		var early []string // parts played that landed before every verdict
		updates := 0
		landed := make([]bool, len(day.Parts))
		got, err := keeping.RunStream(t.Context(), day, func(o labs.Outcome) {
			graded := !slices.ContainsFunc(o.Grades, func(g labs.Grade) bool { return g.Status == "" })
			for i, p := range o.Parts {
				if p.Status != "" && !landed[i] {
					landed[i] = true
					if updates > 0 && !graded {
						early = append(early, p.ID)
					}
				}
			}
			updates++
		})
		if err != nil {
			t.Fatalf("%s: %v", save.name, err)
		}
		if len(early) > 0 {
			t.Errorf("%s: parts %v shown before every verdict", save.name, early)
		}
		if n := started.Load(); n != int64(save.tasks) {
			t.Errorf("%s: %d tasks started, want %d", save.name, n, save.tasks)
		}
		slices.Sort(ran)
		if save.ran != nil && !slices.Equal(ran, save.ran) {
			t.Errorf("%s: tasks %q, want %q", save.name, ran, save.ran)
		}
		if save.want != nil {
			if msg := save.want(got); msg != "" {
				t.Errorf("%s: %s", save.name, msg)
			}
		}
		if !save.check {
			continue
		}
		want, ok := fullRuns[src] // the same files, the same full outcome
		if !ok && save.like != "" {
			// Code that does what an earlier save's did, every TODO right:
			// that save's full run is this one's.
			want, ok = fullRuns[save.like]
		}
		if !ok {
			want, err = full.Run(t.Context(), day)
			if err != nil {
				t.Fatalf("%s, the full run: %v", save.name, err)
			}
			fullRuns[src] = want
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the outcome differs from a full run's:%s", save.name, outcomeDiff(got, want))
		}
	}
}

// outcomeDiff names the grades and parts in which got and want differ.
func outcomeDiff(got, want labs.Outcome) string {
	var b strings.Builder
	if got.Day != want.Day || got.Impl != want.Impl || len(got.Grades) != len(want.Grades) || len(got.Parts) != len(want.Parts) {
		fmt.Fprintf(&b, "\n day %d %s, %d grades, %d parts; want day %d %s, %d grades, %d parts",
			got.Day, got.Impl, len(got.Grades), len(got.Parts), want.Day, want.Impl, len(want.Grades), len(want.Parts))
		return b.String()
	}
	for i := range got.Grades {
		if g, w := got.Grades[i], want.Grades[i]; !reflect.DeepEqual(g, w) {
			fmt.Fprintf(&b, "\n TODO %d: %s %q, want %s %q", w.TODO, g.Status, g.Detail, w.Status, w.Detail)
		}
	}
	for i := range got.Parts {
		if p, w := got.Parts[i], want.Parts[i]; !reflect.DeepEqual(p, w) {
			fmt.Fprintf(&b, "\n Part %s: %s (TODO %d) %q, %d lines, want %s (TODO %d) %q, %d lines", w.ID, p.Status, p.TODO, p.Detail, len(p.Lines), w.Status, w.TODO, w.Detail, len(w.Lines))
		}
	}
	return b.String()
}
