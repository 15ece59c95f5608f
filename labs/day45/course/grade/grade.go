// Package grade is Day 45's grader: one file per TODO (its hand-picked
// and random cases, its per-call check, how a failing case is made
// simpler, how the calls an experiment makes to it are kept), the table of
// the TODOs' checkers and the replay of the pure experiments (here), and
// the hints read off a counterexample (diagnose.go).
package grade

import (
	"fmt"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/parts"
	"termlab/labs/day45/course/words"
)

// How the grader decides, and why a verdict is a property of the code
// -------------------------------------------------------------------
//
// A TODO passes when it agrees with the reference on every graded input,
// within a stated tolerance; it never depends on the last bit of a float,
// on the CPU (amd64 v1 or v3, arm64) or on how the learner ordered an
// honest computation. The grader checks one TODO at a time, with the
// learner's function in that slot and the reference in the other three, so
// a mistake is blamed on the TODO that holds it and on no other.
//
// Each TODO faces, in order:
//
//  1. hand-picked cases, simplest first, each about one idea (the
//     boundary, the cap, a refill under a millisecond, a fractional
//     capacity, an hour of idling, a clock near a century, a window of a
//     microsecond or of a day), so the first failure is a small input the
//     learner can work through on paper;
//  2. randomCases seeded random inputs per TODO over the whole range the
//     course can produce (elapsed from nanoseconds to days, capacity and
//     rate fractional or in the thousands, windows from 1 µs to a day,
//     clocks up to a hundred years of nanoseconds, boundaries hit exactly);
//  3. the day's experiments that run on pure code (Parts 1–3, 5, 7, 8),
//     every figure, each proven robust (below). The networked parts (4, 6)
//     are never used for grading.
//
// Tolerance. WindowID, Expired and NextEmit are integer arithmetic on
// time.Duration: their answers are exact and are compared exactly. TakeToken
// is float arithmetic, so its level is compared with a tolerance: left must
// be within limit.TokenTol × max(1, capacity) of the reference (1e-9 absolute, or
// 1e-9 relative to the bucket's size). A level within that tolerance of one
// whole token is a knife edge: there either answer for ok is accepted,
// provided left goes with it (level − 1 when ok, the level when not). The
// one exception is the boundary that is the point of a check, and then the
// inputs are exact: a whole number of tokens with no time passed (elapsed =
// 0, so no float arithmetic at all) must let the request in; that is P1's
// burst.
//
// Robust figures. Every figure of every pure experiment is graded, so a
// correct TODO gives the reference's run figure for figure. That holds
// because no experiment's input puts a refill on a whole token (Part 8's
// arrivals are moved off the even schedule by a few hundred µs for this,
// see tieShift): every figure stays the same when the reference's level is
// perturbed by ±1e-9, ±1e-12 and ±1e-15 relative wherever float arithmetic
// happens (a refill over elapsed > 0), which parts/robust_test.go checks.
// The exact TODOs' experiments are deterministic.
//
// Counterexamples. Every failure is reported as one call: input, got, want.
// A failure found at random is shrunk (rounder times, whole tokens, small
// buckets, rate 1, short clocks) while it still fails. When an experiment
// catches what the per-call checks missed, the grader replays the calls the
// experiment made, checks each one per call, and shows the first that is
// wrong, shrunk; only a function that is right on every call it was given
// (one that keeps state between calls) is shown the experiment's figure.
// The hint comes from what that input reveals (a refill too small or too
// large, a cap missed, a token spent before the refill, a boundary on the
// wrong side, float rounding, the wrong unit), not from the TODO's number.

// Limit bounds the grading of one TODO, in the worker process, in CPU time
// (labs.GuardCPU: a busy machine slows the wall clock, not the CPU time a
// correct TODO needs): the reference takes well under a tenth of it. A variable so that tests that
// grade dozens of versions at once, under the race detector, can lift it:
// they test verdicts, not speed.
var Limit = 2 * time.Second

// DiagnosisLimit bounds the reading of the probes for a failure's hint, in
// CPU time, on a clock of its own that starts once the checks are done
// (labs.Failure.Explain): the verdict is the checks' alone, and a reading
// that runs out leaves the check's plain hint. A variable for the same
// reason as Limit. The longest reading of the equivalence suites takes
// under 2 ms.
var DiagnosisLimit = time.Second

const (
	randomCases = 3000
	// maxRecorded bounds the calls an experiment's replay keeps.
	maxRecorded = 200_000
)

// grading is one TODO being graded.
type grading struct {
	n       int
	learner limit.Funcs // the learner's functions, tracked but not validated
	mixed   limit.Funcs // the reference with the learner's slot n, as experiments run it
	ref     limit.Funcs
	checks  int
	cases   int // hand-picked and random cases checked
	figures int // experiment figures compared
	sweeps  int // steps of a sweep along the clock (TODO 2's)
}

