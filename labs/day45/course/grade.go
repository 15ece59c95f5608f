package course

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"termlab/labs"
)

// The grader checks one TODO at a time with the learner's function in that
// slot and the reference in the other three, so a mistake is blamed on the
// TODO that holds it and on no other. Each TODO faces, in order:
//   1. hand-picked edge cases, simplest first, so the first failure is the
//      smallest counterexample a learner can act on;
//   2. many seeded random inputs compared with the reference (a function that
//      fits only the experiments' inputs does not pass);
//   3. the day's experiments, whose figures must match the reference's.

const (
	gradeLimit  = 2 * time.Second // per TODO, in the worker process
	randomCases = 3000
)

// failure is one counterexample found by a check.
type failure struct {
	what string // what the failing case is about
	ce   labs.Counterexample
	hint string
}

func (f *failure) Error() string { return f.what }

// gradeTODO grades TODO n of learner against ref.
func gradeTODO(n int, learner, ref Funcs) labs.Grade {
	todo := todos[n-1]
	g := labs.Grade{TODO: n, Func: todo.Func}
	var fail *failure
	var checks int
	var track labs.Tracker
	fault := labs.Guard(gradeLimit, learnerDir, &track, func() {
		mixed := ref.with(n, learner).checked(&track)
		fail, checks = gradeChecks[n](mixed, ref)
	})
	switch {
	case fault.Status == labs.Unfinished:
		g.Status, g.Detail = labs.Unfinished, fmt.Sprintf("not done yet: replace panic(notDone) in %s with your code", todo.Func)
	case !fault.OK():
		g.Status, g.Detail, g.Where, g.Counterexample, g.Hint = fault.Status, fault.Detail, fault.Where, fault.Counterexample, fault.Hint
		if fault.Status == labs.Fail {
			g.Detail = "an impossible answer: " + fault.Detail
		}
		if fault.Status == labs.Crash {
			g.Hint = "a panic is a bug in your code: read the line it points at"
		}
	case fail != nil:
		g.Status, g.Detail, g.Hint = labs.Fail, fail.what, fail.hint
		ce := fail.ce
		g.Counterexample = &ce
	default:
		g.Status = labs.Pass
		g.Detail = fmt.Sprintf("all %d checks agree with the reference: edge cases, %d random inputs and the experiments", checks, randomCases)
	}
	return g
}

// with returns f with slot n taken from other.
func (f Funcs) with(n int, other Funcs) Funcs {
	switch n {
	case 1:
		f.TakeToken = other.TakeToken
	case 2:
		f.WindowID = other.WindowID
	case 3:
		f.Expired = other.Expired
	case 4:
		f.NextEmit = other.NextEmit
	}
	return f
}

// gradeChecks runs every check of one TODO and returns the first failure
// and how many checks ran.
var gradeChecks = map[int]func(mixed, ref Funcs) (*failure, int){
	1: gradeTakeToken,
	2: gradeWindowID,
	3: gradeExpired,
	4: gradeNextEmit,
}

// --- TODO 1 -----------------------------------------------------------------

type tokenCase struct {
	tokens, capacity, rate float64
	elapsed                time.Duration
	what, hint             string
}

var tokenCases = []tokenCase{
	{1, 1, 1, 0, "one whole token and no time passed", "a whole token in the bucket means yes: spend it"},
	{0, 1, 1, 0, "an empty bucket and no time passed", "with nothing in the bucket and no time to refill, the answer is no"},
	{5, 10, 1, 0, "elapsed is zero", "no time passed, so nothing refills: just spend one"},
	{0.5, 10, 1, 0, "half a token", "only a whole token pays for a request; half a token is not enough"},
	{0, 10, 2, 500 * time.Millisecond, "an empty bucket that refilled exactly one token", "refill first (elapsed × rate), then decide"},
	{0.5, 10, 1, 400 * time.Millisecond, "a refill that still leaves less than one token", "the bucket keeps its fraction when it says no"},
	{10, 10, 1, 5 * time.Second, "a full bucket that waited", "the bucket never holds more than its capacity: cap the refill"},
	{19.5, 20, 10, time.Second, "refill past the cap, then spend", "cap the refill at capacity before you spend, not after"},
	{0, 20, 10, time.Hour, "a long idle hour", "however long the wait, the refill stops at capacity"},
	{0, 5, 0.5, 2 * time.Second, "a slow rate (0.5 per second)", "elapsed is a Duration: use elapsed.Seconds() so fractions of a second count"},
	{3, 20, 10, 1500 * time.Microsecond, "a refill of a fraction of a token", "elapsed.Seconds() keeps sub-second time; integer seconds lose it"},
}

