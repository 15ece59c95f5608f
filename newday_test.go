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

// A new day is one package and one step, and right after new-day the
// suite passes: in a copy of the lab (the shipped stubs, the module's tests
// and its texts: the README and the page of timings, which the hindsight
// tests read), new-day writes two skeletons in Day 46's shape, one with its
// model named, that build and vet (with and without the learner's tag),
// register themselves everywhere (the list, both workers, the screens'
// test), pass the tests that read every registered day (the hindsight tests
// of labs/registry, the screens' 80×24 test) and their own, grade as the
// reference passing and the stub unfinished, and pass the authors' check.
// It once failed on the skeleton's answer, 20, which was in the README.
//
// One copy for both checks: author/kit had a test of its own that copied,
// vetted and tested the module again (251 s of wall time in a race run at
// load 20, 2026-12-06); it is this test now.
//
// Slow (it builds, vets and tests a whole copy of the module): run by
// .ci/run, not by the default go test ./... (testrun.Slow); and every
// command it runs is a child process without the race detector, so the
// race run leaves it to the run after it (testrun.ChildrenOnly).
func TestANewDayIsOnePackageAndOneStep(t *testing.T) {
	testrun.Slow(t, "builds and tests a whole copy of the lab with two new days")
	testrun.ChildrenOnly(t, "go build, vet and test of a copy of the module")
	// The longest of the root package's tests: beside the others, not
	// ahead of them.
	t.Parallel()
	l := newLab(t, "")
	copyTestsAndTexts(t, ".", l.root)
	l.want(l.run("new-day", "47", "Throwaway"), 0)
	l.want(l.run("new-day", "48", "Named model", "--model", "queue"), 0)

	for _, bad := range [][]string{
		{"new-day", "47", "Again"},   // exists
		{"new-day", "046", "Zero"},   // leading zero
		{"new-day", "4x", "Letters"}, // not a number
		{"new-day", "49", ""},        // no title
		{"new-day", "49", strings.Repeat("long ", 20)},
		{"new-day", "49"},
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
	// Vetted as go test builds it (the learner's file left out, every
	// test file in) and as the worker does (with it); author/kit's tests,
	// run below in the copy, compare the new days' trees with Day 46's
	// (TestNewDayHasDay46sShape).
	gocmd("vet", "./...")
	gocmd("vet", "-tags", "termlab", "./...")
	// The registry's tests hold each new day too: TestNoHindsightInGrades
	// grades its state-keeping TODO from the file new-day wrote there.
	gocmd("test", "-count=1", "./labs/registry/...", "./labs/day47/...", "./labs/day48/...", "./solutions/day47/", "./solutions/day48/", "./author/kit/")
	gocmd("test", "-count=1", "-run", "TestEveryRegisteredDayFits80x24/4[78]", "./tui/")

	// The runner built from the copy knows the new day.
	l.bin = filepath.Join(l.root, "termlab-with-47")
	gocmd("build", "-o", l.bin, ".")
	list := l.run("list")
	l.want(list, 0)
	for _, want := range []string{"Day 47  Throwaway", "Day 48  Named model"} {
		if !strings.Contains(list.stdout, want) {
			t.Errorf("list lacks %q:\n%s", want, list)
		}
	}
	l.want(l.run("grade", "47", "--solutions"), 0)
	stub := l.run("grade", "47")
	l.want(stub, exitNotOK)
	if !strings.Contains(stub.stdout, "unfinished") {
		t.Errorf("grade 47:\n%s", stub)
	}
	check := l.run("check")
	l.want(check, 0)
	for _, want := range []string{"registration: 4 days", "ok   day 47: the equivalence suite passes", "ok   day 47: the shipped stub of TODO 1 grades as unfinished", "all checks pass"} {
		if !strings.Contains(check.stdout, want) {
			t.Errorf("check lacks %q:\n%s", want, check)
		}
	}
}

// copyTestsAndTexts adds to a copy of the lab what worker.CopyLab leaves
// out: the module's tests, so the copy's check runs each day's equivalence
// suite and the screens' test runs there, and every other file that is not
// Go source (the README, docs/, the pages of timings, testdata), which the
// hindsight tests read. Nothing of the learner's is copied: their Go files
// stay the shipped ones CopyLab wrote (the learner's folders hold no
// tests), and their records (predictions/, RESULTS.md, the kept versions
// in .kept/) stay behind.
func copyTestsAndTexts(t *testing.T, src, dst string) {
	t.Helper()
	learner := map[string]bool{}
	for _, day := range course {
		learner[filepath.FromSlash(strings.Trim(day.LearnerDir, "/"))] = true
	}
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || path == "predictions") {
				return filepath.SkipDir
			}
			return nil
		}
		if path == "RESULTS.md" {
			return nil
		}
		test := strings.HasSuffix(path, "_test.go")
		if !d.Type().IsRegular() || (strings.HasSuffix(path, ".go") && !test) || (learner[filepath.Dir(path)] && (test || strings.HasSuffix(path, ".go"))) {
			return nil
		}
		to := filepath.Join(dst, path)
		if _, err := os.Stat(to); err == nil {
			return nil // CopyLab's copy stands
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
