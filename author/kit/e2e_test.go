package kit

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"termlab/runner/testrun"
)

// Right after new-day the suite passes: in a copy of this repository (its
// README and page of timings included, which the hindsight tests read),
// two new days, one with its model named, vet (the learner's files too)
// and pass the tests that read every registered day (the hindsight tests
// of labs/registry, the screens' 80×24 test) and their own. It once failed here: the skeleton's
// answer, 20, was in the README. Slow (it builds a whole copy of the
// module): run by .ci/run, not by the default go test ./...
func TestANewDayPassesTheSuite(t *testing.T) {
	testrun.Slow(t, "builds and tests a copy of the module with two new days")
	root := copyRepo(t, filepath.Join("..", ".."))
	if _, err := NewDay(root, 47, "Throwaway", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := NewDay(root, 48, "Named model", "queue"); err != nil {
		t.Fatal(err)
	}
	gocmd := func(args ...string) {
		t.Helper()
		ctx, cancel := testrun.Context(t)
		defer cancel()
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = root
		// The default suite, as a learner or author runs it.
		cmd.Env = append(os.Environ(), testrun.AllEnv+"=", "GOFLAGS=-buildvcs=false")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	gocmd("vet", "./...")
	gocmd("vet", "-tags", "termlab", "./labs/day47/...", "./labs/day48/...")
	// The registry's tests hold each new day too: TestNoHindsightInGrades
	// grades its state-keeping TODO from the file new-day wrote there.
	gocmd("test", "-count=1", "./labs/registry/...", "./labs/day47/...", "./labs/day48/...", "./solutions/day47/", "./solutions/day48/")
	gocmd("test", "-count=1", "-run", "TestEveryRegisteredDayFits80x24/4[78]", "./tui/")
}

// copyRepo copies the module at src, tests and texts included, without
// its git folder, into a temporary folder.
func copyRepo(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
