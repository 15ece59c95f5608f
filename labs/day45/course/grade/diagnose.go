package grade

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"termlab/labs/day45/course/limit"
)

// The hint a failure gets is read off the counterexample: the grader tries
// the known mistakes on the very input that failed, and names one only when
// it gives the learner's answer there (and the reference's does not) AND on
// every probe input besides: then the learner's function and the mistake
// are the same function as far as the grader can tell. Otherwise the hint
// is a plain statement of what differs on this input (which way the answer
// is off, a limit it crosses), never a guess at the cause: a hint that names
// a mistake the learner did not make sends them looking in the wrong place.

// seeded is the random source of case i of TODO n: each case has its own,
// so a case can be drawn again on its own.
func seeded(n, i int) *rand.Rand {
	return rand.New(rand.NewPCG(45, uint64(n)<<32|uint64(i)))
}

// probeCount is how many random inputs, besides the hand-picked ones,
// tell apart two mistakes that both explain a counterexample.
const probeCount = 200

// pickMistake returns the first of the k known mistakes that explains the
// counterexample (explains) and agrees with the learner's answers on every
// probe input (agree), or -1. A counterexample can fit several mistakes (at
// elapsed = 600 ms, whole seconds and "nothing refilled" both give no
// refill), and a mistake can fit the counterexample and not the learner's
// code (a loop that drops waits over an hour returns now on a two-day wait,
// as "ignores the queue" does, and is right on an hour): the probes decide,
// and anything short of agreement on all of them names nothing.
func pickMistake(k, probes int, explains func(m int) bool, agree func(m, p int) bool) int {
	for m := range k {
		if !explains(m) {
			continue
		}
		all := true
		for p := 0; all && p < probes; p++ {
			all = agree(m, p)
		}
		if all {
			return m
		}
	}
	return -1
}

// answers calls the learner once on each probe; a probe it panics on
// agrees with no mistake.
func answers[C, A any](probes []C, call func(C) A) (out []A, ok []bool) {
	out, ok = make([]A, len(probes)), make([]bool, len(probes))
	for i, p := range probes {
		func() {
			defer func() {
				if recover() != nil {
					ok[i] = false
				}
			}()
			out[i], ok[i] = call(p), true
		}()
	}
	return out, ok
}

func probesOf[C any](hand []C, random func(int) C) []C {
	out := slices.Clone(hand)
	for i := range probeCount {
		out = append(out, random(i))
	}
	return out
}

// --- TODO 1 -----------------------------------------------------------------

type tokenMistake struct {
	take limit.TakeTokenFunc
	hint string
}

// decide is the second half of TakeToken, shared by the mistakes that get
// only the refill wrong.
func decide(level float64) (float64, bool) {
	if level >= 1 {
		return level - 1, true
	}
	return level, false
}

