package worker_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/day45/course"
	course46 "termlab/labs/day46/course"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	"termlab/solutions/day45"
	solutions46 "termlab/solutions/day46"
)

// A playground session on hostile learner code: a panic is the frame's
// error and the same worker answers the next request; a hang is stopped at
// the bound and the next request gets a fresh worker.
func TestPlaySessionSurvivesHostileCode(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Setenv(worker.LimitEnv, "2s")
	day := course.New(day45.Funcs)
	loan, _ := day.Playground("loan")         // TakeToken, NextEmit
	boundary, _ := day.Playground("boundary") // WindowID, Expired
	for _, c := range []struct {
		fixture, says string
		broken, fine  labs.PlayFigure
	}{
		{"panic", "your code panicked", loan, boundary},      // TakeToken indexes past a slice
		{"hang", "did not answer within 2s", boundary, loan}, // WindowID never returns
	} {
		t.Run(c.fixture, func(t *testing.T) {
			root := t.TempDir()
			if err := worker.CopyLab(filepath.Join("..", ".."), root, labs.Course{day, course46.New(solutions46.Funcs)}); err != nil {
				t.Fatal(err)
			}
			src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "broken", c.fixture, "todo.go"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, "labs", "day45", "todo.go"), src, 0o644); err != nil {
				t.Fatal(err)
			}
			r := worker.Runner{Root: root, Bin: filepath.Join(t.TempDir(), "worker")}
			bin, err := r.Build(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			s := &worker.PlaySession{Bin: bin, Day: day}
			defer s.Close()
			// A panic leaves out the pieces of the figure that call the
			// TODO (Partial), or the whole frame (Error).
			if fr := s.Play(c.broken, c.broken.Defaults()); !strings.Contains(fr.Error+strings.Join(fr.Partial, "; "), c.says) {
				t.Fatalf("%s on %s: %q %q", c.broken.ID, c.fixture, fr.Error, fr.Partial)
			}
			fr := s.Play(c.fine, c.fine.Defaults())
			if fr.Error != "" || fr.Impl != labs.Learner || len(fr.Readouts) == 0 {
				t.Fatalf("%s after the %s: %q (%s)", c.fine.ID, c.fixture, fr.Error, fr.Impl)
			}
		})
	}
}
