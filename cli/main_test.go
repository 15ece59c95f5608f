package cli

import (
	"os"
	"testing"

	"termlab/runner/testrun"
)

// TestMain runs the package's tests in a folder of the run's own
// (testrun.Main): the workers they build, and whatever the programs they
// start write outside the module, go there and go with it.
func TestMain(m *testing.M) { os.Exit(testrun.Main(m)) }
