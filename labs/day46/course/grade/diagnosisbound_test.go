package grade_test

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/grade"
	"termlab/runner/testrun"
)

// A diagnosis never changes a verdict. An Overlap that counts a's workers
// missing from b is wrong on the second hand-picked case; written so that
// each call costs a millisecond of CPU (or so that it spins on an input
// only the probes ask), the checks alone fit well within the bound, and
// reading the hundreds of probes does not. The verdict is the checks': a
// Fail with the counterexample they found, never a Timeout; the hint, when
// the reading runs out of its own allowance, is the plain statement of
// what came back and what was wanted, never a mistake it did not finish
// checking.
func TestDiagnosisNeverChangesTheVerdict(t *testing.T) {
	defer func(l, d time.Duration) { grade.Limit, grade.DiagnosisLimit = l, d }(grade.Limit, grade.DiagnosisLimit)
	grade.Limit, grade.DiagnosisLimit = 300*time.Millisecond, 50*time.Millisecond
	slow, still := testrun.SlowCall(t)
	notInB := func(a, b []int) int {
		n := 0
		for _, x := range a {
			if !slices.Contains(b, x) {
				n++
			}
		}
		return n
	}
	with := func(f func(a, b []int) int) labs.Grade {
		v := ref
		v.Overlap = f
		return grade.TODO(4, v, ref)
	}
	fast := with(notInB)
	if fast.Status != labs.Fail || fast.HintID != "overlap.not-in-b" {
		t.Fatalf("the fast variant: %s, hint %s %q; want a fail with its mistake named", fast.Status, fast.HintID, fast.Hint)
	}
	const plain = "you count 0 where the shards share 1: [1] are in both"
	for _, tt := range []struct {
		name string
		f    func(a, b []int) int
	}{
		{"slow on every call", func(a, b []int) int {
			slow()
			return notInB(a, b)
		}},
		{"spins on an input only the probes ask", func(a, b []int) int {
			for slices.Equal(a, []int{0, 1}) && still() {
			}
			return notInB(a, b)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := with(tt.f)
			if g.Status != labs.Fail || g.Detail != fast.Detail || !reflect.DeepEqual(g.Counterexample, fast.Counterexample) {
				t.Fatalf("%s: %s (%v), want the fast variant's fail: %s (%v)", g.Status, g.Detail, g.Counterexample, fast.Detail, fast.Counterexample)
			}
			if g.Hint != plain || g.HintID != "plain.overlap-count" {
				t.Errorf("hint %s %q, want the plain statement %q", g.HintID, g.Hint, plain)
			}
		})
	}
}