var tokenMistakes = []tokenMistake{
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens))
	}, "nothing refilled: the refill is elapsed.Seconds() × ratePerSec, and a wait of under a millisecond (or a second) still counts; keep every nanosecond of elapsed"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e/time.Second)*rate))
	}, "units: whole seconds (elapsed / time.Second) drop the fraction of a second; use elapsed.Seconds(), which keeps it"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e.Milliseconds())/1000*rate))
	}, "units: whole milliseconds drop what is under a millisecond; use elapsed.Seconds(), which keeps every nanosecond"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e.Microseconds())/1e6*rate))
	}, "units: whole microseconds drop the nanoseconds, and at a fast rate that is part of a token; use elapsed.Seconds(), which keeps them"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(math.Floor(min(capacity, tokens+e.Seconds()*rate)))
	}, "the level was rounded: the bucket keeps the exact fraction of a token for next time (don't round it, to whole tokens or to a few decimals)"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e.Milliseconds())*rate))
	}, "units: the refill is 1000 times too large: ratePerSec is per second, and elapsed.Milliseconds() counts thousandths"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e)*rate))
	}, "units: a Duration is a count of nanoseconds; multiply ratePerSec by elapsed.Seconds(), not by the raw count"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := tokens + e.Seconds()*rate
		if l >= 1 {
			return min(capacity, l-1), true
		}
		return min(capacity, l), false
	}, "the cap comes after the spend here: cap the refill at capacity first, then spend one token from the capped level"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		ok := tokens >= 1
		if ok {
			tokens--
		}
		return min(capacity, tokens+e.Seconds()*rate), ok
	}, "the token was spent (or refused) before the refill: refill first for the time that passed, then decide on the refilled level"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+e.Seconds()*capacity))
	}, "capacity used as the rate: the bucket refills ratePerSec tokens per second; capacity only caps it"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(rate, tokens+e.Seconds()*rate))
	}, "the rate used as the cap: the bucket holds up to capacity tokens, whatever its refill rate"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(math.Floor(capacity), tokens+e.Seconds()*rate))
	}, "the capacity was rounded down: a capacity can be fractional (2.5 tokens); cap at capacity itself"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := min(capacity, tokens+e.Seconds()*rate)
		if l > 1 {
			return l - 1, true
		}
		return l, false
	}, "exactly one whole token is enough: a level of 1.0 lets the request in (≥ 1, not > 1)"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := min(capacity, tokens+e.Seconds()*rate)
		return l, l >= 1
	}, "you said yes but did not spend: subtract the one token the request uses"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := min(capacity, tokens+e.Seconds()*rate)
		if l >= 1 {
			return l - 1, true
		}
		return 0, false
	}, "a refusal keeps what the bucket holds: the fraction of a token stays for next time"},
}

type tokenAnswer struct {
	left float64
	ok   bool
}

func diagnoseToken(learner limit.TakeTokenFunc, c tokenCase, gotL float64, gotOK bool, refL float64, refOK bool) string {
	same := func(c tokenCase, l1 float64, ok1 bool, l2 float64, ok2 bool) bool {
		return ok1 == ok2 && math.Abs(l1-l2) <= limit.TokenTolerance(c.capacity)
	}
	call := func(m limit.TakeTokenFunc, c tokenCase) tokenAnswer {
		l, ok := m(c.tokens, c.capacity, c.rate, c.elapsed)
		return tokenAnswer{l, ok}
	}
	probes := probesOf(tokenCases, randomToken)
	var got []tokenAnswer
	var answered []bool
	m := pickMistake(len(tokenMistakes), len(probes),
		func(m int) bool {
			a := call(tokenMistakes[m].take, c)
			return same(c, a.left, a.ok, gotL, gotOK) && !same(c, a.left, a.ok, refL, refOK)
		},
		func(m, p int) bool {
			if got == nil {
				got, answered = answers(probes, func(c tokenCase) tokenAnswer { return call(learner, c) })
			}
			a := call(tokenMistakes[m].take, probes[p])
			return answered[p] && same(probes[p], a.left, a.ok, got[p].left, got[p].ok)
		})
	if m >= 0 {
		return tokenMistakes[m].hint
	}
	if h := tokenBehaviour(learner, c, gotL, gotOK, refL, refOK, probes); h != "" {
		return h
	}
	tol := limit.TokenTolerance(c.capacity)
	gotLevel, level := gotL+b2f(gotOK), refL+b2f(refOK)
	// Did the refill stop growing? The same answer after twice the wait,
	// while the bucket is not full yet.
	stalled := func() bool {
		if c.elapsed < time.Second || level >= c.capacity-tol {
			return false
		}
		l, ok := learner(c.tokens, c.capacity, c.rate, 2*c.elapsed)
		return same(c, l, ok, gotL, gotOK)
	}
	switch {
	case math.IsNaN(gotL) || math.IsInf(gotL, 0):
		return "look for 0/0, a division by zero or Inf − Inf in your arithmetic"
	case gotL < -tol && !refOK:
		return fmt.Sprintf("the level left is negative (%.6g): a bucket never holds less than zero; with %.6g after the refill the answer is no, and the level stays", gotL, level)
	case gotL < -tol:
		return fmt.Sprintf("the level left is negative (%.6g): the refilled level is %.6g, so the answer is yes and %.6g is left", gotL, level, refL)
	case gotLevel > c.capacity+tol:
		return "the cap was missed: however long the wait, the bucket never holds more than capacity (min with capacity before you spend)"
	case gotOK && !refOK && math.Abs(gotLevel-level) <= tol:
		return roundUpHint
	case !gotOK && refOK && math.Abs(gotLevel-level) <= tol:
		return "with at least one whole token after the refill the answer is yes: spend it"
	case gotOK && math.Abs(gotL-level) <= tol:
		return "you said yes but did not spend: subtract the one token the request uses"
	case math.Abs(gotLevel-level) <= 1e-6*max(1, level):
		return fmt.Sprintf("the level is off by a sliver (%.10g tokens against %.10g), more than float64 arithmetic in another order explains: somewhere a step loses precision", gotLevel, level)
	case gotLevel < level && stalled():
		return "the refill stopped growing: twice the wait gives the same answer while the bucket is not yet full; it keeps refilling elapsed.Seconds() × ratePerSec, up to capacity, however long the wait"
	case gotLevel < level:
		return fmt.Sprintf("too few tokens: %.6g before this request's token is taken, where tokens + elapsed.Seconds() × ratePerSec, capped at capacity, is %.6g", gotLevel, level)
	default:
		return fmt.Sprintf("too many tokens: %.6g before this request's token is taken, where tokens + elapsed.Seconds() × ratePerSec, capped at capacity, is %.6g", gotLevel, level)
	}
}

