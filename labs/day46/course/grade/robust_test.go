package grade_test

import (
	"fmt"
	"testing"

	"termlab/labs"
	"termlab/labs/day46/course/grade"
)

// A verdict is a property of the code, not of float noise: FairShare's
// shares moved by a relative δ well inside the grader's tolerance (1e-9 ×
// max(1, capacity) per share) still pass TODO 1, experiments included
// (Part 3's figures and Part 7's fleet, whose buckets refill at the share).
// Correct orders of arithmetic differ by a few ulps (1e-16); 5e-10 is a wide
// margin over that. DRRVisit needs no such test: every size, quantum and
// credit in its checks and experiments is a whole number of milliseconds
// (or a quarter), so every correct order of arithmetic is exact, and
// "size equal to the credit fits" is a boundary hit on purpose.
func TestFairShareVerdictSurvivesDifferencesWithinTheTolerance(t *testing.T) {
	tests := []struct {
		delta float64
		pass  bool
	}{
		{5e-10, true}, {-5e-10, true}, {1e-12, true}, {-1e-12, true}, {1e-15, true}, {-1e-15, true},
		{-1e-6, false}, // far outside the tolerance: the per-call checks must see it
	}
	for _, tt := range tests {
		delta := tt.delta
		t.Run(fmt.Sprint(delta), func(t *testing.T) {
			bent := withShare(func(capacity float64, demands []float64) []float64 {
				s := ref.FairShare(capacity, demands)
				for i := range s {
					s[i] *= 1 + delta
				}
				return s
			})
			if g := grade.TODO(1, bent, ref); (g.Status == labs.Pass) != tt.pass {
				t.Errorf("shares × (1%+g): %s: %s (%+v), want pass=%v", delta, g.Status, g.Detail, g.Counterexample, tt.pass)
			}
		})
	}
}
