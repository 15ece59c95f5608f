package grade

import (
	"fmt"
	"math"
	"slices"
	"time"

	"termlab/labs/day45/course/limit"
	"termlab/labs/diagnose"
)

// TODO 1's hints: the known mistakes of TakeToken, then what the
// learner's function does on the probes (the parts at the table's end).

// tokenMistake is a known mistake as a row of tokenTable.
func tokenMistake(f limit.TakeTokenFunc, h diagnose.Hint) diagnose.Row[tokenCase, tokenAnswer] {
	return diagnose.Named(h, func(c tokenCase) tokenAnswer { return takeOf(f, c) })
}

// decide is the second half of TakeToken, shared by the mistakes that get
// only the refill wrong.
func decide(level float64) (float64, bool) {
	if level >= 1 {
		return level - 1, true
	}
	return level, false
}

var tokenTable = diagnose.Table[tokenCase, tokenAnswer]{Same: sameToken, Rows: []diagnose.Row[tokenCase, tokenAnswer]{
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens))
	}, tokenHints.Name("token.no-refill", "nothing refilled: the refill is elapsed.Seconds() × ratePerSec, and a wait of under a millisecond (or a second) still counts; keep every nanosecond of elapsed")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e/time.Second)*rate))
	}, tokenHints.Name("token.unit-whole-seconds", "units: whole seconds (elapsed / time.Second) drop the fraction of a second; use elapsed.Seconds(), which keeps it")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e.Milliseconds())/1000*rate))
	}, tokenHints.Name("token.unit-whole-ms", "units: whole milliseconds drop what is under a millisecond; use elapsed.Seconds(), which keeps every nanosecond")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e.Microseconds())/1e6*rate))
	}, tokenHints.Name("token.unit-whole-us", "units: whole microseconds drop the nanoseconds, and at a fast rate that is part of a token; use elapsed.Seconds(), which keeps them")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(math.Floor(min(capacity, tokens+e.Seconds()*rate)))
	}, levelRoundHint),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e.Milliseconds())*rate))
	}, tokenHints.Name("token.unit-ms-count", "units: the refill is 1000 times too large: ratePerSec is per second, and elapsed.Milliseconds() counts thousandths")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e)*rate))
	}, tokenHints.Name("token.unit-ns-count", "units: a Duration is a count of nanoseconds; multiply ratePerSec by elapsed.Seconds(), not by the raw count")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := tokens + e.Seconds()*rate
		if l >= 1 {
			return min(capacity, l-1), true
		}
		return min(capacity, l), false
	}, tokenHints.Name("token.cap-after-spend", "the cap comes after the spend here: cap the refill at capacity first, then spend one token from the capped level")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		ok := tokens >= 1
		if ok {
			tokens--
		}
		return min(capacity, tokens+e.Seconds()*rate), ok
	}, refillFirstHint),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+e.Seconds()*capacity))
	}, tokenHints.Name("token.capacity-as-rate", "capacity used as the rate: the bucket refills ratePerSec tokens per second; capacity only caps it")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(rate, tokens+e.Seconds()*rate))
	}, tokenHints.Name("token.rate-as-cap", "the rate used as the cap: the bucket holds up to capacity tokens, whatever its refill rate")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(math.Floor(capacity), tokens+e.Seconds()*rate))
	}, tokenHints.Name("token.capacity-floored", "the capacity was rounded down: a capacity can be fractional (2.5 tokens); cap at capacity itself")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := min(capacity, tokens+e.Seconds()*rate)
		if l > 1 {
			return l - 1, true
		}
		return l, false
	}, tokenHints.Name("token.strict-one", "exactly one whole token is enough: a level of 1.0 lets the request in (≥ 1, not > 1)")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := min(capacity, tokens+e.Seconds()*rate)
		return l, l >= 1
	}, noSpendHint),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := min(capacity, tokens+e.Seconds()*rate)
		if l >= 1 {
			return l - 1, true
		}
		return 0, false
	}, refusalKeeps),
	// Rows added after family 5 (issue 42): whole mistakes, each named
	// only where it reproduces the learner on every probe.
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, (tokens+e.Seconds())*rate))
	}, tokenHints.Name("token.level-times-rate", "the old level is multiplied by the rate too, (tokens + elapsed.Seconds()) × ratePerSec: only the wait is, tokens + elapsed.Seconds() × ratePerSec")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		every := time.Duration(float64(time.Second) / rate) // truncated to whole nanoseconds
		return decide(min(capacity, tokens+float64(e)/float64(every)))
	}, tokenHints.Name("token.interval-truncated", "the time between two tokens was made a Duration, time.Duration(1e9 / ratePerSec), which drops the part of a nanosecond, and elapsed was counted in those steps: at a fast rate the level drifts; multiply elapsed.Seconds() by ratePerSec")),
	tokenMistake(func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := tokens + e.Seconds()*rate
		if l >= 1 {
			return min(capacity, l) - 1, true
		}
		return l, false
	}, tokenHints.Name("token.cap-on-spend-only", "the cap is applied only on the branch that spends: the yes or no is decided on the uncapped level (so a bucket that holds less than one token can still pay, and drop below zero), and a no keeps more than capacity; cap first, min(capacity, tokens + refill), then decide on that")),
}}

