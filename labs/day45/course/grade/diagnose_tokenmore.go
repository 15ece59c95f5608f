package grade

import (
	"math"

	"termlab/labs/diagnose"
)

// More of TakeToken read off the probes: the cap at a constant below (or
// above) capacity, a yes on less than one whole token, the decision taken
// on the tokens before the refill, the rate rounded, the refill scaled by
// a unit's factor, and an answer wrong only on one edge of the inputs.

var (
	capMinusOneHint  = tokenHints.Name("token.cap-minus-one", "the cap is capacity − 1: a bucket refilled past the top holds exactly capacity (min(capacity, tokens + refill)), not capacity − 1")
	creditHint       = tokenHints.Name("token.credit", "a request was let in with less than one whole token after the refill: a credit above 0 is not enough, it needs a level of 1.0 or more")
	rateRoundHint    = tokenHints.Name("token.rate-rounded", "the rate was rounded to a whole number: the rate can have a fraction (0.25 per second); multiply by ratePerSec as it is")
	zeroElapsedHint  = tokenHints.Name("token.edge-zero-wait", "the answer is wrong only where no time passed (elapsed is 0), and right on every other probe: a zero wait needs no case of its own, the refill is then simply nothing")
	fullBucketHint   = tokenHints.Name("token.edge-full", "the answer is wrong only where the bucket starts full (tokens ≥ capacity), and right on every other probe: a full bucket needs no case of its own, the cap already keeps it at capacity")
	emptyBucketHint  = tokenHints.Name("token.edge-empty", "the answer is wrong only where the bucket starts empty (tokens is 0), and right on every other probe: an empty bucket needs no case of its own, the refill and the decision apply as always")
	perHourHint      = tokenHints.Name("token.unit-per-hour", "units: a unit is off somewhere: the refill is 3600 times too small, as if ratePerSec were per hour; it is per second, so multiply it by elapsed.Seconds()")
	perMinuteHint    = tokenHints.Name("token.unit-per-minute", "units: a unit is off somewhere: the refill is 60 times too small, as if ratePerSec were per minute; it is per second, so multiply it by elapsed.Seconds()")
	perMilliHint     = tokenHints.Name("token.unit-kiloseconds", "units: a unit is off somewhere: the refill is a thousand times too small, as if elapsed were counted in thousands of seconds; multiply ratePerSec by elapsed.Seconds()")
	microFactorHint  = tokenHints.Name("token.unit-microseconds", "units: a unit is off somewhere: the refill is a million times too large, as if elapsed were counted in millionths of a second; multiply ratePerSec by elapsed.Seconds()")
	shortByMilliHint = tokenHints.Name("token.unit-milliseconds", "units: a unit is off somewhere: the refill is a thousand times too large, as if elapsed were counted in milliseconds; multiply ratePerSec by elapsed.Seconds()")
)

// unitFactors are the factors a unit mix-up puts on the refill, with the
// hint that names each; refillFactor names one when its ratio is one.
var unitFactors = []struct {
	ratio float64
	hint  diagnose.Hint
}{
	{1.0 / 3600, perHourHint},
	{1.0 / 60, perMinuteHint},
	{1e-3, perMilliHint},
	{1e3, shortByMilliHint},
	{1e6, microFactorHint},
}

// unitFactorHint is the fixed hint of a known unit's factor, or none.
func unitFactorHint(ratio float64) diagnose.Hint {
	for _, u := range unitFactors {
		if math.Abs(ratio/u.ratio-1) <= 1e-4 {
			return u.hint
		}
	}
	return diagnose.Hint{}
}

// capShift names a level that is min(raw, capacity − k) on every probe for
// one constant k ≠ 0, read off a probe refilled past the top; it bears on
// the probes where that cap changes the level.
func capShift(rows []tokenRow) diagnose.Hint {
	k := math.NaN()
	for _, r := range rows {
		if r.raw >= r.c.capacity+1 && r.gotLevel() < r.c.capacity-r.tol {
			k = r.c.capacity - r.gotLevel()
			break
		}
	}
	if math.IsNaN(k) {
		return diagnose.Hint{}
	}
	n := 0
	for _, r := range rows {
		want := min(r.raw, r.c.capacity-k)
		if math.Abs(r.gotLevel()-want) > r.tol {
			return diagnose.Hint{}
		}
		if math.Abs(want-r.level) > r.tol {
			n++
		}
	}
	switch {
	case n < diagnose.MinBearing:
		return diagnose.Hint{}
	case math.Abs(k-1) <= 1e-9:
		return capMinusOneHint
	}
	return capOffHint
}

