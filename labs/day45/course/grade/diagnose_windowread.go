package grade

import (
	"fmt"
	"math"
	"time"

	"termlab/labs/diagnose"
)

// The families of hints read here: their words carry the parameter.
var (
	windowDivisorShiftedFamily = windowHints.Family("window.divisor-shifted")
	windowDivisorOtherFamily   = windowHints.Family("window.divisor-other")
	windowUnitMixedFamily      = windowHints.Family("window.unit-mixed")
	windowUnitCutFamily        = windowHints.Family("window.unit-cut")
)

// WindowID's divisor, its unit and its long clocks, read off the probes
// (diagnose_windowparts.go).

// windowDivisor reads the divisor off the answers: an answer q on now
// means now / D = q for every whole D in [now/(q+1)+1, now/q]. Where the
// intervals of every probe agree on D = window + c for one c ≠ 0, or on
// D = s × window for one round s ≠ 1 (a unit between now and window), it
// names that divisor.
func windowDivisor(rows []windowRow) diagnose.Hint {
	cLo, cHi := int64(math.MinInt64), int64(math.MaxInt64)
	sLo, sHi := 0.0, math.Inf(1)
	n := 0
	for _, r := range rows {
		now, w := int64(r.c.now), int64(r.c.window)
		if now == 0 {
			continue
		}
		if r.got < 0 || r.got == math.MaxInt64 {
			return diagnose.Hint{}
		}
		lo, hi := now/(r.got+1)+1, int64(math.MaxInt64)
		if r.got > 0 {
			hi = now / r.got
			n++
		}
		if lo > hi {
			return diagnose.Hint{}
		}
		cLo, cHi = max(cLo, lo-w), min(cHi, hi-w)
		sLo, sHi = max(sLo, float64(lo)/float64(w)), min(sHi, float64(hi)/float64(w))
	}
	if n < diagnose.MinBearing {
		return diagnose.Hint{}
	}
	if cLo <= cHi && (cLo > 0 || cHi < 0) {
		if cLo == cHi {
			return windowDivisorShiftedFamily(fmt.Sprintf("the answers are now / (window %s %v) on every probe: divide by the window itself, now / window", sign(cLo), time.Duration(absInt(cLo))))
		}
		return windowDivisorOtherFamily("the answers are now divided by something other than the window (a constant more or less) on every probe: divide by the window itself, now / window")
	}
	for _, s := range []struct {
		f    float64
		name string
	}{{1e3, "1000 times too small"}, {1e6, "a million times too small"}, {1e9, "a billion times too small"},
		{1e-3, "1000 times too large"}, {1e-6, "a million times too large"}, {1e-9, "a billion times too large"}} {
		if sLo <= s.f*(1+1e-12) && s.f <= sHi*(1+1e-12) && !(sLo <= 1 && 1 <= sHi) {
			return windowUnitMixedFamily("units: every answer is " + s.name + ": now and window were taken in different units (a Duration counts nanoseconds, Milliseconds() thousandths of a second…); divide the Durations themselves, now / window")
		}
	}
	return diagnose.Hint{}
}

func sign(v int64) string {
	if v < 0 {
		return "−"
	}
	return "+"
}

// windowUnitLost names a unit whose fraction the function drops: its
// answer is the same with now cut to whole units on every probe that has
// such a fraction (and, for "whole units of both", with the window cut
// too), where the reference's changes on some.
func windowUnitLost(learner func(windowCase) int64, rows []windowRow) diagnose.Hint {
	call := func(now, w time.Duration) (int64, bool) {
		return diagnose.Try(func() int64 { return learner(windowCase{now: now, window: w}) })
	}
	for _, u := range windowUnitNames {
		if !rightOnWholeUnits(rows, u.d) {
			continue // a constant is insensitive to everything
		}
		nowLost := lostUnder(rows, u.d,
			func(r windowRow) bool { return r.c.now%u.d != 0 },
			func(r windowRow) (int64, int64, bool) {
				v, ok := call(r.c.now.Truncate(u.d), r.c.window)
				return v, int64(r.c.now.Truncate(u.d) / r.c.window), ok
			})
		if !nowLost {
			continue
		}
		windowLost := lostUnder(rows, u.d,
			func(r windowRow) bool { return r.c.window%u.d != 0 && r.c.window > u.d },
			func(r windowRow) (int64, int64, bool) {
				v, ok := call(r.c.now, r.c.window.Truncate(u.d))
				return v, int64(r.c.now / r.c.window.Truncate(u.d)), ok
			})
		if windowLost {
			return unitsHint(u.name)
		}
		return cutHint(u.short)
	}
	return diagnose.Hint{}
}