type tokenAnswer struct {
	left float64
	ok   bool
}

// takeOf is f's answer on c.
func takeOf(f limit.TakeTokenFunc, c tokenCase) tokenAnswer {
	l, ok := f(c.tokens, c.capacity, c.rate, c.elapsed)
	return tokenAnswer{l, ok}
}

// sameToken is whether two answers agree: the same decision, and levels
// within the tolerance.
func sameToken(c tokenCase, a, b tokenAnswer) bool {
	return a.ok == b.ok && math.Abs(a.left-b.left) <= limit.TokenTolerance(c.capacity)
}

// tokenNamed is the hint that names the learner's mistake on c (its
// answer gotL, gotOK; the reference's refL, refOK), read off the probes;
// or, where the plain statement is "too few tokens", one more call's
// plainer word for it; or none.
func tokenNamed(learner limit.TakeTokenFunc, c tokenCase, gotL float64, gotOK bool, refL float64, refOK bool) diagnose.Hint {
	probes := probesOf(tokenCases, randomToken)
	if h := tokenTable.Diagnose(c, tokenAnswer{gotL, gotOK}, tokenAnswer{refL, refOK}, probes, func(c tokenCase) tokenAnswer { return takeOf(learner, c) }, nil); !h.None() {
		return h
	}
	// Did the refill stop growing? The same answer after twice the wait,
	// while the bucket is not full yet.
	level := refL + b2f(refOK)
	if tokenPlain(c, gotL, gotOK, refL, refOK).ID != tooFewID || c.elapsed < time.Second || level >= c.capacity-limit.TokenTolerance(c.capacity) {
		return diagnose.Hint{}
	}
	if l, ok := learner(c.tokens, c.capacity, c.rate, 2*c.elapsed); sameToken(c, tokenAnswer{l, ok}, tokenAnswer{gotL, gotOK}) {
		return diagnose.Plain("token-refill-stalled", "the refill stopped growing: twice the wait gives the same answer while the bucket is not yet full; it keeps refilling elapsed.Seconds() × ratePerSec, up to capacity, however long the wait")
	}
	return diagnose.Hint{}
}

// tooFewID is the plain statement of a level below the task's.
const tooFewID = diagnose.PlainPrefix + "token-too-few"

// tokenPlain says plainly what differs on c (the learner's answer gotL,
// gotOK; the reference's refL, refOK), read off it alone.
func tokenPlain(c tokenCase, gotL float64, gotOK bool, refL float64, refOK bool) diagnose.Hint {
	tol := limit.TokenTolerance(c.capacity)
	gotLevel, level := gotL+b2f(gotOK), refL+b2f(refOK)
	switch {
	case math.IsNaN(gotL) || math.IsInf(gotL, 0):
		return diagnose.Plain("token-nan", "look for 0/0, a division by zero or Inf − Inf in your arithmetic")
	case gotL < -tol && !refOK:
		return diagnose.Plain("token-negative", fmt.Sprintf("the level left is negative (%.6g): a bucket never holds less than zero; with %.6g after the refill the answer is no, and the level stays", gotL, level))
	case gotL < -tol:
		return diagnose.Plain("token-negative", fmt.Sprintf("the level left is negative (%.6g): the refilled level is %.6g, so the answer is yes and %.6g is left", gotL, level, refL))
	case gotLevel > c.capacity+tol:
		return diagnose.Plain("token-over-cap", "the cap was missed: however long the wait, the bucket never holds more than capacity (min with capacity before you spend)")
	case gotOK && !refOK && math.Abs(gotLevel-level) <= tol:
		// Only the threshold's row names why (a part of a token rounded
		// up): one yes does not show it.
		return diagnose.Plain("token-part-yes", fmt.Sprintf("the level is right (%.10g), but it is less than one whole token: the answer is no, and nothing is spent", level))
	case !gotOK && refOK && math.Abs(gotLevel-level) <= tol:
		return diagnose.Plain("token-whole-refused", "with at least one whole token after the refill the answer is yes: spend it")
	// A yes that left the refilled level on this one case is not yet a yes
	// that spends nothing: another mistake can land there too (a bucket
	// taken as full and then spent). branchLeft names it when every yes of
	// the probes leaves the level; here it is only "too many tokens".
	case math.Abs(gotLevel-level) <= 1e-6*max(1, level):
		return diagnose.Plain("token-sliver", fmt.Sprintf("the level is off by a sliver (%.10g tokens against %.10g), more than float64 arithmetic in another order explains: somewhere a step loses precision", gotLevel, level))
	case gotLevel < level:
		return diagnose.Plain("token-too-few", fmt.Sprintf("too few tokens: %.6g before this request's token is taken, where tokens + elapsed.Seconds() × ratePerSec, capped at capacity, is %.6g", gotLevel, level))
	default:
		return diagnose.Plain("token-too-many", fmt.Sprintf("too many tokens: %.6g before this request's token is taken, where tokens + elapsed.Seconds() × ratePerSec, capped at capacity, is %.6g", gotLevel, level))
	}
}