// credit names a yes on every probe whose level is above 0 and under one
// whole token (off the knife edge of 1).
func credit(rows []tokenRow) diagnose.Hint {
	n := 0
	for _, r := range rows {
		if r.level <= r.tol || r.level >= 1-r.tol {
			continue
		}
		if !r.a.ok {
			return diagnose.Hint{}
		}
		n++
	}
	if n >= diagnose.MinBearing {
		return creditHint
	}
	return diagnose.Hint{}
}

// decideOld names a yes exactly when tokens (before the refill) is 1 or
// more, on every probe, where the refilled level decides otherwise on at
// least diagnose.MinBearing of them.
func decideOld(rows []tokenRow) diagnose.Hint {
	n := 0
	for _, r := range rows {
		if math.Abs(r.c.tokens-1) <= r.tol && !r.c.exact {
			continue
		}
		if r.a.ok != (r.c.tokens >= 1) {
			return diagnose.Hint{}
		}
		if !r.c.exact && math.Abs(r.level-1) <= r.tol {
			continue
		}
		if (r.level >= 1) != (r.c.tokens >= 1) {
			n++
		}
	}
	if n >= diagnose.MinBearing {
		// The known mistake's hint: the decision is taken before the
		// refill, whatever the spend does after it.
		return refillFirstHint
	}
	return diagnose.Hint{}
}

// rateRounded names a refill that is elapsed.Seconds() × the rate rounded
// (down, up or to the nearest whole number) on every probe below the cap.
func rateRounded(rows []refillRow) diagnose.Hint {
	for _, round := range []func(float64) float64{math.Floor, math.Ceil, math.Round} {
		n, all := 0, true
		for _, r := range rows {
			if !r.free() {
				continue
			}
			want := r.c.elapsed.Seconds() * round(r.c.rate)
			if math.Abs(r.got-want) > 4*r.tol+1e-9*want {
				all = false
				break
			}
			if math.Abs(want-r.want) > 100*r.tol {
				n++
			}
		}
		if all && n >= diagnose.MinBearing {
			return rateRoundHint
		}
	}
	return diagnose.Hint{}
}

// edgeCase names an answer wrong on the counterexample and on probes of
// one edge of the inputs only (no time passed, a full bucket, an empty
// one), right on every other probe: a special case the task has not.
func edgeCase(rows []tokenRow) diagnose.Hint {
	edges := []struct {
		in   func(tokenCase) bool
		hint diagnose.Hint
	}{
		{func(c tokenCase) bool { return c.elapsed == 0 }, zeroElapsedHint},
		{func(c tokenCase) bool { return c.tokens >= c.capacity }, fullBucketHint},
		{func(c tokenCase) bool { return c.tokens == 0 }, emptyBucketHint},
	}
	for _, e := range edges {
		if !e.in(rows[0].c) || rowRight(rows[0]) {
			continue
		}
		outside, wrong, all := 0, 0, true
		for i, r := range rows {
			if e.in(r.c) {
				if i > 0 && !rowRight(r) {
					wrong++
				}
				continue
			}
			if !rowRight(r) {
				all = false
				break
			}
			outside++
		}
		// Wrong on several probes of the edge, not on the counterexample
		// alone: one wrong answer there may be the edge of another class.
		if all && outside >= diagnose.MinBearing && wrong >= 3 {
			return e.hint
		}
	}
	return diagnose.Hint{}
}

// rowRight is checkToken's verdict on one probe: the reference's answer,
// or the other one on the knife edge of one whole token.
func rowRight(r tokenRow) bool {
	tie := !r.c.exact && math.Abs(r.level-1) <= r.tol
	want := r.level >= 1
	if r.a.ok != want && !tie {
		return false
	}
	return math.Abs(r.a.left-(r.level-b2f(r.a.ok))) <= r.tol
}
