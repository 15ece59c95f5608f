package grade_test

import (
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/day45/course/grade"
	"termlab/runner/testrun"
	"termlab/solutions/day45"
)

// shippedLimit and shippedDiagnosisLimit are the grader's bounds as the
// worker uses them, read before any test lifts them.
var shippedLimit, shippedDiagnosisLimit = grade.Limit, grade.DiagnosisLimit

// A verdict is a property of the code, not of the machine: with processes
// spinning on every core beside it, the whole equivalence suite, at the
// shipped bound (not a lifted one), gives the verdicts it gives on an idle
// machine. The bound counts CPU time (labs.GuardCPU), which the burners
// slow on the clock but do not add to.
func TestVerdictsUnderLoad(t *testing.T) {
	testrun.Slow(t, "runs the equivalence suite beside CPU burners")
	if testrun.Race {
		// The shipped bound is set for the worker's own build; the race
		// detector's build spends several times its CPU on the same
		// code, so at that bound correct variants would time out for
		// the build, not the load. .ci/after.d/equivalence.sh runs this
		// without it.
		t.Skip("the shipped bound is for a build without the race detector")
	}
	grade.LiftGradeLimit(t, shippedLimit)
	grade.LiftDiagnosisLimit(t, shippedDiagnosisLimit)
	testrun.Burn(t, 0)
	check := func(v variant, wrong bool) {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			for n := 1; n <= 4; n++ {
				want := labs.Pass
				if wrong && n == v.todo() {
					want = labs.Fail
				}
				if !wrong && n != v.todo() {
					continue // the reference, graded with every wrong variant
				}
				if g := grade.TODO(n, v.funcs(), day45.Funcs); g.Status != want {
					t.Errorf("TODO %d: %s (%s), want %s", n, g.Status, g.Detail, want)
				}
			}
		})
	}
	for _, set := range [][]variant{correctTake, correctID, correctExpired, correctEmit, newCorrect, newCorrect2, newCorrect3} {
		for _, v := range set {
			check(v, false)
		}
	}
	for _, set := range [][]variant{wrongTake, wrongID, wrongExpired, wrongEmit, newWrong, newWrong2, statelessWrong3()} {
		for _, v := range set {
			check(v, true)
		}
	}
}

// statelessWrong3 is the third family's wrong variants but the two that
// keep something between calls in a package variable: the subtests above
// run in parallel, and those would share it (TestFamily3WrongHints grades
// them one at a time, reset before each).
func statelessWrong3() []variant {
	var out []variant
	for _, v := range newWrong3 {
		if !strings.Contains(v.name, "between calls") {
			out = append(out, v)
		}
	}
	return out
}
