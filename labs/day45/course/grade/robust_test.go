package grade

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"termlab/labs/day45/course/limit"
	"termlab/solutions/day45"
)

// TestGradingUsesNoNetworkedPart keeps Parts 4 and 6 out of every TODO's
// grading: their figures depend on a store and a network, and another
// package owns them.
func TestGradingUsesNoNetworkedPart(t *testing.T) {
	for n := 1; n <= 4; n++ {
		ps := gradedPieces(n)
		if len(ps) == 0 {
			t.Errorf("TODO %d: no experiment is graded", n)
		}
		for _, p := range ps {
			if slices.Contains([]string{"4", "6"}, p.Part) {
				t.Errorf("TODO %d is graded on Part %s", n, p.Part)
			}
		}
	}
}

// TestTieZoneAcceptsEitherAnswerOnlyOffTheExactBoundary pins the knife-edge
// rule: a level within the tolerance of one whole token accepts either ok
// when float arithmetic made it, and only yes when it is exact.
func TestTieZoneAcceptsEitherAnswerOnlyOffTheExactBoundary(t *testing.T) {
	ref := day45.TakeToken
	say := func(left float64, ok bool) limit.TakeTokenFunc {
		return func(float64, float64, float64, time.Duration) (float64, bool) { return left, ok }
	}
	near := tokenCase{tokens: 0, capacity: 10, rate: 3, elapsed: time.Second / 3, what: "a third of a second at 3/s"} // 0.999999999
	exact := tokenCase{tokens: 1, capacity: 10, rate: 3, what: "a whole token", exact: true}
	tests := []struct {
		name string
		c    tokenCase
		take limit.TakeTokenFunc
		pass bool
	}{
		{"near one, yes with the token spent", near, say(0, true), true},
		{"near one, no with the level kept", near, say(1, false), true},
		{"near one, yes without spending", near, say(1, true), false},
		{"near one, no with the level lost", near, say(0, false), false},
		{"exactly one, yes", exact, say(0, true), true},
		{"exactly one, no", exact, say(1, false), false},
		{"a hair below zero is float noise", near, say(-1e-12, true), true},
		{"clearly below zero is impossible", near, say(-0.01, true), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := checkToken(tt.take, ref, tt.c)
			if (f == nil) != tt.pass {
				t.Errorf("pass=%v, want %v (%+v)", f == nil, tt.pass, f)
			}
		})
	}
}

// TestAnExperimentMismatchIsShownAsOneShrunkCall drives the experiment
// stage on its own, as if the per-call checks had missed the mistake: the
// grader must replay the experiment's calls and show the smallest wrong
// one, not a figure.
func TestAnExperimentMismatchIsShownAsOneShrunkCall(t *testing.T) {
	noCap := func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return day45.TakeToken(tokens, math.Inf(1), rate, e)
	}
	ref := day45.Funcs
	g := &grading{n: 1, ref: ref, learner: ref.With(1, limit.Funcs{TakeToken: noCap}), mixed: ref.With(1, limit.Funcs{TakeToken: noCap})}
	f := g.experiments(searchOf(g.tokenChecks(), recordToken))
	if f == nil {
		t.Fatal("no experiment caught a bucket without a cap")
	}
	if !strings.Contains(f.What, "Part ") || !strings.HasPrefix(f.Counterexample.Input, "TakeToken(") {
		t.Fatalf("want a figure named and one call shown, got %q / %+v", f.What, f.Counterexample)
	}
	if !strings.Contains(f.Hint, "cap") {
		t.Errorf("hint %q does not name the cap", f.Hint)
	}
	t.Logf("%s\n  %s got %s want %s\n  %s", f.What, f.Counterexample.Input, f.Counterexample.Got, f.Counterexample.Want, f.Hint)
}

// TestAStatefulFunctionIsToldAboutState: a TakeToken that is right on every
// call on its own but keeps a hidden count between calls can only be
// caught by an experiment, and then the verdict says so.
func TestAStatefulFunctionIsToldAboutState(t *testing.T) {
	calls := 0
	ref := day45.Funcs
	sneaky := func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		calls++
		if calls == 10 { // the 10th call of the experiment (Part 1's burst), and only that one
			return 0, false // drops the bucket: the burst lets fewer through
		}
		return ref.TakeToken(tokens, capacity, rate, e)
	}
	g := &grading{n: 1, ref: ref, learner: ref.With(1, limit.Funcs{TakeToken: sneaky}), mixed: ref.With(1, limit.Funcs{TakeToken: sneaky})}
	f := g.experiments(searchOf(g.tokenChecks(), recordToken))
	if f == nil || !strings.Contains(f.Hint, "state") {
		t.Fatalf("want a failure about state kept between calls, got %+v", f)
	}
}
