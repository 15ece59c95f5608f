package worker_test

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"termlab/labs"
	"termlab/labs/registry"
	"termlab/runner/testrun"
	"termlab/runner/worker"
)

// Each day builds and runs on its own: a learner who left one day's file
// not compiling, panicking or hanging as it loads can still work every
// other day, whose grades are those of its own file. Both directions, on a
// copy of the lab (worker.CopyLab) whose other day holds the fault.
func TestADayBuildsAndRunsWithAnotherDayBroken(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	root, err := worker.FindRoot(".", "termlab")
	if err != nil {
		t.Fatal(err)
	}
	// A worker that hung would be stopped at this bound and its grades be
	// timeouts, which the check below tells from the stubs' verdicts.
	t.Setenv(worker.LimitEnv, "5s")
	faults := map[string]string{
		"does not compile":   "this is not Go\n",
		"panics as it loads": "func init() { panic(\"broken on purpose\") }\n",
		"hangs as it loads":  "func init() { select {} }\n",
	}
	days := registry.Days
	if len(days) < 2 {
		t.Skip("one day: nothing to keep apart")
	}
	for _, pair := range [][2]labs.Day{{days[0], days[1]}, {days[1], days[0]}} {
		broken, run := pair[0], pair[1]
		for what, body := range faults {
			t.Run("day "+strconv.Itoa(broken.Number)+" "+what+", day "+strconv.Itoa(run.Number)+" runs", func(t *testing.T) {
				tmp := t.TempDir()
				if err := worker.CopyLab(root, tmp, days); err != nil {
					t.Fatal(err)
				}
				file := filepath.Join(tmp, filepath.FromSlash(broken.LearnerDir), "broken.go")
				src := "//go:build termlab\n\npackage " + filepath.Base(broken.LearnerDir) + "\n\n" + body
				if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
				r := worker.Runner{Root: tmp, GradesOnly: true, Bin: filepath.Join(t.TempDir(), "worker")}
				o, err := r.Run(t.Context(), run)
				if err != nil {
					t.Fatalf("day %d with day %d broken: %v", run.Number, broken.Number, err)
				}
				// The shipped stubs, whatever the other day holds: every TODO
				// unfinished, none crashed or timed out.
				for _, g := range o.Grades {
					if g.Status != labs.Unfinished {
						t.Errorf("TODO %d: %s (%s), want the stub's unfinished", g.TODO, g.Status, g.Detail)
					}
				}
				// And the broken day is still broken on its own.
				if what == "does not compile" {
					_, err := r.Run(t.Context(), broken)
					var be *worker.BuildError
					if !errors.As(err, &be) {
						t.Errorf("day %d itself: %v, want its compile error", broken.Number, err)
					}
				}
			})
		}
	}
}
