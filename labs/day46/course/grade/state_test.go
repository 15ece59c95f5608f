package grade_test

import (
	"sync/atomic"
	"testing"

	"termlab/labs"
	"termlab/labs/day46/course/grade"
	"termlab/labs/diagnose"
)

// A function that answers one call two ways is told so before anything
// else, on Day 46 as on Day 45: here, every other call halves the answer.
func TestStateBetweenCallsIsToldFirst(t *testing.T) {
	var calls atomic.Int64
	odd := func() bool { return calls.Add(1)%2 == 1 }
	for _, v := range []variant{
		{"FairShare halving every other call", 1, withShare(func(capacity float64, demands []float64) []float64 {
			out := ref.FairShare(capacity, demands)
			if odd() {
				for i := range out {
					out[i] /= 2
				}
			}
			return out
		})},
		{"Overlap halving every other call", 4, withOverlap(func(a, b []int) int {
			n := ref.Overlap(a, b)
			if odd() {
				return n / 2
			}
			return n
		})},
	} {
		g := grade.TODO(v.todo, v.f, ref)
		if g.Status != labs.Fail || g.HintID != diagnose.BetweenCalls {
			t.Errorf("%s: %s, hint %q (%s), want a fail told %s", v.name, g.Status, g.Hint, g.HintID, diagnose.BetweenCalls)
		}
	}
}
