package tui

import (
	"os"
	"runtime/debug"
	"testing"

	"termlab/runner/testrun"
)

// TestMain puts the lab's cache folder (the workers the re-run-on-save test
// builds) in a folder of the run's own, removed however the run ends. The
// temporary folder stays where it is: the screens show t.TempDir paths at
// 80 columns, and tests look for text that a longer path would wrap
// (testrun.MainKeepTemp).
//
// The collector runs at GOGC=400 unless the environment sets GOGC, as the
// lab's workers do (runner/worker/gc.go): these tests keep a few MB alive
// and draw frames that allocate many times that, so with the default 100
// the binary collected some 650 times in a default run, about a sixth of
// its CPU. At 400 it peaks near 130 MB of memory instead of 60. Not under
// the race detector, whose shadow memory grows with the heap several
// times over. When the collector runs changes nothing any test computes.
func TestMain(m *testing.M) {
	if _, set := os.LookupEnv("GOGC"); !set && !testrun.Race {
		debug.SetGCPercent(400)
	}
	os.Exit(testrun.MainKeepTemp(m))
}
