package tui

import (
	"os"
	"testing"

	"termlab/runner/testrun"
)

// TestMain puts the lab's cache folder (the workers the re-run-on-save test
// builds) in a folder of the run's own, removed however the run ends. The
// temporary folder stays where it is: the screens show t.TempDir paths at
// 80 columns, and tests look for text that a longer path would wrap
// (testrun.MainKeepTemp).
//
// Main and MainKeepTemp run the collector less often (testrun.CollectLess):
// these tests draw frames that allocate many times what they keep.
func TestMain(m *testing.M) { os.Exit(testrun.MainKeepTemp(m)) }