// rightOnWholeUnits reports whether the learner is right on every short
// clock's row where now and the window are whole units u (at least
// diagnose.MinBearing): a function that drops what is under u is right there.
func rightOnWholeUnits(rows []windowRow, u time.Duration) bool {
	n := 0
	for _, r := range rows {
		if r.c.now < smallClock && r.c.now%u == 0 && r.c.window%u == 0 {
			if r.got != r.ref {
				return false
			}
			n++
		}
	}
	return n >= diagnose.MinBearing
}

// lostUnder reports whether the learner answers the same on every short
// clock's row it bears on (at least diagnose.MinBearing) as on that row cut (cut gives the
// learner's and the reference's answers there), where the reference's
// answer changes on at least one.
func lostUnder(rows []windowRow, u time.Duration, bears func(windowRow) bool, cut func(windowRow) (got, ref int64, ok bool)) bool {
	n, differs := 0, false
	for _, r := range rows {
		if !bears(r) || r.c.now >= smallClock {
			continue // a long clock may add float rounding to the unit
		}
		got, ref, ok := cut(r)
		if !ok || got != r.got {
			return false
		}
		differs = differs || ref != r.ref
		n++
	}
	return n >= diagnose.MinBearing && differs
}

// windowLongClocks names a function that is float64's quotient: right
// everywhere but within a hair of a boundary (2^-44 of the clock: float64
// keeps 53 bits of the clock's 62), where it is one window off towards
// the boundary, on at least diagnose.MinBearing probes, and some of them more than
// a nanosecond from it (a comparison on the wrong side of a boundary is
// wrong on it, or a nanosecond before). Or one right on every short clock
// and negative on some long ones: a product that overflowed.
func windowLongClocks(rows []windowRow) diagnose.Hint {
	short, wrong, negative, float, far := 0, 0, false, true, false
	for _, r := range rows {
		if r.c.now < smallClock {
			short++
		}
		if r.got == r.ref {
			continue
		}
		wrong++
		negative = negative || (r.got < 0 && r.c.now >= smallClock)
		rem, hair := r.c.now%r.c.window, r.c.now>>44
		switch {
		case r.got == r.ref-1 && rem <= hair: // just past a boundary
			far = far || rem >= 2
		case r.got == r.ref+1 && r.c.window-rem <= hair: // just short of one
			far = far || r.c.window-rem >= 2
		default:
			float = false
		}
	}
	switch {
	case wrong < diagnose.MinBearing:
		return diagnose.Hint{}
	case float && far:
		return windowFloatHint
	case negative && short >= diagnose.MinBearing && rightOnShortClocks(rows):
		return windowOverflowHint
	}
	return diagnose.Hint{}
}

func rightOnShortClocks(rows []windowRow) bool {
	for _, r := range rows {
		if r.c.now < smallClock && r.got != r.ref {
			return false
		}
	}
	return true
}

// windowUnitNames are the units a WindowID may count in, coarsest first.
var windowUnitNames = []struct {
	d           time.Duration
	name, short string
}{{time.Second, "seconds", "s"}, {time.Millisecond, "milliseconds", "ms"}, {time.Microsecond, "microseconds", "µs"}}

// cutHint names now cut to whole units of short before dividing.
func cutHint(short string) diagnose.Hint {
	return windowUnitCutFamily("units: now was cut to a whole number of " + short + " before dividing, which moves it back into an earlier window near a boundary; divide now itself")
}
