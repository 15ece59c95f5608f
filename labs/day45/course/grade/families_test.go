package grade_test

import (
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/grade"
	"termlab/runner/testrun"
	"termlab/solutions/day45"
)

// The blind families' two checks (issue 42, item 5), shared: families 4
// and 5 grade alike and differ only in their variants, their hand readings
// and what a variant remembers between grades.

// familyCorrect checks that every correct variant passes its TODO (the
// only one it writes; TODO n grades the learner's func n beside the
// reference's others). reset, when set, runs before each grade, so that a
// variant that keeps state starts as a freshly built lab would. The default
// run and the race run grade only the first variant of each TODO
// (testrun.Sampled): the grader's concurrency is the same for every
// variant; the whole suite without the detector (equivalence.sh) grades
// them all.
func familyCorrect(t *testing.T, label string, correct []variant, reset func()) {
	t.Helper()
	grade.LiftGradeLimit(t, time.Minute)
	verbose, failed := familyVerbose(), 0
	per, ran := map[int]int{}, 0
	for _, v := range correct {
		if per[v.todo()]++; !testrun.Sampled(per[v.todo()], 1) {
			continue
		}
		ran++
		if reset != nil {
			reset()
		}
		if g := grade.TODO(v.todo(), v.funcs(), day45.Funcs); g.Status != labs.Pass {
			failed++
			if verbose {
				t.Logf("%s: TODO %d: %s: %s (hint %q)", v.name, v.todo(), g.Status, g.Detail, g.Hint)
			}
		}
	}
	t.Logf("%s: %d of %d correct passed", label, ran-failed, ran)
	if ran < len(correct) {
		t.Logf("%s: a sample (testrun.Sampled), %d of the %d correct variants; %s=1 runs them all", label, ran, len(correct), testrun.AllEnv)
	}
	if failed > 0 {
		t.Errorf("%s: %d of %d correct variants do not pass their TODO (%s=1 names them)", label, failed, ran, familyVerboseEnv)
	}
}

// familyWrong checks that every wrong variant is caught in its own TODO (a
// wrong answer, or a crash the lab reports with the call that made it),
// and that no hint read by hand names a mistake its variant does not make.
// How many name the true mistake is a figure, not a bound; a reading whose
// fingerprint no longer matches its hint counts as unread.
func familyWrong(t *testing.T, label string, wrong []blind4, read map[string]reading4, reset func()) {
	t.Helper()
	grade.LiftGradeLimit(t, time.Minute)
	verbose := familyVerbose()
	caught, named, plain, wrongName := 0, 0, 0, 0
	var missed, wrongNamed, unread []string
	for _, v := range wrong {
		if reset != nil {
			reset()
		}
		n := v.todo()
		g := grade.TODO(n, v.funcs(), day45.Funcs)
		if g.Status != labs.Fail && g.Status != labs.Crash {
			missed = append(missed, v.name)
			if verbose {
				t.Logf("%s: TODO %d: %s (%s): not caught; true mistake: %s", v.name, n, g.Status, g.Detail, v.mistake)
			}
			continue
		}
		caught++
		fp := fingerprint4(g.Hint)
		r, ok := read[v.name]
		switch {
		case !ok || r.hint != fp:
			unread = append(unread, v.name)
		case r.says == named4:
			named++
		case r.says == plain4:
			plain++
		case r.says == wrongName4:
			wrongName++
			wrongNamed = append(wrongNamed, v.name)
		}
		if verbose {
			t.Logf("%s: TODO %d: %s: hint %s: true mistake: %s\n\tdetail: %s\n\thint: %s", v.name, n, g.Status, fp, v.mistake, g.Detail, g.Hint)
		}
	}
	t.Logf("%s: %d named, %d plain, %d wrong name, %d caught of %d wrong", label, named, plain, wrongName, caught, len(wrong))
	if len(unread) > 0 {
		t.Logf("%s: %d caught hints not read by hand, or changed since (%s=1 prints them): %s", label, len(unread), familyVerboseEnv, strings.Join(unread, "; "))
	}
	if len(missed) > 0 {
		t.Errorf("%s: %d wrong variants not caught in their own TODO: %s", label, len(missed), strings.Join(missed, "; "))
	}
	if len(wrongNamed) > 0 {
		t.Errorf("%s: %d hints name a mistake other than their variant's: %s", label, len(wrongNamed), strings.Join(wrongNamed, "; "))
	}
}
