package course

import (
	"fmt"
	"slices"
	"time"

	"termlab/labs"
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
// be within tokenTol × max(1, capacity) of the reference (1e-9 absolute, or
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
// happens (a refill over elapsed > 0), which grade_robust_test.go checks.
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

// gradeLimit bounds the grading of one TODO, in the worker process: the
// reference takes well under a tenth of it. A variable so that tests that
// grade dozens of versions at once, under the race detector, can lift it:
// they test verdicts, not speed.
var gradeLimit = 2 * time.Second

const (
	randomCases = 3000
	// tokenTol is TakeToken's tolerance, relative to max(1, capacity).
	tokenTol = 1e-9
	// maxRecorded bounds the calls an experiment's replay keeps.
	maxRecorded = 200_000
)

// failure is one counterexample found by a check.
type failure struct {
	what string // what the failing case is about
	ce   labs.Counterexample
	hint string
}

func (f *failure) Error() string { return f.what }

// grading is one TODO being graded.
type grading struct {
	n       int
	learner Funcs // the learner's functions, tracked but not validated
	mixed   Funcs // the reference with the learner's slot n, as experiments run it
	ref     Funcs
	checks  int
	cases   int // hand-picked and random cases checked
	figures int // experiment figures compared
	sweeps  int // steps of a sweep along the clock (TODO 2's)
}

// gradeTODO grades TODO n of learner against ref.
func gradeTODO(n int, learner, ref Funcs) labs.Grade {
	todo := todos[n-1]
	g := labs.Grade{TODO: n, Func: todo.Func}
	var fail *failure
	var track labs.Tracker
	gr := &grading{n: n, ref: ref}
	fault := labs.Guard(gradeLimit, learnerDir, &track, func() {
		gr.learner = ref.with(n, learner).tracked(&track)
		gr.mixed = ref.with(n, learner).checked(&track)
		fail = gr.run()
	})
	if g.Faulted(fault) {
		return g
	}
	switch {
	case fail != nil:
		g.Status, g.Detail, g.Hint = labs.Fail, fail.what, fail.hint
		ce := fail.ce
		g.Counterexample = &ce
	default:
		g.Status = labs.Pass
		agree := "exactly"
		if n == 1 {
			agree = "within " + fmtTol(tokenTol) + " × max(1, capacity)"
		}
		// The parts named add up to the checks.
		sweep := ""
		if gr.sweeps > 0 {
			sweep = fmt.Sprintf(", %d steps of a sweep along the clock", gr.sweeps)
		}
		g.Detail = fmt.Sprintf("all %d checks agree with the reference %s: %d inputs (hand-picked and random)%s and %d experiment figures",
			gr.checks, agree, gr.cases, sweep, gr.figures)
	}
	return g
}

// run checks TODO n per call, then on the experiments.
func (g *grading) run() *failure {
	var f *failure
	if slot, ok := todoSlots[g.n]; ok {
		f = slot.checks(g).all(g)
	}
	if f != nil {
		return f
	}
	return g.experiments()
}

// with returns f with slot n taken from other.
func (f Funcs) with(n int, other Funcs) Funcs {
	if slot, ok := todoSlots[n]; ok {
		slot.take(&f, other)
	}
	return f
}

// tracked wraps each function so the tracker knows which TODO is executing
// (a crash or a hang is blamed on it), without judging the answer: the
// per-call checks judge it themselves, so that an impossible answer can be
// shrunk like any other wrong one.
func (f Funcs) tracked(t *labs.Tracker) Funcs {
	return Funcs{
		TakeToken: func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
			t.Enter(1)
			defer t.Leave()
			return f.TakeToken(tokens, capacity, rate, elapsed)
		},
		WindowID: func(now, window time.Duration) int64 {
			t.Enter(2)
			defer t.Leave()
			return f.WindowID(now, window)
		},
		Expired: func(stamp, now, window time.Duration) bool {
			t.Enter(3)
			defer t.Leave()
			return f.Expired(stamp, now, window)
		},
		NextEmit: func(now, nextEmit time.Duration) time.Duration {
			t.Enter(4)
			defer t.Leave()
			return f.NextEmit(now, nextEmit)
		},
	}
}

// --- per-call checking, shared by the four TODOs ----------------------------

