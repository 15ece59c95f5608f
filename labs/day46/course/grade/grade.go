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
	"strings"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/parts"
)

const randomCases = 2000

// tol is the relative tolerance for float answers and experiment figures:
// a share or a credit may be off by tol × max(1, scale). Correct orders of
// arithmetic differ by a few ulps (about 1e-16), far inside it.
const tol = 1e-9

// tolText is tol as the TODO screen shows it (1e-9, not Go's 1e-09).
var tolText = strings.Replace(fmt.Sprint(tol), "e-0", "e-", 1)

// Limit bounds the grading of one TODO, in the worker process. The
// reference needs well under a second; tests running under -race, several
// times slower, raise it: it is a bound for hangs, not a speed test.
var Limit = 4 * time.Second

// TODOs are the day's four functions, with a nudge first and more after.
var TODOs = []labs.TODO{
	{Number: 1, Func: "FairShare", Title: "max-min fair share by water-filling",
		Goal: "each tenant's share: never more than it asks, what the modest leave shared equally by the rest",
		Hints: []string{
			"Start with the smallest demand: if it is below an equal split of the capacity, that tenant is simply satisfied.",
			"Take satisfied tenants out and split what is left equally among the others; repeat until nobody left asks for less than the split.",
			"Sort a copy of the indexes by demand; walking up, each tenant gets min(its demand, what is left ÷ how many are left). Write each share back at the tenant's own index.",
		},
		Checked: fmt.Sprintf("each share within %s × max(1, capacity) of the reference, in the order of demands: hand-picked cases (no tenants, no capacity, a tenant asking nothing, fractional and unsorted demands), then %d random ones; a share above its demand, shares adding up to more than the capacity, or a changed demands list (compared after every call), fail at once. Parts 3 and 7 must give the reference's figures to %s. Any order of arithmetic passes.", tolText, randomCases, tolText)},
	{Number: 2, Func: "DRRVisit", Title: "one visit of deficit round robin",
		Goal: "add the quantum, serve from the head while the head fits, keep the rest of the credit unless the queue emptied",
		Hints: []string{
			"Credit first: deficit + quantum is what this visit may spend.",
			"Serve in order from the head; stop at the first request that does not fit, even if a smaller one waits behind it.",
			"When every request was served, return a credit of 0: an empty queue banks nothing for later.",
		},
		Checked: fmt.Sprintf("served exactly as the reference, the credit left within %s × max(1, deficit + quantum): hand-picked cases (an empty queue gives 0, 0; a head whose size equals the credit is served), then %d random ones. Sizes and credits are whole or quarter numbers, so the sums are exact in any order. Part 4 must give the reference's figures to %s.", tolText, randomCases, tolText)},
	{Number: 3, Func: "ShardOf", Title: "a tenant's shuffle shard",
		Goal: "k distinct workers of 0…n−1, always the same for the same tenant, spread evenly over tenants",
		Hints: []string{
			"Same tenant, same shard: every random choice must come from a generator seeded with the tenant id, never from a global one.",
			"Without replacement: shuffle the list 0…n−1 (or its first k places) and take the first k.",
			"math/rand/v2 has generators you seed yourself (rand.NewPCG) and a Perm that shuffles 0…n−1 for you.",
		},
		Checked: fmt.Sprintf("no fixed answer: any generator and any order pass if every shard is k distinct workers of 0…n−1, the same on %d calls in a row for the same tenant, the %d shards of 2 out of 8 come up about equally often over %d tenants (ids 1, 2, 3…, ids i·2²⁰ and random ids: a chi-square statistic of at most %g, which a fair draw exceeds about once in a million), and Part 5's shares (quiet tenants hurt, shards the same as the noisy tenant's) are within %g points of 1/C(8, 2) = %.2f %%.", sameCalls, int(fair.Binomial(8, 2)), int(fair.Binomial(8, 2))*spreadPer, ChiSquareLimit, shardFormulaSlack, 100/fair.Binomial(8, 2))},
	{Number: 4, Func: "Overlap", Title: "the blast radius between two shards",
		Goal: "how many workers a and b have in common",
		Hints: []string{
			"Order is not meaning: [1 3] and [3 1] are the same shard.",
			"Put the workers of one shard in a set (a map), then count the other's workers that are in it.",
			"Workers can be any int up to n−1, so a fixed-size bit mask may be too small.",
		},
		Checked: fmt.Sprintf("exact: the same count as the reference, on hand-picked cases (empty shards, the same workers in another order, shards of different sizes, workers above 31 and 63), then %d random pairs of up to 10 workers out of up to 200. Parts 5 and 6 must give the reference's figures to %s.", randomCases, tolText)},
}

// diagnosed holds, for a failure a check made, how to work its hint out
// from the counterexample (see diagnose.go); it runs once, on the failure
// that is finally shown, with the learner's function unchecked (an
// impossible answer on a probe is still an answer a mistake can share).
type diagnosed map[*labs.Failure]func(raw fair.Funcs) string

// add records how to diagnose f, and returns f.
func (d diagnosed) add(f *labs.Failure, diag func(raw fair.Funcs) string) *labs.Failure {
	d[f] = diag
	return f
}

// TODO grades TODO n of learner against ref.
func TODO(n int, learner, ref fair.Funcs) labs.Grade {
	todo := TODOs[n-1]
	g := labs.Grade{TODO: n, Func: todo.Func}
	var fail *labs.Failure
	var checks int
	var track labs.Tracker
	diags := diagnosed{}
	fault := labs.Guard(Limit, fair.LearnerDir, &track, func() {
		mixed := ref.With(n, learner).Checked(&track)
		fail, checks = checkers[n](mixed, ref, diags)
	})
	if g.Faulted(fault) {
		return g
	}
	if fail == nil {
		g.Status = labs.Pass
		g.Detail = fmt.Sprintf("all %d checks pass: edge cases, random inputs and the experiments", checks)
		return g
	}
	if diag := diags[fail]; diag != nil {
		var hint string
		raw := ref.With(n, learner)
		if f := labs.Guard(Limit, fair.LearnerDir, &track, func() { hint = diag(raw) }); f.OK() {
			fail.Hint = hint
		}
	}
	g.Fail(fail)
	return g
}

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
		got, want := p.Metrics(mixed), p.Metrics(ref)
		for i := range want {
			if i >= len(got) || !near(got[i].Value, want[i].Value, want[i].Value) {
				g := "nothing"
				if i < len(got) {
					g = labs.FormatMetric(got[i])
				}
				return &labs.Failure{
					What:           fmt.Sprintf("Part %s comes out differently from the reference", p.Part),
					Counterexample: labs.Counterexample{Input: fmt.Sprintf("Part %s (%s)", p.Part, want[i].Label), Got: g, Want: labs.FormatMetric(want[i])},
					Hint:           fmt.Sprintf("every edge case and random input agrees, but Part %s does not: the experiment calls your function on other inputs (more tenants, longer queues, many calls in a row), so try one of those by hand", p.Part),
				}, checks
			}
		}
	}
	return nil, checks
}
