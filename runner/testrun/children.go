package testrun

import (
	"os"
	"strings"
	"testing"
)

// DeferredEnv names the file, when set, where a test binary built with
// the race detector lists the tests ChildrenOnly skipped: one line each,
// the package's folder and the test's name, separated by a tab. .ci/stages
// sets it for its race run and then runs exactly those tests without the
// detector (stage d1b), in the same copy and at the same stage of the
// learner's work, so nothing the race run checked is left out.
const DeferredEnv = "TERMLAB_TEST_DEFERRED"

// packageDir is the test binary's package folder: where go test starts it,
// read before any TestMain or test could change the working folder.
var packageDir, packageDirErr = os.Getwd()

// ChildrenOnly marks t as a test whose work is done by child processes: go
// build, go vet and go test of a copy of the module, or the lab's own
// binary and its workers, none of them built with -race. Under the race
// detector it skips t, and lists it in DeferredEnv's file when that is
// set: the detector watches only the test binary, which here mostly
// waits, so the run would pay the test's minutes for no race it could
// find. Without the detector it does nothing. what says what the children
// do.
//
// Only for tests whose own goroutines do nothing the detector could
// catch: a test that shares memory between goroutines of its own stays
// in the race run.
func ChildrenOnly(t testing.TB, what string) {
	t.Helper()
	if !Race {
		return
	}
	if path := os.Getenv(DeferredEnv); path != "" {
		name, _, _ := strings.Cut(t.Name(), "/")
		dir, err := packageDir, packageDirErr
		if err != nil {
			t.Fatalf("listing %s for the run without the race detector: %v", name, err)
		}
		// One short write with O_APPEND: lines from test binaries running
		// at once do not interleave.
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err == nil {
			_, err = f.WriteString(dir + "\t" + name + "\n")
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			t.Fatalf("listing %s for the run without the race detector: %v", name, err)
		}
	}
	t.Skipf("%s: child processes without the race detector; run without it (.ci/stages, stage d1b)", what)
}
