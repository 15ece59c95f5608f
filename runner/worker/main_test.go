package worker_test

import (
	"os"
	"testing"

	"termlab/runner/testrun"
)

// TestMain runs the package's tests in a folder of the run's own: the box
// fixture, the scratch folders and the workers' cache go there, and go
// with it however the run ends (testrun.Main).
func TestMain(m *testing.M) { os.Exit(testrun.Main(m)) }
