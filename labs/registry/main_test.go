package registry_test

import (
	"os"
	"testing"

	"termlab/runner/testrun"
)

// TestMain runs the collector less often (testrun.CollectLess): these
// tests allocate many times what they keep, and the collector was a fifth
// of their CPU.
func TestMain(m *testing.M) {
	testrun.CollectLess()
	os.Exit(m.Run())
}
