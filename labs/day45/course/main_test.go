package course_test

import (
	"os"
	"testing"

	"termlab/runner/testrun"
)

// TestMain runs the package's tests in a folder of the run's own: the
// copies of the lab and what their builds write go there, and go with it
// however the run ends (testrun.Main).
func TestMain(m *testing.M) { os.Exit(testrun.Main(m)) }
