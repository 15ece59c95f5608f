package worker_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	"termlab/solutions/day45"
)

// The direct build (direct.go) must build the learner's code as go build
// does: the same files, built both ways, give workers that answer the same
// (every grade and every part of the outcome, heavy parts included: the
// full worker, which links no learner code, asks the lean worker for the
// learner's calls), and a compile error the same message at the same
// file:line.
func TestDirectBuildIsGoBuild(t *testing.T) {
	testrun.Slow(t, "builds the workers both ways")
	root, file, day := copy45(t)
	bins := t.TempDir()
	r := worker.Runner{Root: root, Bin: filepath.Join(bins, "worker")}
	ctx := t.Context()

	// go build with -x records a plan when it compiles the learner's
	// package: the first saves, which go build handles.
	for n := range 2 {
		save(t, file, day, 100+n)
		if _, err := r.Run(ctx, day); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(r.Bin + ".plan"); err != nil {
		t.Fatalf("go build recorded no plan for the direct build: %v", err)
	}

	write := func(t *testing.T, src string) {
		t.Helper()
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// both runs the file as it is through the direct build, then through go
	// build alone, and returns both answers.
	both := func(t *testing.T) (direct, gobuild labs.Outcome, derr, gerr error) {
		t.Helper()
		start := time.Now()
		direct, derr = r.Run(ctx, day)
		if derr == nil {
			// The lean worker was linked by the direct build just now;
			// the full worker, which links no learner code, by neither.
			if fi, err := os.Stat(r.Bin + ".direct"); err != nil || fi.ModTime().Before(start) {
				t.Fatalf("%s was not built directly for this run (%v)", filepath.Base(r.Bin), err)
			}
			if fi, err := os.Stat(r.Bin + "-full"); err != nil || !fi.ModTime().Before(start) {
				t.Fatalf("the full worker was built again for this run (%v)", err)
			}
		}
		t.Setenv(worker.DirectEnv, "0")
		gobuild, gerr = r.Run(ctx, day)
		os.Unsetenv(worker.DirectEnv)
		return direct, gobuild, derr, gerr
	}
	same := func(t *testing.T, direct, gobuild labs.Outcome) {
		t.Helper()
		a, b := untimed(t, direct), untimed(t, gobuild)
		if string(a) != string(b) {
			t.Errorf("the direct build's workers answered\n%s\ngo build's\n%s", a, b)
		}
		if len(direct.Grades) != len(day.TODOs) || len(direct.Parts) != len(day.Parts) {
			t.Errorf("%d grades and %d parts, want %d and %d", len(direct.Grades), len(direct.Parts), len(day.TODOs), len(day.Parts))
		}
	}

	t.Run("stubs", func(t *testing.T) {
		write(t, day.Shipped["todo.go"])
		d, g, derr, gerr := both(t)
		if derr != nil || gerr != nil {
			t.Fatalf("direct: %v; go build: %v", derr, gerr)
		}
		same(t, d, g)
		if d.Passed() != 0 {
			t.Errorf("the stubs pass %d TODOs", d.Passed())
		}
	})
	t.Run("solutions", func(t *testing.T) {
		save(t, file, day, 101)
		d, g, derr, gerr := both(t)
		if derr != nil || gerr != nil {
			t.Fatalf("direct: %v; go build: %v", derr, gerr)
		}
		same(t, d, g)
		if d.Passed() != len(day.TODOs) {
			t.Errorf("the solutions pass %d of %d TODOs", d.Passed(), len(day.TODOs))
		}
	})
	t.Run("compile error", func(t *testing.T) {
		write(t, strings.Replace(day.Shipped["todo.go"], "panic(notDone) // TODO 2", "return undefinedName // TODO 2", 1))
		_, _, derr, gerr := both(t)
		var d, g *worker.BuildError
		if !errors.As(derr, &d) || !errors.As(gerr, &g) {
			t.Fatalf("want a build error both ways; direct: %v; go build: %v", derr, gerr)
		}
		if !reflect.DeepEqual(d.Locations, g.Locations) || len(d.Locations) == 0 {
			t.Errorf("direct: %v\ngo build: %v", d.Locations, g.Locations)
		}
		if len(d.Locations) > 0 && (d.Locations[0].File != "labs/day45/todo.go" || !strings.Contains(d.Locations[0].Msg, "undefinedName")) {
			t.Errorf("the error points at %v", d.Locations[0])
		}
	})
	t.Run("after an error, direct again", func(t *testing.T) {
		save(t, file, day, 102)
		d, g, derr, gerr := both(t)
		if derr != nil || gerr != nil {
			t.Fatalf("direct: %v; go build: %v", derr, gerr)
		}
		same(t, d, g)
	})
}

// untimed is an outcome as indented JSON without what the machine's own
// speed decides: Part 4 times a local and a shared check on the wall
// clock (metrics in ns, and the ⏱ lines that quote them), which differ
// from one run to the next whatever built the worker.
func untimed(t *testing.T, o labs.Outcome) string {
	t.Helper()
	data, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	var strip func(v any) any
	strip = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				x[k] = strip(e)
			}
		case []any:
			out := x[:0]
			for _, e := range x {
				if m, ok := e.(map[string]any); ok && m["unit"] == "ns" {
					continue
				}
				if s, ok := e.(string); ok && strings.HasPrefix(s, "⏱") {
					continue
				}
				out = append(out, strip(e))
			}
			return out
		}
		return v
	}
	data, _ = json.MarshalIndent(strip(v), "", " ")
	return string(data)
}