func gradeTakeToken(mixed, ref Funcs) (*failure, int) {
	checks := 0
	try := func(c tokenCase) *failure {
		checks++
		got, gotOK := mixed.TakeToken(c.tokens, c.capacity, c.rate, c.elapsed)
		want, wantOK := ref.TakeToken(c.tokens, c.capacity, c.rate, c.elapsed)
		if gotOK == wantOK && near(got, want) {
			return nil
		}
		return &failure{
			what: "wrong on " + c.what,
			ce: labs.Counterexample{
				Input: fmt.Sprintf("TakeToken(tokens=%g, capacity=%g, ratePerSec=%g, elapsed=%v)", c.tokens, c.capacity, c.rate, c.elapsed),
				Got:   fmt.Sprintf("left=%g, ok=%v", got, gotOK),
				Want:  fmt.Sprintf("left=%g, ok=%v", want, wantOK),
			},
			hint: c.hint,
		}
	}
	for _, c := range tokenCases {
		if f := try(c); f != nil {
			return f, checks
		}
	}
	rng := rand.New(rand.NewPCG(45, 1))
	for range randomCases {
		capacity := float64(1 + rng.IntN(100))
		c := tokenCase{
			tokens:   math.Round(rng.Float64()*capacity*1000) / 1000,
			capacity: capacity,
			rate:     float64(1 + rng.IntN(50)),
			elapsed:  time.Duration(rng.Int64N(int64(5 * time.Second))),
			what:     "a random input", hint: "compare your steps with the rule: refill, cap, then spend one whole token",
		}
		if f := try(c); f != nil {
			return shrink(f, c, try), checks
		}
	}
	return experimentsAgree(checks, mixed, ref, 1)
}

// shrink tries simpler versions of a failing random token case, so the
// counterexample shown is one a person can work through on paper.
func shrink(f *failure, c tokenCase, try func(tokenCase) *failure) *failure {
	simpler := []func(tokenCase) tokenCase{
		func(c tokenCase) tokenCase { c.elapsed = c.elapsed.Round(time.Second); return c },
		func(c tokenCase) tokenCase { c.elapsed = c.elapsed.Round(100 * time.Millisecond); return c },
		func(c tokenCase) tokenCase { c.tokens = math.Round(c.tokens); return c },
		func(c tokenCase) tokenCase { c.capacity = 10; c.tokens = min(c.tokens, 10); return c },
		func(c tokenCase) tokenCase { c.rate = 1; return c },
	}
	for _, s := range simpler {
		if g := try(s(c)); g != nil {
			f, c = g, s(c)
		}
	}
	return f
}

func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b))
}

// --- TODO 2 -----------------------------------------------------------------

type windowCase struct {
	now, window time.Duration
	what, hint  string
}

