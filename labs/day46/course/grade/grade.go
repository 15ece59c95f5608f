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

// DiagnosisLimit bounds the reading of the probes for a failure's hint, in
// CPU time, on a clock of its own that starts once the checks are done
// (labs.Failure.Explain): the verdict is the checks' alone, and a reading
// that runs out leaves the check's plain hint. A variable for the same
// reason as Limit. The longest reading of the equivalence suites (a
// ShardOf's spread over thousands of tenants) takes about 0.25 s; Limit
// and this together stay under the worker process's own bound (15 s).
var DiagnosisLimit = 2 * time.Second

// explainer makes the Diagnose of a check's failure (labs.Failure, the one
// path a hint takes on both days, asked once the failure is the one shown
// and the checks are done) from a reading of the probes (diagnose.go) with
// the learner's function unchecked: an impossible answer on a probe is
// still an answer a mistake can share.
type explainer func(diag func(raw fair.Funcs) diagnose.Hint) func() (hint, id string)

// explainOf is the explainer of TODO n's grading. A reading runs after
// the checks, under a bound of its own (labs.Failure.Explain); a learner
// that panics in it, or is too slow for it, stops the reading, not the
// grading: the failure keeps its check's plain hint.
func explainOf(n int, learner, ref fair.Funcs) explainer {
	raw := ref.With(n, learner)
	return func(diag func(raw fair.Funcs) diagnose.Hint) func() (string, string) {
		return diagnose.Reading(func() diagnose.Hint { return diag(raw) })
	}
}

// TODO grades TODO n of learner against ref.
func TODO(n int, learner, ref fair.Funcs) labs.Grade {
	todo := words.TODOs[n-1]
	g := labs.Grade{TODO: n, Func: todo.Func}
	var fail *labs.Failure
	var checks int
	var track labs.Tracker
	explain := explainOf(n, learner, ref)
	fault := labs.GuardCPU(Limit, fair.LearnerDir, &track, func() {
		mixed := ref.With(n, learner).Checked(&track)
		fail, checks = checkers[n](mixed, ref, explain)
	})
	if g.Faulted(fault) {
		if g.Status == labs.Fail && fault.TODO == n {
			// An impossible answer: name the mistake behind it when the
			// probes show one (behaviour.go), read as any failure's
			// hint is, after the checks and under a bound of its own.
			// The verdict goes first.
			labs.FailFound()
			read := explain(func(raw fair.Funcs) diagnose.Hint { return impossibleHint(n, raw, ref) })
			if hint, id, ok := labs.Read(DiagnosisLimit, fair.LearnerDir, &track, read); ok {
				g.Hint, g.HintID = hint, id
			}
		}
		return g
	}
	if fail == nil {
		g.Status = labs.Pass
		g.Detail = fmt.Sprintf("all %d checks pass: edge cases, random inputs and the experiments", checks)
		return g
	}
	g.Fail(fail.Explain(DiagnosisLimit, fair.LearnerDir, &track))
	return g
}

// runDiffersID is the hint of an experiment that differs though every
// call checked on its own was right.
const runDiffersID = "plain.run-differs-calls-right"

var checkers = map[int]func(mixed, ref fair.Funcs, explain explainer) (*labs.Failure, int){
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
				labs.FailFound()
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
