package grade_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/grade"
	"termlab/runner/testrun"
	"termlab/solutions/day45"
)

// A diagnosis never changes a verdict. A WindowID that rounds up is wrong
// on the second hand-picked case, three calls into the grading; written so
// that each call costs a millisecond of CPU (or so that it spins on an
// input only the probes ask), the checks alone fit well within the bound,
// and reading the thousands of probes does not. The verdict is the
// checks': a Fail with the counterexample they found, never a Timeout;
// the hint, when the reading runs out of its own allowance, is the plain
// statement of what came back and what was wanted, never a mistake it did
// not finish checking.
func TestDiagnosisNeverChangesTheVerdict(t *testing.T) {
	grade.LiftGradeLimit(t, 300*time.Millisecond)
	grade.LiftDiagnosisLimit(t, 50*time.Millisecond)
	slow, still := testrun.SlowCall(t)
	roundUp := func(now, window time.Duration) int64 { return int64((now + window - 1) / window) }
	fast := grade.TODO(2, withWindow(roundUp), day45.Funcs)
	if fast.Status != labs.Fail || !strings.HasPrefix(fast.HintID, "window.") {
		t.Fatalf("the fast variant: %s, hint %s %q; want a fail with its mistake named", fast.Status, fast.HintID, fast.Hint)
	}
	const plain = "the number is 1 too high: window 1 starts at 1m0s, after now (30s)"
	for _, tt := range []struct {
		name string
		f    func(now, window time.Duration) int64
	}{
		{"slow on every call", func(now, window time.Duration) int64 {
			slow()
			return roundUp(now, window)
		}},
		{"spins on an input only the probes ask", func(now, window time.Duration) int64 {
			for now == time.Minute && window == time.Minute && still() {
			}
			return roundUp(now, window)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := grade.TODO(2, withWindow(tt.f), day45.Funcs)
			if g.Status != labs.Fail || g.Detail != fast.Detail || !reflect.DeepEqual(g.Counterexample, fast.Counterexample) {
				t.Fatalf("%s: %s (%v), want the fast variant's fail: %s (%v)", g.Status, g.Detail, g.Counterexample, fast.Detail, fast.Counterexample)
			}
			if g.Hint != plain || g.HintID != "plain.window-too-high" {
				t.Errorf("hint %s %q, want the plain statement %q", g.HintID, g.Hint, plain)
			}
		})
	}
}