var windowCases = []windowCase{
	{0, time.Minute, "the very start", "time zero is in the first window, window 0"},
	{30 * time.Second, time.Minute, "the middle of the first window", "every instant before the first boundary is in window 0"},
	{time.Minute, time.Minute, "exactly on a boundary", "a window starts exactly at its boundary: 60 s is the first instant of window 1"},
	{time.Minute - time.Nanosecond, time.Minute, "one nanosecond before a boundary", "round down, never to the nearest: 59.999999999 s is still window 0"},
	{90 * time.Second, time.Minute, "half way through the second window", "divide and round down"},
	{1500 * time.Millisecond, time.Second, "a sub-second part of the clock", "divide the Durations themselves; converting to whole seconds first loses the fraction"},
	{2 * time.Second, 500 * time.Millisecond, "a window shorter than a second", "a Duration can be less than a second; divide Durations, not whole seconds"},
	{100 * 24 * time.Hour, time.Second, "a clock a hundred days in", "int64 holds it: avoid float64 rounding on big numbers"},
}

func gradeWindowID(mixed, ref Funcs) (*failure, int) {
	checks := 0
	try := func(c windowCase) *failure {
		checks++
		got := mixed.WindowID(c.now, c.window)
		want := ref.WindowID(c.now, c.window)
		if got == want {
			return nil
		}
		return &failure{
			what: "wrong on " + c.what,
			ce: labs.Counterexample{
				Input: fmt.Sprintf("WindowID(now=%v, window=%v)", c.now, c.window),
				Got:   fmt.Sprint(got), Want: fmt.Sprint(want),
			},
			hint: c.hint,
		}
	}
	for _, c := range windowCases {
		if f := try(c); f != nil {
			return f, checks
		}
	}
	// Time only moves forward, so window numbers can only grow.
	prev, prevAt := int64(0), time.Duration(0)
	for at := time.Duration(0); at <= 3*time.Minute; at += 250 * time.Millisecond {
		checks++
		id := mixed.WindowID(at, time.Minute)
		if id < prev {
			return &failure{
				what: "the window number went backwards as time moved forward",
				ce: labs.Counterexample{
					Input: fmt.Sprintf("WindowID(%v, 1m0s) then WindowID(%v, 1m0s)", prevAt, at),
					Got:   fmt.Sprintf("%d then %d", prev, id), Want: "a number that never decreases",
				},
				hint: "later instants are in the same window or a later one, never an earlier one",
			}, checks
		}
		prev, prevAt = id, at
	}
	rng := rand.New(rand.NewPCG(45, 2))
	for range randomCases {
		window := time.Duration(1+rng.IntN(3600)) * 100 * time.Millisecond
		c := windowCase{now: time.Duration(rng.Int64N(int64(48 * time.Hour))), window: window,
			what: "a random input", hint: "divide now by window and round down"}
		if rng.IntN(4) == 0 { // land exactly on a boundary
			c.now = c.now / window * window
		}
		if f := try(c); f != nil {
			return f, checks
		}
	}
	return experimentsAgree(checks, mixed, ref, 2)
}

// --- TODO 3 -----------------------------------------------------------------

type expiredCase struct {
	stamp, now, window time.Duration
	what, hint         string
}

var expiredCases = []expiredCase{
	{time.Second, time.Second, time.Minute, "a request stamped right now", "a request made now is inside the window that ends now"},
	{0, 30 * time.Second, time.Minute, "a request half a window old", "it is still inside the trailing window: it counts"},
	{0, 2 * time.Minute, time.Minute, "a request two windows old", "long gone: it no longer counts"},
	{0, time.Minute, time.Minute, "a request exactly one window old", "the trailing window is (now−window, now]: a stamp exactly window ago is already out"},
	{time.Nanosecond, time.Minute, time.Minute, "a request one nanosecond younger than the window", "one nanosecond inside the window still counts"},
	{10 * time.Second, 70 * time.Second, time.Minute, "a stamp that is not at zero", "compare the stamp with now − window"},
}