// The hints that name what a TakeToken does (its behaviour on the probes,
// or a check of its own), beside the known mistakes' hints.
const (
	refillFactorHint    = "the refill is"
	refillThresholdHint = "waits up to"
)

var (
	refillFirstHint    = tokenHints.Name("token.decide-before-refill", "the token was spent (or refused) before the refill: refill first for the time that passed, then decide on the refilled level")
	capFloorHint       = tokenHints.Name("token.cap-floor", "the level never drops below capacity: the cap is a ceiling, min(capacity, tokens + refill), and max makes it a floor")
	oldLevelHint       = tokenHints.Name("token.old-level", "the token was taken from the level before the refill: what is left is tokens − 1, and what the wait added is lost; take it from the refilled, capped level")
	onlyThereHint      = tokenHints.Name("token.no-still-spends", "a no still took a token: when the answer is no nothing is spent, and the bucket keeps the level the refill made")
	refillOnlyFullHint = tokenHints.Name("token.refill-only-full", "the refill is added only when it fills the bucket: below the cap what the wait added is lost; add it always, then cap at capacity")
	roundUpHint        = tokenHints.Name("token.part-token-yes", "a request needs one whole token: with less than 1.0 after the refill the answer is no (a part of a token does not round up)")
)

// tokenTable's last rows: what the learner's TakeToken does, read off
// its answers on the probes, in precedence order: the same input asked
// again after the probes, then each part of the function on its own
// (diagnose_tokenparts.go, diagnose_refill.go).
func init() {
	only := rowsOnly[tokenCase, tokenAnswer, tokenRow]
	tokenTable.Rows = slices.Concat(tokenTable.Rows,
		diagnose.PartRows(&diagnose.Part[tokenCase, tokenAnswer]{Read: tokenState}, diagnose.Hint{ID: diagnose.BetweenCalls}),
		partOf(tokenRowOf, nil, only(capFloor), capFloorHint),
		partOf(tokenRowOf, nil, only(credit), creditHint),
		partOf(tokenRowOf, nil, refillShape,
			perHourHint, perMinuteHint, perMilliHint, shortByMilliHint, microFactorHint, tokenRefillFactorFamily(""),
			rateIgnoredHint, rateSquaredHint, waitIgnoredHint, waitDividedHint, waitSquaredHint, diagnose.Plain("token.refill-over-rate", ""),
			refillRoundHint, rateRoundHint, tokenRefillThresholdFamily(""), refillOnlyFullHint),
		partOf(tokenRowOf, nil, only(decideOld), refillFirstHint),
		// What a branch leaves, the branch the learner took on the
		// counterexample (the first row).
		partOf(tokenRowOf, nil, only(func(rows []tokenRow) diagnose.Hint { return branchLeft(rows, rows[0].a.ok) }),
			oldLevelHint, noSpendHint, spendOtherHint, handBackHint, refusalKeeps, onlyThereHint),
		partOf(tokenRowOf, nil, only(threshold), roundUpHint, refusedHint),
		partOf(tokenRowOf, nil, only(capShift), capMinusOneHint, capOffHint),
		partOf(tokenRowOf, nil, only(capValue), capOffHint),
		partOf(tokenRowOf, nil, only(levelRounded), levelRoundHint),
		partOf(tokenRowOf, nil, only(edgeCase), zeroElapsedHint, fullBucketHint, emptyBucketHint),
	)
}

// tokenState names a TakeToken that answers the counterexample otherwise
// when asked again, straight away or after the probes: state kept between
// calls.
func tokenState(c tokenCase, probes []tokenCase, learner, _ func(tokenCase) tokenAnswer) diagnose.Hint {
	call := func() tokenAnswer { return learner(c) }
	first, ok := diagnose.Try(call)
	for i := range 2 {
		if i == 1 {
			rowsOf(learner, append([]tokenCase{c}, probes...), tokenRowOf)
		}
		if again, ok2 := diagnose.Try(call); ok && ok2 && again != first {
			what := func(a tokenAnswer) string { return fmt.Sprintf("(%.6g, %v)", a.left, a.ok) }
			return diagnose.Stateful(what(first), what(again))
		}
	}
	return diagnose.Hint{}
}

// capFloor names a level never below capacity where the task's is: max
// where min is meant.
func capFloor(rows []tokenRow) diagnose.Hint {
	n, differs := 0, false
	for _, r := range rows {
		if r.gotLevel() < r.c.capacity-r.tol {
			return diagnose.Hint{}
		}
		differs = differs || r.level < r.c.capacity-r.tol
		n++
	}
	if n >= diagnose.MinBearing && differs {
		return capFloorHint
	}
	return diagnose.Hint{}
}
