package worker_test

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"termlab/labs"
	"termlab/labs/day45/course"
	course46 "termlab/labs/day46/course"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	"termlab/solutions/day45"
	solutions46 "termlab/solutions/day46"
)

// refLab is a copy of the lab with Day 45's learner file replaced by the
// fixture (a folder of testdata/broken), and a Runner on it.
func refLab(t *testing.T, fixture string) (labs.Day, string, *worker.Runner) {
	t.Helper()
	day := course.New(day45.Funcs)
	root := t.TempDir()
	if err := worker.CopyLab(filepath.Join("..", ".."), root, labs.Course{day, course46.New(solutions46.Funcs)}); err != nil {
		t.Fatal(err)
	}
	if fixture != "" {
		src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "broken", fixture, "todo.go"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "labs", "day45", "todo.go"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return day, root, &worker.Runner{Root: root, Bin: filepath.Join(t.TempDir(), "worker")}
}

// The reference's figures come from the reference programs, which never
// compile the learner's file: with a todo.go that does not compile (and a
// helper file of the learner's that does not either), every part of the
// reference still plays, the heavy ones included, and its grades pass.
// The second call reads them from the day's cache without any worker.
func TestReferenceIgnoresTheLearnersFile(t *testing.T) {
	testrun.Slow(t, "builds the reference programs, lean and full")
	day, root, r := refLab(t, "nocompile")
	if err := os.WriteFile(filepath.Join(root, "labs", "day45", "helper.go"), []byte("//go:build termlab\n\npackage day45\n\nfunc helper( {\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Build(context.Background()); err == nil {
		t.Fatal("the fixture compiles: the test would prove nothing")
	}
	o, err := r.Reference(context.Background(), day)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Parts) != len(day.Parts) || len(o.Grades) != len(day.TODOs) {
		t.Fatalf("%d parts, %d grades; want %d and %d", len(o.Parts), len(o.Grades), len(day.Parts), len(day.TODOs))
	}
	for _, p := range o.Parts {
		if p.Status != labs.OK {
			t.Errorf("part %s: %s %s", p.ID, p.Status, p.Detail)
		}
	}
	for _, g := range o.Grades {
		if g.Status != labs.Pass {
			t.Errorf("reference TODO %d: %s %s", g.TODO, g.Status, g.Detail)
		}
	}
	m := o.Metrics()
	for _, pr := range day.Predictions {
		if _, ok := m[pr.Metric]; !ok {
			t.Errorf("prediction %s: no metric %s from the reference", pr.ID, pr.Metric)
		}
	}
	// At rest in the cache the parts hold no answer in plain text (seal.go):
	// not a prediction's metric, nor its figure as the JSON would write it.
	bin, err := worker.CachedBin(root, "x")
	if err != nil {
		t.Fatal(err)
	}
	filepath.WalkDir(filepath.Dir(bin), func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		for _, pr := range day.Predictions {
			if bytes.Contains(data, []byte(`"`+pr.Metric+`"`)) {
				t.Errorf("%s holds %s's metric %s in plain text", path, pr.ID, pr.Metric)
			}
		}
		return nil
	})
	// The second time, parts only: from the cache, so with the programs
	// gone it still answers.
	for _, bin := range []string{r.Bin + "-day45-ref", r.Bin + "-ref", r.Bin + "-ref-full"} {
		os.Remove(bin)
	}
	parts := *r
	parts.PartsOnly, parts.Go = true, filepath.Join(t.TempDir(), "no-go")
	again, err := parts.Reference(context.Background(), day)
	if err != nil {
		t.Fatalf("from the cache: %v", err)
	}
	if got, want := again.Metrics(), o.Metrics(); len(got) != len(want) {
		t.Fatalf("from the cache: %d metrics, want %d", len(got), len(want))
	}
}

// The reference program depends only on the course's code: an edit of the
// learner's file (here, from the stubs to a file that does not compile)
// leaves it as it was, not linked again.
func TestReferenceProgramKeptAcrossLearnerEdits(t *testing.T) {
	testrun.Slow(t, "builds the reference program")
	day, root, r := refLab(t, "")
	bin, err := r.ReferenceBuild(context.Background(), day)
	if err != nil {
		t.Fatal(err)
	}
	learnerBin, err := r.Build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if bin == learnerBin {
		t.Fatalf("the reference program is the learner's: %s", bin)
	}
	before, err := os.Stat(bin)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "broken", "nocompile", "todo.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "labs", "day45", "todo.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := r.ReferenceBuild(context.Background(), day)
	if err != nil {
		t.Fatalf("after the learner's edit: %v", err)
	}
	after, err := os.Stat(again)
	if err != nil {
		t.Fatal(err)
	}
	// go build touches an up-to-date program (its time moves) but a link
	// writes a new file in its place: the same file is the program kept.
	if again != bin || !os.SameFile(before, after) {
		t.Fatalf("the reference program was linked again: %s → %s", bin, again)
	}
}

// A playground session on the reference program plays the reference's
// frames, whatever the learner's file holds (here a TakeToken that
// panics: the learner's session on the same figure fails).
func TestPlaySessionOnTheReference(t *testing.T) {
	testrun.Slow(t, "builds the reference program")
	day, _, r := refLab(t, "panic")
	loan, _ := day.Playground("loan")
	bin, err := r.ReferenceBuild(context.Background(), day)
	if err != nil {
		t.Fatal(err)
	}
	s := &worker.PlaySession{Bin: bin, Day: day, Impl: labs.Reference}
	defer s.Close()
	for _, tokens := range []float64{0, 1} {
		v := loan.Defaults()
		for _, k := range loan.Knobs {
			v[k.Name] = k.Clamp(v[k.Name] + tokens*k.Step)
		}
		fr := s.Play(loan, v)
		if fr.Error != "" || fr.Impl != labs.Reference || len(fr.Readouts) == 0 {
			t.Fatalf("reference frame: %q (%s, %d readouts)", fr.Error, fr.Impl, len(fr.Readouts))
		}
	}
}