func gradeExpired(mixed, ref Funcs) (*failure, int) {
	checks := 0
	try := func(c expiredCase) *failure {
		checks++
		got := mixed.Expired(c.stamp, c.now, c.window)
		want := ref.Expired(c.stamp, c.now, c.window)
		if got == want {
			return nil
		}
		return &failure{
			what: "wrong on " + c.what,
			ce: labs.Counterexample{
				Input: fmt.Sprintf("Expired(stamp=%v, now=%v, window=%v)", c.stamp, c.now, c.window),
				Got:   fmt.Sprint(got), Want: fmt.Sprint(want),
			},
			hint: c.hint,
		}
	}
	for _, c := range expiredCases {
		if f := try(c); f != nil {
			return f, checks
		}
	}
	rng := rand.New(rand.NewPCG(45, 3))
	for range randomCases {
		window := time.Duration(1+rng.IntN(600)) * 100 * time.Millisecond
		now := time.Duration(rng.Int64N(int64(time.Hour)))
		stamp := now - time.Duration(rng.Int64N(int64(2*window)+1))
		if rng.IntN(4) == 0 {
			stamp = now - window // exactly one window old
		}
		c := expiredCase{stamp: stamp, now: now, window: window, what: "a random input", hint: "a stamp no longer counts once it is at or before now − window"}
		if f := try(c); f != nil {
			return f, checks
		}
	}
	return experimentsAgree(checks, mixed, ref, 3)
}

// --- TODO 4 -----------------------------------------------------------------

type emitCase struct {
	now, nextEmit time.Duration
	what, hint    string
}

var emitCases = []emitCase{
	{0, 0, "the very first request", "an empty queue sends a request on at once"},
	{time.Second, 3 * time.Second, "a request behind a queue", "a queued request waits for its slot, nextEmit"},
	{3 * time.Second, 3 * time.Second, "a request arriving exactly at its slot", "its slot is now: it leaves now"},
	{5 * time.Second, 2 * time.Second, "an idle bucket (the slot is in the past)", "a request cannot leave before it arrives: never earlier than now"},
	{time.Hour, 0, "a bucket idle for an hour", "after a long idle spell the next request leaves the moment it arrives"},
}

func gradeNextEmit(mixed, ref Funcs) (*failure, int) {
	checks := 0
	try := func(c emitCase) *failure {
		checks++
		got := mixed.NextEmit(c.now, c.nextEmit)
		want := ref.NextEmit(c.now, c.nextEmit)
		if got == want {
			return nil
		}
		what := "wrong on " + c.what
		if got < c.nextEmit {
			what = "the request jumped the queue: it leaves before the slot nextEmit (" + c.what + ")"
		}
		return &failure{
			what: what,
			ce: labs.Counterexample{
				Input: fmt.Sprintf("NextEmit(now=%v, nextEmit=%v)", c.now, c.nextEmit),
				Got:   got.String(), Want: want.String(),
			},
			hint: c.hint,
		}
	}
	for _, c := range emitCases {
		if f := try(c); f != nil {
			return f, checks
		}
	}
	rng := rand.New(rand.NewPCG(45, 4))
	for range randomCases {
		now := time.Duration(rng.Int64N(int64(time.Minute)))
		next := time.Duration(rng.Int64N(int64(2 * time.Minute)))
		if f := try(emitCase{now: now, nextEmit: next, what: "a random input", hint: "the later of the two"}); f != nil {
			return f, checks
		}
	}
	return experimentsAgree(checks, mixed, ref, 4)
}

// --- the experiments ----------------------------------------------------------

// experimentsAgree runs the parts that use TODO n and compares their figures
// with the reference's.
func experimentsAgree(checks int, mixed, ref Funcs, n int) (*failure, int) {
	for _, p := range partsUsing(n) {
		checks++
		got, want := p.figures(mixed), p.figures(ref)
		for i := range want {
			if got[i].Value != want[i].Value {
				return &failure{
					what: fmt.Sprintf("Part %s comes out differently from the reference", p.id),
					ce: labs.Counterexample{
						Input: fmt.Sprintf("Part %s (%s)", p.id, got[i].Label),
						Got:   formatMetric(got[i]), Want: formatMetric(want[i]),
					},
					hint: "your function passes the edge cases but not the whole experiment: look for state carried between calls, or a rounding step",
				}, checks
			}
		}
	}
	return nil, checks
}