// --- what the function does -----------------------------------------------
//
// Besides whole mistakes, a hint can name one thing the learner's function
// does, read off its answers on the probes: a property that holds on the
// counterexample and on every probe it bears on (at least minBearing of
// them), and that the reference does not have there. Each is a part of a
// function, not a whole one, so it names mistakes nobody listed: the cap
// on the wrong side whatever the refill, the token taken from the level
// before the refill whatever the decision, an answer that changes between
// two calls with the same input.

// The hints that name what a function does (its behaviour on the probes,
// or a check of its own), beside the known mistakes' hints.
const (
	capFloorHint        = "the level never drops below capacity: the cap is a ceiling, min(capacity, tokens + refill), and max makes it a floor"
	oldLevelHint        = "the token was taken from the level before the refill: what is left is tokens − 1, and what the wait added is lost; take it from the refilled, capped level"
	windowModHint       = "that is where now sits inside its window (now % window), not which window it is: the number is how many whole windows fit before now, now / window"
	roundDownHint       = "one nanosecond before a boundary is still the window before: round down"
	onlyThereHint       = "a no still took a token: when the answer is no nothing is spent, and the bucket keeps the level the refill made"
	refillFactorHint    = "the refill is"
	refillThresholdHint = "waits up to"
	refillOnlyFullHint  = "the refill is added only when it fills the bucket: below the cap what the wait added is lost; add it always, then cap at capacity"
	roundUpHint         = "a request needs one whole token: with less than 1.0 after the refill the answer is no (a part of a token does not round up)"
)

// minBearing is how many probes a property must bear on before it names
// anything: one probe is a coincidence.
const minBearing = 5

// holds reports whether prop holds on every case it bears on (and bears on
// at least minBearing of them), where the reference's answers break it on
// at least one: then the property is the learner's, not the task's.
func holds[C, A any](cases []C, learner, ref func(C) (A, bool), bears func(C) bool, prop func(C, A) bool) bool {
	n, refBreaks := 0, false
	for _, c := range cases {
		if !bears(c) {
			continue
		}
		a, ok := learner(c)
		if !ok || !prop(c, a) {
			return false
		}
		if r, ok := ref(c); ok && !prop(c, r) {
			refBreaks = true
		}
		n++
	}
	return n >= minBearing && refBreaks
}

// guarded calls f, reporting false when it panics.
func guarded[A any](f func() A) (a A, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return f(), true
}

// stateful is the hint for a function whose answer to the same input
// changes from one call to the next, or "".
func stateful[A comparable](call func() A, what func(A) string) string {
	a, ok1 := guarded(call)
	b, ok2 := guarded(call)
	if ok1 && ok2 && a != b {
		return fmt.Sprintf("the same input gave %s, then %s on the next call: the function keeps something between calls (a package variable, say); everything it needs is in its arguments", what(a), what(b))
	}
	return ""
}

