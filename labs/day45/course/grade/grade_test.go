package grade_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/grade"
	"termlab/labs/day45/course/limit"
	"termlab/runner/testrun"
	"termlab/solutions/day45"
)

// Plausible wrong answers a learner might write. Each must be caught in its
// own TODO and in no other.
var mutants = []struct {
	name string
	todo int
	f    limit.Funcs
}{
	{"no cap on the refill", 1, withToken(func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		tokens += elapsed.Seconds() * rate
		if tokens >= 1 {
			return tokens - 1, true
		}
		return tokens, false
	})},
	{"spend before refilling", 1, withToken(func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		ok := tokens >= 1
		if ok {
			tokens--
		}
		return min(capacity, tokens+elapsed.Seconds()*rate), ok
	})},
	{"cap after spending", 1, withToken(func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		tokens += elapsed.Seconds() * rate
		if tokens >= 1 {
			return min(capacity, tokens-1), true
		}
		return min(capacity, tokens), false
	})},
	{"whole seconds only", 1, withToken(func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		tokens = min(capacity, tokens+float64(elapsed/time.Second)*rate)
		if tokens >= 1 {
			return tokens - 1, true
		}
		return tokens, false
	})},
	{"more than one token needed", 1, withToken(func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		tokens = min(capacity, tokens+elapsed.Seconds()*rate)
		if tokens > 1 {
			return tokens - 1, true
		}
		return tokens, false
	})},
	{"NaN tokens", 1, withToken(func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		return math.NaN(), true
	})},
	{"rounds to the nearest window", 2, withWindow(func(now, window time.Duration) int64 {
		return int64(math.Round(now.Seconds() / window.Seconds()))
	})},
	{"windows counted from one", 2, withWindow(func(now, window time.Duration) int64 { return int64(now/window) + 1 })},
	{"float division", 2, withWindow(func(now, window time.Duration) int64 { return int64(now.Seconds() / window.Seconds()) })},
	{"integer seconds divide by zero", 2, withWindow(func(now, window time.Duration) int64 {
		return int64(now/time.Second) / int64(window/time.Second)
	})},
	{"the edge still counts", 3, withExpired(func(stamp, now, window time.Duration) bool { return stamp < now-window })},
	{"inverted", 3, withExpired(func(stamp, now, window time.Duration) bool { return now-stamp < window })},
	{"ignores an idle bucket", 4, withEmit(func(now, next time.Duration) time.Duration { return next })},
	{"ignores the queue", 4, withEmit(func(now, next time.Duration) time.Duration { return now })},
}

func withToken(f limit.TakeTokenFunc) limit.Funcs { m := day45.Funcs; m.TakeToken = f; return m }
func withWindow(f limit.WindowIDFunc) limit.Funcs { m := day45.Funcs; m.WindowID = f; return m }
func withExpired(f limit.ExpiredFunc) limit.Funcs { m := day45.Funcs; m.Expired = f; return m }
func withEmit(f limit.NextEmitFunc) limit.Funcs   { m := day45.Funcs; m.NextEmit = f; return m }

// otherTODOs: the grader puts the learner's function in slot n and the
// reference in the others (grade.TODO), and a mutant differs from the
// reference in its own slot alone, so grading it in another TODO grades
// the reference itself, as TestPassDetailCountsAddUp does. The default run
// grades each mutant and wrong variant in its own TODO only; the whole
// suite (TERMLAB_TEST_ALL=1) in all four, in case a grader ever reads more
// than its slot. The other three were three quarters of these tests' CPU.
func TestEachMutantIsCaughtInItsOwnTODO(t *testing.T) {
	grade.LiftGradeLimit(t, time.Minute)
	for _, m := range mutants {
		t.Run(m.name, func(t *testing.T) {
			for n := 1; n <= 4; n++ {
				if n != m.todo && !testrun.All() {
					continue // otherTODOs: in the whole suite
				}
				g := grade.TODO(n, m.f, day45.Funcs)
				switch {
				case n == m.todo && g.Status == labs.Pass:
					t.Errorf("TODO %d passed; it should be caught", n)
				case n == m.todo && g.Status == labs.Fail && g.Counterexample == nil && !strings.Contains(g.Detail, "("):
					t.Errorf("TODO %d failed without a concrete counterexample: %s", n, g.Detail)
				case n != m.todo && g.Status != labs.Pass:
					t.Errorf("TODO %d blamed (%s: %s); the bug is in TODO %d", n, g.Status, g.Detail, m.todo)
				}
			}
		})
	}
}

func TestCounterexamplesAreConcrete(t *testing.T) {
	tests := []struct {
		mutant    string
		wantInput string
		wantHint  string
	}{
		{"the edge still counts", "Expired(stamp=0s, now=1m0s, window=1m0s)", "already out"},
		{"no cap on the refill", "TakeToken(tokens=10, capacity=10, ratePerSec=1, elapsed=5s)", "capacity"},
		{"windows counted from one", "WindowID(now=0s, window=1m0s)", "window 0"},
		{"cap after spending", "TakeToken(tokens=10, capacity=10, ratePerSec=1, elapsed=5s)", "capacity"},
		{"spend before refilling", "TakeToken(tokens=0, capacity=10, ratePerSec=2, elapsed=600ms)", "refill first"},
	}
	for _, tt := range tests {
		t.Run(tt.mutant, func(t *testing.T) {
			for _, m := range mutants {
				if m.name != tt.mutant {
					continue
				}
				g := grade.TODO(m.todo, m.f, day45.Funcs)
				if g.Counterexample == nil || g.Counterexample.Input != tt.wantInput {
					t.Fatalf("counterexample %+v, want input %s", g.Counterexample, tt.wantInput)
				}
				if !strings.Contains(g.Hint, tt.wantHint) {
					t.Errorf("hint %q does not mention %q", g.Hint, tt.wantHint)
				}
				return
			}
			t.Fatal("no such mutant")
		})
	}
}

func TestImpossibleAnswersAreNamed(t *testing.T) {
	for _, tt := range []struct {
		mutant, want string
		status       labs.Status
	}{
		{"NaN tokens", "NaN", labs.Fail},
		{"ignores an idle bucket", "past", labs.Fail},
		{"integer seconds divide by zero", "divide by zero", labs.Crash},
	} {
		for _, m := range mutants {
			if m.name == tt.mutant {
				g := grade.TODO(m.todo, m.f, day45.Funcs)
				if g.Status != tt.status || !strings.Contains(g.Detail, tt.want) {
					t.Errorf("%s: %s %q, want %s mentioning %q", tt.mutant, g.Status, g.Detail, tt.status, tt.want)
				}
			}
		}
	}
}

func TestHangIsATimeoutOfItsTODO(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the grader's time limit")
	}
	// A hang is a hang at any bound: a small one ends the wait sooner
	// (the wall-clock backstop is labs.WallBackstop times the bound, and
	// never under the guard's one second of a still CPU clock: 200 ms is
	// that second), and the hang comes on the first call, before the
	// grader has used any CPU.
	grade.LiftGradeLimit(t, 200*time.Millisecond)
	hang := withExpired(func(stamp, now, window time.Duration) bool {
		select {} // never returns, and burns no CPU while the test goes on
	})
	g := grade.TODO(3, hang, day45.Funcs)
	if g.Status != labs.Timeout {
		t.Fatalf("status %s (%s), want timeout", g.Status, g.Detail)
	}
}