// TODO grades TODO n of learner against ref.
func TODO(n int, learner, ref limit.Funcs) labs.Grade {
	todo := words.TODOs[n-1]
	g := labs.Grade{TODO: n, Func: todo.Func}
	var fail *labs.Failure
	var track labs.Tracker
	gr := &grading{n: n, ref: ref}
	fault := labs.GuardCPU(Limit, limit.LearnerDir, &track, func() {
		gr.learner = ref.With(n, learner).Tracked(&track)
		gr.mixed = ref.With(n, learner).Checked(&track)
		fail = gr.run()
	})
	if g.Faulted(fault) {
		return g
	}
	if fail != nil {
		g.Fail(fail.Explain(DiagnosisLimit, limit.LearnerDir, &track))
		return g
	}
	g.Status = labs.Pass
	agree := "exactly"
	if n == 1 {
		agree = "within " + fmtTol(limit.TokenTol) + " × max(1, capacity)"
	}
	// The parts named add up to the checks.
	sweep := ""
	if gr.sweeps > 0 {
		sweep = fmt.Sprintf(", %d steps of a sweep along the clock", gr.sweeps)
	}
	g.Detail = fmt.Sprintf("all %d checks agree with the reference %s: %d inputs (hand-picked and random)%s and %d experiment figures",
		gr.checks, agree, gr.cases, sweep, gr.figures)
	return g
}

// checkers are the TODOs' graders, by number, as in Day 46's grader: each
// TODO's file holds its checker, which hands its cases and its recorder to
// checkThenExperiments.
var checkers = map[int]func(g *grading) *labs.Failure{
	1: checkTakeToken,
	2: checkWindowID,
	3: checkExpired,
	4: checkNextEmit,
}

// run checks TODO n per call, then on the experiments.
func (g *grading) run() *labs.Failure {
	check, ok := checkers[g.n]
	if !ok {
		return nil
	}
	return check(g)
}

// recorder sets a TODO's function of f to one that hands keep each call,
// as a case, before answering: how the calls an experiment makes are kept.
type recorder[C any] func(f *limit.Funcs, keep func(C))

// madeByExperiment is what a recorded call is about, in a failure.
const madeByExperiment = "a call the experiment made"

// checkThenExperiments checks a TODO's cases, counting them in g, then the
// experiments that use it, whose calls record keeps for the search.
func checkThenExperiments[C any](g *grading, cases labs.Cases[C], record recorder[C]) *labs.Failure {
	if f := checkCases(g, cases); f != nil {
		return f
	}
	return g.experiments(searchOf(cases, record))
}

// checkCases runs a TODO's per-call checks, counting in g the checks, the
// inputs and the steps of a sweep among them.
func checkCases[C any](g *grading, cs labs.Cases[C]) *labs.Failure {
	if sweep := cs.Sweep; sweep != nil {
		cs.Sweep = func() (*labs.Failure, int) {
			f, n := sweep()
			g.sweeps += n
			return f, n
		}
	}
	before := g.sweeps
	f, n := cs.First()
	g.checks += n
	g.cases += n - (g.sweeps - before)
	return f
}

// searchOf is, for one run of an experiment, the wrapping of the TODO's
// function of f that keeps the calls made to it (up to maxRecorded), and
// the search of those calls with the per-call checks: the first wrong one,
// shrunk.
func searchOf[C any](cases labs.Cases[C], record recorder[C]) func(f *limit.Funcs) (search func() *labs.Failure) {
	return func(f *limit.Funcs) func() *labs.Failure {
		var calls []C
		record(f, func(c C) {
			if len(calls) < maxRecorded {
				calls = append(calls, c)
			}
		})
		return func() *labs.Failure { return cases.Search(calls) }
	}
}

// --- the experiments ----------------------------------------------------------

// gradedPieces are the pure experiments that use TODO n. The heavy parts
// (their heavy flag: they run over a network or against a store) are
// never graded: their per-call substance is covered by the per-call checks.
func gradedPieces(n int) []parts.PieceRun {
	var out []parts.PieceRun
	for _, p := range parts.Using(n) {
		if !p.Heavy {
			out = append(out, p)
		}
	}
	return out
}

// experiments replays the pure experiments with the learner's function in
// slot n and compares every figure with the reference's. On a mismatch it
// searches the calls the experiment made (kept by record) for the
// smallest wrong one.
func (g *grading) experiments(record func(f *limit.Funcs) (search func() *labs.Failure)) *labs.Failure {
	for _, p := range gradedPieces(g.n) {
		mixed := g.mixed
		search := record(&mixed)
		var got labs.PartResult
		p.Run(mixed, &got)
		// The reference's figures depend on the course's code alone: kept
		// once per version of it (labs.ReferenceMetrics).
		want := labs.ReferenceMetrics(p.Key, g.ref, func() []labs.Metric {
			var r labs.PartResult
			p.Run(g.ref, &r)
			return r.Metrics
		})
		for i, w := range want {
			g.checks++
			g.figures++
			if i < len(got.Metrics) && got.Metrics[i].Value == w.Value {
				continue
			}
			var gotMetric *labs.Metric
			if i < len(got.Metrics) {
				gotMetric = &got.Metrics[i]
			}
			// Neither figure is named: see labs.FigureDiffers.
			how, ce := labs.FigureDiffers(p.Part, gotMetric, w)
			// Settled: the search of the experiment's calls only finds
			// the smallest wrong one to show.
			labs.FailFound()
			if f := search(); f != nil {
				f.What = fmt.Sprintf("Part %s comes out differently (%s); the smallest wrong call behind it: %s",
					p.Part, how, f.What)
				return f
			}
			return &labs.Failure{
				What:           fmt.Sprintf("Part %s comes out differently from the reference (%s), though every call it made is right on its own", p.Part, how),
				Counterexample: ce,
				Hint:           "each call must depend only on its arguments: look for state your function keeps between calls (a global, a static counter, a cache)",
				HintID:         "plain.run-differs-calls-right",
			}
		}
	}
	return nil
}