// tokenBehaviour names what the learner's TakeToken does on the probes,
// or "".
func tokenBehaviour(learner limit.TakeTokenFunc, c tokenCase, gotL float64, gotOK bool, refL float64, refOK bool, probes []tokenCase) string {
	if h := stateful(func() tokenAnswer {
		l, ok := learner(c.tokens, c.capacity, c.rate, c.elapsed)
		return tokenAnswer{l, ok}
	}, func(a tokenAnswer) string { return fmt.Sprintf("(%.6g, %v)", a.left, a.ok) }); h != "" {
		return h
	}
	on := func(f limit.TakeTokenFunc) func(tokenCase) (tokenAnswer, bool) {
		return func(c tokenCase) (tokenAnswer, bool) {
			return guarded(func() tokenAnswer { l, ok := f(c.tokens, c.capacity, c.rate, c.elapsed); return tokenAnswer{l, ok} })
		}
	}
	ref := limit.TakeTokenFunc(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+e.Seconds()*rate))
	})
	all := append([]tokenCase{c}, probes...)
	level := func(a tokenAnswer) float64 { return a.left + b2f(a.ok) }
	always := func(tokenCase) bool { return true }
	// The level never below capacity: max where min is meant.
	if holds(all, on(learner), on(ref), always, func(c tokenCase, a tokenAnswer) bool {
		return level(a) >= c.capacity-limit.TokenTolerance(c.capacity)
	}) {
		return capFloorHint
	}
	if h := refillShape(learner, all); h != "" {
		return h
	}
	// A no that takes a token all the same.
	if !gotOK && holds(all, on(learner), on(ref), func(c tokenCase) bool {
		a, ok := on(learner)(c)
		return ok && !a.ok
	}, func(c tokenCase, a tokenAnswer) bool {
		return !a.ok && math.Abs(a.left-(min(c.capacity, c.tokens+c.elapsed.Seconds()*c.rate)-1)) <= limit.TokenTolerance(c.capacity)
	}) {
		return onlyThereHint
	}
	// A yes that takes the token from the level before the refill.
	if gotOK && c.elapsed > 0 && holds(all, on(learner), on(ref), func(c tokenCase) bool {
		a, ok := on(learner)(c)
		return ok && a.ok && c.elapsed > 0
	}, func(c tokenCase, a tokenAnswer) bool {
		return a.ok && math.Abs(a.left-(c.tokens-1)) <= limit.TokenTolerance(c.capacity)
	}) {
		return oldLevelHint
	}
	return ""
}

