package worker_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/runner/worker"
)

// The lab's own faults are the lab's: a cached worker that cannot run is
// built again once, and when even that cannot run the learner is told it is
// the lab's problem and what to do, never that their code failed to build
// or called os.Exit.
func TestABrokenCachedWorkerIsRebuilt(t *testing.T) {
	f := boxFixture(t)
	t.Setenv(fixtureEnv, "")
	tests := []struct {
		name  string
		spoil func(bin string) error
	}{
		{"zero-filled", func(bin string) error {
			fi, err := os.Stat(bin)
			if err != nil {
				return err
			}
			return os.WriteFile(bin, make([]byte, fi.Size()), 0o755)
		}},
		{"not executable", func(bin string) error { return os.Chmod(bin, 0o644) }},
		{"deleted", os.Remove},
		{"cut short", func(bin string) error { return os.Truncate(bin, 10) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bin := filepath.Join(t.TempDir(), "worker")
			r := worker.Runner{Root: f.root, Bin: bin, GradesOnly: true}
			if _, err := r.Build(t.Context()); err != nil {
				t.Fatal(err)
			}
			if err := tc.spoil(bin); err != nil {
				t.Fatal(err)
			}
			o, err := r.Run(t.Context(), fixtureDay)
			if err != nil {
				t.Fatalf("after a rebuild the run should work: %v", err)
			}
			for _, g := range o.Grades {
				if g.Status != labs.Unfinished {
					t.Errorf("TODO %d: %s %q, want the stubs' unfinished", g.TODO, g.Status, g.Detail)
				}
			}
		})
	}
}

// A go command that "builds" a program that can never run (as a noexec
// cache folder would give): the lab says it is its own problem, with what to
// do, after one rebuild.
func TestAWorkerThatNeverRunsIsTheLabsProblem(t *testing.T) {
	f := boxFixture(t)
	fakeGo := filepath.Join(t.TempDir(), "go")
	script := "#!/bin/sh\nwhile [ \"$1\" != -o ]; do shift; done\nhead -c 4096 /dev/zero > \"$2\"\nchmod +x \"$2\"\n"
	if err := os.WriteFile(fakeGo, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	r := worker.Runner{Root: f.root, Bin: filepath.Join(t.TempDir(), "worker"), Go: fakeGo, GradesOnly: true}
	_, err := r.Run(t.Context(), fixtureDay)
	var lab *worker.LabError
	if !errors.As(err, &lab) {
		t.Fatalf("got %v, want a *worker.LabError", err)
	}
	msg := err.Error()
	for _, want := range []string{"problem with the lab, not with your code", "Delete the folder", "noexec"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not say %q", msg, want)
		}
	}
	for _, never := range []string{"os.Exit", "does not compile"} {
		if strings.Contains(msg, never) {
			t.Errorf("message %q blames the learner (%q)", msg, never)
		}
	}
}

// Sweep drops stale scratch folders and answer files, and the cache folders
// of clones that are gone; it keeps fresh ones and live clones.
func TestSweep(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	cache := t.TempDir()
	old := time.Now().Add(-2 * time.Hour)
	mk := func(path string, dir bool, at time.Time) {
		t.Helper()
		if dir {
			os.MkdirAll(path, 0o755)
		} else {
			os.WriteFile(path, []byte("x"), 0o644)
		}
		os.Chtimes(path, at, at)
	}
	mk(filepath.Join(tmp, "termlab-answer-1.json"), false, old)
	mk(filepath.Join(tmp, "termlab-scratch-1"), true, old)
	mk(filepath.Join(tmp, "termlab-scratch-2"), true, time.Now()) // a run going on now
	mk(filepath.Join(tmp, "someone-else"), false, old)
	mk(filepath.Join(tmp, "termlab-build-1", "go-build1"), true, old) // a killed build
	mk(filepath.Join(tmp, "termlab-build-1"), true, old)
	mk(filepath.Join(tmp, "termlab-build-2"), true, time.Now())
	mk(filepath.Join(tmp, "termlab-check-1"), true, old)
	live := t.TempDir()
	os.WriteFile(filepath.Join(live, "go.mod"), []byte("module termlab\n"), 0o644)
	// The live clone's folder is named as CachedBin names it; another folder
	// of the same clone is from an older naming (SHA-256's) and goes.
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CACHE_HOME", home)
	bin, err := worker.CachedBin(live, "x")
	if err != nil {
		t.Fatal(err)
	}
	current := filepath.Base(filepath.Dir(bin))
	for name, root := range map[string]string{"gone": filepath.Join(live, "deleted-clone"), current: live, "0123456789ab": live} {
		os.MkdirAll(filepath.Join(cache, name), 0o755)
		os.WriteFile(filepath.Join(cache, name, "root"), []byte(root), 0o644)
	}
	os.MkdirAll(filepath.Join(cache, "unrecorded"), 0o755)
	// A record read while it is being written says nothing yet: a folder
	// whose record is empty stays (it was once swept from under a build).
	os.MkdirAll(filepath.Join(cache, "being-written"), 0o755)
	os.WriteFile(filepath.Join(cache, "being-written", "root"), nil, 0o644)

	worker.Sweep(cache, time.Hour)

	for path, want := range map[string]bool{
		filepath.Join(tmp, "termlab-answer-1.json"): false,
		filepath.Join(tmp, "termlab-scratch-1"):     false,
		filepath.Join(tmp, "termlab-scratch-2"):     true,
		filepath.Join(tmp, "someone-else"):          true,
		filepath.Join(tmp, "termlab-build-1"):       false,
		filepath.Join(tmp, "termlab-build-2"):       true,
		filepath.Join(tmp, "termlab-check-1"):       false,
		filepath.Join(cache, "gone"):                false,
		filepath.Join(cache, current):               true,
		filepath.Join(cache, "0123456789ab"):        false,
		filepath.Join(cache, "unrecorded"):          true,
		filepath.Join(cache, "being-written"):       true,
	} {
		if _, err := os.Stat(path); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", path, err == nil, want)
		}
	}
}