// caseSet is one TODO's per-call checks over its case type C.
type caseSet[C any] struct {
	hand    []C               // hand-picked, simplest first: never shrunk
	random  func(i int) C     // the i-th seeded random case
	check   func(C) *failure  // nil when the learner agrees with the reference
	simpler func(C) []C       // simpler versions of a case, for shrinking
	what    func(C, string) C // relabels a case found elsewhere
	// sweep, when set, is a check across many calls (run after the hand
	// cases): a property no single call shows.
	sweep func(checks *int) *failure
}

type checker interface{ all(g *grading) *failure }

func (s caseSet[C]) all(g *grading) *failure {
	for _, c := range s.hand {
		g.checks++
		g.cases++
		if f := s.check(c); f != nil {
			return f
		}
	}
	if s.sweep != nil {
		before := g.checks
		f := s.sweep(&g.checks)
		g.sweeps += g.checks - before
		if f != nil {
			return f
		}
	}
	for i := range randomCases {
		g.checks++
		g.cases++
		c := s.random(i)
		if f := s.check(c); f != nil {
			return s.shrink(c, f)
		}
	}
	return nil
}

// shrink replaces a failing case by a simpler one that still fails, as long
// as there is one: every simplification moves one value towards a round
// one, so this ends; maxShrink bounds it anyway.
func (s caseSet[C]) shrink(c C, f *failure) *failure {
	const maxShrink = 200
	for range maxShrink {
		progressed := false
		for _, d := range s.simpler(c) {
			if g := s.check(d); g != nil {
				c, f, progressed = d, g, true
				break
			}
		}
		if !progressed {
			break
		}
	}
	return f
}

// search checks, one by one, the calls an experiment made, and returns the
// first that is wrong, shrunk.
func (s caseSet[C]) search(calls []C) *failure {
	for _, c := range calls {
		c = s.what(c, "a call the experiment made")
		if f := s.check(c); f != nil {
			return s.shrink(c, f)
		}
	}
	return nil
}

// --- the experiments ----------------------------------------------------------

// gradedPiece is one experiment the grader replays for TODO n.
type gradedPiece struct {
	part string
	run  func(Funcs, *labs.PartResult)
}

// gradedPieces are the pure experiments that use TODO n. The heavy parts
// (partInfos' heavy flag: they run over a network or against a store) are
// never graded: their per-call substance is covered by the per-call checks.
func gradedPieces(n int) []gradedPiece {
	var out []gradedPiece
	for _, p := range pieces {
		i := slices.IndexFunc(partInfos, func(info partInfo) bool { return info.id == p.Part })
		if i >= 0 && !partInfos[i].heavy && slices.Contains(p.Uses, n) {
			out = append(out, gradedPiece{p.Part, p.Run})
		}
	}
	return out
}

func (g *grading) experiments() *failure {
	for _, p := range gradedPieces(g.n) {
		rec := &recorder{}
		var got, want labs.PartResult
		p.run(rec.wrap(g.n, g.mixed), &got)
		p.run(g.ref, &want)
		for i, w := range want.Metrics {
			g.checks++
			g.figures++
			if i < len(got.Metrics) && got.Metrics[i].Value == w.Value {
				continue
			}
			gotText := "nothing"
			if i < len(got.Metrics) {
				gotText = formatMetric(got.Metrics[i])
			}
			if f := g.searchRecorded(rec); f != nil {
				f.what = fmt.Sprintf("Part %s comes out differently (%s: %s, the reference %s); the smallest wrong call behind it: %s",
					p.part, w.Label, gotText, formatMetric(w), f.what)
				return f
			}
			return &failure{
				what: fmt.Sprintf("Part %s comes out differently from the reference, though every call it made is right on its own", p.part),
				ce:   labs.Counterexample{Input: fmt.Sprintf("Part %s (%s)", p.part, w.Label), Got: gotText, Want: formatMetric(w)},
				hint: "each call must depend only on its arguments: look for state your function keeps between calls (a global, a static counter, a cache)",
			}
		}
	}
	return nil
}

// recorder keeps the calls an experiment made to the TODO being graded.
type recorder struct {
	tokens  []tokenCase
	windows []windowCase
	expired []expiredCase
	emits   []emitCase
}

func (r *recorder) wrap(n int, f Funcs) Funcs {
	if slot, ok := todoSlots[n]; ok {
		slot.record(r, &f)
	}
	return f
}

func (g *grading) searchRecorded(r *recorder) *failure {
	if slot, ok := todoSlots[g.n]; ok {
		return slot.recorded(g, r)
	}
	return nil
}