// refillShape reads the refill off the learner's level (left, plus the
// token when it said yes) on the probes below the cap, and names its shape
// when it has one: a constant factor off (a unit), nothing under some
// wait and right above it, or added only when it fills the bucket.
func refillShape(learner limit.TakeTokenFunc, cases []tokenCase) string {
	type seen struct {
		c          tokenCase
		got, want  float64 // the refill, learner's and the task's
		capped     bool    // the task's level is at the cap
		gotCapped  bool
		tol, level float64
	}
	var rows []seen
	for _, c := range cases {
		if c.elapsed <= 0 || c.rate <= 0 || c.tokens > c.capacity {
			continue
		}
		l, ok, fine := func() (l float64, ok, fine bool) {
			defer func() {
				if recover() != nil {
					fine = false
				}
			}()
			l, ok = learner(c.tokens, c.capacity, c.rate, c.elapsed)
			return l, ok, true
		}()
		if !fine {
			return ""
		}
		tol := limit.TokenTolerance(c.capacity)
		level := l + b2f(ok)
		want := c.elapsed.Seconds() * c.rate
		rows = append(rows, seen{c, level - c.tokens, want, c.tokens+want >= c.capacity-tol, level >= c.capacity-tol, tol, level})
	}
	// A constant factor: the same ratio wherever neither is capped and
	// the refill is more than noise.
	ratio, n, constant := 0.0, 0, true
	for _, r := range rows {
		if r.capped || r.gotCapped || r.want < 1e-3 {
			continue
		}
		k := r.got / r.want
		if n == 0 {
			ratio = k
		} else if math.Abs(k-ratio) > 1e-6*math.Abs(ratio) {
			constant = false
		}
		n++
	}
	if constant && n >= minBearing && math.Abs(ratio-1) > 1e-3 && ratio > 0 {
		return fmt.Sprintf("%s %.6g × elapsed.Seconds() × ratePerSec on every input below the cap: a unit is off somewhere (ratePerSec is per second; elapsed.Seconds() turns the Duration into seconds)", refillFactorHint, ratio)
	}
	// Nothing under some wait, right above it.
	var below, above time.Duration = 0, math.MaxInt64
	nBelow, nAbove := 0, 0
	for _, r := range rows {
		switch {
		case math.Abs(r.level-min(r.c.capacity, r.c.tokens+r.want)) <= r.tol:
			if r.want > r.tol {
				above = min(above, r.c.elapsed)
				nAbove++
			}
		case math.Abs(r.got) <= r.tol:
			below = max(below, r.c.elapsed)
			nBelow++
		default:
			nBelow, nAbove = -1, -1
		}
		if nBelow < 0 {
			break
		}
	}
	if nBelow >= 1 && nAbove >= minBearing && below < above {
		return fmt.Sprintf("%s %v add nothing here, while longer ones refill right: every nanosecond of elapsed counts, however short the wait", refillThresholdHint, below)
	}
	// Added only when it fills the bucket.
	only, bears := true, 0
	for _, r := range rows {
		want := r.c.tokens
		if r.capped {
			want = r.c.capacity
		} else if r.want > r.tol {
			bears++
		}
		if math.Abs(r.level-want) > r.tol {
			only = false
		}
	}
	if only && bears >= minBearing {
		return refillOnlyFullHint
	}
	return ""
}

// --- TODO 2 -----------------------------------------------------------------

type windowMistake struct {
	id   limit.WindowIDFunc
	hint string
}

const (
	floatHint       = "float rounding: float64 keeps 53 bits, about 16 digits, and a clock a century in has 19 digits of nanoseconds; compare and return the Durations themselves, which are exact integers"
	windowFloatHint = "float rounding: float64 keeps 53 bits, about 16 digits, and a clock in nanoseconds can have 19; divide the Durations as integers (now / window), which is exact"
)

var windowMistakes = []windowMistake{
	{func(now, w time.Duration) int64 { return int64(now/w) + 1 }, "windows are numbered from 0: the first window, [0, window), is window 0"},
	{func(now, w time.Duration) int64 { return int64(math.Round(float64(now) / float64(w))) }, "round down, never to the nearest: every instant before the next boundary is still in this window"},
	{func(now, w time.Duration) int64 { return int64(math.Ceil(float64(now) / float64(w))) }, "round down, not up: a window starts at its boundary and lasts until the next"},
	{func(now, w time.Duration) int64 { return int64(now.Seconds() / w.Seconds()) }, windowFloatHint},
	{func(now, w time.Duration) int64 { return int64(float64(now) / float64(w)) }, windowFloatHint},
	{func(now, w time.Duration) int64 { return int64(math.Floor(now.Seconds() / w.Seconds())) }, windowFloatHint},
}

// unitsHint names the unit a WindowID counted in.
func unitsHint(u string) string {
	return "units: whole " + u + " lose a window shorter than one and the part of now under one; divide the Durations themselves (now / window), which count nanoseconds"
}

