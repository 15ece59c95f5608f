package testrun

import (
	"os"
	"path/filepath"
	"testing"
)

// Under the race detector ChildrenOnly skips its test and lists it, by its
// package's folder and its top-level name, in DeferredEnv's file, which
// .ci/stages reads to run it next without the detector; without the
// detector it lets the test run.
func TestChildrenOnlyListsWhatItSkipsUnderRace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deferred")
	t.Setenv(DeferredEnv, path)
	ran := false
	t.Run("sub", func(t *testing.T) {
		ChildrenOnly(t, "nothing")
		ran = true
	})
	listed, err := os.ReadFile(path)
	if !Race {
		if !ran || len(listed) > 0 || !os.IsNotExist(err) {
			t.Fatalf("without the race detector: ran %v, listed %q (%v); want it run and nothing listed", ran, listed, err)
		}
		return
	}
	dir, _ := os.Getwd()
	if want := dir + "\tTestChildrenOnlyListsWhatItSkipsUnderRace\n"; ran || string(listed) != want {
		t.Fatalf("under the race detector: ran %v, listed %q (%v); want it skipped and listed as %q", ran, listed, err, want)
	}
}
