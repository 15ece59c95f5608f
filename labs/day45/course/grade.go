package course

import (
	"fmt"
	"math"
	"slices"
	"strings"
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
		g.Detail = fmt.Sprintf("all %d checks agree with the reference %s: %d inputs (hand-picked and random) and %d experiment figures",
			gr.checks, agree, gr.cases, gr.figures)
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
		if f := s.sweep(&g.checks); f != nil {
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

// --- TODO 1 -----------------------------------------------------------------

type tokenCase struct {
	tokens, capacity, rate float64
	elapsed                time.Duration
	what                   string
	// exact marks a case whose boundary is its point: its inputs involve no
	// float rounding at all, so ok must match even on a whole token.
	exact bool
}

func (c tokenCase) input() string {
	return fmt.Sprintf("TakeToken(tokens=%g, capacity=%g, ratePerSec=%g, elapsed=%v)", c.tokens, c.capacity, c.rate, c.elapsed)
}

var tokenCases = []tokenCase{
	{tokens: 1, capacity: 1, rate: 1, what: "one whole token and no time passed", exact: true},
	{tokens: 0, capacity: 1, rate: 1, what: "an empty bucket and no time passed", exact: true},
	{tokens: 5, capacity: 10, rate: 1, what: "elapsed is zero", exact: true},
	{tokens: 1, capacity: 20, rate: 10, what: "the last whole token of a burst (no time passed)", exact: true},
	{tokens: 0.5, capacity: 10, rate: 1, what: "half a token", exact: true},
	{tokens: 0, capacity: 10, rate: 2, elapsed: 600 * time.Millisecond, what: "an empty bucket that refilled 1.2 tokens"},
	{tokens: 0.5, capacity: 10, rate: 1, elapsed: 400 * time.Millisecond, what: "a refill that still leaves less than one token"},
	{tokens: 10, capacity: 10, rate: 1, elapsed: 5 * time.Second, what: "a full bucket that waited"},
	{tokens: 19.5, capacity: 20, rate: 10, elapsed: time.Second, what: "refill past the cap, then spend"},
	{tokens: 0, capacity: 20, rate: 10, elapsed: time.Hour, what: "a long idle hour"},
	{tokens: 0, capacity: 5, rate: 0.5, elapsed: 2500 * time.Millisecond, what: "a slow rate (0.5 per second) over 2.5 s"},
	{tokens: 3, capacity: 20, rate: 10, elapsed: 1500 * time.Microsecond, what: "a refill of a fraction of a token"},
	{tokens: 0.9996, capacity: 10, rate: 1, elapsed: 500 * time.Microsecond, what: "a refill over less than a millisecond"},
	{tokens: 0.5, capacity: 10, rate: 1000, elapsed: 600 * time.Microsecond, what: "a fast rate (1000 per second) over 0.6 ms"},
	{tokens: 2.5, capacity: 2.5, rate: 1, what: "a fractional capacity (2.5)", exact: true},
	{tokens: 0, capacity: 2.5, rate: 1, elapsed: time.Minute, what: "a fractional capacity refilled to the top"},
	{tokens: 0, capacity: 10, rate: 0.25, elapsed: 6 * time.Second, what: "a fractional rate (0.25 per second)"},
	{tokens: 0, capacity: 1000, rate: 10, elapsed: 50 * time.Second, what: "a large bucket after 50 s idle"},
	{tokens: 0, capacity: 1e6, rate: 100, elapsed: 2 * time.Hour, what: "a large bucket idle for two whole hours"},
	{tokens: 0, capacity: 1e6, rate: 0.001, elapsed: 48 * time.Hour, what: "a very slow rate over two days"},
	{tokens: 3, capacity: 10, rate: 3, elapsed: 4 * time.Second, what: "a rate that differs from the capacity"},
}

func (g *grading) tokenChecks() checker {
	check := func(c tokenCase) *failure { return checkToken(g.learner.TakeToken, g.ref.TakeToken, c) }
	return caseSet[tokenCase]{
		hand:    tokenCases,
		random:  randomToken,
		check:   check,
		simpler: simplerToken,
		what:    func(c tokenCase, w string) tokenCase { c.what, c.exact = w, false; return c },
	}
}

// tokenTolerance is how far a correct level may sit from the reference's.
func tokenTolerance(capacity float64) float64 { return tokenTol * max(1, math.Abs(capacity)) }

// fmtTol writes a tolerance the way people do: 1e-9, not 1e-09.
func fmtTol(x float64) string {
	return strings.Replace(strings.Replace(fmt.Sprintf("%g", x), "e-0", "e-", 1), "e+0", "e+", 1)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func checkToken(learner, ref TakeTokenFunc, c tokenCase) *failure {
	gotL, gotOK := learner(c.tokens, c.capacity, c.rate, c.elapsed)
	refL, refOK := ref(c.tokens, c.capacity, c.rate, c.elapsed)
	tol := tokenTolerance(c.capacity)
	level := refL + b2f(refOK) // the reference's level before spending
	tie := !c.exact && math.Abs(level-1) <= tol
	want := fmt.Sprintf("left=%.12g, ok=%v", refL, refOK)
	if tie {
		want += fmt.Sprintf(" (or left=%.12g, ok=%v: the level is within %s of one whole token, so either answer is accepted)", level-b2f(!refOK), !refOK, fmtTol(tol))
	}
	ce := labs.Counterexample{Input: c.input(), Got: fmt.Sprintf("left=%.12g, ok=%v", gotL, gotOK), Want: want}
	if reason, hint := impossibleTokens(gotL, c.capacity); reason != "" {
		if h := diagnoseToken(learner, c, gotL, gotOK, refL, refOK); h != "" {
			hint = h
		}
		return &failure{what: "an impossible answer on " + c.what + ": " + reason, ce: ce, hint: hint}
	}
	okAgrees := gotOK == refOK || tie
	if okAgrees && math.Abs(gotL-(level-b2f(gotOK))) <= tol {
		return nil
	}
	return &failure{what: "wrong on " + c.what, ce: ce, hint: diagnoseToken(learner, c, gotL, gotOK, refL, refOK)}
}

// randomToken draws a bucket from every corner the course can reach.
func randomToken(i int) tokenCase {
	rng := seeded(1, i)
	var c tokenCase
	switch rng.IntN(4) {
	case 0:
		c.capacity = float64(1 + rng.IntN(100))
	case 1:
		c.capacity = math.Round((0.25+rng.Float64()*50)*1000) / 1000 // fractional
	case 2:
		c.capacity = float64(1000 + rng.IntN(1_000_000)) // large
	default:
		c.capacity = 1 + math.Round(rng.Float64()*3*100)/100
	}
	switch rng.IntN(4) {
	case 0:
		c.rate = float64(1 + rng.IntN(50))
	case 1:
		c.rate = math.Round((0.01+rng.Float64()*20)*1000) / 1000 // fractional
	case 2:
		c.rate = float64(100 + rng.IntN(100_000)) // faster than one per millisecond
	default:
		c.rate = math.Round((0.001+rng.Float64())*10000) / 10000 // slower than one per second
	}
	switch rng.IntN(6) {
	case 0:
		c.elapsed = time.Duration(rng.Int64N(int64(time.Millisecond))) // under a millisecond
	case 1:
		c.elapsed = time.Duration(rng.Int64N(int64(time.Second)))
	case 2:
		c.elapsed = time.Duration(rng.Int64N(int64(10 * time.Second)))
	case 3:
		c.elapsed = time.Duration(1+rng.IntN(48)) * time.Hour // whole hours
	case 4:
		c.elapsed = time.Duration(rng.Int64N(int64(30 * 24 * time.Hour))) // a long idle spell
	default:
		c.elapsed = time.Duration(rng.Int64N(int64(100 * time.Millisecond)))
	}
	c.tokens = rng.Float64() * c.capacity
	switch rng.IntN(3) {
	case 0:
		c.tokens = math.Floor(c.tokens) // whole tokens, as after a burst
	case 1:
		c.tokens = math.Round(c.tokens*1000) / 1000
	}
	c.what = "an input found at random"
	return c
}

// simplerToken is each way to make a token case rounder by one step.
func simplerToken(c tokenCase) []tokenCase {
	var out []tokenCase
	add := func(d tokenCase) {
		if d != c {
			out = append(out, d)
		}
	}
	for _, unit := range []time.Duration{time.Hour, time.Minute, time.Second, 100 * time.Millisecond, time.Millisecond, time.Microsecond} {
		if r := c.elapsed.Round(unit); r != c.elapsed {
			d := c
			d.elapsed = r
			add(d)
			break // the coarsest rounding that changes anything first
		}
	}
	if c.elapsed > time.Hour {
		d := c
		d.elapsed = time.Hour
		add(d)
	}
	for _, v := range []float64{0, math.Floor(c.tokens), math.Round(c.tokens*10) / 10} {
		if v < c.tokens {
			d := c
			d.tokens = v
			add(d)
		}
	}
	for _, v := range []float64{1, 10, 20, 100, 1000} {
		if v < c.capacity && v >= c.tokens {
			d := c
			d.capacity = v
			add(d)
			break
		}
	}
	if r := math.Round(c.capacity); r != c.capacity && r >= c.tokens && r >= 1 {
		d := c
		d.capacity = r
		add(d)
	}
	for _, v := range []float64{1, 10, math.Round(c.rate)} {
		if v != c.rate && v > 0 && (c.rate != math.Round(c.rate) || v < c.rate) {
			d := c
			d.rate = v
			add(d)
		}
	}
	return out
}

// --- TODO 2 -----------------------------------------------------------------

type windowCase struct {
	now, window time.Duration
	what        string
}

// century is a clock a hundred years in, in nanoseconds: int64 holds it
// with room to spare (the limit is about 292 years).
const century = 100 * 365 * 24 * time.Hour

var windowCases = []windowCase{
	{0, time.Minute, "the very start"},
	{30 * time.Second, time.Minute, "the middle of the first window"},
	{time.Minute, time.Minute, "exactly on a boundary"},
	{time.Minute - time.Nanosecond, time.Minute, "one nanosecond before a boundary"},
	{90 * time.Second, time.Minute, "half way through the second window"},
	{1500 * time.Millisecond, time.Second, "a sub-second part of the clock"},
	{2 * time.Second, 500 * time.Millisecond, "a window shorter than a second"},
	{2500 * time.Microsecond, time.Millisecond, "a window of one millisecond"},
	{1500 * time.Nanosecond, time.Microsecond, "a window of one microsecond"},
	{3 * time.Millisecond, 750 * time.Microsecond, "a window of 750 µs"},
	{36 * time.Hour, 24 * time.Hour, "a window of a day"},
	{100 * 24 * time.Hour, time.Second, "a clock a hundred days in"},
	{century - time.Nanosecond, time.Hour, "a clock a century in, a nanosecond before a boundary"},
	{century + 7*time.Microsecond, time.Microsecond, "a clock a century in, microsecond windows"},
}

func (g *grading) windowChecks() checker {
	check := func(c windowCase) *failure {
		got := g.learner.WindowID(c.now, c.window)
		want := g.ref.WindowID(c.now, c.window)
		if got == want {
			return nil
		}
		return &failure{
			what: "wrong on " + c.what,
			ce: labs.Counterexample{
				Input: fmt.Sprintf("WindowID(now=%v, window=%v)", c.now, c.window),
				Got:   fmt.Sprint(got), Want: fmt.Sprint(want),
			},
			hint: diagnoseWindow(g.learner.WindowID, c, got, want),
		}
	}
	return caseSet[windowCase]{
		hand:    windowCases,
		random:  randomWindow,
		check:   check,
		simpler: simplerWindow,
		what:    func(c windowCase, w string) windowCase { c.what = w; return c },
		sweep:   func(checks *int) *failure { return windowNeverGoesBack(g.learner.WindowID, checks) },
	}
}

// windowNeverGoesBack walks three minutes of clock: time only moves
// forward, so window numbers can only grow.
func windowNeverGoesBack(id WindowIDFunc, checks *int) *failure {
	prev, prevAt := int64(0), time.Duration(0)
	for at := time.Duration(0); at <= 3*time.Minute; at += 250 * time.Millisecond {
		*checks++
		n := id(at, time.Minute)
		if n < prev {
			return &failure{
				what: "the window number went backwards as time moved forward",
				ce: labs.Counterexample{
					Input: fmt.Sprintf("WindowID(%v, 1m0s) then WindowID(%v, 1m0s)", prevAt, at),
					Got:   fmt.Sprintf("%d then %d", prev, n), Want: "a number that never decreases",
				},
				hint: "later instants are in the same window or a later one, never an earlier one",
			}
		}
		prev, prevAt = n, at
	}
	return nil
}

// randomWindow draws a window from 1 µs to a day and a clock up to a
// century; one case in four lands exactly on a boundary, one in eight a
// nanosecond before one.
func randomWindow(i int) windowCase {
	rng := seeded(2, i)
	var w time.Duration
	switch rng.IntN(4) {
	case 0:
		w = time.Microsecond + time.Duration(rng.Int64N(int64(time.Millisecond))) // 1 µs to 1 ms
	case 1:
		w = time.Duration(1+rng.IntN(3600)) * 100 * time.Millisecond
	case 2:
		w = time.Duration(1+rng.Int64N(int64(24*time.Hour/time.Second))) * time.Second // up to a day
	default:
		w = []time.Duration{time.Microsecond, time.Millisecond, time.Second, time.Minute, time.Hour, 24 * time.Hour}[rng.IntN(6)]
	}
	var now time.Duration
	switch rng.IntN(3) {
	case 0:
		now = time.Duration(rng.Int64N(int64(10 * w)))
	case 1:
		now = time.Duration(rng.Int64N(int64(48 * time.Hour)))
	default:
		now = time.Duration(rng.Int64N(int64(century)))
	}
	switch rng.IntN(8) {
	case 0, 1:
		now = now / w * w
	case 2:
		if now/w*w > 0 {
			now = now/w*w - 1
		}
	}
	return windowCase{now: now, window: w, what: "an input found at random"}
}

func simplerWindow(c windowCase) []windowCase {
	var out []windowCase
	for _, unit := range []time.Duration{24 * time.Hour, time.Hour, time.Minute, time.Second, time.Millisecond, time.Microsecond} {
		if c.now >= 100*unit {
			if d := (windowCase{now: c.now % (100 * unit), window: c.window, what: c.what}); d.now != c.now {
				out = append(out, d) // the same place within a shorter clock
			}
		}
	}
	for _, unit := range []time.Duration{time.Hour, time.Minute, time.Second, time.Millisecond, time.Microsecond} {
		if r := c.window.Round(unit); r != c.window && r > 0 {
			out = append(out, windowCase{now: c.now, window: r, what: c.what})
			break
		}
	}
	return out
}

// --- TODO 3 -----------------------------------------------------------------

type expiredCase struct {
	stamp, now, window time.Duration
	what               string
}

var expiredCases = []expiredCase{
	{time.Second, time.Second, time.Minute, "a request stamped right now"},
	{0, 30 * time.Second, time.Minute, "a request half a window old"},
	{0, 2 * time.Minute, time.Minute, "a request two windows old"},
	{0, time.Minute, time.Minute, "a request exactly one window old"},
	{time.Nanosecond, time.Minute, time.Minute, "a request one nanosecond younger than the window"},
	{10 * time.Second, 70 * time.Second, time.Minute, "a stamp that is not at zero"},
	{1500 * time.Millisecond, 2 * time.Second, time.Second, "a sub-second age in a one-second window"},
	{time.Millisecond, 2500 * time.Microsecond, time.Millisecond, "a window of one millisecond"},
	{time.Microsecond, 2*time.Microsecond + 500, time.Microsecond, "a window of one microsecond"},
	{300 * time.Microsecond, 900 * time.Microsecond, 500 * time.Microsecond, "a window of 500 µs"},
	{time.Hour, 25 * time.Hour, 24 * time.Hour, "a window of a day, exactly one day old"},
	{century - time.Hour + time.Nanosecond, century, time.Hour, "a clock a century in, a stamp a nanosecond inside the window"},
}

func (g *grading) expiredChecks() checker {
	check := func(c expiredCase) *failure {
		got := g.learner.Expired(c.stamp, c.now, c.window)
		want := g.ref.Expired(c.stamp, c.now, c.window)
		if got == want {
			return nil
		}
		return &failure{
			what: "wrong on " + c.what,
			ce: labs.Counterexample{
				Input: fmt.Sprintf("Expired(stamp=%v, now=%v, window=%v)", c.stamp, c.now, c.window),
				Got:   fmt.Sprint(got), Want: fmt.Sprint(want),
			},
			hint: diagnoseExpired(g.learner.Expired, c, got, want),
		}
	}
	return caseSet[expiredCase]{
		hand:    expiredCases,
		random:  randomExpired,
		check:   check,
		simpler: simplerExpired,
		what:    func(c expiredCase, w string) expiredCase { c.what = w; return c },
	}
}

func randomExpired(i int) expiredCase {
	rng := seeded(3, i)
	w := randomWindow(i).window
	var now time.Duration
	switch rng.IntN(3) {
	case 0:
		now = time.Duration(rng.Int64N(int64(time.Hour)))
	case 1:
		now = time.Duration(rng.Int64N(int64(48 * time.Hour)))
	default:
		now = time.Duration(rng.Int64N(int64(century)))
	}
	stamp := now - time.Duration(rng.Int64N(int64(2*w)+1))
	switch rng.IntN(8) {
	case 0, 1:
		stamp = now - w // exactly one window old
	case 2:
		stamp = now - w + time.Duration(1-2*rng.IntN(2)) // a nanosecond either side
	}
	return expiredCase{stamp: max(stamp, 0), now: now, window: w, what: "an input found at random"}
}

func simplerExpired(c expiredCase) []expiredCase {
	var out []expiredCase
	// Move both times back together: the age is what matters.
	for _, unit := range []time.Duration{24 * time.Hour, time.Hour, time.Minute, time.Second, time.Millisecond} {
		if shift := c.stamp / unit * unit; shift > 0 {
			out = append(out, expiredCase{stamp: c.stamp - shift, now: c.now - shift, window: c.window, what: c.what})
			break
		}
	}
	return out
}

// --- TODO 4 -----------------------------------------------------------------

type emitCase struct {
	now, nextEmit time.Duration
	what          string
}

var emitCases = []emitCase{
	{0, 0, "the very first request"},
	{time.Second, 3 * time.Second, "a request behind a queue"},
	{3 * time.Second, 3 * time.Second, "a request arriving exactly at its slot"},
	{5 * time.Second, 2 * time.Second, "an idle bucket (the slot is in the past)"},
	{time.Hour, 0, "a bucket idle for an hour"},
	{time.Second, time.Second + time.Hour, "a request behind an hour of backlog"},
	{time.Minute, time.Minute + 50*time.Hour + 1, "a request behind two days of backlog"},
	{1500 * time.Microsecond, 1200 * time.Microsecond, "a slot less than a millisecond ago"},
	{1200 * time.Microsecond, 1700 * time.Microsecond, "a slot less than a millisecond ahead"},
	{century + 1, century, "a clock a century in, a nanosecond after the slot"},
	{century, century + 1, "a clock a century in, a nanosecond before the slot"},
}

func (g *grading) emitChecks() checker {
	check := func(c emitCase) *failure {
		got := g.learner.NextEmit(c.now, c.nextEmit)
		want := g.ref.NextEmit(c.now, c.nextEmit)
		if got == want {
			return nil
		}
		what := "wrong on " + c.what
		switch {
		case got < c.now:
			what = "an impossible answer on " + c.what + ": the emit time is in the past, before the request even arrived"
		case got < c.nextEmit:
			what = "the request jumped the queue: it leaves before the slot nextEmit (" + c.what + ")"
		}
		return &failure{
			what: what,
			ce: labs.Counterexample{
				Input: fmt.Sprintf("NextEmit(now=%v, nextEmit=%v)", c.now, c.nextEmit),
				Got:   got.String(), Want: want.String(),
			},
			hint: diagnoseEmit(g.learner.NextEmit, c, got, want),
		}
	}
	return caseSet[emitCase]{
		hand:    emitCases,
		random:  randomEmit,
		check:   check,
		simpler: simplerEmit,
		what:    func(c emitCase, w string) emitCase { c.what = w; return c },
	}
}

func randomEmit(i int) emitCase {
	rng := seeded(4, i)
	var now time.Duration
	switch rng.IntN(3) {
	case 0:
		now = time.Duration(rng.Int64N(int64(time.Minute)))
	case 1:
		now = time.Duration(rng.Int64N(int64(48 * time.Hour)))
	default:
		now = time.Duration(rng.Int64N(int64(century)))
	}
	var next time.Duration
	switch rng.IntN(7) {
	case 0:
		next = now
	case 1:
		next = max(0, now-time.Duration(rng.Int64N(int64(time.Millisecond))))
	case 2:
		next = now + time.Duration(rng.Int64N(int64(time.Millisecond)))
	case 3: // hours to days of backlog: a queue can be that long
		next = now + time.Duration(rng.Int64N(int64(7*24*time.Hour)))
	case 4: // a slot hours to days in the past: a bucket idle that long
		next = max(0, now-time.Duration(rng.Int64N(int64(7*24*time.Hour))))
	default:
		next = max(0, now+time.Duration(rng.Int64N(int64(2*time.Minute)))-time.Minute)
	}
	return emitCase{now: now, nextEmit: next, what: "an input found at random"}
}

func simplerEmit(c emitCase) []emitCase {
	var out []emitCase
	lo := min(c.now, c.nextEmit)
	for _, unit := range []time.Duration{24 * time.Hour, time.Hour, time.Minute, time.Second, time.Millisecond} {
		if shift := lo / unit * unit; shift > 0 {
			out = append(out, emitCase{now: c.now - shift, nextEmit: c.nextEmit - shift, what: c.what})
			break
		}
	}
	return out
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