// windowUnits is the family of WindowIDs that count in a coarser unit
// than the nanosecond (whole units of both, or of now alone).
var windowUnits = func() []windowMistake {
	var out []windowMistake
	for _, u := range []struct {
		d           time.Duration
		name, short string
	}{{time.Microsecond, "microseconds", "µs"}, {time.Millisecond, "milliseconds", "ms"}, {time.Second, "seconds", "s"}} {
		out = append(out,
			// A window under the unit would divide by zero, in the model
			// as in a learner's code (which then crashes, no hint needed):
			// the model takes it as one unit, as some learners do.
			windowMistake{func(now, w time.Duration) int64 { return int64(now/u.d) / max(1, int64(w/u.d)) }, unitsHint(u.name)},
			windowMistake{func(now, w time.Duration) int64 { return int64(now.Truncate(u.d) / w) }, "units: now was cut to a whole number of " + u.short + " before dividing, which moves it back into an earlier window near a boundary; divide now itself"},
		)
	}
	return out
}()

func init() { windowMistakes = append(windowMistakes, windowUnits...) }

func diagnoseWindow(learner limit.WindowIDFunc, c windowCase, got, want int64) string {
	if h := stateful(func() int64 { return learner(c.now, c.window) }, func(v int64) string { return fmt.Sprint(v) }); h != "" {
		return h
	}
	probes := probesOf(windowCases, randomWindow)
	on := func(f limit.WindowIDFunc) func(windowCase) (int64, bool) {
		return func(c windowCase) (int64, bool) { return guarded(func() int64 { return f(c.now, c.window) }) }
	}
	ref := func(c windowCase) (int64, bool) { return int64(c.now / c.window), true }
	all := append([]windowCase{c}, probes...)
	always := func(windowCase) bool { return true }
	if holds(all, on(learner), ref, always, func(c windowCase, v int64) bool { return v == int64(c.now%c.window) }) {
		return windowModHint
	}
	if got < 0 {
		return "a window number is never negative: windows are numbered 0, 1, 2… from time zero"
	}
	var answered []int64
	var ok []bool
	if m := pickMistake(len(windowMistakes), len(probes),
		func(m int) bool { v := windowMistakes[m].id(c.now, c.window); return v == got && v != want },
		func(m, p int) bool {
			if answered == nil {
				answered, ok = answers(probes, func(c windowCase) int64 { return learner(c.now, c.window) })
			}
			return ok[p] && safeCall(func() int64 { return windowMistakes[m].id(probes[p].now, probes[p].window) }) == answered[p]
		}); m >= 0 {
		return windowMistakes[m].hint
	}
	switch {
	case c.now%c.window == 0 && got == want-1 && onlyBoundariesWrong(learner):
		return "the boundary belongs to the window it starts: now = k × window is the first instant of window k"
	case got == want+1 && c.now%c.window == c.window-1 && roundsUpBeforeBoundaries(learner):
		return roundDownHint
	case got < want:
		return fmt.Sprintf("%d windows too few: window %d starts at %v and now (%v) is at or past that", want-got, want, time.Duration(want)*c.window, c.now)
	}
	if got > math.MaxInt64/int64(c.window) {
		// Its start would not fit in a Duration: say so rather than
		// compute it (the product would wrap to a negative time).
		return fmt.Sprintf("%d windows too many: window %d would start later than the largest Duration, and now is %v", got-want, got, c.now)
	}
	return fmt.Sprintf("%d windows too many: window %d starts at %v, after now (%v)", got-want, got, time.Duration(got)*c.window, c.now)
}

// onlyBoundariesWrong reports whether the learner's WindowID puts every
// boundary in the window before, on windows of every size, and is right a
// nanosecond after each: a comparison on the wrong side of the boundary,
// not a wrong divisor (which is wrong away from boundaries too).
func onlyBoundariesWrong(learner limit.WindowIDFunc) bool {
	for _, w := range []time.Duration{10, 1000, time.Millisecond, time.Second, time.Hour} {
		for _, k := range []int64{1, 3, 1000} {
			at, ok1 := guarded(func() int64 { return learner(time.Duration(k)*w, w) })
			after, ok2 := guarded(func() int64 { return learner(time.Duration(k)*w+1, w) })
			mid, ok3 := guarded(func() int64 { return learner(time.Duration(k)*w+w/2, w) })
			if !ok1 || !ok2 || !ok3 || at != k-1 || after != k || mid != k {
				return false
			}
		}
	}
	return true
}

