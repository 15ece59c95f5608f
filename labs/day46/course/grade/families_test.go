package grade_test

import (
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/day46/course/grade"
	"termlab/runner/testrun"
)

// The blind families' two checks (issue 42, item 5), shared: families 4
// and 5 grade alike and differ only in their variants and hand readings.

// Turns of the suites of correct variants: the one TODO each grades in the
// default run and the race run (onTurn). Every TODO has at least one suite,
// TODO 3 and 4 (whose grades play Parts 5 and 6) two; the whole suite
// without the detector (TERMLAB_TEST_ALL=1: stage a, equivalence.sh)
// grades every variant of every suite.
const (
	turnEquivalent = 1
	turnBehaviour  = 2
	turnFamily3    = 3
	turnFamily4    = 4
	turnFamily5    = 3
	turnFamily6    = 4
	turnNewFamily  = 2 // it has no TODO 3
)

// onTurn reports whether a suite whose turn is turn grades a correct
// variant of todo, the seen-th of its TODO: the first of the suite's turn
// in the default run (testrun.Sampled), every one in the whole suite. A
// correct variant's grade is the same work whichever suite holds it (the
// grader's concurrency, Parts 5 and 6 for TODO 3 and 4), so one TODO per
// suite, a different one in the next, still shows every TODO and every
// suite passing a correct program, at a quarter of the plays.
func onTurn(todo, turn, seen int) bool {
	n := 0
	if todo == turn {
		n = 1
	}
	return testrun.Sampled(seen, n)
}

// familyCorrect checks that every correct variant passes its TODO (the
// only one it writes; TODO n grades the learner's func n beside the
// reference's others). The default run and the race run grade only the
// first variant of the family's turn (onTurn): a whole family costs about
// 90 s under the detector (Parts 5 and 6 for each Overlap and ShardOf),
// 3 s of CPU without it; the whole suite without the detector
// (equivalence.sh) grades them all.
func familyCorrect(t *testing.T, label string, correct []variant, turn int) {
	t.Helper()
	verbose, failed := familyVerbose(), 0
	per, ran := map[int]int{}, 0
	for _, v := range correct {
		if per[v.todo]++; !onTurn(v.todo, turn, per[v.todo]) {
			continue
		}
		ran++
		if g := grade.TODO(v.todo, v.f, ref); g.Status != labs.Pass {
			failed++
			if verbose {
				t.Logf("%s: TODO %d: %s: %s (hint %q)", v.name, v.todo, g.Status, g.Detail, g.Hint)
			}
		}
	}
	t.Logf("%s: %d of %d correct passed", label, ran-failed, ran)
	if ran < len(correct) {
		t.Logf("%s: a sample (onTurn), %d of the %d correct variants; %s=1 runs them all", label, ran, len(correct), testrun.AllEnv)
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
func familyWrong(t *testing.T, label string, wrong []blind4, read map[string]reading46_4) {
	t.Helper()
	verbose := familyVerbose()
	caught, named, plain, wrongName := 0, 0, 0, 0
	var missed, wrongNamed, unread []string
	for _, v := range wrong {
		g := grade.TODO(v.todo, v.f, ref)
		if g.Status != labs.Fail && g.Status != labs.Crash {
			missed = append(missed, v.name)
			if verbose {
				t.Logf("%s: TODO %d: %s (%s): not caught; true mistake: %s", v.name, v.todo, g.Status, g.Detail, v.mistake)
			}
			continue
		}
		caught++
		fp := fingerprint46_4(g.Hint)
		r, ok := read[v.name]
		switch {
		case !ok || r.hint != fp:
			unread = append(unread, v.name)
		case r.says == named46_4:
			named++
		case r.says == plain46_4:
			plain++
		case r.says == wrongName46_4:
			wrongName++
			wrongNamed = append(wrongNamed, v.name)
		}
		if verbose {
			t.Logf("%s: TODO %d: %s: hint %s: true mistake: %s\n\tdetail: %s\n\thint: %s", v.name, v.todo, g.Status, fp, v.mistake, g.Detail, g.Hint)
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
