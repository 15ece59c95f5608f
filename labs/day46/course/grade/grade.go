// Package grade is Day 46's grader. It checks one TODO at a time with the
// learner's function in that slot and the reference in the other three, so
// a mistake is blamed on the TODO that holds it and on no other. Each TODO
// faces, in order:
//  1. hand-picked edge cases, simplest first, so the first failure is the
//     smallest counterexample a learner can act on;
//  2. many seeded random inputs, compared with the reference where the
//     answer is fixed (with a tolerance where floats are involved), checked
//     by properties where the learner has a free choice (ShardOf); a failing
//     random input is shrunk before it is shown;
//  3. the day's experiments.
package grade

import (
	"fmt"
	"slices"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/parts"
	"termlab/labs/day46/course/words"
	"termlab/labs/diagnose"
)

// The settings the TODO cards state (course/words), under the names the
// checks use.
const (
	randomCases = words.RandomCases
	tol         = words.Tol
)

// Limit bounds the grading of one TODO, in the worker process, in CPU time
// (labs.GuardCPU), so that a busy machine cannot turn a correct TODO into a
// timeout. The reference needs well under a second; tests running under
// -race, several times slower, raise it: it is a bound for hangs, not a
// speed test. It is 12 s because Part 5 averages over 100 deals of the
// shards (parts.ShardDeals), which calls ShardOf 500,000 times: a correct
// ShardOf that unranks C(n, k) on every call needs about 6.4 s of CPU to be
// graded (TestVerdictsUnderLoad's "unrank a mixed id" variant), and 4 s
// timed it out.
var Limit = 12 * time.Second

// diagnosed holds, for a failure a check made, how to work its hint out
// from the counterexample (see diagnose.go); it runs once, on the failure
// that is finally shown, with the learner's function unchecked (an
// impossible answer on a probe is still an answer a mistake can share).
type diagnosed map[*labs.Failure]func(raw fair.Funcs) diagnose.Hint

// add records how to diagnose f, and returns f.
func (d diagnosed) add(f *labs.Failure, diag func(raw fair.Funcs) diagnose.Hint) *labs.Failure {
	d[f] = diag
	return f
}

// TODO grades TODO n of learner against ref.
func TODO(n int, learner, ref fair.Funcs) labs.Grade {
	todo := words.TODOs[n-1]
	g := labs.Grade{TODO: n, Func: todo.Func}
	var fail *labs.Failure
	var checks int
	var track labs.Tracker
	diags := diagnosed{}
	fault := labs.GuardCPU(Limit, fair.LearnerDir, &track, func() {
		mixed := ref.With(n, learner).Checked(&track)
		fail, checks = checkers[n](mixed, ref, diags)
	})
	if g.Faulted(fault) {
		if g.Status == labs.Fail && fault.TODO == n {
			// An impossible answer: name the mistake behind it when the
			// probes show one (behaviour.go).
			var hint diagnose.Hint
			raw := ref.With(n, learner)
			if f := labs.GuardCPU(Limit, fair.LearnerDir, &track, func() { hint = impossibleHint(n, raw, ref) }); f.OK() && !hint.None() {
				g.Hint, g.HintID = hint.Text, hint.ID
			}
		}
		return g
	}
	if fail == nil {
		g.Status = labs.Pass
		g.Detail = fmt.Sprintf("all %d checks pass: edge cases, random inputs and the experiments", checks)
		return g
	}
	if diag := diags[fail]; diag != nil {
		var hint diagnose.Hint
		raw := ref.With(n, learner)
		if f := labs.GuardCPU(Limit, fair.LearnerDir, &track, func() { hint = diag(raw) }); f.OK() {
			fail.Hint, fail.HintID = hint.Text, hint.ID
		}
	}
	g.Fail(fail)
	return g
}

// runDiffersID is the hint of an experiment that differs though every
// call checked on its own was right.
const runDiffersID = "plain.run-differs-calls-right"

var checkers = map[int]func(mixed, ref fair.Funcs, d diagnosed) (*labs.Failure, int){
	1: checkFairShare,
	2: checkDRRVisit,
	3: checkShardOf,
	4: checkOverlap,
}

// near is labs.Near at the grader's tolerance.
func near(a, b, scale float64) bool { return labs.Near(a, b, scale, tol) }

// dropOne is c once for each element of its list, with that element left
// out (set puts a shorter list in a copy of c): a failing case's simpler
// versions with one tenant, request or worker fewer.
func dropOne[C, E any](c C, list []E, set func(C, []E) C) []C {
	out := make([]C, 0, len(list))
	for i := range list {
		out = append(out, set(c, slices.Delete(slices.Clone(list), i, i+1)))
	}
	return out
}

// randomOf is the i-th of a list of seeded random cases, for labs.Cases.
func randomOf[C any](cs []C) func(i int) C { return func(i int) C { return cs[i] } }

// checkThenExperiments checks TODO n's cases, then the parts that use it.
func checkThenExperiments[C any](cases labs.Cases[C], mixed, ref fair.Funcs, n int) (*labs.Failure, int) {
	f, checks := cases.First()
	if f != nil {
		return f, checks
	}
	return experimentsAgree(checks, mixed, ref, n)
}

// experimentsAgree runs the parts that use TODO n with the learner's
// function and the reference's, and compares their figures (to 1e-9, since
// a share computed in another order may differ in the last bits).
func experimentsAgree(checks int, mixed, ref fair.Funcs, n int) (*labs.Failure, int) {
	for _, p := range parts.Using(n) {
		checks++
		// The reference's figures depend on the course's code alone: kept
		// once per version of it (labs.ReferenceMetrics).
		want := labs.ReferenceMetrics(p.Key, ref, func() []labs.Metric { return p.Metrics(ref) })
		got := p.Metrics(mixed)
		for i := range want {
			if i >= len(got) || !near(got[i].Value, want[i].Value, want[i].Value) {
				var g *labs.Metric
				if i < len(got) {
					g = &got[i]
				}
				// Neither figure is named: see labs.FigureDiffers.
				how, ce := labs.FigureDiffers(p.Part, g, want[i])
				return &labs.Failure{
					What:           fmt.Sprintf("Part %s comes out differently from the reference (%s)", p.Part, how),
					Counterexample: ce,
					Hint:           fmt.Sprintf("every edge case and random input agrees, but Part %s does not: the experiment calls your function on other inputs (more tenants, longer queues, many calls in a row), so try one of those by hand", p.Part),
					HintID:         runDiffersID,
				}, checks
			}
		}
	}
	return nil, checks
}