// roundsUpBeforeBoundaries reports whether the learner's WindowID puts the
// last nanosecond before a boundary in the next window on windows of every
// size, and is right elsewhere on them: a function that rounds the
// quotient up or to the nearest, not one that is off for another reason.
func roundsUpBeforeBoundaries(learner limit.WindowIDFunc) bool {
	for _, w := range []time.Duration{10, 1000, time.Millisecond, time.Second, time.Hour} {
		for _, k := range []int64{1, 3, 1000} {
			before, ok1 := guarded(func() int64 { return learner(time.Duration(k)*w-1, w) })
			at, ok2 := guarded(func() int64 { return learner(time.Duration(k)*w, w) })
			if !ok1 || !ok2 || before != k || at != k {
				return false
			}
		}
	}
	return true
}

// --- TODO 3 -----------------------------------------------------------------

type expiredMistake struct {
	expired limit.ExpiredFunc
	hint    string
}

const edgeHint = "the boundary is on the wrong side: the trailing window is (now − window, now], so a stamp exactly one window old is already out (≤, not <)"

var expiredMistakes = []expiredMistake{
	{func(s, now, w time.Duration) bool { return s < now-w }, edgeHint},
	{func(s, now, w time.Duration) bool { return now-s > w }, edgeHint},
	{func(s, now, w time.Duration) bool { return !(s <= now-w) }, "inverted: return true when the stamp no longer counts (it is at or before now − window)"},
	{func(s, now, w time.Duration) bool { return s <= now-w-1 }, edgeHint},
	{func(s, now, w time.Duration) bool { return now.Seconds()-s.Seconds() >= w.Seconds() }, floatHint},
	{func(s, now, w time.Duration) bool { return now.Milliseconds()-s.Milliseconds() >= w.Milliseconds() },
		"units: whole milliseconds lose windows and ages under a millisecond; compare the Durations themselves"},
	{func(s, now, w time.Duration) bool {
		return int64(now/time.Second)-int64(s/time.Second) >= int64(w/time.Second)
	}, "units: whole seconds lose the fraction of a second; compare the Durations themselves"},
	{func(s, now, w time.Duration) bool { return s <= now-2*w }, "one window, not two: a stamp leaves once it is window old"},
	{func(s, now, w time.Duration) bool { return s < now }, "a stamp in the past still counts while it is inside the trailing window (now − window, now]: compare it with now − window, not with now"},
	{func(s, now, w time.Duration) bool { return s+w < now }, edgeHint},
}

func diagnoseExpired(learner limit.ExpiredFunc, c expiredCase, got, want bool) string {
	probes := probesOf(expiredCases, randomExpired)
	var answered, ok []bool
	if m := pickMistake(len(expiredMistakes), len(probes),
		func(m int) bool {
			v := expiredMistakes[m].expired(c.stamp, c.now, c.window)
			return v == got && v != want
		},
		func(m, p int) bool {
			if answered == nil {
				answered, ok = answers(probes, func(c expiredCase) bool { return learner(c.stamp, c.now, c.window) })
			}
			q := probes[p]
			return ok[p] && expiredMistakes[m].expired(q.stamp, q.now, q.window) == answered[p]
		}); m >= 0 {
		return expiredMistakes[m].hint
	}
	switch {
	case c.stamp == c.now-c.window || c.stamp == c.now-c.window+1 || c.stamp == c.now-c.window-1:
		return fmt.Sprintf("at the edge: this stamp is %v old and the window is %v; a stamp stops counting once its age is the window or more, and not a nanosecond before", c.now-c.stamp, c.window)
	case got:
		return "this stamp is still inside (now − window, now]: it still counts, so not expired yet"
	}
	return "this stamp is at or before now − window: it no longer counts, so it has expired"
}

// --- TODO 4 -----------------------------------------------------------------

type emitMistake struct {
	next limit.NextEmitFunc
	hint string
}