// The direct build links in a work folder in the temporary folder, and the
// program goes beside the cached one. Many systems keep the temporary
// folder on another file system (a tmpfs /tmp) than the user's cache
// folder: a rename between the two fails, and a direct build that gave up
// there sent every save back to go build.
func TestDirectBuildAcrossFileSystems(t *testing.T) {
	testrun.Slow(t, "builds the workers")
	bins := t.TempDir()
	other := ""
	for _, dir := range []string{"/dev/shm", "/run/user/" + fmt.Sprint(os.Getuid())} {
		if d, err := os.MkdirTemp(dir, "termlab-test-"); err == nil {
			if sameDevice(t, d, bins) {
				os.Remove(d)
				continue
			}
			other = d
			t.Cleanup(func() { os.RemoveAll(d) })
			break
		}
	}
	if other == "" {
		t.Skip("no writable folder on another file system than the test's temporary folder (/dev/shm, /run/user/UID)")
	}
	root, file, day := copy45(t)
	r := worker.Runner{Root: root, Bin: filepath.Join(bins, "worker"), GradesOnly: true}
	ctx := t.Context()
	for n := range 2 { // go build, which records the plan
		save(t, file, day, 200+n)
		if _, err := r.Run(ctx, day); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("TMPDIR", other)
	save(t, file, day, 202)
	start := time.Now()
	o, err := r.Run(ctx, day)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(r.Bin + ".direct"); err != nil || fi.ModTime().Before(start) {
		t.Fatalf("with the temporary folder on another file system, the save was not built directly (%v)", err)
	}
	if o.Passed() != len(day.TODOs) {
		t.Errorf("the solutions pass %d of %d TODOs", o.Passed(), len(day.TODOs))
	}
}

// copy45 is a copy of the lab with Day 45's shipped stubs (CopyLab), its
// learner file and the day.
func copy45(t *testing.T) (root, file string, day labs.Day) {
	t.Helper()
	src, err := worker.FindRoot(".", "termlab")
	if err != nil {
		t.Fatal(err)
	}
	root = t.TempDir()
	day = course.New(day45.Funcs)
	if err := worker.CopyLab(src, root, labs.Course{day}); err != nil {
		t.Fatal(err)
	}
	return root, filepath.Join(root, filepath.FromSlash(day.LearnerDir), "todo.go"), day
}
