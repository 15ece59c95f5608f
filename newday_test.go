package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"termlab/runner/testrun"
)

// A third day is one package and one step: in a copy of the lab, new-day
// writes a skeleton in Day 46's shape that builds and vets (with and
// without the learner's tag),
// registers itself everywhere (the list, both workers, the screens' test),
// grades as the reference passing and the stub unfinished, and passes the
// authors' check. Slow (it builds the module and the workers): run by
// .ci/run, not by the default go test ./... (testrun.Slow).
func TestANewDayIsOnePackageAndOneStep(t *testing.T) {
	testrun.Slow(t, "builds and tests a whole copy of the lab")
	// The longest of the root package's tests (a whole copy built, vetted
	// and tested): beside the others, not ahead of them.
	t.Parallel()
	l := newLab(t, "")
	copyTests(t, ".", l.root)
	l.want(l.run("new-day", "47", "Throwaway"), 0)

	for _, bad := range [][]string{
		{"new-day", "47", "Again"},   // exists
		{"new-day", "046", "Zero"},   // leading zero
		{"new-day", "4x", "Letters"}, // not a number
		{"new-day", "48", ""},        // no title
		{"new-day", "48", strings.Repeat("long ", 20)},
		{"new-day", "48"},
	} {
		r := l.run(bad...)
		l.want(r, exitUsage)
		if !strings.Contains(r.stderr, "usage: go run . new-day") {
			t.Errorf("%v: no usage line:\n%s", bad, r)
		}
	}

	gocmd := func(args ...string) string {
		t.Helper()
		ctx, cancel := testrun.Context(t)
		defer cancel()
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir, cmd.Env = l.root, childEnv()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	gocmd("build", "./...")
	// Vetted as go test builds it (the learner's file left out) and as the
	// worker does (with it); author/kit's tests, run below in the copy,
	// compare the new day's tree with Day 46's (TestNewDayHasDay46sShape).
	gocmd("vet", "./labs/day47/...", "./solutions/day47/")
	gocmd("vet", "-tags", "termlab", "./...")
	gocmd("test", "-count=1", "./labs/day47/...", "./author/kit/")
	gocmd("test", "-count=1", "-run", "TestEveryRegisteredDayFits80x24/47", "./tui/")

	// The runner built from the copy knows the new day.
	l.bin = filepath.Join(l.root, "termlab-with-47")
	gocmd("build", "-o", l.bin, ".")
	list := l.run("list")
	l.want(list, 0)
	if !strings.Contains(list.stdout, "Day 47  Throwaway") {
		t.Errorf("list:\n%s", list)
	}
	l.want(l.run("grade", "47", "--solutions"), 0)
	stub := l.run("grade", "47")
	l.want(stub, exitNotOK)
	if !strings.Contains(stub.stdout, "unfinished") {
		t.Errorf("grade 47:\n%s", stub)
	}
	check := l.run("check")
	l.want(check, 0)
	for _, want := range []string{"registration: 3 days", "ok   day 47: the equivalence suite passes", "ok   day 47: the shipped stub of TODO 1 grades as unfinished", "all checks pass"} {
		if !strings.Contains(check.stdout, want) {
			t.Errorf("check lacks %q:\n%s", want, check)
		}
	}
}

// copyTests adds the module's tests (which worker.CopyLab leaves out) to a
// copy of the lab, so the copy's check runs each day's equivalence suite
// and the screens' test runs there. The learner's folders hold no tests.
func copyTests(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, path), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