var emitMistakes = []emitMistake{
	{func(now, next time.Duration) time.Duration { return min(now, next) }, "not the earlier of the two: a request can leave neither before it arrives nor before its slot, and both must hold"},
	{func(now, next time.Duration) time.Duration { return next }, "an idle queue's slot is in the past, and a request cannot leave before it arrives: never earlier than now"},
	{func(now, next time.Duration) time.Duration { return now }, "the queue holds a request back: it cannot leave before its slot nextEmit"},
	{func(now, next time.Duration) time.Duration { return now + next }, "return a moment on the clock, not a sum of two moments: the request leaves at one of the two instants it is given"},
	{func(now, next time.Duration) time.Duration { return next - now }, "return when it leaves (a moment on the clock), not how long it waits"},
	{func(now, next time.Duration) time.Duration {
		return time.Duration(math.Max(float64(now), float64(next)))
	}, floatHint},
	{func(now, next time.Duration) time.Duration {
		return time.Duration(math.Max(now.Seconds(), next.Seconds()) * 1e9)
	}, floatHint},
	{func(now, next time.Duration) time.Duration { return max(now, next).Truncate(time.Millisecond) },
		"units: whole milliseconds move the answer; Durations compare and return exactly"},
	{func(now, next time.Duration) time.Duration { return max(now, next).Round(time.Millisecond) },
		"units: whole milliseconds move the answer; Durations compare and return exactly"},
}

func diagnoseEmit(learner limit.NextEmitFunc, c emitCase, got, want time.Duration) string {
	probes := probesOf(emitCases, randomEmit)
	// The same input before and after the probes: a function that keeps
	// the latest time it saw answers the second call later.
	first, ok1 := guarded(func() time.Duration { return learner(c.now, c.nextEmit) })
	answers(probes, func(p emitCase) time.Duration { return learner(p.now, p.nextEmit) })
	again, ok2 := guarded(func() time.Duration { return learner(c.now, c.nextEmit) })
	if ok1 && ok2 && first != again {
		return fmt.Sprintf("the same input gave %v, then %v after other calls: the function keeps something between calls (a package variable, say); everything it needs is in its arguments", first, again)
	}
	var answered []time.Duration
	var ok []bool
	if m := pickMistake(len(emitMistakes), len(probes),
		func(m int) bool { v := emitMistakes[m].next(c.now, c.nextEmit); return v == got && v != want },
		func(m, p int) bool {
			if answered == nil {
				answered, ok = answers(probes, func(c emitCase) time.Duration { return learner(c.now, c.nextEmit) })
			}
			return ok[p] && emitMistakes[m].next(probes[p].now, probes[p].nextEmit) == answered[p]
		}); m >= 0 {
		return emitMistakes[m].hint
	}
	switch {
	case got < c.now:
		return "a request cannot leave before it arrives: never earlier than now"
	case got < c.nextEmit:
		return "a request cannot leave before its slot in the queue: never earlier than nextEmit"
	}
	return fmt.Sprintf("%v too late: it leaves the first moment both limits allow, not after", got-want)
}

// safeCall is a mistake model's answer, or -1 where the model itself would
// divide by zero (a window shorter than its unit).
func safeCall(f func() int64) (v int64) {
	defer func() {
		if recover() != nil {
			v = -1
		}
	}()
	return f()
}

// MistakeHints are TODO n's hints that name a mistake, one per known
// mistake (several mistakes may share one). Every other hint is a plain
// statement of what differs. The equivalence suite uses the list to check
// that a hint names only the mistake its variant made.
func MistakeHints(n int) []string {
	hints := map[int][]string{
		1: append(hintsOf(tokenMistakes, func(m tokenMistake) string { return m.hint }), capFloorHint, oldLevelHint, onlyThereHint, roundUpHint, refillOnlyFullHint),
		2: append(hintsOf(windowMistakes, func(m windowMistake) string { return m.hint }), windowModHint, roundDownHint),
		3: hintsOf(expiredMistakes, func(m expiredMistake) string { return m.hint }),
		4: hintsOf(emitMistakes, func(m emitMistake) string { return m.hint }),
	}[n]
	slices.Sort(hints)
	return slices.Compact(hints)
}

// hintsOf is the hints of a TODO's known mistakes.
func hintsOf[M any](ms []M, hint func(M) string) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = hint(m)
	}
	return out
}
