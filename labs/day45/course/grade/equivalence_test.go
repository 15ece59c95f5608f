package grade_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/grade"
	"termlab/labs/day45/course/limit"
	"termlab/labs/diagnose"
	"termlab/runner/testrun"
	"termlab/solutions/day45"
)

// The equivalence suite: every correct variant passes, every wrong one
// fails in its own TODO, with the other three passing, and its verdict
// names its mistake. It runs through GradeWith, the entry point the worker
// uses. .ci/after.d/equivalence.sh runs it under GOAMD64=v1 and v3 (where
// the compiler fuses multiply-adds) and cross-compiles it for arm64 (which
// fuses too); the math.FMA variants exercise fused arithmetic on every
// machine.
//
// A pass also means the run agrees figure for figure on the pure parts
// (1–3, 5, 7, 8): every figure of those parts is graded (none is fragile,
// see parts/robust_test.go), and grading compares them exactly.

// funcs is the reference with v in its TODO's slot.
func (v variant) funcs() limit.Funcs {
	return day45.Funcs.With(v.todo(), limit.Funcs{TakeToken: v.take, WindowID: v.id, Expired: v.exp, NextEmit: v.emit})
}

func TestEquivalenceSuiteIsBigEnough(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		want int
	}{
		{"correct TakeToken", len(correctTake), 25},
		{"correct WindowID", len(correctID), 8},
		{"correct Expired", len(correctExpired), 8},
		{"correct NextEmit", len(correctEmit), 8},
		{"wrong, all four", len(wrongTake) + len(wrongID) + len(wrongExpired) + len(wrongEmit), 50},
	} {
		if c.n < c.want {
			t.Errorf("%s: %d variants, want at least %d", c.name, c.n, c.want)
		}
	}
}

func TestEquivalenceCorrectVariantsPass(t *testing.T) {
	grade.LiftGradeLimit(t, time.Minute)
	for _, set := range [][]variant{correctTake, correctID, correctExpired, correctEmit} {
		for i, v := range set {
			if !testrun.Sampled(i+1, 2) {
				continue // a sample; all of them in the whole suite without the race detector (testrun.Sampled)
			}
			t.Run(v.name, func(t *testing.T) {
				t.Parallel()
				// Only its own TODO: the other three slots hold the
				// reference, which the wrong variants' test grades each time.
				n := v.todo()
				if g := grade.TODO(n, v.funcs(), day45.Funcs); g.Status != labs.Pass {
					ce := ""
					if g.Counterexample != nil {
						ce = g.Counterexample.Input + " got " + g.Counterexample.Got + " want " + g.Counterexample.Want
					}
					t.Errorf("TODO %d: %s: %s %s (hint %q)", n, g.Status, g.Detail, ce, g.Hint)
				}
			})
		}
	}
}

func TestEquivalenceWrongVariantsFailInTheirOwnTODO(t *testing.T) {
	grade.LiftGradeLimit(t, time.Minute)
	var mu sync.Mutex
	caught, named := 0, 0
	t.Cleanup(func() {
		// The suite's figure: how often the hint names the very mistake.
		t.Logf("hints naming the true mistake: %d of %d caught (the rest say plainly what differs)", named, caught)
		fmt.Printf("day 45 hints naming the true mistake / all caught: %d/%d\n", named, caught)
	})
	for _, set := range [][]variant{wrongTake, wrongID, wrongExpired, wrongEmit} {
		for i, v := range set {
			if !testrun.Sampled(i+1, 2) {
				continue // a sample; all of them in the whole suite without the race detector (testrun.Sampled)
			}
			t.Run(v.name, func(t *testing.T) {
				t.Parallel()
				for n := 1; n <= 4; n++ {
					if n != v.todo() && !testrun.All() {
						continue // in the whole suite (see otherTODOs)
					}
					g := grade.TODO(n, v.funcs(), day45.Funcs)
					if n != v.todo() {
						if g.Status != labs.Pass {
							t.Errorf("TODO %d blamed (%s: %s); the mistake is in TODO %d", n, g.Status, g.Detail, v.todo())
						}
						continue
					}
					if g.Status != labs.Fail {
						t.Errorf("TODO %d: %s (%s), want fail", n, g.Status, g.Detail)
						continue
					}
					if g.Counterexample == nil || g.Counterexample.Input == "" || g.Counterexample.Got == g.Counterexample.Want {
						t.Errorf("TODO %d failed without a concrete counterexample: %+v", n, g.Counterexample)
						continue
					}
					if g.Hint == "" {
						t.Errorf("TODO %d failed without a hint: %s", n, g.Detail)
						continue
					}
					// A hint that names a mistake must name this variant's:
					// the one mistake hint containing its mentions word.
					if g.HintID == "" {
						t.Errorf("TODO %d: the hint has no ID: %s", n, g.Hint)
					}
					hints := grade.MistakeHints(n)
					isNamed := diagnose.IsNamedID(g.HintID)
					if isNamed && !slices.Contains(grade.HintIDs(n), g.HintID) {
						t.Errorf("TODO %d: the hint's ID %s is not among the TODO's declared hints", n, g.HintID)
					}
					if isNamed && (v.mentions == "" || !strings.Contains(g.Hint, v.mentions) || countContaining(hints, v.mentions) > 1) {
						t.Errorf("the hint names a mistake this variant did not make (its mistake: %q):\n  detail: %s\n  input:  %s got %s want %s\n  hint:   %s",
							v.mentions, g.Detail, g.Counterexample.Input, g.Counterexample.Got, g.Counterexample.Want, g.Hint)
					}
					mu.Lock()
					caught++
					if isNamed {
						named++
					}
					mu.Unlock()
					if testing.Verbose() {
						t.Logf("VERDICT %s (named: %v): %s\n  input: %s got %s want %s\n  hint: %s", v.name, isNamed, g.Detail, g.Counterexample.Input, g.Counterexample.Got, g.Counterexample.Want, g.Hint)
					}
				}
			})
		}
	}
}

func countContaining(hints []string, word string) int {
	n := 0
	for _, h := range hints {
		if strings.Contains(h, word) {
			n++
		}
	}
	return n
}
