package grade

import (
	"testing"
	"time"
)

// LiftGradeLimit raises the grader's time limit, and the hint's
// (DiagnosisLimit), to d for the rest of t, so that a test grading many
// versions at once (in parallel, perhaps under the race detector, on a
// busy machine) judges verdicts and hints, never the clock.
func LiftGradeLimit(t *testing.T, d time.Duration) {
	old := Limit
	Limit = d
	t.Cleanup(func() { Limit = old })
	LiftDiagnosisLimit(t, d)
}

// LiftDiagnosisLimit sets the bound of the reading of the probes alone to
// d for the rest of t.
func LiftDiagnosisLimit(t *testing.T, d time.Duration) {
	old := DiagnosisLimit
	DiagnosisLimit = d
	t.Cleanup(func() { DiagnosisLimit = old })
}
